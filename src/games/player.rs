//! The two players.

/// One of the two players. Player one always moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first (UGI `p1`, UCI `w`).
    One,
    /// The player who moves second (UGI `p2`, UCI `b`).
    Two,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for player one, 1 for player two: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}
