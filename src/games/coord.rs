//! Square names: file letter then rank number (`a1` bottom-left), read in any case, written
//! in lower case.

use std::fmt;

use nom::character::complete::{digit1, satisfy};
use nom::combinator::{all_consuming, map_res};
use nom::sequence::pair;
use nom::{IResult, Parser};

use super::error::MoveError;
use super::size::BoardSize;

/// A square by file and rank, both counted from 0 (`a1` is file 0, rank 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Coord {
    /// File index, 0 = `a`.
    pub file: usize,
    /// Rank index, 0 = rank `1`.
    pub rank: usize,
}

impl Coord {
    /// The square at `file`, `rank` (0-based).
    pub const fn new(file: usize, rank: usize) -> Self {
        Coord { file, rank }
    }

    /// Index in a rank-major layout of a board `width` files wide: `rank * width + file`.
    #[inline]
    pub const fn index(self, width: usize) -> usize {
        self.rank * width + self.file
    }

    /// The square of `index` in a rank-major layout of a board `width` files wide.
    #[inline]
    pub const fn from_index(index: usize, width: usize) -> Self {
        Coord {
            file: index % width,
            rank: index / width,
        }
    }

    /// True when the square lies on a board of `size`.
    pub fn is_on(self, size: BoardSize) -> bool {
        self.file < size.width && self.rank < size.height
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `square` reads rank 0 as `usize::MAX`; wrapping writes it back as it was written.
        let rank = self.rank.wrapping_add(1);
        match u8::try_from(self.file) {
            Ok(file) if file < 26 => write!(f, "{}{rank}", (b'a' + file) as char),
            _ => write!(f, "?{rank}"),
        }
    }
}

/// nom parser for one square name, upper or lower case, without checking any board.
pub fn square(input: &str) -> IResult<&str, Coord> {
    let (rest, (letter, rank)) = pair(
        satisfy(|c| c.is_ascii_alphabetic()),
        map_res(digit1, str::parse::<usize>),
    )
    .parse(input)?;
    let file = (letter.to_ascii_lowercase() as u8 - b'a') as usize;
    // Rank 0 does not exist; map it beyond any board so the board check names it.
    let rank = rank.checked_sub(1).unwrap_or(usize::MAX);
    Ok((rest, Coord { file, rank }))
}

/// Checks that `coord`, written as `text`, lies on a board of `size`.
pub fn on_board(coord: Coord, text: &str, size: BoardSize) -> Result<Coord, MoveError> {
    if coord.is_on(size) {
        Ok(coord)
    } else {
        Err(MoveError::OffBoard {
            square: text.to_ascii_lowercase(),
            width: size.width,
            height: size.height,
        })
    }
}

/// Reads a placement move (one square, any case) on a board of `size`, with its lower-case
/// name for error messages; `example` completes the syntax error ("a square such as d7").
pub fn read_square_move(
    text: &str,
    size: BoardSize,
    game: &'static str,
    example: &'static str,
) -> Result<(Coord, String), MoveError> {
    let text = text.trim();
    let (_, coord) = all_consuming(square)
        .parse(text)
        .map_err(|_| MoveError::Syntax(text.to_string(), game, example))?;
    Ok((on_board(coord, text, size)?, text.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_are_case_insensitive() {
        assert_eq!(square("b1"), Ok(("", Coord::new(1, 0))));
        assert_eq!(square("B1"), Ok(("", Coord::new(1, 0))));
        assert_eq!(square("a10x"), Ok(("x", Coord::new(0, 9))));
        assert!(square("11").is_err());
        assert!(square("a").is_err());
    }

    #[test]
    fn squares_off_the_board_are_named() {
        let size = BoardSize::square(8);
        let (_, c9) = square("c9").unwrap();
        let err = on_board(c9, "c9", size).unwrap_err();
        assert_eq!(err.to_string(), "c9 is off the 8x8 board");
        let (_, a0) = square("a0").unwrap();
        assert!(on_board(a0, "a0", size).is_err());
    }

    #[test]
    fn square_moves_are_trimmed_checked_and_named_in_lower_case() {
        let size = BoardSize::square(8);
        let read = |text| read_square_move(text, size, "game", "a square");
        assert_eq!(read(" D7\n"), Ok((Coord::new(3, 6), "d7".to_string())));
        assert_eq!(
            read(" d7x ").unwrap_err().to_string(),
            "d7x: not a move in game notation (a square)"
        );
        assert_eq!(
            read("I1").unwrap_err().to_string(),
            "i1 is off the 8x8 board"
        );
        assert!(read("a0").is_err());
        assert!(read("z99999999999999999999999").is_err());
    }

    #[test]
    fn squares_print_lower_case() {
        assert_eq!(Coord::new(3, 6).to_string(), "d7");
        assert_eq!(Coord::new(0, 9).to_string(), "a10");
    }

    #[test]
    fn rank_zero_prints_as_written() {
        let (_, a0) = square("A0").unwrap();
        assert_eq!(a0.to_string(), "a0");
        assert_eq!(
            Coord::new(300, usize::MAX - 1).to_string(),
            format!("?{}", usize::MAX)
        );
    }
}
