//! Runs: maximal horizontal and vertical lines of one colour, counted by length; they decide
//! the game and drive the evaluation.

use std::cmp::Ordering;

use super::geometry::{Geometry, MAX_WIDTH};
use super::pull::Word;

/// Shortest run that scores.
pub const SCORING_LENGTH: usize = 3;

/// Maximal runs of one colour by length, both axes (a lone piece counts on each).
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

/// Adds to `counts` the runs along one axis (`step` bits apart; `continues` marks squares
/// with a next one). `reach` holds the squares starting `length` or more in a row.
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
/// score is White's; the longest length where they differ decides, more wins. (Counting
/// every run: [`compare_final`] is the fast equivalent the game uses, checked against this.)
#[cfg(test)]
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

/// The final result from White's point of view (the rules' comparison of the two scores:
/// docs/rules.md), computed in `W` without counting every run: per colour and axis,
/// the squares that start a run of at least each length are found longest-first, and the
/// runs of one length are counted only when both colours have some (the longest runs usually
/// differ in length already). The score of a finished game costs a few dozen word operations
/// this way instead of a count of every run of both colours; endgame search scores a position
/// at each of its leaves.
pub fn compare_final<W: Word>(white: W, black: W, geometry: &Geometry) -> Ordering {
    let white = LongRuns::of(white, geometry);
    let black = LongRuns::of(black, geometry);
    let longest = white.longest.max(black.longest);
    for length in (SCORING_LENGTH..=longest).rev() {
        let order = black.exactly(length).count_cmp(&white.exactly(length));
        if order.is_ne() {
            return order;
        }
    }
    Ordering::Equal
}

/// One colour's run starts by length, along both axes: entry `l` holds the squares that
/// start a maximal run of at least `l` pieces.
struct LongRuns<W> {
    starts: [Starts<W>; MAX_WIDTH + 2],
    longest: usize,
}

/// Run starts of one length, rows and columns.
#[derive(Clone, Copy)]
struct Starts<W>(W, W);

impl<W: Word> Starts<W> {
    const NONE: Starts<W> = Starts(W::ZERO, W::ZERO);

    fn is_empty(&self) -> bool {
        self.0 == W::ZERO && self.1 == W::ZERO
    }

    /// The number of runs started.
    fn count(&self) -> u32 {
        self.0.count_ones() + self.1.count_ones()
    }

    /// Compares the number of runs the two sets start.
    fn count_cmp(&self, other: &Starts<W>) -> Ordering {
        match (self.is_empty(), other.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => self.count().cmp(&other.count()),
        }
    }
}

/// The squares of `pieces` (one colour) that start a maximal run of at least 1, 2, 3, …
/// pieces, rows and columns, one [`Starts`] per length until the longest run: a run of at
/// least `l` starts where the squares `l` or more in a row begin.
fn run_starts<W: Word>(pieces: W, geometry: &Geometry) -> impl Iterator<Item = Starts<W>> {
    let not_first_file = W::narrow(geometry.not_first_file);
    let not_last_file = W::narrow(geometry.not_last_file);
    let step = geometry.width as u32 & 63;
    let row_starts = pieces & !((pieces << 1) & not_first_file);
    let column_starts = pieces & !(pieces << step);
    let reach = Starts(pieces, pieces);
    std::iter::successors(Some(reach), move |reach| {
        Some(Starts(
            pieces & not_last_file & (reach.0 >> 1),
            pieces & (reach.1 >> step),
        ))
    })
    .take(geometry.width)
    .map(move |reach| Starts(row_starts & reach.0, column_starts & reach.1))
    .take_while(|starts| !starts.is_empty())
}

impl<W: Word> LongRuns<W> {
    fn of(pieces: W, geometry: &Geometry) -> Self {
        let mut starts = [Starts::NONE; MAX_WIDTH + 2];
        let mut longest = 0;
        for (length, at_least) in (1..).zip(run_starts(pieces, geometry)) {
            starts[length] = at_least;
            longest = length;
        }
        LongRuns { starts, longest }
    }

    /// The squares that start a maximal run of exactly `length`.
    fn exactly(&self, length: usize) -> Starts<W> {
        let (at_least, longer) = (self.starts[length], self.starts[length + 1]);
        Starts(at_least.0 & !longer.0, at_least.1 & !longer.1)
    }
}

/// Evaluation weight of one run by length: scoring runs grow quadratically so that longer
/// runs dominate, and pairs count a little as runs in the making. The weights keep the total
/// of one player's pieces (at most 60, each in at most two runs, at most 74 per piece and
/// run) under 10000.
///
/// Only [`SearchHints::evaluate`](crate::games::SearchHints::evaluate) reads them, which the
/// Monte-Carlo search never calls: they matter to the `greedy` baseline, to `go mate`, and to
/// how soon the endgame solver before the playouts proves a result (its move order). The
/// values were judged as a whole, by greedy's play; no single weight was tuned on its own.
const WEIGHTS: [i32; MAX_WIDTH + 1] = [0, 0, 2, 10, 40, 90, 160, 250, 360, 490, 640, 810];

/// A heuristic value of the runs of `pieces` (one colour) for the player whose score they
/// are (the opponent's runs): each run weighs by its length, computed in `W` as the sum over
/// lengths of the runs at least that long times the weight one more square adds, which needs
/// one count per length and stops at the longest run.
pub fn weighted_runs<W: Word>(pieces: W, geometry: &Geometry) -> i32 {
    (1..)
        .zip(run_starts(pieces, geometry))
        .skip(1)
        .map(|(length, at_least)| at_least.count() as i32 * (WEIGHTS[length] - WEIGHTS[length - 1]))
        .sum()
}

/// A heuristic value of the runs for the player whose score they are (the opponent's runs).
#[cfg(test)]
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
    fn the_final_comparison_and_the_weights_agree_with_counting_every_run() {
        let mut random = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            random
        };
        for width in 4..=11 {
            let g = Geometry::of(width);
            for _ in 0..2000 {
                let occupied = (u128::from(next()) << 64 | u128::from(next())) & g.board;
                // Dense boards, as at the end of a game, and sparse ones.
                let colour = u128::from(next()) << 64 | u128::from(next());
                let sparse = u128::from(next()) << 64 | u128::from(next());
                let (white, black) = (occupied & colour & sparse, occupied & !colour);
                let counted =
                    compare_scores(&RunCounts::of(white, g), &RunCounts::of(black, g), width);
                assert_eq!(
                    compare_final(white, black, g),
                    counted,
                    "{width} {white:#x} {black:#x}"
                );
                if width <= 8 {
                    let narrow = compare_final(white as u64, black as u64, g);
                    assert_eq!(narrow, counted, "{width} {white:#x} {black:#x}");
                }
                for pieces in [white, black] {
                    let weight = weighted(&RunCounts::of(pieces, g));
                    assert_eq!(weighted_runs(pieces, g), weight, "{width} {pieces:#x}");
                    if width <= 8 {
                        assert_eq!(
                            weighted_runs(pieces as u64, g),
                            weight,
                            "{width} {pieces:#x}"
                        );
                    }
                }
            }
        }
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
