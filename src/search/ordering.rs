//! Move ordering: the table's move, this ply's killers, then the game's
//! [`move_priority`](crate::games::SearchHints::move_priority), then the history of the
//! [`move_code`](crate::games::SearchHints::move_code)'s cutoffs, then generation order.

use crate::search::value::MAX_PLY;

/// Killer moves kept per ply.
pub(crate) const KILLERS: usize = 2;

/// History scores stay within ±`HISTORY_LIMIT` ("gravity": old lessons fade).
const HISTORY_LIMIT: i32 = 1 << 14;

/// A cutoff's history bonus: more for deeper ones, capped so one does not drown the rest.
fn history_bonus(depth: i32) -> i32 {
    (depth * depth).min(400)
}

/// The ascending sort key of a move: priority (clamped), history, index, 16 bits each.
fn sort_key(priority: i32, history: i32, index: u16) -> u64 {
    let priority = (priority.clamp(-(1 << 15), (1 << 15) - 1) + (1 << 15)) as u64;
    let history = (history + (1 << 15)) as u64;
    let promise = (priority << 16) | history;
    ((0xFFFF_FFFF - promise) << 16) | u64::from(index)
}

/// The upper 32 bits of [`sort_key`] for priority and history 0: if all share it, no sort.
const NEUTRAL_KEY: u64 = 0xFFFF_FFFF - ((1 << 31) | (1 << 15));

/// History scores by side to move and move code, for games that give their moves codes.
#[derive(Debug, Default)]
struct History {
    /// `scores[side * codes + code]`; empty until the first update.
    scores: Vec<i32>,
    codes: usize,
}

impl History {
    fn score(&self, side: usize, code: usize) -> i32 {
        self.scores
            .get(side * self.codes + code)
            .copied()
            .unwrap_or(0)
    }

    /// Moves the score of (`side`, `code`) by `delta`, less as it nears the limit.
    fn nudge(&mut self, side: usize, code: usize, delta: i32) {
        if let Some(score) = self.scores.get_mut(side * self.codes + code) {
            *score += delta - *score * delta.abs() / HISTORY_LIMIT;
        }
    }

    /// Makes room for `codes` codes per side.
    fn fit(&mut self, codes: usize) {
        if self.codes != codes {
            self.codes = codes;
            self.scores.clear();
            self.scores.resize(2 * codes, 0);
        }
    }

    fn clear(&mut self) {
        self.scores.fill(0);
    }
}

/// What the search has learnt about good moves: per ply (killers) and anywhere (history).
#[derive(Debug)]
pub(crate) struct MoveOrdering<M> {
    killers: Vec<[Option<M>; KILLERS]>,
    history: History,
}

impl<M: Copy + Eq> MoveOrdering<M> {
    /// Nothing learnt yet.
    pub(crate) fn new() -> Self {
        MoveOrdering {
            killers: vec![[None; KILLERS]; MAX_PLY + 1],
            history: History::default(),
        }
    }

    /// Forgets every killer and the history, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; KILLERS]);
        self.history.clear();
    }

    /// Fills `order` with indices into `moves`, most promising first: `hinted` (if in range),
    /// then by `rank`'s priority, then the history of its code for `side`.
    #[cfg(test)]
    pub(crate) fn order(
        &mut self,
        moves: &[M],
        ply: usize,
        hinted: Option<u16>,
        order: &mut Vec<u16>,
        side: usize,
        rank: impl Fn(M) -> (i32, usize),
    ) {
        let mut keys = Vec::new();
        self.order_lazily(moves, ply, hinted, order, &mut keys, side, rank);
        settle_all(order, &mut keys);
    }

    /// Orders `moves` as `order` (a test helper) does, but settled only as far as the search
    /// gets: the leaders (the table's move, the killers) head `order`, and the other moves follow with
    /// their sort keys in `keys` (empty when generation order stands), for
    /// [`bring_forward`] to pick from as each is tried. Most nodes cut off after a move or
    /// two, so sorting them all would be wasted.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn order_lazily(
        &mut self,
        moves: &[M],
        ply: usize,
        hinted: Option<u16>,
        order: &mut Vec<u16>,
        keys: &mut Vec<u64>,
        side: usize,
        rank: impl Fn(M) -> (i32, usize),
    ) {
        // Indices are u16 like the table's; generation never yields that many moves.
        let count = moves.len().min(usize::from(u16::MAX)) as u16;
        let mut leaders = [0u16; 1 + KILLERS];
        let mut leading = 0;
        if let Some(index) = hinted.filter(|&i| i < count) {
            leaders[leading] = index;
            leading += 1;
        }
        for killer in self.killers.get(ply).into_iter().flatten().flatten() {
            let found = moves[..usize::from(count)].iter().position(|m| m == killer);
            if let Some(index) = found.map(|i| i as u16) {
                if !leaders[..leading].contains(&index) {
                    leaders[leading] = index;
                    leading += 1;
                }
            }
        }
        order.clear();
        order.extend_from_slice(&leaders[..leading]);
        order.extend((0..count).filter(|i| !leaders[..leading].contains(i)));
        keys.clear();
        let history = &self.history;
        keys.extend(order[leading..].iter().map(|&index| {
            let (priority, code) = rank(moves[usize::from(index)]);
            sort_key(priority, history.score(side, code), index)
        }));
        if keys.iter().all(|&key| key >> 16 == NEUTRAL_KEY) {
            keys.clear();
        }
    }

    /// The killer moves of `ply`, newest first (never twice the same): the leaders that
    /// [`MoveOrdering::order_lazily`] puts first after the table's move, those of them that
    /// are legal.
    pub(crate) fn killers(&self, ply: usize) -> [Option<M>; KILLERS] {
        self.killers.get(ply).copied().unwrap_or([None; KILLERS])
    }

    /// `mv` refuted the opponent's move at `ply`: try it early in the siblings' nodes.
    pub(crate) fn record_cutoff(&mut self, ply: usize, mv: M) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
    }

    /// The move of code `good` refuted the opponent's move `depth` plies from the horizon
    /// after the moves of codes `tried` had failed to: `side`'s history credits the one and
    /// debits the others. `codes` is the game's number of codes (none: no history).
    pub(crate) fn record_history(
        &mut self,
        side: usize,
        codes: usize,
        depth: i32,
        good: usize,
        tried: impl Iterator<Item = usize>,
    ) {
        if codes == 0 {
            return;
        }
        self.history.fit(codes);
        let bonus = history_bonus(depth);
        self.history.nudge(side, good, bonus);
        for code in tried {
            self.history.nudge(side, code, -bonus);
        }
    }
}

