//! The Cross-Jack position: marks, side to move, hash, and the status kept up to date.

use super::access::access_path;
use super::geometry::{bit, Geometry};
use crate::games::coord::Coord;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::status::Status;
use crate::games::zobrist;

/// Zobrist keys: one per square and player (player-major, 128 squares each), then the side key.
pub(super) const KEYS: [u64; 2 * 128 + 1] = zobrist::keys(0x4352_4f53_534a_4143);
/// Index of the key XORed in when O is to move.
pub(super) const SIDE_KEY: usize = 2 * 128;

/// Marks a player places before play begins.
pub(super) const SETUP_MARKS: u32 = 2;

/// A Cross-Jack position.
#[derive(Debug, Clone)]
pub struct CrossJack {
    /// The board's masks, shared by every position of its size.
    pub(super) geometry: &'static Geometry,
    /// The marks of X and of O.
    pub(super) marks: [u128; 2],
    pub(super) to_move: Player,
    pub(super) hash: u64,
    /// Judged whenever the position changes, so that move generation is a lookup.
    pub(super) status: Status,
    /// Per player, a chain proving access to its goal row (0: unknown); spares most floods.
    pub(super) access: [u128; 2],
}

impl PartialEq for CrossJack {
    /// Positions are equal when board and side are; the access chains are bookkeeping.
    fn eq(&self, other: &Self) -> bool {
        self.geometry == other.geometry
            && self.marks == other.marks
            && self.to_move == other.to_move
    }
}

impl Eq for CrossJack {}

/// The piece letter of `player`.
pub(super) fn letter(player: Player) -> char {
    match player {
        Player::One => 'x',
        Player::Two => 'o',
    }
}

/// The Zobrist key of a mark of `player` on `square`.
pub(super) fn key(player: Player, square: usize) -> u64 {
    KEYS[player.index() * 128 + square]
}

impl CrossJack {
    /// A position from its parts, with hash and status computed from scratch.
    pub(super) fn from_parts(
        geometry: &'static Geometry,
        marks: [u128; 2],
        to_move: Player,
    ) -> Self {
        let mut position = CrossJack {
            geometry,
            marks,
            to_move,
            hash: 0,
            status: Status::InPlay,
            access: [0; 2],
        };
        position.hash = position.hash_from_scratch();
        position.status = position.judge();
        position
    }

    /// The marks of `player`.
    #[inline]
    pub(super) fn marks_of(&self, player: Player) -> u128 {
        self.marks[player.index()]
    }

    /// Squares nobody has ticked.
    #[inline]
    pub(super) fn empty(&self) -> u128 {
        self.geometry.board() & !(self.marks[0] | self.marks[1])
    }

    /// True while `player` has fewer than two marks and so ticks its own zone row.
    #[inline]
    pub(super) fn in_setup(&self, player: Player) -> bool {
        self.marks_of(player).count_ones() < SETUP_MARKS
    }

    /// The squares the side to move may tick, ignoring whether the game is over.
    #[inline]
    pub(super) fn targets(&self) -> u128 {
        let player = self.to_move;
        let reachable = if self.in_setup(player) {
            self.geometry.zone_row(player)
        } else {
            self.geometry.dilate(self.marks_of(player))
        };
        reachable & self.empty()
    }

    /// The squares the side to move may tick: none once the game is over.
    #[inline]
    pub(super) fn legal_targets(&self) -> u128 {
        if self.status.is_over() {
            0
        } else {
            self.targets()
        }
    }

    /// The player standing on its goal row, if any (a valid position has at most one).
    fn winner(&self) -> Option<Player> {
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.marks_of(p) & self.geometry.goal_row(p) != 0)
    }

    /// The status judged from the board alone; fills in the access chains.
    fn judge(&mut self) -> Status {
        if let Some(player) = self.winner() {
            return Status::Won(player);
        }
        self.access = [0; 2];
        self.judge_blockade()
    }

    /// After setup: a draw unless both still have access (known chains trusted).
    pub(super) fn judge_blockade(&mut self) -> Status {
        if self.in_setup(Player::One) || self.in_setup(Player::Two) {
            return Status::InPlay;
        }
        for player in [Player::One, Player::Two] {
            if self.access[player.index()] == 0 {
                let chain = access_path(
                    self.geometry,
                    self.marks_of(player),
                    self.empty(),
                    self.geometry.goal_row(player),
                );
                match chain {
                    Some(chain) => self.access[player.index()] = chain,
                    None => return Status::Draw,
                }
            }
        }
        Status::InPlay
    }

    /// The letter on `coord`, if ticked.
    pub(super) fn letter_at(&self, coord: Coord) -> Option<char> {
        let square = bit(coord.index(self.geometry.width()));
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.marks_of(p) & square != 0)
            .map(letter)
    }
}
