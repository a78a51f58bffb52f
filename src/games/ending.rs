//! How a finished game ended, in detail (`query end`).

use super::coord::Coord;
use super::player::Player;
use super::status::Status;

/// A finished game: its result, the reason in the game's words and the details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// Who won, or the draw.
    pub status: Status,
    /// Why the game ended, in the game's words ([`super::Game::end_reason`]).
    pub reason: &'static str,
    /// The details of that reason.
    pub details: EndDetails,
}

/// The facts behind the reason a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndDetails {
    /// The reason says it all (no moves, threefold repetition).
    Nothing,
    /// The winner's marks on its goal row (Cross-Jack).
    Reached(Vec<Coord>),
    /// The players without access to the opponent's zone row, player 1 first (Cross-Jack).
    Blockaded(Vec<Player>),
    /// Each player's score and the length that decided (JC Shock).
    Scores(Scores),
    /// The crossing stones the opponent could not answer (Crossings).
    Crossed(Vec<Coord>),
}

/// The scores of a finished JC Shock game: a player's score is its opponent's runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scores {
    /// Per player (player 1 first), its scoring runs by length, from the board's width down
    /// to the shortest that scores.
    pub runs: [Vec<RunCount>; 2],
    /// The longest length whose counts differ, which decided the game; `None` on a draw.
    pub decided: Option<usize>,
    /// The squares of every run of the deciding length, both colours', in square order
    /// (empty on a draw): what a board marks to show why the game was won.
    pub deciding_squares: Vec<Coord>,
}

/// How many runs of one length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunCount {
    /// The run length.
    pub length: usize,
    /// How many runs have it.
    pub count: usize,
}

/// The side to move's lead at the end of a game scored by counts compared longest first (JC
/// Shock): its lead in the first count that differs, and that length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Margin {
    /// The length whose counts decided (0 for a draw).
    pub length: usize,
    /// How many more the side to move has at that length (negative when it lost).
    pub lead: i32,
}

impl Margin {
    /// Neither side ahead at any length: a draw.
    pub const EVEN: Margin = Margin { length: 0, lead: 0 };

    /// The most a lead counts within its length in [`Margin::score`].
    const LEAD_LIMIT: i32 = 1 << 10;

    /// One number ordering margins as the side to move prefers them (positive for a win).
    pub fn score(self) -> i32 {
        let lead = self.lead.abs().min(Self::LEAD_LIMIT - 1);
        self.lead.signum() * (self.length as i32 * Self::LEAD_LIMIT + lead)
    }

    /// The margin of a [`Margin::score`].
    pub fn from_score(score: i32) -> Margin {
        Margin {
            length: (score.abs() / Self::LEAD_LIMIT) as usize,
            lead: score.signum() * (score.abs() % Self::LEAD_LIMIT),
        }
    }

    /// The same margin seen by the other side.
    pub fn for_opponent(self) -> Margin {
        Margin {
            length: self.length,
            lead: -self.lead,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Margin;

    #[test]
    fn a_lead_at_a_longer_length_outweighs_any_lead_at_a_shorter_one() {
        let one_of_five = Margin { length: 5, lead: 1 };
        let nine_of_four = Margin { length: 4, lead: 9 };
        let two_of_four = Margin { length: 4, lead: 2 };
        assert!(one_of_five.score() > nine_of_four.score());
        assert!(nine_of_four.score() > two_of_four.score());
        assert!(two_of_four.score() > Margin::EVEN.score());
        assert!(two_of_four.for_opponent().score() < 0);
        assert!(one_of_five.for_opponent().score() < nine_of_four.for_opponent().score());
    }

    #[test]
    fn a_margin_comes_back_from_its_score() {
        for margin in [
            Margin::EVEN,
            Margin { length: 3, lead: 1 },
            Margin {
                length: 11,
                lead: -40,
            },
        ] {
            assert_eq!(Margin::from_score(margin.score()), margin);
        }
    }
}
