//! An independent cross-check of the Crossings engine.
//!
//! The module `reference` below is a deliberately plain, square-by-square implementation of
//! the Crossings rules (docs/rules.md), written from the rules text alone (not from the
//! engine's bitboard code). The tests compare it with the engine on random games from the
//! start, on random valid position strings (locked stones, pending crossings, crowded and
//! nearly empty boards), on mangled position strings, and by perft: legal move sets,
//! status and the position after every legal move must agree exactly.

use crate::common;

use common::Rng;
use reference::{Action, Colour, RefPosition, RefStatus};
use tablero::games::crossings::Crossings;
use tablero::games::{Game, GameState, Player, Status};

const START: &str = "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r";

/// The rules of Crossings read straight off the rules text (docs/rules.md), one square
/// at a time.
mod reference {
    /// A player's colour: Red moves first and crosses up to rank 8, Black down to rank 1.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Colour {
        Red,
        Black,
    }

    impl Colour {
        pub fn other(self) -> Colour {
            match self {
                Colour::Red => Colour::Black,
                Colour::Black => Colour::Red,
            }
        }

        /// The row farthest from the player's side (0-based rank).
        pub fn target_rank(self) -> i32 {
            match self {
                Colour::Red => 7,
                Colour::Black => 0,
            }
        }

        pub fn letter(self, locked: bool) -> char {
            match (self, locked) {
                (Colour::Red, false) => 'r',
                (Colour::Red, true) => 'R',
                (Colour::Black, false) => 'b',
                (Colour::Black, true) => 'B',
            }
        }
    }

    /// A stone: its colour and whether it is locked.
    pub type Cell = Option<(Colour, bool)>;

    /// The eight directions as (file step, rank step).
    pub const DIRECTIONS: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];

    /// A group move: the front stone, the direction, how many stones move and how far.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct GroupMove {
        pub front: (i32, i32),
        pub dir: (i32, i32),
        pub stones: i32,
        pub distance: i32,
    }

    impl GroupMove {
        /// The squares of the moving stones, front first.
        pub fn origins(&self) -> Vec<(i32, i32)> {
            (0..self.stones)
                .map(|k| (self.front.0 - k * self.dir.0, self.front.1 - k * self.dir.1))
                .collect()
        }

        pub fn destinations(&self) -> Vec<(i32, i32)> {
            self.origins()
                .into_iter()
                .map(|(f, r)| {
                    (
                        f + self.distance * self.dir.0,
                        r + self.distance * self.dir.1,
                    )
                })
                .collect()
        }

        pub fn landing(&self) -> (i32, i32) {
            self.destinations()[0]
        }

        /// Tail square then the tail's landing square, e.g. `a1a3`.
        pub fn notation(&self) -> String {
            let tail = *self.origins().last().expect("a move has stones");
            let tail_to = *self.destinations().last().expect("a move has stones");
            format!("{}{}", square_name(tail), square_name(tail_to))
        }
    }

    /// A legal action: a group move or the pass.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Action {
        Move(GroupMove),
        Pass,
    }

    impl Action {
        pub fn notation(&self) -> String {
            match self {
                Action::Move(m) => m.notation(),
                Action::Pass => "0000".to_string(),
            }
        }
    }

    /// Where a game stands.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum RefStatus {
        InPlay,
        Won(Colour),
        Draw,
    }

    pub fn square_name((file, rank): (i32, i32)) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    fn on_board((file, rank): (i32, i32)) -> bool {
        (0..8).contains(&file) && (0..8).contains(&rank)
    }

    /// A position: `board[rank][file]`, rank 0 is rank 1, plus the side to move.
    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct RefPosition {
        pub board: [[Cell; 8]; 8],
        pub to_move: Colour,
    }

    impl RefPosition {
        pub fn at(&self, (file, rank): (i32, i32)) -> Cell {
            if on_board((file, rank)) {
                self.board[rank as usize][file as usize]
            } else {
                None
            }
        }

        fn set(&mut self, (file, rank): (i32, i32), cell: Cell) {
            self.board[rank as usize][file as usize] = cell;
        }

        fn squares() -> impl Iterator<Item = (i32, i32)> {
            (0..8).flat_map(|rank| (0..8).map(move |file| (file, rank)))
        }

        /// Reads `<board> <side>`; `None` for anything the rules call an error.
        pub fn parse(text: &str) -> Option<RefPosition> {
            Self::parse_layout(text).filter(RefPosition::is_valid)
        }

        /// Reads `<board> <side>` without the "Valid positions" checks.
        pub fn parse_layout(text: &str) -> Option<RefPosition> {
            // Like the shared position-string reader, any run of whitespace separates fields.
            let fields: Vec<&str> = text.split_whitespace().collect();
            if fields.len() != 2 {
                return None;
            }
            let to_move = match fields[1] {
                "r" => Colour::Red,
                "b" => Colour::Black,
                _ => return None,
            };
            let rows: Vec<&str> = fields[0].split('/').collect();
            if rows.len() != 8 {
                return None;
            }
            let mut board = [[None; 8]; 8];
            for (row_index, row) in rows.iter().enumerate() {
                let rank = 7 - row_index;
                let mut file = 0usize;
                let chars: Vec<char> = row.chars().collect();
                let mut i = 0;
                while i < chars.len() {
                    let c = chars[i];
                    if c.is_ascii_digit() {
                        let mut count = 0usize;
                        while i < chars.len() && chars[i].is_ascii_digit() {
                            count = count * 10 + chars[i].to_digit(10)? as usize;
                            if count > 64 {
                                return None;
                            }
                            i += 1;
                        }
                        if count == 0 {
                            return None;
                        }
                        file += count;
                        continue;
                    }
                    let cell = match c {
                        'r' => (Colour::Red, false),
                        'R' => (Colour::Red, true),
                        'b' => (Colour::Black, false),
                        'B' => (Colour::Black, true),
                        _ => return None,
                    };
                    if file >= 8 {
                        return None;
                    }
                    board[rank][file] = Some(cell);
                    file += 1;
                    i += 1;
                }
                if file != 8 {
                    return None;
                }
            }
            Some(RefPosition { board, to_move })
        }

        /// The "Valid positions" paragraph of the rules.
        pub fn is_valid(&self) -> bool {
            for colour in [Colour::Red, Colour::Black] {
                let count = Self::squares()
                    .filter(|&sq| matches!(self.at(sq), Some((c, _)) if c == colour))
                    .count();
                if count > 16 {
                    return false;
                }
            }
            Self::squares().all(|sq| match self.at(sq) {
                None => true,
                Some((colour, true)) => sq.1 == colour.target_rank(),
                Some((colour, false)) => sq.1 != colour.target_rank() || colour != self.to_move,
            })
        }

        pub fn write(&self) -> String {
            let mut rows = Vec::new();
            for rank in (0..8).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match self.at((file, rank)) {
                        None => empty += 1,
                        Some((colour, locked)) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(colour.letter(locked));
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                rows.push(row);
            }
            format!("{} {}", rows.join("/"), self.to_move.letter(false))
        }

        /// An unlocked stone of the side not to move stands on its own target row.
        pub fn facing_crossing(&self) -> bool {
            let crosser = self.to_move.other();
            (0..8).any(|file| self.at((file, crosser.target_rank())) == Some((crosser, false)))
        }

        /// The number of consecutive stones of `colour` (locked or not) from `square` along
        /// `dir`, starting with `square` itself.
        fn line_length(&self, square: (i32, i32), dir: (i32, i32), colour: Colour) -> i32 {
            let mut length = 0;
            let mut sq = square;
            while matches!(self.at(sq), Some((c, _)) if c == colour) {
                length += 1;
                sq = (sq.0 + dir.0, sq.1 + dir.1);
            }
            length
        }

        /// Every group move of `colour`, ignoring whose turn it is and pending crossings.
        pub fn group_moves(&self, colour: Colour) -> Vec<GroupMove> {
            let mut moves = Vec::new();
            for front in Self::squares() {
                if self.at(front) != Some((colour, false)) {
                    continue;
                }
                for dir in DIRECTIONS {
                    // The m front-most stones: unlocked own stones behind the front.
                    let mut max_stones = 0;
                    let mut sq = front;
                    while self.at(sq) == Some((colour, false)) {
                        max_stones += 1;
                        sq = (sq.0 - dir.0, sq.1 - dir.1);
                    }
                    for stones in 1..=max_stones {
                        self.push_group_moves(front, dir, stones, colour, &mut moves);
                    }
                }
            }
            moves
        }

        fn push_group_moves(
            &self,
            front: (i32, i32),
            dir: (i32, i32),
            stones: i32,
            colour: Colour,
            moves: &mut Vec<GroupMove>,
        ) {
            for distance in 1..=stones {
                let landing = (front.0 + distance * dir.0, front.1 + distance * dir.1);
                if !on_board(landing) {
                    return;
                }
                let mv = GroupMove {
                    front,
                    dir,
                    stones,
                    distance,
                };
                match self.at(landing) {
                    None => moves.push(mv),
                    Some((c, locked)) if c != colour => {
                        let capturable =
                            stones >= 2 && !locked && self.line_length(landing, dir, c) < stones;
                        if capturable {
                            moves.push(mv);
                        }
                        return;
                    }
                    Some(_) => return,
                }
            }
        }

        pub fn is_crossing(&self, mv: &GroupMove) -> bool {
            let colour = self.to_move;
            mv.destinations()
                .iter()
                .any(|&(_, rank)| rank == colour.target_rank())
        }

        pub fn is_capture(&self, mv: &GroupMove) -> bool {
            self.at(mv.landing()).is_some()
        }

        /// The legal actions; empty exactly when the game is over.
        pub fn legal_actions(&self) -> Vec<Action> {
            let own = self.group_moves(self.to_move);
            if self.facing_crossing() {
                return own
                    .into_iter()
                    .filter(|mv| self.is_crossing(mv))
                    .map(Action::Move)
                    .collect();
            }
            if !own.is_empty() {
                return own.into_iter().map(Action::Move).collect();
            }
            if !self.group_moves(self.to_move.other()).is_empty() {
                return vec![Action::Pass];
            }
            Vec::new()
        }

        pub fn status(&self) -> RefStatus {
            if !self.legal_actions().is_empty() {
                RefStatus::InPlay
            } else if self.facing_crossing() {
                RefStatus::Won(self.to_move.other())
            } else {
                RefStatus::Draw
            }
        }

        /// The position after a legal action.
        pub fn after(&self, action: &Action) -> RefPosition {
            let mut next = self.clone();
            if let Action::Move(mv) = action {
                let counter_crossing = self.facing_crossing();
                let cells: Vec<Cell> = mv.origins().iter().map(|&sq| self.at(sq)).collect();
                for sq in mv.origins() {
                    next.set(sq, None);
                }
                // A capture removes the stone on the landing square; a placement overwrites it.
                for (sq, cell) in mv.destinations().into_iter().zip(cells) {
                    next.set(sq, cell);
                }
                if counter_crossing {
                    next.lock_crossed_stones();
                }
            }
            next.to_move = self.to_move.other();
            next
        }

        fn lock_crossed_stones(&mut self) {
            for sq in Self::squares() {
                if let Some((colour, false)) = self.at(sq) {
                    if sq.1 == colour.target_rank() {
                        self.set(sq, Some((colour, true)));
                    }
                }
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let actions = self.legal_actions();
            if depth == 1 {
                return actions.len() as u64;
            }
            actions
                .iter()
                .map(|action| self.after(action).perft(depth - 1))
                .sum()
        }
    }
}

