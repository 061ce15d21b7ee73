//! The evaluator that answers bear-off states from the table and everything else from another
//! evaluator.

use std::sync::{Arc, OnceLock};

use acey_rules::{Position, Rules};

use super::{is_bearoff, key, table, Table};
use crate::eval::{terminal_eval, Eval, Evaluator};

/// Wraps an evaluator: states where both sides are bearing off (every checker of each in its home
/// board or off, the game not over) are valued by the rule set's bear-off [`Table`]; the others,
/// and every state of a rule set without a table, go to the inner evaluator unchanged.
///
/// It also tells searches ([`Evaluator::exact_for`]) that its bear-off values need no lookahead,
/// so every bot over it plays the table's best play there, without noise.
pub struct BearoffEvaluator {
    inner: Arc<dyn Evaluator>,
    /// The table of the rule set seen last (most evaluators only ever see one), so that a
    /// lookup does not go through the process-wide cache's lock.
    last: OnceLock<(Option<Rules>, Option<Arc<Table>>)>,
}

impl std::fmt::Debug for BearoffEvaluator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BearoffEvaluator({})", self.inner.name())
    }
}

impl BearoffEvaluator {
    /// `inner` with the bear-off tables in front of it.
    pub fn new(inner: Arc<dyn Evaluator>) -> BearoffEvaluator {
        BearoffEvaluator {
            inner,
            last: OnceLock::new(),
        }
    }

    /// The evaluator behind the tables.
    pub fn inner(&self) -> &Arc<dyn Evaluator> {
        &self.inner
    }

    /// The table for `rules`, if a table serves them (built on first use).
    fn table(&self, rules: &Rules) -> Option<Arc<Table>> {
        let wanted = key(rules);
        let (k, t) = self.last.get_or_init(|| (wanted, table(rules)));
        if *k == wanted {
            t.clone()
        } else {
            table(rules)
        }
    }
}

impl Evaluator for BearoffEvaluator {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn evaluate_batch(&self, rules: &Rules, states: &[Position], out: &mut [Eval]) {
        let table = if states.iter().any(is_bearoff) {
            self.table(rules)
        } else {
            None
        };
        let Some(table) = table else {
            return self.inner.evaluate_batch(rules, states, out);
        };
        // The states the table does not answer go to the inner evaluator in one batch.
        let mut rest = Vec::new();
        let mut rest_at = Vec::new();
        for (i, s) in states.iter().enumerate() {
            match terminal_eval(rules, s).or_else(|| table.eval(rules, s)) {
                Some(e) => out[i] = e,
                None => {
                    rest.push(*s);
                    rest_at.push(i);
                }
            }
        }
        if !rest.is_empty() {
            let mut answers = vec![out[rest_at[0]]; rest.len()];
            self.inner.evaluate_batch(rules, &rest, &mut answers);
            for (i, e) in rest_at.into_iter().zip(answers) {
                out[i] = e;
            }
        }
    }

    fn exact_for(&self, rules: &Rules, state: &Position) -> bool {
        is_bearoff(state) && self.table(rules).is_some()
    }
}
