//! The terms of a Monte-Carlo search besides the game: when to stop and how to report.

use std::time::Duration;

use crate::search::control::Control;
use crate::search::info::Info;

/// What [`Mcts::run`](super::mcts::Mcts::run) needs besides the game: when to stop and how to report.
pub(crate) struct RunTerms<'a, 'r> {
    pub(crate) control: Control<'a>,
    /// Stop once this much time has passed, if set.
    pub(crate) time: Option<Duration>,
    /// Stop after this many playouts, if set.
    pub(crate) playouts: Option<u64>,
    pub(crate) report: &'r mut dyn FnMut(&Info),
    /// Lines to report: the most visited root moves (`MultiPV`); 0 counts as 1.
    pub(crate) lines: usize,
    /// Whether the search is long enough for [`TreePolicy::long_exploration`](crate::games::TreePolicy::long_exploration).
    pub(crate) long: bool,
}
