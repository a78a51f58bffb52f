//! The factors UCB1 and RAVE weigh a child with, by its visit count.

use super::node::Node;
use crate::games::RaveSchedule;

/// Visits below which [`Weights`] looks its factors up instead of computing them.
pub(super) const WEIGHT_TABLE: usize = 4096;

/// The factors UCB1 and RAVE weigh a child with, by its visit count, computed once:
/// selection weighs every child of every node on the path, where square roots are costly.
/// [`RaveSchedule::MinimumError`]'s β has no square root and depends on two counts, so it is
/// computed when a node's counts change.
pub(super) struct Weights {
    /// RAVE's schedule, if RAVE is on.
    rave: Option<RaveSchedule>,
    /// 1/√n.
    inverse_sqrt: Vec<f64>,
    /// β = √(k / (3n + k)) under [`RaveSchedule::Equivalence`] (empty under another).
    beta: Vec<f64>,
}

pub(super) fn inverse_sqrt(visits: f64) -> f64 {
    1.0 / visits.sqrt()
}

pub(super) fn beta(visits: f64, k: f64) -> f64 {
    (k / (3.0 * visits + k)).sqrt()
}

impl Weights {
    pub(super) fn new(rave: Option<RaveSchedule>) -> Self {
        let beta = match rave {
            Some(RaveSchedule::Equivalence(k)) => {
                (0..WEIGHT_TABLE).map(|n| beta(n as f64, k)).collect()
            }
            _ => Vec::new(),
        };
        Weights {
            rave,
            inverse_sqrt: (0..WEIGHT_TABLE).map(|n| inverse_sqrt(n as f64)).collect(),
            beta,
        }
    }

    #[inline]
    pub(super) fn inverse_sqrt(&self, visits: u32) -> f64 {
        match self.inverse_sqrt.get(visits as usize) {
            Some(&value) => value,
            None => inverse_sqrt(f64::from(visits)),
        }
    }

    /// β of a move with `visits` of its own and `amaf_visits` (both above 0).
    #[inline]
    pub(super) fn beta(&self, visits: u32, amaf_visits: u32) -> f64 {
        match self.rave {
            Some(RaveSchedule::Equivalence(k)) => match self.beta.get(visits as usize) {
                Some(&value) => value,
                None => beta(f64::from(visits), k),
            },
            Some(RaveSchedule::MinimumError(four_b_squared)) => {
                let (n, m) = (f64::from(visits), f64::from(amaf_visits));
                m / (n + m + four_b_squared * n * m)
            }
            None => 0.0,
        }
    }

    /// A move's value mixed from its own results and its all-moves-as-first results: RAVE's
    /// estimate dominates while the move has few visits of its own.
    #[inline]
    pub(super) fn rave_value<M>(&self, node: &Node<M>) -> f64 {
        if node.amaf_visits == 0 {
            return node.mean();
        }
        let amaf = f64::from(node.amaf_reward) / f64::from(node.amaf_visits);
        if node.visits == 0 {
            return amaf;
        }
        let beta = self.beta(node.visits, node.amaf_visits);
        (1.0 - beta) * node.mean() + beta * amaf
    }
}
