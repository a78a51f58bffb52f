//! What a Crossings move does on the board: the group travels, the front may capture, and a
//! counter-crossing locks every crossed stone.

use super::geometry::{bit, coord, step_from, target_row};
use super::moves::Move;
use super::position::Crossings;
use crate::games::bitboard::Bitboard;
use crate::games::effects::{Effect, Effects, Flags};
use crate::games::rules::Game;

/// The tail's move first, then the other stones front to back, the capture and the locks.
pub fn effects(position: &Crossings, mv: Move) -> Effects {
    if mv.is_pass() {
        return Effects::pass();
    }
    let mover = position.to_move;
    let answering = position.faces_crossing();
    // The group's stones from the tail (0) to the front, each moving `distance` squares.
    let stone = |i: u32| step_from(mv.tail(), mv.direction(), i);
    let travel = |i: u32| Some((stone(i)?, stone(i + mv.distance())?));
    let mut ops = Vec::new();
    let mut landings = 0u64;
    for i in std::iter::once(0).chain((1..mv.stones()).rev()) {
        // A legal move keeps every stone on the board.
        if let Some((from, to)) = travel(i) {
            ops.push(Effect::Move {
                from: coord(from),
                to: coord(to),
            });
            landings |= bit(to);
        }
    }
    let front = mv.front_landing();
    let capture = position.stones_of(mover.opponent()) & bit(front) != 0;
    if capture {
        ops.push(Effect::Remove {
            square: coord(front),
        });
    }
    if answering {
        ops.extend(locks(position, mv));
    }
    let crosses = landings & target_row(mover) != 0;
    Effects {
        ops,
        flags: Flags {
            capture,
            crossing: crosses && !answering,
            counter_crossing: answering,
            pass: false,
        },
    }
}

/// The stones a counter-crossing locks: every unlocked stone on its own target row.
fn locks(position: &Crossings, mv: Move) -> Vec<Effect> {
    let mut after = position.clone();
    after.play(mv);
    Bitboard(after.locked() & !position.locked())
        .filter_map(|sq| {
            Some(Effect::Set {
                square: coord(sq),
                piece: after.letter_at(sq)?,
            })
        })
        .collect()
}
