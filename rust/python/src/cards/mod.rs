//! The card layer's binding: a compiled card database, placing cards, resolutions and fired
//! triggers on a native `Game`. Arguments and errors are converted here; the rules are in
//! cardstate-effects.

use crate::errors::to_py;
use crate::game::PyGame;
use cardstate_core::Zone;
use cardstate_effects as fx;
use fx::{CardEvent, Ctx, GameEvent, Resolution, NO_SPELL};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};
use std::sync::Mutex;

mod args;
mod resolution;

use args::{target_ids, turn_history, LastName};
use resolution::{done, PyResolution};

pyo3::import_exception!(cardstate.cards.errors, PythonEffectError);
pyo3::import_exception!(cardstate.cards.errors, UnsupportedEffect);

pub(super) fn fx_err(e: fx::Error) -> PyErr {
    match e {
        fx::Error::Kernel(k) => to_py(k),
        fx::Error::Invalid(m) => PyValueError::new_err(m),
        fx::Error::Unsupported(m) => UnsupportedEffect::new_err(m),
        e @ fx::Error::PythonEffect(_) => PythonEffectError::new_err(e.to_string()),
    }
}

pub(super) fn game_of<'a, 'py>(game: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, PyGame>> {
    game.cast::<PyGame>()
        .map_err(|_| PyTypeError::new_err("expected a cardstate.Game"))
}

fn zone_of(zone: &str) -> PyResult<Zone> {
    Zone::parse(zone).map_err(to_py)
}

/// A card pool's database, as the duel and the card layer take it: the built-in pool embedded
/// in the extension, or one made at run time from a compiled form (`CardDb::intern_json`: one
/// database per distinct text, kept for the life of the process, so a duel holds it by a plain
/// reference). `name` names the pool in errors; a `builtin` pool is one of
/// `cardstate.cards.pools` and pickles by its name, any other by its compiled text.
#[pyclass(module = "cardstate._native", name = "CardDb", frozen)]
pub struct PyCardDb {
    db: &'static fx::CardDb,
    name: String,
    builtin: bool,
    /// The compiled text it was made from (none for the embedded pool).
    text: Option<Box<str>>,
    last_name: LastName,
}

/// The name of the built-in pool embedded in the extension.
pub(crate) const EMBEDDED_POOL: &str = "core";

impl PyCardDb {
    /// The embedded pool's object, one for the process (so pickles of its duels share it).
    pub(crate) fn embedded(py: Python<'_>) -> PyResult<&Py<PyCardDb>> {
        static EMBEDDED: PyOnceLock<Py<PyCardDb>> = PyOnceLock::new();
        EMBEDDED.get_or_try_init(py, || {
            let db = PyCardDb {
                db: fx::CardDb::pool(),
                name: EMBEDDED_POOL.to_string(),
                builtin: true,
                text: None,
                last_name: LastName::default(),
            };
            Py::new(py, db)
        })
    }

    /// The database.
    pub(crate) fn db(&self) -> &'static fx::CardDb {
        self.db
    }

    /// The pool's name, for errors.
    pub(crate) fn pool_name(&self) -> &str {
        &self.name
    }

    /// Whether this is the embedded built-in pool (a duel on it pickles without it).
    pub(crate) fn is_embedded(&self) -> bool {
        self.builtin && self.name == EMBEDDED_POOL && std::ptr::eq(self.db, fx::CardDb::pool())
    }

    fn card(&self, name: &str) -> PyResult<fx::CardId> {
        self.db.lookup(name).map_err(fx_err)
    }

    /// The text of a `name` argument that isn't remembered (`LastName`): a TypeError naming
    /// the argument, as the argument reader gives, if it isn't a str.
    fn name_text<'a>(name: &'a Bound<'_, PyAny>) -> PyResult<&'a Bound<'a, PyString>> {
        name.cast::<PyString>().map_err(|e| {
            let e = PyErr::from(e);
            PyTypeError::new_err(format!("argument 'name': {}", e.value(name.py())))
        })
    }
}

