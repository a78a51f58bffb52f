//! The Crossings position and its Zobrist keys, with what a move does to the stones.

use super::geometry::{bit, target_row, DELTAS};
use super::lines::Mobility;
use super::moves::Move;
use crate::games::bitboard::Bitboard;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::zobrist;

/// Zobrist keys: four stone kinds per square, then Black to move.
pub(super) static KEYS: [u64; 4 * 64 + 1] = zobrist::keys(0xC805_5165_0000_0003);
/// Index of the key XORed in when Black is to move.
pub(super) const SIDE_KEY: usize = 4 * 64;

/// The Zobrist key of a stone of `player` on `sq`, locked or not.
#[inline(always)]
pub(super) fn key(player: Player, locked: bool, sq: u8) -> u64 {
    KEYS[(player.index() * 2 + locked as usize) * 64 + sq as usize]
}

/// A Crossings position. Equality compares what makes a position repeat (stones, locks,
/// player to move), not the hash or the reversible-ply counter.
#[derive(Debug, Clone)]
pub struct Crossings {
    /// Stones of each player (index [`Player::index`]), locked ones included.
    pub(super) stones: [u64; 2],
    /// Locked stones of both players.
    pub(super) locked: u64,
    pub(super) to_move: Player,
    pub(super) hash: u64,
    /// Both players' group moves, line by line.
    pub(super) mobility: Mobility,
    /// Plies since the last capture, crossing or lock.
    pub(super) reversible: u32,
}

impl PartialEq for Crossings {
    fn eq(&self, other: &Self) -> bool {
        self.stones == other.stones && self.locked == other.locked && self.to_move == other.to_move
    }
}

impl Eq for Crossings {}

/// The player's name in messages.
pub(super) fn colour_name(player: Player) -> &'static str {
    match player {
        Player::One => "red",
        Player::Two => "black",
    }
}

/// The player's piece letter (unlocked; a locked stone is written in upper case).
pub(super) fn letter(player: Player) -> char {
    match player {
        Player::One => 'r',
        Player::Two => 'b',
    }
}

impl Crossings {
    /// A position from its stones, with hash computed and no reversible plies behind it.
    pub(super) fn with_stones(stones: [u64; 2], locked: u64, to_move: Player) -> Self {
        let mut position = Crossings {
            stones,
            locked,
            to_move,
            hash: 0,
            mobility: Mobility::new(stones, locked),
            reversible: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The stones of `player`, locked or not, as a bitboard (bit `rank * 8 + file`).
    #[inline(always)]
    pub fn stones_of(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// The locked stones of both players, as a bitboard.
    pub fn locked(&self) -> u64 {
        self.locked
    }

    /// True when the opponent has an unlocked stone on its target row.
    #[inline(always)]
    pub fn faces_crossing(&self) -> bool {
        let opponent = self.to_move.opponent();
        self.stones_of(opponent) & !self.locked & target_row(opponent) != 0
    }

    /// The letter on square `sq`, if any.
    pub(super) fn letter_at(&self, sq: u8) -> Option<char> {
        let b = bit(sq);
        let player = [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.stones_of(p) & b != 0)?;
        let c = letter(player);
        Some(if self.locked & b != 0 {
            c.to_ascii_uppercase()
        } else {
            c
        })
    }

    #[inline(always)]
    pub(super) fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= KEYS[SIDE_KEY];
    }

    /// The square the front stone of the legal move `mv` (not the pass) lands on.
    #[inline(always)]
    pub(super) fn front_landing(&self, mv: Move) -> u8 {
        let reach = (mv.stones() + mv.distance() - 1) as i32;
        (i32::from(mv.tail()) + reach * DELTAS[mv.direction()]) as u8
    }

    /// The stones on the board.
    #[inline(always)]
    pub(super) fn layout(&self) -> Layout {
        Layout {
            stones: self.stones,
            locked: self.locked,
        }
    }

    /// The stones the legal move `mv` (not the pass) leaves, and whether it is irreversible
    /// (a capture, a crossing or its answer, which locks every stone on its target row).
    #[inline(always)]
    pub(super) fn layout_after(&self, mv: Move) -> (Layout, bool) {
        let me = self.to_move.index();
        let delta = DELTAS[mv.direction()];
        let tail = i32::from(mv.tail());
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
        let mut stones = self.stones;
        stones[me] = (stones[me] & !group) | moved;
        let landing = bit(self.front_landing(mv));
        let captured = stones[1 - me] & landing != 0;
        stones[1 - me] &= !landing;
        let crossed = moved & target_row(self.to_move) != 0;
        let answering_crossing = self.faces_crossing();
        let mut locked = self.locked;
        if answering_crossing {
            locked |= stones[0] & target_row(Player::One) | stones[1] & target_row(Player::Two);
        }
        let after = Layout { stones, locked };
        (after, captured || crossed || answering_crossing)
    }
}

/// The stones on the board: both players', and which of them are locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    /// Stones of each player (index [`Player::index`]), locked ones included.
    pub(super) stones: [u64; 2],
    /// Locked stones of both players.
    pub(super) locked: u64,
}

/// The change of the Zobrist hash from the stones of `before` to those of `after`.
#[inline(always)]
pub(super) fn hash_change(before: Layout, after: Layout) -> u64 {
    let mut change = 0;
    for player in [Player::One, Player::Two] {
        let (was, is) = (before.stones[player.index()], after.stones[player.index()]);
        for locked in [false, true] {
            let kind = |stones: u64, locks: u64| {
                if locked {
                    stones & locks
                } else {
                    stones & !locks
                }
            };
            for sq in Bitboard(kind(was, before.locked) ^ kind(is, after.locked)) {
                change ^= key(player, locked, sq);
            }
        }
    }
    change
}
