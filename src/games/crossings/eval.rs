//! The static evaluation: material and mobility, from the side to move's point of view.
//!
//! Crossings is decided by crossings, and the search sees those itself: a crossing is a
//! tactical move its quiescence always tries, and a position facing one is never judged
//! statically but searched on (`SearchHints::is_forcing`). What is left to the evaluation is
//! the slow part of the game: who has more stones to cross and capture with, and more ways to
//! move them.

use super::position::Crossings;
use crate::games::player::Player;
use crate::games::status::Status;

/// Value of a stone: material, the stones left to cross and capture with (a group of two or
/// more captures one enemy stone).
const STONE: i32 = 100;
/// Bonus for a locked stone: a crossing already answered, out of play but safe. A
/// counter-crossing locks stones of both sides at once, so the term mostly cancels out.
const LOCKED: i32 = 30;
/// Per legal group move of the side to move, less the opponent's: room to manoeuvre and to
/// form the groups that capture; without it material alone is left to judge by.
const MOBILITY: i32 = 2;
/// Facing a crossing that can still be answered. The search never stands on such a position
/// (it tries the counter-crossings), so only the `greedy` baseline and the search's last ply
/// see it.
const UNDER_CROSSING: i32 = 400;
/// The side to move's edge: without it a search ending on its own move scores higher than
/// one ending on the opponent's, and scores alternate between odd and even depths.
const TEMPO: i32 = 75;
/// Score of a lost position (the crossing cannot be answered).
const LOST: i32 = 9000;

/// The evaluation from the side to move's point of view, within ±`LOST` (9000).
pub(super) fn evaluate(position: &Crossings) -> i32 {
    status_and_evaluation(position).1
}

/// The status and the evaluation together: the status needs the side to move's number of
/// group moves (and, when it has none, the opponent's), the mobility term both. A lost
/// position evaluates to `-LOST`, a drawn one to 0.
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