#[pymethods]
impl PyCardDb {
    /// The database of a compiled form (`cardstate.cards.compile.pool_json`), made once per
    /// distinct text and kept for the process; `name` names the pool in errors, `builtin`
    /// marks a pool of `cardstate.cards.pools` (pickled by its name).
    #[new]
    #[pyo3(signature = (json, name="custom", builtin=false))]
    fn new(json: &str, name: &str, builtin: bool) -> PyResult<Self> {
        if name.is_empty() {
            return Err(PyValueError::new_err("a pool's name must not be empty"));
        }
        Ok(PyCardDb {
            db: fx::CardDb::intern_json(json).map_err(fx_err)?,
            name: name.to_string(),
            builtin,
            text: Some(json.into()),
            last_name: LastName::default(),
        })
    }

    /// The built-in pool embedded in the extension (`cardstate.cards.pools["core"]`).
    #[staticmethod]
    fn pool(py: Python<'_>) -> PyResult<Py<PyCardDb>> {
        Ok(PyCardDb::embedded(py)?.clone_ref(py))
    }

    /// The pool's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether it is a built-in pool of `cardstate.cards.pools` (pickled by its name).
    #[getter]
    fn builtin(&self) -> bool {
        self.builtin
    }

    /// A hash of the cards and decks, the same on every machine.
    #[getter]
    fn fingerprint(&self) -> u64 {
        self.db.fingerprint()
    }

    fn __len__(&self) -> usize {
        self.db.len()
    }

    fn __repr__(&self) -> String {
        format!("<CardDb {:?}: {} cards>", self.name, self.db.len())
    }

