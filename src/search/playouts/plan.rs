//! How a Monte-Carlo search plays, as its caller chooses.

use crate::games::TreePolicy;

/// How a Monte-Carlo search plays: its tree policy, whether it is long (which chooses the
/// exploration constant), its random seed, and the root moves it must never play.
#[derive(Debug, Clone, Copy)]
pub struct Plan<'a, M> {
    /// The tree policy.
    pub policy: TreePolicy,
    /// Whether the search is long ([`TreePolicy::long_exploration`]).
    pub long: bool,
    /// The seed of the playouts' random choices.
    pub seed: u64,
    /// Root moves never explored nor played (proven lost).
    pub banned: &'a [M],
}
