//! Endgame tables: the exact value of every Crossings position with at most [`MAX_STONES`]
//! stones a side (locked ones included), by retrograde analysis, one table per material.
//!
//! Sweep `t` decides a win in `t` plies (some move leads to a loss in `t − 1`) and a loss in
//! `t` (every move leads to a win, the longest in `t − 1`); what no sweep decides is a draw.
//! The winner's distance falls at every one of its moves, so no history in which each
//! position occurred at most once changes a value. Each position is kept once with its
//! images, and a material with more black stones than red is read from its image. Built
//! once per process on two threads ([`build_tables`], abandonable), one byte a placement.

use std::ops::Range;
use std::sync::{Mutex, OnceLock, TryLockError};
use std::time::Duration;

use super::geometry::target_row;
use super::moves::Move;
use super::notation::check_rules;
use super::position::{Crossings, Layout};
use super::symmetry::{image_of, least_image_of};
use crate::games::hints::KnownValue;
use crate::games::moves::MoveList;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::status::Status;

/// The most stones a side may have, locked ones included, for its position to be in a table.
pub const MAX_STONES: usize = 2;

/// Where a stone can be: a square unlocked (cells 0–63) or locked on its target row (64–71).
const CELLS: usize = 72;

/// The image of a position upside down with the roles exchanged ([`image_of`]).
const UPSIDE_DOWN: u8 = 2;

/// The first cell of the locked stones.
const LOCKED_CELLS: usize = 64;

/// The number of ways to choose `k` of `n` things.
const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// [`binomial`]`(n, k)` for every cell count `n` and stone count `k`.
static BINOMIALS: [[usize; MAX_STONES + 1]; CELLS + 1] = {
    let mut table = [[0; MAX_STONES + 1]; CELLS + 1];
    let mut n = 0;
    while n <= CELLS {
        let mut k = 0;
        while k <= MAX_STONES {
            table[n][k] = binomial(n, k);
            k += 1;
        }
        n += 1;
    }
    table
};

/// The cells of a side's stones in increasing order, at most [`MAX_STONES`] of them.
type Cells = [u8; MAX_STONES];

/// The rank of increasing `cells` (the combinatorial number system).
fn rank(cells: &[u8]) -> usize {
    cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| BINOMIALS[usize::from(cell)][i + 1])
        .sum()
}

/// Every set of `count` cells, each at its [`rank`].
fn all_cell_sets(count: usize) -> Vec<Cells> {
    let mut sets = vec![[0; MAX_STONES]; binomial(CELLS, count)];
    let mut cells = [0; MAX_STONES];
    place_cell_sets(&mut sets, &mut cells, count, count, CELLS);
    sets
}

/// Completes `cells[..free]` (increasing, below `below`) every way, placing each set at its rank.
fn place_cell_sets(sets: &mut [Cells], cells: &mut Cells, count: usize, free: usize, below: usize) {
    let Some(slot) = free.checked_sub(1) else {
        sets[rank(&cells[..count])] = *cells;
        return;
    };
    for cell in slot..below {
        cells[slot] = cell as u8;
        place_cell_sets(sets, cells, count, slot, cell);
    }
}

/// The square a stone in `cell` stands on for `player`, and whether it is locked there.
fn cell_square(player: Player, cell: u8) -> (u8, bool) {
    match usize::from(cell).checked_sub(LOCKED_CELLS) {
        None => (cell, false),
        Some(file) => (first_target_square(player) + file as u8, true),
    }
}

/// The square on file a of `player`'s target row.
fn first_target_square(player: Player) -> u8 {
    target_row(player).trailing_zeros() as u8
}

/// `player`'s stones and locked stones from `cells`; `None` if two share a square.
fn stones_in(player: Player, cells: &[u8]) -> Option<(u64, u64)> {
    let (mut stones, mut locked) = (0u64, 0u64);
    for &cell in cells {
        let (sq, is_locked) = cell_square(player, cell);
        let b = 1u64 << sq;
        if stones & b != 0 {
            return None;
        }
        stones |= b;
        if is_locked {
            locked |= b;
        }
    }
    Some((stones, locked))
}

/// The [`rank`] of the cells of `player`'s `count` stones in `layout`.
fn rank_in(layout: &Layout, player: Player, count: usize) -> usize {
    let own = layout.stones[player.index()];
    let files = (own & layout.locked) >> first_target_square(player);
    let mut cells = u128::from(own & !layout.locked) | u128::from(files) << LOCKED_CELLS;
    (1..=count)
        .map(|taken| {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            BINOMIALS[cell][taken]
        })
        .sum()
}

