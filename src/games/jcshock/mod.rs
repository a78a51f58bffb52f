//! JC Shock (Jaroslaw Cichocki, 2007): players place pieces on an N×N board, each placement
//! pulls the pieces in its row and column one square closer, and once all pieces are placed
//! the player whose *opponent* formed the longest lines wins.
//!
//! Positions are two `u128` bitboards (bit `rank * N + file`), one per colour.

mod bench;
mod board;
mod effects;
mod end;
mod geometry;
mod position;
mod pull;
mod runs;
mod symmetry;
mod tuning;

use std::cmp::Ordering;

use super::bitboard::Bitboard;
use super::board::BoardDescription;
use super::coord::read_square_move;
use super::coord::Coord;
use super::effects::Effects;
use super::ending::{EndDetails, Margin};
use super::error::{MoveError, PositionError};
use super::fen;
use super::hints::{BenchSet, SearchHints, SymmetricKey};
use super::moves::MoveList;
use super::player::Player;
use super::rules::Game;
use super::search_style::SearchStyle;
use super::size::BoardSize;
use super::status::Status;
use super::zobrist;
use geometry::Geometry;
pub use position::{IllegalReason, Inconsistency};
use pull::{Pull, Word};
pub use runs::RunCounts;

/// The piece letter of `player`: White `o` moves first, Black `x` second.
pub fn letter(player: Player) -> char {
    match player {
        Player::One => 'o',
        Player::Two => 'x',
    }
}

/// How many pieces each player owns on an N×N board: ⌊(N²−1)/2⌋ (0 for N = 0; saturating
/// for widths no board has, since the function is public).
pub const fn quota(width: usize) -> usize {
    width.saturating_mul(width).saturating_sub(1) / 2
}

/// A JC Shock move: the square (bit index `rank * N + file`) where the mover places a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement(u8);

impl Placement {
    /// The bit index of the placed square.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A JC Shock position: both colours' pieces and the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JcShock {
    pieces: [u128; 2],
    width: u8,
    /// Placements until the game ends; kept rather than counted from the bitboards because
    /// random playouts ask every ply and a `u128` population count is a software loop on the
    /// baseline x86-64 the binary is built for.
    plies_left: u8,
    to_move: Player,
}

impl JcShock {
    fn from_parts(width: usize, pieces: [u128; 2], to_move: Player) -> JcShock {
        let placed = (pieces[0] | pieces[1]).count_ones() as usize;
        JcShock {
            pieces,
            width: width as u8,
            plies_left: (2 * quota(width)).saturating_sub(placed) as u8,
            to_move,
        }
    }

    /// The board width N.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.width())
    }

    /// The squares holding `player`'s pieces, as a bitboard (bit `rank * N + file`).
    pub fn pieces(&self, player: Player) -> u128 {
        self.pieces[player.index()]
    }

    /// The pieces `player` has placed so far (pieces never leave the board).
    pub fn placed(&self, player: Player) -> usize {
        self.pieces(player).count_ones() as usize
    }

    /// How many pieces each player owns on this board.
    pub fn quota(&self) -> usize {
        quota(self.width())
    }

    /// The maximal horizontal and vertical runs of `player`'s pieces, by length.
    pub fn runs(&self, player: Player) -> RunCounts {
        RunCounts::of(self.pieces(player), self.geometry())
    }

    fn occupied(&self) -> u128 {
        self.pieces[0] | self.pieces[1]
    }

    fn empty(&self) -> u128 {
        self.geometry().board & !self.occupied()
    }

    fn all_placed(&self) -> bool {
        self.plies_left == 0
    }

    /// Whether the board fits in a `u64` (up to 8×8): the bitboard work is then done on
    /// `u64`s, whose shifts and counts are single instructions where a `u128`'s are not.
    fn fits_in_u64(&self) -> bool {
        self.width() <= 8
    }

    /// Moves the pieces that a placement on `square` pulls and puts the mover's piece there,
    /// computing in `W` (see [`Word`]).
    #[inline]
    fn place<W: Word>(&mut self, square: usize) {
        let geometry = self.geometry();
        let pull = Pull::<W>::of(W::narrow(self.occupied()), &geometry.rays(square));
        for pieces in &mut self.pieces {
            *pieces = pull.apply(W::narrow(*pieces), geometry.width).widen();
        }
        self.pieces[self.to_move.index()] |= (W::ONE << square as u32).widen();
    }

    fn piece_at(&self, coord: Coord) -> Option<char> {
        let bit = 1u128 << coord.index(self.width());
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.pieces(p) & bit != 0)
            .map(letter)
    }
}

