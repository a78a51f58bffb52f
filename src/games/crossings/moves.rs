//! Moves and their notation: the tail's square then the square the tail lands on (`a1a3`),
//! or `0000` for the pass. Reading a move checks it against the rules one by one so that an
//! illegal move is refused with the rule it breaks.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{all_consuming, consumed, map, value};
use nom::sequence::pair;
use nom::{IResult, Parser};

use thiserror::Error;

use super::geometry::{bit, step_from, STEPS};
use super::turn::Turn;
use super::{colour_name, coord, square, target_row, Crossings, SIZE};
use crate::games::coord::Coord;
use crate::games::coord::{on_board, square as square_name_parser};
use crate::games::error::{GameReason, MoveError};
use crate::games::player::Player;
use crate::games::rules::Game;

/// A Crossings move: the group of `len` stones from `tail` moving `distance` squares in
/// direction `direction`; a distance of 0 is the pass.
#[derive(Clone, Copy, Eq)]
pub struct Move {
    tail: u8,
    direction: u8,
    len: u8,
    distance: u8,
}

/// Moves compare as one word, not field by field: the search looks for its killer moves
/// among a node's hundred or so.
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

    /// The group of `len` stones with its tail on `tail` moving `distance` squares in
    /// direction `direction` (an index of [`STEPS`]).
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

    /// The move in 16 bits, [`Move::from_tag`]'s: the tail's square, the direction, and the
    /// stones and the distance less one, in 6 + 3 + 3 + 3 bits; the pass has the 16th bit.
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

/// A move text as read, before the rules look at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Notation<'a> {
    Pass,
    Squares((&'a str, Coord), (&'a str, Coord)),
}

fn notation(input: &str) -> IResult<&str, Notation<'_>> {
    alt((
        value(Notation::Pass, tag("0000")),
        map(
            pair(consumed(square_name_parser), consumed(square_name_parser)),
            |(from, to)| Notation::Squares(from, to),
        ),
    ))
    .parse(input)
}

/// What the notation looks like, for syntax errors.
const NOTATION: &str = "the tail's square then its landing square, like a1a3, or 0000 to pass";

/// The rule a well-formed Crossings move on the board breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// Facing a crossing, only a move that crosses too may be played.
    #[error("must answer the crossing with a counter-crossing")]
    MustCounterCross,
    /// The pass is only the move of a player without a group move.
    #[error("passing is only legal with no other move")]
    PassWithMovesLeft,
    /// No group rule is broken, yet the move is not among the legal moves.
    #[error("not a legal move here")]
    NotLegalHere,
    /// The tail square holds no stone of the player to move.
    #[error("no {} stone on {square}", colour_name(*.player))]
    NoOwnStone {
        /// The player to move.
        player: Player,
        /// The tail square as written.
        square: Coord,
    },
    /// The tail is a locked stone.
    #[error("the {} stone on {square} is locked", colour_name(*.player))]
    LockedTail {
        /// The player to move.
        player: Player,
        /// The tail square.
        square: Coord,
    },
    /// The landing square is the tail square.
    #[error("the tail must move")]
    TailStays,
    /// The two squares lie on no rank, file or diagonal together.
    #[error("not a straight line")]
    NotStraight,
    /// A locked stone belongs to the group and holds it in place.
    #[error("the group from {tail} includes the locked stone on {locked}")]
    LockedInGroup {
        /// The tail square.
        tail: Coord,
        /// The first locked stone of the group.
        locked: Coord,
    },
    /// A group moves at most as many squares as it has stones.
    #[error(
        "the group from {tail} has {len} stone{s} and may move at most {len} square{s}",
        s = plural(*.len)
    )]
    TooFar {
        /// The tail square.
        tail: Coord,
        /// Stones in the group.
        len: u32,
    },
    /// The front stone would move past the edge.
    #[error("the front stone on {front} would leave the board")]
    LeavesBoard {
        /// The front stone's square.
        front: Coord,
    },
    /// A stone stands on a square the front stone passes over.
    #[error("the path is blocked at {square}")]
    Blocked {
        /// The first occupied square of the path.
        square: Coord,
    },
    /// The front stone would land on a stone of its own player.
    #[error("the front stone would land on the {} stone on {square}", colour_name(*.player))]
    OntoOwnStone {
        /// The player to move.
        player: Player,
        /// The landing square.
        square: Coord,
    },
    /// Only groups of two or more stones capture.
    #[error("a single stone cannot capture")]
    SingleStoneCapture,
    /// Locked stones cannot be captured.
    #[error("the locked {} stone on {square} cannot be captured", colour_name(*.owner))]
    LockedPrey {
        /// The prey's owner.
        owner: Player,
        /// The prey's square.
        square: Coord,
    },
    /// The enemy line from the prey is as long as the group: no capture.
    #[error(
        "the {} line from {square} is as long as the moving group ({len} stones)",
        colour_name(*.owner)
    )]
    EqualLine {
        /// The line's owner.
        owner: Player,
        /// The prey's square, the line's near end.
        square: Coord,
        /// Stones in the group and in the line.
        len: u32,
    },
    /// The enemy line from the prey is longer than the group: no capture.
    #[error(
        "the {} line from {square} ({line} stones) is longer than the moving group ({len})",
        colour_name(*.owner)
    )]
    LongerLine {
        /// The line's owner.
        owner: Player,
        /// The prey's square, the line's near end.
        square: Coord,
        /// Stones in the line.
        line: u32,
        /// Stones in the group.
        len: u32,
    },
}

impl From<IllegalReason> for GameReason {
    fn from(reason: IllegalReason) -> Self {
        GameReason::of(&reason)
    }
}