/// One ply's move buffers: the moves in generation order and the order to try them in, as
/// [`MoveOrdering::order_lazily`] lays it out (alpha-beta's and the exact solver's).
#[derive(Debug)]
pub(crate) struct PlyBuffers<M> {
    pub(crate) moves: Vec<M>,
    pub(crate) order: Vec<u16>,
    /// The sort keys of the moves of `order` not yet put in place (see
    /// [`bring_forward`]).
    pub(crate) keys: Vec<u64>,
}

// By hand: the derive would ask for `M: Default`, which moves need not be.
impl<M> Default for PlyBuffers<M> {
    fn default() -> Self {
        PlyBuffers {
            moves: Vec::new(),
            order: Vec::new(),
            keys: Vec::new(),
        }
    }
}

/// Moves picked one by one, cheapest when a node cuts off early; past this many the rest
/// are sorted at once.
const PICKED_ONE_BY_ONE: usize = 6;

/// Puts the move to try `tried`-th (from 0) in place in `order`, as laid out by
/// [`MoveOrdering::order_lazily`] with `keys`: call it for `tried` = 0, 1, 2… in turn.
/// The result is the order a full sort by key gives (keys are distinct: they end in the
/// index), so the search's tree does not depend on how far it was settled.
pub(crate) fn bring_forward(order: &mut [u16], keys: &mut [u64], tried: usize) {
    let leading = order.len() - keys.len();
    let Some(at) = tried.checked_sub(leading) else {
        return;
    };
    let (keys, rest) = (&mut keys[at..], &mut order[leading + at..]);
    match at.cmp(&PICKED_ONE_BY_ONE) {
        std::cmp::Ordering::Less => {
            let best = (0..keys.len()).min_by_key(|&i| keys[i]).unwrap_or(0);
            keys.swap(0, best);
            rest.swap(0, best);
        }
        std::cmp::Ordering::Equal => {
            keys.sort_unstable();
            for (slot, key) in rest.iter_mut().zip(keys.iter()) {
                *slot = *key as u16;
            }
        }
        std::cmp::Ordering::Greater => {}
    }
}

