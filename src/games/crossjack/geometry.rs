//! The board of one size as bit masks, and the king step with wrapping columns as shifts.

use crate::games::player::Player;
use crate::games::size::BoardSize;

/// Smallest width or height Cross-Jack supports.
pub const MIN_SIDE: usize = 3;
/// Largest width or height Cross-Jack supports.
pub const MAX_SIDE: usize = 16;
/// Most squares a board may have: one `u128` bit each.
pub const MAX_SQUARES: usize = 128;

/// The supported sizes, in the words of error messages.
pub const SUPPORTED: &str = "3 to 16 files and ranks, at most 128 squares";

/// The masks of a `width` × `height` board, bit `rank * width + file` per square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    width: u32,
    height: u32,
    board: u128,
    top_row: u128,
    bottom_row: u128,
    first_file: u128,
    last_file: u128,
}

/// Every size's geometry, `[width][height]`, built at compile time so positions hold a
/// reference; unsupported sizes are empty and never handed out.
static GEOMETRIES: [[Geometry; MAX_SIDE + 1]; MAX_SIDE + 1] = all_geometries();

/// True when Cross-Jack can be played on a `width` × `height` board.
pub const fn is_supported(width: usize, height: usize) -> bool {
    MIN_SIDE <= width
        && width <= MAX_SIDE
        && MIN_SIDE <= height
        && height <= MAX_SIDE
        && width * height <= MAX_SQUARES
}

const fn all_geometries() -> [[Geometry; MAX_SIDE + 1]; MAX_SIDE + 1] {
    let none = Geometry {
        width: 0,
        height: 0,
        board: 0,
        top_row: 0,
        bottom_row: 0,
        first_file: 0,
        last_file: 0,
    };
    let mut table = [[none; MAX_SIDE + 1]; MAX_SIDE + 1];
    let mut width = MIN_SIDE;
    while width <= MAX_SIDE {
        let mut height = MIN_SIDE;
        while height <= MAX_SIDE {
            if is_supported(width, height) {
                table[width][height] = Geometry::build(width as u32, height as u32);
            }
            height += 1;
        }
        width += 1;
    }
    table
}

impl Geometry {
    /// The geometry of a board of `size`, or `None` when Cross-Jack cannot be played on it.
    pub fn of(size: BoardSize) -> Option<&'static Self> {
        let (width, height) = (size.width, size.height);
        is_supported(width, height).then(|| &GEOMETRIES[width][height])
    }

    const fn build(width: u32, height: u32) -> Self {
        let area = width * height;
        let board = if area == 128 {
            u128::MAX
        } else {
            (1u128 << area) - 1
        };
        let bottom_row = (1u128 << width) - 1;
        let mut first_file = 0u128;
        let mut rank = 0;
        while rank < height {
            first_file |= 1u128 << (rank * width);
            rank += 1;
        }
        Geometry {
            width,
            height,
            board,
            top_row: bottom_row << (area - width),
            bottom_row,
            first_file,
            last_file: first_file << (width - 1),
        }
    }

    /// Width and height.
    pub fn size(&self) -> BoardSize {
        BoardSize::new(self.width as usize, self.height as usize)
    }

    /// Files per rank.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// File a of every rank.
    #[inline]
    pub fn first_file(&self) -> u128 {
        self.first_file
    }

    /// Every square of the board.
    #[inline]
    pub fn board(&self) -> u128 {
        self.board
    }

    /// The row where `player` sets up: the top row for X (North), rank 1 for O (South).
    #[inline]
    pub fn zone_row(&self, player: Player) -> u128 {
        match player {
            Player::One => self.top_row,
            Player::Two => self.bottom_row,
        }
    }

    /// The row `player` wins by reaching: the opponent's zone row.
    #[inline]
    pub fn goal_row(&self, player: Player) -> u128 {
        self.zone_row(player.opponent())
    }

    /// The files of `squares` that lie on `player`'s zone row, bit `file` each.
    #[inline]
    pub fn zone_files(&self, player: Player, squares: u128) -> u32 {
        let shift = match player {
            Player::One => self.width * (self.height - 1),
            Player::Two => 0,
        };
        ((squares & self.zone_row(player)) >> shift) as u32
    }

    /// `squares` together with every square a king step away, columns wrapping, rows not.
    #[inline]
    pub fn dilate(&self, squares: u128) -> u128 {
        let east =
            ((squares & !self.last_file) << 1) | ((squares & self.last_file) >> (self.width - 1));
        let west =
            ((squares & !self.first_file) >> 1) | ((squares & self.first_file) << (self.width - 1));
        let row = squares | east | west;
        (row | (row << self.width) | (row >> self.width)) & self.board
    }
}

/// The bit of square `index`.
#[inline]
pub fn bit(index: usize) -> u128 {
    1u128 << index
}

/// The lowest set bit of a non-empty set, as a set.
#[inline]
pub fn lowest(squares: u128) -> u128 {
    squares & squares.wrapping_neg()
}
