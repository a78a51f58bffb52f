//! What a game tells the searchers about playing below full strength and about turning a
//! score into chances: its strength levels ([`LevelTuning`]) and its win-draw-loss model
//! ([`WdlModel`]), both plain data fitted by matches and self-play (docs/results.md).

use super::player::Player;

/// The number of limited levels: `Skill Level` 0 to 19; level 20 is full strength.
pub const LIMITED_LEVELS: u32 = 20;

/// One limited level's way of playing: it searches at most `nodes` nodes with `candidates`
/// lines, then draws its move among those lines with weights `exp((value − best) /
/// temperature)`, the values in the score's centipawn units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelStep {
    /// The node budget.
    pub nodes: u64,
    /// Lines searched (`MultiPV`) to choose among.
    pub candidates: usize,
    /// The choice's noise, in centipawns.
    pub temperature: f64,
}

impl LevelStep {
    /// A step of `nodes`, `candidates` and `temperature`.
    pub const fn new(nodes: u64, candidates: usize, temperature: f64) -> LevelStep {
        LevelStep {
            nodes,
            candidates,
            temperature,
        }
    }
}

/// How a game's limited levels play and what Elo each is labelled with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelTuning {
    /// Levels 0 to 19, weakest first.
    pub steps: [LevelStep; LIMITED_LEVELS as usize],
    /// The Elo label of level 0 on the game's scale.
    pub elo_at_0: u32,
    /// The Elo between one level's label and the next.
    pub elo_per_level: u32,
}

impl LevelTuning {
    /// A neutral ladder for a game without its own calibration: from one node and a wide
    /// choice to a search's budget and nearly always the best line.
    pub const DEFAULT: LevelTuning = LevelTuning {
        steps: doubling_steps(),
        elo_at_0: 100,
        elo_per_level: 100,
    };

    /// The Elo label of the highest limited level (19).
    pub const fn elo_max(&self) -> u32 {
        self.elo_at_0 + (LIMITED_LEVELS - 1) * self.elo_per_level
    }

    /// The Elo label of the whole level `level` (0 to 19).
    pub fn label(&self, level: u32) -> u32 {
        self.elo_at_0 + level.min(LIMITED_LEVELS - 1) * self.elo_per_level
    }

    /// The level, 0.0 to 19.0, whose label is `elo` (clamped to the labels' range).
    pub fn level_of_elo(&self, elo: u32) -> f64 {
        let above = f64::from(elo.saturating_sub(self.elo_at_0));
        (above / f64::from(self.elo_per_level.max(1))).min(f64::from(LIMITED_LEVELS - 1))
    }

    /// How `level` plays: a whole level's step, or between two steps the budget and noise
    /// of both mixed geometrically (the lower step's candidates).
    pub fn step(&self, level: f64) -> LevelStep {
        let level = level.clamp(0.0, f64::from(LIMITED_LEVELS - 1));
        let lower = self.steps[level.floor() as usize];
        let upper = self.steps[level.ceil() as usize];
        let share = level - level.floor();
        LevelStep {
            nodes: (between(lower.nodes as f64, upper.nodes as f64, share).round() as u64).max(1),
            candidates: lower.candidates.max(1),
            temperature: between(lower.temperature, upper.temperature, share),
        }
    }
}

/// The value `share` of the way from `first` to `last`, on a logarithmic scale.
fn between(first: f64, last: f64, share: f64) -> f64 {
    if first <= 0.0 || last <= 0.0 {
        return first + (last - first) * share;
    }
    first * (last / first).powf(share)
}

/// Twenty steps from one node, a noise of 400 and four candidates, each level doubling the
/// budget and taking a fifth off the noise.
const fn doubling_steps() -> [LevelStep; LIMITED_LEVELS as usize] {
    let mut steps = [LevelStep::new(1, 4, 400.0); LIMITED_LEVELS as usize];
    let mut level = 1;
    while level < LIMITED_LEVELS as usize {
        steps[level] = LevelStep::new(
            steps[level - 1].nodes * 2,
            4,
            steps[level - 1].temperature * 0.8,
        );
        level += 1;
    }
    steps
}

