//! Each player's number of group moves, kept up to date move by move. A group's moves
//! depend only on its line, so they are a table lookup per line, summed over the 46 lines;
//! a move looks up again only the lines through the squares it changes.

use super::geometry::bit;
use crate::games::bitboard::Bitboard;
use crate::games::player::Player;
use std::sync::LazyLock;

/// The board's lines: 8 ranks, 8 files, 15 diagonals and 15 anti-diagonals.
const LINES: usize = 46;

/// A square in a line's code, two bits: empty, red, black, or (3) locked, whose owner
/// follows from its rank (red locks on rank 8, black on rank 1).
const EMPTY: u16 = 0;
const RED: u16 = 1;
const BLACK: u16 = 2;

/// How a line's table reads a locked stone: which player owns it at each place.
#[derive(Clone, Copy)]
enum LockedOwner {
    /// Rank 1: every locked stone is black.
    Black,
    /// Rank 8: every locked stone is red.
    Red,
    /// Any other line: a locked stone is black at its first place (rank 1), red at its last.
    ByEnd,
}

/// A square's four lines and its place (bit shift) in each.
#[derive(Clone, Copy)]
struct Place {
    line: u8,
    shift: u8,
}

/// Where the tables of lines of `len` squares (not whole ranks) start.
const fn by_end_base(len: u32) -> u32 {
    (4u32.pow(len) - 4) / 3
}
const RANK_1_BASE: u32 = by_end_base(9);
const RANK_8_BASE: u32 = RANK_1_BASE + (1 << 16);
const TABLE_LEN: usize = (RANK_8_BASE + (1 << 16)) as usize;

/// The lines and every square's places on them, numbered from rank 1 up (ranks from file a).
struct Geometry {
    /// Where each line's kind starts in [`TABLE`].
    bases: [u32; LINES],
    places: [[Place; 4]; 64],
    /// The lines through each square, as bits of a `u64`.
    line_masks: [u64; 64],
}

static GEOMETRY: Geometry = geometry();

const fn geometry() -> Geometry {
    let mut lengths = [0u32; LINES];
    let mut places = [[Place { line: 0, shift: 0 }; 4]; 64];
    let mut line_masks = [0u64; 64];
    let mut sq: usize = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        let diagonal = file + 7 - rank;
        let anti_diagonal = file + rank;
        // A diagonal's place is the rank counted from its first square.
        let diagonal_start = rank.saturating_sub(file);
        let anti_start = anti_diagonal.saturating_sub(7);
        let line_places = [
            (rank, file),
            (8 + file, rank),
            (16 + diagonal, rank - diagonal_start),
            (31 + anti_diagonal, rank - anti_start),
        ];
        let mut k = 0;
        while k < 4 {
            let (line, place) = line_places[k];
            places[sq][k] = Place {
                line: line as u8,
                shift: (2 * place) as u8,
            };
            line_masks[sq] |= 1 << line;
            lengths[line] += 1;
            k += 1;
        }
        sq += 1;
    }
    let mut bases = [0u32; LINES];
    let mut line = 0;
    while line < LINES {
        bases[line] = match line {
            0 => RANK_1_BASE,
            7 => RANK_8_BASE,
            _ => by_end_base(lengths[line]),
        };
        line += 1;
    }
    Geometry {
        bases,
        places,
        line_masks,
    }
}

/// `[red's moves, black's moves]` along one line, both directions.
type Entry = [u8; 2];

/// Every line kind's moves for every content, built with the first position.
static TABLE: LazyLock<Box<[Entry]>> = LazyLock::new(build_table);

fn build_table() -> Box<[Entry]> {
    let mut table = vec![[0u8; 2]; TABLE_LEN];
    for len in 1..=8 {
        fill(&mut table, by_end_base(len), len, LockedOwner::ByEnd);
    }
    fill(&mut table, RANK_1_BASE, 8, LockedOwner::Black);
    fill(&mut table, RANK_8_BASE, 8, LockedOwner::Red);
    table.into_boxed_slice()
}

/// Fills the entries of one line kind from `base`.
fn fill(table: &mut [Entry], base: u32, len: u32, owner: LockedOwner) {
    let mut cells = [Cell::Empty; 8];
    for code in 0..4u32.pow(len) {
        for (place, cell) in (0..len).zip(cells.iter_mut()) {
            *cell = Cell::read((code >> (2 * place)) as u16 & 3, place, len, owner);
        }
        // A line holds at most 8 stones, which make far fewer than 256 moves.
        let moves = |player| line_moves(&cells[..len as usize], player) as u8;
        table[(base + code) as usize] = [moves(Player::One), moves(Player::Two)];
    }
}

/// A square of a line, as the rules see it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Stone { owner: Player, locked: bool },
}

