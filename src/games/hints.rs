//! What the searchers may ask of a game beyond its rules: an evaluation, move ordering,
//! tactical moves, a draw's contempt, reductions, playout hints, the game's length and the
//! search that plays it best. Every item has a default, so a game that is only rules (a toy
//! game in the tests) implements it with an empty `impl`.
//!
//! The hints are declared here, with the rules, so that `games/` depends on nothing else of
//! the crate; the searchers read them.

use std::time::Duration;

use super::{Game, Margin, MoveList, Status};

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
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchStyle {
    /// Iterative-deepening alpha-beta on the game's evaluation.
    AlphaBeta,
    /// Monte-Carlo playouts after an exact solver that settles the endgame of a game of
    /// fixed length, tuned by the game: for games whose outcome no static evaluation
    /// foresees.
    Playouts(&'static PlayoutTuning),
}

/// The weight β that RAVE gives a move's all-moves-as-first (AMAF) mean, and 1 − β its own
/// mean, by the move's own visits n and its AMAF visits ñ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RaveSchedule {
    /// β = √(k / (3n + k)), with the equivalence parameter k: after k visits of its own a
    /// move's two means weigh about the same, however many AMAF visits it has.
    Equivalence(f64),
    /// β = ñ / (n + ñ + 4b²·n·ñ), the field being 4b² (Gelly and Silver 2011's schedule of
    /// least mean squared error, b the bias of AMAF means): a move with few AMAF visits
    /// leans on its own mean from the start, one with many until about 1 / 4b² visits of
    /// its own.
    MinimumError(f64),
}

/// How a Monte-Carlo tree search weighs what it has seen and how its playouts choose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TreePolicy {
    /// The exploration constant of UCB1.
    pub exploration: f64,
    /// The exploration constant of UCB1 in a long search (see [`LongSearch`]): the more
    /// playouts a search makes, the more of them it can spend on moves its estimates rank
    /// lower.
    pub long_exploration: f64,
    /// How RAVE weighs a move's all-moves-as-first results against its own; `None` turns
    /// RAVE off. Needs [`SearchHints::move_code`].
    pub rave: Option<RaveSchedule>,
    /// Whether a search starts from the part of the last search's tree below the position
    /// now on the board (found among the last root's children and grandchildren).
    pub reuse: bool,
    /// Whether playouts prefer moves that did well this search (MAST: the better of two
    /// random moves by their average result for the mover); needs RAVE's move codes.
    pub mast: bool,
    /// Playouts through a leaf before it gets children (the root always has them): fewer
    /// nodes, each with better statistics, and a tree that fills memory later.
    pub expand_after: u32,
    /// With MAST, the weight in a playout move's value of the mover's average result with
    /// that move played right after the move before it (pairs of moves, as in the N-gram
    /// selection technique); MAST's average for the move alone weighs the rest. 0 turns
    /// pairs off.
    pub pairs: f32,
    /// With MAST, the share of playout moves that are the better of two random moves; the
    /// others are one uniformly random move. 1 makes every move MAST's choice.
    pub mast_share: f64,
    /// With RAVE, how many plies after a node's position a move of its player still counts
    /// as played "first" there: a move made much later, after the board has changed around
    /// it, says little about making it now. `usize::MAX` counts the whole iteration.
    pub amaf_window: usize,
    /// In games of fixed length, how many plies at the end of a playout are played perfectly
    /// (by minimax over every move) instead of at random: where random moves would hand the
    /// game away and bias every estimate. 0 plays every ply at random. The moves of this
    /// tail are not credited to MAST or RAVE.
    pub exact_tail: usize,
    /// In games of fixed length, tree nodes this many plies or fewer from the end are solved
    /// by minimax once they have had [`TreePolicy::expand_after`] playouts, instead of getting
    /// children, and every later iteration that reaches one backs up its exact result; a node
    /// whose mover has a solved win among its children, or whose children are all solved, is
    /// solved too (MCTS-Solver). The tree near the end then stops guessing, at the cost of one
    /// minimax per node. 0 solves none.
    pub solved_within: u32,
}

/// When the exact endgame solver runs before the playouts, in a game of fixed length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverReach {
    /// Plies from the end within which a timed search tries the solver.
    pub plies: u32,
    /// Plies from the end within which a search of at least [`SolverReach::deep_time`], or
    /// one without a time limit (a node or depth limit), tries it.
    pub deep_plies: u32,
    /// The time of a move from which [`SolverReach::deep_plies`] applies.
    pub deep_time: Duration,
    /// The solver gets one part in this many of the search's time or nodes.
    pub share: u32,
}