/// Chances in per mille from the side to move's view; they sum to 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    /// Wins per mille.
    pub win: u32,
    /// Draws per mille.
    pub draw: u32,
    /// Losses per mille.
    pub loss: u32,
}

impl Wdl {
    /// A proven win.
    pub const WON: Wdl = Wdl {
        win: 1000,
        draw: 0,
        loss: 0,
    };
    /// A proven draw.
    pub const DRAWN: Wdl = Wdl {
        win: 0,
        draw: 1000,
        loss: 0,
    };
    /// A proven loss.
    pub const LOST: Wdl = Wdl {
        win: 0,
        draw: 0,
        loss: 1000,
    };
}

/// How a game's centipawn score turns into chances: a [`WdlCurve`] for each player to move and
/// each parity of the search's depth, since a game may favour one player beyond what its
/// evaluation sees, and an evaluation that counts the move in hand scores a position otherwise
/// after an odd than after an even number of plies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WdlModel {
    /// The curves with player 1 to move: after an even depth, after an odd one.
    pub player_one: [WdlCurve; 2],
    /// The curves with player 2 to move: after an even depth, after an odd one.
    pub player_two: [WdlCurve; 2],
}

impl WdlModel {
    /// The logistic curve of the centipawn convention for both players.
    pub const DEFAULT: WdlModel = WdlModel::same_for_both(WdlCurve::DEFAULT);

    /// A model with the same curve whoever is to move, at any depth.
    pub const fn same_for_both(curve: WdlCurve) -> WdlModel {
        WdlModel::by_player(curve, curve)
    }

    /// A model with a curve for each player to move, at any depth.
    pub const fn by_player(player_one: WdlCurve, player_two: WdlCurve) -> WdlModel {
        WdlModel {
            player_one: [player_one, player_one],
            player_two: [player_two, player_two],
        }
    }

    /// The chances of a position a search of `depth` plies scores `cp` for `mover`, the side
    /// to move.
    pub fn wdl(&self, cp: i32, mover: Player, depth: u32) -> Wdl {
        let curves = match mover {
            Player::One => &self.player_one,
            Player::Two => &self.player_two,
        };
        curves[(depth % 2) as usize].wdl(cp)
    }
}

/// One curve from a score to chances, fitted to the outcomes of self-play games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WdlCurve {
    /// A logistic curve of the score.
    Logistic(LogisticCurve),
    /// The chances measured at a few scores, straight lines between them: for an evaluation
    /// whose scores do not follow one logistic curve.
    Measured(MeasuredCurve),
}

impl WdlCurve {
    /// The logistic curve of the centipawn convention (400 per factor of ten in the odds)
    /// without draws.
    pub const DEFAULT: WdlCurve = WdlCurve::symmetric(0.0, 173.7);

    /// A logistic curve with one margin for wins and losses alike: `draw_margin` from 0 each
    /// way.
    pub const fn symmetric(draw_margin: f64, scale: f64) -> WdlCurve {
        WdlCurve::logistic(draw_margin, draw_margin, scale)
    }

    /// A logistic curve with a margin of its own for wins and for losses.
    pub const fn logistic(win_margin: f64, loss_margin: f64, scale: f64) -> WdlCurve {
        WdlCurve::Logistic(LogisticCurve {
            win_margin,
            loss_margin,
            scale,
        })
    }

    /// The chances of a position the search scores `cp` for the side to move.
    pub fn wdl(&self, cp: i32) -> Wdl {
        let (win, loss) = match self {
            WdlCurve::Logistic(curve) => curve.win_and_loss(cp),
            WdlCurve::Measured(curve) => curve.win_and_loss(cp),
        };
        let loss = loss.min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }
}

/// `win = σ((cp − win_margin) / scale)`, `loss = σ((−cp − loss_margin) / scale)`, the rest
/// draws (both margins 0: no draws; unequal margins: the scores of this player to move are too
/// hopeful or too gloomy). Fitted by maximum likelihood.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogisticCurve {
    /// The score at which a win is as likely as not, in centipawns.
    pub win_margin: f64,
    /// The score, turned round, at which a loss is as likely as not, in centipawns.
    pub loss_margin: f64,
    /// How fast the chances change with the score, in centipawns.
    pub scale: f64,
}

