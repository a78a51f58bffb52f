//! What a placement does on the board: the piece appears and the [`Pull`] moves the pieces
//! it catches.

use super::placement::Placement;
use super::position::{letter, JcShock};
use super::pull::Pull;
use crate::games::bitboard::Bitboard;
use crate::games::coord::Coord;
use crate::games::effects::{Effect, Effects};

/// The placement, then the pulled pieces ray by ray (N, E, S, W), nearest first.
pub fn effects(position: &JcShock, mv: Placement) -> Effects {
    let width = position.width();
    let square = mv.index();
    let at = |index: usize| Coord::from_index(index, width);
    let pull = Pull::<u128>::of(position.occupied(), &position.geometry().rays(square));
    let mut ops = vec![Effect::Place {
        square: at(square),
        piece: letter(position.to_move),
    }];
    // (movers, the step toward the placed piece, whether the nearest has the lowest index)
    let rays = [
        (pull.from_north, -(width as isize), true),
        (pull.from_east, -1, true),
        (pull.from_south, width as isize, false),
        (pull.from_west, 1, false),
    ];
    for (movers, step, nearest_lowest) in rays {
        let mut squares: Vec<usize> = Bitboard(movers).map(usize::from).collect();
        if !nearest_lowest {
            squares.reverse();
        }
        ops.extend(squares.into_iter().map(|from| Effect::Move {
            from: at(from),
            to: at(from.wrapping_add_signed(step)),
        }));
    }
    Effects {
        ops,
        ..Effects::default()
    }
}
