//! The static evaluation: the race to the goal rows judged against the blockade. A defender
//! can always fill its zone row, so an attack counts only if it outruns that filling.

use super::access::{attack, Attack, Filler};
use super::position::{CrossJack, SETUP_MARKS};
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::status::Status;

/// Score of a position won (or lost) outright; mate scores of the search lie above.
const DECIDED: i32 = 5000;
/// Score of a race won (outruns the filling and arrives first), less the ticks needed.
const RACE_WON: i32 = 2000;
/// Worth of one tick of lead while nothing is decided (else the second player never advances).
const TICK: i32 = 60;

/// Evaluation from the side to move's point of view, |score| ≤ 5000.
pub fn evaluate(position: &CrossJack) -> i32 {
    let side = position.side_to_move();
    match position.status() {
        Status::Draw => return 0,
        Status::Won(player) if player == side => return DECIDED,
        Status::Won(_) => return -DECIDED,
        Status::InPlay => {}
    }
    let mine = attack_of(position, side);
    let theirs = attack_of(position, side.opponent());
    let unreachable = position.geometry.board().count_ones() + 1;
    let my_ticks = mine.ticks.unwrap_or(unreachable) as i32;
    let their_ticks = theirs.ticks.unwrap_or(unreachable) as i32;
    if mine.outruns_the_filling() && my_ticks <= their_ticks {
        return RACE_WON - my_ticks;
    }
    if theirs.outruns_the_filling() && their_ticks < my_ticks {
        return -RACE_WON + their_ticks;
    }
    TICK * (their_ticks - my_ticks)
}

/// Ticks each player needs to reach its goal row, side to move first (`None`: no access).
pub fn race_ticks(position: &CrossJack) -> [Option<u32>; 2] {
    let side = position.side_to_move();
    [side, side.opponent()].map(|player| {
        let setup_left = SETUP_MARKS.saturating_sub(position.marks_of(player).count_ones());
        attack_of(position, player)
            .ticks
            .map(|ticks| ticks + setup_left.saturating_sub(1))
    })
}

/// The attack of `attacker` on its goal row against the other player's filling.
fn attack_of(position: &CrossJack, attacker: Player) -> Attack {
    attack(
        position.geometry,
        attacker,
        next_ticks(position, attacker),
        &filler(position, attacker.opponent()),
        position.empty(),
        position.side_to_move() == attacker,
    )
}

/// The squares `player` could tick next.
pub(super) fn next_ticks(position: &CrossJack, player: Player) -> u128 {
    let geometry = position.geometry;
    let reachable = if position.in_setup(player) {
        geometry.zone_row(player)
    } else {
        geometry.dilate(position.marks_of(player))
    };
    reachable & position.empty()
}

/// `defender` filling its zone row.
fn filler(position: &CrossJack, defender: Player) -> Filler {
    let geometry = position.geometry;
    let width = geometry.width() as u32;
    if position.in_setup(defender) {
        return Filler {
            width,
            marks: 0,
            entries: 0,
        };
    }
    let marks = position.marks_of(defender);
    let row = geometry.zone_row(defender);
    let entries = geometry.dilate(marks & !row) & row & position.empty();
    Filler {
        width,
        marks: geometry.zone_files(defender, marks),
        entries: geometry.zone_files(defender, entries),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> CrossJack {
        CrossJack::from_fen(fen).expect("a valid position")
    }

    fn play(position: &mut CrossJack, square: &str) {
        let mv = position.parse_move(square).expect("a legal move");
        position.play(mv);
    }

    /// A position the search once misplayed: X (d8, f8, f7) is six ticks from rank 1, O (a1,
    /// b1) must block.
    const ISSUE_8: &str = "3x1x2/5x2/8/8/8/8/8/oo6 o";

    #[test]
    fn an_attack_that_outruns_the_filling_wins_the_race() {
        // O races with a2: six empty goal squares, and only five O moves before X's sixth
        // tick. X to move is as good as through.
        let mut raced = position(ISSUE_8);
        play(&mut raced, "a2");
        assert!(evaluate(&raced) >= RACE_WON - 6, "{}", evaluate(&raced));
        // From O's side of the same race, before X moves: lost.
        let mut o_to_move = raced.clone();
        play(&mut o_to_move, "f6");
        assert!(evaluate(&o_to_move) <= -RACE_WON + 6);
    }

    #[test]
    fn filling_in_time_leaves_the_race_open() {
        // O fills c1 instead: five empty goal squares for five O moves. Nothing is decided;
        // X is one tick ahead (six against seven).
        let mut filled = position(ISSUE_8);
        play(&mut filled, "c1");
        assert_eq!(evaluate(&filled), TICK);
    }

    #[test]
    fn a_filling_run_may_start_next_to_a_mark_off_the_row() {
        // c2 touches c1 and d1: O fills from there as from b1, but X's six ticks still
        // outrun the six squares O must fill in five moves.
        let mut diagonal = position(ISSUE_8);
        play(&mut diagonal, "c2");
        let filler = filler(&diagonal, Player::Two);
        assert_eq!(filler.marks, 0b11);
        assert_eq!(filler.entries, 0b1100);
        assert!(evaluate(&diagonal) >= RACE_WON - 6);
    }

    #[test]
    fn the_side_to_move_arrives_first_on_equal_ticks() {
        // Both stand one tick from the goal with two goal squares each: whoever moves wins.
        let both = position("x2x4/3x2o1/3x2o1/3x2o1/3x2o1/3x2o1/3x2o1/6o1 o");
        assert_eq!(evaluate(&both), RACE_WON - 1);
        let mut x_to_move = both.clone();
        play(&mut x_to_move, "h1");
        assert_eq!(evaluate(&x_to_move), RACE_WON - 1);
    }

    #[test]
    fn the_faster_attack_wins_when_both_outrun_the_filling() {
        // O to move is two ticks from the top row, X one tick from rank 1 with three goal
        // squares open: O cannot fill them all and arrives too late.
        let slower = position("x2x4/3x4/3x2o1/3x2o1/3x2o1/3x2o1/3x2o1/6oo o");
        assert_eq!(evaluate(&slower), -RACE_WON + 1);
    }

    #[test]
    fn a_lead_in_the_race_counts_when_nothing_is_decided() {
        // Setup just finished: X, to move, needs seven ticks and so does O.
        let start = position("x1x5/8/8/8/8/8/8/oo6 x");
        assert_eq!(evaluate(&start), 0);
        let mut x_ahead = start.clone();
        play(&mut x_ahead, "a7");
        // O to move, one tick behind and not yet lost.
        assert_eq!(evaluate(&x_ahead), -TICK);
    }

    #[test]
    fn a_finished_game_scores_its_result() {
        let blocked = position("xxxxxxxx/8/8/8/8/8/8/oooooooo x");
        assert_eq!(blocked.status(), Status::Draw);
        assert_eq!(evaluate(&blocked), 0);
        let won = position("3x4/3x4/8/8/8/8/8/x1oo4 o");
        assert_eq!(won.status(), Status::Won(Player::One));
        assert_eq!(evaluate(&won), -DECIDED);
    }
}