// ---------------------------------------------------------------- comparison

/// How often each special rule came up in the compared positions and moves.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    moves: usize,
    captures: usize,
    capture_refusals: usize,
    group_blocked_by_lock: usize,
    positions_with_locks: usize,
    counter_crossings: usize,
    crossings: usize,
    facing_with_counter: usize,
    facing_without_counter: usize,
    passes: usize,
    draws: usize,
}

impl Coverage {
    fn assert_each_seen(&self, at_least: usize) {
        let seen = [
            ("captures", self.captures),
            ("capture refusals", self.capture_refusals),
            (
                "groups blocked by a locked stone",
                self.group_blocked_by_lock,
            ),
            ("positions with locked stones", self.positions_with_locks),
            ("counter-crossings (locks)", self.counter_crossings),
            ("crossings", self.crossings),
            ("pending crossings with a counter", self.facing_with_counter),
            (
                "pending crossings without a counter",
                self.facing_without_counter,
            ),
            ("passes", self.passes),
            ("both-stuck draws", self.draws),
        ];
        for (what, count) in seen {
            assert!(
                count >= at_least,
                "only {count} {what} in {self:?}; the test must exercise each rule"
            );
        }
    }
}

fn engine_status_of(status: RefStatus) -> Status {
    match status {
        RefStatus::InPlay => Status::InPlay,
        RefStatus::Won(Colour::Red) => Status::Won(Player::One),
        RefStatus::Won(Colour::Black) => Status::Won(Player::Two),
        RefStatus::Draw => Status::Draw,
    }
}

