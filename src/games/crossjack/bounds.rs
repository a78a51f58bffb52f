//! Proven bounds: a zone-row filling no attack can outrun. The defender ticks its zone row
//! one square a move, inward from its marks, and the attacker cannot tick a goal square
//! without winning; if every square is filled before the attacker's flood could reach it,
//! the attacker cannot win (docs/rules.md: boards no wider than tall are draws). Earliest
//! deadline first decides it; a failed gap split may leave a hold unproven, never the reverse.

use super::access::goal_reached;
use super::eval::next_ticks;
use super::geometry::MAX_SIDE;
use super::position::CrossJack;
use crate::games::bitboard::Bitboard;
use crate::games::hints::OutcomeBounds;
use crate::games::player::Player;
use crate::games::rules::Game;

/// Files of a row at most (the widest board).
const MAX_FILES: usize = MAX_SIDE;
/// The deadline of a file the attacker cannot reach in time to matter.
const NEVER: i32 = i32::MAX / 2;

/// The outcomes open to the side to move of `position` (in play) by the filling argument.
pub fn outcome_bounds(position: &CrossJack) -> OutcomeBounds {
    let side = position.side_to_move();
    OutcomeBounds {
        can_win: !filling_holds(position, side),
        can_lose: !filling_holds(position, side.opponent()),
    }
}

/// Whether `attacker`'s opponent fills its zone row before `attacker` could tick any of it.
fn filling_holds(position: &CrossJack, attacker: Player) -> bool {
    let geometry = position.geometry;
    let defender = attacker.opponent();
    let empty = position.empty();
    let goal = geometry.goal_row(attacker) & empty;
    // The defender's ticks before the attacker's n-th: n - 1 when the attacker moves first.
    let first_mover = u32::from(position.side_to_move() == attacker);
    let fill = goal.count_ones();
    let mut deadlines = [NEVER; MAX_FILES];
    let (mut earliest, mut threatened, mut outrun) = (None, 0, false);
    goal_reached(
        geometry,
        next_ticks(position, attacker),
        empty,
        goal,
        fill + first_mover,
        |step, squares| {
            let deadline = step - first_mover;
            earliest.get_or_insert(deadline);
            let files = geometry.zone_files(defender, squares);
            threatened += files.count_ones();
            // More files due by then than ticks: no order of ticks can do it.
            outrun |= threatened > deadline;
            for file in Bitboard(files) {
                deadlines[usize::from(file)] = deadline as i32;
            }
        },
    );
    if earliest.is_none_or(|deadline| deadline >= fill) {
        // The whole row is filled before the attacker arrives anywhere.
        return true;
    }
    if position.in_setup(defender) || outrun {
        return false;
    }
    let marks = geometry.zone_files(defender, position.marks_of(defender));
    keeps_up(geometry.width() as u32, marks, &deadlines)
}

/// Whether a defender with row marks on `marks` (at least one) fills every empty file `f`
/// within `deadlines[f]` ticks.
fn keeps_up(width: u32, marks: u32, deadlines: &[i32; MAX_FILES]) -> bool {
    let mut jobs = [NEVER; MAX_FILES];
    let mut count = 0;
    let mut gap = [NEVER; MAX_FILES];
    let mut gap_len = 0;
    let start = marks.trailing_zeros();
    // From the file after a mark round to that mark: every gap ends at a mark.
    for step in 1..=width {
        let file = (start + step) % width;
        if marks & 1 << file == 0 {
            gap[gap_len] = deadlines[file as usize];
            gap_len += 1;
        } else if gap_len > 0 {
            best_split(&gap[..gap_len], &mut jobs[count..count + gap_len]);
            count += gap_len;
            gap_len = 0;
        }
    }
    least_room(&mut jobs[..count]) >= 0
}

