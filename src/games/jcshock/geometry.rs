//! Board geometry of an N×N JC Shock board as `u128` bitboards (bit `rank * N + file`).

use crate::games::size::BoardSize;
use crate::games::zobrist;

/// Smallest supported board width.
pub const MIN_WIDTH: usize = 4;
/// Largest supported board width (121 squares fit a `u128`).
pub const MAX_WIDTH: usize = 11;

/// Masks of one board size, built once per size at compile time.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    /// Board width N.
    pub width: usize,
    /// Every square of the board.
    pub board: u128,
    /// The bottom row (rank 1).
    pub first_rank: u128,
    /// The leftmost column (file a).
    pub first_file: u128,
    /// Every square except those on the last file: a run may continue east from them.
    pub not_last_file: u128,
    /// Every square except those on file a: a run may continue west from them.
    pub not_first_file: u128,
    /// Bits that name any square index (⌈log₂ N²⌉): a random pick draws indices this wide.
    pub index_bits: u32,
    /// How many such indices fit in 32 bits.
    pub index_draws: u32,
    /// The board size's key ([`zobrist::size_key`]), which a position's hash starts from.
    pub size_key: u64,
}

const fn geometry(width: usize) -> Geometry {
    let mut first_rank = 0u128;
    let mut first_file = 0u128;
    let mut i = 0;
    while i < width {
        first_rank |= 1 << i;
        first_file |= 1 << (i * width);
        i += 1;
    }
    let board = if width == 0 {
        0
    } else {
        u128::MAX >> (128 - width * width)
    };
    let last_file = if width == 0 {
        0
    } else {
        first_file << (width - 1)
    };
    Geometry {
        width,
        board,
        first_rank,
        first_file,
        not_last_file: board & !last_file,
        not_first_file: board & !first_file,
        index_bits: index_bits(width * width),
        index_draws: 32 / index_bits(width * width),
        size_key: zobrist::size_key(BoardSize::square(width)),
    }
}

/// ⌈log₂ squares⌉, at least 1.
const fn index_bits(squares: usize) -> u32 {
    let mut bits = 1;
    while (1usize << bits) < squares {
        bits += 1;
    }
    bits
}

const fn all_geometries() -> [Geometry; MAX_WIDTH + 1] {
    let mut out = [geometry(0); MAX_WIDTH + 1];
    let mut width = MIN_WIDTH;
    while width <= MAX_WIDTH {
        out[width] = geometry(width);
        width += 1;
    }
    out
}

static GEOMETRIES: [Geometry; MAX_WIDTH + 1] = all_geometries();

impl Geometry {
    /// The geometry of an N×N board; `width` must be a supported size.
    #[inline]
    pub fn of(width: usize) -> &'static Geometry {
        &GEOMETRIES[width]
    }

    /// The four rays leaving `square`, without it (a table: every placement asks).
    #[inline]
    pub fn rays(&self, square: usize) -> Rays {
        RAYS[self.width][square]
    }
}

/// The rays of `square` on a board of `geometry`, computed.
const fn rays_of(geometry: &Geometry, square: usize) -> Rays {
    let rank = square / geometry.width;
    let file = square % geometry.width;
    let row = geometry.first_rank << (rank * geometry.width);
    let column = geometry.first_file << file;
    let above = u128::MAX << square << 1;
    let below = (1u128 << square) - 1;
    Rays {
        east: row & above,
        west: row & below,
        north: column & above,
        south: column & below,
    }
}

const NO_RAYS: Rays = Rays {
    east: 0,
    west: 0,
    north: 0,
    south: 0,
};

const fn all_rays() -> [[Rays; MAX_WIDTH * MAX_WIDTH]; MAX_WIDTH + 1] {
    let mut out = [[NO_RAYS; MAX_WIDTH * MAX_WIDTH]; MAX_WIDTH + 1];
    let mut width = MIN_WIDTH;
    while width <= MAX_WIDTH {
        let geometry = geometry(width);
        let mut square = 0;
        while square < width * width {
            out[width][square] = rays_of(&geometry, square);
            square += 1;
        }
        width += 1;
    }
    out
}

/// The rays of every square of every supported board, by width and square.
static RAYS: [[Rays; MAX_WIDTH * MAX_WIDTH]; MAX_WIDTH + 1] = all_rays();

/// The squares seen from one square in each orthogonal direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rays {
    /// Toward the last file (higher bit indices).
    pub east: u128,
    /// Toward file a (lower bit indices).
    pub west: u128,
    /// Toward the top row (higher bit indices).
    pub north: u128,
    /// Toward rank 1 (lower bit indices).
    pub south: u128,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_at_the_edges() {
        let g = Geometry::of(4);
        // b2 is square 5 on a 4x4 board.
        let rays = g.rays(5);
        assert_eq!(rays.east, 0b1100_0000);
        assert_eq!(rays.west, 0b0001_0000);
        assert_eq!(rays.north, (1 << 9) | (1 << 13));
        assert_eq!(rays.south, 1 << 1);
    }

    #[test]
    fn largest_board_fills_121_bits() {
        assert_eq!(Geometry::of(11).board.count_ones(), 121);
        assert_eq!(Geometry::of(4).not_last_file.count_ones(), 12);
    }
}
