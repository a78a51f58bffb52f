//! A cheap static evaluation: material, mobility and the pressure of a pending crossing,
//! from the side to move's point of view.

use super::Crossings;
use crate::games::{Player, Status};

/// Value of a stone.
const STONE: i32 = 100;
/// Bonus for a locked stone: a crossing already answered, out of play but safe.
const LOCKED: i32 = 30;
/// Per legal group move.
const MOBILITY: i32 = 2;
/// Facing a crossing that can still be answered.
const UNDER_CROSSING: i32 = 400;
/// The side to move's edge. Without it a search ending on its own move scored higher than one
/// ending on the opponent's: scores alternated by about 70 cp between odd and even depths
/// (35 left 32 cp of it, 75 left 3 cp), and 75 beat none by 66-0-34 at 200k nodes a move.
const TEMPO: i32 = 75;
/// Score of a lost position (the crossing cannot be answered).
const LOST: i32 = 9000;

/// The evaluation from the side to move's point of view, within ±`LOST` (9000).
pub(super) fn evaluate(position: &Crossings) -> i32 {
    status_and_evaluation(position).1
}

/// The status and the evaluation together, counting each player's group moves once: the
/// status needs the side to move's (and, when it has none, the opponent's), the mobility
/// term both. A lost position evaluates to `-LOST`, a drawn one to 0.
pub(super) fn status_and_evaluation(position: &Crossings) -> (Status, i32) {
    let me = position.to_move;
    let opponent = me.opponent();
    let facing_crossing = position.faces_crossing();
    if facing_crossing && !position.can_counter_cross() {
        return (Status::Won(opponent), -LOST);
    }
    let mine = position.group_move_count(me) as i32;
    let theirs = position.group_move_count(opponent) as i32;
    if !facing_crossing && mine == 0 && theirs == 0 {
        return (Status::Draw, 0);
    }
    let pressure = if facing_crossing { -UNDER_CROSSING } else { 0 };
    let mobility = MOBILITY * (mine - theirs);
    let evaluation = TEMPO + pressure + mobility + stone_score(position, me)
        - stone_score(position, opponent);
    (Status::InPlay, evaluation)
}

/// Material of `player`'s stones, locked ones worth a little more.
fn stone_score(position: &Crossings, player: Player) -> i32 {
    let stones = position.stones_of(player);
    STONE * stones.count_ones() as i32 + LOCKED * (stones & position.locked).count_ones() as i32
}