/// From what size a Monte-Carlo search counts as long, for
/// [`TreePolicy::long_exploration`]; a search without any limit is long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongSearch {
    /// A time target at least this long.
    pub time: Duration,
    /// A node limit at least this large.
    pub nodes: u64,
    /// A playout limit (`go depth N`: N thousand) at least this large.
    pub playouts: u64,
}

/// A game's tuning of the playout search: plain data the searcher reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutTuning {
    /// The tree and the playouts.
    pub tree: TreePolicy,
    /// The exact solver's reach.
    pub solver: SolverReach,
    /// What counts as a long search.
    pub long_search: LongSearch,
}

/// A key shared by a position and every position a symmetry of the game maps it to (a mirror
/// image, a turn of the board, Cross-Jack's columns shifted round the wrap), so that a table
/// of values finds a position under any of its images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymmetricKey {
    /// The same for every image of the position (and, but for collisions, for no other).
    pub key: u64,
    /// Which image gave the key: two positions with the same key and the same image are the
    /// same position, so a move remembered for one applies to the other as it is.
    pub image: u8,
}

impl SymmetricKey {
    /// The key of a position that shares it with no image: its own hash, image 0.
    pub fn alone(hash: u64) -> Self {
        SymmetricKey {
            key: hash,
            image: 0,
        }
    }
}

/// The exact value of a position that a game knows without searching (an endgame table),
/// for the side to move, with no history behind the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownValue {
    /// The side to move wins, the game ending this many plies from here under best play.
    Win(u32),
    /// The side to move loses, the game ending this many plies from here under best play.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

/// The outcomes still open to the side to move, as far as a game can tell without searching:
/// a proven bound on the position's value (both true when the game cannot tell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutcomeBounds {
    /// The side to move may still win.
    pub can_win: bool,
    /// The side to move may still lose.
    pub can_lose: bool,
}

impl OutcomeBounds {
    /// Nothing known: any outcome may come.
    pub const OPEN: Self = OutcomeBounds {
        can_win: true,
        can_lose: true,
    };
}

/// What the searchers may ask of a game besides its rules; every item has a default.
pub trait SearchHints: Game {
    /// The positions and depth `bench` searches; every game the engine lists has some (a test
    /// checks), other games keep none.
    const BENCH: BenchSet = BenchSet::NONE;

    /// The search that plays this game best, as measured in matches; the `search` strategy
    /// follows it.
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta;

    /// Whether alpha-beta first searches the late quiet moves of a node (those tried after
    /// the first three, with [`SearchHints::move_priority`] 0) shallower, the more so the
    /// later the move and the deeper the node, and at full depth only if they beat the best
    /// so far (late move reductions). It trades exactness
    /// for depth, so a game turns it on where matches showed it plays better; off by default.
    const LATE_MOVE_REDUCTIONS: bool = false;

    /// How much less than nothing alpha-beta values a draw for the player it searches for,
    /// and how much more for the opponent: a game where the weaker side can always force a
    /// draw sets it, so that the engine takes the draw only when every other line loses and
    /// meanwhile keeps its chances against an opponent who may not find the draw. 0 (the
    /// default) is objective play. The evaluation must never give exactly this value: the
    /// reports show a root value of exactly `-CONTEMPT` as the draw it stands for, 0.
    const CONTEMPT: i32 = 0;

    /// Reverse futility pruning: a node off the principal variation, at most
    /// [`FUTILITY_DEPTH`](SearchHints::FUTILITY_DEPTH) plies from the horizon and not
    /// forcing, whose evaluation exceeds beta by this much per ply left is taken to hold
    /// beta without search. 0 (the default): off. A game sets it where its evaluation rarely
    /// swings that much in a few quiet plies.
    const FUTILITY_MARGIN: i32 = 0;

    /// The deepest node reverse futility pruning applies to.
    const FUTILITY_DEPTH: i32 = 3;

    /// A move that only hands the turn to the opponent, for null-move pruning: where the
    /// side to move stays at or above beta even after giving the opponent a free move, a
    /// shallower search of that pass settles the node. A game returns one only where passing
    /// is never better than moving is rare enough (no zugzwang to speak of) and never when the
    /// side to move must answer a threat. `None` (the default): no null-move pruning.
    fn null_move(&self) -> Option<Self::Move> {
        None
    }

