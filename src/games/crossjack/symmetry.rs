//! The symmetries of a Cross-Jack board: columns turned round the wrap and the mirror image.
//! (Upside down with roles exchanged keeps the rules too, but reaches no game's positions:
//! X moves first.)

use super::geometry::Geometry;
use super::position::CrossJack;
use crate::games::hints::SymmetricKey;
use crate::games::zobrist;

impl Geometry {
    /// Files `0..files` of every rank.
    fn low_files(&self, files: u32) -> u128 {
        self.first_file() * ((1u128 << files) - 1)
    }

    /// `squares` with every file moved `files` files east, round the wrap.
    pub(super) fn turn_files(&self, squares: u128, files: u32) -> u128 {
        if files == 0 {
            return squares;
        }
        let stay = self.low_files(self.width() as u32 - files);
        ((squares & stay) << files) | ((squares & !stay) >> (self.width() as u32 - files))
    }

    /// `squares` mirrored left to right.
    pub(super) fn mirror_files(&self, squares: u128) -> u128 {
        let last = self.width() - 1;
        (0..=last).fold(0, |out, file| {
            out | ((squares >> file) & self.first_file()) << (last - file)
        })
    }
}

impl CrossJack {
    /// The key of the least image and which: `base * width + files`, the position or its
    /// mirror (base 1) turned `files` east.
    pub(super) fn least_image(&self) -> SymmetricKey {
        let geometry = self.geometry;
        let bases = [
            self.marks,
            self.marks.map(|marks| geometry.mirror_files(marks)),
        ];
        let width = geometry.width() as u32;
        let mut least = (self.marks, 0);
        for (base, marks) in bases.iter().enumerate() {
            for files in 0..width {
                let turned = marks.map(|m| geometry.turn_files(m, files));
                if turned < least.0 {
                    least = (turned, base * width as usize + files as usize);
                }
            }
        }
        let [x, o] = least.0;
        let start = zobrist::size_key(geometry.size()) ^ self.to_move.index() as u64;
        SymmetricKey {
            key: zobrist::mix(start, [x, x >> 64, o, o >> 64].map(|w| w as u64)),
            image: u8::try_from(least.1).unwrap_or(u8::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hints::SearchHints;
    use crate::games::rules::Game;
    use crate::games::size::BoardSize;

    fn position(fen: &str) -> CrossJack {
        CrossJack::from_fen(fen).expect("a legal position")
    }

    #[test]
    fn turning_the_columns_round_the_whole_wrap_changes_nothing() {
        let geometry = Geometry::of(BoardSize::new(5, 4)).expect("supported");
        let squares = 0b1_0110_0001_1001u128;
        let mut turned = squares;
        for _ in 0..5 {
            turned = geometry.turn_files(turned, 1);
        }
        assert_eq!(turned, squares);
        assert_eq!(
            geometry.turn_files(geometry.turn_files(squares, 2), 3),
            squares
        );
        assert_eq!(
            geometry.mirror_files(geometry.mirror_files(squares)),
            squares
        );
        // a1 turned one file east is b1; e1 comes round to a1.
        assert_eq!(geometry.turn_files(0b1, 1), 0b10);
        assert_eq!(geometry.turn_files(0b1_0000, 1), 0b1);
    }

    #[test]
    fn a_position_turned_round_the_wrap_shares_its_key() {
        let a = position("x1x2/5/5/o1o2 x");
        let turned = position("2x1x/5/5/2o1o x");
        assert_eq!(a.symmetric_key().key, turned.symmetric_key().key);
        assert_ne!(a.symmetric_key().image, turned.symmetric_key().image);
    }

    #[test]
    fn a_mirrored_position_shares_its_key() {
        let a = position("xx3/1x3/1o3/oo3 x");
        let mirrored = position("3xx/3x1/3o1/3oo x");
        assert_eq!(a.symmetric_key().key, mirrored.symmetric_key().key);
    }

    #[test]
    fn positions_no_symmetry_relates_have_different_keys() {
        let a = position("xx3/1x3/1o3/oo3 x");
        let other = position("xx3/1o3/1x3/oo3 x");
        assert_ne!(a.symmetric_key().key, other.symmetric_key().key);
    }

    /// `position` mirrored (or not) and turned `files` files east.
    fn image(position: &CrossJack, mirror: bool, files: u32) -> CrossJack {
        let geometry = position.geometry;
        let marks = position.marks.map(|m| {
            let m = if mirror { geometry.mirror_files(m) } else { m };
            geometry.turn_files(m, files)
        });
        CrossJack::from_parts(geometry, marks, position.to_move)
    }

    #[test]
    fn every_move_and_its_outcome_look_the_same_on_every_image() {
        let start = position("xx1x2/1o4/2x3/6/o4o o");
        let geometry = start.geometry;
        let mut moves = crate::games::MoveList::new();
        start.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let mut after = start.clone();
            after.play(mv);
            for mirror in [false, true] {
                for files in 0..6 {
                    let turned = image(&start, mirror, files);
                    let square = after.marks[1] & !start.marks[1];
                    let square = if mirror {
                        geometry.mirror_files(square)
                    } else {
                        square
                    };
                    let square = geometry.turn_files(square, files);
                    let mut turned_moves = crate::games::MoveList::new();
                    turned.generate_moves(&mut turned_moves);
                    let turned_move = *turned_moves
                        .iter()
                        .find(|&&m| {
                            let mut t = turned.clone();
                            t.play(m);
                            t.marks[1] & !turned.marks[1] == square
                        })
                        .expect("the image of the move is a move of the image");
                    let mut turned_after = turned.clone();
                    turned_after.play(turned_move);
                    assert_eq!(turned_after, image(&after, mirror, files));
                    assert_eq!(turned_after.status(), after.status());
                    assert_eq!(turned_moves.len(), moves.len());
                }
            }
        }
    }
}
