//! A game in progress: the positions since the root, for make/unmake and threefold
//! repetition. A [`Game`] answers from the board alone, a [`GameState`] with history.

use super::duty::Duty;
use super::ending::{EndDetails, GameEnd};
use super::moves::MoveList;
use super::rules::Game;
use super::status::Status;

/// The reason [`GameState::end_reason`] gives for a threefold repetition.
pub const THREEFOLD_REPETITION: &str = "threefold repetition";

/// A root position and the positions reached by the moves since (copy-make; unmake pops).
#[derive(Debug, Clone)]
pub struct GameState<G: Game> {
    /// The root, then the position after each move played; never empty.
    history: Vec<G>,
}

impl<G: Game> GameState<G> {
    /// A game starting at `root`.
    pub fn new(root: G) -> Self {
        let mut history = Vec::with_capacity(256);
        history.push(root);
        GameState { history }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &G {
        // The history always holds the root.
        &self.history[self.history.len() - 1]
    }

    /// Plies played since the root.
    pub fn ply(&self) -> usize {
        self.history.len() - 1
    }

    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, mv: G::Move) {
        // The copy is made in its place at the end of the history, not on the stack first.
        self.history.extend_from_within(self.history.len() - 1..);
        if let Some(next) = self.history.last_mut() {
            next.play(mv);
        }
    }

    /// Takes back the last move; false (and nothing changes) at the root.
    #[inline]
    pub fn unmake(&mut self) -> bool {
        if self.ply() == 0 {
            return false;
        }
        self.history.pop();
        true
    }

