//! What the searchers may ask of a game beyond its rules: the search that plays it best,
//! an evaluation, move ordering, tactical moves, pruning moves, exact values it knows, its
//! symmetries and its length. Every item has a default, so a game that is only rules (a toy
//! game in the tests) implements the trait with an empty `impl`.
//!
//! The trait is declared here, beside the rules, so that `games/` depends on nothing else
//! of the crate: the searchers stand above it and read it.

use super::ending::Margin;
use super::moves::MoveList;
use super::rules::Game;
use super::search_style::{AlphaBetaTuning, SearchStyle};
use super::status::Status;

/// A game's share of `bench`: positions searched to a fixed depth, whose node counts add up
/// to the bench's signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchSet {
    /// The search depth in plies, chosen so that the whole bench stays short.
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
/// a proven bound on the position's value.
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

    /// The search that plays this game best, with its tuning; the `search` strategy follows
    /// it. Plain alpha-beta by default.
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta(&AlphaBetaTuning::DEFAULT);

    /// A move that only hands the turn to the opponent, for null-move pruning: where the
    /// side to move stays at or above beta even after a free move of the opponent's, a
    /// shallower search of that pass settles the node. Only for games where passing is
    /// rarely better than moving (little zugzwang), and never when the side to move must
    /// answer a threat. `None` by default: no null-move pruning.
    fn null_move(&self) -> Option<Self::Move> {
        None
    }

    /// Whether a finished game has a [`Margin`] beyond its result
    /// ([`SearchHints::final_margin`]), which the exact solver then finds under best play
    /// too.
    const HAS_MARGIN: bool = false;

    /// In a finished game, the side to move's [`Margin`]; asked only of games with
    /// [`SearchHints::HAS_MARGIN`].
    fn final_margin(&self) -> Margin {
        Margin::EVEN
    }

    /// The exact value of this position, with no history behind it, when the game knows it
    /// without searching; the exact solver takes it as proven. `None` by default.
    fn known_value(&self) -> Option<KnownValue> {
        None
    }

    /// Which outcomes the side to move can still reach, proven without searching (a strategy
    /// of one player that holds whatever the other does); the exact solver takes it as
    /// proven. Open by default.
    fn outcome_bounds(&self) -> OutcomeBounds {
        OutcomeBounds::OPEN
    }

    /// Makes ready what [`SearchHints::known_value`] reads (a game's endgame tables), once
    /// per process, when the lines from this position may need it, giving up as soon as
    /// `abandon` returns true. The exact solver calls it before it solves; it may be slow.
    fn prepare_known_values(&self, _abandon: &(dyn Fn() -> bool + Sync)) {}

    /// The position's [`SymmetricKey`], by which the exact solver's table is keyed: the same
    /// for every image of the position under the symmetries of the rules, each of which
    /// must keep the value for the side to move. By default the game knows no symmetry.
    fn symmetric_key(&self) -> SymmetricKey {
        SymmetricKey::alone(self.hash())
    }

    /// Static evaluation in centipawn-like units from the side to move's point of view. The
    /// default 0 lets a search see only won, lost and drawn positions.
    fn evaluate(&self) -> i32 {
        0
    }

    /// The position's [`Game::status`] and, while it is in play, its
    /// [`SearchHints::evaluate`] (0 once the game is over): what a search asks at its
    /// horizon. Games whose status and evaluation share work answer both at once.
    fn status_and_evaluation(&self) -> (Status, i32) {
        let status = self.status();
        let evaluation = if status == Status::InPlay {
            self.evaluate()
        } else {
            0
        };
        (status, evaluation)
    }

    /// How promising `mv` looks before any search (captures, threats, moves toward the goal
    /// first): alpha-beta tries higher priorities first after the table's move and the
    /// killers. The default 0 keeps generation order.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether the game's moves have 16-bit tags ([`SearchHints::move_tag`]): the
    /// transposition table then keeps a node's best move itself instead of its index among
    /// the generated moves, and alpha-beta tries it and the killer moves, where
    /// [`SearchHints::is_legal_move`] finds them legal, before it generates the others,
    /// since most nodes cut off on one of them.
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

    /// Whether `mv`, a move of some position of this game, is one of this position's
    /// [`Game::generate_moves`]. Games with [`SearchHints::TAGGED_MOVES`] tell it without
    /// listing every move; this default lists them.
    fn is_legal_move(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Whether the side to move must answer a threat on this very move: its evaluation would
    /// hide the outcome, so a search never stops at such a position but tries its moves.
    fn is_forcing(&self) -> bool {
        false
    }

    /// Appends the moves a search still tries where it would otherwise stop and evaluate:
    /// moves whose outcome the evaluation cannot foresee because they decide the game or
    /// leave the opponent in a forcing position. Only legal moves; none in a finished game.
    /// None by default: the evaluation is the last word.
    fn generate_tactical_moves(&self, _out: &mut MoveList<Self::Move>) {}

    /// How many distinct [`SearchHints::move_code`]s moves of this position can have; 0
    /// when the game gives its moves no codes.
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
    /// when there is none. `buffer` is scratch space. Random playouts spend most of their
    /// time here, so games override it where they can pick without listing every move.
    fn random_move(&self, random: u64, buffer: &mut MoveList<Self::Move>) -> Option<Self::Move> {
        buffer.clear();
        self.generate_moves(buffer);
        let index = (u128::from(random) * buffer.len() as u128) >> 64;
        buffer.get(index as usize).copied()
    }

    /// How many plies the game has left, whatever is played, where the rules fix its length:
    /// random playouts then check no status before the last ply, and the exact solver knows
    /// its depth. `None` where the length is open.
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// How many moves the side to move is likely to make before the game ends, this one
    /// included, which time management plans the clock on: exact where the rules fix it, an
    /// estimate where the position tells how far the end is, `None` where nothing is known.
    fn expected_own_moves_left(&self) -> Option<u32> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossings::Crossings;
    use crate::games::crossjack::CrossJack;
    use crate::games::size::BoardSize;
    use crate::games::zobrist::splitmix64;

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
