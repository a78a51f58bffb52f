//! Access to the goal row: flood fills over empty squares by king steps (columns wrapping),
//! done with whole-board bit shifts.

use super::geometry::{lowest, Geometry, MAX_SQUARES};

/// A shortest chain of empty squares leading from a king step of `marks` to an empty square
/// of `goal`, as a set; `None` when there is no access.
///
/// While the opponent ticks none of these squares the access stands, so the position keeps
/// the chain and floods again only when it is cut.
pub fn access_path(geometry: &Geometry, marks: u128, empty: u128, goal: u128) -> Option<u128> {
    let first = geometry.dilate(marks) & empty;
    if first & goal != 0 {
        return Some(lowest(first & goal));
    }
    let mut layers = [0u128; MAX_SQUARES];
    let mut reached = first;
    let mut frontier = first;
    let mut depth = 0;
    while frontier != 0 {
        // Each layer adds at least one square, so there are fewer layers than squares.
        layers[depth] = frontier;
        let hits = frontier & goal;
        if hits != 0 {
            return Some(trace_back(geometry, &layers[..depth], lowest(hits)));
        }
        frontier = geometry.dilate(frontier) & empty & !reached;
        reached |= frontier;
        depth += 1;
    }
    None
}

/// Walks from `end` back through the earlier flood layers, one square per layer.
fn trace_back(geometry: &Geometry, layers: &[u128], end: u128) -> u128 {
    let mut path = end;
    let mut current = end;
    for &layer in layers.iter().rev() {
        current = lowest(geometry.dilate(current) & layer);
        path |= current;
    }
    path
}

/// How a player stands in the race to its goal row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Race {
    /// Ticks needed to reach the goal row on the current board; `None` without access.
    pub ticks: Option<u32>,
    /// Empty goal squares still reachable: few means the blockade is near.
    pub open_goal_squares: u32,
}

/// The race from `first` (the squares a player can tick next) to `goal` over `empty` squares.
pub fn race(geometry: &Geometry, first: u128, empty: u128, goal: u128) -> Race {
    let mut reached = first;
    let mut frontier = first;
    let mut ticks = None;
    let mut step = 1;
    while frontier != 0 {
        if ticks.is_none() && frontier & goal != 0 {
            ticks = Some(step);
        }
        frontier = geometry.dilate(frontier) & empty & !reached;
        reached |= frontier;
        step += 1;
    }
    Race {
        ticks,
        open_goal_squares: (reached & goal).count_ones(),
    }
}
