//! The text of every report on a job: a search's `info` and `bestmove` lines, the perft
//! report and the bench's lines. The search thread writes them in the protocol and the
//! command line (`tablero perft`, `tablero bench`) prints the same ones, so each has its
//! format here only; [`crate::perft`] and [`crate::bench`] compute typed results.

use std::fmt::Display;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::bench::{self, BenchError, BenchOptions, BenchReport, PositionResult, Progress};
use crate::games::{GameKind, Margin};
use crate::perft;
use crate::search::solve::{Outcome, Progress as SolveProgress, Proven, Solution, Unsolved};
use crate::search::{Bound, Info, Score};

/// The answer of a search without a move.
pub const BESTMOVE_NONE: &str = "bestmove (none)";

/// The answer of a perft ended by `stop` (or `quit`): a partial count would mislead.
pub const PERFT_STOPPED: &str = "info string perft stopped before it finished: no count";

/// `info string <text>`: a note to the controller's user.
pub fn info_string(text: &dyn Display) -> String {
    format!("info string {text}")
}

/// The `info` line of a progress report, or of a root move starting (`currmove`).
pub fn info_line(info: &Info) -> String {
    if let Some(current) = &info.currmove {
        return format!(
            "info depth {} currmove {} currmovenumber {}",
            info.depth, current.mv, current.number
        );
    }
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    let bound = match info.bound {
        None | Some(Bound::Exact) => "",
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
    };
    let multipv = info
        .multipv
        .map_or(String::new(), |rank| format!(" multipv {rank}"));
    let wdl = info.wdl.map_or(String::new(), |chances| {
        format!(" wdl {} {} {}", chances.win, chances.draw, chances.loss)
    });
    let mut line = format!(
        "info depth {} seldepth {}{multipv} score {score}{wdl}{bound} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// The `bestmove` line: `best`, and the reply the engine expects if `ponder` names one;
/// [`BESTMOVE_NONE`] without a move.
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (None, _) => BESTMOVE_NONE.to_string(),
        (Some(best), Some(reply)) => format!("bestmove {best} ponder {reply}"),
        (Some(best), None) => format!("bestmove {best}"),
    }
}

/// The perft report of a `depth`-ply [`perft::divide_until`], as the command line and
/// `go perft` print it: `<move>: <leaves>` per root move, an empty line, then
/// `Nodes searched: <total>`.
pub fn perft_lines<M: Display>(divide: &[(M, u64)], depth: u32) -> Vec<String> {
    let mut lines: Vec<String> = divide
        .iter()
        .map(|(mv, nodes)| format!("{mv}: {nodes}"))
        .collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {}", perft::total(divide, depth)));
    lines
}

/// What `tablero perft` prints on stderr after its report: the time `leaves` took to count
/// and the leaves per second.
pub fn perft_speed_line(leaves: u64, time: Duration) -> String {
    let secs = time.as_secs_f64();
    format!(
        "time {:.3} s, {:.0} leaves/s",
        secs,
        leaves as f64 / secs.max(1e-9)
    )
}

/// The line of a bench's progress: a position searched, or a game's positions all searched.
pub fn bench_line(progress: &Progress<'_>) -> String {
    match *progress {
        Progress::Position { result, of } => bench_position_line(result, of),
        Progress::Game { game, totals } => bench_game_line(game, totals),
    }
}

/// `info string bench <game> <n>/<of> depth <d> nodes <n> time <ms> move <m> fen <fen>`.
fn bench_position_line(result: &PositionResult, of: usize) -> String {
    format!(
        "info string bench {} {}/{of} depth {} nodes {} time {} move {} fen {}",
        result.game,
        result.number,
        result.depth,
        result.nodes,
        result.time.as_millis(),
        result.best,
        result.fen
    )
}

/// `info string bench <game> total nodes <n> time <ms> nps <n>`.
fn bench_game_line(game: GameKind, totals: &BenchReport) -> String {
    format!(
        "info string bench {game} total nodes {} time {} nps {}",
        totals.nodes(),
        totals.time().as_millis(),
        totals.nps()
    )
}

