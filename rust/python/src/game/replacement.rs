//! Bindings for destruction, regeneration, the tapped status and the replacement and
//! prevention effects (CR 614-616, 701.8, 701.19). A second `#[pymethods]` block on `Game`
//! (pyo3's `multiple-pymethods`); the rules are in the core, this file converts arguments.

use super::PyGame;
use crate::args::{names, AcrossGroups, Amount, Combat, Flag, Id, Lenient, UntilEndOfTurn};
use crate::errors::{CounterKindError, OrPy};
use cardstate_core::Destroyed;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// `affects=`: one filter text or an iterable of them.
fn affects_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(vec![s.to_str()?.to_string()]);
    }
    names(obj, "affects")
}

#[pymethods]
impl PyGame {
    /// Destroys a permanent as the result of an effect (701.8); whether it was destroyed.
    fn destroy(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py, "Game.destroy")?;
        Ok(this.g.destroy(x.get()?).py()? == Destroyed::Yes)
    }

    /// Regenerates a permanent (701.19a): a shield that replaces its next destruction this turn.
    fn regenerate(&self, py: Python<'_>, x: Id) -> PyResult<()> {
        let mut this = self.lock(py, "Game.regenerate")?;
        this.g.regenerate(x.get()?).py()
    }

    /// "If x would die this turn, exile it instead" (614.1a): a replacement effect on a
    /// permanent, ending at cleanup or when it leaves the battlefield; its id.
    fn exile_instead_of_dying(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let mut this = self.lock(py, "Game.exile_instead_of_dying")?;
        this.g.exile_instead_of_dying(x.get()?).py()
    }

    /// How many regeneration shields protect x.
    fn regeneration_shields(&self, py: Python<'_>, x: Id) -> PyResult<usize> {
        let this = self.lock(py, "Game.regeneration_shields")?;
        this.g.regeneration_shields(x.get()?).py()
    }

    /// Taps a permanent; whether it was untapped.
    fn tap(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py, "Game.tap")?;
        this.g.tap(x.get()?).py()
    }

    /// Untaps a permanent; whether it became untapped (122.1d: a stun counter is removed
    /// instead from one that has one).
    fn untap(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py, "Game.untap")?;
        this.g.untap(x.get()?).py()
    }

    /// Whether x is tapped.
    fn is_tapped(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.is_tapped")?;
        this.g.is_tapped(x.get()?).py()
    }

    // ----- replacement and "can't" effects (CR 614-616) -----

    /// Adds a replacement, prevention or "can't" effect (docs/SEMANTICS.md §10); its id.
    /// `combat=True`: only combat damage (a damage effect: "prevent all combat damage", Fog).
    #[pyo3(signature = (effect, *, affects, sources=None, source=None, controller=None, counter=None, amount=None, combat=Flag::new(false), until_end_of_turn=Flag::new(false)),
        text_signature = "($self, effect, *, affects, sources=None, source=None, controller=None, counter=None, amount=None, combat=False, until_end_of_turn=False)")]
    #[allow(clippy::too_many_arguments)]
    fn add_replacement_effect(
        &self,
        py: Python<'_>,
        effect: &Bound<'_, PyAny>,
        affects: &Bound<'_, PyAny>,
        sources: Option<&Bound<'_, PyAny>>,
        source: Option<&Bound<'_, PyAny>>,
        controller: Option<&Bound<'_, PyAny>>,
        counter: Option<&Bound<'_, PyAny>>,
        amount: Option<&Bound<'_, PyAny>>,
        combat: Flag<Combat>,
        until_end_of_turn: Flag<UntilEndOfTurn>,
    ) -> PyResult<u32> {
        // The form of every argument first, left to right (SEMANTICS §0).
        let effect: String = effect
            .extract()
            .map_err(|_| PyTypeError::new_err("an effect must be a str"))?;
        let affects = affects_arg(affects)?;
        let sources = match sources {
            Some(s) => affects_arg(s)?,
            None => Vec::new(),
        };
        let source = source.map(|s| s.extract::<Id>()).transpose()?;
        let controller = controller.map(|c| c.extract::<Id>()).transpose()?;
        let counter: Option<String> = match counter {
            None => None,
            Some(c) => {
                let s: String = c
                    .extract()
                    .map_err(|_| CounterKindError::new_err("a counter kind must be a str"))?;
                cardstate_core::Game::check_kind_name(&s).py()?;
                Some(s)
            }
        };
        let amount = amount.map(|a| a.extract::<Amount>()).transpose()?;
        let mut this = self.lock(py, "Game.add_replacement_effect")?;
        let mut ids = Lenient::default();
        let s = source.map(|s| ids.get(s));
        let c = controller.map(|c| ids.get(c));
        ids.check(this.g.add_replacement_effect(
            &effect,
            &affects,
            &sources,
            s,
            c,
            counter.as_deref(),
            amount.map(|a| a.0),
            combat.0,
            until_end_of_turn.0,
        ))
    }

    /// Ends the effect with that id (`KeyError` if there is none).
    fn remove_replacement_effect(&self, py: Python<'_>, id: Id) -> PyResult<()> {
        let mut this = self.lock(py, "Game.remove_replacement_effect")?;
        this.g.remove_replacement_effect(id.get()?).py()
    }

    /// 616.1: puts the effects `ids` first, in that order (the affected player's choice);
    /// `across_groups=True`: on a damage event they (damage, prevention and redirection
    /// effects, at most 64) apply in that order after the other redirections, before the
    /// default groups of the others (docs/SEMANTICS.md §10).
    #[pyo3(signature = (ids, *, across_groups=Flag::new(false)),
        text_signature = "($self, ids, *, across_groups=False)")]
    fn order_replacement_effects(
        &self,
        py: Python<'_>,
        ids: &Bound<'_, PyAny>,
        across_groups: Flag<AcrossGroups>,
    ) -> PyResult<()> {
        let mut list = Vec::new();
        for item in ids.try_iter()? {
            list.push(item?.extract::<Id>()?.get()?);
        }
        let mut this = self.lock(py, "Game.order_replacement_effects")?;
        if across_groups.0 {
            this.g.order_replacement_effects_across_groups(&list).py()
        } else {
            this.g.order_replacement_effects(&list).py()
        }
    }

    /// The effects in their order of application, as dicts.
    fn replacement_effects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let this = self.lock(py, "Game.replacement_effects")?;
        let g = &this.g;
        let rows: Vec<_> = g
            .replacement_effects()
            .iter()
            .map(|r| {
                (
                    r.id,
                    r.effect.name(),
                    r.target.map_or_else(
                        || {
                            r.affects
                                .iter()
                                .map(|c| Filter::Text(c.describe()))
                                .collect()
                        },
                        |t| vec![Filter::Id(t)],
                    ),
                    r.source,
                    r.controller,
                    r.counter.map(|k| g.kind_name(k).to_string()),
                    r.by.map(Filter::Id)
                        .into_iter()
                        .chain(r.sources.iter().map(|c| Filter::Text(c.describe_source())))
                        .collect::<Vec<_>>(),
                    (r.effect.amount(), r.to, r.combat, r.ordered),
                    r.until_end_of_turn,
                )
            })
            .collect();
        // The dicts are made after the lock: making them may run a collection (finalizers).
        drop(this);
        let out = PyList::empty(py);
        for (
            id,
            effect,
            affects,
            source,
            controller,
            counter,
            sources,
            (amount, to, combat, ordered),
            until_eot,
        ) in rows
        {
            let d = PyDict::new(py);
            d.set_item("id", id)?;
            d.set_item("effect", effect)?;
            d.set_item("affects", filters(py, affects)?)?;
            d.set_item("source", source)?;
            d.set_item("controller", controller)?;
            d.set_item("counter", counter)?;
            d.set_item("sources", filters(py, sources)?)?;
            d.set_item("amount", amount)?;
            d.set_item("to", to)?;
            d.set_item("combat", combat)?;
            d.set_item("until_end_of_turn", until_eot)?;
            d.set_item("ordered", ordered)?;
            out.append(d)?;
        }
        Ok(out)
    }
}

/// A filter as `replacement_effects()` shows it: a clause's text, or the one entity's id.
enum Filter {
    Text(String),
    Id(u32),
}

fn filters<'py>(py: Python<'py>, list: Vec<Filter>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for f in list {
        match f {
            Filter::Text(t) => out.append(t)?,
            Filter::Id(id) => out.append(id)?,
        }
    }
    Ok(out)
}
