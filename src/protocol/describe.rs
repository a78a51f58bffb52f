//! The lines of the queries that describe the game to a board GUI that knows no rules:
//! `response board …`, `response effects …`, `response after …`, `response duty …` and
//! `response end …`. Each names its subject, then `<key> <value>` pairs (for `effects`,
//! the operations first); a value is one token: lists are comma-separated, parts
//! colon-separated, and `-` means none.

use crate::games::{
    BoardSize, Duty, Effect, EndDetails, Flags, GameEnd, PieceKind, PieceLetter, Player, Rows,
    Scores, Wrap,
};
use crate::session::{AnyGame, MoveEffects};

use super::answers::result_word;

/// Where `a1` is in the board's standard diagram (`d`): every game names its squares like
/// chess, rank 1 at the bottom; where each player sits is `p1side`.
const ORIGIN: &str = "bottom-left";

/// Every operation `response effects` may hold, with the number of values that follow its
/// word; `query board` lists it (`operations`), so a GUI reads any operation without knowing it.
const OPERATIONS: [(&str, usize); 4] = [("move", 2), ("place", 2), ("remove", 1), ("set", 2)];

/// The value of an empty list or an absent field.
const NONE: &str = "-";

/// `response board width <W> height <H> game … sizes …`: the loaded game and position.
pub fn board_line(game: &AnyGame) -> String {
    let size = game.size();
    let kind = game.kind();
    let board = game.description();
    let [p1, p2] = board.players;
    let fields = [
        ("width", size.width.to_string()),
        ("height", size.height.to_string()),
        ("game", kind.name().to_string()),
        ("files", list((0..size.width).map(file_letter))),
        ("ranks", list(1..=size.height)),
        ("origin", ORIGIN.to_string()),
        ("pieces", list(board.pieces.iter().map(piece))),
        ("p1", p1.name.to_string()),
        ("p2", p2.name.to_string()),
        ("p1colour", p1.colour.to_string()),
        ("p2colour", p2.colour.to_string()),
        ("tomove", player(game.side_to_move()).to_string()),
        ("wrap", wrap(board.wrap).to_string()),
        ("goals", per_player(board.goals, |rank| rank.to_string())),
        ("homes", per_player(board.homes, rows)),
        ("toplace", per_player(board.to_place, |n| n.to_string())),
        ("pass", board.pass.unwrap_or_else(|| NONE.to_string())),
        ("size", size.to_string()),
        ("default", kind.default_size().to_string()),
        ("sizes", list(kind.sizes().iter().map(BoardSize::to_string))),
        ("p1side", p1_side(board.homes).to_string()),
        ("placement", placement(game)),
        ("operations", operations()),
    ];
    let pairs: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    format!("response board {}", pairs.join(" "))
}

/// `response effects <move> <op>… [flags <list>]`.
pub fn effects_line(described: &MoveEffects) -> String {
    let mut line = format!("response effects {}", described.notation);
    for op in &described.effects.ops {
        line.push(' ');
        line.push_str(&operation(op));
    }
    let flags = flag_words(described.effects.flags);
    if !flags.is_empty() {
        line.push_str(" flags ");
        line.push_str(&flags.join(","));
    }
    line
}

/// `response after <position string>`.
pub fn after_line(game: &AnyGame) -> String {
    format!("response after {}", game.fen())
}

/// `response duty <word>`.
pub fn duty_line(duty: Duty) -> String {
    format!("response duty {}", duty_word(duty))
}

/// What the side to move must do, in one word.
fn duty_word(duty: Duty) -> &'static str {
    match duty {
        Duty::Move => "move",
        Duty::Setup => "setup",
        Duty::CounterCrossing => "counter-crossing",
        Duty::Pass => "pass",
        Duty::None => "none",
    }
}

/// `query turn`'s lines: `response turn tomove <p> duty <d> toplace <n> moves <count>`, the
/// `query end` line, one `query effects` line per legal move in `query moves` order, and
/// `response turn done`.
pub fn turn_lines(game: &AnyGame) -> Vec<String> {
    // Every legal move has its effects; the count is of the lines written all the same, so
    // that a GUI reading `moves` lines never falls out of step.
    let effects: Vec<String> = game
        .legal_moves()
        .iter()
        .filter_map(|mv| game.effects(mv).ok())
        .map(|described| effects_line(&described))
        .collect();
    let facts = format!(
        "response turn tomove {} duty {} toplace {} moves {}",
        player(game.side_to_move()),
        duty_word(game.duty()),
        per_player(game.description().to_place, |n| n.to_string()),
        effects.len()
    );
    std::iter::once(facts)
        .chain(std::iter::once(end_line(game.end().as_ref())))
        .chain(effects)
        .chain(std::iter::once("response turn done".to_string()))
        .collect()
}

