//! The UCI/UGI text protocol: nom grammar → typed commands → engine state machine.

use std::io;

use crate::games::{BoardSize, GameKind};

/// Speaks the protocol on stdin/stdout until `quit` or end of input, starting with `game`
/// on a board of `size` (the game's default when `None`).
pub fn run(_game: GameKind, _size: Option<BoardSize>) -> io::Result<()> {
    Ok(())
}
