//! JC Shock (Jaroslaw Cichocki, 2007): each placement pulls the pieces in its row and column
//! one square closer; once all are placed, the player whose *opponent* has the longest lines
//! wins. Positions are two `u128` bitboards (bit `rank * N + file`).

mod bench;
mod board;
mod effects;
mod end;
mod geometry;
mod notation;
mod placement;
mod position;
mod pull;
mod random_square;
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
use super::strength::{LevelTuning, WdlModel};
pub use notation::Inconsistency;
pub use placement::Placement;
use position::hash_pieces;
pub use position::{letter, quota, JcShock};
use random_square::{drawn_empty_square, nth_square};
pub use runs::RunCounts;

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
        let width = notation::supported_width(size)?;
        Ok(JcShock::from_parts(width, [0, 0], Player::One))
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        notation::read(text)
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

    /// Over when every piece is placed; the runs decide (docs/rules.md).
    fn end_reason(&self) -> Option<&'static str> {
        self.all_placed().then_some("score")
    }

    /// Computed when asked: a pull moves too many pieces for incremental Zobrist keys.
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

    fn piece_letter(&self, square: Coord) -> Option<char> {
        self.piece_at(square)
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

    /// Playouts: no static evaluation foresees the runs a pull makes.
    const SEARCH_STYLE: SearchStyle = SearchStyle::Playouts(&tuning::PLAYOUTS);

    const LEVELS: LevelTuning = tuning::LEVELS;

    const WDL: WdlModel = tuning::WDL;

    /// The scores are counts of runs compared longest first.
    const HAS_MARGIN: bool = true;

    fn final_margin(&self) -> Margin {
        end::final_margin(self)
    }

    /// The eight turns and mirrors keep every rule; used only while at most half the board is
    /// filled, since later positions rarely meet their images.
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

    /// The opponent's runs less the mover's, long runs weighing most. Playouts never call
    /// it; it orders the exact solver's moves and serves `go mate` and `greedy`.
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
}
