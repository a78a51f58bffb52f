//! When a search must stop: the `stop` flag, the node limit and the hard time mark, checked
//! cheaply enough to be asked at every node.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The flag and the clock are looked at once per this many nodes (a power of two).
const CHECK_INTERVAL: u64 = 256;

/// The running search's stop conditions. Alpha-beta arms its limits only after depth 1
/// ([`Control::holding_limits`]), so every answer comes from a search.
#[derive(Debug)]
pub(crate) struct Control<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    node_limit: u64,
    hard_limit: Option<Duration>,
    /// The limits [`Control::arm_limits`] puts in force.
    armed: (u64, Option<Duration>),
    aborted: bool,
    /// Where a helper of a parallel search publishes its node count for the reports.
    published: Option<&'a AtomicU64>,
}

impl<'a> Control<'a> {
    /// Conditions for a search starting now, all in force at once.
    pub(crate) fn new(
        stop: &'a AtomicBool,
        node_limit: Option<u64>,
        hard: Option<Duration>,
    ) -> Self {
        let mut control = Control::holding_limits(stop, node_limit, hard);
        control.arm_limits();
        control
    }

    /// Like [`Control::new`], but the limits wait for [`Control::arm_limits`].
    pub(crate) fn holding_limits(
        stop: &'a AtomicBool,
        node_limit: Option<u64>,
        hard: Option<Duration>,
    ) -> Self {
        Control {
            stop,
            start: Instant::now(),
            node_limit: u64::MAX,
            hard_limit: None,
            armed: (node_limit.unwrap_or(u64::MAX), hard),
            aborted: false,
            published: None,
        }
    }

    /// The same conditions, publishing the node count to `nodes` whenever they are checked.
    pub(crate) fn publishing(self, nodes: &'a AtomicU64) -> Self {
        Control {
            published: Some(nodes),
            ..self
        }
    }

    /// Puts the node and time limits in force.
    pub(crate) fn arm_limits(&mut self) {
        (self.node_limit, self.hard_limit) = self.armed;
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once the search must be abandoned; `nodes` is the count before this node.
    #[inline]
    pub(crate) fn must_stop(&mut self, nodes: u64) -> bool {
        if !self.aborted
            && (nodes >= self.node_limit
                || (nodes.is_multiple_of(CHECK_INTERVAL) && self.checkpoint(nodes)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// [`Control::must_stop`] checking the flag and clock every time, for costly steps.
    pub(crate) fn must_stop_now(&mut self, nodes: u64) -> bool {
        if !self.aborted && (nodes >= self.node_limit || self.checkpoint(nodes)) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The periodic part of [`Control::must_stop`]: publishes `nodes`, checks flag and clock.
    fn checkpoint(&self, nodes: u64) -> bool {
        if let Some(published) = self.published {
            published.store(nodes, Ordering::Relaxed);
        }
        self.stop_requested() || self.out_of_time()
    }

    /// True once the search has been abandoned; results computed since are incomplete.
    #[inline]
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// True when the `stop` flag is set.
    pub(crate) fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn out_of_time(&self) -> bool {
        self.hard_limit.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_node_and_time_limits_wait_until_armed() {
        let stop = AtomicBool::new(false);
        let mut control = Control::holding_limits(&stop, Some(0), Some(Duration::ZERO));
        assert!(!control.must_stop(0));
        assert!(!control.must_stop(CHECK_INTERVAL * 4));
        control.arm_limits();
        assert!(control.must_stop(CHECK_INTERVAL * 4 + 1));
        assert!(control.aborted());
    }

    #[test]
    fn a_new_control_has_its_limits_in_force_at_once() {
        let stop = AtomicBool::new(false);
        assert!(Control::new(&stop, None, Some(Duration::ZERO)).must_stop(CHECK_INTERVAL));
        assert!(Control::new(&stop, Some(5), None).must_stop(5));
    }

    #[test]
    fn stop_applies_before_the_limits_are_armed() {
        let stop = AtomicBool::new(true);
        let mut control = Control::holding_limits(&stop, None, None);
        assert!(control.must_stop(0));
    }
}
