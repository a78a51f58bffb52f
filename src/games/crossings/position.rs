//! The Crossings position: stones of both players, which of them are locked, the side to
//! move, its Zobrist hash and the plies since the last irreversible move; reading and
//! writing position strings, and playing a move.

use super::super::fen;
use super::super::zobrist;
use super::super::{BoardSize, Coord, Player, PositionError};
use super::bitboard::{bit, Squares, DELTAS, RANK_1, RANK_8};
use super::moves::Move;

/// Most stones a player owns.
pub const MAX_STONES: u32 = 16;

/// The game's name in error messages.
const GAME: &str = "crossings";

/// Zobrist keys: four stone kinds (red, locked red, black, locked black) per square, then
/// one key for Black to move.
static KEYS: [u64; 4 * 64 + 1] = zobrist::keys(0xC805_5165_0000_0003);
const SIDE_KEY: usize = 4 * 64;

/// A Crossings position.
///
/// Equality compares what makes a position repeat (stones, locks, side to move); the
/// hash follows from those, and the reversible-ply counter is history, not position.
#[derive(Debug, Clone)]
pub struct Crossings {
    /// Stones of each player (index [`Player::index`]), locked ones included.
    pub(super) stones: [u64; 2],
    /// Locked stones of both players.
    pub(super) locked: u64,
    pub(super) side: Player,
    hash: u64,
    reversible: u32,
}

impl PartialEq for Crossings {
    fn eq(&self, other: &Self) -> bool {
        self.stones == other.stones && self.locked == other.locked && self.side == other.side
    }
}

impl Eq for Crossings {}

/// A player's target row: the row farthest from its side, where its stones cross.
#[inline(always)]
pub const fn target_row(player: Player) -> u64 {
    match player {
        Player::One => RANK_8,
        Player::Two => RANK_1,
    }
}

/// The player's name in messages.
pub fn colour_name(player: Player) -> &'static str {
    match player {
        Player::One => "red",
        Player::Two => "black",
    }
}

/// The player's piece letter (unlocked).
pub fn letter(player: Player) -> char {
    match player {
        Player::One => 'r',
        Player::Two => 'b',
    }
}

#[inline(always)]
fn key(player: Player, locked: bool, sq: u8) -> u64 {
    KEYS[(player.index() * 2 + locked as usize) * 64 + sq as usize]
}

impl Crossings {
    /// The start position: two full rows each, Red to move.
    pub fn start_position() -> Self {
        Self::with_stones([0xFFFF, 0xFFFF << 48], 0, Player::One)
    }

