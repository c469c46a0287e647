"""Card pools: :class:`CardPool` (compiled cards by name, and decks), the built-in pools by name
(:data:`pools`), and the ``pool=`` argument every duel, batch, runner and adapter takes.

A pool is made from card definitions (``CardPool(cards, decks)``), from a Python module or file
or from a compiled JSON file (:meth:`CardPool.load`), from compiled JSON text
(:meth:`CardPool.from_json`), or by combining two (``pool_a | pool_b``). Its Rust database
(:attr:`CardPool.native`) is made from its compiled text at run time: a card declared in Python
plays in the Rust duel, in search and in the batch without rebuilding anything
(docs/CARDS.md, "Card pools").
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from cardstate._native import CardDb
from cardstate.cards.compile import FORMAT_VERSION, CompiledCard, compile_pool, pool_json
from cardstate.cards.deckfile import load_deck
from cardstate.cards.vocab import BerserkCard, Card

__all__ = [
    "CORE",
    "CardPool",
    "PoolRegistry",
    "builtin_db",
    "builtin_pool",
    "native_db",
    "pool_arg",
    "pools",
]

CORE = "core"
"""The name of the built-in pool embedded in the extension (``cardstate.cards.pool``)."""


def _deck_lists(decks: Mapping[str, Any] | None) -> dict[str, list[str]]:
    """Decks by name as lists of card names (a deck given as a path is read as a deck file)."""
    if decks is None:
        return {}
    if not isinstance(decks, Mapping):
        raise TypeError(f"decks is a mapping of deck names to card names, got {decks!r}")
    out: dict[str, list[str]] = {}
    for name, deck in decks.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"a deck's name is a non-empty str, got {name!r}")
        if isinstance(deck, os.PathLike):
            out[name] = load_deck(deck)
        elif isinstance(deck, str) or not isinstance(deck, Iterable):
            raise TypeError(f"deck {name!r} is a list of card names or a deck file's path")
        else:
            out[name] = list(deck)
    return out


def _characteristics(data: Mapping[str, Any]) -> Card | BerserkCard:
    """The characteristics of a compiled card as a :class:`Card` or a :class:`BerserkCard` (its
    abilities are only in the compiled form)."""
    b = data.get("berserk")
    if b is not None:
        return BerserkCard(
            name=data["name"],
            types=tuple(data.get("types", ())),
            cost=None if b["cost"] is None else b["cost"]["text"],
            element=b["element"],
            subtypes=tuple(data.get("subtypes", ())),
            strength=b["strength"] if b["strikes"] is None else tuple(b["strikes"]),
            lives=b["lives"],
            movement=b["movement"],
            flying=b["flying"],
            elite=b["elite"],
            keywords=tuple(b["keywords"]),
            text=data.get("oracle", ""),
            info=dict(data.get("info", {})),
            reconstructed=b["reconstructed"],
        )
    cost = data.get("cost")
    return Card(
        name=data["name"],
        types=tuple(data.get("types", ())),
        cost=None if cost is None else cost["text"],
        supertypes=tuple(data.get("supertypes", ())),
        subtypes=tuple(data.get("subtypes", ())),
        power=data.get("power"),
        toughness=data.get("toughness"),
        loyalty=data.get("loyalty"),
        keywords=dict(data.get("keywords", {})),
        oracle=data.get("oracle", ""),
        info=dict(data.get("info", {})),
    )


class CardPool(Mapping[str, CompiledCard]):
    """Compiled cards by name, and decks (``.decks``: name -> card names), runnable by both
    interpreters and playable in both duels. The built-in ones are in :data:`pools`
    (``pools["core"]`` is ``cardstate.cards.pool``).

    ``CardPool(cards, decks=None, *, name="custom")`` compiles ``cards``
    (:class:`~cardstate.cards.vocab.Card` values; a bad one is a ``ValueError`` naming the card
    and the field) with ``decks`` (name -> card names, or a deck file's path); ``name`` names
    the pool in errors. A card's Python effects (``PythonEffect``) run only through
    :mod:`cardstate.cards.embed` with the pool they were declared in: the compiled form, and so
    a pool read back from it, doesn't carry them (the duels never run them)."""

    name: str
    """The pool's name, as errors give it."""
    decks: dict[str, list[str]]
    data: dict[str, dict[str, Any]]
    """The compiled form of each card (name -> plain data)."""

    def __init__(
        self,
        cards: Iterable[Card | BerserkCard],
        decks: Mapping[str, Any] | None = None,
        *,
        name: str = "custom",
        _native: CardDb | None = None,
    ) -> None:
        deck_lists = _deck_lists(decks)
        compiled, form = compile_pool(cards, deck_lists)
        self._set(compiled, deck_lists, form, name, _native)

    def _set(
        self,
        cards: dict[str, CompiledCard],
        decks: dict[str, list[str]],
        form: dict[str, Any],
        name: str,
        native: CardDb | None,
    ) -> None:
        if not isinstance(name, str) or not name:
            raise TypeError(f"a pool's name is a non-empty str, got {name!r}")
        self._cards = cards
        self._form = form
        self._json: str | None = None
        self._native = native
        self.name = name
        self.builtin = False
        self.decks = decks
        self.data = {n: c.data for n, c in cards.items()}

    @classmethod
    def _of(
        cls,
        cards: dict[str, CompiledCard],
        decks: dict[str, list[str]],
        name: str,
        native: CardDb | None = None,
    ) -> CardPool:
        """A pool of cards compiled already (checked: names unique, decks of known cards)."""
        for deck, contents in decks.items():
            for n in contents:
                if n not in cards:
                    raise ValueError(f"deck {deck!r}: unknown card {n!r}")
        form = {
            "version": FORMAT_VERSION,
            "cards": [c.data for c in cards.values()],
            "decks": {k: list(v) for k, v in decks.items()},
        }
        pool = cls.__new__(cls)
        pool._set(cards, decks, form, name, native)
        return pool

    # ----- other sources ----------------------------------------------------------------------

    @classmethod
    def from_json(cls, text: str, *, name: str = "custom") -> CardPool:
        """A pool from compiled JSON text (``pool.json``, as :attr:`json` writes it), checked
        by the Rust runtime (``ValueError`` naming what is wrong). Its cards' ``.card`` hold
        their characteristics; their abilities are in ``.data``."""
        if not isinstance(text, str):
            raise TypeError(f"compiled JSON is a str, got {type(text).__name__}")
        try:
            form = json.loads(text)
        except ValueError as e:
            raise ValueError(f"pool {name!r}: bad compiled card data: {e}") from None
        if not isinstance(form, dict) or not isinstance(form.get("cards"), list):
            raise ValueError(f"pool {name!r}: compiled card data is an object with 'cards'")
        canonical = pool_json(form)
        native = CardDb(canonical, name)  # the Rust runtime's checks, before anything is kept
        cards: dict[str, CompiledCard] = {}
        for data in form["cards"]:
            cards[data["name"]] = CompiledCard(_characteristics(data), data)
        decks = {k: list(v) for k, v in form.get("decks", {}).items()}
        pool = cls._of(cards, decks, name, native)
        pool._json = canonical
        return pool

    @classmethod
    def load(cls, source: str | os.PathLike[str], *, name: str | None = None) -> CardPool:
        """A pool from a file or a module: a ``.json`` file of compiled JSON, a ``.py`` file,
        or an importable module's name (``"my_package.cards"``). A module gives its pool as
        ``POOL`` (a :class:`CardPool`) or as ``CARDS`` (its cards) with ``DECKS`` (optional:
        name -> card names or a deck file's path). ``name`` defaults to the file's stem or the
        module's name."""
        text = os.fspath(source)
        if not isinstance(text, str):
            raise TypeError(f"a pool's source is a str or a path, got {type(text).__name__}")
        path = Path(text)
        if path.suffix == ".json":
            label = name or path.stem
            return cls.from_json(path.read_text(encoding="utf-8"), name=label)
        if path.suffix == ".py" or path.is_file():
            if not path.is_file():
                raise FileNotFoundError(f"no pool file {text!r}")
            return cls._from_module(_run_file(path), name or path.stem)
        try:
            module = importlib.import_module(text)
        except ImportError as e:
            raise ValueError(f"pool {text!r}: no such file or module ({e})") from None
        return cls._from_module(module, name or text.rpartition(".")[2])

    @classmethod
    def _from_module(cls, module: ModuleType, name: str) -> CardPool:
        pool = getattr(module, "POOL", None)
        if pool is not None:
            if not isinstance(pool, CardPool):
                raise TypeError(f"pool {name!r}: POOL is a CardPool, got {type(pool).__name__}")
            return pool
        cards = getattr(module, "CARDS", None)
        if cards is None:
            raise ValueError(
                f"pool {name!r}: the module defines neither POOL (a CardPool) nor CARDS"
            )
        return cls(cards, getattr(module, "DECKS", None), name=name)

    # ----- the mapping ------------------------------------------------------------------------

    def __getitem__(self, name: str) -> CompiledCard:
        return self._cards[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        decks = ", ".join(self.decks) or "none"
        return f"CardPool({self.name!r}: {len(self)} cards, decks: {decks})"

    def __or__(self, other: object) -> CardPool:
        """The cards and decks of both (``ValueError`` if a card or deck name is in both)."""
        if not isinstance(other, CardPool):
            return NotImplemented
        clash = sorted(set(self._cards) & set(other._cards))
        if clash:
            raise ValueError(
                f"pools {self.name!r} and {other.name!r} both define the card(s) "
                f"{', '.join(map(repr, clash))}"
            )
        clash = sorted(set(self.decks) & set(other.decks))
        if clash:
            raise ValueError(
                f"pools {self.name!r} and {other.name!r} both define the deck(s) "
                f"{', '.join(map(repr, clash))}"
            )
        return CardPool._of(
            {**self._cards, **other._cards},
            {**self.decks, **other.decks},
            f"{self.name}|{other.name}",
        )

    def with_decks(self, decks: Mapping[str, Any], *, name: str | None = None) -> CardPool:
        """The same cards with ``decks`` added (name -> card names of this pool, or a deck
        file's path; ``ValueError`` for a name it has already or an unknown card)."""
        extra = _deck_lists(decks)
        clash = sorted(set(self.decks) & set(extra))
        if clash:
            names = ", ".join(map(repr, clash))
            raise ValueError(f"the pool {self.name!r} has the deck(s) {names}")
        return CardPool._of(dict(self._cards), {**self.decks, **extra}, name or self.name)

    # ----- the compiled form and the Rust runtime -----------------------------------------------

    @property
    def form(self) -> dict[str, Any]:
        """The whole compiled form (cards and decks)."""
        return self._form

    @property
    def json(self) -> str:
        """The compiled form as JSON text (what workers receive, what :meth:`from_json`
        reads)."""
        if self._json is None:
            self._json = pool_json(self._form)
        return self._json

    @property
    def native(self) -> CardDb:
        """The Rust runtime's database of these cards, made from :attr:`json` on first use
        (one per distinct pool, kept for the process)."""
        if self._native is None:
            self._native = CardDb(self.json, self.name, self.builtin)
        return self._native

    def callables(self, name: str) -> tuple[Callable[[Any, Any], None], ...]:
        """The Python functions of a card's escape-hatch effects."""
        return self._cards[name].callables

    def __reduce__(self) -> tuple[Any, ...]:
        """A built-in pool pickles by its name and fingerprint, any other by its compiled
        JSON (Python effects don't travel)."""
        if self.builtin:
            return (builtin_pool, (self.name, self.native.fingerprint))
        return (_from_json, (self.json, self.name))


def _from_json(text: str, name: str) -> CardPool:
    return CardPool.from_json(text, name=name)


def _run_file(path: Path) -> ModuleType:
    """Runs a Python file as a module of its own (its imports work as in a script's
    directory)."""
    module_name = f"_cardstate_pool_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"can't load {str(path)!r} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


# ----- the built-in pools ------------------------------------------------------------------------


class PoolRegistry(Mapping[str, CardPool]):
    """Pools by name, each made on first use: the built-in ones (``"core"``, and those the
    package adds) and any a program registers."""

    def __init__(self) -> None:
        self._makers: dict[str, tuple[Callable[[], CardPool], bool]] = {}
        self._made: dict[str, CardPool] = {}
        # Each pool is made once, whatever thread asks first (a maker may ask for another).
        self._lock = threading.RLock()

    def register(
        self, name: str, pool: CardPool | Callable[[], CardPool], *, builtin: bool = False
    ) -> None:
        """Registers ``pool`` (or a function making it on first use) as ``name``. A
        ``builtin`` pool is one the package defines: it pickles by its name; any other pool
        pickles by its compiled JSON, so a pickle never depends on a registration."""
        if not isinstance(name, str) or not name:
            raise TypeError(f"a pool's name is a non-empty str, got {name!r}")
        if isinstance(pool, CardPool):
            made = pool
            maker: Callable[[], CardPool] = lambda: made  # noqa: E731
        elif callable(pool):
            maker = pool
        else:
            raise TypeError(f"pool is a CardPool or a function making one, got {pool!r}")
        with self._lock:
            if name in self._makers:
                raise ValueError(f"a pool named {name!r} is registered already")
            self._makers[name] = (maker, builtin)

    def __getitem__(self, name: str) -> CardPool:
        pool = self._made.get(name)
        if pool is not None:
            return pool
        with self._lock:
            pool = self._made.get(name)
            if pool is not None:
                return pool
            maker, builtin = self._makers[name]
            pool = maker()
            if not isinstance(pool, CardPool):
                raise TypeError(f"pool {name!r} was made as {type(pool).__name__}, not a CardPool")
            if builtin:
                pool.name, pool.builtin = name, True
            self._made[name] = pool
            return pool

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __repr__(self) -> str:
        return f"PoolRegistry({', '.join(self._makers)})"


pools = PoolRegistry()
"""The pools by name: ``"core"`` (the built-in pool embedded in the extension,
``cardstate.cards.pool``), and the others the package defines."""


def _core() -> CardPool:
    from cardstate.cards.pool import CARDS, DECKS

    return CardPool(CARDS, DECKS, name=CORE, _native=CardDb.pool())


pools.register(CORE, _core, builtin=True)


def _berserk() -> CardPool:
    from cardstate.cards.berserk_pool import BERSERK, CARDS

    return CardPool(CARDS, name=BERSERK)


pools.register("berserk", _berserk, builtin=True)


def _fdn() -> CardPool:
    from cardstate.cards.fdn import make_pool

    return make_pool()


pools.register("fdn", _fdn, builtin=True)


def _pauper() -> CardPool:
    from cardstate.cards.pauper import make_pool

    return make_pool()


pools.register("pauper", _pauper, builtin=True)


def builtin_pool(name: str, fingerprint: int | None = None) -> CardPool:
    """The built-in pool ``name`` (a pickle's reference to it); with ``fingerprint``, a
    ``ValueError`` if its cards are no longer those the pickle was made with."""
    if name not in pools:
        raise ValueError(f"unknown pool {name!r}; pools: {', '.join(pools)}")
    pool = pools[name]
    if fingerprint is not None and pool.native.fingerprint != fingerprint:
        raise ValueError(
            f"the pool {name!r} has other cards than the one this was pickled with "
            f"(fingerprint {pool.native.fingerprint:016x}, pickled {fingerprint:016x})"
        )
    return pool


def builtin_db(name: str, fingerprint: int | None = None) -> CardDb:
    """The Rust database of the built-in pool ``name`` (how a pickled ``CardDb`` of one is
    read back)."""
    return builtin_pool(name, fingerprint).native


def pool_arg(pool: object) -> CardPool:
    """A ``pool=`` argument as a :class:`CardPool`: ``None`` (the built-in ``"core"``), a
    pool, or the name of one of :data:`pools`."""
    if pool is None:
        return pools[CORE]
    if isinstance(pool, CardPool):
        return pool
    if isinstance(pool, str):
        if pool not in pools:
            raise ValueError(f"unknown pool {pool!r}; pools: {', '.join(pools)}")
        return pools[pool]
    raise TypeError(
        "pool is a CardPool or the name of one of cardstate.cards.pools (CardPool.load reads "
        f"a file), got {type(pool).__name__}"
    )


def native_db(pool: object) -> CardDb:
    """A ``pool=`` argument as the Rust database the native duel takes (a ``CardDb`` as it
    is)."""
    if isinstance(pool, CardDb):
        return pool
    return pool_arg(pool).native
