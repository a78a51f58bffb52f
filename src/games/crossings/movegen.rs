//! Move generation, front by front: a *front* is an unlocked own stone whose next square in
//! the direction is not its own; its moves' tails are the unlocked stones behind it (group
//! rules: docs/rules.md).

use super::geometry::{
    behind, bit, nearest_on_ray, opposite, step_from, steps_between, target_row, NEIGHBOUR, NORTH,
    NORTH_EAST, NORTH_WEST, OFF, RAY_LENGTHS, SOUTH, SOUTH_EAST, SOUTH_WEST,
};
use super::moves::Move;
use super::position::Crossings;
use super::turn::Turn;
use crate::games::bitboard::Bitboard;
use crate::games::player::Player;

/// The directions toward `player`'s target row, the only ones that can cross.
const fn forward_directions(player: Player) -> [usize; 3] {
    match player {
        Player::One => [NORTH, NORTH_EAST, NORTH_WEST],
        Player::Two => [SOUTH, SOUTH_EAST, SOUTH_WEST],
    }
}

/// The stone sets a direction's count needs, from the mover's point of view.
#[derive(Clone, Copy)]
struct Sides {
    own: u64,
    free: u64,
    enemy: u64,
    capturable: u64,
    empty: u64,
    /// [`crossing_fronts`] of the mover.
    crossing_fronts: u64,
}

impl Sides {
    #[inline(always)]
    fn new(position: &Crossings, mover: Player) -> Self {
        let own = position.stones_of(mover);
        let enemy = position.stones_of(mover.opponent());
        Sides {
            own,
            free: own & !position.locked,
            enemy,
            capturable: enemy & !position.locked,
            empty: !(own | enemy),
            crossing_fronts: crossing_fronts(mover),
        }
    }
}

/// The run of `set` after `from` in direction `d`, and the square ending it (not the edge).
#[inline(always)]
fn run_and_stop(set: u64, from: u8, d: usize) -> (u32, Option<u8>) {
    let stop = nearest_on_ray(!set, from, d);
    let run = match stop {
        Some(stop) => steps_between(from, stop) - 1,
        None => u32::from(RAY_LENGTHS[d][from as usize]),
    };
    (run, stop)
}

/// Consecutive squares from `from` (excluded) in direction `d` that lie in `set`.
#[inline(always)]
fn run_ahead(set: u64, from: u8, d: usize) -> u32 {
    run_and_stop(set, from, d).0
}

/// One front's moves in direction `d`, handed to `sink` (only crossings if `crossings_only`).
#[inline(always)]
fn front_moves(
    sides: &Sides,
    front: u8,
    d: usize,
    target: u64,
    crossings_only: bool,
    sink: &mut impl FnMut(Move),
) {
    let back = opposite(d);
    let len = 1 + run_ahead(sides.free, front, back);
    // The empty run ahead, and the stone after it when that stone could be captured.
    let (gap, stop) = run_and_stop(sides.empty, front, d);
    let prey = stop
        .filter(|&at| sides.capturable & bit(at) != 0)
        .map(|at| (at, 1 + run_ahead(sides.enemy, at, d)));
    let mut landing = [OFF; 9];
    let mut at = front;
    for slot in landing.iter_mut().skip(1).take(gap.min(len) as usize) {
        at = NEIGHBOUR[d][at as usize];
        *slot = at;
    }
    let mut tail = front;
    for m in 1..=len {
        for s in 1..=gap.min(m) {
            if !crossings_only || target & bit(landing[s as usize]) != 0 {
                sink(Move::new(tail, d, m, s));
            }
        }
        if let Some((prey_sq, line)) = prey {
            if m > gap && m > line && (!crossings_only || target & bit(prey_sq) != 0) {
                sink(Move::new(tail, d, m, gap + 1));
            }
        }
        tail = NEIGHBOUR[back][tail as usize];
    }
}

/// The squares from which a front of `player` can reach its target row in one move: at
/// least half way (a group of `m` moves at most `m`), not on it (Red: ranks 4–7).
const fn crossing_fronts(player: Player) -> u64 {
    match player {
        Player::One => 0x00FF_FFFF_FF00_0000,
        Player::Two => 0x0000_00FF_FFFF_FF00,
    }
}

fn direction_moves<const D: usize>(
    sides: &Sides,
    target: u64,
    crossings_only: bool,
    sink: &mut impl FnMut(Move),
) {
    let mut fronts = sides.free & !behind::<D>(sides.own);
    if crossings_only {
        fronts &= sides.crossing_fronts;
    }
    for front in Bitboard(fronts) {
        front_moves(sides, front, D, target, crossings_only, sink);
    }
}