/// A value as a table keeps it: 0 a draw, else `2 × distance + 1`, plus 1 for a win.
type Stored = u8;

/// The longest distance a [`Stored`] value holds.
const MAX_DISTANCE: u32 = (Stored::MAX as u32 - 2) / 2;

/// The value kept for `value`.
fn store(value: KnownValue) -> Stored {
    match value {
        KnownValue::Draw => 0,
        KnownValue::Loss(plies) => 2 * plies as Stored + 1,
        KnownValue::Win(plies) => 2 * plies as Stored + 2,
    }
}

/// The value that `stored` keeps.
fn load(stored: Stored) -> KnownValue {
    match stored {
        0 => KnownValue::Draw,
        s if s % 2 == 1 => KnownValue::Loss(u32::from(s / 2)),
        s => KnownValue::Win(u32::from(s / 2 - 1)),
    }
}

/// The values of every position of one material.
pub struct Table {
    /// Red's stones.
    red: usize,
    /// Black's stones.
    black: usize,
    /// Every set of `red` cells, by rank.
    red_sets: Vec<Cells>,
    /// Every set of `black` cells, by rank.
    black_sets: Vec<Cells>,
    /// By [`Table::index`].
    values: Box<[Stored]>,
}

/// What a sweep found.
#[derive(Default)]
struct Sweep {
    /// The positions still open, by index.
    open: Vec<u32>,
    /// The positions whose value it found, by index.
    decided: Vec<(u32, KnownValue)>,
    /// Whether some open position is known to be won or lost at a longer distance.
    later: bool,
}

/// What one sweep makes of a position still open.
enum Judgement {
    /// Its value.
    Decided(KnownValue),
    /// Its value is known to be a win or a loss longer than this sweep's distance.
    Later,
    /// Not yet known.
    Open,
}

impl Table {
    /// The table of `red` and `black` stones, its values all draws yet.
    fn empty(red: usize, black: usize) -> Self {
        let red_sets = all_cell_sets(red);
        let black_sets = all_cell_sets(black);
        let size = red_sets.len() * black_sets.len() * 2;
        Table {
            red,
            black,
            red_sets,
            black_sets,
            values: vec![0; size].into_boxed_slice(),
        }
    }

    /// Where a position of this material is kept: the [`Table::index`] of its least image.
    fn slot(&self, layout: &Layout, to_move: Player) -> usize {
        let images = if self.red == self.black { 4 } else { 2 };
        let (_, layout, to_move) = least_image_of(layout, to_move, images);
        self.index(&layout, to_move)
    }

    /// The place of a position of this material among every placement of it.
    fn index(&self, layout: &Layout, to_move: Player) -> usize {
        let red = rank_in(layout, Player::One, self.red);
        let black = rank_in(layout, Player::Two, self.black);
        (red * self.black_sets.len() + black) * 2 + to_move.index()
    }