/// The index of the `n`-th lowest set bit of `bits` (which has more than `n`): halves and
/// bytes are skipped by their counts, so that a random playout's pick costs a few steps
/// instead of a walk over every empty square.
#[inline]
fn nth_square(bits: u128, n: u32) -> u8 {
    let low = bits as u64;
    let below = low.count_ones();
    let (mut word, mut n, mut base) = if n < below {
        (low, n, 0u8)
    } else {
        ((bits >> 64) as u64, n - below, 64u8)
    };
    for half in [32u32, 16, 8] {
        let count = (word & ((1u64 << half) - 1)).count_ones();
        if n >= count {
            n -= count;
            word >>= half;
            base += half as u8;
        }
    }
    for _ in 0..n {
        word &= word - 1;
    }
    base + word.trailing_zeros() as u8
}

/// The first empty square among a few square indices, each [`Geometry::index_bits`] wide,
/// drawn from the low 32 bits of `random`; `None` when every draw hits a piece or lies off
/// the board. Until the board is nearly full the first or second draw finds one, which spares
/// random playouts the counting that picking the n-th empty square needs (costly without a
/// population count instruction). Each draw is uniform, so a square found this way is any empty square with equal chances; the caller
/// picks with the high 32 bits, independent of the draws, when none is found.
#[inline]
fn drawn_empty_square(empty: u128, random: u64, geometry: &Geometry) -> Option<u8> {
    let bits = geometry.index_bits;
    let mask = (1u64 << bits) - 1;
    let mut draws = random;
    for _ in 0..geometry.index_draws {
        let square = (draws & mask) as u32;
        if square < u128::BITS && is_set(empty, square) {
            return Some(square as u8);
        }
        draws >>= bits;
    }
    None
}

/// Whether bit `index` (below 128) of `bits` is set, tested in the 64-bit half that holds
/// it: a variable shift of a whole `u128` costs several instructions and a branch.
#[inline]
fn is_set(bits: u128, index: u32) -> bool {
    let half = if index < 64 {
        bits as u64
    } else {
        (bits >> 64) as u64
    };
    half >> (index & 63) & 1 != 0
}

/// A 64-bit hash of both colours' bitboards: each 64-bit word is folded in by a bijective
/// multiply-and-shift step (so positions differing in one word never collide) and the result
/// is mixed by SplitMix64's finalizer. The side to move is not hashed: the piece counts tell
/// it. The board size is, through the starting value (`size_key`): the same bits on two
/// sizes are different positions.
#[inline]
fn hash_pieces(pieces: &[u128; 2], size_key: u64) -> u64 {
    let words = [pieces[0], pieces[0] >> 64, pieces[1], pieces[1] >> 64];
    zobrist::mix(0x4A43_5348_4F43_4B21u64 ^ size_key, words.map(|w| w as u64))
}

impl Game for JcShock {
    type Move = Placement;
    const NAME: &'static str = "jcshock";

    fn default_size() -> BoardSize {
        BoardSize::square(8)
    }

    fn sizes() -> Vec<BoardSize> {
        board::sizes()
    }

    fn start(size: BoardSize) -> Result<Self, PositionError> {
        let width = position::supported_width(size)?;
        Ok(JcShock::from_parts(width, [0, 0], Player::One))
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        position::read(text)
    }

