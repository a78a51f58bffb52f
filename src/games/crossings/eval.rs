//! The static evaluation: material and mobility, for the side to move. Crossings are left
//! to the search (tactical moves, forcing positions).

use super::position::Crossings;
use crate::games::player::Player;
use crate::games::status::Status;

/// Value of a stone: the stones left to cross and capture with.
const STONE: i32 = 100;
/// Bonus for a locked stone: out of play but safe (mostly cancels: both sides lock at once).
const LOCKED: i32 = 30;
/// Per group move of the side to move, less the opponent's: room to form capturing groups.
const MOBILITY: i32 = 2;
/// Facing an answerable crossing (seen only by `greedy` and the search's last ply).
const UNDER_CROSSING: i32 = 400;
/// The side to move's edge, so scores do not alternate between odd and even depths.
const TEMPO: i32 = 75;
/// Score of a lost position (the crossing cannot be answered).
const LOST: i32 = 9000;

/// The evaluation from the side to move's point of view, within ±`LOST` (9000).
pub(super) fn evaluate(position: &Crossings) -> i32 {
    status_and_evaluation(position).1
}

/// The status and the evaluation together, since both need the move counts; lost is
/// `-LOST`, drawn 0.
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
    let evaluation =
        TEMPO + pressure + mobility + stone_score(position, me) - stone_score(position, opponent);
    (Status::InPlay, evaluation)
}

/// Material of `player`'s stones, locked ones worth a little more.
fn stone_score(position: &Crossings, player: Player) -> i32 {
    let stones = position.stones_of(player);
    STONE * stones.count_ones() as i32 + LOCKED * (stones & position.locked).count_ones() as i32
}
