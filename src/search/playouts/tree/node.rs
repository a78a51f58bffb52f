//! A node of the Monte-Carlo tree: a move and what the playouts through it earned.

use crate::games::Status;

/// A node of the search tree: the move that leads to it and what the playouts through it
/// earned the player who made that move.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node<M> {
    pub(super) mv: Option<M>,
    /// Index of the first child; the children are contiguous.
    pub(super) first_child: u32,
    pub(super) children: u32,
    pub(super) expanded: bool,
    pub(super) visits: u32,
    /// Sum of results (win 1, draw ½) for the mover; `f32` keeps the node small and sums
    /// halves exactly.
    pub(super) reward: f32,
    /// Playouts through the parent in which the mover played `mv` later ("all moves as
    /// first"), and their results for the mover.
    pub(super) amaf_visits: u32,
    pub(super) amaf_reward: f32,
    /// The move's [`SearchHints::move_code`](crate::games::SearchHints::move_code), for RAVE.
    pub(super) code: u32,
    /// With RAVE, [`Weights::rave_value`](super::weights::Weights::rave_value), cached: read far
    /// more often than the counts change.
    pub(super) rave: f64,
    /// The exact result of the node's position, once solved ([`TreePolicy::solved_within`](crate::games::TreePolicy::solved_within));
    /// [`Status::InPlay`] until then.
    pub(super) solved: Status,
}

impl<M> Node<M> {
    pub(super) fn new(mv: Option<M>, code: usize) -> Self {
        Node {
            mv,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            amaf_visits: 0,
            amaf_reward: 0.0,
            code: code as u32,
            rave: 0.5,
            solved: Status::InPlay,
        }
    }

    /// The indices of the node's children in the tree (none before it is expanded).
    pub(super) fn child_range(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }

    pub(super) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.reward) / f64::from(self.visits)
        }
    }
}
