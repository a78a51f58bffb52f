//! Cross-Jack's tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;

/// Alpha-beta with contempt between a large race deficit and a lost race, so the player
/// behind fills only the squares the race forces instead of settling for the draw.
pub(super) const ALPHA_BETA: AlphaBetaTuning = AlphaBetaTuning {
    contempt: 1000,
    ..AlphaBetaTuning::DEFAULT
};