/// Compares the engine and the reference on one position: move sets (in notation), status
/// and the position after every legal move. Returns the reference's actions. (That a text
/// reads back to its move is the engine's own invariant, checked in invariants.rs.)
fn compare(engine: &Crossings, reference: &RefPosition, coverage: &mut Coverage) -> Vec<Action> {
    let fen = reference.write();
    assert_eq!(engine.fen(), fen, "position strings differ");

    let actions = reference.legal_actions();
    let names: Vec<String> = actions.iter().map(Action::notation).collect();
    let mut expected = names.clone();
    expected.sort();

    let mut moves = Vec::new();
    engine.generate_moves(&mut moves);
    let mut named: Vec<(String, _)> = moves.iter().map(|&m| (engine.format_move(m), m)).collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    let got: Vec<String> = named.iter().map(|(name, _)| name.clone()).collect();
    if got != expected {
        let missing: Vec<_> = expected.iter().filter(|m| !got.contains(m)).collect();
        let extra: Vec<_> = got.iter().filter(|m| !expected.contains(m)).collect();
        panic!("{fen}: legal moves differ; engine lacks {missing:?}, engine adds {extra:?}");
    }
    assert_eq!(engine.count_moves(), expected.len(), "{fen}: count_moves");
    assert_eq!(
        engine.status(),
        engine_status_of(reference.status()),
        "{fen}: status"
    );

    for (action, name) in actions.iter().zip(&names) {
        // `named` is sorted by name.
        let found = named.binary_search_by(|(n, _)| n.cmp(name));
        let (_, mv) = &named[found.expect("the move sets are equal")];
        let mut played = engine.clone();
        played.play(*mv);
        let next = reference.after(action);
        assert_eq!(played.fen(), next.write(), "{fen}: after {name}");
        assert_eq!(
            played.hash(),
            played.hash_from_scratch(),
            "{fen}: hash after {name}"
        );
        coverage.moves += 1;
        if let Action::Move(gm) = action {
            coverage.captures += usize::from(reference.is_capture(gm));
            if reference.is_crossing(gm) {
                if reference.facing_crossing() {
                    coverage.counter_crossings += 1;
                } else {
                    coverage.crossings += 1;
                }
            }
        }
    }
    record_position(reference, &actions, coverage);
    actions
}

