//! The shared grammar of position strings: `<board> <side>`, rows from the top separated by
//! `/`, letters for pieces and counts for empty runs. Games check letters, size and rules.

use nom::branch::alt;
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{all_consuming, map};
use nom::multi::{many1, separated_list1};
use nom::{IResult, Parser};

use super::coord::Coord;
use super::error::{PositionError, SyntaxError, MAX_SIDE};
use super::size::BoardSize;

/// A position string split into its board layout and side letter, not yet validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    /// Width and height read from the rows.
    pub size: BoardSize,
    /// Squares in rank-major order from `a1` (index `rank * width + file`).
    pub cells: Vec<Option<char>>,
    /// The side-to-move field.
    pub side: String,
}

impl BoardText {
    /// Every occupied square with its letter.
    pub fn pieces(&self) -> impl Iterator<Item = (Coord, char)> + '_ {
        let width = self.size.width;
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| c.map(|c| (Coord::from_index(i, width), c)))
    }
}

#[derive(Debug, Clone, Copy)]
enum Token<'a> {
    Piece(char),
    Empty(&'a str),
}

fn token(input: &str) -> IResult<&str, Token<'_>> {
    alt((
        map(digit1, Token::Empty),
        map(satisfy(|c| c.is_ascii_alphabetic()), Token::Piece),
    ))
    .parse(input)
}

fn rows(input: &str) -> IResult<&str, Vec<Vec<Token<'_>>>> {
    separated_list1(char('/'), many1(token)).parse(input)
}

fn expand_row(tokens: &[Token<'_>], row: usize) -> Result<Vec<Option<char>>, SyntaxError> {
    let mut squares = Vec::new();
    for token in tokens {
        match *token {
            Token::Piece(c) => squares.push(Some(c)),
            Token::Empty(digits) => {
                let run: usize = digits
                    .parse()
                    .ok()
                    .filter(|&n| (1..=MAX_SIDE).contains(&n))
                    .ok_or_else(|| SyntaxError::EmptyRun {
                        row,
                        digits: digits.to_string(),
                    })?;
                squares.extend(std::iter::repeat_n(None, run));
            }
        }
        if squares.len() > MAX_SIDE {
            return Err(SyntaxError::RowTooWide(row));
        }
    }
    Ok(squares)
}

/// Reads a position string's layout; letters and side are left for the game to judge.
pub fn parse(text: &str) -> Result<BoardText, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, side) = match fields.as_slice() {
        [board, side] => (*board, *side),
        _ => return Err(SyntaxError::FieldCount(fields.len()).into()),
    };
    let (_, rows) = all_consuming(rows)
        .parse(board)
        .map_err(|_| SyntaxError::Board(board.to_string()))?;
    if rows.len() > MAX_SIDE {
        return Err(SyntaxError::TooManyRows(rows.len()).into());
    }
    let mut expanded = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        expanded.push(expand_row(row, i + 1)?);
    }
    // The grammar reads at least one row.
    let width = expanded.first().map_or(0, Vec::len);
    for (i, row) in expanded.iter().enumerate() {
        if row.len() != width {
            return Err(PositionError::RowWidth {
                row: i + 1,
                found: row.len(),
                expected: width,
            });
        }
    }
    let height = expanded.len();
    // Rows are written from the top; cells are stored from rank 1 upward.
    let cells = expanded.into_iter().rev().flatten().collect();
    Ok(BoardText {
        size: BoardSize::new(width, height),
        cells,
        side: side.to_string(),
    })
}

/// Writes the board field of a position string, asking `piece` for each square's letter.
pub fn format_board(size: BoardSize, piece: impl Fn(Coord) -> Option<char>) -> String {
    let mut out = String::with_capacity(size.area() + size.height);
    for rank in (0..size.height).rev() {
        let mut empty = 0;
        for file in 0..size.width {
            match piece(Coord::new(file, rank)) {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A text diagram: numbered ranks from the top, file letters underneath, `.` for empty.
pub fn diagram(size: BoardSize, piece: impl Fn(Coord) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..size.height).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..size.width {
            out.push(' ');
            out.push(piece(Coord::new(file, rank)).unwrap_or('.'));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for file in 0..size.width {
        out.push(' ');
        out.push((b'a' + file as u8) as char);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letter `text` puts on `coord`, if any.
    fn letter_at(text: &BoardText, coord: Coord) -> Option<char> {
        text.pieces().find(|&(at, _)| at == coord).map(|(_, c)| c)
    }

    #[test]
    fn rows_are_read_from_the_top() {
        let text = parse("1x6/8/8/8/8/8/8/7o x").unwrap();
        assert_eq!(text.size, BoardSize::square(8));
        assert_eq!(letter_at(&text, Coord::new(1, 7)), Some('x'));
        assert_eq!(letter_at(&text, Coord::new(7, 0)), Some('o'));
        assert_eq!(text.side, "x");
    }

    #[test]
    fn multi_digit_runs_are_counts() {
        let text = parse("2x2x4/10/10/10/10/10/4oo4 x").unwrap();
        assert_eq!(text.size, BoardSize::new(10, 7));
    }

    #[test]
    fn unequal_rows_are_named() {
        let err = parse("8/8/9/8 x").unwrap_err();
        assert_eq!(err.to_string(), "row 3 has 9 squares, expected 8");
    }

    #[test]
    fn malformed_layouts_are_errors() {
        for bad in [
            "",
            "8/8/8",
            "8/8 x o",
            "8//8 x",
            "8/0/8 x",
            "8/8/ x",
            "/8 x",
            "8/8-8 x",
            "99999999999999999999/8 x",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn format_round_trips() {
        let fen = "2x2x4/10/10/10/10/10/4oo4";
        let text = parse(&format!("{fen} x")).unwrap();
        assert_eq!(format_board(text.size, |c| letter_at(&text, c)), fen);
    }
}
