//! The one list of games: `register_games!` derives from it the [`GameKind`] enum,
//! [`GameKind::ALL`], each game's entry and [`GameKind::visit`]. No game names another.

use std::fmt;
use std::str::FromStr;

use super::error::PositionError;
use super::hints::{BenchSet, SearchHints};
#[cfg(doc)]
use super::rules::Game;
use super::search_style::SearchStyle;
use super::size::BoardSize;
use super::strength::LevelTuning;
use super::{crossings, crossjack, jcshock};

/// Derives every list of games from the game modules.
macro_rules! register_games {
    ($($module:ident :: $game:ident),+ $(,)?) => {
        /// Which game is loaded: one variant per registered game, named after its type.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(
                #[doc = concat!("[`", stringify!($module), "::", stringify!($game), "`]")]
                $game,
            )+
        }

        impl GameKind {
            /// Every game, in registration order: the order options and help list them.
            pub const ALL: [GameKind; [$(stringify!($game)),+].len()] = [$(GameKind::$game),+];

            /// Calls `visitor` with this game's type (run-time kind to typed game).
            pub fn visit<V: $crate::games::registry::GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameKind::$game => visitor.visit::<$module::$game>(),)+
                }
            }

            /// What the registry knows of this game.
            fn entry(self) -> &'static $crate::games::registry::Entry {
                // Listed in the order of the variants, so a variant's discriminant is its index.
                static ENTRIES: [$crate::games::registry::Entry; GameKind::ALL.len()] =
                    [$($crate::games::registry::Entry::of::<$module::$game>()),+];
                &ENTRIES[self as usize]
            }
        }
    };
}

// One `module::Type` line per game, its module declared in `games/mod.rs`.
register_games! {
    crossjack::CrossJack,
    jcshock::JcShock,
    crossings::Crossings,
}

/// Work to do with a game's type, given by [`GameKind::visit`].
pub trait GameVisitor {
    /// What the work gives.
    type Output;

    /// Does the work with the game `G`.
    fn visit<G: SearchHints>(self) -> Self::Output;
}

/// What the registry knows of one game, read from its implementations.
struct Entry {
    name: &'static str,
    default_size: fn() -> BoardSize,
    sizes: fn() -> Vec<BoardSize>,
    bench: BenchSet,
    search_style: SearchStyle,
    levels: LevelTuning,
}

impl Entry {
    /// The entry of game `G`.
    const fn of<G: SearchHints>() -> Entry {
        Entry {
            name: G::NAME,
            default_size: G::default_size,
            sizes: G::sizes,
            bench: G::BENCH,
            search_style: G::SEARCH_STYLE,
            levels: G::LEVELS,
        }
    }
}

impl GameKind {
    /// The protocol and command-line name.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The board size of the default start position.
    pub fn default_size(self) -> BoardSize {
        (self.entry().default_size)()
    }

    /// Every board size the game is played on.
    pub fn sizes(self) -> Vec<BoardSize> {
        (self.entry().sizes)()
    }

    /// The positions and depth `bench` searches.
    pub fn bench(self) -> BenchSet {
        self.entry().bench
    }

    /// The search that plays this game best (what the `search` strategy runs).
    pub fn search_style(self) -> SearchStyle {
        self.entry().search_style
    }

    /// How the game's limited strength levels play and their Elo labels.
    pub fn levels(self) -> LevelTuning {
        self.entry().levels
    }

    /// Every game's name in words, for messages: `a, b or c`.
    pub fn names_in_words() -> String {
        let names: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
        in_words(&names)
    }
}

/// `names` as a list in words: `a`, `a or b`, `a, b or c`.
fn in_words(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = PositionError;

    /// Reads a game name, ignoring case and surrounding white space.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| PositionError::UnknownGame {
                name: text.to_string(),
                expected: GameKind::names_in_words(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_listed_with_commas_and_a_final_or() {
        assert_eq!(in_words(&["a"]), "a");
        assert_eq!(in_words(&["a", "b"]), "a or b");
        assert_eq!(in_words(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn every_game_has_its_own_name() {
        let mut names: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GameKind::ALL.len());
    }
}