/// `response end none` in play, else `response end result <r> reason <why> <details>`.
pub fn end_line(end: Option<&GameEnd>) -> String {
    let Some(end) = end else {
        return "response end none".to_string();
    };
    let mut line = format!(
        "response end result {} reason {}",
        result_word(end.status),
        end.reason.replace(' ', "-")
    );
    if let Some(details) = details(&end.details) {
        line.push(' ');
        line.push_str(&details);
    }
    line
}

/// The `<key> <value>` pairs of an ending's details; `None` when there are none.
fn details(details: &EndDetails) -> Option<String> {
    match details {
        EndDetails::Nothing => None,
        EndDetails::Reached(squares) => Some(format!("square {}", list(squares))),
        EndDetails::Blockaded(players) => Some(format!(
            "blockaded {}",
            list(players.iter().map(|&p| player(p)))
        )),
        EndDetails::Scores(scores) => Some(score_fields(scores)),
        EndDetails::Crossed(squares) => Some(format!("crossed {}", list(squares))),
    }
}

/// `p1score <length>:<count>,… p2score … decided <length>|- runs <squares>|-`.
fn score_fields(scores: &Scores) -> String {
    let [p1, p2] = scores.runs.each_ref().map(|runs| {
        list(
            runs.iter()
                .map(|run| format!("{}:{}", run.length, run.count)),
        )
    });
    let decided = scores
        .decided
        .map_or_else(|| NONE.to_string(), |length| length.to_string());
    let runs = if scores.deciding_squares.is_empty() {
        NONE.to_string()
    } else {
        list(&scores.deciding_squares)
    };
    format!("p1score {p1} p2score {p2} decided {decided} runs {runs}")
}

/// One operation: `move <from> <to>`, `place <square> <piece>`, `remove <square>` or
/// `set <square> <piece>`.
fn operation(op: &Effect) -> String {
    match *op {
        Effect::Move { from, to } => format!("move {from} {to}"),
        Effect::Place { square, piece } => format!("place {square} {piece}"),
        Effect::Remove { square } => format!("remove {square}"),
        Effect::Set { square, piece } => format!("set {square} {piece}"),
    }
}

/// The flags that are set, in their documented order.
fn flag_words(flags: Flags) -> Vec<&'static str> {
    [
        (flags.capture, "capture"),
        (flags.crossing, "crossing"),
        (flags.counter_crossing, "counter-crossing"),
        (flags.pass, "pass"),
    ]
    .into_iter()
    .filter_map(|(set, word)| set.then_some(word))
    .collect()
}

/// `<letter>:<player>:<kind>`.
fn piece(piece: &PieceLetter) -> String {
    let kind = match piece.kind {
        PieceKind::Mark => "mark",
        PieceKind::Piece => "piece",
        PieceKind::Stone => "stone",
        PieceKind::Locked => "locked",
    };
    format!("{}:{}:{kind}", piece.letter, player(piece.owner))
}

/// `p1:<value>,p2:<value>`, or `-` when the game has no such field.
fn per_player<T: Copy>(values: Option<[T; 2]>, write: impl Fn(T) -> String) -> String {
    match values {
        Some([one, two]) => format!("p1:{},p2:{}", write(one), write(two)),
        None => NONE.to_string(),
    }
}

/// Where player 1 sits in the standard diagram: at the edge of its home rows (`top` or
/// `bottom`), `-` in a game without home rows.
fn p1_side(homes: Option<[Rows; 2]>) -> &'static str {
    match homes {
        Some([p1, p2]) if p1.first > p2.last => "top",
        Some(_) => "bottom",
        None => NONE,
    }
}

/// Every piece as `<square>:<letter>`, in square order; `-` on an empty board.
fn placement(game: &AnyGame) -> String {
    list(
        game.placement()
            .into_iter()
            .map(|(square, letter)| format!("{square}:{letter}")),
    )
}

/// The operations of `response effects` with their number of values: `move:2,…`.
fn operations() -> String {
    list(
        OPERATIONS
            .iter()
            .map(|(word, values)| format!("{word}:{values}")),
    )
}

/// A band of rows: `<first>-<last>`, or the single rank.
fn rows(rows: Rows) -> String {
    if rows.first == rows.last {
        rows.first.to_string()
    } else {
        format!("{}-{}", rows.first, rows.last)
    }
}

/// `p1` or `p2`.
fn player(player: Player) -> &'static str {
    match player {
        Player::One => "p1",
        Player::Two => "p2",
    }
}

/// `files` when the files wrap around, else `-`.
fn wrap(wrap: Wrap) -> &'static str {
    match wrap {
        Wrap::Files => "files",
        Wrap::None => NONE,
    }
}

/// The letter of the file `file` (0 = `a`), as square names write it.
fn file_letter(file: usize) -> char {
    u8::try_from(file)
        .ok()
        .filter(|&file| file < 26)
        .map_or('?', |file| char::from(b'a' + file))
}

/// The items comma-separated, or `-` when there are none.
fn list<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    if items.is_empty() {
        NONE.to_string()
    } else {
        items.join(",")
    }
}
