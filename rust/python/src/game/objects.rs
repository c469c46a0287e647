//! Creating, reading and moving objects.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use cardstate_core::game::CardSpec;
use cardstate_core::Zone;
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pymethods]
impl PyGame {
    /// Creates an object controlled (and owned) by `controller`; returns its id.
    // Each argument is a form-checking type, so the checks run in signature order (SEMANTICS §0).
    #[pyo3(signature = (controller, *, zone=ZoneArg(Zone::Battlefield), name="",
        types=Names(Vec::new()), subtypes=Names(Vec::new()), keywords=KeywordsArg(Vec::new()),
        power=OptInt(None), toughness=OptInt(None), loyalty=OptInt(None), defense=OptInt(None),
        cost=CostArg(None), strength=OptInt(None), lives=OptInt(None), movement=OptInt(None),
        flying=Flag(false), elite=Flag(false), info=InfoArg(None)))]
    #[allow(clippy::too_many_arguments)]
    fn create(
        &self,
        py: Python<'_>,
        controller: Id,
        zone: ZoneArg,
        name: &str,
        types: Names,
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
        flying: Flag,
        elite: Flag,
        info: InfoArg,
    ) -> PyResult<u32> {
        let mut this = self.lock(py);
        let zone = zone.0;
        let spec = CardSpec {
            name: name.to_string(),
            types: types.0,
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
        };
        let info_copy = info.0;
        let id = this.g.create(controller.get()?, zone, &spec).py()?;
        if let Some(d) = info_copy {
            let card = this.g.entity(id).py()?.printed;
            let d = d.bind(py);
            this.info_mut(py)?.set_item(card, d)?;
        }
        Ok(id)
    }

    /// The zone an object is in; for an object that left, the zone it went to.
    fn zone(&self, py: Python<'_>, x: Id) -> PyResult<&'static str> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.zone.as_str())
    }

    fn controller(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.controller)
    }

    fn owner(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.owner)
    }

    fn name(&self, py: Python<'_>, x: Id) -> PyResult<String> {
        let this = self.lock(py);
        this.g.name(x.get()?).py().map(str::to_string)
    }

    /// The non-game elements given at creation (rule 109), as a new dict.
    fn info<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyDict>> {
        let this = self.lock(py);
        let card = this.g.object(x.get()?).py()?.printed;
        match this.info.bind(py).get_item(card)? {
            Some(d) => d.cast::<PyDict>()?.copy(),
            None => Ok(PyDict::new(py)),
        }
    }

    /// Moves an object to a zone (400.7): it becomes a new object; returns the new id.
    #[pyo3(name = "move")]
    fn move_(&self, py: Python<'_>, x: Id, zone: ZoneArg) -> PyResult<u32> {
        let mut this = self.lock(py);
        this.g.move_to(x.get()?, zone.0).py()
    }
}
