//! Moves and their text: the tail's square then the square the tail lands on (`a1a3`),
//! or `0000` for the pass.

use std::fmt;

use super::geometry::{coord, step_from};

/// A Crossings move: the group of `len` stones from `tail` moving `distance` squares in
/// direction `direction`; a distance of 0 is the pass.
#[derive(Clone, Copy, Eq)]
pub struct Move {
    tail: u8,
    direction: u8,
    len: u8,
    distance: u8,
}

/// Moves compare as one word: the search looks for killers among many moves.
impl PartialEq for Move {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.word() == other.word()
    }
}

/// [`Move::tag`] of the pass.
const PASS_TAG: u16 = 1 << 15;

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.word().hash(state);
    }
}

impl Move {
    /// The pass (`0000`).
    pub const PASS: Move = Move {
        tail: 0,
        direction: 0,
        len: 0,
        distance: 0,
    };

    /// The group move (`direction` an index of [`STEPS`](super::geometry::STEPS)).
    #[inline(always)]
    pub(super) fn new(tail: u8, direction: usize, len: u32, distance: u32) -> Self {
        Move {
            tail,
            direction: direction as u8,
            len: len as u8,
            distance: distance as u8,
        }
    }

    /// The four fields as one word.
    #[inline(always)]
    fn word(self) -> u32 {
        u32::from_ne_bytes([self.tail, self.direction, self.len, self.distance])
    }

    /// The move in 16 bits: tail, direction, stones − 1, distance − 1 (6 + 3 + 3 + 3 bits);
    /// the pass has bit 15.
    #[inline]
    pub fn tag(self) -> u16 {
        if self.is_pass() {
            return PASS_TAG;
        }
        u16::from(self.tail)
            | u16::from(self.direction) << 6
            | u16::from(self.len.saturating_sub(1)) << 9
            | u16::from(self.distance.saturating_sub(1)) << 12
    }

    /// The move of [`Move::tag`] `tag`, if `tag` is one (the move need not be legal).
    #[inline]
    pub fn from_tag(tag: u16) -> Option<Move> {
        match tag {
            PASS_TAG => Some(Move::PASS),
            _ if tag & PASS_TAG != 0 => None,
            _ => Some(Move {
                tail: (tag & 63) as u8,
                direction: (tag >> 6 & 7) as u8,
                len: (tag >> 9 & 7) as u8 + 1,
                distance: (tag >> 12 & 7) as u8 + 1,
            }),
        }
    }

    /// True for the pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.distance == 0
    }

    /// The square (bit index) of the rear-most moving stone.
    #[inline(always)]
    pub fn tail(self) -> u8 {
        self.tail
    }

    /// The direction, an index of the bitboard directions (0 = north, clockwise).
    #[inline(always)]
    pub fn direction(self) -> usize {
        self.direction as usize
    }

    /// How many stones move (0 for the pass).
    #[inline(always)]
    pub fn stones(self) -> u32 {
        self.len as u32
    }

    /// How many squares the stones move.
    #[inline(always)]
    pub fn distance(self) -> u32 {
        self.distance as u32
    }

    /// The square the tail lands on (the pass: its tail).
    pub fn tail_landing(self) -> u8 {
        step_from(self.tail, self.direction(), self.distance()).unwrap_or(self.tail)
    }

    /// The square the front stone lands on (the pass: its tail).
    pub fn front_landing(self) -> u8 {
        step_from(
            self.tail,
            self.direction(),
            (self.stones() + self.distance()).saturating_sub(1),
        )
        .unwrap_or(self.tail)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("0000")
        } else {
            write!(f, "{}{}", coord(self.tail), coord(self.tail_landing()))
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({} stones)", self.len)
    }
}