    /// A built-in pool pickles by its name and fingerprint (read back from
    /// `cardstate.cards.pools`), any other by its compiled text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.text {
            Some(text) if !self.builtin => {
                let cls = py.get_type::<PyCardDb>();
                (cls, (&**text, &self.name, false)).into_pyobject(py)
            }
            _ => {
                let restore = py
                    .import("cardstate.cards.cardpool")?
                    .getattr("builtin_db")?;
                (restore, (&self.name, self.db.fingerprint())).into_pyobject(py)
            }
        }
    }

    /// The card names, in pool order.
    fn names(&self) -> Vec<String> {
        self.db.cards().map(|(_, c)| c.name.clone()).collect()
    }

    /// Decks by name.
    fn decks(&self) -> Vec<(String, Vec<String>)> {
        self.db
            .decks()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Creates an object of card `name` (its "enters with" counters on the battlefield).
    #[pyo3(signature = (game, name, controller, zone="battlefield", x=0))]
    fn place(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        name: &str,
        controller: u32,
        zone: &str,
        x: u64,
    ) -> PyResult<u32> {
        let card = self.card(name)?;
        let zone = zone_of(zone)?;
        let g = game_of(game)?;
        let mut st = g.get().lock(py, "CardDb.place")?;
        fx::place(self.db, &mut st.g, card, controller, zone, x).map_err(fx_err)
    }

    /// The three strike values (weak, medium, strong) of a classic Berserk creature `id`, its
    /// strength effects counted (None: not a card of this pool with three strike values, or
    /// no strength now).
    fn strikes(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        id: u32,
    ) -> PyResult<Option<(i128, i128, i128)>> {
        let g = game_of(game)?;
        let st = g.get().lock(py, "CardDb.strikes")?;
        let s = self.db.strikes(&st.g, id).map_err(fx_err)?;
        Ok(s.map(|[a, b, c]| (a, b, c)))
    }

    /// A resolution of ability `ability` of card `name` (None: its spell ability);
    /// `attacking`, `blocking`: the creatures in combat as it resolves (506.4); `history`:
    /// the turn's (creatures died, players who attacked, players who lost life: bit masks);
    /// `that_much`: the amount a triggered ability's event carried ("that many", 603.2);
    /// `division`: the damage divided among a target's entities (601.2d), by position.
    #[pyo3(signature = (name, controller, targets, *, ability=None, source=None, x=0, triggering=None, callbacks=false, order_effects=false, attacking=Vec::new(), blocking=Vec::new(), history=(0, 0, 0), that_much=0, division=Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn resolution(
        &self,
        name: &str,
        controller: u32,
        targets: Vec<u32>,
        ability: Option<u16>,
        source: Option<u32>,
        x: u64,
        triggering: Option<u32>,
        callbacks: bool,
        order_effects: bool,
        attacking: Vec<u32>,
        blocking: Vec<u32>,
        history: (u32, u64, u64),
        that_much: u64,
        division: Vec<u64>,
    ) -> PyResult<PyResolution> {
        let card = self.card(name)?;
        let mut ctx = match ability {
            None => Ctx::spell(self.db, card, controller).map_err(fx_err)?,
            Some(a) => Ctx::ability(card, a, controller),
        };
        ctx = ctx
            .with_targets(&targets)
            .with_x(x)
            .with_combat(&attacking, &blocking)
            .with_history(turn_history(history))
            .with_that_much(that_much)
            .with_division(&division);
        ctx.source = source;
        ctx.triggering = triggering;
        let mut r = Resolution::new(self.db, ctx).map_err(fx_err)?;
        r.callbacks = callbacks;
        r.order_effects = order_effects;
        Ok(PyResolution {
            db: self.db,
            r: Mutex::new(r),
        })
    }

    /// Resolves in one call with fixed answers: every "may" `may`, amounts the most,
    /// proliferate choosing `"all"` or `"none"` of the candidates. Returns
    /// ("done", fizzled, empty_draws, proliferated).
    #[pyo3(signature = (game, name, controller, targets, *, ability=None, source=None, x=0, may=true, proliferate="all"))]
    #[allow(clippy::too_many_arguments)]
    fn resolve<'py>(
        &self,
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
        name: &Bound<'py, PyAny>,
        controller: u32,
        targets: &Bound<'py, PyAny>,
        ability: Option<u16>,
        source: Option<u32>,
        x: u64,
        may: bool,
        proliferate: &str,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // Arguments in order: a name of the wrong type first, an unknown one after the others.
        // The card if the name is remembered (`LastName`), else its text.
        let named = match self.last_name.recall(name) {
            Some(card) => Ok(card),
            None => Err(Self::name_text(name)?),
        };
        let targets = target_ids(targets)?;
        let all = match proliferate {
            "all" => true,
            "none" => false,
            other => {
                return Err(PyValueError::new_err(format!(
                    "proliferate is \"all\" or \"none\", not {other:?}"
                )))
            }
        };
        let card = match named {
            Ok(card) => card,
            Err(text) => {
                let card = self.card(text.to_str()?)?;
                self.last_name.remember(name, card);
                card
            }
        };
        let mut ctx = match ability {
            None => Ctx::spell(self.db, card, controller).map_err(fx_err)?,
            Some(a) => Ctx::ability(card, a, controller),
        };
        ctx.targets = targets;
        ctx.x = x;
        ctx.source = source;
        let g = game_of(game)?;
        let mut st = g.get().lock(py, "CardDb.resolve")?;
        let o = fx::runtime::resolve_fixed(&mut st.g, self.db, ctx, may, all).map_err(fx_err)?;
        drop(st);
        done(py, o)
    }

    /// Pays the {E}, remove-counter and sacrifice costs of activated ability `ability` of card
    /// `name` (all or nothing: CannotPay).
    fn pay_costs(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        name: &str,
        ability: u16,
        source: u32,
        controller: u32,
    ) -> PyResult<()> {
        let card = self.card(name)?;
        let g = game_of(game)?;
        let mut st = g.get().lock(py, "CardDb.pay_costs")?;
        fx::runtime::pay_costs(&mut st.g, self.db, card, ability, source, controller)
            .map_err(fx_err)
    }

    /// The triggered abilities fired by `events`: tuples (kind, a, b, amount, flag) with kind
    /// one of entered/died/left (a: object), damage (a: source, b: target, flag: combat),
    /// counters_put (a: target), attacks, becomes_blocked (a: attacker), cast (a: spell,
    /// b: controller), becomes_target (a: target, b: the controller of the spell or ability, amount: the
    /// spell's object, 2**32 - 1 for none; flag: by a spell), upkeep, proliferated
    /// (a: player), drew (a: player, amount: its nth card this turn), attacked (a: player,
    /// amount: its attackers), gained_life/lost_life (a: player), noncombat_damage (a: the source's controller, b: the opponent it was dealt to), wounded/healed (a: target; Berserk). Returns (source, controller, card name, ability, triggering, amount) tuples: the amount the event carried for an ability that reads it ("that many"), else 0. `history`: the turn's, as for `resolution`.
    #[pyo3(signature = (game, events, history=(0, 0, 0)))]
    fn fired<'py>(
        &self,
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
        events: Vec<(String, u32, u32, u64, bool)>,
        history: (u32, u64, u64),
    ) -> PyResult<Bound<'py, PyList>> {
        let mut evs = Vec::with_capacity(events.len());
        for (kind, a, b, amount, flag) in events {
            evs.push(CardEvent::Game(match kind.as_str() {
                "entered" => GameEvent::Entered { object: a },
                "died" => GameEvent::Died { object: a },
                "left" => GameEvent::LeftBattlefield { object: a },
                "damage" => GameEvent::Damage {
                    source: a,
                    target: b,
                    amount,
                    combat: flag,
                },
                "counters_put" => GameEvent::CountersPut { target: a, amount },
                "attacks" => GameEvent::Attacks { attacker: a },
                "becomes_blocked" => GameEvent::BecomesBlocked { attacker: a },
                "cast" => GameEvent::Cast {
                    spell: a,
                    controller: b,
                    before: u32::try_from(amount).unwrap_or(u32::MAX),
                },
                "becomes_target" => GameEvent::BecomesTarget {
                    target: a,
                    by_spell: flag,
                    by: b,
                    spell: u32::try_from(amount).unwrap_or(NO_SPELL),
                },
                "upkeep" => GameEvent::Upkeep { player: a },
                "proliferated" => GameEvent::Proliferated { player: a },
                "gained_life" => GameEvent::LifeGained { player: a, amount },
                "lost_life" => GameEvent::LifeLost { player: a, amount },
                "noncombat_damage" => GameEvent::NoncombatDamageToOpponent { player: a, amount },
                "untapped" => GameEvent::Untapped { object: a },
                "beginning_of_combat" => GameEvent::BeginningOfCombat { player: a },
                "end_step" => GameEvent::EndStep { player: a },
                "attacked" => GameEvent::Attacked {
                    player: a,
                    creatures: u32::try_from(amount).unwrap_or(u32::MAX),
                },
                "drew" => GameEvent::Drew {
                    player: a,
                    nth: u32::try_from(amount).unwrap_or(u32::MAX),
                },
                "wounded" => {
                    evs.push(CardEvent::Wounded { target: a, amount });
                    continue;
                }
                "healed" => {
                    evs.push(CardEvent::Healed { target: a, amount });
                    continue;
                }
                other => {
                    return Err(PyValueError::new_err(format!(
                        "unknown trigger event kind {other:?}"
                    )))
                }
            }));
        }
        let g = game_of(game)?;
        let st = g.get().lock(py, "CardDb.fired")?;
        let mut out = Vec::new();
        fx::fired_events_with_history(self.db, &st.g, &evs, turn_history(history), &mut out);
        drop(st);
        let items: Vec<Bound<'py, PyTuple>> = out
            .iter()
            .map(|f| {
                (
                    f.source,
                    f.controller,
                    self.db.card(f.card).name.as_str(),
                    f.ability,
                    f.triggering,
                    f.amount,
                )
                    .into_pyobject(py)
            })
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }
}

/// A `pool` argument as a database: None is the embedded pool, a `CardDb` itself; anything
/// else (a `CardPool`, the name of one of `cardstate.cards.pools`) is converted by
/// `cardstate.cards.cardpool.native_db`, with its errors.
pub(crate) fn pool_arg<'py>(
    py: Python<'py>,
    pool: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyCardDb>> {
    let Some(pool) = pool.filter(|p| !p.is_none()) else {
        return Ok(PyCardDb::embedded(py)?.bind(py).clone());
    };
    if let Ok(db) = pool.cast::<PyCardDb>() {
        return Ok(db.clone());
    }
    let native = py
        .import("cardstate.cards.cardpool")?
        .getattr("native_db")?
        .call1((pool,))?;
    Ok(native.cast_into::<PyCardDb>()?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCardDb>()?;
    m.add_class::<PyResolution>()?;
    Ok(())
}
