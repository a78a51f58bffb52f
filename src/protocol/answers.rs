//! The texts of the engine's answers that are more than one word: the handshake, `d`, `help`,
//! and the words for a game's status.

use crate::games::{BoardSize, GameKind, Player, Status};
use crate::session::AnyGame;

use super::command::Dialect;
use super::options;

/// The status in words, as `d` and error lines say it.
pub fn status_words(status: Status) -> &'static str {
    match status {
        Status::InPlay => "in play",
        Status::Won(Player::One) => "player 1 won",
        Status::Won(Player::Two) => "player 2 won",
        Status::Draw => "draw",
    }
}

/// The UGI result word of a status (`query result`).
pub fn result_word(status: Status) -> &'static str {
    match status {
        Status::InPlay => "none",
        Status::Won(Player::One) => "p1win",
        Status::Won(Player::Two) => "p2win",
        Status::Draw => "draw",
    }
}

/// A `response` line of the UGI queries: `response <answer>`, or the bare word `response`
/// when the answer is empty (no legal move).
pub fn response(answer: &str) -> String {
    if answer.is_empty() {
        "response".to_string()
    } else {
        format!("response {answer}")
    }
}

/// The answer to `uci`/`ugi`: identity, the option lines with the start game and size as
/// defaults (`UCI_Elo` over the range of `current`, the game selected now), then
/// `uciok`/`ugiok`.
pub fn hello(
    dialect: Dialect,
    variant: GameKind,
    size: BoardSize,
    current: GameKind,
) -> Vec<String> {
    let mut lines = vec![
        format!("id name tablero {}", crate::VERSION),
        "id author the tablero authors".to_string(),
    ];
    lines.extend(options::option_lines(variant, size, current));
    lines.push(
        match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        }
        .to_string(),
    );
    lines
}

/// The answer to `d`: the diagram, an empty line, and the position's facts.
pub fn display(game: &AnyGame) -> Vec<String> {
    let fen = game.fen();
    let side_letter = fen.split_ascii_whitespace().last().unwrap_or("?");
    let player = match game.side_to_move() {
        Player::One => 1,
        Player::Two => 2,
    };
    let mut lines: Vec<String> = game.diagram().lines().map(String::from).collect();
    lines.push(String::new());
    lines.push(format!("Game: {} {}", game.kind(), game.size()));
    lines.push(format!("Fen: {fen}"));
    lines.push(format!("Side to move: player {player} ({side_letter})"));
    lines.push(format!("Status: {}", status_words(game.status())));
    lines.push(format!("Legal moves: {}", game.legal_moves().len()));
    lines
}

/// What `help` prints.
pub const HELP: &[&str] = &[
    "tablero speaks UCI and UGI; commands:",
    "  uci | ugi                      identify, list options, uciok | ugiok",
    "  isready                        readyok (also while searching)",
    "  ucinewgame | uginewgame        start position of the selected game, table cleared",
    "  setoption name <n> [value <v>] options: UCI_Variant, Size, Hash, Clear Hash, Move Overhead,",
    "                                 Strategy, Threads, MultiPV, Ponder, UCI_LimitStrength,",
    "                                 UCI_Elo, Skill Level (0..19 weaker, 20 full), UCI_ShowWDL,",
    "                                 Debug Log File (every line in and out, timed; <empty>: none)",
    "  position startpos|fen <fen> [moves <m1> <m2> ...]",
    "  go [depth <n>] [nodes <n>] [movetime <ms>] [wtime|p1time <ms>] [btime|p2time <ms>]",
    "     [winc|p1inc <ms>] [binc|p2inc <ms>] [movestogo <n>] [infinite] [ponder] [mate <n>]",
    "     [searchmoves <m1> <m2> ...]     every go ends in one bestmove",
    "  go perft <depth>               leaf counts per root move, then Nodes searched: <n>",
    "  bench [depth <n>]              fixed positions of every game searched; total nodes, nps",
    "  solve [movetime <ms>] [nodes <n>]  exact value of the position: solve value win|draw|loss",
    "                                 [distance <plies>] moves <m1,m2,...> nodes <n> time <ms> ...",
    "  stop                           end the search (bestmove follows), a perft, a bench or a solve",
    "  query gameover|p1turn|result   response true|false, response p1win|p2win|draw|none",
    "  query reason                   response <why the game ended>|none",
    "  query fen | query moves        response <position string> | response <legal moves>",
    "  query board                    response board width <w> height <h> <key> <value> ...",
    "  query effects <move>           response effects <move> <op> ... [flags <list>]",
    "  query after <m1> <m2> ...      response after <position string after the moves>",
    "  query duty                     response duty move|setup|counter-crossing|pass|none",
    "  query end                      response end none | response end result <r> reason <why> ...",
    "  query turn                     response turn tomove <p> duty <d> toplace <n> moves <count>,",
    "                                 the query end line, a query effects line per legal move,",
    "                                 then response turn done",
    "  d                              board diagram, position string, side to move, status",
    "  ponderhit                      the pondered move was played: search on within the limits",
    "  debug on|off                   info string debug: lines say what silent commands did",
    "  help                           this list",
    "  quit                           exit",
    "errors are answered with one line: info string error: <what and why>",
    "see protocol.md for the full reference",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_words_are_the_ugi_ones() {
        assert_eq!(result_word(Status::InPlay), "none");
        assert_eq!(result_word(Status::Won(Player::One)), "p1win");
        assert_eq!(result_word(Status::Won(Player::Two)), "p2win");
        assert_eq!(result_word(Status::Draw), "draw");
    }

    #[test]
    fn help_lists_every_option() {
        let help = HELP.join(" ");
        for name in options::NAMES {
            assert!(help.contains(name), "help does not list the option {name}");
        }
    }

    #[test]
    fn an_empty_answer_is_the_bare_word() {
        assert_eq!(response(""), "response");
        assert_eq!(response("true"), "response true");
    }

    #[test]
    fn hello_ends_with_the_dialects_ok() {
        let size = BoardSize::square(8);
        let uci = hello(Dialect::Uci, GameKind::CrossJack, size, GameKind::CrossJack);
        let ugi = hello(Dialect::Ugi, GameKind::CrossJack, size, GameKind::CrossJack);
        assert_eq!(uci.last().map(String::as_str), Some("uciok"));
        assert_eq!(ugi.last().map(String::as_str), Some("ugiok"));
        assert_eq!(uci[..uci.len() - 1], ugi[..ugi.len() - 1]);
    }
}
