//! Runs: maximal horizontal and vertical lines of one colour, counted by length. They decide
//! the game (a long line of the *opponent's* pieces wins) and drive the evaluation.

use std::cmp::Ordering;

use super::geometry::{Geometry, MAX_WIDTH};

/// Shortest run that scores.
pub const SCORING_LENGTH: usize = 3;

/// How many maximal runs of each length one colour has, horizontal and vertical together;
/// a lone piece counts as a run of length 1 along each axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RunCounts([u16; MAX_WIDTH + 1]);

impl RunCounts {
    /// The runs of `pieces` on a board of `geometry`.
    pub(super) fn of(pieces: u128, geometry: &Geometry) -> RunCounts {
        let mut counts = [0u16; MAX_WIDTH + 1];
        let horizontal_starts = pieces & !((pieces << 1) & geometry.not_first_file);
        let vertical_starts = pieces & !(pieces << geometry.width);
        add_runs(
            &mut counts,
            pieces,
            horizontal_starts,
            geometry.not_last_file,
            1,
        );
        add_runs(
            &mut counts,
            pieces,
            vertical_starts,
            geometry.board,
            geometry.width,
        );
        RunCounts(counts)
    }

    /// Runs of exactly `length`.
    pub fn of_length(&self, length: usize) -> u16 {
        self.0.get(length).copied().unwrap_or(0)
    }
}

/// Adds to `counts` the runs along one axis whose squares are `step` bits apart; `continues`
/// marks squares from which the axis goes on to the next square.
///
/// `reach` holds the squares that start `length` or more pieces in a row, so the run starts
/// it keeps are the runs of at least that length.
fn add_runs(
    counts: &mut [u16; MAX_WIDTH + 1],
    pieces: u128,
    starts: u128,
    continues: u128,
    step: usize,
) {
    let mut reach = pieces;
    let mut at_least = starts.count_ones() as u16;
    let mut length = 1;
    while at_least > 0 && length < counts.len() {
        reach = pieces & continues & (reach >> step);
        let longer = (starts & reach).count_ones() as u16;
        counts[length] += at_least - longer;
        at_least = longer;
        length += 1;
    }
}

/// The final result from White's point of view: White's score is Black's runs and Black's
/// score is White's; the longest length where they differ decides, more wins.
pub fn compare_scores(white_runs: &RunCounts, black_runs: &RunCounts, width: usize) -> Ordering {
    (SCORING_LENGTH..=width)
        .rev()
        .map(|length| {
            black_runs
                .of_length(length)
                .cmp(&white_runs.of_length(length))
        })
        .find(|order| order.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// Evaluation weight of one run by length: scoring runs grow quadratically so that longer
/// runs dominate, and pairs count a little as runs in the making. The weights keep the total
/// of one player's pieces (at most 60, each in at most two runs, at most 74 per piece and
/// run) under 10000.
///
/// Only [`Game::evaluate`](crate::games::Game::evaluate) reads them, which the Monte-Carlo
/// search never calls: they matter to the `greedy` baseline (96-0-4 against `random` with
/// them, 44-2-54 with every weight 0; 100 games, see `JcShock::evaluate`), to `go mate`, and
/// to how soon the alpha-beta pass before the playouts proves a result; in the default
/// search every weight 0 made no measurable difference (45-4-51 at 100k nodes). Greedy's
/// result supports the values as a whole; no single weight was measured on its own.
const WEIGHTS: [i32; MAX_WIDTH + 1] = [0, 0, 2, 10, 40, 90, 160, 250, 360, 490, 640, 810];

/// A heuristic value of the runs for the player whose score they are (the opponent's runs).
pub fn weighted(runs: &RunCounts) -> i32 {
    runs.0
        .iter()
        .zip(WEIGHTS)
        .map(|(&count, weight)| i32::from(count) * weight)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_and_a_column_through_one_piece_are_two_runs() {
        let g = Geometry::of(5);
        // c1 c2 c3 (vertical 3) and a3 b3 c3 d3 (horizontal 4) on 5x5.
        let pieces = (1 << 2) | (1 << 7) | (1 << 12) | (1 << 10) | (1 << 11) | (1 << 13);
        let runs = RunCounts::of(pieces, g);
        assert_eq!(runs.of_length(3), 1);
        assert_eq!(runs.of_length(4), 1);
        assert_eq!(runs.of_length(5), 0);
    }

    #[test]
    fn rows_do_not_wrap_into_the_next_rank() {
        let g = Geometry::of(4);
        // c1 d1 a2: contiguous bits but two rows.
        let runs = RunCounts::of(0b1_1100, g);
        assert_eq!(runs.of_length(3), 0);
        assert_eq!(runs.of_length(2), 1);
    }

    #[test]
    fn five_full_rows_are_five_long_runs_and_eleven_short_ones() {
        let g = Geometry::of(11);
        let runs = RunCounts::of(g.board >> (6 * 11), g);
        assert_eq!(runs.of_length(11), 5);
        assert_eq!(runs.of_length(5), 11);
        assert!(weighted(&runs) < 10000);
    }
}