    /// The placement at `index` and its side to move, if no two stones share a square.
    fn placement(&self, index: usize) -> Option<(Layout, Player)> {
        let to_move = if index.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        };
        let sets = index / 2;
        let red = &self.red_sets[sets / self.black_sets.len()][..self.red];
        let black = &self.black_sets[sets % self.black_sets.len()][..self.black];
        let (red, red_locked) = stones_in(Player::One, red)?;
        let (black, black_locked) = stones_in(Player::Two, black)?;
        if red & black != 0 {
            return None;
        }
        let layout = Layout {
            stones: [red, black],
            locked: red_locked | black_locked,
        };
        Some((layout, to_move))
    }

    /// The position at `index`, if the rules allow it.
    fn position(&self, index: usize) -> Option<Crossings> {
        let (layout, to_move) = self.placement(index)?;
        let position = Crossings::with_stones(layout.stones, layout.locked, to_move);
        check_rules(&position).is_ok().then_some(position)
    }

    /// The position at `index` if allowed and the image kept ([`Table::slot`], asked first:
    /// it is cheaper).
    fn kept(&self, index: usize) -> Option<Crossings> {
        let (layout, to_move) = self.placement(index)?;
        if self.slot(&layout, to_move) != index {
            return None;
        }
        self.position(index)
    }

    /// Computes the table of `red` and `black` stones once those of less material are built;
    /// `None` if a distance exceeds [`MAX_DISTANCE`].
    fn build(red: usize, black: usize, abandon: &Abandon<'_>) -> Result<Option<Self>, Abandoned> {
        if abandon() {
            return Err(Abandoned);
        }
        let mut table = Table::empty(red, black);
        let first = table.in_two(table.values.len(), |indices| {
            table.first_sweep(indices, abandon)
        })?;
        for (index, value) in first.decided {
            table.values[index as usize] = store(value);
        }
        let mut open = first.open;
        for distance in 1.. {
            let sweep = table.in_two(open.len(), |part| {
                table.sweep(&open[part], distance, abandon)
            })?;
            if sweep.decided.is_empty() && !sweep.later {
                break;
            }
            if distance > MAX_DISTANCE {
                return Ok(None);
            }
            for (index, value) in sweep.decided {
                table.values[index as usize] = store(value);
            }
            open = sweep.open;
        }
        Ok(Some(table))
    }

    /// The sweep before the first: decides the games over, leaves those in play open.
    fn first_sweep(
        &self,
        indices: Range<usize>,
        abandon: &Abandon<'_>,
    ) -> Result<Sweep, Abandoned> {
        let mut sweep = Sweep::default();
        for (done, index) in indices.enumerate() {
            // Asked after a batch: the build asked before it began.
            if done % ABANDON_CHECKS == ABANDON_CHECKS - 1 && abandon() {
                return Err(Abandoned);
            }
            let Some(position) = self.kept(index) else {
                continue;
            };
            match position.status() {
                Status::InPlay => sweep.open.push(index as u32),
                Status::Draw => {}
                Status::Won(winner) => {
                    let value = if winner == position.side_to_move() {
                        KnownValue::Win(0)
                    } else {
                        KnownValue::Loss(0)
                    };
                    sweep.decided.push((index as u32, value));
                }
            }
        }
        Ok(sweep)
    }

    /// `work` over `0..len`, the second half on a second thread if one can be had; the open
    /// positions stay in order.
    fn in_two(
        &self,
        len: usize,
        work: impl Fn(Range<usize>) -> Result<Sweep, Abandoned> + Sync,
    ) -> Result<Sweep, Abandoned> {
        let (first, second) = (0..len / 2, len / 2..len);
        let work = &work;
        std::thread::scope(|scope| {
            let part = second.clone();
            let helper = std::thread::Builder::new()
                .name("endgame table".into())
                .spawn_scoped(scope, move || work(part));
            let mut sweep = work(first)?;
            let rest = match helper {
                Ok(helper) => helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?,
                Err(_) => work(second)?,
            };
            sweep.open.extend(rest.open);
            sweep.decided.extend(rest.decided);
            sweep.later |= rest.later;
            Ok(sweep)
        })
    }

    /// The sweep of `distance` over the `open` positions (see the module).
    fn sweep(
        &self,
        open: &[u32],
        distance: u32,
        abandon: &Abandon<'_>,
    ) -> Result<Sweep, Abandoned> {
        let mut sweep = Sweep::default();
        let mut moves = MoveList::new();
        for (done, &index) in open.iter().enumerate() {
            if done % ABANDON_CHECKS == 0 && abandon() {
                return Err(Abandoned);
            }
            let position = self.position(index as usize).expect("an open position");
            match self.judge(&position, distance, &mut moves) {
                Judgement::Decided(value) => sweep.decided.push((index, value)),
                Judgement::Later => {
                    sweep.later = true;
                    sweep.open.push(index);
                }
                Judgement::Open => sweep.open.push(index),
            }
        }
        Ok(sweep)
    }

    /// What the sweep of `distance` makes of the open `position` (see the module).
    fn judge(&self, position: &Crossings, distance: u32, moves: &mut MoveList<Move>) -> Judgement {
        moves.clear();
        position.generate_moves(moves);
        let mut quickest_win = None::<u32>;
        let mut longest_loss = 0;
        let mut every_move_loses = true;
        let next = position.side_to_move().opponent();
        for &mv in moves.iter() {
            let after = if mv.is_pass() {
                position.layout()
            } else {
                position.layout_after(mv).0
            };
            match self.value_of(&after, next) {
                KnownValue::Loss(plies) => {
                    quickest_win = Some(quickest_win.map_or(plies + 1, |w| w.min(plies + 1)));
                }
                KnownValue::Win(plies) => longest_loss = longest_loss.max(plies + 1),
                KnownValue::Draw => every_move_loses = false,
            }
        }
        let (value, plies) = match quickest_win {
            Some(plies) => (KnownValue::Win(plies), plies),
            None if every_move_loses => (KnownValue::Loss(longest_loss), longest_loss),
            None => return Judgement::Open,
        };
        if plies <= distance {
            Judgement::Decided(value)
        } else {
            Judgement::Later
        }
    }

    /// The value found so far: from this table if of its material, else from the finished
    /// table of less material.
    fn value_of(&self, layout: &Layout, to_move: Player) -> KnownValue {
        let (layout, to_move) = in_table_order(layout, to_move);
        let (red, black) = material(&layout);
        if (red, black) == (self.red, self.black) {
            load(self.values[self.slot(&layout, to_move)])
        } else {
            lookup_in_order(&layout, to_move, red, black)
                .expect("the tables of less material are built first")
        }
    }
}

