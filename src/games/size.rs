//! Board sizes: `WxH` (width first) or `N` for a square board.

use std::fmt;
use std::str::FromStr;

use nom::branch::alt;
use nom::character::complete::{char, digit1};
use nom::combinator::{all_consuming, map, map_res};
use nom::sequence::separated_pair;
use nom::{IResult, Parser};

use super::error::PositionError;

/// A board's width (files) and height (ranks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Number of files (columns).
    pub width: usize,
    /// Number of ranks (rows).
    pub height: usize,
}

impl BoardSize {
    /// A `width` × `height` board.
    pub const fn new(width: usize, height: usize) -> Self {
        BoardSize { width, height }
    }

    /// An `n` × `n` board.
    pub const fn square(n: usize) -> Self {
        BoardSize {
            width: n,
            height: n,
        }
    }

    /// Number of squares; `usize::MAX` for a size read from text too large to have that many.
    pub const fn area(self) -> usize {
        self.width.saturating_mul(self.height)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

fn number(input: &str) -> IResult<&str, usize> {
    map_res(digit1, str::parse).parse(input)
}

fn size(input: &str) -> IResult<&str, BoardSize> {
    alt((
        map(
            separated_pair(number, alt((char('x'), char('X'))), number),
            |(w, h)| BoardSize::new(w, h),
        ),
        map(number, BoardSize::square),
    ))
    .parse(input)
}

impl FromStr for BoardSize {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        all_consuming(size)
            .parse(text.trim())
            .map(|(_, size)| size)
            .map_err(|_| PositionError::BadSize(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_width_first_or_square() {
        assert_eq!("10x7".parse::<BoardSize>(), Ok(BoardSize::new(10, 7)));
        assert_eq!("9".parse::<BoardSize>(), Ok(BoardSize::square(9)));
        assert_eq!("8X8".parse::<BoardSize>(), Ok(BoardSize::square(8)));
        assert!("8x".parse::<BoardSize>().is_err());
        assert!("x8".parse::<BoardSize>().is_err());
        assert!("".parse::<BoardSize>().is_err());
        assert!("99999999999999999999999".parse::<BoardSize>().is_err());
    }

    #[test]
    fn absurd_sizes_read_and_count_without_overflow() {
        let huge: BoardSize = "18446744073709551615x3".parse().unwrap();
        assert_eq!(huge.area(), usize::MAX);
        assert_eq!("0x0".parse::<BoardSize>().map(BoardSize::area), Ok(0));
    }
}
