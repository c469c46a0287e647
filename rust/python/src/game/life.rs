//! Life totals.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// A player's life total.
    fn life(&self, py: Python<'_>, p: Id) -> PyResult<i64> {
        let this = self.lock(py, "Game.life")?;
        this.g.life(p.get()?).py()
    }

    /// The player gains `n` life (119.3), recording `life_gained`.
    ///
    /// Example: `g.gain_life(0, 3)`; `g.life(0)` is then 23 in a new game.
    fn gain_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py, "Game.gain_life")?;
        this.g.gain_life(p.get()?, n.0).py()
    }

    /// The player loses `n` life (119.3), recording `life_lost`; at 0 or less the player loses
    /// the game when the state-based actions are next checked (704.5a).
    ///
    /// Example: `g.lose_life(1, 20); g.check_state_based_actions()`; `g.has_lost(1)` is True.
    fn lose_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py, "Game.lose_life")?;
        this.g.lose_life(p.get()?, n.0).py()
    }
}
