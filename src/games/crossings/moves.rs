//! Moves and their notation: the tail's square then the square the tail lands on (`a1a3`),
//! or `0000` for the pass. Reading a move checks it against the rules one by one so that an
//! illegal move is refused with the rule it breaks.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{all_consuming, consumed, map, value};
use nom::sequence::pair;
use nom::IResult;

use super::super::coord::{on_board, square as square_name_parser};
use super::super::{BoardSize, Coord, MoveError};
use super::bitboard::{bit, step_from, STEPS};
use super::movegen::Turn;
use super::position::{colour_name, square, square_name, target_row, Crossings};

/// A Crossings move: the group of `len` stones from `tail` moving `distance` squares in
/// direction `direction`; a distance of 0 is the pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    tail: u8,
    direction: u8,
    len: u8,
    distance: u8,
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
            write!(
                f,
                "{}{}",
                square_name(self.tail),
                square_name(self.tail_landing())
            )
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
    ))(input)
}

/// What the notation looks like, for syntax errors.
const NOTATION: &str = "the tail's square then its landing square, like a1a3, or 0000 to pass";

impl Crossings {
    /// Reads a move and checks it against the rules, naming the rule an illegal move breaks.
    pub fn parse_move_text(&self, text: &str) -> Result<Move, MoveError> {
        let written = text.trim().to_ascii_lowercase();
        let (_, parsed) = all_consuming(notation)(written.as_str())
            .map_err(|_| MoveError::Syntax(written.clone(), "crossings", NOTATION))?;
        let illegal = |reason: String| MoveError::Illegal {
            mv: written.clone(),
            reason,
        };
        let turn = self.turn();
        let (from, to) = match parsed {
            Notation::Pass => {
                return match turn {
                    Turn::Pass => Ok(Move::PASS),
                    Turn::Stuck | Turn::CounterCrossings(0) => {
                        Err(MoveError::GameOver(written.clone()))
                    }
                    Turn::CounterCrossings(_) => Err(illegal(
                        "must answer the crossing with a counter-crossing".into(),
                    )),
                    Turn::Moves(_) => {
                        Err(illegal("passing is only legal with no other move".into()))
                    }
                }
            }
            Notation::Squares(from, to) => (from, to),
        };
        let size = BoardSize::square(8);
        let from = on_board(from.1, from.0, size)?;
        let to = on_board(to.1, to.0, size)?;
        if matches!(turn, Turn::Stuck | Turn::CounterCrossings(0)) {
            return Err(MoveError::GameOver(written.clone()));
        }
        let mv = self.check_group_move(from, to).map_err(illegal)?;
        if matches!(turn, Turn::CounterCrossings(_))
            && bit(mv.front_landing()) & target_row(self.side) == 0
        {
            return Err(illegal(
                "must answer the crossing with a counter-crossing".into(),
            ));
        }
        let mut legal = false;
        self.legal_moves(&mut |m| legal |= m == mv);
        if legal {
            Ok(mv)
        } else {
            Err(illegal("not a legal move here".into()))
        }
    }

    /// Checks the group rules for the move of the tail on `from` to `to`; the reason when
    /// it breaks one.
    fn check_group_move(&self, from: Coord, to: Coord) -> Result<Move, String> {
        let mover = self.side;
        let name = colour_name(mover);
        let enemy_name = colour_name(mover.opponent());
        let own = self.stones_of(mover);
        let enemy = self.stones_of(mover.opponent());
        let tail = square(from);
        if own & bit(tail) == 0 {
            return Err(format!("no {name} stone on {from}"));
        }
        if self.locked() & bit(tail) != 0 {
            return Err(format!("the {name} stone on {from} is locked"));
        }
        let (direction, distance) = direction_and_distance(from, to)?;
        let mut group = vec![tail];
        while let Some(next) =
            step_from(*group.last().unwrap_or(&tail), direction, 1).filter(|&sq| own & bit(sq) != 0)
        {
            group.push(next);
        }
        if let Some(&locked) = group.iter().find(|&&sq| self.locked() & bit(sq) != 0) {
            return Err(format!(
                "the group from {from} includes the locked stone on {}",
                square_name(locked)
            ));
        }
        let len = group.len() as u32;
        if distance > len {
            return Err(format!(
                "the group from {from} has {len} stone{} and may move at most {len} square{}",
                plural(len),
                plural(len)
            ));
        }
        let front = *group.last().unwrap_or(&tail);
        for step in 1..=distance {
            let Some(sq) = step_from(front, direction, step) else {
                return Err(format!(
                    "the front stone on {} would leave the board",
                    square_name(front)
                ));
            };
            let occupied = (own | enemy) & bit(sq) != 0;
            if step < distance {
                if occupied {
                    return Err(format!("the path is blocked at {}", square_name(sq)));
                }
            } else if own & bit(sq) != 0 {
                return Err(format!(
                    "the front stone would land on the {name} stone on {}",
                    square_name(sq)
                ));
            } else if enemy & bit(sq) != 0 {
                self.check_capture(sq, direction, len, enemy_name)?;
            }
        }
        Ok(Move::new(tail, direction, len, distance))
    }

    fn check_capture(
        &self,
        prey: u8,
        direction: usize,
        len: u32,
        enemy: &str,
    ) -> Result<(), String> {
        let at = square_name(prey);
        if len == 1 {
            return Err("a single stone cannot capture".into());
        }
        if self.locked() & bit(prey) != 0 {
            return Err(format!(
                "the locked {enemy} stone on {at} cannot be captured"
            ));
        }
        let enemy_stones = self.stones_of(self.side.opponent());
        let mut line = 1;
        while step_from(prey, direction, line).is_some_and(|sq| enemy_stones & bit(sq) != 0) {
            line += 1;
        }
        match line.cmp(&len) {
            std::cmp::Ordering::Less => Ok(()),
            std::cmp::Ordering::Equal => Err(format!(
                "the {enemy} line from {at} is as long as the moving group ({len} stones)"
            )),
            std::cmp::Ordering::Greater => Err(format!(
                "the {enemy} line from {at} ({line} stones) is longer than the moving group ({len})"
            )),
        }
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The direction index and distance from `from` to `to` along one of the eight lines.
fn direction_and_distance(from: Coord, to: Coord) -> Result<(usize, u32), String> {
    let df = to.file as i32 - from.file as i32;
    let dr = to.rank as i32 - from.rank as i32;
    if df == 0 && dr == 0 {
        return Err("the tail must move".into());
    }
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return Err("not a straight line".into());
    }
    let unit = (df.signum(), dr.signum());
    let direction = STEPS
        .iter()
        .position(|&step| step == unit)
        .ok_or_else(|| "not a straight line".to_string())?;
    Ok((direction, df.abs().max(dr.abs()) as u32))
}
