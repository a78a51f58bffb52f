//! A game of any kind behind the object-safe [`Session`], wrapped with its [`GameKind`] in
//! [`AnyGame`]: where move texts become typed moves, and the kind chosen at run time meets
//! the game's type ([`GameKind::visit`]).

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use crate::games::{
    BoardDescription, BoardSize, Coord, Duty, Effects, GameEnd, GameKind, GameState, GameVisitor,
    MoveError, Player, PositionError, SearchHints, Status, MAX_MOVES,
};
use crate::perft;
use crate::search::solve::{self, Progress as SolveProgress, Solution, SolveLimits};
use crate::search::{
    self, Context, Info, Limits, Request, SearchThreads, Settings, TranspositionTable, Workspace,
};

/// What the protocol asks a search, root moves in notation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchOrder {
    /// When the search ends.
    pub limits: Limits,
    /// The engine's settings.
    pub settings: Settings,
    /// `go searchmoves`, in the game's notation.
    pub searchmoves: Vec<String>,
}

/// What a legal move does on the board: the move in the game's notation and its effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEffects {
    /// The move as [`Session::legal_moves`] writes it.
    pub notation: String,
    /// What it does.
    pub effects: Effects,
}

/// A move of a list that could not be played, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMove {
    /// Which move of the list, counted from 1.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why the game refused it.
    pub error: MoveError,
}

/// A game in progress of any kind, driven by move and position texts.
pub trait Session: Send + Sync {
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
    /// The legal move written `text`, as [`Self::legal_moves`] writes it.
    fn notation(&self, text: &str) -> Result<String, MoveError>;
    /// What the legal move written `text` does on the board.
    fn effects(&self, text: &str) -> Result<MoveEffects, MoveError>;
    /// The game as a board GUI draws it, in the current position.
    fn description(&self) -> BoardDescription;
    /// Every piece on the board with its square, in square order (a1, b1, …, a2, …).
    fn placement(&self) -> Vec<(Coord, char)>;
    /// What the side to move must do, history included ([`GameState::duty`]).
    fn duty(&self) -> Duty;
    /// How the game ended, history included ([`GameState::end`]); `None` while in play.
    fn end(&self) -> Option<GameEnd>;
    /// Takes back the last move; false at the root.
    fn undo(&mut self) -> bool;
    /// The board as a text diagram.
    fn diagram(&self) -> String;
    /// Leaf counts below each root move; `None` when `stop` was set before the count ended.
    fn divide(&mut self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>>;
    /// Searches as `order` says; the best move in notation, `None` if the game is over.
    fn search(
        &mut self,
        order: &SearchOrder,
        tt: &mut TranspositionTable,
        threads: &mut SearchThreads,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String>;
    /// Solves the current position alone ([`solve::solve`], history not counted); moves in
    /// notation.
    fn solve(
        &self,
        table_mb: usize,
        threads: usize,
        limits: SolveLimits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&SolveProgress<String>),
    ) -> Solution<String>;
    /// The start position of this game on a board of `size`, sharing this game's workspace.
    fn restart(&self, size: BoardSize) -> Result<Box<dyn Session>, PositionError>;
    /// This game from a position string, sharing this game's workspace.
    fn load(&self, fen: &str) -> Result<Box<dyn Session>, PositionError>;
    /// A boxed copy, sharing the workspace.
    fn box_clone(&self) -> Box<dyn Session>;
}

/// A game state of `G` and its search workspace, shared by copies so the next search of the
/// game finds the last one's buffers and tree.
struct Typed<G: SearchHints> {
    state: GameState<G>,
    workspace: Arc<Mutex<Workspace<G>>>,
}

impl<G: SearchHints> Clone for Typed<G> {
    fn clone(&self) -> Self {
        Typed {
            state: self.state.clone(),
            workspace: Arc::clone(&self.workspace),
        }
    }
}

impl<G: SearchHints> Typed<G> {
    /// A game starting at `root`, with the workspace `workspace`.
    fn boxed(root: G, workspace: Arc<Mutex<Workspace<G>>>) -> Box<dyn Session> {
        Box::new(Typed {
            state: GameState::new(root),
            workspace,
        })
    }

    /// The legal move written `text`, unless the game is over.
    fn legal_move(&self, text: &str) -> Result<G::Move, MoveError> {
        if self.state.status_with_history().is_over() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        self.state.position().parse_move(text)
    }
}

impl<G: SearchHints> Session for Typed<G> {
    fn size(&self) -> BoardSize {
        self.state.position().size()
    }

    fn fen(&self) -> String {
        self.state.position().fen()
    }

    fn side_to_move(&self) -> Player {
        self.state.position().side_to_move()
    }