/// The last lines of a bench, as Stockfish writes them: total time, nodes (the signature)
/// and nodes per second.
pub fn bench_summary(report: &BenchReport) -> Vec<String> {
    vec![
        format!("Total time (ms) : {}", report.time().as_millis()),
        format!("Nodes searched  : {}", report.nodes()),
        format!("Nodes/second    : {}", report.nps()),
    ]
}

/// Runs the bench ([`bench::measure`]), writing its progress as the protocol's lines: `write`
/// receives a line per position and one per game as they come; the [`bench_summary`] of the
/// report is left to the caller.
pub fn run_bench(
    options: &BenchOptions,
    stop: &AtomicBool,
    write: &mut dyn FnMut(&str),
) -> Result<BenchReport, BenchError> {
    bench::measure(options, stop, &mut |progress| write(&bench_line(&progress)))
}

/// `win distance <plies>`, `draw` or `loss distance <plies>`: a proven value.
fn proven_words(value: Proven) -> String {
    let outcome = match value.outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    };
    match value.distance {
        Some(plies) => format!("{outcome} distance {plies}"),
        None => outcome.to_string(),
    }
}

/// ` margin <lead> length <length>` after a won or lost value whose margin under best play
/// is known (JC Shock: the side to move's lead in runs of that length, the longest whose
/// counts differ); nothing for a draw or where the game has no margin.
fn margin_words(margin: Option<Margin>) -> String {
    match margin {
        Some(Margin { length, lead }) if lead != 0 => format!(" margin {lead} length {length}"),
        _ => String::new(),
    }
}

/// Nodes per second of `nodes` in `time`.
fn per_second(nodes: u64, time: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000 / time.as_micros().max(1)) as u64
}

/// A root move's value: [`proven_words`] when it is exact, else `unknown lowerbound
/// <value> upperbound <value>` (repetitions decide it).
fn bounded_words(lower: Proven, upper: Proven) -> String {
    if lower == upper {
        proven_words(lower)
    } else {
        format!(
            "unknown lowerbound {} upperbound {}",
            proven_words(lower),
            proven_words(upper)
        )
    }
}

/// A solve's progress: `info string solve move <m> <k>/<n> value <value> nodes <n> time <ms>`
/// as each root move is solved, `info string solve nodes <n> nps <n> time <ms> hashfull
/// <permille>` once a second on long solves.
pub fn solve_progress_line(progress: &SolveProgress<String>) -> String {
    match progress {
        SolveProgress::Move {
            mv,
            number,
            of,
            value,
            upper,
            nodes,
            time,
        } => format!(
            "info string solve move {mv} {number}/{of} value {} nodes {nodes} time {}",
            bounded_words(*value, *upper),
            time.as_millis()
        ),
        SolveProgress::Running {
            nodes,
            time,
            table_permille,
        } => format!(
            "info string solve nodes {nodes} nps {} time {} hashfull {table_permille}",
            per_second(*nodes, *time),
            time.as_millis()
        ),
    }
}

/// The answer of a solve, one line (format: protocol.md, `solve`): `solve value <value> …
/// moves <m1,m2,…> …` when the root's value is proven (the moves that keep it, best first),
/// else `solve value unknown reason <why> …` with what was solved before it gave up.
pub fn solve_line(solution: &Solution<String>) -> String {
    let moves = match solution.best_moves() {
        moves if moves.is_empty() => "(none)".to_string(),
        moves => moves.join(","),
    };
    let undecided = match solution.undecided_moves() {
        moves if moves.is_empty() => String::new(),
        moves => format!(" undecided {}", moves.join(",")),
    };
    let totals = format!(
        "nodes {} time {} hashfull {} memory {}",
        solution.nodes,
        solution.time.as_millis(),
        solution.table_permille,
        solution.table_bytes.div_ceil(1 << 20)
    );
    if let Some(value) = solution.value {
        return format!(
            "solve value {}{} moves {moves}{undecided} {totals}",
            proven_words(value),
            margin_words(solution.margin)
        );
    }
    let reason = match solution.unsolved {
        Some(Unsolved::Repetition) => "repetition",
        Some(Unsolved::Memory) => "memory",
        Some(Unsolved::Stopped) | None => "stopped",
    };
    let bounds = match solution.bounds {
        Some((lower, upper)) => format!(
            " lowerbound {} upperbound {}",
            proven_words(lower),
            proven_words(upper)
        ),
        None => String::new(),
    };
    let best = match solution.moves.first() {
        Some(root) => format!(
            " best {}{} moves {moves}{undecided}",
            proven_words(root.lower),
            margin_words(root.margin)
        ),
        None => String::new(),
    };
    format!(
        "solve value unknown reason {reason}{bounds} solved {}/{}{best} {totals}",
        solution.moves.len(),
        solution.legal
    )
}

