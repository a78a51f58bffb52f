//! Time management: how long one search may take, from `movetime` or the clocks.
//!
//! A budget has two marks measured from the start of the search: after `soft` no new
//! iteration of the deepening starts (it would likely not finish), and at `hard` the running
//! iteration is abandoned. With a clock, `hard` never exceeds four fifths of the remaining
//! time minus the move overhead, so the engine cannot lose on time however slow a single
//! iteration turns out to be.

use std::time::Duration;

use super::Limits;
use crate::games::Player;

/// Moves assumed left in the game when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 20;

/// How long a search may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// No iteration starts after this much time.
    pub soft: Duration,
    /// The search stops at this much time, mid-iteration if need be.
    pub hard: Duration,
}

impl TimeBudget {
    /// The tighter of two budgets, mark by mark.
    fn min(self, other: TimeBudget) -> TimeBudget {
        TimeBudget {
            soft: self.soft.min(other.soft),
            hard: self.hard.min(other.hard),
        }
    }
}

/// The time `side` may spend under `limits`; `None` when no time limit applies (no
/// `movetime` and no clock). A clock that gives only the opponent's time counts as an empty
/// clock for `side`, as in Stockfish: the engine then moves at once instead of waiting for a
/// `stop` that a clock-driven controller never sends.
pub fn budget(limits: &Limits, side: Player) -> Option<TimeBudget> {
    let overhead = limits.move_overhead;
    let fixed = limits
        .movetime
        .map(|movetime| movetime_budget(movetime, overhead));
    let clock = limits.clock.map(|clock| {
        clock_budget(
            clock.time_left(side).unwrap_or(Duration::ZERO),
            clock.increment(side),
            clock.moves_to_go,
            overhead,
        )
    });
    match (fixed, clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A fixed time per move is used in full: iterations start until it is over.
pub fn movetime_budget(movetime: Duration, overhead: Duration) -> TimeBudget {
    let usable = movetime.saturating_sub(overhead);
    TimeBudget {
        soft: usable,
        hard: usable,
    }
}

/// A share of the clock: the remaining time spread over the moves to go plus most of the
/// increment, capped well below what is left.
pub fn clock_budget(
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    overhead: Duration,
) -> TimeBudget {
    // Saturating: the clocks come from the protocol and may be absurdly large.
    let available = remaining.saturating_sub(overhead);
    let cap = available.saturating_mul(4) / 5;
    let moves = moves_to_go
        .filter(|&m| m > 0)
        .unwrap_or(DEFAULT_MOVES_TO_GO);
    let spendable_increment = increment.saturating_mul(3) / 4;
    let target = (available / moves)
        .saturating_add(spendable_increment)
        .min(cap);
    TimeBudget {
        // An iteration typically costs more than all earlier ones together: past half the
        // target, the next one would overrun it.
        soft: target / 2,
        hard: target.saturating_mul(3).min(cap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    #[allow(non_snake_case)]
    fn MS(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn clock_for(side: Player, time: Duration, increment: Duration) -> Clock {
        let mut clock = Clock::default();
        clock.time[side.index()] = Some(time);
        clock.increment[side.index()] = increment;
        clock
    }

    #[test]
    fn a_clock_with_only_the_opponents_time_is_an_empty_clock() {
        let limits = Limits {
            clock: Some(clock_for(Player::Two, MS(60_000), MS(0))),
            move_overhead: MS(30),
            ..Limits::default()
        };
        let budget = budget(&limits, Player::One).expect("a clock is a time limit");
        assert_eq!(budget.hard, Duration::ZERO);
    }

    #[test]
    fn the_hard_mark_never_exceeds_remaining_time_minus_overhead() {
        let overhead = MS(30);
        for remaining in [0, 1, 10, 29, 30, 31, 50, 100, 1_000, 60_000, 3_600_000] {
            for increment in [0, 10, 1_000, 10_000] {
                for moves_to_go in [None, Some(0), Some(1), Some(2), Some(40)] {
                    let b = clock_budget(MS(remaining), MS(increment), moves_to_go, overhead);
                    let available = MS(remaining).saturating_sub(overhead);
                    assert!(
                        b.hard <= available,
                        "{remaining} {increment} {moves_to_go:?}"
                    );
                    assert!(b.soft <= b.hard);
                }
            }
        }
    }

    #[test]
    fn absurd_clocks_give_a_budget_within_them() {
        for (remaining, increment) in [
            (Duration::MAX, Duration::MAX),
            (Duration::MAX, Duration::ZERO),
            (MS(1_000), Duration::MAX),
        ] {
            let b = clock_budget(remaining, increment, Some(1), MS(30));
            assert!(b.hard <= remaining.saturating_sub(MS(30)));
            assert!(b.soft <= b.hard);
        }
    }

    #[test]
    fn a_clock_is_spread_over_twenty_moves_when_the_control_does_not_say() {
        let b = clock_budget(MS(20_300), MS(0), None, MS(300));
        assert_eq!(b.hard, MS(3_000));
        assert_eq!(b.soft, MS(500));
    }

    #[test]
    fn most_of_the_increment_is_spent() {
        let without = clock_budget(MS(10_000), MS(0), Some(10), MS(0));
        let with = clock_budget(MS(10_000), MS(1_000), Some(10), MS(0));
        assert_eq!(with.soft - without.soft, MS(375));
    }

    #[test]
    fn the_last_move_before_the_control_keeps_a_reserve() {
        let b = clock_budget(MS(1_000), MS(0), Some(1), MS(0));
        assert_eq!(b.hard, MS(800));
    }

    #[test]
    fn movetime_is_used_in_full_less_the_overhead() {
        let b = movetime_budget(MS(500), MS(20));
        assert_eq!((b.soft, b.hard), (MS(480), MS(480)));
        assert_eq!(movetime_budget(MS(5), MS(20)).hard, Duration::ZERO);
    }

    #[test]
    fn only_the_side_to_move_clock_counts() {
        let limits = Limits {
            clock: Some(clock_for(Player::Two, MS(1_000), MS(0))),
            ..Limits::default()
        };
        assert_eq!(
            budget(&limits, Player::One).map(|b| b.hard),
            Some(Duration::ZERO)
        );
        assert!(budget(&limits, Player::Two).is_some_and(|b| b.hard > Duration::ZERO));
    }

    #[test]
    fn movetime_and_clock_together_take_the_tighter_marks() {
        let limits = Limits {
            movetime: Some(MS(100)),
            clock: Some(clock_for(Player::One, MS(10_000), MS(0))),
            ..Limits::default()
        };
        let b = budget(&limits, Player::One);
        assert_eq!(b.map(|b| b.hard), Some(MS(100)));
        assert_eq!(b.map(|b| b.soft), Some(MS(100)));
    }

    #[test]
    fn no_movetime_and_no_clock_means_no_time_limit() {
        assert!(budget(&Limits::default(), Player::One).is_none());
    }
}
