//! Playing below full strength: the `Skill Level` and `UCI_Elo` options. A limited level
//! searches a few lines within its own node budget and draws its move among them, the
//! weaker the level the more it leans to moves its search found worse; so it overlooks what
//! a short search cannot see rather than giving things away at random.

use super::info::{Info, Score};
use super::limits::{Limits, Request, Settings};
use super::rng::Rng;
use super::strength::Strength;
use crate::games::{GameState, SearchHints};

/// A search at full strength: the move for a position within a request, its reports passed on.
pub(crate) type FullStrength<'a, G> = dyn FnMut(
        &mut GameState<G>,
        &Request<'_, <G as crate::games::Game>::Move>,
        &mut dyn FnMut(&Info),
    ) -> Option<<G as crate::games::Game>::Move>
    + 'a;

/// A candidate move: the first move of a reported line and that line's score.
struct Candidate<M> {
    mv: M,
    score: Score,
}

/// The move of a limited `level`: `search` (full strength) runs within the level's node
/// budget and the request's own limits with the level's candidate lines, every report
/// passed on; then one of the lines' first moves is drawn with weights that favour the
/// better scores more the higher the level. `None` only when the game is over.
pub(crate) fn play_at_level<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    level: f64,
    seed: u64,
    report: &mut dyn FnMut(&Info),
    search: &mut FullStrength<'_, G>,
) -> Option<G::Move> {
    let step = G::LEVELS.step(level);
    let budget = step.nodes;
    let limits = Limits {
        nodes: Some(
            request
                .limits
                .nodes
                .map_or(budget, |nodes| nodes.min(budget)),
        ),
        ..request.limits.clone()
    };
    let settings = Settings {
        multipv: step.candidates.max(request.settings.multipv),
        strength: Strength::Full,
        ..*request.settings
    };
    let limited = Request {
        limits: &limits,
        settings: &settings,
        searchmoves: request.searchmoves,
    };
    let mut lines: Vec<Option<(String, Score)>> = Vec::new();
    let best = search(state, &limited, &mut |info| {
        keep_line(&mut lines, info);
        report(info);
    });
    let mut candidates = candidates(state, &lines);
    if let Some(best) = best {
        trust_the_search(&mut candidates, best);
    }
    let mut rng = Rng::new(seed ^ 0x5EED_1E7E_15EE_D5EE);
    choose(&candidates, step.temperature, &mut rng).or(best)
}

/// Keeps the first move and score of a reported line under its `MultiPV` rank, the latest
/// report of each rank winning.
fn keep_line(lines: &mut Vec<Option<(String, Score)>>, info: &Info) {
    let Some(first) = info.pv.first() else {
        return;
    };
    if info.currmove.is_some() {
        return;
    }
    let rank = info.multipv.unwrap_or(1).max(1) as usize;
    if lines.len() < rank {
        lines.resize(rank, None);
    }
    lines[rank - 1] = Some((first.clone(), info.score));
}

/// The kept lines' first moves that are legal in the current position, each once.
fn candidates<G: SearchHints>(
    state: &GameState<G>,
    lines: &[Option<(String, Score)>],
) -> Vec<Candidate<G::Move>> {
    let mut found: Vec<Candidate<G::Move>> = Vec::new();
    for (text, score) in lines.iter().flatten() {
        let Ok(mv) = state.position().parse_move(text) else {
            continue;
        };
        if found.iter().all(|c| c.mv != mv) {
            found.push(Candidate { mv, score: *score });
        }
    }
    found
}

/// Scores the move the search chose as the best candidate's: a Monte-Carlo search plays its
/// most visited move, whose win rate may trail a rarely visited move's lucky one.
fn trust_the_search<M: Copy + PartialEq>(candidates: &mut [Candidate<M>], best: M) {
    let Some(top) = candidates
        .iter()
        .map(|c| c.score)
        .max_by(|a, b| comparable(*a).total_cmp(&comparable(*b)))
    else {
        return;
    };
    for candidate in candidates.iter_mut().filter(|c| c.mv == best) {
        if comparable(top) > comparable(candidate.score) {
            candidate.score = top;
        }
    }
}

/// A move drawn among `candidates` with weights `exp((value − best) / temperature)`.
fn choose<M: Copy>(candidates: &[Candidate<M>], temperature: f64, rng: &mut Rng) -> Option<M> {
    let values: Vec<f64> = candidates.iter().map(|c| comparable(c.score)).collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let temperature = temperature.max(f64::MIN_POSITIVE);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - best) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    if !total.is_finite() || total <= 0.0 {
        return candidates.first().map(|c| c.mv);
    }
    let mut point = rng.unit() * total;
    for (candidate, weight) in candidates.iter().zip(&weights) {
        if point < *weight {
            return Some(candidate.mv);
        }
        point -= weight;
    }
    candidates.last().map(|c| c.mv)
}

/// A score on one line of numbers: a forced win beyond every evaluation, sooner better.
fn comparable(score: Score) -> f64 {
    const FORCED: f64 = 1.0e6;
    match score {
        Score::Centipawns(cp) => f64::from(cp),
        Score::Mate(moves) if moves > 0 => FORCED - f64::from(moves),
        Score::Mate(moves) => -FORCED - f64::from(moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(mv: u8, score: Score) -> Candidate<u8> {
        Candidate { mv, score }
    }

    /// How often each of three candidates is chosen in 4000 draws at `temperature`.
    fn shares(temperature: f64) -> [u32; 3] {
        let moves = [
            candidate(0, Score::Centipawns(100)),
            candidate(1, Score::Centipawns(40)),
            candidate(2, Score::Centipawns(-200)),
        ];
        let mut rng = Rng::new(11);
        let mut seen = [0; 3];
        for _ in 0..4000 {
            seen[usize::from(choose(&moves, temperature, &mut rng).unwrap())] += 1;
        }
        seen
    }

    #[test]
    fn more_noise_chooses_worse_moves_more_often() {
        let (calm, noisy) = (shares(10.0), shares(200.0));
        assert!(calm[0] > noisy[0], "{calm:?} {noisy:?}");
        assert!(calm[2] < noisy[2], "{calm:?} {noisy:?}");
        assert!(noisy[0] > noisy[1] && noisy[1] > noisy[2], "{noisy:?}");
    }

    #[test]
    fn a_forced_win_is_always_taken_and_a_forced_loss_avoided() {
        let moves = [
            candidate(0, Score::Mate(-2)),
            candidate(1, Score::Centipawns(-300)),
            candidate(2, Score::Mate(3)),
        ];
        let mut rng = Rng::new(5);
        assert!((0..500).all(|_| choose(&moves, 400.0, &mut rng) == Some(2)));
        let losing = [
            candidate(0, Score::Mate(-2)),
            candidate(1, Score::Centipawns(-900)),
        ];
        assert!((0..500).all(|_| choose(&losing, 400.0, &mut rng) == Some(1)));
    }

    #[test]
    fn the_searchs_own_move_counts_as_the_best_line() {
        let mut moves = [
            candidate(0, Score::Centipawns(90)),
            candidate(1, Score::Centipawns(30)),
        ];
        trust_the_search(&mut moves, 1);
        assert_eq!(moves[1].score, Score::Centipawns(90));
        trust_the_search(&mut moves, 0);
        assert_eq!(moves[0].score, Score::Centipawns(90));
    }

    #[test]
    fn no_candidate_chooses_nothing() {
        assert_eq!(choose::<u8>(&[], 50.0, &mut Rng::new(1)), None);
    }
}
