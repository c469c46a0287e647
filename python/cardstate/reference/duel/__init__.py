"""The reference duel: the game of ``cardstate.duel.Duel`` (docs/DUEL.md) in pure Python, on the
reference kernel (:class:`cardstate.reference.Game`) and the reference card interpreter
(:mod:`cardstate.reference.cards`), written for clarity from the rules. The differential test
(tests/test_duel_differential.py) plays it beside the native duel and compares everything.

One job per module: ``mana`` (costs and the automatic payment rule), ``table`` (the card
table of a pool), ``deck`` (deck construction, 100.2), ``actions`` (the action ids),
``state`` (the records, kernel reads, zones, state-based actions), ``flow`` (the turn and
priority), ``casting`` (spells, abilities, triggers, resolution), ``combat``, ``observe``
(observations), ``resample`` (determinization, priors), ``text`` (action strings, the
board), ``codec`` (bytes, the native format) and ``interface`` (the ``Duel`` class). Its
random numbers are SplitMix64, the native duel's, from :mod:`cardstate.rng`;
``current_player()`` once the game is over is :data:`cardstate.players.TERMINAL_PLAYER`.

>>> from cardstate.reference.duel import Duel
>>> d = Duel("infect", "energy", seed=1)
>>> d.action_to_string(d.legal_actions()[0])
'pass'
"""

from cardstate.reference.duel.interface import Duel

__all__ = ["Duel"]
