//! Search values: the integer scale the searcher works in, with mates encoded by distance so
//! that a shorter win is worth more than a longer one.

use super::info::Score;
use crate::games::{Player, Status};

/// The deepest ply the searcher ever reaches; per-ply buffers are sized by it.
pub const MAX_PLY: usize = 128;

/// The value of winning right now (a win `p` plies away is worth `MATE - p`).
pub const MATE: i32 = 32_000;

/// Beyond every value, the initial window bound.
pub const INFINITY: i32 = MATE + 1;

/// Values at least this large (in magnitude) are forced results, not evaluations.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// A draw.
pub const DRAW: i32 = 0;

/// The value of winning `ply` plies from the search root.
#[inline]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The value of losing `ply` plies from the search root.
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -mate_in(ply)
}

/// True when `value` is a forced win or loss rather than an evaluation.
#[inline]
pub fn is_mate(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

/// A static evaluation squeezed below the mate range, so it is never mistaken for one.
#[inline]
pub fn clamp_eval(eval: i32) -> i32 {
    eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The value of a finished game for `side` (the player to move), `ply` plies from the root.
/// A position that claims to be in play without moves is scored as a draw.
#[inline]
pub fn terminal(status: Status, side: Player, ply: usize) -> i32 {
    match status {
        Status::Won(winner) if winner == side => mate_in(ply),
        Status::Won(_) => mated_in(ply),
        Status::Draw | Status::InPlay => DRAW,
    }
}

/// A value as the table keeps it: mates counted from the stored node, not the root.
#[inline]
pub fn to_table(value: i32, ply: usize) -> i16 {
    let relative = if value >= MATE_BOUND {
        value + ply as i32
    } else if value <= -MATE_BOUND {
        value - ply as i32
    } else {
        value
    };
    relative.clamp(-MATE, MATE) as i16
}

/// The inverse of [`to_table`] for a node `ply` plies from the root.
#[inline]
pub fn from_table(stored: i16, ply: usize) -> i32 {
    let value = i32::from(stored);
    if value >= MATE_BOUND {
        value - ply as i32
    } else if value <= -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

/// The score the protocol prints: mates in moves of the side to move (UCI convention,
/// `(plies + 1) / 2`, negative when the side to move is the one being mated).
pub fn to_score(value: i32) -> Score {
    if value >= MATE_BOUND {
        let plies = MATE - value;
        Score::Mate((plies + 1) / 2)
    } else if value <= -MATE_BOUND {
        let plies = MATE + value;
        Score::Mate(-((plies + 1) / 2))
    } else {
        Score::Centipawns(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_on_the_next_ply_is_mate_in_one() {
        assert_eq!(to_score(mate_in(1)), Score::Mate(1));
        assert_eq!(to_score(mate_in(3)), Score::Mate(2));
        assert_eq!(to_score(mate_in(4)), Score::Mate(2));
    }

    #[test]
    fn being_mated_counts_the_opponents_moves_negatively() {
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(4)), Score::Mate(-2));
    }

    #[test]
    fn shorter_wins_are_worth_more() {
        assert!(mate_in(1) > mate_in(3));
        assert!(mated_in(2) < mated_in(4));
    }

    #[test]
    fn table_values_count_mates_from_the_stored_node() {
        let stored = to_table(mate_in(7), 3);
        assert_eq!(from_table(stored, 3), mate_in(7));
        assert_eq!(from_table(stored, 1), mate_in(5));
        let stored = to_table(mated_in(6), 4);
        assert_eq!(from_table(stored, 2), mated_in(4));
        assert_eq!(from_table(to_table(-250, 9), 2), -250);
    }

    #[test]
    fn evaluations_never_reach_the_mate_range() {
        assert!(!is_mate(clamp_eval(i32::MAX)));
        assert!(!is_mate(clamp_eval(i32::MIN)));
        assert_eq!(clamp_eval(123), 123);
    }

    #[test]
    fn terminal_values_follow_the_winner() {
        assert_eq!(
            terminal(Status::Won(Player::One), Player::One, 2),
            mate_in(2)
        );
        assert_eq!(
            terminal(Status::Won(Player::One), Player::Two, 2),
            mated_in(2)
        );
        assert_eq!(terminal(Status::Draw, Player::Two, 5), DRAW);
    }
}
