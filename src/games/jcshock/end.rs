//! The scores of a finished JC Shock game in detail.

use super::position::JcShock;
use super::runs::SCORING_LENGTH;
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
    EndDetails::Scores(Scores { runs, decided })
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
