//! Creating, reading and moving objects.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use cardstate_core::CardSpec;
use cardstate_core::Zone;
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pymethods]
impl PyGame {
    /// Creates an object controlled (and owned) by the player `controller` in `zone`; returns
    /// its id (ids are never reused). `types`/`subtypes` are names, `keywords` names or a
    /// mapping name -> value (`{"toxic": 2}`), `cost` an int or text such as `"2+X"`, `info`
    /// non-game elements (109) kept as a copy. A planeswalker or battle created on the
    /// battlefield enters with its loyalty or defense counters (306.5b, 310.4b).
    /// `supertypes` (205.4: `"legendary"`...), `token`: a token (111.1), which ceases to exist
    /// outside the battlefield when state-based actions are checked (704.5d).
    ///
    /// Example: `bear = g.create(0, types=["creature"], power=2, toughness=2)`.
    // Each argument is a form-checking type, so the checks run in signature order (SEMANTICS §0).
    #[pyo3(signature = (controller, *, zone=ZoneArg(Zone::Battlefield), name="",
        types=Names(Vec::new()), supertypes=Names(Vec::new()), subtypes=Names(Vec::new()),
        keywords=KeywordsArg(Vec::new()),
        power=OptInt(None), toughness=OptInt(None), loyalty=OptInt(None), defense=OptInt(None),
        cost=CostArg(None), strength=OptInt(None), lives=OptInt(None), movement=OptInt(None),
        flying=Flag::new(false), elite=Flag::new(false), token=Flag::new(false), info=InfoArg(None),
        counters=CountersArg(Vec::new())),
        text_signature = "($self, controller, *, zone='battlefield', name='', types=(), \
            supertypes=(), subtypes=(), keywords=(), power=None, toughness=None, loyalty=None, \
            defense=None, cost=None, strength=None, lives=None, movement=None, flying=False, \
            elite=False, token=False, info=None, counters=None)")]
    #[allow(clippy::too_many_arguments)]
    fn create(
        &self,
        py: Python<'_>,
        controller: Id,
        zone: ZoneArg,
        name: &str,
        types: Names,
        supertypes: Names,
        subtypes: Names,
        keywords: KeywordsArg,
        power: OptInt,
        toughness: OptInt,
        loyalty: OptInt,
        defense: OptInt,
        cost: CostArg,
        strength: OptInt,
        lives: OptInt,
        movement: OptInt,
        flying: Flag<Flying>,
        elite: Flag<Elite>,
        token: Flag<Token>,
        info: InfoArg,
        counters: CountersArg,
    ) -> PyResult<u32> {
        let zone = zone.0;
        let spec = CardSpec {
            name: name.to_string(),
            types: types.0,
            supertypes: supertypes.0,
            subtypes: subtypes.0,
            keywords: keywords.0,
            power: power.0,
            toughness: toughness.0,
            loyalty: loyalty.0,
            defense: defense.0,
            cost: cost.0,
            strength: strength.0,
            lives: lives.0,
            movement: movement.0,
            flying: flying.0,
            elite: elite.0,
            token: token.0,
        };
        let info_copy = info.0;
        let mut this = self.lock(py, "Game.create")?;
        let id = this
            .g
            .create_with_counters(controller.get()?, zone, &spec, &counters.0)
            .py()?;
        if let Some(d) = info_copy {
            let card = this.g.entity(id).py()?.printed;
            let d = d.bind(py);
            this.info_mut(py)?.set_item(card, d)?;
        }
        Ok(id)
    }

    /// The zone an object is in; for an object that left, the zone it went to.
    fn zone(&self, py: Python<'_>, x: Id) -> PyResult<&'static str> {
        let this = self.lock(py, "Game.zone")?;
        Ok(this.g.object(x.get()?).py()?.zone.as_str())
    }

    fn controller(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py, "Game.controller")?;
        Ok(this.g.object(x.get()?).py()?.controller)
    }

    fn owner(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py, "Game.owner")?;
        Ok(this.g.object(x.get()?).py()?.owner)
    }

    fn name(&self, py: Python<'_>, x: Id) -> PyResult<String> {
        let this = self.lock(py, "Game.name")?;
        this.g.name(x.get()?).py().map(str::to_string)
    }

    /// The non-game elements given at creation (rule 109), as a new dict.
    fn info<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyDict>> {
        let id = x.get()?;
        let this = self.lock(py, "Game.info")?;
        let card = this.g.object(id).py()?.printed;
        // Looking up an int key runs no Python code; the copy is made after the lock.
        let info = this.info.bind(py).get_item(card)?;
        drop(this);
        match info {
            Some(d) => d.cast::<PyDict>()?.copy(),
            None => Ok(PyDict::new(py)),
        }
    }

    /// Moves an object to a zone (400.7): it becomes a new object with a new id (returned); the
    /// old id stays readable as last known information and refuses changes (`GoneError`).
    ///
    /// Example: `new = g.move(bear, "graveyard")`; `g.zone(bear)` is then `"graveyard"`.
    /// `counters=` (a mapping kind -> n) are put on it as it enters (122.6), through the
    /// replacement effects in play.
    #[pyo3(name = "move", signature = (x, zone, *, counters=CountersArg(Vec::new())),
        text_signature = "($self, x, zone, *, counters=None)")]
    fn move_(&self, py: Python<'_>, x: Id, zone: ZoneArg, counters: CountersArg) -> PyResult<u32> {
        let mut this = self.lock(py, "Game.move")?;
        this.g
            .move_with_counters(x.get()?, zone.0, &counters.0)
            .py()
    }

    /// The objects in a zone, in id order, optionally only those `controller` controls.
    #[pyo3(signature = (zone, controller=None), text_signature = "($self, zone, controller=None)")]
    fn objects(&self, py: Python<'_>, zone: ZoneArg, controller: Option<Id>) -> PyResult<Vec<u32>> {
        let c = controller.map(|c| c.get()).transpose()?;
        let this = self.lock(py, "Game.objects")?;
        this.g.objects_in(zone.0, c).py()
    }
}