impl Cell {
    /// The square at `place` of a line of `len` squares of the kind `owner`.
    fn read(digit: u16, place: u32, len: u32, owner: LockedOwner) -> Cell {
        let locked_owner = match owner {
            LockedOwner::Black => Player::Two,
            LockedOwner::Red => Player::One,
            LockedOwner::ByEnd if place == 0 && len > 1 => Player::Two,
            LockedOwner::ByEnd => Player::One,
        };
        match digit {
            EMPTY => Cell::Empty,
            RED => Cell::Stone {
                owner: Player::One,
                locked: false,
            },
            BLACK => Cell::Stone {
                owner: Player::Two,
                locked: false,
            },
            _ => Cell::Stone {
                owner: locked_owner,
                locked: true,
            },
        }
    }

    fn is_stone_of(self, player: Player) -> bool {
        matches!(self, Cell::Stone { owner, .. } if owner == player)
    }

    fn is_free_stone_of(self, player: Player) -> bool {
        self == Cell::Stone {
            owner: player,
            locked: false,
        }
    }
}

/// The group moves of `mover` along a line in both directions, counted square by square as
/// the rules state them (the reference the table is built from).
fn line_moves(cells: &[Cell], mover: Player) -> u32 {
    let len = cells.len();
    moves_one_way(len, |i| cells[i], mover) + moves_one_way(len, |i| cells[len - 1 - i], mover)
}

/// The moves toward the end of a line of `len` squares, read by `cell`.
#[inline(always)]
fn moves_one_way(len: usize, cell: impl Fn(usize) -> Cell, mover: Player) -> u32 {
    let enemy = mover.opponent();
    let mut moves = 0;
    // Unlocked stones of the mover in a row, ending at the square looked at.
    let mut stones = 0;
    for front in 0..len {
        if !cell(front).is_free_stone_of(mover) {
            stones = 0;
            continue;
        }
        stones += 1;
        let is_front = front + 1 == len || !cell(front + 1).is_stone_of(mover);
        if !is_front {
            continue;
        }
        let gap = (front + 1..len)
            .take_while(|&i| cell(i) == Cell::Empty)
            .count() as u32;
        // Groups of m = 1..=stones stones move min(m, gap) ways each.
        let short = stones.min(gap);
        moves += short * (short + 1) / 2 + (stones - short) * gap;
        let prey = front + 1 + gap as usize;
        if prey < len && cell(prey).is_free_stone_of(enemy) {
            let enemy_line = (prey..len)
                .take_while(|&i| cell(i).is_stone_of(enemy))
                .count();
            moves += stones.saturating_sub(gap.max(enemy_line as u32));
        }
    }
    moves
}

/// Every line's contents and each player's number of group moves, kept by [`Mobility::update`].
#[derive(Debug, Clone)]
pub(super) struct Mobility {
    codes: [u16; LINES],
    /// Each line's [`TABLE`] entry, so removing a line's moves needs no table read.
    entries: [Entry; LINES],
    counts: [u16; 2],
}

/// A square's two bits in a line's code.
#[inline(always)]
fn digit(stones: [u64; 2], locked: u64, sq: u8) -> u16 {
    let b = bit(sq);
    let low = (stones[0] | locked) & b != 0;
    let high = (stones[1] | locked) & b != 0;
    low as u16 | (high as u16) << 1
}

impl Mobility {
    /// The lines of a position from scratch.
    pub(super) fn new(stones: [u64; 2], locked: u64) -> Self {
        let mut codes = [0u16; LINES];
        let mut lines = 0u64;
        for sq in Bitboard(stones[0] | stones[1]) {
            let d = digit(stones, locked, sq);
            for place in GEOMETRY.places[sq as usize] {
                codes[usize::from(place.line)] |= d << place.shift;
            }
            lines |= GEOMETRY.line_masks[sq as usize];
        }
        let mut mobility = Mobility {
            codes,
            entries: [[0; 2]; LINES],
            counts: [0; 2],
        };
        // A line without stones has no moves.
        let table: &[Entry] = &TABLE;
        for line in Bitboard(lines) {
            let entry = mobility.look_up(table, usize::from(line));
            for (count, moves) in mobility.counts.iter_mut().zip(entry) {
                *count += u16::from(moves);
            }
        }
        mobility
    }

    /// The group moves of `player`, whoever is to move.
    #[inline(always)]
    pub(super) fn count(&self, player: Player) -> u32 {
        u32::from(self.counts[player.index()])
    }

