//! The duel's binding: `cardstate._native.Duel` (docs/DUEL.md). Converts arguments and errors;
//! the rules are in cardstate-duel.

use crate::args::{named_weights, prior_over};
use crate::cards::{pool_arg, PyCardDb};
use cardstate_core::Zone;
use cardstate_duel::cards::Pool;
use cardstate_duel::duel::Spare;
use cardstate_duel::{Duel as RustDuel, DuelError, Format, Options, NUM_ACTIONS};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

fn to_py(e: DuelError) -> PyErr {
    PyValueError::new_err(e.0)
}

/// A string as Rust's `{:?}` quotes it (the reference duel quotes names the same way).
fn quoted(s: &str) -> String {
    format!("{s:?}")
}

/// The cards of deck argument `which` ("deck0"): a registered deck name of the pool, a path to
/// a deck file (`os.PathLike`, read by `cardstate.cards.deckfile.load_deck`), or card names of
/// the pool; then checked against `format` (100.2, `cardstate_duel::deck`).
pub(crate) fn deck_arg(
    db: &PyCardDb,
    deck: &Bound<'_, PyAny>,
    which: &str,
    format: Format,
) -> PyResult<Vec<u16>> {
    let pool = Pool::new(db.db());
    let cards = deck_cards(db, pool, deck, which)?;
    format
        .check(pool, &cards)
        .map_err(|e| PyValueError::new_err(format!("{which}: {e}")))?;
    Ok(cards)
}

fn deck_cards(
    db: &PyCardDb,
    pool: Pool,
    deck: &Bound<'_, PyAny>,
    which: &str,
) -> PyResult<Vec<u16>> {
    let in_pool = || format!("in the pool {}", quoted(db.pool_name()));
    if let Ok(name) = deck.cast::<PyString>() {
        let name = name.to_str()?;
        if !db.db().decks().contains_key(name) {
            let decks: Vec<&str> = db.db().decks().keys().map(|k| k.as_str()).collect();
            let known = if decks.is_empty() {
                "it has no decks".to_string()
            } else {
                format!("its decks: {}", decks.join(", "))
            };
            return Err(PyValueError::new_err(format!(
                "{which}: unknown deck {} {}; {known}",
                quoted(name),
                in_pool()
            )));
        }
        return pool.registered_deck(name).map_err(PyValueError::new_err);
    }
    let py = deck.py();
    let names;
    let deck = if is_path(deck)? {
        names = py
            .import("cardstate.cards.deckfile")?
            .getattr("load_deck")?
            .call1((deck,))?;
        &names
    } else {
        deck
    };
    let Ok(items) = deck.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "{which}: a deck is a registered deck name, a deck file's path or a list of card names"
        )));
    };
    let mut out = Vec::new();
    for item in items {
        let item = item?;
        let Ok(s) = item.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "{which}: a deck lists card names (str), got {}",
                item.get_type().name()?
            )));
        };
        let s = s.to_str()?;
        match pool.by_name(s) {
            Some(c) => out.push(c),
            None => {
                return Err(PyValueError::new_err(format!(
                    "{which}: unknown card {} {}",
                    quoted(s),
                    in_pool()
                )))
            }
        }
    }
    Ok(out)
}

/// Whether `obj` is a path (`os.PathLike`: its type has `__fspath__`).
fn is_path(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    static PATH_LIKE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = obj.py();
    let path_like = PATH_LIKE.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("os")?.getattr("PathLike")?.unbind())
    })?;
    obj.is_instance(path_like.bind(py))
}

/// A `format` argument (`free`, `limited`, `constructed`).
pub(crate) fn format_arg(format: &str) -> PyResult<Format> {
    Format::parse(format).map_err(PyValueError::new_err)
}

fn player_arg(player: i64) -> PyResult<usize> {
    match player {
        0 | 1 => Ok(player as usize),
        _ => Err(PyValueError::new_err(format!(
            "player must be 0 or 1, got {player}"
        ))),
    }
}

/// `observe::features()` as Python reads them.
pub(crate) fn observation_features() -> Vec<(&'static str, usize, usize)> {
    cardstate_duel::observe::features()
        .iter()
        .map(|f| (f.name.as_str(), f.offset, f.size))
        .collect()
}

/// The duel of a `Duel` object, boxed: the object Python allocates (and zeroes) stays small.
/// As the object is dropped its duel is kept (`Spare`, up to `SPARES` a thread) for the
/// thread's next `clone` to be written over (docs/PERFORMANCE.md, "Dropped duels kept for the
/// next copy"). Empty only while dropped.
struct DuelBox(Option<Box<RustDuel>>);