fn record_position(reference: &RefPosition, actions: &[Action], coverage: &mut Coverage) {
    coverage.positions += 1;
    let has_locks = reference
        .board
        .iter()
        .flatten()
        .any(|cell| matches!(cell, Some((_, true))));
    coverage.positions_with_locks += usize::from(has_locks);
    if reference.facing_crossing() {
        if actions.is_empty() {
            coverage.facing_without_counter += 1;
        } else {
            coverage.facing_with_counter += 1;
        }
    }
    if actions == [Action::Pass] {
        coverage.passes += 1;
    }
    if reference.status() == RefStatus::Draw {
        coverage.draws += 1;
    }
    coverage.capture_refusals += count_capture_refusals(reference);
    coverage.group_blocked_by_lock += count_groups_blocked_by_locks(reference);
}

/// Groups of two or more whose front meets an enemy line at least as long (or a locked
/// enemy stone) within reach: the capture the rules refuse.
fn count_capture_refusals(position: &RefPosition) -> usize {
    let colour = position.to_move;
    let mut count = 0;
    for mv in position.group_moves(colour) {
        if mv.stones < 2 || mv.distance != 1 {
            continue;
        }
        // Walk past the legal landings to the first occupied square within reach.
        let mut sq = mv.front;
        for _ in 0..mv.stones {
            sq = (sq.0 + mv.dir.0, sq.1 + mv.dir.1);
            match position.at(sq) {
                None => continue,
                Some((c, locked)) if c != colour => {
                    let mut length = 0;
                    let mut s = sq;
                    while matches!(position.at(s), Some((cc, _)) if cc == c) {
                        length += 1;
                        s = (s.0 + mv.dir.0, s.1 + mv.dir.1);
                    }
                    count += usize::from(locked || length >= mv.stones);
                    break;
                }
                Some(_) => break,
            }
        }
    }
    count
}