    fn fen(&self) -> String {
        let board = fen::format_board(self.size(), |c| self.piece_at(c));
        format!("{board} {}", letter(self.to_move))
    }

    fn size(&self) -> BoardSize {
        BoardSize::square(self.width())
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, out: &mut MoveList<Self::Move>) {
        if self.all_placed() {
            return;
        }
        out.extend(Bitboard(self.empty()).map(Placement));
    }

    fn count_moves(&self) -> usize {
        if self.all_placed() {
            0
        } else {
            self.empty().count_ones() as usize
        }
    }

    fn play(&mut self, mv: Self::Move) {
        let square = mv.index();
        if self.fits_in_u64() {
            self.place::<u64>(square);
        } else {
            self.place::<u128>(square);
        }
        self.plies_left = self.plies_left.saturating_sub(1);
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if !self.all_placed() {
            return Status::InPlay;
        }
        let [white, black] = self.pieces;
        let geometry = self.geometry();
        let order = if self.fits_in_u64() {
            runs::compare_final(white as u64, black as u64, geometry)
        } else {
            runs::compare_final(white, black, geometry)
        };
        match order {
            Ordering::Greater => Status::Won(Player::One),
            Ordering::Less => Status::Won(Player::Two),
            Ordering::Equal => Status::Draw,
        }
    }

    /// The game ends when every piece is placed and the runs are scored (the rules:
    /// docs/rules.md).
    fn end_reason(&self) -> Option<&'static str> {
        self.all_placed().then_some("score")
    }

    /// Computed from the bitboards when asked rather than kept up to date by
    /// [`Game::play`]: a placement moves up to a row and a column of pieces, and updating
    /// Zobrist keys for each would slow random playouts down.
    fn hash(&self) -> u64 {
        hash_pieces(&self.pieces, self.geometry().size_key)
    }

    fn hash_from_scratch(&self) -> u64 {
        hash_pieces(&self.pieces, self.geometry().size_key)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let (coord, written) =
            read_square_move(text, self.size(), Self::NAME, "a square such as e2")?;
        if self.all_placed() {
            return Err(MoveError::GameOver(written));
        }
        let index = coord.index(self.width());
        if self.occupied() >> index & 1 != 0 {
            return Err(MoveError::Occupied(written));
        }
        Ok(Placement(index as u8))
    }

    fn format_move(&self, mv: Self::Move) -> String {
        Coord::from_index(mv.index(), self.width()).to_string()
    }

    fn diagram(&self) -> String {
        fen::diagram(self.size(), |c| self.piece_at(c))
    }

    fn description(&self) -> BoardDescription {
        board::description(self)
    }

    fn effects(&self, mv: Self::Move) -> Effects {
        effects::effects(self, mv)
    }

    fn end_details(&self) -> EndDetails {
        end::end_details(self)
    }
}

impl SearchHints for JcShock {
    const BENCH: BenchSet = bench::BENCH;

    /// Playouts: no static evaluation foresees the runs a pull makes, and a plain UCT player
    /// beats alpha-beta on run counts.
    const SEARCH_STYLE: SearchStyle = SearchStyle::Playouts(&tuning::PLAYOUTS);

    /// The scores are counts of runs compared longest first.
    const HAS_MARGIN: bool = true;

    fn final_margin(&self) -> Margin {
        end::final_margin(self)
    }

    /// The eight turns and mirror images of the board keep every rule. Only while at most
    /// half the board is filled: later positions of a solve hardly ever meet another of
    /// their images, which cost far more than the position's own hash.
    fn symmetric_key(&self) -> SymmetricKey {
        let placed = 2 * self.quota() - usize::from(self.plies_left);
        if placed * 2 > self.width() * self.width() {
            return SymmetricKey::alone(self.hash());
        }
        symmetry::symmetric_key(self.pieces, self.width(), self.geometry().size_key)
    }

    fn move_codes(&self) -> usize {
        self.width() * self.width()
    }

    fn move_code(&self, mv: Placement) -> usize {
        mv.index()
    }