/// What `tablero solve` prints: `move <m> value <value>` for every root move solved, best
/// first, then the [`solve_line`].
pub fn solve_report(solution: &Solution<String>) -> Vec<String> {
    let mut lines: Vec<String> = solution
        .moves
        .iter()
        .map(|root| {
            format!(
                "move {} value {}{}",
                root.mv,
                bounded_words(root.lower, root.upper),
                margin_words(root.margin)
            )
        })
        .collect();
    lines.push(solve_line(solution));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Wdl;
    use crate::search::solve::RootMove;
    use crate::search::CurrMove;

    #[test]
    fn info_lines_carry_every_field() {
        let info = Info {
            depth: 3,
            seldepth: 5,
            score: Score::Mate(-2),
            nodes: 1000,
            time: Duration::from_millis(10),
            hashfull: 7,
            pv: vec!["d7".into(), "e2".into()],
            multipv: None,
            bound: None,
            currmove: None,
            proven: false,
            wdl: None,
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 seldepth 5 score mate -2 nodes 1000 nps 100000 time 10 hashfull 7 pv d7 e2"
        );
    }

    fn sample_info() -> Info {
        Info {
            depth: 4,
            seldepth: 6,
            score: Score::Centipawns(25),
            nodes: 500,
            time: Duration::from_millis(5),
            hashfull: 1,
            pv: vec!["c3".into()],
            multipv: None,
            bound: None,
            currmove: None,
            proven: false,
            wdl: None,
        }
    }

    #[test]
    fn a_score_that_is_a_bound_carries_its_keyword_after_the_score() {
        let lower = Info {
            bound: Some(Bound::Lower),
            ..sample_info()
        };
        let upper = Info {
            bound: Some(Bound::Upper),
            ..sample_info()
        };
        assert_eq!(
            info_line(&lower),
            "info depth 4 seldepth 6 score cp 25 lowerbound nodes 500 nps 100000 time 5 hashfull 1 pv c3"
        );
        assert!(info_line(&upper).contains(" score cp 25 upperbound nodes "));
    }

    #[test]
    fn win_draw_loss_chances_follow_the_score_before_a_bound() {
        let chances = Info {
            wdl: Some(Wdl {
                win: 520,
                draw: 300,
                loss: 180,
            }),
            bound: Some(Bound::Lower),
            ..sample_info()
        };
        assert!(info_line(&chances).contains(" score cp 25 wdl 520 300 180 lowerbound nodes "));
    }

    #[test]
    fn a_line_of_several_names_its_rank_before_the_score() {
        let second = Info {
            multipv: Some(2),
            ..sample_info()
        };
        assert!(info_line(&second).starts_with("info depth 4 seldepth 6 multipv 2 score cp 25 "));
    }

    #[test]
    fn a_root_move_starting_is_a_currmove_line() {
        let current = Info {
            currmove: Some(CurrMove {
                mv: "e5".into(),
                number: 3,
            }),
            ..sample_info()
        };
        assert_eq!(
            info_line(&current),
            "info depth 4 currmove e5 currmovenumber 3"
        );
    }

    #[test]
    fn bestmove_names_the_expected_reply_if_any() {
        assert_eq!(bestmove_line(None, Some("a1")), "bestmove (none)");
        assert_eq!(bestmove_line(Some("c3"), None), "bestmove c3");
        assert_eq!(
            bestmove_line(Some("c3"), Some("d4")),
            "bestmove c3 ponder d4"
        );
    }

    #[test]
    fn depth_zero_is_the_root_alone_below_no_move() {
        assert_eq!(perft_lines::<String>(&[], 0), ["", "Nodes searched: 1"]);
    }

    #[test]
    fn the_perft_report_has_a_line_per_root_move_an_empty_line_and_the_total() {
        let divide = [("a1", 3), ("b2", 4)];
        assert_eq!(
            perft_lines(&divide, 2),
            ["a1: 3", "b2: 4", "", "Nodes searched: 7"]
        );
        assert_eq!(perft_lines::<&str>(&[], 5), ["", "Nodes searched: 0"]);
    }

    #[test]
    fn the_perft_speed_is_leaves_per_second() {
        assert_eq!(
            perft_speed_line(1000, Duration::from_millis(250)),
            "time 0.250 s, 4000 leaves/s"
        );
    }

    #[test]
    fn the_bench_lines_name_every_figure() {
        let one = PositionResult::sample(GameKind::CrossJack, 1000, 10);
        assert_eq!(
            bench_line(&Progress::Position { result: &one, of: 8 }),
            "info string bench crossjack 1/8 depth 3 nodes 1000 time 10 move a8 fen 8/8/8/8/8/8/8/8 x"
        );
        let report = BenchReport {
            positions: vec![one],
        };
        assert_eq!(
            bench_line(&Progress::Game {
                game: GameKind::CrossJack,
                totals: &report
            }),
            "info string bench crossjack total nodes 1000 time 10 nps 100000"
        );
        assert_eq!(
            bench_summary(&report),
            [
                "Total time (ms) : 10",
                "Nodes searched  : 1000",
                "Nodes/second    : 100000"
            ]
        );
    }

    fn proven(outcome: Outcome, distance: Option<u32>) -> Proven {
        Proven { outcome, distance }
    }

    fn root(mv: &str, lower: Proven, upper: Proven) -> RootMove<String> {
        RootMove {
            mv: mv.into(),
            lower,
            upper,
            margin: None,
        }
    }

    #[test]
    fn solve_lines_say_the_value_or_what_is_proven_so_far() {
        let win = proven(Outcome::Win, Some(5));
        let draw = proven(Outcome::Draw, None);
        let loss = proven(Outcome::Loss, Some(4));
        let mut solution = Solution {
            value: Some(win),
            bounds: None,
            margin: Some(Margin { length: 4, lead: 2 }),
            moves: vec![
                root("b3", win, win),
                root("c3", draw, win),
                root("a3", loss, loss),
            ],
            legal: 3,
            unsolved: None,
            nodes: 120,
            time: Duration::from_millis(3),
            table_permille: 1,
            table_bytes: 3 << 20,
        };
        assert_eq!(
            solve_line(&solution),
            "solve value win distance 5 margin 2 length 4 moves b3 undecided c3 nodes 120 time 3 \
             hashfull 1 memory 3"
        );
        assert_eq!(
            solve_report(&solution)[1],
            "move c3 value unknown lowerbound draw upperbound win distance 5"
        );
        solution.value = None;
        solution.unsolved = Some(Unsolved::Stopped);
        solution.moves.truncate(1);
        assert_eq!(
            solve_line(&solution),
            "solve value unknown reason stopped solved 1/3 best win distance 5 moves b3 \
             nodes 120 time 3 hashfull 1 memory 3"
        );
        solution.moves.clear();
        solution.unsolved = Some(Unsolved::Repetition);
        solution.bounds = Some((draw, win));
        assert_eq!(
            solve_line(&solution),
            "solve value unknown reason repetition lowerbound draw upperbound win distance 5 \
             solved 0/3 nodes 120 time 3 hashfull 1 memory 3"
        );
    }
}
