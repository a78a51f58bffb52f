//! The 8×8 board as a `u64` (bit index `rank * 8 + file`) and the eight directions a group
//! can move in, as shifts that never wrap from one edge to the other.

use crate::games::coord::Coord;
use crate::games::player::Player;
use crate::games::size::BoardSize;

/// The bits of file `a`.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The bits of file `h`.
pub const FILE_H: u64 = FILE_A << 7;
/// The bits of rank 1.
pub const RANK_1: u64 = 0xFF;
/// The bits of rank 8.
pub const RANK_8: u64 = RANK_1 << 56;

/// The eight directions: index `d`, and the opposite is `(d + 4) % 8`.
pub const NORTH: usize = 0;
/// Up and to the right.
pub const NORTH_EAST: usize = 1;
/// To the right.
pub const EAST: usize = 2;
/// Down and to the right.
pub const SOUTH_EAST: usize = 3;
/// Down.
pub const SOUTH: usize = 4;
/// Down and to the left.
pub const SOUTH_WEST: usize = 5;
/// To the left.
pub const WEST: usize = 6;
/// Up and to the left.
pub const NORTH_WEST: usize = 7;

/// File and rank step of each direction.
pub const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The bit index change of one step in each direction.
pub const DELTAS: [i32; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

/// The direction pointing the other way.
#[inline(always)]
pub const fn opposite(d: usize) -> usize {
    (d + 4) & 7
}

/// Every stone of `x` moved one step in direction `D`; stones that would leave the board
/// disappear.
#[inline(always)]
pub const fn shift<const D: usize>(x: u64) -> u64 {
    match D {
        NORTH => x << 8,
        NORTH_EAST => (x << 9) & !FILE_A,
        EAST => (x << 1) & !FILE_A,
        SOUTH_EAST => (x >> 7) & !FILE_A,
        SOUTH => x >> 8,
        SOUTH_WEST => (x >> 9) & !FILE_H,
        WEST => (x >> 1) & !FILE_H,
        _ => (x << 7) & !FILE_H,
    }
}

/// The squares whose neighbour in direction `D` is in `x` (a shift against `D`).
#[inline(always)]
pub const fn behind<const D: usize>(x: u64) -> u64 {
    match D {
        NORTH => shift::<SOUTH>(x),
        NORTH_EAST => shift::<SOUTH_WEST>(x),
        EAST => shift::<WEST>(x),
        SOUTH_EAST => shift::<NORTH_WEST>(x),
        SOUTH => shift::<NORTH>(x),
        SOUTH_WEST => shift::<NORTH_EAST>(x),
        WEST => shift::<EAST>(x),
        _ => shift::<SOUTH_EAST>(x),
    }
}

/// Marks "off the board" in [`NEIGHBOUR`].
pub const OFF: u8 = 64;

/// `NEIGHBOUR[d][sq]`: the square one step from `sq` in direction `d`, or [`OFF`].
pub static NEIGHBOUR: [[u8; 64]; 8] = neighbours();

const fn neighbours() -> [[u8; 64]; 8] {
    let mut table = [[OFF; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let file = (sq % 8) as i32 + STEPS[d].0;
            let rank = (sq / 8) as i32 + STEPS[d].1;
            if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                table[d][sq] = (rank * 8 + file) as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

/// `RAYS[d][sq]`: the squares beyond `sq` in direction `d`, to the edge of the board.
pub static RAYS: [[u64; 64]; 8] = rays().0;

/// `RAY_LENGTHS[d][sq]`: how many squares [`RAYS`]`[d][sq]` holds.
pub static RAY_LENGTHS: [[u8; 64]; 8] = rays().1;

/// [`RAYS`] and [`RAY_LENGTHS`], walked neighbour by neighbour.
const fn rays() -> ([[u64; 64]; 8], [[u8; 64]; 8]) {
    let neighbour = neighbours();
    let mut rays = [[0; 64]; 8];
    let mut lengths = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut at = neighbour[d][sq];
            while at != OFF {
                rays[d][sq] |= bit(at);
                lengths[d][sq] += 1;
                at = neighbour[d][at as usize];
            }
            sq += 1;
        }
        d += 1;
    }
    (rays, lengths)
}

/// The nearest square of `set` beyond `from` in direction `d`, if any.
#[inline(always)]
pub fn nearest_on_ray(set: u64, from: u8, d: usize) -> Option<u8> {
    let hits = RAYS[d][from as usize] & set;
    if hits == 0 {
        None
    } else if DELTAS[d] > 0 {
        Some(hits.trailing_zeros() as u8)
    } else {
        Some(63 - hits.leading_zeros() as u8)
    }
}

/// The king steps between two squares on one line.
#[inline(always)]
pub fn steps_between(a: u8, b: u8) -> u32 {
    let files = (a % 8).abs_diff(b % 8);
    let ranks = (a / 8).abs_diff(b / 8);
    u32::from(files.max(ranks))
}

/// The square `steps` steps from `sq` in direction `d`, if it is on the board.
#[inline]
pub fn step_from(sq: u8, d: usize, steps: u32) -> Option<u8> {
    let mut at = sq;
    for _ in 0..steps {
        at = *NEIGHBOUR[d].get(at as usize)?;
    }
    (at != OFF).then_some(at)
}

/// The bit of square `sq`.
#[inline(always)]
pub const fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// The only board Crossings is played on.
pub const SIZE: BoardSize = BoardSize::square(8);

/// A player's target row: the row farthest from its side, where its stones cross.
#[inline(always)]
pub const fn target_row(player: Player) -> u64 {
    match player {
        Player::One => RANK_8,
        Player::Two => RANK_1,
    }
}

/// The number (1–8) of a player's target rank.
pub fn target_rank_number(player: Player) -> u8 {
    match player {
        Player::One => 8,
        Player::Two => 1,
    }
}

/// The bit index of a coordinate on the 8×8 board.
#[inline]
pub fn square(c: Coord) -> u8 {
    c.index(SIZE.width) as u8
}

/// The coordinate of square `sq`, which names it (e.g. `e4`) in messages.
pub fn coord(sq: u8) -> Coord {
    Coord::from_index(usize::from(sq), SIZE.width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_the_neighbour_table() {
        fn check<const D: usize>() {
            for sq in 0..64u8 {
                let expected = match NEIGHBOUR[D][sq as usize] {
                    OFF => 0,
                    to => bit(to),
                };
                assert_eq!(shift::<D>(bit(sq)), expected, "direction {D} from {sq}");
                assert_eq!(
                    behind::<D>(expected),
                    if expected == 0 { 0 } else { bit(sq) }
                );
            }
        }
        check::<0>();
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
        check::<6>();
        check::<7>();
    }

    #[test]
    fn rays_run_neighbour_by_neighbour_to_the_edge() {
        for d in 0..8 {
            for sq in 0..64u8 {
                let walked: Vec<u8> = (1..8).map_while(|k| step_from(sq, d, k)).collect();
                let ray = RAYS[d][sq as usize];
                assert_eq!(ray, walked.iter().fold(0, |acc, &at| acc | bit(at)));
                assert_eq!(usize::from(RAY_LENGTHS[d][sq as usize]), walked.len());
                assert_eq!(nearest_on_ray(ray, sq, d), walked.first().copied());
                for (k, &at) in walked.iter().enumerate() {
                    assert_eq!(steps_between(sq, at), k as u32 + 1);
                    let beyond = ray & !walked[..k].iter().fold(0, |acc, &b| acc | bit(b));
                    assert_eq!(nearest_on_ray(beyond, sq, d), Some(at));
                }
            }
        }
    }

    #[test]
    fn deltas_match_steps() {
        for d in 0..8 {
            assert_eq!(DELTAS[d], STEPS[d].0 + 8 * STEPS[d].1);
            assert_eq!(DELTAS[opposite(d)], -DELTAS[d]);
        }
    }
}
