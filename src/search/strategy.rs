//! How the engine chooses its moves: the `Strategy` option.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A way of choosing moves. `Search` is the engine's own and the default; the others are
/// yardsticks for matches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The strongest player for each game: iterative-deepening alpha-beta, or for games
    /// best played by playouts Monte-Carlo tree search with an exact endgame solver (the
    /// game's [`crate::games::SearchHints::SEARCH_STYLE`]).
    #[default]
    Search,
    /// Plain UCT: UCB1 with c = 1.4, uniform random playouts, a new tree every move.
    Mcts,
    /// A winning move if there is one, else the move whose position evaluates best; no search.
    Greedy,
    /// Any legal move, uniformly at random.
    Random,
}

/// A strategy name that names none of the strategies.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown strategy '{0}'")]
pub struct UnknownStrategy(pub String);

impl Strategy {
    /// Every strategy, in the order the option lists them.
    pub const ALL: [Strategy; 4] = [
        Strategy::Search,
        Strategy::Mcts,
        Strategy::Greedy,
        Strategy::Random,
    ];

    /// The option value naming this strategy.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Search => "search",
            Strategy::Mcts => "mcts",
            Strategy::Greedy => "greedy",
            Strategy::Random => "random",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrategy(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_reads_back_from_its_name_in_any_case() {
        for strategy in Strategy::ALL {
            assert_eq!(strategy.name().parse(), Ok(strategy));
            assert_eq!(strategy.name().to_uppercase().parse(), Ok(strategy));
        }
        assert_eq!(
            "minimax".parse::<Strategy>(),
            Err(UnknownStrategy("minimax".into()))
        );
    }
}
