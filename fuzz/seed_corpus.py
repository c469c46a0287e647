"""Writes seed inputs for the fuzz targets, one file each, in ``corpus/<target>/`` (ignored by
git): valid encodings of varied games (``from_bytes``, ``decoded_ops``), bytes of duels played
some way with set-up cards and resamples (``duel_from_bytes``), and each card of the built-in
pool as a compiled form of its own (``card_db``). Seeds get the fuzzer past the headers at once.

Run with the package built: ``python fuzz/seed_corpus.py`` (the Makefile's ``fuzz`` targets do).
"""

from __future__ import annotations

import hashlib
import pathlib

import cardstate
from cardstate.cards import pool
from cardstate.cards import vocab as v
from cardstate.cards.compile import FORMAT_VERSION, compile_pool, pool_json
from cardstate.duel import Duel

HERE = pathlib.Path(__file__).resolve().parent
MAX = 2**64 - 1


def games() -> list[cardstate.Game]:
    out = [cardstate.Game(players=n, ruleset=r) for n in (1, 2, 4) for r in cardstate.RULESETS]
    for ruleset in cardstate.RULESETS:
        g = cardstate.Game(players=2, ruleset=ruleset, seed=7)
        berserk = ruleset == "berserk"
        stats = {"strength": 2, "lives": 3} if berserk else {"power": 2, "toughness": 2}
        x = g.create(0, types=["creature"], subtypes=["Elf"], cost="2+X", **stats)
        y = g.create(1, types=["creature"], keywords={"toxic": 2} if not berserk else {}, **stats)
        h = g.create(0, zone="hand", types=["creature"], cost=3, **stats)
        g.add_counters(x, "+1/+1", 2)
        g.add_counters(y, "-1/-1", 1)
        g.add_counters(0, "poison", 3)
        g.add_counters(x, "custom kind", 5)
        g.deal_damage(x, y, 1)
        g.prevent_damage(0, 3, source=x)
        g.redirect_damage(0, 1, 2)
        g.add_cost_modifier(-1, card=h)
        g.add_cost_modifier(1, source=x, subtypes=["Elf"])
        g.pump(x, 1, -1)
        g.grant(x, "flying", until_end_of_turn=True)
        out.append(g.clone())
        g.move(y, "graveyard")
        g.add_counters(x, "shield", 2)
        g.deal_damage(y, x, 9)
        g.gain_life(1, MAX // 4)
        g.random_u64()
        out.append(g.clone())
    return out


def duels() -> list[bytes]:
    """Bytes of duels: fresh, a few decisions in, with set-up cards and a resample."""
    out = []
    for seed, decisions in ((0, 0), (1, 5), (2, 40), (3, 200)):
        d = Duel("infect", "energy", seed=seed, turn_limit=3 + seed)
        if seed == 2:
            d.add_card(0, "Forest", "battlefield")
            d.add_card(1, "Grizzly Bears", "hand")
            d = d.resample(1, 9)
        for i in range(decisions):
            legal = d.legal_actions()
            if not legal:
                break
            d.apply_action(legal[(i * 7 + seed) % len(legal)])
        out.append(d.to_bytes())
    return out


def card_forms() -> list[bytes]:
    """Each pool card as a compiled form of its own, and a pool with a token maker (its
    program with a may, an if and the jumps they compile to)."""
    out = []
    for card in pool.form["cards"]:
        one = {"version": FORMAT_VERSION, "cards": [card], "decks": {}}
        out.append(pool_json(one).encode())
    squirrel = v.Card("Squirrel", ("creature",), power=1, toughness=1, subtypes=("Squirrel",))
    maker = v.Card(
        "Squirrel Nest",
        ("sorcery",),
        cost="{X}{G}",
        abilities=(
            v.Spell(
                v.May(
                    v.If(
                        v.AtLeast(v.Count(v.Each(v.CREATURE)), 1),
                        v.CreateToken("Squirrel", v.X),
                        v.GainLife(v.YOU, 2),
                    )
                )
            ),
        ),
    )
    _, form = compile_pool([squirrel, maker])
    out.append(pool_json(form).encode())
    return out


def write(target: str, inputs: list[bytes]) -> None:
    folder = HERE / "corpus" / target
    folder.mkdir(parents=True, exist_ok=True)
    for data in inputs:
        (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main() -> None:
    encodings = [g.to_bytes() for g in games()]
    write("from_bytes", encodings)
    write("decoded_ops", encodings)
    write("duel_from_bytes", duels())
    write("card_db", card_forms())


if __name__ == "__main__":
    main()