impl LogisticCurve {
    /// Wins and losses per mille (each within 0..=1000).
    fn win_and_loss(&self, cp: i32) -> (u32, u32) {
        let scale = self.scale.max(1.0);
        let win = logistic((f64::from(cp) - self.win_margin) / scale);
        let loss = logistic((-f64::from(cp) - self.loss_margin) / scale);
        (per_mille(win), per_mille(loss))
    }
}

/// Win and loss shares measured at a few scores (the isotonic regression of the outcomes on
/// the score: the best fit that never lowers the win share as the score rises), joined by
/// straight lines and flat beyond the last point each way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeasuredCurve {
    /// `(cp, wins per mille)`, scores ascending, shares never falling.
    pub wins: &'static [(i32, u16)],
    /// `(cp, losses per mille)`, scores ascending, shares never rising.
    pub losses: &'static [(i32, u16)],
}

impl MeasuredCurve {
    /// Wins and losses per mille (each within 0..=1000).
    fn win_and_loss(&self, cp: i32) -> (u32, u32) {
        (
            between_points(self.wins, cp),
            between_points(self.losses, cp),
        )
    }
}

/// The share at `cp` on the line through `points` (flat beyond its ends; 500 without points),
/// within 0..=1000.
fn between_points(points: &[(i32, u16)], cp: i32) -> u32 {
    let share = |at: usize| f64::from(points[at].1.min(1000));
    let Some(&(first, _)) = points.first() else {
        return 500;
    };
    let after = points.partition_point(|&(score, _)| score <= cp);
    if after == 0 || cp <= first {
        return share(0) as u32;
    }
    if after == points.len() {
        return share(after - 1) as u32;
    }
    let ((left, _), (right, _)) = (points[after - 1], points[after]);
    let t = f64::from(cp - left) / f64::from(right - left);
    (share(after - 1) + t * (share(after) - share(after - 1))).round() as u32
}

/// A probability in per mille.
fn per_mille(probability: f64) -> u32 {
    (probability * 1000.0).round() as u32
}

