//! Proven bounds on a position's value: the filling of a zone row that no attack can
//! outrun.
//!
//! A defender can tick every empty square of its zone row (the attacker's goal), one a move:
//! each tick extends a run of its row marks round the wrap (or is a setup tick, anywhere on
//! the row), and the attacker cannot tick a goal square without winning, so nothing it does
//! stops the filling. If the attacker needs more moves to reach its goal row than the
//! defender needs to fill it (the attacker's flood over the empty squares counts them at the
//! fewest: the defender's ticks only delay it), the attacker has no access before it
//! arrives, and it cannot win: the game ends drawn by the blockade or is won by the defender.
//! This is the argument of protocol.md's note that boards no wider than tall are draws, made
//! of any position.

use super::access::needs_at_least;
use super::eval::next_ticks;
use super::CrossJack;
use crate::games::{Game, OutcomeBounds, Player};

/// The outcomes open to the side to move of `position` (in play) by the filling argument.
pub fn outcome_bounds(position: &CrossJack) -> OutcomeBounds {
    let side = position.side_to_move();
    OutcomeBounds {
        can_win: !filling_holds(position, side),
        can_lose: !filling_holds(position, side.opponent()),
    }
}

/// Whether `attacker`'s opponent fills its zone row before `attacker` can reach it.
fn filling_holds(position: &CrossJack, attacker: Player) -> bool {
    let geometry = position.geometry;
    let empty = position.empty();
    let goal = geometry.goal_row(attacker) & empty;
    // The defender's ticks before the attacker's n-th: n - 1 when the attacker moves first.
    let first_mover = u32::from(position.side_to_move() == attacker);
    let fill = goal.count_ones();
    needs_at_least(
        geometry,
        next_ticks(position, attacker),
        empty,
        goal,
        fill + first_mover,
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::games::{BoardSize, Status};

    /// Exact value for the side to move of every position reachable from `position` (1 win,
    /// 0 draw, -1 loss), by plain memoised minimax over the rules alone.
    fn value(position: &CrossJack, memo: &mut HashMap<u64, i8>) -> i8 {
        match position.status() {
            Status::Won(winner) => {
                return if winner == position.side_to_move() {
                    1
                } else {
                    -1
                }
            }
            Status::Draw => return 0,
            Status::InPlay => {}
        }
        if let Some(&known) = memo.get(&position.hash()) {
            return known;
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut best = -1;
        for mv in moves {
            let mut after = position.clone();
            after.play(mv);
            best = best.max(-value(&after, memo));
        }
        memo.insert(position.hash(), best);
        best
    }

    /// Checks the bounds of every position in play reachable from the start of `size`
    /// against its exact value; how many positions the bounds closed (neither side can win,
    /// one side can win).
    fn check_every_position(size: BoardSize) -> (usize, usize) {
        let start = CrossJack::start(size).expect("a board the game plays");
        let mut memo = HashMap::new();
        value(&start, &mut memo);
        let (mut drawn, mut one_sided) = (0, 0);
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start];
        while let Some(position) = stack.pop() {
            if position.status().is_over() || !seen.insert(position.hash()) {
                continue;
            }
            let exact = memo[&position.hash()];
            let bounds = outcome_bounds(&position);
            let fen = position.fen();
            assert!(
                bounds.can_win || exact <= 0,
                "{fen}: won, yet no win was open"
            );
            assert!(
                bounds.can_lose || exact >= 0,
                "{fen}: lost, yet no loss was open"
            );
            match (bounds.can_win, bounds.can_lose) {
                (false, false) => drawn += 1,
                (true, true) => {}
                _ => one_sided += 1,
            }
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            for mv in moves {
                let mut after = position.clone();
                after.play(mv);
                stack.push(after);
            }
        }
        (drawn, one_sided)
    }

    #[test]
    fn a_player_who_cannot_reach_the_goal_row_before_it_is_filled_never_wins() {
        for (width, height) in [(3, 3), (4, 3), (5, 3), (4, 4), (6, 3), (5, 4)] {
            let (drawn, one_sided) = check_every_position(BoardSize::new(width, height));
            // The argument closes positions on every board, not only in theory.
            assert!(
                drawn > 0 && one_sided > 0,
                "{width}x{height}: {drawn} {one_sided}"
            );
        }
    }

    #[test]
    fn after_setup_on_a_board_no_wider_than_tall_neither_side_can_win() {
        // Each fills its row (six ticks) before the other arrives (seven).
        let position = CrossJack::from_fen("xx6/8/8/8/8/8/8/oo6 x").unwrap();
        assert_eq!(
            outcome_bounds(&position),
            OutcomeBounds {
                can_win: false,
                can_lose: false
            }
        );
    }

    #[test]
    fn an_attacker_faster_than_the_filling_may_still_win() {
        // O's b7 is one tick from a8, b8 and c8: X fills one, O ticks another.
        let position = CrossJack::from_fen("3xx/1o3/5/4x/5/5/5/oo3 x").unwrap();
        let bounds = outcome_bounds(&position);
        assert!(bounds.can_lose);
        // X's e5 needs four ticks to reach rank 1; O fills its three squares in three.
        assert!(!bounds.can_win);
    }
}
