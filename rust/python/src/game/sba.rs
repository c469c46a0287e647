//! State-based actions (704) and the result of the game.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use crate::events::Copied;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// Performs the state-based actions (704.5) again and again until none applies (704.3):
    /// players at 0 life or with 10 poison counters lose, creatures with lethal damage,
    /// deathtouch damage or 0 toughness die, planeswalkers and battles with no loyalty/defense
    /// go to the graveyard, +1/+1 and -1/-1 counters cancel. Returns the events they caused.
    ///
    /// Example: after `g.deal_damage(x, bear, 3)` on a 2/2, the returned events include the
    /// bear's `destroyed` and `zone_change`.
    ///
    /// `legend_rule_keep`: the legendary permanents their controller chooses to keep when the
    /// legend rule applies to them (704.5j, one per controller and name); otherwise the newest
    /// (highest id) of each group stays.
    #[pyo3(signature = (*, legend_rule_keep=None),
        text_signature = "($self, *, legend_rule_keep=None)")]
    fn check_state_based_actions<'py>(
        &self,
        py: Python<'py>,
        legend_rule_keep: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut lenient = Lenient::default();
        let keep = match legend_rule_keep {
            Some(ids) => ids_form(ids, &mut lenient)?,
            None => Vec::new(),
        };
        let mut this = self.lock(py, "Game.check_state_based_actions")?;
        let copied = if keep.is_empty() {
            this.g.check_state_based_actions_with(Copied::of).py()?
        } else {
            lenient.check(this.g.check_state_based_actions_keeping(&keep, Copied::of))?
        };
        drop(this);
        copied.into_py(py)
    }

    fn has_lost(&self, py: Python<'_>, p: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.has_lost")?;
        this.g.has_lost(p.get()?).py()
    }

    /// Whether the player can lose the game (104.3: not while an effect says it can't).
    fn can_lose(&self, py: Python<'_>, p: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.can_lose")?;
        this.g.can_lose(p.get()?).py()
    }

    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.lock(py, "Game.is_over")?.g.is_over())
    }

    fn winner(&self, py: Python<'_>) -> PyResult<Option<u32>> {
        Ok(self.lock(py, "Game.winner")?.g.winner())
    }
}
