"""What the duel tests share: a random game played action by action in both duels (the native
duel and the reference duel), checked to play alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
from cardstate import agents
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel


def never(words: str) -> bool:
    """No action's words are preferred."""
    return False


def play_alike(
    deck0: list[str] | str,
    deck1: list[str] | str,
    seed: int,
    *,
    pool: str,
    prefer: Callable[[str], bool] = never,
    counted: Callable[[str], bool] | None = None,
    watch: Callable[[Any, list[str]], object] | None = None,
    **options: Any,
) -> tuple[Counter[str], int]:
    """Plays a random game of the two decks (30 turns) in both duels, taking the first action
    whose words ``prefer`` accepts when there is one, and checks that both play it the same: the
    same legal actions, words, observations, outcome and bytes. Returns how many of each
    decision kind were taken, and how many decisions offered words that ``counted`` accepts
    (by default ``prefer``). ``watch`` is called with the native duel and the words of its legal
    actions before each decision is taken."""
    counted = counted or prefer
    native = Duel(deck0, deck1, pool=pool, seed=seed, turn_limit=30, **options)
    reference = ReferenceDuel(deck0, deck1, pool=pool, seed=seed, turn_limit=30, **options)
    agent = agents.RandomAgent(seed)
    taken: Counter[str] = Counter()
    seen = 0
    while not native.is_terminal():
        legal = native.legal_actions()
        assert reference.legal_actions() == legal
        words = [native.action_to_string(x) for x in legal]
        assert [reference.action_to_string(x) for x in legal] == words
        preferred = [x for x, w in zip(legal, words, strict=True) if prefer(w)]
        seen += any(counted(w) for w in words)
        taken[native.decision()] += 1
        if watch is not None:
            watch(native, words)
        a = preferred[0] if preferred else agent.act(native)
        native.apply_action(a)
        reference.apply_action(a)
        for p in (0, 1):
            assert np.array_equal(reference.observation_tensor(p), native.observation_tensor(p))
    assert reference.is_terminal() and reference.returns() == native.returns()
    assert native.to_bytes() == reference.to_bytes()
    return taken, seen