    /// Follows a move from the stones `before` to the stones `after`.
    #[inline]
    pub(super) fn update(&mut self, before: ([u64; 2], u64), after: ([u64; 2], u64)) {
        let changed =
            (before.0[0] ^ after.0[0]) | (before.0[1] ^ after.0[1]) | (before.1 ^ after.1);
        let mut lines = 0u64;
        for sq in Bitboard(changed) {
            lines |= GEOMETRY.line_masks[sq as usize];
        }
        for sq in Bitboard(changed) {
            let new = digit(after.0, after.1, sq);
            for place in GEOMETRY.places[sq as usize] {
                let code = &mut self.codes[usize::from(place.line)];
                *code = (*code & !(3 << place.shift)) | new << place.shift;
            }
        }
        // Summed in registers: writing back per line serialised the lines.
        let table: &[Entry] = &TABLE;
        let [mut red, mut black] = self.counts;
        for line in Bitboard(lines) {
            let line = usize::from(line);
            let [red_before, black_before] = self.entries[line];
            let [red_after, black_after] = self.look_up(table, line);
            red = red
                .wrapping_sub(u16::from(red_before))
                .wrapping_add(u16::from(red_after));
            black = black
                .wrapping_sub(u16::from(black_before))
                .wrapping_add(u16::from(black_after));
        }
        self.counts = [red, black];
    }

    /// Reads `line`'s entry for its code into [`Mobility::entries`] and gives it.
    #[inline(always)]
    fn look_up(&mut self, table: &[Entry], line: usize) -> Entry {
        let entry = table[(GEOMETRY.bases[line] + u32::from(self.codes[line])) as usize];
        self.entries[line] = entry;
        entry
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossings::Crossings;
    use crate::games::moves::MoveList;
    use crate::games::rules::Game;
    use crate::games::status::Status;
    use crate::games::zobrist::splitmix64;

    fn cells(text: &str, owner: LockedOwner) -> Vec<Cell> {
        let len = text.len() as u32;
        let digit = |c| match c {
            '.' => EMPTY,
            'r' => RED,
            'b' => BLACK,
            _ => 3,
        };
        (0..len)
            .zip(text.chars())
            .map(|(place, c)| Cell::read(digit(c), place, len, owner))
            .collect()
    }

    fn moves(text: &str) -> [u32; 2] {
        let line = cells(text, LockedOwner::ByEnd);
        [
            line_moves(&line, Player::One),
            line_moves(&line, Player::Two),
        ]
    }

    #[test]
    fn a_group_moves_as_far_as_it_is_long_onto_empty_squares() {
        // Red's pair moves 1 (one stone or both) or 2 (both); Black's stone one either way.
        assert_eq!(moves("rr..b..."), [3, 2]);
        assert_eq!(moves("r......."), [1, 0]);
        assert_eq!(moves("rrr....."), [6, 0]);
    }

    #[test]
    fn a_group_longer_than_the_gap_and_the_enemy_line_captures_its_end() {
        // Three red stones, one empty square, one black: one-square moves by 1, 2 or 3
        // stones, captures by the groups of 2 and 3.
        assert_eq!(moves("rrr.b..."), [5, 2]);
        // A black line of two stops the pair but not the three; the black pair moves one or
        // two squares ahead, one square back.
        assert_eq!(moves("rrr.bb.."), [4, 5]);
        // Adjacent: only captures, by groups longer than the black line.
        assert_eq!(moves("rrrb...."), [2, 1]);
    }

    #[test]
    fn locked_stones_never_move_are_never_captured_and_count_in_a_line() {
        // A locked red stone at the rank-8 end of a file does not move, and a red stone
        // against it is no front that way (it steps back only).
        assert_eq!(moves("......rL"), [1, 0]);
        assert_eq!(moves("....rr.L"), [2 + 3, 0]);
        // A locked black stone at the rank-1 end is never captured...
        assert_eq!(moves("Lrr....."), [3, 0]);
        // ...and lengthens the black line in front of it, which only a group of three
        // captures; the black stone has no move (a locked stone is its own behind it).
        assert_eq!(moves("Lbrrr..."), [6 + 1, 0]);
        let rank_8 = cells("bbL.....", LockedOwner::Red);
        assert_eq!(line_moves(&rank_8, Player::Two), 0);
        let rank_1 = cells("rrL.....", LockedOwner::Black);
        assert_eq!(line_moves(&rank_1, Player::One), 0);
    }

    /// Plays random games from the start and checks every position's kept counts against
    /// the moves generated afresh, for both players: captures, crossings and the locks
    /// that follow them change lines too.
    #[test]
    fn each_players_kept_move_count_is_the_number_of_its_group_moves() {
        let mut seed = 11;
        let (mut positions, mut with_locks) = (0, 0);
        for _ in 0..200 {
            let mut position = Crossings::start(Crossings::default_size()).expect("8x8");
            for _ in 0..150 {
                for player in [Player::One, Player::Two] {
                    assert_eq!(
                        position.group_move_count(player),
                        position.group_moves_generated(player),
                        "{player:?} in {}",
                        position.fen()
                    );
                }
                positions += 1;
                with_locks += usize::from(position.locked() != 0);
                if position.status() != Status::InPlay {
                    break;
                }
                let mut list = MoveList::new();
                position.generate_moves(&mut list);
                let random;
                (seed, random) = splitmix64(seed);
                position.play(list[random as usize % list.len()]);
            }
        }
        assert!(positions > 10_000, "{positions} positions");
        assert!(
            with_locks > 1_000,
            "{with_locks} positions with locked stones"
        );
    }
}
