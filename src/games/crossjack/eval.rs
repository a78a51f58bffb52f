//! A cheap static evaluation: who wins the race to the goal row, softened when a blockade
//! is near (few goal squares still reachable), since a blockade is a draw.

use super::access::{race, Race};
use super::CrossJack;
use crate::games::{Game, Player, Status};

/// Score of a position won (or lost) outright; mate scores of the search lie above.
const DECIDED: i32 = 5000;
/// Score of a position the side to move wins next move, or cannot stop losing.
const FORCED: i32 = 4000;
/// Worth of one tick of lead in the race.
const TICK: i32 = 60;
/// Worth of moving first in an even race.
const TEMPO: i32 = 30;
/// Reachable goal squares from which the race counts fully; fewer scale it down.
const OPEN_ENOUGH: i32 = 4;

/// The race of `player`: from its next ticks (its zone row while setting up) to its goal.
fn race_of(position: &CrossJack, player: Player) -> Race {
    let geometry = &position.geometry;
    let empty = position.empty();
    let first = if position.in_setup(player) {
        geometry.zone_row(player) & empty
    } else {
        geometry.dilate(position.marks_of(player)) & empty
    };
    race(geometry, first, empty, geometry.goal_row(player))
}

/// Evaluation from the side to move's point of view, |score| ≤ 5000.
pub fn evaluate(position: &CrossJack) -> i32 {
    let side = position.side_to_move();
    match position.status() {
        Status::Draw => return 0,
        Status::Won(player) if player == side => return DECIDED,
        Status::Won(_) => return -DECIDED,
        Status::InPlay => {}
    }
    let mine = race_of(position, side);
    let theirs = race_of(position, side.opponent());
    let unreachable = position.geometry.board().count_ones() + 1;
    let my_ticks = mine.ticks.unwrap_or(unreachable) as i32;
    let their_ticks = theirs.ticks.unwrap_or(unreachable) as i32;
    if my_ticks == 1 {
        return FORCED;
    }
    if their_ticks == 1 && threats(position, side.opponent()) >= 2 {
        // One tick blocks one square only.
        return -FORCED;
    }
    let lead = TICK * (their_ticks - my_ticks) + TEMPO;
    let openness = (mine.open_goal_squares as i32)
        .min(theirs.open_goal_squares as i32)
        .min(OPEN_ENOUGH);
    lead * openness / OPEN_ENOUGH
}

/// Goal squares `player` could tick right now (it is not setting up).
fn threats(position: &CrossJack, player: Player) -> u32 {
    let geometry = &position.geometry;
    (geometry.dilate(position.marks_of(player)) & position.empty() & geometry.goal_row(player))
        .count_ones()
}