/// Reads a move and checks it against the rules, naming the rule an illegal move breaks.
pub(super) fn read(position: &Crossings, text: &str) -> Result<Move, MoveError> {
    let written = text.trim().to_ascii_lowercase();
    let (_, parsed) = all_consuming(notation)
        .parse(written.as_str())
        .map_err(|_| MoveError::Syntax(written.clone(), Crossings::NAME, NOTATION))?;
    let illegal = |reason: IllegalReason| MoveError::Illegal {
        mv: written.clone(),
        reason: reason.into(),
    };
    let turn = position.turn();
    let (from, to) = match parsed {
        Notation::Pass => {
            return match turn {
                Turn::Pass => Ok(Move::PASS),
                Turn::Stuck | Turn::CounterCrossings(0) => {
                    Err(MoveError::GameOver(written.clone()))
                }
                Turn::CounterCrossings(_) => Err(illegal(IllegalReason::MustCounterCross)),
                Turn::Moves(_) => Err(illegal(IllegalReason::PassWithMovesLeft)),
            }
        }
        Notation::Squares(from, to) => (from, to),
    };
    let from = on_board(from.1, from.0, SIZE)?;
    let to = on_board(to.1, to.0, SIZE)?;
    if matches!(turn, Turn::Stuck | Turn::CounterCrossings(0)) {
        return Err(MoveError::GameOver(written.clone()));
    }
    let mv = check_group_move(position, from, to).map_err(illegal)?;
    if matches!(turn, Turn::CounterCrossings(_))
        && bit(mv.front_landing()) & target_row(position.to_move) == 0
    {
        return Err(illegal(IllegalReason::MustCounterCross));
    }
    let mut legal = false;
    position.for_each_legal_move(&mut |m| legal |= m == mv);
    if legal {
        Ok(mv)
    } else {
        Err(illegal(IllegalReason::NotLegalHere))
    }
}

/// Checks the group rules for the move of the tail on `from` to `to`; the rule it breaks
/// if it breaks one.
fn check_group_move(position: &Crossings, from: Coord, to: Coord) -> Result<Move, IllegalReason> {
    let player = position.to_move;
    let own = position.stones_of(player);
    let enemy = position.stones_of(player.opponent());
    let tail = square(from);
    if own & bit(tail) == 0 {
        return Err(IllegalReason::NoOwnStone {
            player,
            square: from,
        });
    }
    if position.locked & bit(tail) != 0 {
        return Err(IllegalReason::LockedTail {
            player,
            square: from,
        });
    }
    let (direction, distance) = direction_and_distance(from, to)?;
    // The group: the tail and the own stones in a row ahead of it.
    let (mut front, mut len, mut first_locked) = (tail, 1, None);
    while let Some(next) = step_from(front, direction, 1).filter(|&sq| own & bit(sq) != 0) {
        if first_locked.is_none() && position.locked & bit(next) != 0 {
            first_locked = Some(next);
        }
        front = next;
        len += 1;
    }
    if let Some(locked) = first_locked {
        return Err(IllegalReason::LockedInGroup {
            tail: from,
            locked: coord(locked),
        });
    }
    if distance > len {
        return Err(IllegalReason::TooFar { tail: from, len });
    }
    for step in 1..=distance {
        let Some(sq) = step_from(front, direction, step) else {
            return Err(IllegalReason::LeavesBoard {
                front: coord(front),
            });
        };
        let occupied = (own | enemy) & bit(sq) != 0;
        if step < distance {
            if occupied {
                return Err(IllegalReason::Blocked { square: coord(sq) });
            }
        } else if own & bit(sq) != 0 {
            return Err(IllegalReason::OntoOwnStone {
                player,
                square: coord(sq),
            });
        } else if enemy & bit(sq) != 0 {
            check_capture(position, sq, direction, len)?;
        }
    }
    Ok(Move::new(tail, direction, len, distance))
}

/// Checks that a group of `len` stones moving in `direction` may capture the enemy stone on
/// `prey`.
fn check_capture(
    position: &Crossings,
    prey: u8,
    direction: usize,
    len: u32,
) -> Result<(), IllegalReason> {
    let owner = position.to_move.opponent();
    let square = coord(prey);
    if len == 1 {
        return Err(IllegalReason::SingleStoneCapture);
    }
    if position.locked & bit(prey) != 0 {
        return Err(IllegalReason::LockedPrey { owner, square });
    }
    let enemy_stones = position.stones_of(owner);
    let mut line = 1;
    while step_from(prey, direction, line).is_some_and(|sq| enemy_stones & bit(sq) != 0) {
        line += 1;
    }
    match line.cmp(&len) {
        std::cmp::Ordering::Less => Ok(()),
        std::cmp::Ordering::Equal => Err(IllegalReason::EqualLine { owner, square, len }),
        std::cmp::Ordering::Greater => Err(IllegalReason::LongerLine {
            owner,
            square,
            line,
            len,
        }),
    }
}

/// The plural ending of a count of `n`.
fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The direction index and distance from `from` to `to` along one of the eight lines.
fn direction_and_distance(from: Coord, to: Coord) -> Result<(usize, u32), IllegalReason> {
    let df = to.file as i32 - from.file as i32;
    let dr = to.rank as i32 - from.rank as i32;
    if df == 0 && dr == 0 {
        return Err(IllegalReason::TailStays);
    }
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return Err(IllegalReason::NotStraight);
    }
    let unit = (df.signum(), dr.signum());
    let direction = STEPS
        .iter()
        .position(|&step| step == unit)
        .ok_or(IllegalReason::NotStraight)?;
    Ok((direction, df.abs().max(dr.abs()) as u32))
}
