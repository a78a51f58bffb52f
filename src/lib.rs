//! tablero: rules engines, a game-agnostic searcher and a UCI/UGI protocol engine for
//! Cross-Jack (mode 1), JC Shock and Crossings.
//!
//! The tree mirrors the architecture:
//! - [`games`]: one module per game behind the shared [`games::Game`] (rules) and
//!   [`games::SearchHints`] traits; it depends on nothing else of the crate;
//! - [`search`]: the game-agnostic searchers, alpha-beta and playouts;
//! - [`session`]: a game of any kind with its search workspace, the type-erased
//!   [`session::AnyGame`] the protocol drives;
//! - [`protocol`]: nom grammar → typed commands → engine state machine;
//! - [`perft`], [`logging`] (never blocks the protocol), [`bench`](mod@bench) (its node count
//!   is a signature).

#![warn(missing_docs)]
// `unsafe` only in `search::tt` (prefetch) and `search::memory` (huge pages).
#![deny(unsafe_code)]

pub mod bench;
pub mod games;
pub mod logging;
pub mod perft;
pub mod protocol;
pub mod search;
pub mod session;

/// The build's identity, as `id name` and `--version` give it: the package's version and, in
/// brackets, the commit's first 12 hex digits (`-dirty` added when `src/`, `Cargo.toml` or
/// `Cargo.lock` differed from it), or `unknown` when built outside git; `0.2.0
/// (3772838a1b2c)`. `src/build.rs` finds the commit.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("TABLERO_COMMIT"), ")");
