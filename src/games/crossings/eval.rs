//! The static evaluation: material and mobility, from the side to move's point of view.
//!
//! Crossings is decided by crossings, and the search sees those itself: a crossing is a
//! tactical move its quiescence always tries, and a position facing one is never judged
//! statically but searched on (`Game::is_forcing`). What is left to the evaluation is the
//! slow part of the game: who has more stones to cross and capture with, and more ways to
//! move them. Each term says what a match showed about it: an ablation build (the term set
//! to 0, the rest unchanged) against the unchanged build, `scripts/match.py --game crossings
//! --nodes N --games 200 --random-plies 4 --concurrency 1` (node limited, so the figures do
//! not depend on the machine's load; every opening with both colours); W-D-L of the
//! ablation, logistic Elo with its 95% interval:
//!
//! - **Stone** ([`STONE`]): without it, 71-0-129 at 50k nodes, −104 ± 43 Elo (95% [−148,
//!   −63]); with the advancement bonus still in, 44-1-155, −217 ± 53.
//! - **Mobility** ([`MOBILITY`]): without it, 18-0-182 at 50k nodes, −402 ± 85 Elo (95%
//!   [−503, −334]): material alone is left to judge by. With the advancement bonus still
//!   in, 62-2-136, −135 ± 46.
//! - **Tempo** ([`TEMPO`]): the engine with it against the build without it, 66-0-34 at 200k
//!   nodes (100 games), +115 ± 55 Elo; it also ends the odd/even swing of the scores.
//! - **Locked** ([`LOCKED`]): no measurable effect. At 0, and at 60, the engine played the
//!   very same 200 games as with 30 (98-4-98 at 50k nodes, move for move); the `greedy`
//!   baseline without it scores 99-0-101 against greedy with it (−4 ± 26 Elo, `--depth 1`).
//!   Likely because a counter-crossing locks stones of both sides at once, so the term mostly
//!   cancels out. Kept: it costs one popcount, and removing it changed nothing measured.
//! - **Under crossing** ([`UNDER_CROSSING`]): no effect on the search, by construction: a
//!   position facing a crossing is searched on, not evaluated, unless the search reaches its
//!   last ply. At 0 the engine played the very same 200 games (98-4-98 at 50k nodes, move
//!   for move); only the `greedy` baseline sees it, and there 104-0-96 without it
//!   against greedy with it (+14 ± 32 Elo, `--depth 1`) is no measurable effect either.
//!
//! Dropped because the engine was stronger without it: an advancement bonus per unlocked
//! stone by the ranks it had gone from its home row (`[0, 2, 6, 12, 22, 38, 70, 0]`). Without
//! it: 115-3-82 at 50k nodes, +58 ± 42 Elo (95% [+17, +101]), 113-0-87 at 100k nodes,
//! +45 ± 41 Elo (95% [+5, +87]), and 108-1-91 at 200k nodes, +30 ± 42 Elo (95% [−12, +72]):
//! better at every node limit tried, though by less as the search gets deeper. At half the
//! values it made 106-1-93 at 50k nodes, +23 ± 41 Elo: the less of it, the better. Why was
//! not measured; a likely reason is that it drew stones forward alone, where a single stone
//! cannot capture and the search sees the crossings it threatens anyway. Without it the
//! search needs more nodes to reach a depth (Crossings' bench at depth 5: 522092 nodes
//! instead of 178682); matches at equal nodes, as above, count that cost.
//!
//! The figures of locked, under crossing and tempo were measured with the advancement bonus
//! still in; those of stone and mobility both with and without it.

use super::Crossings;
use crate::games::{Player, Status};

/// Value of a stone: material, the stones left to cross and capture with (a group of two or
/// more captures one enemy stone). Without it −104 ± 43 Elo at 50k nodes.
const STONE: i32 = 100;
/// Bonus for a locked stone: a crossing already answered, out of play but safe. No measurable
/// effect: the same games at 0 and at 60.
const LOCKED: i32 = 30;
/// Per legal group move of the side to move, less the opponent's: room to manoeuvre and to
/// form the groups that capture. Without it −402 ± 85 Elo at 50k nodes.
const MOBILITY: i32 = 2;
/// Facing a crossing that can still be answered. The search never stands on such a position
/// (it tries the counter-crossings), so only the `greedy` baseline and the search's last ply
/// see it; no measurable effect.
const UNDER_CROSSING: i32 = 400;
/// The side to move's edge. Without it a search ending on its own move scored higher than one
/// ending on the opponent's: scores alternated by about 70 cp between odd and even depths
/// (35 left 32 cp of it, 75 left 3 cp), and 75 beat none by 66-0-34 at 200k nodes a move
/// (+115 ± 55 Elo).
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
