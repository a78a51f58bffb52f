//! The eight symmetries of the square board, which keep every rule of JC Shock (pulls and
//! runs treat rows and columns alike).

use super::geometry::{MAX_WIDTH, MIN_WIDTH};
use super::position::hash_pieces;
use crate::games::bitboard::Bitboard;
use crate::games::hints::SymmetricKey;

/// The number of symmetries of the square, the identity first.
pub(super) const IMAGES: usize = 8;

/// Where symmetry `image` of an N×N board sends the square at (`file`, `rank`).
const fn image_square(image: usize, width: usize, file: usize, rank: usize) -> usize {
    let last = width - 1;
    let (f, r) = match image {
        0 => (file, rank),
        1 => (last - file, rank),
        2 => (file, last - rank),
        3 => (last - file, last - rank),
        4 => (rank, file),
        5 => (last - rank, file),
        6 => (rank, last - file),
        _ => (last - rank, last - file),
    };
    r * width + f
}

const fn all_images() -> [[[u8; MAX_WIDTH * MAX_WIDTH]; IMAGES]; MAX_WIDTH + 1] {
    let mut out = [[[0u8; MAX_WIDTH * MAX_WIDTH]; IMAGES]; MAX_WIDTH + 1];
    let mut width = MIN_WIDTH;
    while width <= MAX_WIDTH {
        let mut image = 0;
        while image < IMAGES {
            let mut square = 0;
            while square < width * width {
                out[width][image][square] =
                    image_square(image, width, square % width, square / width) as u8;
                square += 1;
            }
            image += 1;
        }
        width += 1;
    }
    out
}

/// The square each symmetry sends each square to, by board width.
static SQUARE_IMAGES: [[[u8; MAX_WIDTH * MAX_WIDTH]; IMAGES]; MAX_WIDTH + 1] = all_images();

/// `pieces` as symmetry `image` of an N×N board places them.
pub(super) fn image_of(pieces: u128, width: usize, image: usize) -> u128 {
    let squares = &SQUARE_IMAGES[width][image];
    Bitboard(pieces).fold(0u128, |out, square| {
        out | 1u128 << squares[usize::from(square)]
    })
}

/// The key of the least of the eight images of `pieces`, and which image it is.
pub(super) fn symmetric_key(pieces: [u128; 2], width: usize, size_key: u64) -> SymmetricKey {
    let mut least = (pieces, 0);
    for image in 1..IMAGES {
        let turned = [
            image_of(pieces[0], width, image),
            image_of(pieces[1], width, image),
        ];
        if turned < least.0 {
            least = (turned, image);
        }
    }
    SymmetricKey {
        key: hash_pieces(&least.0, size_key),
        image: least.1 as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::super::placement::Placement;
    use super::super::position::JcShock;
    use super::*;
    use crate::games::hints::SearchHints;
    use crate::games::moves::MoveList;
    use crate::games::player::Player;
    use crate::games::rules::Game;

    /// Image `image` of `position`.
    fn image(position: &JcShock, image: usize) -> JcShock {
        let width = position.width();
        let pieces = position.pieces.map(|p| image_of(p, width, image));
        JcShock::from_parts(width, pieces, position.side_to_move())
    }

    /// A position of a game of `plies` placements on an N×N board, the moves picked by a
    /// fixed sequence.
    fn played(width: usize, plies: usize, seed: u64) -> JcShock {
        let mut position = JcShock::from_parts(width, [0, 0], Player::One);
        let mut moves = MoveList::new();
        for ply in 0..plies as u64 {
            moves.clear();
            position.generate_moves(&mut moves);
            let pick = seed.wrapping_mul(ply * 2 + 1).rotate_left(17) % moves.len() as u64;
            position.play(moves[pick as usize]);
        }
        position
    }

    #[test]
    fn the_eight_images_of_a_board_at_most_half_full_share_one_key() {
        for width in [4, 5, 8, 11] {
            let position = played(width, width * width / 2, 0x5eed_0001 + width as u64);
            let key = position.symmetric_key().key;
            for n in 0..IMAGES {
                assert_eq!(image(&position, n).symmetric_key().key, key, "image {n}");
            }
        }
    }

    #[test]
    fn a_board_more_than_half_full_is_keyed_alone() {
        let position = played(5, 13, 3);
        assert_eq!(position.symmetric_key().key, position.hash());
        assert_ne!(image(&position, 1).symmetric_key().key, position.hash());
    }

    #[test]
    fn a_placement_and_its_pull_look_the_same_on_every_image() {
        let width = 6;
        for seed in 1..20u64 {
            let position = played(width, 11, seed);
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let mut after = position.clone();
                after.play(mv);
                for (n, squares) in SQUARE_IMAGES[width].iter().enumerate().skip(1) {
                    let mut turned = image(&position, n);
                    turned.play(Placement(squares[mv.index()]));
                    assert_eq!(turned, image(&after, n), "image {n} of {mv:?}");
                }
            }
        }
    }

    #[test]
    fn boards_no_symmetry_relates_have_different_keys() {
        let a = played(5, 6, 7);
        let mut b = a.clone();
        b.pieces.swap(0, 1);
        assert_ne!(a.symmetric_key().key, b.symmetric_key().key);
        let mut moves = MoveList::new();
        a.generate_moves(&mut moves);
        let keys: std::collections::HashSet<u64> = moves
            .iter()
            .map(|&mv| {
                let mut after = a.clone();
                after.play(mv);
                after.symmetric_key().key
            })
            .collect();
        // The moves' positions are distinct up to symmetry, at most eight to a key.
        assert!(keys.len() * IMAGES >= moves.len());
        assert!(keys.len() > 1);
    }
}