/// Puts every move of `order` in place at once (see [`bring_forward`]) and empties `keys`,
/// so that `order` may then be edited freely.
pub(crate) fn settle_all(order: &mut [u16], keys: &mut Vec<u64>) {
    for tried in 0..order.len() {
        bring_forward(order, keys, tried);
    }
    keys.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_the_leaders_higher_priorities_come_first_ties_in_generation_order() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(0, 'd');
        let moves = ['a', 'b', 'c', 'd', 'e'];
        let mut order = Vec::new();
        let priority = |m| if m == 'c' || m == 'e' { 5 } else { 0 };
        ordering.order(&moves, 0, Some(0), &mut order, 0, |m| (priority(m), 0));
        assert_eq!(order, vec![0, 3, 2, 4, 1]);
    }

    #[test]
    fn the_table_move_leads_then_killers_then_generation_order() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(3, 'e');
        ordering.record_cutoff(3, 'b');
        let moves = ['a', 'b', 'c', 'd', 'e'];
        let mut order = Vec::new();
        ordering.order(&moves, 3, Some(2), &mut order, 0, |_| (0, 0));
        assert_eq!(order, vec![2, 1, 4, 0, 3]);
    }

    #[test]
    fn an_out_of_range_table_move_and_absent_killers_are_ignored() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(0, 'z');
        let mut order = Vec::new();
        ordering.order(&['a', 'b', 'c'], 0, Some(7), &mut order, 0, |_| (0, 0));
        assert_eq!(order, vec![0, 1, 2]);
    }

    #[test]
    fn a_killer_that_is_the_table_move_is_tried_once() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(1, 'b');
        let mut order = Vec::new();
        ordering.order(&['a', 'b', 'c'], 1, Some(1), &mut order, 0, |_| (0, 0));
        assert_eq!(order, vec![1, 0, 2]);
    }

    /// The code of a letter move: its place in the alphabet.
    fn code(m: char) -> usize {
        m as usize - 'a' as usize
    }

    #[test]
    fn a_move_that_refuted_elsewhere_leads_its_priority_class() {
        let mut ordering = MoveOrdering::new();
        ordering.record_history(0, 26, 5, code('d'), [code('a')].into_iter());
        let moves = ['a', 'b', 'c', 'd', 'e'];
        let priority = |m| if m == 'e' { 1 } else { 0 };
        let mut order = Vec::new();
        ordering.order(&moves, 0, None, &mut order, 0, |m| (priority(m), code(m)));
        // e by priority, then d (credited), b and c, then a (debited).
        assert_eq!(order, vec![4, 3, 1, 2, 0]);
    }

    #[test]
    fn sort_keys_rank_priority_then_history_then_generation_order() {
        assert!(sort_key(1, -HISTORY_LIMIT, 9) < sort_key(0, HISTORY_LIMIT, 0));
        assert!(sort_key(0, 5, 9) < sort_key(0, 4, 0));
        assert!(sort_key(0, 0, 1) < sort_key(0, 0, 2));
        assert!(sort_key(i32::MAX, 0, 0) < sort_key(1000, 0, 0));
        assert!(sort_key(-1000, 0, 0) < sort_key(i32::MIN, 0, 0));
        assert_eq!(sort_key(0, 0, 7) >> 16, NEUTRAL_KEY);
    }

    #[test]
    fn history_is_kept_per_side_to_move() {
        let mut ordering = MoveOrdering::new();
        ordering.record_history(1, 26, 5, code('c'), std::iter::empty());
        let mut order = Vec::new();
        ordering.order(&['a', 'b', 'c'], 0, None, &mut order, 0, |m| (0, code(m)));
        assert_eq!(order, vec![0, 1, 2]);
        ordering.order(&['a', 'b', 'c'], 0, None, &mut order, 1, |m| (0, code(m)));
        assert_eq!(order, vec![2, 0, 1]);
    }

    #[test]
    fn history_scores_stay_within_their_limit() {
        let mut ordering = MoveOrdering::<char>::new();
        for _ in 0..10_000 {
            ordering.record_history(0, 4, 100, 1, [2].into_iter());
        }
        assert!((1..=HISTORY_LIMIT).contains(&ordering.history.score(0, 1)));
        assert!((-HISTORY_LIMIT..=-1).contains(&ordering.history.score(0, 2)));
    }

    #[test]
    fn a_game_without_move_codes_keeps_no_history() {
        let mut ordering = MoveOrdering::new();
        ordering.record_history(0, 0, 5, 0, std::iter::empty());
        let mut order = Vec::new();
        ordering.order(&['a', 'b'], 0, None, &mut order, 0, |_| (0, 0));
        assert_eq!(order, vec![0, 1]);
        assert!(ordering.history.scores.is_empty());
    }

    #[test]
    fn clearing_forgets_the_history() {
        let mut ordering = MoveOrdering::new();
        ordering.record_history(0, 26, 5, code('b'), std::iter::empty());
        ordering.clear();
        let mut order = Vec::new();
        ordering.order(&['a', 'b'], 0, None, &mut order, 0, |m| (0, code(m)));
        assert_eq!(order, vec![0, 1]);
    }

    #[test]
    fn moves_brought_forward_one_by_one_follow_the_full_sort() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(0, 17u8);
        let moves: Vec<u8> = (0..40).collect();
        let priority = |m: u8| i32::from(m % 7) - i32::from(m % 3);
        let mut order = Vec::new();
        let mut keys = Vec::new();
        ordering.order_lazily(&moves, 0, Some(3), &mut order, &mut keys, 0, |m| {
            (priority(m), 0)
        });
        let mut expected: Vec<u16> = (0..40).filter(|&i| i != 3 && i != 17).collect();
        expected.sort_by_key(|&i| (-priority(i as u8), i));
        expected.splice(0..0, [3, 17]);
        for tried in 0..order.len() {
            bring_forward(&mut order, &mut keys, tried);
            assert_eq!(order[tried], expected[tried], "move {tried}");
        }
        assert_eq!(order, expected);
    }
}
