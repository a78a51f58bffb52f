//! Where a game stands: in play, won by a player, or drawn.

use super::player::Player;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    InPlay,
    /// The game is over and this player won.
    Won(Player),
    /// The game is over without a winner.
    Draw,
}

impl Status {
    /// True once the game has ended.
    pub fn is_over(self) -> bool {
        self != Status::InPlay
    }
}
