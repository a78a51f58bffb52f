//! Type erasure over the three games: what the protocol layer holds without knowing which
//! game is loaded. The only place that lists the games.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use super::crossings::Crossings;
use super::crossjack::CrossJack;
use super::jcshock::JcShock;
use super::{BoardSize, Game, GameState, MoveError, Player, PositionError, Status, MAX_MOVES};
use crate::perft;
use crate::search::{self, Info, Limits, TranspositionTable};

/// Which game is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Cross-Jack (mode 1).
    CrossJack,
    /// JC Shock.
    JcShock,
    /// Crossings.
    Crossings,
}

impl GameKind {
    /// Every game, in the order options list them.
    pub const ALL: [GameKind; 3] = [GameKind::CrossJack, GameKind::JcShock, GameKind::Crossings];

    /// The protocol and command-line name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::CrossJack => CrossJack::NAME,
            GameKind::JcShock => JcShock::NAME,
            GameKind::Crossings => Crossings::NAME,
        }
    }

    /// The board size of the default start position.
    pub fn default_size(self) -> BoardSize {
        match self {
            GameKind::CrossJack => CrossJack::default_size(),
            GameKind::JcShock => JcShock::default_size(),
            GameKind::Crossings => Crossings::default_size(),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                PositionError::Syntax(format!(
                    "unknown game '{text}' (crossjack, jcshock or crossings)"
                ))
            })
    }
}

/// A game in progress of any kind, driven by move and position texts.
pub trait DynGame: Send + Sync {
    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The board size.
    fn size(&self) -> BoardSize;
    /// The current position string.
    fn fen(&self) -> String;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// Where the game stands, history included.
    fn status(&self) -> Status;
    /// Every legal move in notation, in generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given in notation; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    /// Takes back the last move; false at the root.
    fn undo(&mut self) -> bool;
    /// The board as a text diagram.
    fn diagram(&self) -> String;
    /// Leaf counts below each root move.
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// Searches the current position; the best move in notation, `None` if the game is over.
    fn search(
        &mut self,
        limits: &Limits,
        tt: &mut TranspositionTable,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String>;
    /// A boxed copy.
    fn box_clone(&self) -> Box<dyn DynGame>;
}

impl<G: Game> DynGame for GameState<G> {
    fn kind(&self) -> GameKind {
        G::NAME
            .parse()
            .expect("every game's NAME is a GameKind name")
    }

    fn size(&self) -> BoardSize {
        self.position().size()
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn side_to_move(&self) -> Player {
        self.position().side_to_move()
    }

    fn status(&self) -> Status {
        GameState::status(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::with_capacity(MAX_MOVES);
        self.generate_moves(&mut moves);
        let position = self.position();
        moves.into_iter().map(|m| position.format_move(m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        if GameState::status(self).is_over() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        let mv = self.position().parse_move(text)?;
        self.make(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.unmake()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let position = self.position().clone();
        perft::divide(self, depth)
            .into_iter()
            .map(|(mv, nodes)| (position.format_move(mv), nodes))
            .collect()
    }

    fn search(
        &mut self,
        limits: &Limits,
        tt: &mut TranspositionTable,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String> {
        let best = search::search(self, limits, tt, stop, report)?;
        Some(self.position().format_move(best))
    }

    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}

/// A game of any kind, as the protocol holds it.
pub struct AnyGame(Box<dyn DynGame>);

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.box_clone())
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyGame({} {})", self.0.kind(), self.0.fen())
    }
}

impl AnyGame {
    /// The start position of `kind` on a board of `size`.
    pub fn start(kind: GameKind, size: BoardSize) -> Result<Self, PositionError> {
        Ok(AnyGame(match kind {
            GameKind::CrossJack => Box::new(GameState::new(CrossJack::start(size)?)),
            GameKind::JcShock => Box::new(GameState::new(JcShock::start(size)?)),
            GameKind::Crossings => Box::new(GameState::new(Crossings::start(size)?)),
        }))
    }

    /// A game of `kind` starting from a position string.
    pub fn from_fen(kind: GameKind, text: &str) -> Result<Self, PositionError> {
        Ok(AnyGame(match kind {
            GameKind::CrossJack => Box::new(GameState::new(CrossJack::from_fen(text)?)),
            GameKind::JcShock => Box::new(GameState::new(JcShock::from_fen(text)?)),
            GameKind::Crossings => Box::new(GameState::new(Crossings::from_fen(text)?)),
        }))
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn DynGame;

    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut *self.0
    }
}
