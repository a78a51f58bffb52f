//! The root of a search, whatever its kind: the moves it may choose from, its time budget,
//! and its lines in notation.

use super::limits::Request;
use super::time::{self, TimeBudget};
use crate::games::{GameState, MoveList, SearchHints};

/// Keeps in the root `moves` only those in `allowed`, unless `allowed` is empty or names
/// none of them: a search always has every move to fall back on.
pub(crate) fn restrict_root<M: Copy + Eq>(moves: &mut MoveList<M>, allowed: &[M]) {
    if !allowed.is_empty() && moves.iter().any(|mv| allowed.contains(mv)) {
        moves.retain(|mv| allowed.contains(mv));
    }
}

/// The time budget of `request` for the side to move in `position` (see [`time::budget`]).
pub(crate) fn time_budget<G: SearchHints>(
    request: &Request<'_, G::Move>,
    position: &G,
) -> Option<TimeBudget> {
    time::budget(
        request.limits,
        request.settings.move_overhead,
        position.side_to_move(),
        position.expected_own_moves_left(),
    )
}

/// The moves of `line` (played from the current position of `state`) in notation.
pub(crate) fn notation<G: SearchHints>(state: &mut GameState<G>, line: &[G::Move]) -> Vec<String> {
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        texts.push(state.position().format_move(mv));
        state.make(mv);
    }
    for _ in line {
        state.unmake();
    }
    texts
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::{BoardSize, Game};
    use crate::search::limits::{Clock, Limits, Settings};

    #[test]
    fn a_clock_is_planned_on_the_moves_the_game_is_expected_to_last() {
        let start = CrossJack::start(BoardSize::square(8)).expect("an 8x8 start");
        let clock = Clock {
            time: [Some(Duration::from_secs(1)); 2],
            increment: [Duration::from_millis(10); 2],
            moves_to_go: None,
        };
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let settings = Settings {
            move_overhead: Duration::from_millis(30),
            ..Settings::default()
        };
        let request = Request {
            limits: &limits,
            settings: &settings,
            searchmoves: &[],
        };
        let planned = time_budget(&request, &start).expect("a clock budget");
        let side = start.side_to_move();
        let expected = start.expected_own_moves_left();
        let overhead = settings.move_overhead;
        assert_eq!(
            Some(planned),
            time::budget(&limits, overhead, side, expected)
        );
        let unknown = time::budget(&limits, overhead, side, None).expect("a clock budget");
        assert!(
            planned.soft > unknown.soft,
            "{planned:?} against {unknown:?}"
        );
    }
}