/// How many dropped duels a thread keeps for `clone`.
const SPARES: usize = 4;

thread_local! {
    static SPARES_KEPT: RefCell<Vec<Spare>> = const { RefCell::new(Vec::new()) };
}

impl DuelBox {
    /// A copy of `d` (`Duel::fork`), written over a kept duel if the thread has one.
    fn fork(d: &mut RustDuel) -> DuelBox {
        let spare = SPARES_KEPT
            .try_with(|s| s.try_borrow_mut().ok().and_then(|mut s| s.pop()))
            .ok()
            .flatten();
        DuelBox(Some(match spare {
            Some(spare) => spare.fork_from(d),
            None => Box::new(d.fork()),
        }))
    }
}

impl Deref for DuelBox {
    type Target = RustDuel;
    fn deref(&self) -> &RustDuel {
        self.0.as_deref().expect("a duel until dropped")
    }
}

impl DerefMut for DuelBox {
    fn deref_mut(&mut self) -> &mut RustDuel {
        self.0.as_deref_mut().expect("a duel until dropped")
    }
}

impl Drop for DuelBox {
    fn drop(&mut self) {
        let Some(d) = self.0.take() else {
            return;
        };
        // Dropped here if the thread keeps enough already (or is exiting).
        let _ = SPARES_KEPT.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                if s.len() < SPARES {
                    s.push(Spare::new(d));
                }
            }
        });
    }
}

/// A two-player duel of Magic on the kernel (docs/DUEL.md), with OpenSpiel's names.
#[pyclass(module = "cardstate._native", name = "Duel")]
pub(crate) struct PyDuel {
    inner: DuelBox,
    /// The pool's object: what `pool` returns and pickles carry.
    pool: Py<PyCardDb>,
    legal: Vec<u32>,
    obs: Vec<f32>,
}

impl PyDuel {
    /// A duel on `pool`'s database (the caller made it with that database).
    pub(crate) fn from_duel(inner: RustDuel, pool: Py<PyCardDb>) -> PyDuel {
        PyDuel::boxed(DuelBox(Some(Box::new(inner))), pool)
    }

    fn boxed(inner: DuelBox, pool: Py<PyCardDb>) -> PyDuel {
        debug_assert!(std::ptr::eq(inner.pool().db(), pool.get().db()));
        PyDuel {
            inner,
            pool,
            legal: Vec::new(),
            obs: Vec::new(),
        }
    }

    /// The Rust duel inside (the agents binding runs playouts and searches on it).
    #[allow(dead_code)]
    pub(crate) fn duel(&self) -> &RustDuel {
        &self.inner
    }

    /// The name of the duel's pool (for error messages).
    pub(crate) fn pool_name(&self) -> &str {
        self.pool.get().pool_name()
    }

    #[allow(dead_code)]
    pub(crate) fn duel_mut(&mut self) -> &mut RustDuel {
        &mut self.inner
    }
}

