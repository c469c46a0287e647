//! One resumable resolution on a native game (`CardResolution`): run until the end or a
//! choice, and the answer to that choice.

use super::{fx_err, game_of};
use cardstate_effects as fx;
use fx::{Choice, ChoiceRequest, Resolution, Step};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::sync::Mutex;

/// One resumable resolution on a native game.
#[pyclass(module = "cardstate._native", name = "CardResolution", frozen)]
pub struct PyResolution {
    pub(super) db: &'static fx::CardDb,
    pub(super) r: Mutex<Resolution>,
}

#[pymethods]
impl PyResolution {
    /// Runs until the end or a choice: ("done", fizzled, empty_draws, proliferated),
    /// ("may", pay_energy), ("proliferate", candidates), ("amount", min, max),
    /// ("callback", index), ("order", player, entity, effect ids) (616.1), ("discard",
    /// player, n, hand) (701.9b: the hand's cards in slot order), ("search", player, cards,
    /// may_fail) (701.23a-b: the library objects it can find, ascending) or ("surveil",
    /// player, cards) (701.25a: the library's top objects, top first) or ("scry", player,
    /// cards) (701.22a: likewise) or ("top_or_bottom", player, object) (401.4: the owner puts
    /// it on top, True, or on the bottom of its library) or ("piles", player, cards) (700.3: the
    /// library's top objects, top first, separated into two piles) or ("choose_pile", player,
    /// face_up, face_down) (700.3: the face-up pile's objects and the face-down pile's size) or
    /// ("unless", player, life, "sacrifice" or "discard") (608.2d: whether it does that rather
    /// than lose the life) or ("keep", player, groups) (701.21a: its permanents of each type it
    /// has two or more of, one of each kept, the rest sacrificed).
    fn run<'py>(&self, py: Python<'py>, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let g = game_of(game)?;
        let mut st = g.get().lock(py, "CardResolution.run")?;
        let mut r = self
            .r
            .lock()
            .map_err(|_| PyValueError::new_err("poisoned resolution"))?;
        let step = r.run(&mut st.g, self.db).map_err(fx_err)?;
        drop(st);
        match step {
            Step::Done(o) => done(py, o),
            Step::Choice(ChoiceRequest::May { pay_energy }) => {
                ("may", pay_energy).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Proliferate { candidates }) => {
                ("proliferate", candidates).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Amount { min, max }) => {
                ("amount", min, max).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Callback { index }) => {
                ("callback", index).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Order {
                player,
                entity,
                effects,
                ..
            }) => ("order", player, entity, effects).into_pyobject(py),
            Step::Choice(ChoiceRequest::Discard { player, n, hand }) => {
                ("discard", player, n, hand).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Sacrifice {
                player,
                n,
                candidates,
            }) => ("sacrifice", player, n, candidates).into_pyobject(py),
            Step::Choice(ChoiceRequest::Search {
                player,
                cards,
                may_fail,
            }) => ("search", player, cards, may_fail).into_pyobject(py),
            Step::Choice(ChoiceRequest::Surveil { player, cards }) => {
                ("surveil", player, cards).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Scry { player, cards }) => {
                ("scry", player, cards).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::Pay { player, life, .. }) => {
                ("pay", player, life).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::TopOrBottom { player, object }) => {
                ("top_or_bottom", player, object).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::SeparatePiles { player, cards }) => {
                ("piles", player, cards).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::ChoosePile {
                player,
                face_up,
                face_down,
            }) => ("choose_pile", player, face_up, face_down).into_pyobject(py),
            Step::Choice(ChoiceRequest::Unless {
                player,
                life,
                sacrifice,
            }) => {
                let what = if sacrifice { "sacrifice" } else { "discard" };
                ("unless", player, life, what).into_pyobject(py)
            }
            Step::Choice(ChoiceRequest::KeepOneOfEachType { player, groups }) => {
                ("keep", player, groups).into_pyobject(py)
            }
        }
    }

    /// Answers the pending choice: a bool (may), ids (proliferate; in "mtg-2010" a dict id ->
    /// the kind it gets one more of), an int (amount), None (callback done), effect ids
    /// (order: those first, in that order, the others after in the kernel's order), hand slots
    /// (discard), the card found or None (search), the positions of the cards put into the
    /// graveyard (surveil) or on the bottom in that order (scry), a bool (top_or_bottom: True
    /// the top), the positions of the face-up pile's cards (piles), a bool (choose_pile: True
    /// the face-up pile; unless: True sacrifices or discards), the permanent ids kept, one a
    /// group (keep).
    fn answer(&self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut r = self
            .r
            .lock()
            .map_err(|_| PyValueError::new_err("poisoned resolution"))?;
        let choice = match r.pending() {
            Some(ChoiceRequest::May { .. }) => Choice::May(
                value
                    .extract::<bool>()
                    .map_err(|_| PyTypeError::new_err("a 'may' choice is answered with a bool"))?,
            ),
            Some(ChoiceRequest::Pay { .. }) => Choice::May(
                value
                    .extract::<bool>()
                    .map_err(|_| PyTypeError::new_err("a 'pay' choice is answered with a bool"))?,
            ),
            Some(ChoiceRequest::TopOrBottom { .. }) => {
                Choice::May(value.extract::<bool>().map_err(|_| {
                    PyTypeError::new_err(
                        "a 'top_or_bottom' choice is answered with a bool (True: the top)",
                    )
                })?)
            }
            Some(ChoiceRequest::Proliferate { .. }) => match value.cast::<PyDict>() {
                // "mtg-2010" (old 701.23a): id -> kind, in the mapping's order.
                Ok(d) => {
                    let mut pairs = Vec::with_capacity(d.len());
                    for (k, v) in d.iter() {
                        let pair = (k.extract::<u32>(), v.extract::<String>());
                        let (Ok(id), Ok(kind)) = pair else {
                            return Err(PyTypeError::new_err(
                                "a proliferate choice is answered with a list of ids or a \
                                 mapping id -> kind",
                            ));
                        };
                        pairs.push((id, kind));
                    }
                    Choice::ProliferateKinds(pairs)
                }
                Err(_) => Choice::Proliferate(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err("a proliferate choice is answered with a list of ids")
                })?),
            },
            Some(ChoiceRequest::Amount { .. }) => Choice::Amount(
                value
                    .extract::<u64>()
                    .map_err(|_| PyTypeError::new_err("an amount is answered with an int >= 0"))?,
            ),
            Some(ChoiceRequest::Callback { .. }) => Choice::Done,
            Some(ChoiceRequest::Order { .. }) => {
                Choice::Order(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err(
                        "an order choice is answered with a list of replacement effect ids",
                    )
                })?)
            }
            Some(ChoiceRequest::Discard { .. }) => {
                Choice::Discard(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err("a discard choice is answered with a list of hand slots")
                })?)
            }
            Some(ChoiceRequest::KeepOneOfEachType { .. }) => {
                Choice::Keep(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err(
                        "a 'keep' choice is answered with a list of permanent ids, one a group",
                    )
                })?)
            }
            Some(ChoiceRequest::Sacrifice { .. }) => {
                Choice::Sacrifice(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err("a sacrifice choice is answered with a list of permanents")
                })?)
            }
            Some(ChoiceRequest::Scry { .. }) => {
                Choice::Scry(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err(
                        "a scry is answered with the positions of the cards put on the bottom",
                    )
                })?)
            }
            Some(ChoiceRequest::Surveil { .. }) => {
                Choice::Surveil(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err(
                        "a surveil is answered with the positions of the cards put into the \
                         graveyard",
                    )
                })?)
            }
            Some(ChoiceRequest::SeparatePiles { .. }) => {
                Choice::Piles(value.extract::<Vec<u32>>().map_err(|_| {
                    PyTypeError::new_err(
                        "a 'piles' choice is answered with the positions of the face-up pile's \
                         cards",
                    )
                })?)
            }
            Some(ChoiceRequest::Unless { .. }) => {
                Choice::May(value.extract::<bool>().map_err(|_| {
                    PyTypeError::new_err(
                        "an 'unless' choice is answered with a bool (True: sacrifice or discard)",
                    )
                })?)
            }
            Some(ChoiceRequest::ChoosePile { .. }) => {
                Choice::May(value.extract::<bool>().map_err(|_| {
                    PyTypeError::new_err(
                        "a 'choose_pile' choice is answered with a bool (True: the face-up pile)",
                    )
                })?)
            }
            Some(ChoiceRequest::Search { .. }) => {
                Choice::Search(value.extract::<Option<u32>>().map_err(|_| {
                    PyTypeError::new_err("a search is answered with the card found or None")
                })?)
            }
            None => return Err(PyValueError::new_err("no choice is pending")),
        };
        r.answer(choice).map_err(fx_err)
    }
}

/// ("done", fizzled, empty_draws, proliferated): the tag interned, an empty list for no empty
/// draws (the usual case) made without a Rust vector.
pub(super) fn done(py: Python<'_>, o: fx::Outcome) -> PyResult<Bound<'_, PyTuple>> {
    let empty = if o.empty_draws == 0 {
        PyList::empty(py)
    } else {
        PyList::new(py, players_in(o.empty_draws))?
    };
    (intern!(py, "done"), o.fizzled, empty, o.proliferated).into_pyobject(py)
}

/// The players of a bit set (bit p: player p), ascending.
fn players_in(mut bits: u64) -> Vec<u32> {
    let mut out = Vec::new();
    while bits != 0 {
        out.push(bits.trailing_zeros());
        bits &= bits - 1;
    }
    out
}