    /// Whether a finished game has a [`Margin`] beyond its result
    /// ([`SearchHints::final_margin`]): the exact solver then finds the margin under best
    /// play too. False by default.
    const HAS_MARGIN: bool = false;

    /// In a finished game, the side to move's [`Margin`] (only asked of games with
    /// [`SearchHints::HAS_MARGIN`]); [`Margin::EVEN`] by default.
    fn final_margin(&self) -> Margin {
        Margin::EVEN
    }

    /// The exact value of this position, with no history behind it, when the game knows it
    /// without searching ([`KnownValue`]); `None` (the default) when it does not. The exact
    /// solver takes it as proven.
    fn known_value(&self) -> Option<KnownValue> {
        None
    }

    /// Which outcomes the side to move can still reach, proven without searching (a
    /// strategy of one player that holds whatever the other does); [`OutcomeBounds::OPEN`]
    /// (the default) when the game cannot tell. The exact solver takes it as proven.
    fn outcome_bounds(&self) -> OutcomeBounds {
        OutcomeBounds::OPEN
    }

    /// Makes ready what [`SearchHints::known_value`] reads (a game's endgame tables), once
    /// per process, when the lines from this position may need it, giving up as soon as
    /// `abandon` returns true. The exact solver calls it before it solves; it may take
    /// seconds. Nothing by default.
    fn prepare_known_values(&self, _abandon: &(dyn Fn() -> bool + Sync)) {}

    /// The position's [`SymmetricKey`]: the same for every image of the position under the
    /// symmetries of the game's rules, which the exact solver's table is keyed by. A symmetry
    /// must keep the value for the side to move. The default knows none: the position's own
    /// hash, image 0.
    fn symmetric_key(&self) -> SymmetricKey {
        SymmetricKey::alone(self.hash())
    }

    /// Static evaluation in centipawn-like units from the side to move's point of view; 0
    /// by default (the search then sees only won, lost and drawn positions).
    fn evaluate(&self) -> i32 {
        0
    }

    /// The position's [`Game::status`] and, while it is in play, its
    /// [`SearchHints::evaluate`] (once the game is over the evaluation means nothing; the
    /// default gives 0): what a search asks at its horizon. Games whose status and
    /// evaluation share work answer both at once; the default asks each in turn.
    fn status_and_evaluation(&self) -> (Status, i32) {
        let status = self.status();
        let evaluation = if status == Status::InPlay {
            self.evaluate()
        } else {
            0
        };
        (status, evaluation)
    }

    /// Whether alpha-beta keeps the answers of
    /// [`SearchHints::status_and_evaluation`] in a cache by position key: worth it where
    /// they cost more than a memory access that often misses the processor's caches. True
    /// by default.
    const CACHE_EVALUATIONS: bool = true;

    /// How promising `mv` looks before any search (captures, threats, moves toward the goal
    /// first): alpha-beta tries higher priorities first after the table's move and the
    /// killers. The default 0 keeps generation order.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// True for a game whose moves have 16-bit tags ([`SearchHints::move_tag`]): the
    /// transposition table then keeps a node's best move itself instead of its index among
    /// the generated moves, and alpha-beta tries it and the killer moves, where
    /// [`SearchHints::is_legal_move`] finds them legal, before it generates the others.
    /// Most nodes cut off on one of them. False by default.
    const TAGGED_MOVES: bool = false;

    /// The tag of `mv` (see [`SearchHints::TAGGED_MOVES`]), which
    /// [`SearchHints::move_from_tag`] reads back.
    fn move_tag(_mv: Self::Move) -> u16 {
        0
    }

    /// The move tagged `tag`, if any move has that tag (legal here or not).
    fn move_from_tag(_tag: u16) -> Option<Self::Move> {
        None
    }