#[pymethods]
impl PyDuel {
    #[new]
    #[pyo3(signature = (deck0, deck1, *, pool=None, seed=0, turn_limit=40, auto_pass=true, mulligans=true, assign_damage=true, format="free"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        deck0: &Bound<'_, PyAny>,
        deck1: &Bound<'_, PyAny>,
        pool: Option<&Bound<'_, PyAny>>,
        seed: u64,
        turn_limit: u32,
        auto_pass: bool,
        mulligans: bool,
        assign_damage: bool,
        format: &str,
    ) -> PyResult<PyDuel> {
        let db = pool_arg(py, pool)?;
        let format = format_arg(format)?;
        let d0 = deck_arg(db.get(), deck0, "deck0", format)?;
        let d1 = deck_arg(db.get(), deck1, "deck1", format)?;
        let table = Pool::new(db.get().db());
        let options = Options {
            mulligans,
            assign_damage,
        };
        let mut d =
            RustDuel::with_options(table, &d0, &d1, seed, turn_limit, options).map_err(to_py)?;
        if !auto_pass {
            d.set_auto_pass(false);
        }
        Ok(PyDuel::from_duel(d, db.unbind()))
    }

    /// The pool the duel plays with (its `CardDb`).
    #[getter]
    fn pool(&self, py: Python<'_>) -> Py<PyCardDb> {
        self.pool.clone_ref(py)
    }

    /// Whether the duel plays the London mulligan (103.5; its set-up).
    #[getter]
    fn mulligans(&self) -> bool {
        self.inner.options().mulligans
    }

    /// Whether the attacking player divides blocked creatures' combat damage (510.1c,
    /// 702.19b; its set-up), or the automatic division rule does.
    #[getter]
    fn assign_damage(&self) -> bool {
        self.inner.options().assign_damage
    }

    /// The player to decide (0 or 1), or -4 once the game is over.
    fn current_player(&self) -> i32 {
        self.inner.current_player()
    }

    /// The legal action ids, ascending.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.inner.legal_actions(&mut self.legal);
        PyList::new(py, &self.legal)
    }

    /// The legal actions as a numpy bool mask of length `num_distinct_actions()`.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.inner.legal_actions(&mut self.legal);
        let mut mask = vec![false; NUM_ACTIONS as usize];
        for &a in &self.legal {
            mask[a as usize] = true;
        }
        PyArray1::from_vec(py, mask)
    }

    /// Applies a legal action; an illegal one is a ValueError and changes nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let Ok(a) = u32::try_from(action) else {
            return Err(PyValueError::new_err(format!(
                "action {action} is not legal now"
            )));
        };
        self.inner.apply_action(a).map_err(to_py)
    }

    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// [1.0, -1.0], [-1.0, 1.0], or [0.0, 0.0] for a draw (and before the end).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns().to_vec()
    }

    /// What `player` sees, as a numpy float32 array of shape `observation_shape()`.
    fn observation_tensor<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let p = player_arg(player)?;
        self.obs.resize(self.inner.observation_len(), 0.0);
        self.inner.observation(p, &mut self.obs);
        Ok(PyArray1::from_slice(py, &self.obs))
    }

    /// The shape of an observation: the same for every pool (docs/DUEL.md).
    fn observation_shape(&self) -> (usize,) {
        (self.inner.observation_len(),)
    }

    /// Every feature of the observation in order, as `(name, offset, size)`: they cover it
    /// exactly once (docs/DUEL.md, "Observations").
    #[staticmethod]
    fn observation_features() -> Vec<(&'static str, usize, usize)> {
        observation_features()
    }

    /// The id of the observation's layout: it changes whenever the layout does.
    #[staticmethod]
    fn observation_schema() -> &'static str {
        cardstate_duel::observe::schema_id()
    }

    /// The kind of decision the game waits for ("priority", "attack", "block", "number",
    /// "target", "yes_no", "option", "legend", ..., "over": docs/DUEL.md, "Decisions").
    fn decision(&self) -> &'static str {
        self.inner.decision().name()
    }

    /// The most decisions a game can have (a game reaching it is a draw).
    fn max_game_length(&self) -> u32 {
        self.inner.max_game_length()
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    /// The action in words (its first word: pass, play, cast, activate, target, attack, block,
    /// proliferate, choose, keep, mulligan, put, discard, apply, yes or no).
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        match u32::try_from(action) {
            Ok(a) if a < NUM_ACTIONS => Ok(self.inner.action_to_string(a)),
            _ => Err(PyValueError::new_err(format!(
                "no action {action}: ids are 0..{NUM_ACTIONS}"
            ))),
        }
    }

    fn string_to_action(&self, s: &str) -> PyResult<u32> {
        self.inner
            .string_to_action(s)
            .ok_or_else(|| PyValueError::new_err(format!("no action {s:?} here")))
    }

    /// An independent copy.
    fn clone(&mut self, py: Python<'_>) -> PyDuel {
        PyDuel::boxed(DuelBox::fork(&mut self.inner), self.pool.clone_ref(py))
    }

    fn __copy__(&mut self, py: Python<'_>) -> PyDuel {
        self.clone(py)
    }

    fn __deepcopy__(&mut self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyDuel {
        self.clone(py)
    }

    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// Reads `to_bytes()` output with its cards looked up by name in `pool` (the log is
    /// replayed; bad bytes are a ValueError).
    #[staticmethod]
    #[pyo3(signature = (data, *, pool=None))]
    fn from_bytes(
        py: Python<'_>,
        data: &[u8],
        pool: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyDuel> {
        let db = pool_arg(py, pool)?;
        let d = RustDuel::from_bytes(Pool::new(db.get().db()), data).map_err(to_py)?;
        Ok(PyDuel::from_duel(d, db.unbind()))
    }

    /// Pickles as `_duel_restore(bytes)` on the embedded pool, else
    /// `_duel_restore(bytes, pool)` with the pool's `CardDb` (which pickles by its name or its
    /// compiled text: docs/FORMAT.md).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("cardstate._native")?.getattr("_duel_restore")?;
        let bytes = PyBytes::new(py, &self.inner.to_bytes());
        if self.pool.get().is_embedded() {
            (restore, (bytes,)).into_pyobject(py)
        } else {
            (restore, (bytes, self.pool.clone_ref(py))).into_pyobject(py)
        }
    }

    /// A 64-bit hash of the whole state.
    fn hash(&self) -> u64 {
        self.inner.state_hash()
    }

    /// The turn number (1 for the first turn).
    fn turn(&self) -> u32 {
        self.inner.turn()
    }

    /// The step's name (e.g. "main1", "declare attackers").
    fn step(&self) -> &'static str {
        self.inner.step().name()
    }

    /// The actions applied so far.
    fn history(&self) -> Vec<u32> {
        self.inner.history().collect()
    }

    /// A copy of the kernel game underneath (for reading).
    #[getter]
    fn game(&self, py: Python<'_>) -> crate::game::PyGame {
        crate::game::PyGame::wrap(py, self.inner.game().clone())
    }

    /// A copy in which everything `player` can't see is dealt again from `seed`; with a
    /// `prior` (card name -> weight), the opponent's hidden cards are dealt from it instead of
    /// from the opponent's deck list.
    #[pyo3(signature = (player, seed, prior=None))]
    fn resample(
        &self,
        py: Python<'_>,
        player: i64,
        seed: u64,
        prior: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyDuel> {
        let p = player_arg(player)?;
        let resampled = match prior {
            None => self.inner.resample(p, seed),
            Some(prior) => {
                let weights = named_weights(prior, "prior")?;
                let pool = self.pool.get();
                let prior = prior_over(self.inner.pool(), pool.pool_name(), &weights, "prior")?;
                self.inner.resample_from(p, seed, &prior)
            }
        };
        Ok(PyDuel::from_duel(resampled, self.pool.clone_ref(py)))
    }

    /// Puts a card of the pool into a player's zone (scenario set-up); returns the kernel id
    /// for a public zone, None for a hand or library (hidden zones have no kernel objects).
    fn add_card(&mut self, player: i64, card_name: &str, zone: &str) -> PyResult<Option<u32>> {
        let p = player_arg(player)?;
        let Some(c) = self.inner.pool().by_name(card_name) else {
            return Err(PyValueError::new_err(format!(
                "unknown card {} in the pool {}",
                quoted(card_name),
                quoted(self.pool.get().pool_name())
            )));
        };
        let z = Zone::parse(zone).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.inner.add_card(p, c, z).map_err(to_py)
    }

    /// The player whose turn it is.
    fn active_player(&self) -> u8 {
        self.inner.active_player()
    }

    /// Cards in a player's hand, in the canonical order (hand slot i is the i-th).
    fn hand(&self, player: i64) -> PyResult<Vec<String>> {
        let p = player_arg(player)?;
        Ok(self
            .inner
            .side(p)
            .hand
            .iter()
            .map(|&c| self.inner.pool().name(c).to_string())
            .collect())
    }

    /// A player's permanents (kernel ids), in permanent-slot order.
    fn battlefield(&self, player: i64) -> PyResult<Vec<u32>> {
        let p = player_arg(player)?;
        Ok(self.inner.battlefield(p).to_vec())
    }

    fn library_size(&self, player: i64) -> PyResult<usize> {
        Ok(self.inner.side(player_arg(player)?).library.len())
    }

    /// Whether a permanent is tapped (the duel keeps the tapped status).
    fn is_tapped(&self, id: u32) -> bool {
        self.inner.is_tapped(id)
    }

    /// The board as `player` sees it (the opponent's hand as its size only).
    fn board(&self, player: i64) -> PyResult<String> {
        Ok(self.inner.board_for(Some(player_arg(player)?)))
    }

    fn __str__(&self) -> String {
        self.inner.board()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Duel turn {} {}, player {} to act>",
            self.inner.turn(),
            self.inner.step().name(),
            self.inner.current_player()
        )
    }
}

/// A pickled duel read back: its bytes on its pool (the embedded one if none is given).
#[pyfunction]
#[pyo3(signature = (data, pool=None))]
fn _duel_restore(py: Python<'_>, data: &[u8], pool: Option<&Bound<'_, PyAny>>) -> PyResult<PyDuel> {
    PyDuel::from_bytes(py, data, pool)
}

/// Registers the duel's class and helpers in the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDuel>()?;
    m.add_function(wrap_pyfunction!(_duel_restore, m)?)?;
    let decks: Vec<&str> = cardstate_effects::CardDb::pool()
        .decks()
        .keys()
        .map(|s| s.as_str())
        .collect();
    m.add("DUEL_DECKS", decks)?;
    // The duel's value, which cardstate.players.TERMINAL_PLAYER (pure Python, for the
    // reference duel) is checked against.
    m.add("TERMINAL_PLAYER", cardstate_duel::TERMINAL)?;
    Ok(())
}