/// Calls `sink` with every group move of `mover` (only crossings if `crossings_only`).
fn group_moves(
    position: &Crossings,
    mover: Player,
    crossings_only: bool,
    sink: &mut impl FnMut(Move),
) {
    let sides = Sides::new(position, mover);
    let target = target_row(mover);
    if crossings_only {
        for d in forward_directions(mover) {
            match d {
                NORTH => direction_moves::<0>(&sides, target, true, sink),
                NORTH_EAST => direction_moves::<1>(&sides, target, true, sink),
                SOUTH_EAST => direction_moves::<3>(&sides, target, true, sink),
                SOUTH => direction_moves::<4>(&sides, target, true, sink),
                SOUTH_WEST => direction_moves::<5>(&sides, target, true, sink),
                _ => direction_moves::<7>(&sides, target, true, sink),
            }
        }
    } else {
        direction_moves::<0>(&sides, target, false, sink);
        direction_moves::<1>(&sides, target, false, sink);
        direction_moves::<2>(&sides, target, false, sink);
        direction_moves::<3>(&sides, target, false, sink);
        direction_moves::<4>(&sides, target, false, sink);
        direction_moves::<5>(&sides, target, false, sink);
        direction_moves::<6>(&sides, target, false, sink);
        direction_moves::<7>(&sides, target, false, sink);
    }
}

impl Crossings {
    /// Classifies the turn of the player to move, counting its moves.
    #[inline]
    pub(super) fn turn(&self) -> Turn {
        if self.faces_crossing() {
            let mut n = 0;
            group_moves(self, self.to_move, true, &mut |_| n += 1);
            return Turn::CounterCrossings(n);
        }
        match self.mobility.count(self.to_move) {
            0 if self.mobility.count(self.to_move.opponent()) == 0 => Turn::Stuck,
            0 => Turn::Pass,
            n => Turn::Moves(n),
        }
    }

    /// Hands every legal move to `sink`, in generation order.
    pub(super) fn for_each_legal_move(&self, sink: &mut impl FnMut(Move)) {
        if self.faces_crossing() {
            group_moves(self, self.to_move, true, sink);
            return;
        }
        let mut any = false;
        group_moves(self, self.to_move, false, &mut |mv| {
            any = true;
            sink(mv)
        });
        if !any && self.mobility.count(self.to_move.opponent()) > 0 {
            sink(Move::PASS);
        }
    }

    /// True when `mv` is legal, generating only its front's moves.
    pub(super) fn is_legal(&self, mv: Move) -> bool {
        let me = self.to_move;
        let crossings_only = self.faces_crossing();
        if mv.is_pass() {
            return mv == Move::PASS
                && !crossings_only
                && self.mobility.count(me) == 0
                && self.mobility.count(me.opponent()) > 0;
        }
        let d = mv.direction();
        if d >= NEIGHBOUR.len() || (crossings_only && !forward_directions(me).contains(&d)) {
            return false;
        }
        let Some(front) = mv
            .stones()
            .checked_sub(1)
            .and_then(|behind_front| step_from(mv.tail(), d, behind_front))
        else {
            return false;
        };
        let sides = Sides::new(self, me);
        let ahead = NEIGHBOUR[d][usize::from(front)];
        let is_front =
            sides.free & bit(front) != 0 && (ahead == OFF || sides.own & bit(ahead) == 0);
        if !is_front || (crossings_only && sides.crossing_fronts & bit(front) == 0) {
            return false;
        }
        let mut found = false;
        front_moves(
            &sides,
            front,
            d,
            target_row(me),
            crossings_only,
            &mut |generated| found |= generated == mv,
        );
        found
    }

    /// Hands every crossing move to `sink` (none when facing a crossing).
    pub(super) fn for_each_crossing(&self, sink: &mut impl FnMut(Move)) {
        if !self.faces_crossing() {
            group_moves(self, self.to_move, true, sink);
        }
    }

    /// True when the player to move has a counter-crossing.
    pub(super) fn can_counter_cross(&self) -> bool {
        let mut found = false;
        group_moves(self, self.to_move, true, &mut |_| found = true);
        found
    }

    /// The group moves of `player` whoever's turn it is (the evaluation's mobility).
    #[inline(always)]
    pub(super) fn group_move_count(&self, player: Player) -> u32 {
        self.mobility.count(player)
    }

    /// [`Crossings::group_move_count`] counted afresh, move by move.
    #[cfg(test)]
    pub(super) fn group_moves_generated(&self, player: Player) -> u32 {
        let mut n = 0;
        group_moves(self, player, false, &mut |_| n += 1);
        n
    }
}
