//! The symmetries of Crossings: the mirror image, and the board upside down with the roles
//! exchanged; each keeps every rule. Captures free the side to move from the stone counts,
//! so games reach both sides of the second symmetry.

use super::position::{Crossings, Layout};
use crate::games::hints::SymmetricKey;
use crate::games::player::Player;
use crate::games::zobrist;

/// `squares` mirrored left to right (bit `rank * 8 + file`).
fn mirror_files(squares: u64) -> u64 {
    squares.reverse_bits().swap_bytes()
}

/// `squares` upside down.
fn flip_ranks(squares: u64) -> u64 {
    squares.swap_bytes()
}

/// Image `image` of a position: bit 0 mirrors it, bit 1 turns it upside down (roles swapped).
pub(super) fn image_of(layout: &Layout, to_move: Player, image: u8) -> (Layout, Player) {
    let map = |squares: u64| {
        let squares = if image & 1 != 0 {
            mirror_files(squares)
        } else {
            squares
        };
        if image & 2 != 0 {
            flip_ranks(squares)
        } else {
            squares
        }
    };
    let [red, black] = layout.stones.map(map);
    let locked = map(layout.locked);
    if image & 2 != 0 {
        let stones = [black, red];
        (Layout { stones, locked }, to_move.opponent())
    } else {
        let stones = [red, black];
        (Layout { stones, locked }, to_move)
    }
}

/// The least of the first `images` images ([`image_of`]) of a position, and which (the first
/// of equal ones).
pub(super) fn least_image_of(layout: &Layout, to_move: Player, images: u8) -> (u8, Layout, Player) {
    let order = |layout: &Layout, to_move: Player| {
        let [red, black] = layout.stones;
        (red, black, layout.locked, to_move.index())
    };
    let mut least = (0, *layout, to_move);
    let mut least_order = order(layout, to_move);
    for image in 1..images {
        let (layout, to_move) = image_of(layout, to_move, image);
        let image_order = order(&layout, to_move);
        if image_order < least_order {
            least = (image, layout, to_move);
            least_order = image_order;
        }
    }
    least
}

impl Crossings {
    /// The key of the least of the position's four images and which image it is.
    pub(super) fn least_image(&self) -> SymmetricKey {
        let (image, layout, to_move) = least_image_of(&self.layout(), self.to_move, 4);
        SymmetricKey {
            key: zobrist::mix(
                0x4352_4f53 ^ to_move.index() as u64,
                [layout.stones[0], layout.stones[1], layout.locked],
            ),
            image,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hints::SearchHints;
    use crate::games::moves::MoveList;
    use crate::games::rules::Game;

    fn position(fen: &str) -> Crossings {
        Crossings::from_fen(fen).expect("a legal position")
    }

    fn image(position: &Crossings, image: u8) -> Crossings {
        let (layout, to_move) = image_of(&position.layout(), position.to_move, image);
        Crossings::with_stones(layout.stones, layout.locked, to_move)
    }

    /// Every position one move from `position`, as keys, sorted.
    fn next_keys(position: &Crossings) -> Vec<u64> {
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut keys: Vec<u64> = moves
            .iter()
            .map(|&mv| {
                let mut after = position.clone();
                after.play(mv);
                after.symmetric_key().key
            })
            .collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn every_image_has_the_same_moves_outcomes_and_key() {
        for fen in [
            "3R4/1b2b3/3bb3/8/2r5/2r5/8/8 r",
            "3R4/1b2b3/3bb3/8/2r5/2r5/8/8 b",
            "bb6/8/8/8/8/8/8/5rrr r",
        ] {
            let start = position(fen);
            for n in 1..4 {
                let turned = image(&start, n);
                assert_eq!(turned.symmetric_key().key, start.symmetric_key().key);
                assert_eq!(turned.status(), start.status());
                assert_eq!(next_keys(&turned), next_keys(&start), "image {n} of {fen}");
            }
        }
    }

    #[test]
    fn positions_no_symmetry_relates_have_different_keys() {
        let a = position("3R4/1b2b3/3bb3/8/2r5/2r5/8/8 r");
        let b = position("3R4/1b2b3/3bb3/8/2r5/2r5/8/8 b");
        let c = position("3R4/1b2b3/3bb3/8/2r5/3r4/8/8 r");
        assert_ne!(a.symmetric_key().key, b.symmetric_key().key);
        assert_ne!(a.symmetric_key().key, c.symmetric_key().key);
    }
}