    fn with_stones(stones: [u64; 2], locked: u64, side: Player) -> Self {
        let mut position = Crossings {
            stones,
            locked,
            side,
            hash: 0,
            reversible: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The stones of `player`.
    #[inline(always)]
    pub fn stones_of(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// Locked stones of both players.
    #[inline(always)]
    pub fn locked(&self) -> u64 {
        self.locked
    }

    /// The player to move.
    #[inline(always)]
    pub fn side(&self) -> Player {
        self.side
    }

    /// The Zobrist hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture, crossing or lock.
    #[inline(always)]
    pub fn reversible(&self) -> u32 {
        self.reversible
    }

    /// The Zobrist hash computed from the stones.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for player in [Player::One, Player::Two] {
            for sq in Squares(self.stones_of(player)) {
                hash ^= key(player, self.locked & bit(sq) != 0, sq);
            }
        }
        if self.side == Player::Two {
            hash ^= KEYS[SIDE_KEY];
        }
        hash
    }

    /// True when the player to move faces a crossing: the opponent has an unlocked stone
    /// on its target row.
    #[inline(always)]
    pub fn faces_crossing(&self) -> bool {
        let opponent = self.side.opponent();
        self.stones_of(opponent) & !self.locked & target_row(opponent) != 0
    }

    /// The letter on square `sq`, if any.
    pub fn letter_at(&self, sq: u8) -> Option<char> {
        let b = bit(sq);
        let player = if self.stones[0] & b != 0 {
            Player::One
        } else if self.stones[1] & b != 0 {
            Player::Two
        } else {
            return None;
        };
        let c = letter(player);
        Some(if self.locked & b != 0 {
            c.to_ascii_uppercase()
        } else {
            c
        })
    }

    /// The position string.
    pub fn to_fen(&self) -> String {
        let board = fen::format_board(BoardSize::square(8), |c| self.letter_at(square(c)));
        format!("{board} {}", letter(self.side))
    }

    /// Reads and validates a position string.
    pub fn parse_fen(text: &str) -> Result<Self, PositionError> {
        let layout = fen::parse(text)?;
        if layout.size != BoardSize::square(8) {
            return Err(PositionError::UnsupportedSize {
                game: GAME,
                width: layout.size.width,
                height: layout.size.height,
                supported: "8x8 only",
            });
        }
        let side = match layout.side.as_str() {
            "r" => Player::One,
            "b" => Player::Two,
            other => return Err(PositionError::UnknownSide(other.to_string(), GAME)),
        };
        let mut stones = [0u64; 2];
        let mut locked = 0u64;
        for (coord, c) in layout.pieces() {
            let b = bit(square(coord));
            let player = match c {
                'r' | 'R' => Player::One,
                'b' | 'B' => Player::Two,
                other => return Err(PositionError::UnknownPiece(other, GAME)),
            };
            stones[player.index()] |= b;
            if c.is_ascii_uppercase() {
                locked |= b;
            }
        }
        let position = Self::with_stones(stones, locked, side);
        position.validate()?;
        Ok(position)
    }

    fn validate(&self) -> Result<(), PositionError> {
        for player in [Player::One, Player::Two] {
            let name = colour_name(player);
            let own = self.stones_of(player);
            let count = own.count_ones();
            if count > MAX_STONES {
                return Err(PositionError::Inconsistent(format!(
                    "{count} {name} stones, at most {MAX_STONES} allowed"
                )));
            }
            let target = target_row(player);
            if let Some(sq) = Squares(own & self.locked & !target).next() {
                return Err(PositionError::Inconsistent(format!(
                    "locked {name} stone on {}: {name} stones lock only on rank {}",
                    square_name(sq),
                    target_rank_number(player)
                )));
            }
            if player == self.side {
                if let Some(sq) = Squares(own & !self.locked & target).next() {
                    return Err(PositionError::Inconsistent(format!(
                        "unlocked {name} stone on {} with {name} to move: a pending crossing \
                         belongs to the side not to move",
                        square_name(sq)
                    )));
                }
            }
        }
        Ok(())
    }

    /// Plays `mv`, a legal move of this position.
    #[inline]
    pub fn play_move(&mut self, mv: Move) {
        let mover = self.side;
        let me = mover.index();
        let them = 1 - me;
        if mv.is_pass() {
            self.pass_turn();
            self.reversible = self.reversible.saturating_add(1);
            return;
        }
        let answering_crossing = self.faces_crossing();
        let delta = DELTAS[mv.direction()];
        let tail = mv.tail() as i32;
        let len = mv.stones() as i32;
        let dist = mv.distance() as i32;
        let mut group = 0u64;
        for i in 0..len {
            group |= 1u64 << (tail + i * delta);
        }
        // Legal moves stay on the board, so shifting the bit indices is the geometric move.
        let shift = dist * delta;
        let moved = if shift > 0 {
            group << shift
        } else {
            group >> -shift
        };
        self.stones[me] = (self.stones[me] & !group) | moved;
        for sq in Squares(group ^ moved) {
            self.hash ^= key(mover, false, sq);
        }
        let landing = bit((tail + (len - 1 + dist) * delta) as u8);
        let captured = self.stones[them] & landing != 0;
        if captured {
            self.stones[them] ^= landing;
            self.hash ^= key(mover.opponent(), false, landing.trailing_zeros() as u8);
        }
        let crossed = moved & target_row(mover) != 0;
        if answering_crossing {
            self.lock_crossed_stones();
        }
        self.reversible = if captured || crossed || answering_crossing {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        self.pass_turn();
    }

    #[inline(always)]
    fn pass_turn(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= KEYS[SIDE_KEY];
    }

    /// After a counter-crossing every stone on its own player's target row locks.
    fn lock_crossed_stones(&mut self) {
        for player in [Player::One, Player::Two] {
            let newly = self.stones_of(player) & target_row(player) & !self.locked;
            for sq in Squares(newly) {
                self.hash ^= key(player, false, sq) ^ key(player, true, sq);
            }
            self.locked |= newly;
        }
    }
}

/// The bit index of a coordinate on the 8×8 board.
#[inline]
pub fn square(c: Coord) -> u8 {
    (c.rank * 8 + c.file) as u8
}

/// The name of square `sq`, e.g. `e4`.
pub fn square_name(sq: u8) -> String {
    Coord::from_index(sq as usize, 8).to_string()
}

fn target_rank_number(player: Player) -> u8 {
    match player {
        Player::One => 8,
        Player::Two => 1,
    }
}
