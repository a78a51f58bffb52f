//! Time management: how long one search may take, from `movetime` or the clocks. With a
//! clock, `hard` stays well inside the remaining time minus the overhead, so a slow iteration
//! cannot lose on time.

use std::time::Duration;

use super::limits::Limits;
use crate::games::Player;

/// Moves assumed left in the game when neither the clock nor the game says.
const DEFAULT_MOVES_TO_GO: u32 = 20;

/// Spare moves the clock is planned for, so the last moves do not run it down.
const SPARE_MOVES: u32 = 2;

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

/// The time `side` may spend under `limits`, keeping `overhead` in reserve; `None` without
/// `movetime` or clock. `moves_left`: from
/// [`crate::games::SearchHints::expected_own_moves_left`]. A clock giving only the
/// opponent's time counts as empty: move at once, as no `stop` will come.
pub fn budget(
    limits: &Limits,
    overhead: Duration,
    side: Player,
    moves_left: Option<u32>,
) -> Option<TimeBudget> {
    let fixed = limits
        .movetime
        .map(|movetime| movetime_budget(movetime, overhead));
    let clock = limits.clock.map(|clock| {
        clock_budget(
            clock.time_left(side).unwrap_or(Duration::ZERO),
            clock.increment(side),
            planned_moves(clock.moves_to_go, moves_left),
            overhead,
        )
    });
    match (fixed, clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A fixed time per move, less the overhead but never by more than half, so a short
/// `movetime` still searches.
pub fn movetime_budget(movetime: Duration, overhead: Duration) -> TimeBudget {
    let usable = movetime.saturating_sub(overhead).max(movetime / 2);
    TimeBudget {
        soft: usable,
        hard: usable,
    }
}

/// Own moves to make on the time left: to the next control or the expected end.
pub fn planned_moves(moves_to_go: Option<u32>, moves_left: Option<u32>) -> u32 {
    [moves_to_go, moves_left]
        .into_iter()
        .flatten()
        .filter(|&m| m > 0)
        .min()
        .unwrap_or(DEFAULT_MOVES_TO_GO)
}

/// A share of the clock: the time left over the `moves` plus spares, plus most of the
/// increment, capped well below what is left, with every remaining move's overhead kept.
pub fn clock_budget(
    remaining: Duration,
    increment: Duration,
    moves: u32,
    overhead: Duration,
) -> TimeBudget {
    // Saturating: the clocks come from the protocol and may be absurdly large.
    let available = remaining.saturating_sub(overhead);
    let cap = available.saturating_mul(4) / 5;
    let moves = moves.max(1);
    let lag_reserve = overhead.saturating_mul(moves).min(available / 2);
    let spendable_increment = increment.saturating_mul(3) / 4;
    let target = ((available - lag_reserve) / moves.saturating_add(SPARE_MOVES))
        .saturating_add(spendable_increment)
        .min(cap);
    TimeBudget {
        // The next iteration costs more than all before it: none starts past half the target.
        soft: target / 2,
        hard: target.saturating_mul(3).min(cap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

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

    fn clock_limits(time: Duration, increment: Duration) -> Limits {
        Limits {
            clock: Some(clock_for(Player::One, time, increment)),
            ..Limits::default()
        }
    }

    #[test]
    fn a_clock_with_only_the_opponents_time_is_an_empty_clock() {
        let limits = Limits {
            clock: Some(clock_for(Player::Two, MS(60_000), MS(0))),
            ..Limits::default()
        };
        let budget = budget(&limits, MS(30), Player::One, None).expect("a clock is a time limit");
        assert_eq!(budget.hard, Duration::ZERO);
    }

    #[test]
    fn the_hard_mark_never_exceeds_remaining_time_minus_overhead() {
        for overhead in [0, 1, 30, 5_000].map(MS) {
            for remaining in [0, 1, 10, 29, 30, 31, 50, 100, 1_000, 60_000, 3_600_000] {
                for increment in [0, 10, 1_000, 10_000] {
                    for moves in [0, 1, 2, 20, 31, 40, u32::MAX] {
                        let b = clock_budget(MS(remaining), MS(increment), moves, overhead);
                        let available = MS(remaining).saturating_sub(overhead);
                        let case = format!("{remaining} {increment} {moves} {overhead:?}");
                        assert!(b.hard <= available, "{case}");
                        assert!(b.soft <= b.hard, "{case}");
                    }
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
            for moves in [1, u32::MAX] {
                let b = clock_budget(remaining, increment, moves, MS(30));
                assert!(b.hard <= remaining.saturating_sub(MS(30)));
                assert!(b.soft <= b.hard);
            }
        }
    }

    #[test]
    fn a_clock_is_spread_over_twenty_moves_and_two_spare_when_neither_control_nor_game_says() {
        assert_eq!(planned_moves(None, None), 20);
        let b = clock_budget(MS(22_000), MS(0), 20, MS(0));
        assert_eq!(b.hard, MS(3_000));
        assert_eq!(b.soft, MS(500));
    }

    #[test]
    fn a_known_game_length_spreads_the_clock_over_the_moves_left() {
        let limits = clock_limits(MS(33_000), MS(0));
        let b = budget(&limits, Duration::ZERO, Player::One, Some(31)).expect("a clock");
        assert_eq!((b.soft, b.hard), (MS(500), MS(3_000)));
        let b = budget(&limits, Duration::ZERO, Player::One, Some(9)).expect("a clock");
        assert_eq!((b.soft, b.hard), (MS(1_500), MS(9_000)));
    }

    #[test]
    fn the_time_control_or_the_end_of_the_game_whichever_comes_first() {
        assert_eq!(planned_moves(Some(40), Some(10)), 10);
        assert_eq!(planned_moves(Some(5), Some(10)), 5);
        assert_eq!(planned_moves(Some(7), None), 7);
        assert_eq!(planned_moves(None, Some(12)), 12);
        assert_eq!(
            planned_moves(None, Some(0)),
            20,
            "a finished game plans nothing"
        );
    }

    #[test]
    fn the_lag_of_every_move_still_to_make_is_kept_in_reserve() {
        // 1 s after this move's overhead, eight moves: 240 ms stay back for their lag, the
        // rest is shared by the eight moves and two spare ones.
        let b = clock_budget(MS(1_030), MS(0), 8, MS(30));
        assert_eq!((b.soft, b.hard), (MS(38), MS(228)));
    }

    #[test]
    fn the_lag_reserve_takes_at_most_half_the_clock() {
        let b = clock_budget(MS(1_030), MS(0), 98, MS(30));
        assert_eq!(b.soft, MS(5) / 2);
        assert_eq!(b.hard, MS(15));
    }

    /// What each move of a whole `moves`-move game spends at 1 s + 10 ms with the default
    /// overhead, when every move spends `spent(budget)` and loses `lag` on top; and the least
    /// time left after a move.
    fn whole_game(
        moves: u32,
        lag: Duration,
        spent: impl Fn(TimeBudget) -> Duration,
    ) -> (Vec<Duration>, Duration) {
        let (increment, overhead) = (MS(10), MS(30));
        let mut remaining = MS(1_000);
        let mut lowest = remaining;
        let mut spending = Vec::new();
        for left in (1..=moves).rev() {
            let b = clock_budget(remaining, increment, left, overhead);
            let spend = spent(b);
            assert!(
                spend + lag <= remaining,
                "lost on time with {left} moves left"
            );
            remaining = remaining - spend - lag;
            lowest = lowest.min(remaining);
            remaining += increment;
            spending.push(spend);
        }
        (spending, lowest)
    }

    #[test]
    fn the_clock_lasts_a_whole_jcshock_game_at_one_second_plus_ten_ms() {
        // Spending its target (twice the soft mark) on every move, as Monte-Carlo does, no
        // move gets less than half of the first one's (the clock is not burnt in the
        // opening) and the clock never runs low (the last moves are not played on fumes).
        let target = |b: TimeBudget| b.soft * 2;
        let (spending, lowest) = whole_game(31, MS(5), target);
        let first = spending[0];
        assert!(first >= MS(20), "{spending:?}");
        assert!(spending.iter().all(|&s| s >= first / 2), "{spending:?}");
        assert!(lowest >= MS(150), "{lowest:?} left at worst: {spending:?}");
        // Even overrunning to the hard mark on every move never loses on time.
        whole_game(31, MS(5), |b| b.hard);
    }

    #[test]
    fn most_of_the_increment_is_spent() {
        let without = clock_budget(MS(10_000), MS(0), 10, MS(0));
        let with = clock_budget(MS(10_000), MS(1_000), 10, MS(0));
        assert_eq!(with.soft - without.soft, MS(375));
    }

    #[test]
    fn the_last_move_before_the_control_keeps_a_reserve() {
        let b = clock_budget(MS(1_000), MS(0), 1, MS(0));
        assert_eq!(b.hard, MS(800));
    }

    #[test]
    fn movetime_is_used_in_full_less_the_overhead() {
        let b = movetime_budget(MS(500), MS(20));
        assert_eq!((b.soft, b.hard), (MS(480), MS(480)));
    }

    #[test]
    fn movetime_is_the_time_to_use_even_when_the_overhead_is_as_long() {
        assert_eq!(movetime_budget(MS(30), MS(30)).hard, MS(15));
        assert_eq!(movetime_budget(MS(5), MS(20)).hard, MS(5) / 2);
        assert_eq!(movetime_budget(MS(100), MS(60)).hard, MS(50));
        assert_eq!(movetime_budget(MS(0), MS(30)).hard, Duration::ZERO);
    }

    #[test]
    fn only_the_side_to_move_clock_counts() {
        let limits = Limits {
            clock: Some(clock_for(Player::Two, MS(1_000), MS(0))),
            ..Limits::default()
        };
        assert_eq!(
            budget(&limits, Duration::ZERO, Player::One, None).map(|b| b.hard),
            Some(Duration::ZERO)
        );
        assert!(budget(&limits, Duration::ZERO, Player::Two, None)
            .is_some_and(|b| b.hard > Duration::ZERO));
    }

    #[test]
    fn movetime_and_clock_together_take_the_tighter_marks() {
        let limits = Limits {
            movetime: Some(MS(100)),
            clock: Some(clock_for(Player::One, MS(10_000), MS(0))),
            ..Limits::default()
        };
        let b = budget(&limits, Duration::ZERO, Player::One, None);
        assert_eq!(b.map(|b| b.hard), Some(MS(100)));
        assert_eq!(b.map(|b| b.soft), Some(MS(100)));
    }

    #[test]
    fn no_movetime_and_no_clock_means_no_time_limit() {
        assert!(budget(&Limits::default(), Duration::ZERO, Player::One, Some(3)).is_none());
    }
}