/// Unlocked stones of the side to move that have a locked own stone right behind them
/// along some direction: a group through it may not take the locked stone along.
fn count_groups_blocked_by_locks(position: &RefPosition) -> usize {
    let colour = position.to_move;
    let mut count = 0;
    for (rank, row) in position.board.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            if *cell != Some((colour, false)) {
                continue;
            }
            for dir in reference::DIRECTIONS {
                let behind = (file as i32 - dir.0, rank as i32 - dir.1);
                let ahead = (file as i32 + dir.0, rank as i32 + dir.1);
                if position.at(behind) == Some((colour, true)) && position.at(ahead).is_none() {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Plays up to `plies` random legal moves from `root`, comparing every position on the way.
fn compare_random_line(
    root: &RefPosition,
    rng: &mut Rng,
    plies: usize,
    coverage: &mut Coverage,
) -> usize {
    let fen = root.write();
    let mut engine =
        Crossings::from_fen(&fen).unwrap_or_else(|e| panic!("engine refuses {fen}: {e}"));
    let mut reference = root.clone();
    let mut played = 0;
    for _ in 0..=plies {
        let actions = compare(&engine, &reference, coverage);
        if actions.is_empty() || played == plies {
            break;
        }
        let action = actions[rng.below(actions.len())];
        let mv = engine
            .parse_move(&action.notation())
            .expect("compare checked the move");
        engine.play(mv);
        reference = reference.after(&action);
        played += 1;
    }
    played
}

// ---------------------------------------------------------------- random positions

/// Which kind of random board to build.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// Stones scattered with some density, any legal mix of locks and pending crossings.
    Scattered,
    /// A few stones hemmed in by enemy and locked stones: passes and draws.
    Hemmed,
    /// Nothing movable but locked stones and perhaps a hemmed stone or two.
    Frozen,
}

fn count_of(board: &[[reference::Cell; 8]; 8], colour: Colour) -> usize {
    board
        .iter()
        .flatten()
        .filter(|cell| matches!(cell, Some((c, _)) if *c == colour))
        .count()
}

/// The stone of `colour` the rules allow on `rank`: on its own target row it is locked,
/// unless `pending` lets the side not to move keep a crossing stone unlocked there.
fn stone_for(colour: Colour, rank: i32, to_move: Colour, pending: bool) -> reference::Cell {
    let on_target = rank == colour.target_rank();
    let locked = on_target && !(pending && colour != to_move);
    Some((colour, locked))
}

fn random_position(rng: &mut Rng, style: Style) -> RefPosition {
    let to_move = if rng.below(2) == 0 {
        Colour::Red
    } else {
        Colour::Black
    };
    let pending = rng.below(3) == 0;
    let mut board = [[None; 8]; 8];
    match style {
        Style::Scattered => scatter(rng, &mut board, to_move, pending),
        Style::Hemmed => {
            let locked_rows = rng.below(4);
            fill_target_rows(rng, &mut board, locked_rows);
            for _ in 0..1 + rng.below(4) {
                hem_in_a_stone(rng, &mut board, to_move, pending);
            }
        }
        Style::Frozen => {
            let per_row = 1 + rng.below(6);
            fill_target_rows(rng, &mut board, per_row);
            for _ in 0..rng.below(2) {
                hem_in_a_stone(rng, &mut board, to_move, pending);
            }
        }
    }
    let position = RefPosition { board, to_move };
    assert!(position.is_valid(), "generator bug: {}", position.write());
    position
}

fn scatter(rng: &mut Rng, board: &mut [[reference::Cell; 8]; 8], to_move: Colour, pending: bool) {
    let density = 10 + rng.below(80);
    for rank in 0..8 {
        for file in 0..8 {
            if rng.below(100) >= density {
                continue;
            }
            let colour = if rng.below(2) == 0 {
                Colour::Red
            } else {
                Colour::Black
            };
            if count_of(board, colour) < 16 {
                board[rank][file] = stone_for(colour, rank as i32, to_move, pending);
            }
        }
    }
}

/// Locked stones on the target rows, about `per_row` of them each.
fn fill_target_rows(rng: &mut Rng, board: &mut [[reference::Cell; 8]; 8], per_row: usize) {
    for colour in [Colour::Red, Colour::Black] {
        let rank = colour.target_rank() as usize;
        for cell in board[rank].iter_mut() {
            if rng.below(8) < per_row && cell.is_none() {
                *cell = Some((colour, true));
            }
        }
    }
}

/// Puts a lone unlocked stone somewhere (often on an edge) and fills every empty square
/// around it with enemy stones, or with locked own stones on its own target row.
fn hem_in_a_stone(
    rng: &mut Rng,
    board: &mut [[reference::Cell; 8]; 8],
    to_move: Colour,
    pending: bool,
) {
    let colour = if rng.below(2) == 0 {
        Colour::Red
    } else {
        Colour::Black
    };
    let edge = [0, 7];
    let (file, rank) = match rng.below(3) {
        0 => (edge[rng.below(2)], edge[rng.below(2)]),
        1 => (edge[rng.below(2)], rng.below(8) as i32),
        _ => (rng.below(8) as i32, rng.below(8) as i32),
    };
    if board[rank as usize][file as usize].is_some() || count_of(board, colour) >= 16 {
        return;
    }
    board[rank as usize][file as usize] = stone_for(colour, rank, to_move, pending);
    for (df, dr) in reference::DIRECTIONS {
        let (f, r) = (file + df, rank + dr);
        if !(0..8).contains(&f) || !(0..8).contains(&r) {
            continue;
        }
        if board[r as usize][f as usize].is_some() {
            continue;
        }
        let fill = if r == colour.target_rank() {
            Some((colour, true))
        } else {
            stone_for(colour.other(), r, to_move, pending)
        };
        let owner = fill.map(|(c, _)| c).unwrap_or(colour);
        if count_of(board, owner) < 16 {
            board[r as usize][f as usize] = fill;
        }
    }
}

fn random_style(rng: &mut Rng) -> Style {
    match rng.below(10) {
        0..=5 => Style::Scattered,
        6..=8 => Style::Hemmed,
        _ => Style::Frozen,
    }
}

// ---------------------------------------------------------------- position strings

/// Mangles a valid position string by one small edit: the result may or may not be valid.
fn mangle(rng: &mut Rng, text: &str) -> String {
    const ALPHABET: &[u8] = b"rbRBx12345678/ ";
    let mut bytes = text.as_bytes().to_vec();
    let at = rng.below(bytes.len());
    match rng.below(4) {
        0 => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
        1 => {
            bytes.remove(at);
        }
        2 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
        _ => {
            // Swap case or colour of one stone: locks and pending crossings in the wrong place.
            bytes[at] = match bytes[at] {
                b'r' => b'R',
                b'R' => b'r',
                b'b' => b'B',
                b'B' => b'b',
                other => other,
            }
        }
    }
    String::from_utf8(bytes).expect("ASCII edits keep the text ASCII")
}

// ---------------------------------------------------------------- tests

#[test]
fn the_reference_reads_and_writes_the_start_position() {
    let start = RefPosition::parse(START).expect("the start position is valid");
    assert_eq!(start.write(), START);
    assert_eq!(start.perft(1), 60);
    assert_eq!(start.perft(2), 3600);
}

#[test]
fn the_reference_agrees_with_the_perft_vectors() {
    let vectors = common::perft_vectors("crossings");
    assert!(
        vectors.len() >= 5,
        "the vectors file lists crossings positions"
    );
    for (fen, counts) in vectors {
        let position =
            RefPosition::parse(&fen).unwrap_or_else(|| panic!("reference refuses {fen}"));
        // Depth 1 and 2 everywhere, deeper where the count is small enough to stay quick.
        for (depth, &expected) in counts.iter().enumerate() {
            if depth >= 2 && expected > 50_000 {
                continue;
            }
            assert_eq!(
                position.perft(depth as u32 + 1),
                expected,
                "{fen} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn random_games_from_the_start_agree_move_for_move() {
    let mut rng = Rng::new(0x5eed_c405_5125);
    let start = RefPosition::parse(START).expect("the start position is valid");
    let mut coverage = Coverage::default();
    let mut plies = 0;
    let mut games = 0;
    while plies < 15000 {
        plies += compare_random_line(&start, &mut rng, 400, &mut coverage);
        games += 1;
    }
    eprintln!("{games} games {plies} plies {coverage:?}");
    assert!(games >= 20, "{games} games in {plies} plies");
    assert!(
        coverage.crossings >= 20 && coverage.counter_crossings >= 5,
        "{coverage:?}"
    );
    assert!(coverage.captures >= 100, "{coverage:?}");
}

#[test]
fn random_positions_agree_on_moves_status_and_successors() {
    let mut rng = Rng::new(0xc0ff_ee12_3457);
    let mut coverage = Coverage::default();
    for _ in 0..8000 {
        let style = random_style(&mut rng);
        let root = random_position(&mut rng, style);
        let plies = rng.below(8);
        compare_random_line(&root, &mut rng, plies, &mut coverage);
    }
    assert!(coverage.positions >= 8000, "{coverage:?}");
    eprintln!("{coverage:?}");
    coverage.assert_each_seen(20);
}

#[test]
fn random_games_through_game_state_end_as_the_reference_says() {
    // Through GameState (history, repetition) the engine must stop exactly where the
    // reference's position-only status says the game is over, unless a position repeated
    // for the third time.
    let mut rng = Rng::new(0x0dd_ba11);
    let mut finished = 0;
    for _ in 0..100 {
        let start = Crossings::from_fen(START).expect("the start position is valid");
        let state: GameState<Crossings> =
            common::random_game(start, &mut rng, 300, |state, moves| {
                let fen = state.position().fen();
                let reference = RefPosition::parse(&fen).expect("engine positions are valid");
                if !state.is_threefold() {
                    assert_eq!(moves.len(), reference.legal_actions().len(), "{fen}");
                }
            });
        let fen = state.position().fen();
        let reference = RefPosition::parse(&fen).expect("engine positions are valid");
        if !state.is_threefold() {
            assert_eq!(
                state.status_with_history(),
                engine_status_of(reference.status()),
                "{fen}"
            );
            finished += usize::from(state.status_with_history().is_over());
        }
    }
    assert!(finished >= 50, "only {finished} of 100 random games ended");
}

#[test]
fn position_strings_are_accepted_and_refused_alike() {
    let mut rng = Rng::new(0xfe11_0123);
    let (mut accepted, mut refused, mut invalid_by_rule) = (0, 0, 0);
    for _ in 0..6000 {
        let style = random_style(&mut rng);
        let valid = random_position(&mut rng, style).write();
        let mut text = valid.clone();
        for _ in 0..1 + rng.below(2) {
            text = mangle(&mut rng, &text);
        }
        let reference = RefPosition::parse(&text);
        let engine = Crossings::from_fen(&text);
        match (&reference, &engine) {
            (Some(r), Ok(e)) => {
                assert_eq!(e.fen(), r.write(), "{text}");
                accepted += 1;
            }
            (None, Err(_)) => {
                refused += 1;
                invalid_by_rule += usize::from(RefPosition::parse_layout(&text).is_some());
            }
            (Some(_), Err(e)) => panic!("engine refuses '{text}' ({e}); the rules accept it"),
            (None, Ok(e)) => panic!(
                "engine accepts '{text}' as {}; the rules refuse it",
                e.fen()
            ),
        }
    }
    eprintln!("{accepted} accepted, {refused} refused ({invalid_by_rule} well-formed)");
    assert!(
        accepted >= 200 && refused >= 200 && invalid_by_rule >= 100,
        "{accepted} accepted, {refused} refused, {invalid_by_rule} of them well-formed"
    );
}

#[test]
fn perft_two_agrees_from_random_positions() {
    let mut rng = Rng::new(0x9e7f_7a11);
    let mut nonzero = 0;
    for _ in 0..400 {
        let style = random_style(&mut rng);
        let root = random_position(&mut rng, style);
        let fen = root.write();
        let engine = Crossings::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut state = GameState::new(engine);
        for depth in 1..=2 {
            let expected = root.perft(depth);
            assert_eq!(
                tablero::perft::perft(&mut state, depth),
                expected,
                "{fen} depth {depth}"
            );
            nonzero += usize::from(expected > 0);
        }
    }
    eprintln!("{nonzero} non-empty perft counts");
    assert!(nonzero >= 500, "{nonzero} non-empty perft counts");
}
