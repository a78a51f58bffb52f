//! The rules engines: one module per game behind the shared [`Game`] trait.
//!
//! Everything a game knows (rules, notation, hashing, evaluation) lives in its own module;
//! [`GameState`] adds the move history every game shares, and [`AnyGame`] erases the game
//! type for the protocol layer.
//!
//! The games are listed once, below: adding one is its module plus one line there (see
//! [`registry`]).

pub mod any;
pub mod bitboard;
pub mod coord;
pub mod error;
pub mod fen;
pub mod registry;
pub mod size;
pub mod state;
pub mod zobrist;

use std::fmt::Debug;

pub use any::AnyGame;
pub use coord::Coord;
pub use error::{MoveError, PositionError};
pub use size::BoardSize;
pub use state::GameState;

// The one list of games: one `module::Type` line per game.
registry::register_games! {
    crossjack::CrossJack,
    jcshock::JcShock,
    crossings::Crossings,
}

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

/// Upper bound on the legal moves of any position of any game; move buffers reserve it so
/// that generation never reallocates.
pub const MAX_MOVES: usize = 1024;

/// A buffer of moves, reused across calls so that generation does not allocate.
pub type MoveList<M> = Vec<M>;

/// A game's share of `bench`: position strings searched to a fixed depth, whose node counts
/// add up to the bench's signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchSet {
    /// The search depth in plies, chosen so that the whole bench takes a second or two.
    pub depth: u32,
    /// Position strings ([`Game::from_fen`]), every one in play: the start, positions from
    /// real play, an endgame.
    pub positions: &'static [&'static str],
}

impl BenchSet {
    /// No positions: the default of games that are not benched (test games).
    pub const NONE: BenchSet = BenchSet {
        depth: 1,
        positions: &[],
    };
}

/// The kind of search that plays a game best.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchStyle {
    /// Iterative-deepening alpha-beta on the game's evaluation.
    AlphaBeta,
    /// Monte-Carlo playouts with all-moves-as-first sharing, after an exact solver that
    /// settles the endgame of a game of fixed length: for games whose outcome no static
    /// evaluation foresees.
    Playouts,
}

