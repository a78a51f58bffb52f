//! The scores of a finished JC Shock game in detail.

use super::position::JcShock;
use super::runs::SCORING_LENGTH;
use crate::games::coord::Coord;
use crate::games::ending::{EndDetails, Margin, RunCount, Scores};
use crate::games::player::Player;
use crate::games::rules::Game;

/// Both scores by length and the deciding length; nothing while pieces are left to place.
pub fn end_details(position: &JcShock) -> EndDetails {
    if !position.all_placed() {
        return EndDetails::Nothing;
    }
    let runs = [Player::One, Player::Two].map(|player| score(position, player));
    let decided = runs[0]
        .iter()
        .zip(&runs[1])
        .find(|(mine, theirs)| mine.count != theirs.count)
        .map(|(mine, _)| mine.length);
    let deciding_squares = decided.map_or_else(Vec::new, |length| runs_of_length(position, length));
    EndDetails::Scores(Scores {
        runs,
        decided,
        deciding_squares,
    })
}

/// The squares of every maximal row or column run of exactly `length`, either colour, in
/// square order.
fn runs_of_length(position: &JcShock, length: usize) -> Vec<Coord> {
    let width = position.width();
    let mut marked = vec![false; width * width];
    for player in [Player::One, Player::Two] {
        let pieces = position.pieces(player);
        for line in 0..width {
            mark_runs(&mut marked, length, width, pieces, |i| line * width + i);
            mark_runs(&mut marked, length, width, pieces, |i| i * width + line);
        }
    }
    (0..width * width)
        .filter(|&index| marked[index])
        .map(|index| Coord::from_index(index, width))
        .collect()
}

/// Marks the squares of the maximal runs of exactly `length` of `pieces` along one line of
/// `width` squares, its `i`th square at `index(i)`.
fn mark_runs(
    marked: &mut [bool],
    length: usize,
    width: usize,
    pieces: u128,
    index: impl Fn(usize) -> usize,
) {
    let owned = |i: usize| pieces >> index(i) & 1 != 0;
    let mut start = 0;
    while start < width {
        let end = (start..width).find(|&i| !owned(i)).unwrap_or(width);
        if end - start == length {
            (start..end).for_each(|i| marked[index(i)] = true);
        }
        start = end + 1;
    }
}

/// `player`'s score: its opponent's runs, longest length first.
fn score(position: &JcShock, player: Player) -> Vec<RunCount> {
    let runs = position.runs(player.opponent());
    (SCORING_LENGTH..=position.width())
        .rev()
        .map(|length| RunCount {
            length,
            count: usize::from(runs.of_length(length)),
        })
        .collect()
}

/// The side to move's margin in a finished game.
pub fn final_margin(position: &JcShock) -> Margin {
    let mover = position.side_to_move();
    let mine = position.runs(mover.opponent());
    let theirs = position.runs(mover);
    (SCORING_LENGTH..=position.width())
        .rev()
        .map(|length| Margin {
            length,
            lead: i32::from(mine.of_length(length)) - i32::from(theirs.of_length(length)),
        })
        .find(|margin| margin.lead != 0)
        .unwrap_or(Margin::EVEN)
}
