//! A game's alpha-beta tuning as a constant of the game's type.

use crate::games::{AlphaBetaTuning, SearchHints};

/// Gives every game its alpha-beta tuning as an associated constant, so that each test the
/// searcher makes on it is decided when the search is compiled for the game and costs
/// nothing at run time.
pub(super) trait Tuned: SearchHints {
    /// The game's alpha-beta tuning ([`crate::games::SearchStyle::alpha_beta_tuning`]).
    const TUNING: &'static AlphaBetaTuning = Self::SEARCH_STYLE.alpha_beta_tuning();
}

impl<G: SearchHints> Tuned for G {}