/// The rules of one game, as a position value that is copied to make a move (copy-make).
///
/// Implementations keep their hash up to date in [`Game::play`] (Zobrist keys) or compute it
/// from the board when asked, whichever is cheaper for the game. Everything here is
/// judged from the position alone; rules that depend on history (repetition) belong to
/// [`GameState`], whose answers are the game's.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move of this game; small and `Copy`.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The name used by `UCI_Variant`, `--game` and `perft --game`.
    const NAME: &'static str;

    /// The positions and depth `bench` searches; every game the engine lists has some (a test
    /// checks), other games keep none.
    const BENCH: BenchSet = BenchSet::NONE;

    /// The search that plays this game best, as measured in matches (the game's module says
    /// which ones); the `search` strategy follows it.
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta;

    /// Whether alpha-beta first searches the late quiet moves of a node (those tried after
    /// the first three, with [`Game::move_priority`] 0) a ply shallower, and at full depth
    /// only if they beat the best so far (late move reductions). It trades exactness for
    /// depth, so a game turns it on where matches showed it plays better; off by default.
    const LATE_MOVE_REDUCTIONS: bool = false;

    /// How much less than nothing alpha-beta values a draw for the player it searches for,
    /// and how much more for the opponent: a game where the weaker side can always force a
    /// draw sets it, so that the engine takes the draw only when every other line loses and
    /// meanwhile keeps its chances against an opponent who may not find the draw. 0 (the
    /// default) is objective play. The evaluation must never give exactly this value: the
    /// reports show a root value of exactly `-CONTEMPT` as the draw it stands for, 0.
    const CONTEMPT: i32 = 0;

    /// The board size of the default start position.
    fn default_size() -> BoardSize;

    /// The start position on a board of `size`.
    fn start(size: BoardSize) -> Result<Self, PositionError>;

    /// Reads a position string (`<board> <side>`), validating it against the rules.
    fn from_fen(text: &str) -> Result<Self, PositionError>;

    /// The position string of this position; [`Game::from_fen`] reads it back unchanged.
    fn fen(&self) -> String;

    /// The board's width and height.
    fn size(&self) -> BoardSize;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Appends every legal move to `out` (which the caller clears). No moves exactly when the
    /// position's [`Game::status`] is over.
    fn generate_moves(&self, out: &mut MoveList<Self::Move>);

    /// The number of legal moves, counted without building them (perft's bulk count at the
    /// last ply); equals the length of [`Game::generate_moves`]'s list.
    fn count_moves(&self) -> usize;

    /// Plays a legal move (one [`Game::generate_moves`] produced) in place.
    fn play(&mut self, mv: Self::Move);

    /// Where the game stands, judged from this position alone; the game's status, history
    /// included, is [`GameState::status_with_history`].
    fn status(&self) -> Status;

    /// Why the game is over, judged from this position alone, in the game's own words
    /// (`query reason`: e.g. `blockade`); `None` while [`Game::status`] is in play. Each game
    /// names its own reasons; this default only says that the game is over.
    fn end_reason(&self) -> Option<&'static str> {
        self.status().is_over().then_some("game over")
    }

    /// The position's hash: Zobrist keys maintained incrementally by [`Game::play`], or a
    /// hash of the board computed when asked where a move changes too many squares.
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch; equals [`Game::hash`] (tests check it).
    fn hash_from_scratch(&self) -> u64;

    /// How many of the last plies could be undone by later moves; positions further back
    /// cannot repeat. Games where nothing repeats keep the default 0.
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// How many plies the game has left, whatever is played, when the rules fix its length:
    /// it can neither end sooner nor go on longer (random playouts then need no status check
    /// before the last ply). `None`, the default, when the length is open.
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// How many moves the side to move has left to make in this game, this one included, when
    /// the rules fix the game's length (time management spreads the clock over them); `None`,
    /// the default, when the length is open.
    fn own_moves_left(&self) -> Option<u32> {
        None
    }

    /// How many moves the side to move is likely to make before the game ends, this one
    /// included: what time management plans the clock on. [`Game::own_moves_left`] where the
    /// rules fix it (the default); games of open length whose positions tell how far the end
    /// is give their estimate; `None` when nothing is known.
    fn expected_own_moves_left(&self) -> Option<u32> {
        self.own_moves_left()
    }

    /// Reads a move in this game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Writes a move in this game's notation (one token).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Static evaluation in centipawn-like units from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// The position's [`Game::status`] and, while it is in play, its [`Game::evaluate`]
    /// (once the game is over the evaluation means nothing; the default gives 0): what a
    /// search asks at its horizon. Games whose status and evaluation share work answer both
    /// at once; the default asks each in turn.
    fn status_and_evaluation(&self) -> (Status, i32) {
        let status = self.status();
        let evaluation = if status == Status::InPlay {
            self.evaluate()
        } else {
            0
        };
        (status, evaluation)
    }

    /// A text diagram of the board with coordinates.
    fn diagram(&self) -> String;

    /// How promising `mv` looks before any search (captures, threats, moves toward the goal
    /// first): alpha-beta tries higher priorities first after the table's move and the
    /// killers. The default 0 keeps generation order.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// True when the side to move must answer a threat on this very move (in Crossings, a
    /// crossing): its evaluation would hide the outcome, so the search never stops at such a
    /// position but tries its moves. False by default.
    fn is_forcing(&self) -> bool {
        false
    }

    /// Appends the moves the search still tries where it would otherwise stop and evaluate:
    /// moves whose outcome the evaluation cannot foresee because they decide the game or
    /// leave the opponent in a forcing position (in Crossings, the crossings). Only legal
    /// moves; none in a finished game. None by default: the evaluation is the last word.
    fn generate_tactical_moves(&self, _out: &mut MoveList<Self::Move>) {}

    /// How many distinct [`Game::move_code`]s moves of this position can have; 0 (the
    /// default) when the game gives its moves no codes.
    fn move_codes(&self) -> usize {
        0
    }

    /// A small number below [`Game::move_codes`] that names `mv` the same way in every
    /// position of the game (a placement's square, say): Monte-Carlo search shares what it
    /// learns about a move between positions by it ("all moves as first").
    fn move_code(&self, _mv: Self::Move) -> usize {
        0
    }

    /// A legal move picked with `random` (64 random bits), all moves equally likely; `None`
    /// when there is none. `buffer` is scratch space. Games override it when they can pick
    /// without listing every move (random playouts spend most of their time here).
    fn random_move(&self, random: u64, buffer: &mut MoveList<Self::Move>) -> Option<Self::Move> {
        buffer.clear();
        self.generate_moves(buffer);
        let index = (u128::from(random) * buffer.len() as u128) >> 64;
        buffer.get(index as usize).copied()
    }
}
