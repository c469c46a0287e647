//! Bindings for the continuous effects (CR 611, 613). A `#[pymethods]` block on `Game`
//! (pyo3's `multiple-pymethods`); the rules are in the core (`continuous.rs`), this file
//! converts arguments.

use super::PyGame;
use crate::args::{names, opt_int, Amount, Flag, Id, Lenient, UntilEndOfTurn};
use crate::errors::OrPy;
use cardstate_core::{Affected, AffectedSpec, Change};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};

/// `affected=`: a filter text, an iterable of them, or an iterable of ids (a locked-in set).
enum AffectedArg {
    Texts(Vec<String>),
    Ids(Vec<Id>),
}

fn affected_arg(obj: &Bound<'_, PyAny>) -> PyResult<AffectedArg> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(AffectedArg::Texts(vec![s.to_str()?.to_string()]));
    }
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err("affected must be a filter text, or an iterable of texts or ids")
        })?
        .collect::<PyResult<_>>()?;
    let is_id = |o: &Bound<'_, PyAny>| o.is_instance_of::<PyInt>() && !o.is_instance_of::<PyBool>();
    if items.first().is_some_and(is_id) {
        let mut ids = Vec::with_capacity(items.len());
        for o in &items {
            if !is_id(o) {
                return Err(PyTypeError::new_err(
                    "affected: give filter texts or ids, not both",
                ));
            }
            ids.push(o.extract::<Id>()?);
        }
        return Ok(AffectedArg::Ids(ids));
    }
    Ok(AffectedArg::Texts(names(obj, "affected")?))
}

#[pymethods]
impl PyGame {
    /// Adds a continuous effect (docs/SEMANTICS.md §11); returns its id.
    #[pyo3(signature = (effect, *, affected, source=None, controller=None, keyword=None, value=None, power=None, toughness=None, until_end_of_turn=Flag::new(false), subtype=None),
        text_signature = "($self, effect, *, affected, source=None, controller=None, keyword=None, value=None, power=None, toughness=None, until_end_of_turn=False, subtype=None)")]
    #[allow(clippy::too_many_arguments)]
    fn add_continuous_effect(
        &self,
        py: Python<'_>,
        effect: &Bound<'_, PyAny>,
        affected: &Bound<'_, PyAny>,
        source: Option<&Bound<'_, PyAny>>,
        controller: Option<&Bound<'_, PyAny>>,
        keyword: Option<&Bound<'_, PyAny>>,
        value: Option<&Bound<'_, PyAny>>,
        power: Option<&Bound<'_, PyAny>>,
        toughness: Option<&Bound<'_, PyAny>>,
        until_end_of_turn: Flag<UntilEndOfTurn>,
        subtype: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u32> {
        // The form of every argument first, left to right (SEMANTICS §0).
        let effect: String = effect
            .extract()
            .map_err(|_| PyTypeError::new_err("an effect must be a str"))?;
        let affected = affected_arg(affected)?;
        let source = source.map(|s| s.extract::<Id>()).transpose()?;
        let controller = controller.map(|c| c.extract::<Id>()).transpose()?;
        let keyword: Option<String> = match keyword {
            None => None,
            Some(k) => Some(
                k.extract()
                    .map_err(|_| PyTypeError::new_err("a keyword must be a str"))?,
            ),
        };
        let value = value.map(|a| a.extract::<Amount>()).transpose()?;
        let power = opt_int(power, "power")?;
        let toughness = opt_int(toughness, "toughness")?;
        let subtype: Option<String> = match subtype {
            None => None,
            Some(k) => Some(
                k.extract()
                    .map_err(|_| PyTypeError::new_err("a subtype must be a str"))?,
            ),
        };
        let mut this = self.lock(py, "Game.add_continuous_effect")?;
        let mut ids = Lenient::default();
        let s = source.map(|s| ids.get(s));
        let c = controller.map(|c| ids.get(c));
        let fixed: Vec<u32>;
        let spec = match &affected {
            AffectedArg::Texts(t) => AffectedSpec::Texts(t),
            AffectedArg::Ids(list) => {
                fixed = list.iter().map(|&x| ids.get(x)).collect();
                AffectedSpec::Ids(&fixed)
            }
        };
        ids.check(this.g.add_continuous_effect_with_subtype(
            &effect,
            spec,
            s,
            c,
            (keyword.as_deref(), value.map(|v| v.0), power, toughness),
            subtype.as_deref(),
            until_end_of_turn.0,
        ))
    }

    /// Ends the continuous effect with that id (`KeyError` if there is none).
    fn end_continuous_effect(&self, py: Python<'_>, id: Id) -> PyResult<()> {
        let mut this = self.lock(py, "Game.end_continuous_effect")?;
        this.g.end_continuous_effect(id.get()?).py()
    }

    /// The continuous effects in timestamp order (613.7), as dicts.
    fn continuous_effects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let this = self.lock(py, "Game.continuous_effects")?;
        let rows: Vec<_> = this
            .g
            .continuous_effects()
            .iter()
            .map(|c| {
                let subtype = c
                    .change
                    .subtype()
                    .map(|s| this.g.subtype_name(s).to_string());
                (c.clone(), this.g.describe_affected(&c.affected), subtype)
            })
            .collect();
        // The dicts are made after the lock: making them may run a collection (finalizers).
        drop(this);
        let out = PyList::empty(py);
        for (c, texts, subtype) in rows {
            let d = PyDict::new(py);
            d.set_item("id", c.id)?;
            d.set_item("effect", c.change.name())?;
            d.set_item("layer", c.change.layer())?;
            match &c.affected {
                Affected::Fixed(ids) => d.set_item("affected", ids.clone())?,
                _ => d.set_item("affected", texts.unwrap_or_default())?,
            }
            d.set_item("source", c.source)?;
            d.set_item("controller", c.controller)?;
            let keyword = c.change.keyword().and_then(|k| k.names().next());
            d.set_item("keyword", keyword)?;
            let value = match c.change {
                Change::AddKeyword(k, n) if k == cardstate_core::keywords::Keywords::TOXIC => {
                    Some(n)
                }
                _ => None,
            };
            d.set_item("value", value)?;
            let pt = c.change.power_toughness();
            d.set_item("power", pt.map(|v| v.0))?;
            d.set_item("toughness", pt.map(|v| v.1))?;
            d.set_item("until_end_of_turn", c.until_end_of_turn)?;
            d.set_item("subtype", subtype)?;
            out.append(d)?;
        }
        Ok(out)
    }
}
