//! Type erasure over the games: what the protocol layer holds without knowing which game is
//! loaded. The games themselves are listed once, in the registry ([`super::registry`]).

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{
    BoardSize, GameKind, GameState, MoveError, Player, PositionError, SearchHints, Status,
    MAX_MOVES,
};
use crate::perft;
use crate::search::{self, Info, Limits, SearchBuffers, TranspositionTable};

/// A game in progress of any kind, driven by move and position texts.
pub trait DynGame: Send + Sync {
    /// The board size.
    fn size(&self) -> BoardSize;
    /// The current position string.
    fn fen(&self) -> String;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// Where the game stands, history included ([`GameState::status_with_history`]).
    fn status(&self) -> Status;
    /// Why the game is over ([`GameState::end_reason`]); `None` while in play.
    fn end_reason(&self) -> Option<&'static str>;
    /// Every legal move in notation, in generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given in notation; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    /// The legal move written `text`, in the game's own notation (as [`Self::legal_moves`]
    /// writes it).
    fn notation(&self, text: &str) -> Result<String, MoveError>;
    /// Takes back the last move; false at the root.
    fn undo(&mut self) -> bool;
    /// The board as a text diagram.
    fn diagram(&self) -> String;
    /// Leaf counts below each root move; `None` when `stop` was set before the count ended.
    fn divide(&mut self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>>;
    /// Searches the current position, working in `buffers`; the best move in notation, `None`
    /// if the game is over.
    fn search(
        &mut self,
        limits: &Limits,
        tt: &mut TranspositionTable,
        buffers: &mut SearchBuffers,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String>;
    /// A boxed copy.
    fn box_clone(&self) -> Box<dyn DynGame>;
}

impl<G: SearchHints> DynGame for GameState<G> {
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
        self.status_with_history()
    }

    fn end_reason(&self) -> Option<&'static str> {
        GameState::end_reason(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::with_capacity(MAX_MOVES);
        self.generate_moves(&mut moves);
        let position = self.position();
        moves.into_iter().map(|m| position.format_move(m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        if self.status_with_history().is_over() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        let mv = self.position().parse_move(text)?;
        self.make(mv);
        Ok(())
    }

    fn notation(&self, text: &str) -> Result<String, MoveError> {
        if self.status_with_history().is_over() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        let mv = self.position().parse_move(text)?;
        Ok(self.position().format_move(mv))
    }

    fn undo(&mut self) -> bool {
        self.unmake()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn divide(&mut self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
        // perft leaves the state as it found it, so the moves are the current position's.
        let counts = perft::divide_until(self, depth, stop)?;
        let position = self.position();
        Some(
            counts
                .into_iter()
                .map(|(mv, nodes)| (position.format_move(mv), nodes))
                .collect(),
        )
    }

    fn search(
        &mut self,
        limits: &Limits,
        tt: &mut TranspositionTable,
        buffers: &mut SearchBuffers,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String> {
        let best = search::best_move(self, limits, tt, buffers, stop, report)?;
        Some(self.position().format_move(best))
    }

    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}

/// A game of any kind, as the protocol holds it.
pub struct AnyGame {
    kind: GameKind,
    game: Box<dyn DynGame>,
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame {
            kind: self.kind,
            game: self.game.box_clone(),
        }
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyGame({} {})", self.kind, self.game.fen())
    }
}

impl AnyGame {
    /// The start position of `kind` on a board of `size`.
    pub fn start(kind: GameKind, size: BoardSize) -> Result<Self, PositionError> {
        let game = kind.entry().start_game(size)?;
        Ok(AnyGame { kind, game })
    }

    /// A game of `kind` starting from a position string.
    pub fn from_fen(kind: GameKind, text: &str) -> Result<Self, PositionError> {
        let game = kind.entry().game_from_fen(text)?;
        Ok(AnyGame { kind, game })
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.kind
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn DynGame;

    fn deref(&self) -> &Self::Target {
        &*self.game
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut *self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(kind: GameKind) -> AnyGame {
        AnyGame::start(kind, kind.default_size()).unwrap()
    }

    #[test]
    fn every_game_knows_its_kind_and_name() {
        for kind in GameKind::ALL {
            assert_eq!(start(kind).kind(), kind);
            assert_eq!(kind.name().parse(), Ok(kind));
            assert_eq!(kind.to_string().to_uppercase().parse(), Ok(kind));
        }
    }

    #[test]
    fn an_unknown_game_is_named_with_the_known_ones() {
        let err = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "unknown game 'chess' (expected {})",
                GameKind::names_in_words()
            )
        );
        for kind in GameKind::ALL {
            assert!(err.to_string().contains(kind.name()), "{kind} missing");
        }
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        for kind in GameKind::ALL {
            let mut game = start(kind);
            let first = game.legal_moves()[0].clone();
            game.play(&first).unwrap();
            let (fen, moves) = (game.fen(), game.legal_moves());
            for bad in ["", "zz", "z99", "a0", "a1a1a1", &first, "0000"] {
                assert!(game.play(bad).is_err(), "{kind}: {bad:?} accepted");
                assert_eq!(game.fen(), fen, "{kind}: {bad:?}");
                assert_eq!(game.legal_moves(), moves, "{kind}: {bad:?}");
            }
            assert!(game.undo());
            assert!(!game.undo(), "{kind}: only the one move was played");
        }
    }

    #[test]
    fn no_move_is_played_once_the_game_is_over() {
        let mut game = AnyGame::from_fen(GameKind::CrossJack, "xx1/o1x/oox o").unwrap();
        assert_eq!(game.status(), Status::Won(Player::One));
        let err = game.play("c3").unwrap_err();
        assert_eq!(err.to_string(), "c3: the game is over");
        assert_eq!(game.fen(), "xx1/o1x/oox o");
        assert!(!game.undo());
    }
}
