//! A cheap static evaluation: material, advancement toward the target row, mobility and
//! the pressure of a pending crossing, from the side to move's point of view.

use super::super::Player;
use super::bitboard::RANK_1;
use super::movegen::Turn;
use super::position::Crossings;

/// Value of a stone.
const STONE: i32 = 100;
/// Bonus for an unlocked stone by how many ranks it has advanced from its home row; the
/// last two ranks before the target row threaten a crossing.
const ADVANCE: [i32; 8] = [0, 2, 6, 12, 22, 38, 70, 0];
/// Bonus for a locked stone: a crossing already answered, out of play but safe.
const LOCKED: i32 = 30;
/// Per legal group move.
const MOBILITY: i32 = 2;
/// Facing a crossing that can still be answered.
const UNDER_CROSSING: i32 = 400;
/// Score of a lost position (the crossing cannot be answered).
const LOST: i32 = 9000;

impl Crossings {
    /// The evaluation from the side to move's point of view, within ±`LOST` (9000).
    pub fn evaluation(&self) -> i32 {
        let me = self.side();
        let opponent = me.opponent();
        let pressure = match self.turn() {
            Turn::CounterCrossings(0) => return -LOST,
            Turn::Stuck => return 0,
            Turn::CounterCrossings(_) => -UNDER_CROSSING,
            Turn::Moves(_) | Turn::Pass => 0,
        };
        let mobility =
            MOBILITY * (self.group_move_count(me) as i32 - self.group_move_count(opponent) as i32);
        pressure + mobility + self.stone_score(me) - self.stone_score(opponent)
    }

    fn stone_score(&self, player: Player) -> i32 {
        let stones = self.stones_of(player);
        let free = stones & !self.locked();
        let mut score = STONE * stones.count_ones() as i32
            + LOCKED * (stones & self.locked()).count_ones() as i32;
        for (rank, bonus) in ADVANCE.iter().enumerate() {
            let row = match player {
                Player::One => RANK_1 << (8 * rank),
                Player::Two => RANK_1 << (8 * (7 - rank)),
            };
            score += bonus * (free & row).count_ones() as i32;
        }
        score
    }
}