/// The ticks to spare filling brought-forward `deadlines` earliest first (sorts them).
fn least_room(deadlines: &mut [i32]) -> i32 {
    deadlines.sort_unstable();
    (1..)
        .zip(deadlines.iter())
        .map(|(tick, &deadline)| deadline - tick)
        .min()
        .unwrap_or(NEVER)
}

/// Writes to `out` the brought-forward deadlines of `gap` (empty files between two marks),
/// split where the gap alone has the most room.
fn best_split(gap: &[i32], out: &mut [i32]) {
    let mut best = i32::MIN;
    let mut chains = [NEVER; MAX_FILES];
    for split in 0..=gap.len() {
        let chains = &mut chains[..gap.len()];
        bring_forward(gap, split, chains);
        let mut sorted = [NEVER; MAX_FILES];
        sorted[..gap.len()].copy_from_slice(chains);
        let room = least_room(&mut sorted[..gap.len()]);
        if room > best {
            best = room;
            out.copy_from_slice(chains);
        }
    }
}

/// `gap`'s deadlines filled from the left up to `split` and from the right down to it, each
/// brought forward to leave a tick for each later one of its chain.
fn bring_forward(gap: &[i32], split: usize, out: &mut [i32]) {
    let mut later = NEVER;
    for file in (0..split).rev() {
        later = gap[file].min(later - 1);
        out[file] = later;
    }
    let mut later = NEVER;
    for file in split..gap.len() {
        later = gap[file].min(later - 1);
        out[file] = later;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::hash::BuildHasherDefault;

    use super::*;
    use crate::games::moves::MoveList;
    use crate::games::size::BoardSize;
    use crate::games::status::Status;

    /// A hasher for keys that are already Zobrist hashes: the key itself.
    #[derive(Default)]
    struct ZobristKey(u64);

    impl std::hash::Hasher for ZobristKey {
        fn finish(&self) -> u64 {
            self.0
        }

        fn write(&mut self, _: &[u8]) {
            unreachable!("only u64 keys")
        }

        fn write_u64(&mut self, key: u64) {
            self.0 = key;
        }
    }

    /// The walk over every position reachable from a start: the exact values found so far,
    /// by hash, and how many positions the bounds closed (neither side can win, one side
    /// can win).
    #[derive(Default)]
    struct Walk {
        values: HashMap<u64, i8, BuildHasherDefault<ZobristKey>>,
        drawn: usize,
        one_sided: usize,
    }

    /// Exact value for the side to move of `position` (1 win, 0 draw, -1 loss), by plain
    /// memoised minimax over the rules alone; checks the bounds of every position in play
    /// that it reaches, once each, against its exact value.
    fn value(position: &CrossJack, walk: &mut Walk) -> i8 {
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
        if let Some(&known) = walk.values.get(&position.hash()) {
            return known;
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut exact = -1;
        for &mv in moves.iter() {
            let mut after = position.clone();
            after.play(mv);
            exact = exact.max(-value(&after, walk));
        }
        walk.values.insert(position.hash(), exact);
        let bounds = outcome_bounds(position);
        assert!(
            bounds.can_win || exact <= 0,
            "{}: won, yet no win was open",
            position.fen()
        );
        assert!(
            bounds.can_lose || exact >= 0,
            "{}: lost, yet no loss was open",
            position.fen()
        );
        match (bounds.can_win, bounds.can_lose) {
            (false, false) => walk.drawn += 1,
            (true, true) => {}
            _ => walk.one_sided += 1,
        }
        exact
    }

    /// Checks the bounds of every position in play reachable from the start of `size`
    /// against its exact value; how many positions the bounds closed (neither side can win,
    /// one side can win).
    fn check_every_position(size: BoardSize) -> (usize, usize) {
        let start = CrossJack::start(size).expect("a board the game plays");
        let mut walk = Walk::default();
        value(&start, &mut walk);
        (walk.drawn, walk.one_sided)
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

    /// Whether some order of ticks, each next to a mark or a file ticked before (round the
    /// wrap), fills every empty file of `width` with a deadline within it: every order tried.
    fn some_order_keeps_up(width: u32, marks: u32, deadlines: &[i32; MAX_FILES]) -> bool {
        let row = (1u32 << width) - 1;
        let needed = (0..width)
            .filter(|&f| marks & 1 << f == 0 && deadlines[f as usize] < NEVER)
            .fold(0, |set, f| set | 1 << f);
        let mut failed = std::collections::HashSet::new();
        fn fill(
            held: u32,
            ticks: i32,
            context: (u32, u32, u32, &[i32; MAX_FILES]),
            failed: &mut std::collections::HashSet<u32>,
        ) -> bool {
            let (width, row, needed, deadlines) = context;
            if needed & !held == 0 {
                return true;
            }
            if failed.contains(&held) {
                return false;
            }
            let beside = (held << 1 | held >> 1 | held << (width - 1) | held >> (width - 1)) & row;
            let ok = (0..width)
                .filter(|&f| beside & !held & 1 << f != 0)
                .any(|f| {
                    ticks < deadlines[f as usize] && fill(held | 1 << f, ticks + 1, context, failed)
                });
            if !ok {
                failed.insert(held);
            }
            ok
        }
        fill(marks, 0, (width, row, needed, deadlines), &mut failed)
    }

    #[test]
    fn a_filling_proven_to_keep_up_has_an_order_of_ticks_that_does() {
        let mut state = 7;
        let mut below = |n: u32| {
            let (next, random) = crate::games::zobrist::splitmix64(state);
            state = next;
            (random % u64::from(n)) as u32
        };
        let (mut proven, mut possible) = (0, 0);
        for _ in 0..20_000 {
            let width = 3 + below(8);
            let marks = (below(1 << width) & below(1 << width)) | 1 << below(width);
            let mut deadlines = [NEVER; MAX_FILES];
            for deadline in deadlines.iter_mut().take(width as usize) {
                if below(5) > 0 {
                    *deadline = below(width + 2) as i32;
                }
            }
            let exists = some_order_keeps_up(width, marks, &deadlines);
            if keeps_up(width, marks, &deadlines) {
                assert!(exists, "{width} files, marks {marks:b}, {deadlines:?}");
                proven += 1;
            }
            possible += usize::from(exists);
        }
        // The split of each gap finds nearly every filling that exists.
        assert!(proven * 10 >= possible * 9, "{proven} of {possible}");
    }

    /// The bounds of the position `fen`, as (can win, can lose) for the side to move.
    fn bounds_of(fen: &str) -> (bool, bool) {
        let bounds = outcome_bounds(&CrossJack::from_fen(fen).expect("a valid position"));
        (bounds.can_win, bounds.can_lose)
    }

    #[test]
    fn after_setup_on_a_board_no_wider_than_tall_neither_side_can_win() {
        // Each fills its row (six ticks) before the other arrives (seven).
        assert_eq!(bounds_of("xx6/8/8/8/8/8/8/oo6 x"), (false, false));
    }

    #[test]
    fn a_filling_that_meets_each_deadline_holds_though_the_attacker_arrives_first() {
        // O's b6 reaches c8 and e8 in two ticks, before X could fill its three squares, but
        // d8 only in three: X fills c8, e8, then d8, each in time. X's c7 is six ticks from
        // rank 1, where O fills its three squares first.
        assert_eq!(bounds_of("xx3/2x2/1o3/5/5/5/5/3oo x"), (false, false));
    }

    #[test]
    fn an_attacker_faster_than_the_filling_may_still_win() {
        // O's b7 is one tick from a8, b8 and c8: X fills one, O ticks another. X's e5 needs
        // four ticks to reach rank 1; O fills its three squares in three.
        assert_eq!(bounds_of("3xx/1o3/5/4x/5/5/5/oo3 x"), (false, true));
    }
}
