//! Reading Crossings position strings and moves; a move is checked rule by rule so that an
//! illegal one is refused with the rule it breaks.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{all_consuming, consumed, map, value};
use nom::sequence::pair;
use nom::{IResult, Parser};

use thiserror::Error;

use super::geometry::{bit, coord, square, step_from, target_rank_number, target_row, SIZE, STEPS};
use super::moves::Move;
use super::position::{colour_name, Crossings};
use super::turn::Turn;
use crate::games::bitboard::Bitboard;
use crate::games::coord::Coord;
use crate::games::coord::{on_board, square as square_name_parser};
use crate::games::error::{GameReason, MoveError, PositionError};
use crate::games::fen;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::size::BoardSize;

/// Most stones a player owns.
const MAX_STONES: u32 = 16;

/// Refuses every board but 8×8.
pub(super) fn check_size(size: BoardSize) -> Result<(), PositionError> {
    if size == SIZE {
        Ok(())
    } else {
        Err(PositionError::UnsupportedSize {
            game: Crossings::NAME,
            width: size.width,
            height: size.height,
            supported: "8x8 only",
        })
    }
}

/// Why a well-formed Crossings position cannot arise under the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// A player has more stones than it starts with.
    #[error("{count} {} stones, at most {MAX_STONES} allowed", colour_name(*.player))]
    TooManyStones {
        /// Whose stones.
        player: Player,
        /// How many the position gives it.
        count: u32,
    },
    /// A locked stone off its player's target row: only crossed stones lock.
    #[error(
        "locked {colour} stone on {square}: {colour} stones lock only on rank {}",
        target_rank_number(*.player),
        colour = colour_name(*.player)
    )]
    LockedOffTarget {
        /// Whose stone.
        player: Player,
        /// Where it stands.
        square: Coord,
    },
    /// The player to move has an unanswered crossing of its own (it is answered at once).
    #[error(
        "unlocked {colour} stone on {square} with {colour} to move: a pending crossing \
         belongs to the side not to move",
        colour = colour_name(*.player)
    )]
    CrossingOfPlayerToMove {
        /// The player to move.
        player: Player,
        /// Where its crossed stone stands.
        square: Coord,
    },
}

impl From<Inconsistency> for PositionError {
    fn from(reason: Inconsistency) -> Self {
        PositionError::Inconsistent(GameReason::of(&reason))
    }
}

/// Reads and validates a position string.
pub(super) fn read_position(text: &str) -> Result<Crossings, PositionError> {
    let layout = fen::parse(text)?;
    check_size(layout.size)?;
    let to_move = match layout.side.as_str() {
        "r" => Player::One,
        "b" => Player::Two,
        other => {
            return Err(PositionError::UnknownSide(
                other.to_string(),
                Crossings::NAME,
            ))
        }
    };
    let mut stones = [0u64; 2];
    let mut locked = 0u64;
    for (coord, c) in layout.pieces() {
        let b = bit(square(coord));
        let player = match c {
            'r' | 'R' => Player::One,
            'b' | 'B' => Player::Two,
            other => return Err(PositionError::UnknownPiece(other, Crossings::NAME)),
        };
        stones[player.index()] |= b;
        if c.is_ascii_uppercase() {
            locked |= b;
        }
    }
    let position = Crossings::with_stones(stones, locked, to_move);
    check_rules(&position)?;
    Ok(position)
}

/// The rules a position must obey to arise in a game.
pub(super) fn check_rules(position: &Crossings) -> Result<(), Inconsistency> {
    for player in [Player::One, Player::Two] {
        let own = position.stones_of(player);
        let count = own.count_ones();
        if count > MAX_STONES {
            return Err(Inconsistency::TooManyStones { player, count });
        }
        let target = target_row(player);
        if let Some(sq) = Bitboard(own & position.locked & !target).first() {
            return Err(Inconsistency::LockedOffTarget {
                player,
                square: coord(sq),
            });
        }
        if player == position.to_move {
            if let Some(sq) = Bitboard(own & !position.locked & target).first() {
                return Err(Inconsistency::CrossingOfPlayerToMove {
                    player,
                    square: coord(sq),
                });
            }
        }
    }
    Ok(())
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

/// Reads a move and checks it against the rules, naming the rule an illegal move breaks.
pub(super) fn read_move(position: &Crossings, text: &str) -> Result<Move, MoveError> {
    let written = text.trim().to_ascii_lowercase();
    let (_, parsed) = all_consuming(notation)
        .parse(written.as_str())
        .map_err(|_| MoveError::Syntax(written.clone(), Crossings::NAME, NOTATION))?;
    let illegal = |reason: IllegalReason| MoveError::Illegal {
        mv: written.clone(),
        reason: GameReason::of(&reason),
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

/// Checks the group rules for the tail on `from` moving to `to`.
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

/// Checks that a group of `len` stones moving in `direction` may capture on `prey`.
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