/// The logistic function.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_always_sum_to_a_thousand() {
        let model = WdlCurve::logistic(150.0, -40.0, 90.0);
        for cp in (-3000..=3000).step_by(7) {
            let wdl = model.wdl(cp);
            assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{cp}: {wdl:?}");
        }
    }

    #[test]
    fn a_better_score_never_lowers_the_win_chance() {
        let model = WdlCurve::DEFAULT;
        let wins: Vec<u32> = (-2000..=2000).map(|cp| model.wdl(cp).win).collect();
        assert!(wins.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    #[test]
    fn the_side_to_move_and_the_other_see_mirrored_chances() {
        let model = WdlCurve::symmetric(60.0, 120.0);
        for cp in [-700, -30, 0, 45, 900] {
            let (mine, theirs) = (model.wdl(cp), model.wdl(-cp));
            assert_eq!((mine.win, mine.loss), (theirs.loss, theirs.win), "{cp}");
        }
    }

    #[test]
    fn without_a_draw_margin_an_even_score_is_an_even_game() {
        let wdl = WdlCurve::DEFAULT.wdl(0);
        assert_eq!((wdl.win, wdl.draw, wdl.loss), (500, 0, 500));
    }

    #[test]
    fn a_hopeful_players_scores_win_less_often() {
        let fair = WdlCurve::symmetric(0.0, 90.0);
        let hopeful = WdlCurve::logistic(80.0, -60.0, 90.0);
        assert!(hopeful.wdl(50).win < fair.wdl(50).win);
        assert!(hopeful.wdl(50).loss > fair.wdl(50).loss);
        // σ((50 − 80)/90) and σ((−50 + 60)/90), in per mille.
        assert_eq!((hopeful.wdl(50).win, hopeful.wdl(50).loss), (417, 528));
    }

    #[test]
    fn each_player_to_move_has_its_own_curve() {
        let model = WdlModel::by_player(
            WdlCurve::symmetric(0.0, 40.0),
            WdlCurve::symmetric(0.0, 80.0),
        );
        assert!(model.wdl(60, Player::One, 4).win > model.wdl(60, Player::Two, 4).win);
        assert_eq!(
            model.wdl(60, Player::Two, 7),
            WdlCurve::symmetric(0.0, 80.0).wdl(60)
        );
        let same = WdlModel::same_for_both(WdlCurve::DEFAULT);
        assert_eq!(same.wdl(-35, Player::One, 3), same.wdl(-35, Player::Two, 6));
    }

    #[test]
    fn each_parity_of_the_depth_may_have_its_own_curve() {
        let (even, odd) = (
            WdlCurve::symmetric(0.0, 60.0),
            WdlCurve::symmetric(0.0, 120.0),
        );
        let model = WdlModel {
            player_one: [even, odd],
            player_two: [even, odd],
        };
        assert_eq!(model.wdl(90, Player::One, 6), even.wdl(90));
        assert_eq!(model.wdl(90, Player::Two, 5), odd.wdl(90));
    }

    const MEASURED: WdlCurve = WdlCurve::Measured(MeasuredCurve {
        wins: &[(-100, 100), (0, 400), (0, 600), (100, 900)],
        losses: &[(-100, 850), (100, 50)],
    });

    #[test]
    fn a_measured_curve_runs_straight_between_its_points() {
        assert_eq!(MEASURED.wdl(-50).win, 250);
        assert_eq!(MEASURED.wdl(50).win, 750);
        assert_eq!(MEASURED.wdl(-50).loss, 650);
        assert_eq!(MEASURED.wdl(-25).loss, 550);
    }

    #[test]
    fn a_measured_curve_is_flat_beyond_its_ends() {
        assert_eq!(MEASURED.wdl(-100).win, 100);
        assert_eq!(MEASURED.wdl(-5000).win, 100);
        assert_eq!(MEASURED.wdl(5000).win, 900);
        assert_eq!(MEASURED.wdl(5000).loss, 50);
    }

    #[test]
    fn a_measured_curve_takes_the_upper_point_where_two_share_a_score() {
        assert_eq!(MEASURED.wdl(0).win, 600);
        assert_eq!(MEASURED.wdl(-1).win, 397);
    }

    #[test]
    fn a_measured_curves_chances_sum_to_a_thousand() {
        for cp in -300..=300 {
            let wdl = MEASURED.wdl(cp);
            assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{cp}: {wdl:?}");
        }
    }

    #[test]
    fn a_whole_level_plays_its_own_step() {
        let tuning = LevelTuning::DEFAULT;
        for (level, step) in tuning.steps.iter().enumerate() {
            assert_eq!(tuning.step(level as f64), *step);
        }
    }

    #[test]
    fn a_level_between_two_steps_plays_between_them() {
        let tuning = LevelTuning::DEFAULT;
        let (lower, middle, upper) = (tuning.step(5.0), tuning.step(5.5), tuning.step(6.0));
        assert!(lower.nodes < middle.nodes && middle.nodes < upper.nodes);
        assert!(lower.temperature > middle.temperature);
        assert!(middle.temperature > upper.temperature);
    }

    #[test]
    fn doubling_steps_double_the_budget_and_calm_the_noise() {
        let steps = doubling_steps();
        assert_eq!(steps[0], LevelStep::new(1, 4, 400.0));
        assert_eq!(steps[19].nodes, 1 << 19);
        assert!(steps
            .windows(2)
            .all(|pair| pair[1].nodes == 2 * pair[0].nodes
                && pair[1].temperature < pair[0].temperature));
    }

    #[test]
    fn an_elo_label_leads_back_to_its_level() {
        let tuning = LevelTuning::DEFAULT;
        for level in 0..LIMITED_LEVELS {
            assert_eq!(tuning.level_of_elo(tuning.label(level)), f64::from(level));
        }
        assert_eq!(tuning.level_of_elo(0), 0.0);
        assert_eq!(tuning.level_of_elo(u32::MAX), 19.0);
        assert_eq!(tuning.label(19), tuning.elo_max());
    }
}