/// Red's stones and Black's, locked ones included.
fn material(layout: &Layout) -> (usize, usize) {
    let count = |player: Player| layout.stones[player.index()].count_ones() as usize;
    (count(Player::One), count(Player::Two))
}

/// The tables by Red's and Black's stones (Red's ≥ Black's); `None` if distances too long.
static TABLES: [[OnceLock<Option<Table>>; MAX_STONES + 1]; MAX_STONES + 1] =
    [const { [const { OnceLock::new() }; MAX_STONES + 1] }; MAX_STONES + 1];

/// The materials (Red, Black), each after those its captures lead to.
const MATERIALS: [(usize, usize); 6] = [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)];

/// Told to give up: the build of the tables was abandoned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abandoned;

/// Asked now and then while the tables are built: true to give up.
pub type Abandon<'a> = dyn Fn() -> bool + Sync + 'a;

/// Positions swept between two questions to [`Abandon`].
const ABANDON_CHECKS: usize = 1 << 14;

/// Held by the thread that builds the tables; another that needs them waits.
static BUILDER: Mutex<()> = Mutex::new(());

/// How long a thread waiting for the tables sleeps between two questions to its [`Abandon`].
const WAIT: Duration = Duration::from_millis(1);

/// Builds every table not yet built, until `abandon` says to give up (finished ones stay).
/// Waits while another thread builds, then builds what it left.
pub fn build_tables(abandon: &Abandon<'_>) -> Result<(), Abandoned> {
    // The builder sets the tables in the order of `MATERIALS`: the last one set, all are.
    let (red, black) = MATERIALS[MATERIALS.len() - 1];
    if TABLES[red][black].get().is_some() {
        return Ok(());
    }
    let _builder = loop {
        match BUILDER.try_lock() {
            Ok(builder) => break builder,
            // A builder that panicked left only finished tables behind.
            Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
            Err(TryLockError::WouldBlock) if abandon() => return Err(Abandoned),
            Err(TryLockError::WouldBlock) => std::thread::sleep(WAIT),
        }
    };
    for (red, black) in MATERIALS {
        let cell = &TABLES[red][black];
        if cell.get().is_none() {
            let less_complete = MATERIALS
                .iter()
                .take_while(|&&material| material != (red, black))
                .all(|&(r, b)| TABLES[r][b].get().is_some_and(Option::is_some));
            let table = if less_complete {
                Table::build(red, black, abandon)?
            } else {
                None
            };
            // Only the builder sets a table.
            let _ = cell.set(table);
        }
    }
    Ok(())
}

/// The exact value of `position` (no history) for the side to move, if in a built table.
pub fn known_value(position: &Crossings) -> Option<KnownValue> {
    lookup(&position.layout(), position.side_to_move())
}

/// [`known_value`] of a layout and side to move.
fn lookup(layout: &Layout, to_move: Player) -> Option<KnownValue> {
    let (layout, to_move) = in_table_order(layout, to_move);
    let (red, black) = material(&layout);
    lookup_in_order(&layout, to_move, red, black)
}

/// [`lookup`] of a position already [`in_table_order`].
fn lookup_in_order(
    layout: &Layout,
    to_move: Player,
    red: usize,
    black: usize,
) -> Option<KnownValue> {
    if red > MAX_STONES {
        return None;
    }
    let table = TABLES[red][black].get()?.as_ref()?;
    Some(load(table.values[table.slot(layout, to_move)]))
}