    /// How many earlier positions equal the current one (only within its reversible plies).
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let last = self.history.len() - 1;
        let window = (current.reversible_plies() as usize).min(last);
        let hash = current.hash();
        (2..=window)
            .step_by(2)
            .filter(|&back| {
                let earlier = &self.history[last - back];
                earlier.hash() == hash && earlier == current
            })
            .count()
    }

    /// True when the current position occurred within the last `plies` plies (a search
    /// scores that as a draw: it can be repeated again).
    pub fn repeats_within(&self, plies: usize) -> bool {
        let current = self.position();
        let last = self.history.len() - 1;
        let window = (current.reversible_plies() as usize).min(last).min(plies);
        let hash = current.hash();
        (2..=window).step_by(2).any(|back| {
            let earlier = &self.history[last - back];
            earlier.hash() == hash && earlier == current
        })
    }

    /// True when the current position occurs for the third time: the game is drawn.
    pub fn is_threefold(&self) -> bool {
        self.repetitions() >= 2
    }

    /// The position's [`Game::status`], or a draw on a threefold repetition.
    pub fn status_with_history(&self) -> Status {
        match self.position().status() {
            Status::InPlay if self.is_threefold() => Status::Draw,
            status => status,
        }
    }

    /// [`Game::end_reason`], or `THREEFOLD_REPETITION`; `None` while in play.
    pub fn end_reason(&self) -> Option<&'static str> {
        match self.position().end_reason() {
            None if self.is_threefold() => Some(THREEFOLD_REPETITION),
            reason => reason,
        }
    }

    /// [`Game::duty`], or nothing once a repetition ended the game.
    pub fn duty(&self) -> Duty {
        if self.is_threefold() {
            Duty::None
        } else {
            self.position().duty()
        }
    }

    /// How the game ended, history included; `None` while in play.
    pub fn end(&self) -> Option<GameEnd> {
        let position = self.position();
        let reason = self.end_reason()?;
        let details = if position.status().is_over() {
            position.end_details()
        } else {
            EndDetails::Nothing
        };
        Some(GameEnd {
            status: self.status_with_history(),
            reason,
            details,
        })
    }

    /// Appends every legal move to `out`; none once the game is over.
    #[inline]
    pub fn generate_moves(&self, out: &mut MoveList<G::Move>) {
        if !self.is_threefold() {
            self.position().generate_moves(out);
        }
    }

    /// The number of legal moves; zero once the game is over.
    #[inline]
    pub fn count_moves(&self) -> usize {
        if self.is_threefold() {
            0
        } else {
            self.position().count_moves()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::board::{BoardDescription, PlayerLook};
    use crate::games::coord::Coord;
    use crate::games::effects::Effects;
    use crate::games::error::SyntaxError;
    use crate::games::error::{MoveError, PositionError};
    use crate::games::player::Player;
    use crate::games::size::BoardSize;

    /// A token walking between two squares; burning a turn is irreversible.
    #[derive(Debug, Clone)]
    struct Walk {
        at: u8,
        side: Player,
        reversible: u32,
    }

    impl PartialEq for Walk {
        fn eq(&self, other: &Self) -> bool {
            (self.at, self.side) == (other.at, other.side)
        }
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Step {
        Across,
        Burn,
    }

    impl Game for Walk {
        type Move = Step;
        const NAME: &'static str = "walk";
        const POSITIONS_REPEAT: bool = true;

        fn default_size() -> BoardSize {
            BoardSize::new(2, 1)
        }
        fn sizes() -> Vec<BoardSize> {
            vec![Self::default_size()]
        }
        fn start(_: BoardSize) -> Result<Self, PositionError> {
            Ok(Walk {
                at: 0,
                side: Player::One,
                reversible: 0,
            })
        }
        fn from_fen(text: &str) -> Result<Self, PositionError> {
            Err(SyntaxError::Board(text.to_string()).into())
        }
        fn fen(&self) -> String {
            format!("{self:?}")
        }
        fn size(&self) -> BoardSize {
            Self::default_size()
        }
        fn side_to_move(&self) -> Player {
            self.side
        }
        fn generate_moves(&self, out: &mut MoveList<Step>) {
            out.extend([Step::Across, Step::Burn]);
        }
        fn count_moves(&self) -> usize {
            2
        }
        fn play(&mut self, mv: Step) {
            self.side = self.side.opponent();
            match mv {
                Step::Across => {
                    self.at ^= 1;
                    self.reversible += 1;
                }
                Step::Burn => self.reversible = 0,
            }
        }
        fn status(&self) -> Status {
            Status::InPlay
        }
        fn hash(&self) -> u64 {
            u64::from(self.at) * 2 + self.side.index() as u64
        }
        fn hash_from_scratch(&self) -> u64 {
            self.hash()
        }
        fn reversible_plies(&self) -> u32 {
            self.reversible
        }
        fn parse_move(&self, text: &str) -> Result<Step, MoveError> {
            Err(MoveError::Syntax(text.to_string(), "walk", "none"))
        }
        fn format_move(&self, mv: Step) -> String {
            format!("{mv:?}")
        }
        fn piece_letter(&self, _: Coord) -> Option<char> {
            None
        }
        fn diagram(&self) -> String {
            self.fen()
        }
        fn description(&self) -> BoardDescription {
            BoardDescription::unmarked(
                [PlayerLook {
                    name: "walker",
                    colour: "black",
                }; 2],
            )
        }
        fn effects(&self, _: Step) -> Effects {
            Effects::default()
        }
    }

    fn walk(moves: &[Step]) -> GameState<Walk> {
        let mut state = GameState::new(Walk::start(Walk::default_size()).unwrap());
        for &mv in moves {
            state.make(mv);
        }
        state
    }

    const THERE_AND_BACK: [Step; 2] = [Step::Across, Step::Across];

    #[test]
    fn the_root_counts_once_and_the_third_occurrence_draws() {
        let mut state = walk(&THERE_AND_BACK);
        assert_eq!(
            (state.repetitions(), state.status_with_history()),
            (1, Status::InPlay)
        );
        state.make(Step::Across);
        state.make(Step::Across);
        assert_eq!(
            (state.repetitions(), state.status_with_history()),
            (2, Status::Draw)
        );
        assert_eq!(state.count_moves(), 0);
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn taking_back_the_repeating_move_takes_back_the_draw() {
        let mut state = walk(&[THERE_AND_BACK, THERE_AND_BACK].concat());
        assert!(state.unmake());
        assert_eq!(state.status_with_history(), Status::InPlay);
        assert_eq!(state.count_moves(), 2);
    }

    #[test]
    fn a_repetition_counts_within_the_plies_asked_only() {
        let mut state = walk(&[Step::Burn, Step::Burn]);
        state.make(Step::Across);
        state.make(Step::Across);
        assert!(state.repeats_within(2));
        assert!(state.repeats_within(4));
        assert!(!state.repeats_within(1));
        // The root's position again, but behind two irreversible moves.
        let state = walk(&[Step::Across, Step::Across, Step::Burn, Step::Burn]);
        assert!(!state.repeats_within(4));
    }

    #[test]
    fn positions_before_an_irreversible_move_do_not_repeat() {
        // The root's position comes back after two burns, beyond the reversible window.
        let mut state = walk(&[Step::Across, Step::Across, Step::Burn, Step::Burn]);
        assert_eq!(state.repetitions(), 0);
        for _ in 0..2 {
            state.make(Step::Across);
        }
        assert_eq!(
            (state.repetitions(), state.status_with_history()),
            (1, Status::InPlay)
        );
        for _ in 0..2 {
            state.make(Step::Across);
        }
        assert_eq!(state.status_with_history(), Status::Draw);
    }
}
