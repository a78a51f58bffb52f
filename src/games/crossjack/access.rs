//! Access to the goal row: king-step flood fills over empty squares (columns wrapping) with
//! whole-board shifts, and an attack measured against the defender filling its zone row.

use super::geometry::{lowest, Geometry, MAX_SQUARES};
use crate::games::player::Player;

/// The layers of a flood over `empty` squares by king steps from `first`; disjoint and
/// never empty, so at most `MAX_SQUARES` of them.
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

/// A shortest chain of empty squares from a king step of `marks` to `goal`; `None` without
/// access. The position keeps it and floods again only when the opponent cuts it.
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

/// Flood layers for the usual short chain; deeper floods start over with room for all, so
/// the common flood clears a small buffer.
const SHALLOW_LAYERS: usize = 16;

/// A flood that needs more than the layers it was given.
struct TooDeep;

/// The chain of [`access_path`] from `first`, if at most `N` squares long.
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

/// [`shortest_chain`] for floods of any depth (`MAX_SQUARES` layers suffice).
#[cold]
fn deep_access_path(geometry: &Geometry, first: u128, empty: u128, goal: u128) -> Option<u128> {
    shortest_chain::<MAX_SQUARES>(geometry, first, empty, goal).unwrap_or(None)
}

/// Calls `reached(step, squares)` for each of the first `steps` flood steps from `first`
/// that reaches `goal`: the goal squares its `step`-th tick could be on at the earliest.
pub fn goal_reached(
    geometry: &Geometry,
    first: u128,
    empty: u128,
    goal: u128,
    steps: u32,
    mut reached: impl FnMut(u32, u128),
) {
    for (step, layer) in (1..=steps).zip(Flood::new(geometry, first, empty)) {
        if layer & goal != 0 {
            reached(step, layer & goal);
        }
    }
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

/// One player's attack on its goal row against the defender filling that row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    /// Ticks the attacker needs to reach the goal row; `None` without access.
    pub ticks: Option<u32>,
    /// Moves the defender can spare filling every goal square before the attacker's flood
    /// (earliest deadline first); negative: it cannot keep up. [`NO_ACCESS`] without access.
    pub slack: i32,
}

impl Attack {
    /// The filling cannot keep up with the attack.
    pub fn outruns_the_filling(&self) -> bool {
        self.slack < 0
    }
}

/// The slack of an attack without access: the defender need not fill anything.
pub const NO_ACCESS: i32 = 1000;

/// The defender as the filling sees it: its zone row, file by file (bit `file`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filler {
    /// Files of the row.
    pub width: u32,
    /// Files of the row it has ticked; 0 while it sets up (it may then tick anywhere).
    pub marks: u32,
    /// Empty files of the row a king step from its marks off the row, where a run may start.
    pub entries: u32,
}

impl Filler {
    /// The fewest ticks that fill every file of `needed`, in runs each touching a mark or an
    /// entry: one pass over each arc between marks, three states (outside a run, anchored,
    /// anchored only if it reaches the right mark).
    pub fn cost(&self, needed: u32) -> i32 {
        if self.marks == 0 {
            // Setting up: each setup tick goes anywhere on the row.
            return needed.count_ones() as i32;
        }
        const NEVER: i32 = 1 << 20;
        let start = self.marks.trailing_zeros();
        let mut total = 0;
        let (mut outside, mut anchored, mut hanging) = (NEVER, 0, NEVER);
        for step in 1..=self.width {
            let file = 1u32 << ((start + step) % self.width);
            if self.marks & file != 0 {
                total += outside.min(anchored).min(hanging);
                (outside, anchored, hanging) = (NEVER, 0, NEVER);
                continue;
            }
            let entry = self.entries & file != 0;
            let next_anchored = if entry {
                anchored.min(outside).min(hanging)
            } else {
                anchored
            } + 1;
            let next_hanging = if entry {
                NEVER
            } else {
                outside.min(hanging) + 1
            };
            let next_outside = if needed & file != 0 {
                NEVER
            } else {
                outside.min(anchored)
            };
            (outside, anchored, hanging) = (next_outside, next_anchored, next_hanging);
        }
        total
    }
}

/// The attack of `attacker` against `filler`: before the attacker's `j`-th tick the
/// defender (`j - 1` ticks, `j` if it moves first) must fill every goal square the flood
/// reaches in `j`. Pessimistic for the defender, the safer mistake.
pub fn attack(
    geometry: &Geometry,
    attacker: Player,
    attacker_first: u128,
    filler: &Filler,
    empty: u128,
    attacker_to_move: bool,
) -> Attack {
    let goal = geometry.goal_row(attacker);
    let defender = attacker.opponent();
    let open = goal & empty;
    let mut ticks = None;
    let mut threatened = 0u128;
    let mut slack = NO_ACCESS;
    for (step, layer) in (1..).zip(Flood::new(geometry, attacker_first, empty)) {
        let hits = layer & goal;
        if hits == 0 {
            continue;
        }
        ticks.get_or_insert(step as u32);
        threatened |= hits;
        let need = filler.cost(geometry.zone_files(defender, threatened));
        let available = step - i32::from(attacker_to_move);
        slack = slack.min(available - need);
        if slack < 0 || threatened == open {
            break;
        }
    }
    Attack { ticks, slack }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::size::BoardSize;

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

    /// Files named by letters, `a` = bit 0.
    fn files(names: &str) -> u32 {
        names.bytes().map(|b| 1u32 << (b - b'a')).sum()
    }

    #[test]
    fn filling_runs_out_from_the_marks_on_the_row() {
        // Marks on c and e: g, h and a lie in the arc f..b; the cheapest runs are f g h a
        // (or b a h g), four ticks, though each square alone is at most three away.
        let filler = Filler {
            width: 8,
            marks: files("ce"),
            entries: 0,
        };
        assert_eq!(filler.cost(files("gha")), 4);
        assert_eq!(filler.cost(files("d")), 1);
        assert_eq!(filler.cost(files("h")), 3);
        assert_eq!(filler.cost(files("fb")), 2);
        assert_eq!(filler.cost(files("dfghab")), 6);
        assert_eq!(filler.cost(0), 0);
    }

    #[test]
    fn a_filling_run_may_start_next_to_a_mark_off_the_row() {
        // An entry on g (a mark on the next row touches it) lets a run g h start there.
        let filler = Filler {
            width: 8,
            marks: files("ce"),
            entries: files("g"),
        };
        assert_eq!(filler.cost(files("h")), 2);
        assert_eq!(filler.cost(files("gha")), 3);
    }

    #[test]
    fn a_filler_setting_up_ticks_anywhere_on_the_row() {
        let filler = Filler {
            width: 8,
            marks: 0,
            entries: 0,
        };
        assert_eq!(filler.cost(files("aeh")), 3);
    }

    #[test]
    fn a_closed_corridor_gives_no_access() {
        let (geometry, marks, empty, goal) = corridor();
        let gap = 1u128 << (3 * 16 + 8);
        assert_eq!(access_path(geometry, marks, empty & !gap, goal), None);
    }
}
