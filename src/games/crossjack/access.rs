//! Access to the goal row: flood fills over empty squares by king steps (columns wrapping),
//! done with whole-board bit shifts.

use super::geometry::{lowest, Geometry, MAX_SQUARES};

/// The layers of a flood over `empty` squares by king steps: `first`, then the squares one
/// more step away, and so on until nothing new is reached. Layers are disjoint and never
/// empty, so a board of `MAX_SQUARES` squares has at most that many.
struct Flood<'a> {
    geometry: &'a Geometry,
    empty: u128,
    reached: u128,
    layer: u128,
    started: bool,
}

impl<'a> Flood<'a> {
    fn new(geometry: &'a Geometry, first: u128, empty: u128) -> Self {
        Flood {
            geometry,
            empty,
            reached: first,
            layer: first,
            started: false,
        }
    }
}

impl Iterator for Flood<'_> {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        // The next layer is computed only when asked for: callers often stop at a hit.
        if self.started {
            self.layer = self.geometry.dilate(self.layer) & self.empty & !self.reached;
            self.reached |= self.layer;
        }
        self.started = true;
        (self.layer != 0).then_some(self.layer)
    }
}

/// A shortest chain of empty squares leading from a king step of `marks` to an empty square
/// of `goal`, as a set; `None` when there is no access.
///
/// While the opponent ticks none of these squares the access stands, so the position keeps
/// the chain and floods again only when it is cut.
pub fn access_path(geometry: &Geometry, marks: u128, empty: u128, goal: u128) -> Option<u128> {
    let first = geometry.dilate(marks) & empty;
    if first & goal != 0 {
        // The common case, spared the flood.
        return Some(lowest(first & goal));
    }
    match shortest_chain::<SHALLOW_LAYERS>(geometry, first, empty, goal) {
        Ok(chain) => chain,
        Err(TooDeep) => deep_access_path(geometry, first, empty, goal),
    }
}

/// Flood layers kept for the usual short chain; a flood that goes deeper starts over with
/// room for every layer, so that the common flood does not clear a 2 KiB buffer.
const SHALLOW_LAYERS: usize = 16;

/// A flood that needs more than the layers it was given.
struct TooDeep;

/// The chain of [`access_path`] from the squares `first` one tick away, for boards whose
/// shortest chain is at most `N` squares long.
fn shortest_chain<const N: usize>(
    geometry: &Geometry,
    first: u128,
    empty: u128,
    goal: u128,
) -> Result<Option<u128>, TooDeep> {
    let mut layers = [0u128; N];
    for (depth, layer) in Flood::new(geometry, first, empty).enumerate() {
        let hits = layer & goal;
        if hits != 0 {
            return Ok(Some(trace_back(geometry, &layers[..depth], lowest(hits))));
        }
        *layers.get_mut(depth).ok_or(TooDeep)? = layer;
    }
    Ok(None)
}

/// [`shortest_chain`] for floods of any depth: a board's layers are disjoint and never
/// empty, so `MAX_SQUARES` of them always suffice.
#[cold]
fn deep_access_path(geometry: &Geometry, first: u128, empty: u128, goal: u128) -> Option<u128> {
    shortest_chain::<MAX_SQUARES>(geometry, first, empty, goal).unwrap_or(None)
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
    let mut reached = 0;
    let mut ticks = None;
    for (step, layer) in (1..).zip(Flood::new(geometry, first, empty)) {
        if ticks.is_none() && layer & goal != 0 {
            ticks = Some(step);
        }
        reached |= layer;
    }
    Race {
        ticks,
        open_goal_squares: (reached & goal).count_ones(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::BoardSize;

    /// A corridor on a 16×8 board from X's mark on h8 down to a1, zig-zagging through
    /// single gaps in three walls so that the shortest chain is far longer than
    /// `SHALLOW_LAYERS`.
    fn corridor() -> (&'static Geometry, u128, u128, u128) {
        let geometry = Geometry::of(BoardSize::new(16, 8)).unwrap();
        let square = |file: u32, rank: u32| 1u128 << (rank * 16 + file);
        let row = |rank: u32| 0xFFFFu128 << (rank * 16);
        let empty = row(6) | square(0, 5) | row(4) | square(8, 3) | row(2) | square(0, 1);
        let goal = square(0, 0) | square(1, 0);
        (geometry, square(8, 7), empty | goal, goal)
    }

    #[test]
    fn a_chain_longer_than_the_shallow_buffer_is_found_and_is_shortest() {
        let (geometry, marks, empty, goal) = corridor();
        let first = geometry.dilate(marks) & empty;
        assert!(shortest_chain::<SHALLOW_LAYERS>(geometry, first, empty, goal).is_err());
        let chain = access_path(geometry, marks, empty, goal).expect("the corridor is open");
        let deepest = Flood::new(geometry, first, empty)
            .position(|layer| layer & goal != 0)
            .expect("the flood reaches the goal");
        assert!(deepest >= SHALLOW_LAYERS);
        // One square per flood layer, all empty, each a king step from the next.
        assert_eq!(chain.count_ones() as usize, deepest + 1);
        assert_eq!(chain & !empty, 0);
        assert_ne!(chain & goal, 0);
        assert_ne!(chain & first, 0);
        let mut reached = chain & first;
        for _ in 0..deepest {
            reached |= geometry.dilate(reached) & chain;
        }
        assert_eq!(reached, chain);
    }

    #[test]
    fn a_closed_corridor_gives_no_access() {
        let (geometry, marks, empty, goal) = corridor();
        let gap = 1u128 << (3 * 16 + 8);
        assert_eq!(access_path(geometry, marks, empty & !gap, goal), None);
    }
}
