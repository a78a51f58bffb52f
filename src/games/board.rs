//! What a board GUI must know to draw a game without its rules (`query board`): piece
//! letters, players, and the squares the rules mark.

use super::player::Player;

/// A game as a board GUI draws it, for one position (the pieces left to place change).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardDescription {
    /// Every piece letter a position string of the game may hold.
    pub pieces: Vec<PieceLetter>,
    /// The two players, player 1 first.
    pub players: [PlayerLook; 2],
    /// Whether the files wrap around (the last file's right-hand neighbour is `a`).
    pub wrap: Wrap,
    /// The rank each player must reach to win, player 1 first, if any.
    pub goals: Option<[usize; 2]>,
    /// Each player's own rows (zone or starting rows), player 1 first, if any.
    pub homes: Option<[Rows; 2]>,
    /// The pieces each player still has to place, player 1 first, if counted.
    pub to_place: Option<[usize; 2]>,
    /// The pass move's notation, where the game has one.
    pub pass: Option<String>,
}

impl BoardDescription {
    /// The two players and nothing else (a toy game in the tests).
    pub fn unmarked(players: [PlayerLook; 2]) -> BoardDescription {
        BoardDescription {
            pieces: Vec::new(),
            players,
            wrap: Wrap::None,
            goals: None,
            homes: None,
            to_place: None,
            pass: None,
        }
    }
}

/// One letter of a position string: whose piece it is and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceLetter {
    /// The letter as position strings write it.
    pub letter: char,
    /// Whose piece it is.
    pub owner: Player,
    /// What the piece is, in the rules' words.
    pub kind: PieceKind,
}

/// What a piece is, in the words of its game's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceKind {
    /// A Cross-Jack tick: it stays where it was made.
    Mark,
    /// A JC Shock piece: placed, then pulled by later placements.
    Piece,
    /// A Crossings stone that may move.
    Stone,
    /// A Crossings stone locked on the row it crossed to: it never moves again.
    Locked,
}

/// A player as the rules name it and as a board colours its pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerLook {
    /// The name the rules give the player (`North`, `White`, `Red`, …).
    pub name: &'static str,
    /// A CSS colour name for the player's pieces.
    pub colour: &'static str,
}

/// Whether the board's edges meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    /// A plain board.
    None,
    /// The files wrap around: `a` is the right-hand neighbour of the last file.
    Files,
}

/// A band of ranks, numbered from 1 at the bottom, `first` ≤ `last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rows {
    /// The lowest rank of the band.
    pub first: usize,
    /// The highest rank of the band.
    pub last: usize,
}

impl Rows {
    /// The single rank `rank`.
    pub const fn single(rank: usize) -> Rows {
        Rows {
            first: rank,
            last: rank,
        }
    }
}
