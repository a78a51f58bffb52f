//! What a move does on the board, as simultaneous operations a GUI animates (`query
//! effects`): take every move's source and every remove, then put the moved pieces, places
//! and sets.

use super::coord::Coord;

/// One change on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The piece on `from` travels to `to`.
    Move {
        /// Where the piece stands before the move.
        from: Coord,
        /// Where it stands after.
        to: Coord,
    },
    /// `piece` appears on the empty square `square`.
    Place {
        /// The square.
        square: Coord,
        /// The piece's letter in position strings.
        piece: char,
    },
    /// The piece on `square` leaves the board (a capture).
    Remove {
        /// The square.
        square: Coord,
    },
    /// The piece on `square` becomes `piece` (a Crossings stone locking).
    Set {
        /// The square.
        square: Coord,
        /// The piece's new letter.
        piece: char,
    },
}

/// What kind of move it was, beyond its operations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// A piece was captured.
    pub capture: bool,
    /// The move crosses and the opponent must answer it (Crossings).
    pub crossing: bool,
    /// The move answers a crossing (Crossings).
    pub counter_crossing: bool,
    /// The move is the pass.
    pub pass: bool,
}

/// A move's operations and flags. The first operation names the squares a player clicks;
/// then the other moves (front to back), removes, places and sets. A pass has none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    /// The operations, in the order above.
    pub ops: Vec<Effect>,
    /// The move's flags.
    pub flags: Flags,
}

impl Effects {
    /// A piece placed on an empty square, nothing else changing.
    pub fn placement(square: Coord, piece: char) -> Effects {
        Effects {
            ops: vec![Effect::Place { square, piece }],
            flags: Flags::default(),
        }
    }

    /// The pass: nothing changes on the board.
    pub fn pass() -> Effects {
        Effects {
            ops: Vec::new(),
            flags: Flags {
                pass: true,
                ..Flags::default()
            },
        }
    }
}