    fn random_move(&self, random: u64, _buffer: &mut MoveList<Placement>) -> Option<Placement> {
        if self.all_placed() {
            return None;
        }
        let empty = self.empty();
        if let Some(square) = drawn_empty_square(empty, random, self.geometry()) {
            return Some(Placement(square));
        }
        // The high half, which the draws left alone, picks among the empty squares.
        let pick = ((random >> 32) * u64::from(empty.count_ones())) >> 32;
        Some(Placement(nth_square(empty, pick as u32)))
    }

    /// Every placement fills a square and the game ends once both quotas are placed.
    fn plies_left(&self) -> Option<u32> {
        Some(u32::from(self.plies_left))
    }

    /// Every piece gets placed: the mover has exactly its unplaced pieces left to move.
    fn expected_own_moves_left(&self) -> Option<u32> {
        let unplaced = self.quota().saturating_sub(self.placed(self.to_move));
        Some(u32::try_from(unplaced).unwrap_or(u32::MAX))
    }

    /// The side to move scores the opponent's runs and the opponent scores the mover's, so
    /// the value is the weighted difference of the two, long runs weighing most.
    ///
    /// It does not choose the default search's moves: JC Shock's `search` plays by Monte-Carlo
    /// playouts, which never call it. It orders the moves of the exact endgame solver that runs
    /// first near the end (a proof does not depend on it, only how soon it comes); it is the
    /// evaluation of `go mate`, which is alpha-beta; and the `greedy` baseline, which plays
    /// the move after which it evaluates best.
    fn evaluate(&self) -> i32 {
        let geometry = self.geometry();
        let weighted = |player: Player| {
            let pieces = self.pieces(player);
            if self.fits_in_u64() {
                runs::weighted_runs(pieces as u64, geometry)
            } else {
                runs::weighted_runs(pieces, geometry)
            }
        };
        let mine = weighted(self.to_move);
        let theirs = weighted(self.to_move.opponent());
        (theirs - mine).clamp(-9999, 9999)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_has_its_unplaced_pieces_left_to_move() {
        let mut position = JcShock::start(BoardSize::square(8)).expect("8x8 is supported");
        assert_eq!(position.expected_own_moves_left(), Some(31));
        position.play(Placement(0));
        assert_eq!(
            position.expected_own_moves_left(),
            Some(31),
            "black has placed nothing yet"
        );
        position.play(Placement(9));
        assert_eq!(position.expected_own_moves_left(), Some(30));
    }

    #[test]
    fn the_game_lasts_until_both_quotas_are_placed() {
        let mut position = JcShock::start(BoardSize::square(4)).expect("4x4 is supported");
        for left in (1..=14).rev() {
            assert_eq!(position.plies_left(), Some(left));
            assert_eq!(position.status(), Status::InPlay);
            let square = Bitboard(position.empty()).next().expect("an empty square");
            position.play(Placement(square));
        }
        assert_eq!(position.plies_left(), Some(0));
        assert_ne!(position.status(), Status::InPlay);
        let read = JcShock::from_fen(&position.fen()).expect("a reachable position");
        assert_eq!(
            read.plies_left(),
            Some(0),
            "read back from its position string"
        );
    }

    #[test]
    fn the_nth_empty_square_is_found_in_either_half_of_the_board() {
        let bits: u128 = (1 << 3) | (1 << 40) | (1 << 63) | (1 << 64) | (1 << 100) | (1 << 127);
        let squares: Vec<u8> = (0..6).map(|n| nth_square(bits, n)).collect();
        assert_eq!(squares, [3, 40, 63, 64, 100, 127]);
        let dense = u128::MAX >> 7;
        assert!((0..121).all(|n| usize::from(nth_square(dense, n)) == n as usize));
    }

    #[test]
    fn each_player_owns_half_the_squares_but_one() {
        assert_eq!(quota(8), 31);
        assert_eq!(quota(9), 40);
        assert_eq!(quota(0), 0);
        assert_eq!(quota(usize::MAX), usize::MAX / 2);
    }
}
