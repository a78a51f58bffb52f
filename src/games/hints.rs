//! What the searchers may ask of a game beyond its rules. Every item has a default, so a game
//! that is only rules implements the trait with an empty `impl`. Declared here so that
//! `games/` depends on nothing else of the crate.

use super::ending::Margin;
use super::moves::MoveList;
use super::rules::Game;
use super::search_style::{AlphaBetaTuning, SearchStyle};
use super::status::Status;
use super::strength::{LevelTuning, WdlModel};

/// A game's share of `bench`: positions searched to a fixed depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchSet {
    /// The search depth in plies.
    pub depth: u32,
    /// Position strings ([`Game::from_fen`]), every one in play.
    pub positions: &'static [&'static str],
}

impl BenchSet {
    /// No positions (test games).
    pub const NONE: BenchSet = BenchSet {
        depth: 1,
        positions: &[],
    };
}

/// A key shared by a position and all its images under the game's symmetries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymmetricKey {
    /// The same for every image of the position.
    pub key: u64,
    /// Which image gave the key: same key and image means the same position, so a stored
    /// move applies as it is.
    pub image: u8,
}

impl SymmetricKey {
    /// The key of a position without symmetries: its own hash, image 0.
    pub fn alone(hash: u64) -> Self {
        SymmetricKey {
            key: hash,
            image: 0,
        }
    }
}

/// The exact value of a position for the side to move, known without searching (no history).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownValue {
    /// The side to move wins in this many plies under best play.
    Win(u32),
    /// The side to move loses in this many plies under best play.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

/// A proven bound on the outcomes still open to the side to move.
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
    /// The positions and depth `bench` searches (every listed game has some).
    const BENCH: BenchSet = BenchSet::NONE;

    /// The search that plays this game best, with its tuning.
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta(&AlphaBetaTuning::DEFAULT);

    /// How the limited strength levels play and what Elo each is labelled with.
    const LEVELS: LevelTuning = LevelTuning::DEFAULT;

    /// How a score turns into win-draw-loss chances.
    const WDL: WdlModel = WdlModel::DEFAULT;

    /// A pass for null-move pruning, only in games with little zugzwang and never when the
    /// side to move must answer a threat. `None`: no null-move pruning.
    fn null_move(&self) -> Option<Self::Move> {
        None
    }

    /// Whether a finished game has a [`Margin`] beyond its result, which the exact solver
    /// then also maximises.
    const HAS_MARGIN: bool = false;

    /// In a finished game, the side to move's [`Margin`] ([`SearchHints::HAS_MARGIN`]).
    fn final_margin(&self) -> Margin {
        Margin::EVEN
    }

    /// The exact value when known without searching; the exact solver takes it as proven.
    fn known_value(&self) -> Option<KnownValue> {
        None
    }

    /// Which outcomes the side to move can still reach, proven without searching.
    fn outcome_bounds(&self) -> OutcomeBounds {
        OutcomeBounds::OPEN
    }

    /// Builds what [`SearchHints::known_value`] reads (endgame tables) if this position may
    /// need it, until `abandon` returns true. May be slow; the exact solver calls it first.
    fn prepare_known_values(&self, _abandon: &(dyn Fn() -> bool + Sync)) {}

    /// The position's [`SymmetricKey`] (the exact solver's table key); each symmetry must
    /// keep the value for the side to move.
    fn symmetric_key(&self) -> SymmetricKey {
        SymmetricKey::alone(self.hash())
    }

    /// Static evaluation in centipawn-like units for the side to move.
    fn evaluate(&self) -> i32 {
        0
    }

    /// [`Game::status`] and, in play, [`SearchHints::evaluate`] (else 0), at once for games
    /// where they share work.
    fn status_and_evaluation(&self) -> (Status, i32) {
        let status = self.status();
        let evaluation = if status == Status::InPlay {
            self.evaluate()
        } else {
            0
        };
        (status, evaluation)
    }

    /// How promising `mv` looks before search; alpha-beta tries higher priorities first.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether moves have 16-bit tags ([`SearchHints::move_tag`]): the transposition table
    /// keeps the move itself, and alpha-beta tries it and the killers before generating the
    /// others, since most nodes cut off on one of them.
    const TAGGED_MOVES: bool = false;

    /// The tag of `mv` (see [`SearchHints::TAGGED_MOVES`]).
    fn move_tag(_mv: Self::Move) -> u16 {
        0
    }

    /// The move tagged `tag`, if any move has that tag (legal here or not).
    fn move_from_tag(_tag: u16) -> Option<Self::Move> {
        None
    }

    /// Whether `mv` is legal here; games with [`SearchHints::TAGGED_MOVES`] tell it without
    /// generating every move.
    fn is_legal_move(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Whether the side to move must answer a threat now: a search never stops here.
    fn is_forcing(&self) -> bool {
        false
    }

    /// Appends the legal moves a search still tries at its horizon: those that decide the
    /// game or leave the opponent in a forcing position.
    fn generate_tactical_moves(&self, _out: &mut MoveList<Self::Move>) {}

    /// How many distinct [`SearchHints::move_code`]s there are; 0 for none.
    fn move_codes(&self) -> usize {
        0
    }

    /// A number below [`SearchHints::move_codes`] naming `mv` alike in every position, for
    /// RAVE/MAST statistics and cutoff histories.
    fn move_code(&self, _mv: Self::Move) -> usize {
        0
    }

    /// A uniformly random legal move from 64 random bits; `buffer` is scratch. Hot in
    /// playouts: override where a game can pick without listing every move.
    fn random_move(&self, random: u64, buffer: &mut MoveList<Self::Move>) -> Option<Self::Move> {
        buffer.clear();
        self.generate_moves(buffer);
        let index = (u128::from(random) * buffer.len() as u128) >> 64;
        buffer.get(index as usize).copied()
    }

    /// The plies left where the rules fix the game's length; `None` where it is open.
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// The moves the side to move is likely still to make, this one included, for time
    /// management; `None` where nothing is known.
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
