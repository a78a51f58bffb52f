//! Cross-Jack's tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;

/// Plain alpha-beta with contempt. The player behind in the race holds the draw by filling
/// its zone row, and an objective search does so as soon as the evaluation shows it behind,
/// even against an opponent who would never arrive. Valuing the draw below a deficit of
/// many ticks, yet above a race lost (which the evaluation scores far lower), makes it fill
/// only the squares the race forces and advance with its other moves.
pub(super) const ALPHA_BETA: AlphaBetaTuning = AlphaBetaTuning {
    contempt: 1000,
    ..AlphaBetaTuning::DEFAULT
};