    fn status(&self) -> Status {
        self.state.status_with_history()
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.state.end_reason()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::with_capacity(MAX_MOVES);
        self.state.generate_moves(&mut moves);
        let position = self.state.position();
        moves.into_iter().map(|m| position.format_move(m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = self.legal_move(text)?;
        self.state.make(mv);
        Ok(())
    }

    fn notation(&self, text: &str) -> Result<String, MoveError> {
        let mv = self.legal_move(text)?;
        Ok(self.state.position().format_move(mv))
    }

    fn effects(&self, text: &str) -> Result<MoveEffects, MoveError> {
        let mv = self.legal_move(text)?;
        let position = self.state.position();
        Ok(MoveEffects {
            notation: position.format_move(mv),
            effects: position.effects(mv),
        })
    }

    fn description(&self) -> BoardDescription {
        self.state.position().description()
    }

    fn placement(&self) -> Vec<(Coord, char)> {
        let position = self.state.position();
        let size = position.size();
        (0..size.height)
            .flat_map(|rank| (0..size.width).map(move |file| Coord::new(file, rank)))
            .filter_map(|square| Some((square, position.piece_letter(square)?)))
            .collect()
    }

    fn duty(&self) -> Duty {
        self.state.duty()
    }

    fn end(&self) -> Option<GameEnd> {
        self.state.end()
    }

    fn undo(&mut self) -> bool {
        self.state.unmake()
    }

    fn diagram(&self) -> String {
        self.state.position().diagram()
    }

    fn divide(&mut self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
        // perft leaves the state as it found it, so the moves are the current position's.
        let counts = perft::divide_until(&mut self.state, depth, stop)?;
        let position = self.state.position();
        Some(
            counts
                .into_iter()
                .map(|(mv, nodes)| (position.format_move(mv), nodes))
                .collect(),
        )
    }

    fn search(
        &mut self,
        order: &SearchOrder,
        tt: &mut TranspositionTable,
        threads: &mut SearchThreads,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<String> {
        // The moves are parsed once, here; the texts that are not legal moves are left out.
        let searchmoves: Vec<G::Move> = order
            .searchmoves
            .iter()
            .filter_map(|text| self.state.position().parse_move(text).ok())
            .collect();
        let request = Request {
            limits: &order.limits,
            settings: &order.settings,
            searchmoves: &searchmoves,
        };
        let mut workspace = search::lock_or_empty(&self.workspace);
        let mut context = Context {
            tt,
            threads,
            workspace: &mut *workspace,
            stop,
        };
        let show_wdl = order.settings.show_wdl;
        let mover = self.state.position().side_to_move();
        let mut reported = |info: &Info| {
            if show_wdl && info.currmove.is_none() {
                report(&Info {
                    wdl: Some(info.chances(&G::WDL, mover)),
                    ..info.clone()
                });
            } else {
                report(info);
            }
        };
        let best = search::best_move(&mut self.state, &request, &mut context, &mut reported)?;
        Some(self.state.position().format_move(best))
    }

    fn solve(
        &self,
        table_mb: usize,
        threads: usize,
        limits: SolveLimits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&SolveProgress<String>),
    ) -> Solution<String> {
        let position = self.state.position();
        let write = |mv| position.format_move(mv);
        solve::solve(position, table_mb, threads, limits, stop, &mut |report| {
            progress(&report.map(write));
        })
        .map(write)
    }

    fn restart(&self, size: BoardSize) -> Result<Box<dyn Session>, PositionError> {
        Ok(Typed::boxed(G::start(size)?, Arc::clone(&self.workspace)))
    }

    fn load(&self, fen: &str) -> Result<Box<dyn Session>, PositionError> {
        Ok(Typed::boxed(G::from_fen(fen)?, Arc::clone(&self.workspace)))
    }

    fn box_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}

/// Builds a session of the visited game at its start position on a board of `size`.
struct Start(BoardSize);

impl GameVisitor for Start {
    type Output = Result<Box<dyn Session>, PositionError>;

    fn visit<G: SearchHints>(self) -> Self::Output {
        Ok(Typed::boxed(G::start(self.0)?, Arc::default()))
    }
}

/// Builds a session of the visited game from a position string.
struct Load<'a>(&'a str);

impl GameVisitor for Load<'_> {
    type Output = Result<Box<dyn Session>, PositionError>;

    fn visit<G: SearchHints>(self) -> Self::Output {
        Ok(Typed::boxed(G::from_fen(self.0)?, Arc::default()))
    }
}

/// A game of any kind, as the protocol holds it: its kind and its session.
pub struct AnyGame {
    kind: GameKind,
    game: Box<dyn Session>,
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
    /// The start position of `kind` on a board of `size`, with a new workspace.
    pub fn start(kind: GameKind, size: BoardSize) -> Result<Self, PositionError> {
        let game = kind.visit(Start(size))?;
        Ok(AnyGame { kind, game })
    }

    /// A game of `kind` starting from a position string, with a new workspace.
    pub fn from_fen(kind: GameKind, text: &str) -> Result<Self, PositionError> {
        let game = kind.visit(Load(text))?;
        Ok(AnyGame { kind, game })
    }

    /// The start position of this game on a board of `size`, keeping its workspace.
    pub fn restarted(&self, size: BoardSize) -> Result<Self, PositionError> {
        Ok(AnyGame {
            kind: self.kind,
            game: self.game.restart(size)?,
        })
    }

    /// This game from a position string, keeping its workspace.
    pub fn loaded(&self, text: &str) -> Result<Self, PositionError> {
        Ok(AnyGame {
            kind: self.kind,
            game: self.game.load(text)?,
        })
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// This game after `moves` (in notation); on error, the first bad move and nothing played.
    pub fn after(&self, moves: &[String]) -> Result<AnyGame, BadMove> {
        let mut game = self.clone();
        for (index, text) in moves.iter().enumerate() {
            game.play(text).map_err(|error| BadMove {
                index: index + 1,
                text: text.clone(),
                error,
            })?;
        }
        Ok(game)
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn Session;

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