/// The position or its upside-down image (same value), whichever gives Red at least as many
/// stones as Black: the tables keep only those.
fn in_table_order(layout: &Layout, to_move: Player) -> (Layout, Player) {
    let (red, black) = material(layout);
    if red < black {
        image_of(layout, to_move, UPSIDE_DOWN)
    } else {
        (*layout, to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The finished table of `red` and `black` stones.
    fn table(red: usize, black: usize) -> Option<&'static Table> {
        build_tables(&|| false).expect("never abandoned");
        TABLES[red][black].get()?.as_ref()
    }

    /// The positions `table` keeps, each once (one image of each), every `step`-th of them.
    fn kept_positions(table: &Table, step: usize) -> impl Iterator<Item = Crossings> + '_ {
        (0..table.values.len())
            .step_by(step)
            .filter_map(|index| table.kept(index))
    }

    /// The value of `position` by one ply of minimax over the tables' values of the
    /// positions its moves lead to, each made by the rules' own `play`.
    fn value_from_moves(position: &Crossings) -> KnownValue {
        match position.status() {
            Status::Won(winner) if winner == position.side_to_move() => return KnownValue::Win(0),
            Status::Won(_) => return KnownValue::Loss(0),
            Status::Draw => return KnownValue::Draw,
            Status::InPlay => {}
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let values = moves.iter().map(|&mv| {
            let mut after = position.clone();
            after.play(mv);
            known_value(&after).expect("in a table")
        });
        let values: Vec<KnownValue> = values.collect();
        let quickest_win = values
            .iter()
            .filter_map(|v| match v {
                KnownValue::Loss(plies) => Some(plies + 1),
                _ => None,
            })
            .min();
        let longest_loss = values
            .iter()
            .map(|v| match v {
                KnownValue::Win(plies) => Some(plies + 1),
                _ => None,
            })
            .collect::<Option<Vec<u32>>>()
            .and_then(|wins| wins.into_iter().max());
        match (quickest_win, longest_loss) {
            (Some(plies), _) => KnownValue::Win(plies),
            (None, Some(plies)) => KnownValue::Loss(plies),
            (None, None) => KnownValue::Draw,
        }
    }

    /// Checks every `step`-th position of the material of `red` and `black` stones; returns
    /// how many positions were checked and how many of them are won or lost.
    fn check_material(red: usize, black: usize, step: usize) -> (usize, usize) {
        let table = table(red, black).expect("distances a table keeps");
        let (mut checked, mut decided) = (0, 0);
        for position in kept_positions(table, step) {
            let kept = known_value(&position).expect("in a table");
            assert_eq!(kept, value_from_moves(&position), "{}", position.fen());
            checked += 1;
            decided += usize::from(kept != KnownValue::Draw);
        }
        (checked, decided)
    }

    // Where every value is the best of its moves' values, the wins and losses are right
    // (their distances fall by one along the best moves down to a finished game) and so are
    // the draws (a position drawn by the table that could be won would have a move to a
    // loss, by induction on the distance): the check proves the table.
    #[test]
    fn each_value_is_the_best_of_its_moves_values_with_up_to_one_stone_against_two() {
        for (red, black) in [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1)] {
            let (checked, decided) = check_material(red, black, 1);
            assert!(checked > 0, "{red} against {black}");
            if red > 0 {
                assert!(decided > 0, "{red} against {black}: some won or lost");
            }
        }
    }

    #[test]
    fn each_value_is_the_best_of_its_moves_values_with_two_stones_a_side() {
        let (checked, decided) = check_material(2, 2, 97);
        assert!(checked > 10_000 && decided > 1_000, "{checked} {decided}");
    }

    #[test]
    fn a_build_told_to_give_up_gives_up_at_once() {
        let asked = std::sync::atomic::AtomicU32::new(0);
        let give_up_at_once = || {
            asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            true
        };
        assert_eq!(Table::build(2, 2, &give_up_at_once).err(), Some(Abandoned));
        assert_eq!(asked.into_inner(), 1);
    }

    #[test]
    fn a_position_and_its_images_share_a_value() {
        for fen in [
            "8/2b5/8/8/8/8/3rr3/8 b",
            "8/2b5/8/8/8/8/3rr3/8 r",
            "3R4/8/8/1b6/8/8/8/B7 b",
            "8/8/8/2bb4/8/8/3rr3/8 r",
        ] {
            let position = Crossings::from_fen(fen).expect("a legal position");
            build_tables(&|| false).expect("never abandoned");
            let value = known_value(&position);
            assert!(value.is_some(), "{fen}");
            for image in 1..4 {
                let (layout, to_move) = image_of(&position.layout(), position.to_move, image);
                let turned = Crossings::with_stones(layout.stones, layout.locked, to_move);
                assert_eq!(known_value(&turned), value, "{fen}, image {image}");
            }
        }
    }

    #[test]
    fn a_side_with_more_than_two_stones_is_not_in_the_tables() {
        build_tables(&|| false).expect("never abandoned");
        for fen in ["8/8/8/4b3/8/8/3rrr2/8 b", "8/bbb5/8/8/8/8/8/7r r"] {
            let position = Crossings::from_fen(fen).expect("a legal position");
            assert_eq!(known_value(&position), None, "{fen}");
        }
    }

    #[test]
    fn the_tables_agree_with_the_lines_the_rules_force() {
        build_tables(&|| false).expect("never abandoned");
        for (fen, value) in [
            // Red crosses on g8 and Black cannot answer from a3.
            ("8/6r1/8/8/8/b7/8/8 r", KnownValue::Win(1)),
            // Black's answer to a crossing locks its only stone; Red crosses again and wins.
            ("8/rr6/8/8/8/8/5b2/8 r", KnownValue::Win(3)),
            // Both one step from crossing: every crossing is answered, then nothing moves.
            ("8/6r1/8/8/8/8/b7/8 r", KnownValue::Draw),
            // A crossing nobody answered: over.
            ("6r1/8/8/8/b7/8/8/8 b", KnownValue::Loss(0)),
        ] {
            let position = Crossings::from_fen(fen).expect("a legal position");
            assert_eq!(known_value(&position), Some(value), "{fen}");
        }
    }

    // The values of the tables are pinned: a faster build, or one organised otherwise,
    // must find every value the rules gave before (the checks above prove the rules on
    // every table but the largest, sampled).
    #[test]
    fn every_table_keeps_the_values_it_was_built_with() {
        build_tables(&|| false).expect("never abandoned");
        let checksums = MATERIALS.map(|(red, black)| {
            let table = TABLES[red][black].get().and_then(Option::as_ref);
            let values = table.expect("distances a table keeps").values.iter();
            // FNV-1a over the stored values, in index order.
            let checksum = values.fold(0xcbf2_9ce4_8422_2325_u64, |hash, &value| {
                (hash ^ u64::from(value)).wrapping_mul(0x0100_0000_01b3)
            });
            (red, black, checksum)
        });
        assert_eq!(
            checksums,
            [
                (0, 0, 0x0832_8807_b4eb_6fed),
                (1, 0, 0x0fa4_f91d_2fd6_be25),
                (1, 1, 0x5b83_46b0_69bc_732d),
                (2, 0, 0xd131_86a9_8d4d_a275),
                (2, 1, 0x1b8f_fd47_9fc3_3ba3),
                (2, 2, 0x89b1_fb7e_afb2_46f3),
            ]
        );
    }

    /// The report behind the endgame table in docs/results.md: for each material, the
    /// positions the table keeps (each once up to its images) won, lost and drawn for the
    /// side to move, and a longest win.
    /// `cargo test --release --lib endgame_statistics -- --ignored --nocapture`.
    #[test]
    #[ignore = "a report for docs/results.md"]
    fn endgame_statistics() {
        for (red, black) in [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2)] {
            let table = table(red, black).expect("distances a table keeps");
            let (mut wins, mut losses, mut draws) = (0, 0, 0);
            let mut longest: Option<(u32, Crossings)> = None;
            for position in kept_positions(table, 1) {
                match known_value(&position).expect("in a table") {
                    KnownValue::Win(plies) => {
                        wins += 1;
                        if longest.as_ref().is_none_or(|(most, _)| plies > *most) {
                            longest = Some((plies, position));
                        }
                    }
                    KnownValue::Loss(_) => losses += 1,
                    KnownValue::Draw => draws += 1,
                }
            }
            let longest = longest.map(|(plies, position)| {
                assert_eq!(value_from_moves(&position), KnownValue::Win(plies));
                format!("win in {plies}: {}", position.fen())
            });
            println!(
                "{red} against {black}: {} positions, {wins} won, {losses} lost, {draws} drawn; \
                 longest {}",
                wins + losses + draws,
                longest.unwrap_or_default()
            );
        }
    }
}
