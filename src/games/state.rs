//! A game in progress: the positions since the root, for make/unmake and for the rules that
//! depend on history (threefold repetition).

use super::{Game, MoveList, Status};

/// A root position and the positions reached from it by the moves played since.
///
/// Moves are made by copying the current position and playing the move on the copy
/// (copy-make); unmake pops the copy. The root counts once toward repetitions.
#[derive(Debug, Clone)]
pub struct GameState<G: Game> {
    history: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameState<G> {
    /// A game starting at `root`.
    pub fn new(root: G) -> Self {
        let mut history = Vec::with_capacity(256);
        history.push(root);
        GameState {
            history,
            moves: Vec::with_capacity(256),
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &G {
        // The history always holds the root.
        &self.history[self.history.len() - 1]
    }

    /// The position the game started from.
    pub fn root(&self) -> &G {
        &self.history[0]
    }

    /// The moves played since the root, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Plies played since the root.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, mv: G::Move) {
        let mut next = self.position().clone();
        next.play(mv);
        self.history.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move; false (and nothing changes) at the root.
    #[inline]
    pub fn unmake(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.history.pop();
            true
        } else {
            false
        }
    }

    /// How many earlier positions of this game equal the current one. Only positions within
    /// the current position's reversible plies, with the same side to move, can.
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

    /// True when the current position occurs for the third time: the game is drawn.
    pub fn is_threefold(&self) -> bool {
        self.repetitions() >= 2
    }

    /// Where the game stands, with the history's rules added to the position's.
    pub fn status(&self) -> Status {
        match self.position().status() {
            Status::InPlay if self.is_threefold() => Status::Draw,
            status => status,
        }
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