    /// True when `mv`, a move of some position of this game, is one of this position's
    /// [`Game::generate_moves`]. Games with [`SearchHints::TAGGED_MOVES`] tell it without
    /// listing every move; this default lists them.
    fn is_legal_move(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// True when the side to move must answer a threat on this very move: its evaluation
    /// would hide the outcome, so the search never stops at such a position but tries its
    /// moves. False by default.
    fn is_forcing(&self) -> bool {
        false
    }

    /// Appends the moves the search still tries where it would otherwise stop and evaluate:
    /// moves whose outcome the evaluation cannot foresee because they decide the game or
    /// leave the opponent in a forcing position. Only legal moves; none in a finished game.
    /// None by default: the evaluation is the last word.
    fn generate_tactical_moves(&self, _out: &mut MoveList<Self::Move>) {}

    /// How many distinct [`SearchHints::move_code`]s moves of this position can have; 0 (the
    /// default) when the game gives its moves no codes.
    fn move_codes(&self) -> usize {
        0
    }

    /// A small number below [`SearchHints::move_codes`] that names `mv` the same way in
    /// every position of the game (a placement's square, say): Monte-Carlo search shares
    /// what it learns about a move between positions by it ("all moves as first"), and
    /// alpha-beta and the exact solver keep the history of their cutoffs by it.
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

    /// How many plies the game has left, whatever is played, when the rules fix its length:
    /// it can neither end sooner nor go on longer (random playouts then need no status check
    /// before the last ply, and the exact solver knows its depth). `None`, the default, when
    /// the length is open.
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// How many moves the side to move is likely to make before the game ends, this one
    /// included: what time management plans the clock on. Exact where the rules fix it,
    /// an estimate where the position tells how far the end is, `None` (the default) when
    /// nothing is known.
    fn expected_own_moves_left(&self) -> Option<u32> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossings::Crossings;
    use crate::games::crossjack::CrossJack;
    use crate::games::zobrist::splitmix64;
    use crate::games::BoardSize;

    /// Plays `games` random games from `start` and asks every position about its own moves,
    /// the moves of the positions before it (a search's killer moves come from other
    /// positions) and moves read from random tags: [`SearchHints::is_legal_move`] agrees
    /// with the generated list, and every move reads back from its tag. Gives how many
    /// moves were found legal.
    fn check_tagged_moves<G: SearchHints>(start: &G, games: usize, mut seed: u64) -> usize {
        assert!(G::TAGGED_MOVES);
        let mut legal = 0;
        for _ in 0..games {
            let mut position = start.clone();
            let mut earlier: Vec<G::Move> = Vec::new();
            while position.status() == Status::InPlay {
                let mut list = MoveList::new();
                position.generate_moves(&mut list);
                let mut candidates = earlier.clone();
                for _ in 0..20 {
                    let random;
                    (seed, random) = splitmix64(seed);
                    candidates.extend(G::move_from_tag(random as u16));
                }
                candidates.extend(list.iter().copied());
                for mv in candidates {
                    let listed = list.contains(&mv);
                    assert_eq!(
                        position.is_legal_move(mv),
                        listed,
                        "{} in {}",
                        position.format_move(mv),
                        position.fen()
                    );
                    legal += usize::from(listed);
                }
                for &mv in &list {
                    assert_eq!(G::move_from_tag(G::move_tag(mv)), Some(mv));
                }
                let random;
                (seed, random) = splitmix64(seed);
                let mv = list[random as usize % list.len()];
                earlier.push(mv);
                if earlier.len() > 8 {
                    earlier.remove(0);
                }
                position.play(mv);
            }
        }
        legal
    }

    #[test]
    fn a_crossings_move_is_legal_exactly_when_generated_and_reads_back_from_its_tag() {
        let start = Crossings::start(Crossings::default_size()).expect("8x8");
        assert!(check_tagged_moves(&start, 100, 5) > 100_000);
        // The pass's tag is its own; the table's empty slot reads as no move.
        let pass = Crossings::from_fen("8/8/8/8/8/8/8/rB6 b").expect("a position");
        assert_eq!(Crossings::move_from_tag(u16::MAX), None);
        let mut moves = MoveList::new();
        pass.generate_moves(&mut moves);
        assert_eq!(pass.format_move(moves[0]), "0000");
        assert!(pass.is_legal_move(moves[0]));
        assert_eq!(
            Crossings::move_from_tag(Crossings::move_tag(moves[0])),
            Some(moves[0])
        );
    }

    #[test]
    fn a_cross_jack_move_is_legal_exactly_when_generated_and_reads_back_from_its_tag() {
        for size in [
            BoardSize::square(8),
            BoardSize::new(16, 8),
            BoardSize::new(5, 3),
        ] {
            let start = CrossJack::start(size).expect("a supported size");
            assert!(check_tagged_moves(&start, 30, 7) > 1_000, "{size}");
        }
        assert_eq!(CrossJack::move_from_tag(u16::MAX), None);
    }
}
