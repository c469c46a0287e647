"""Writes seed inputs for the fuzz targets: valid encodings of varied games, one file each, in
``corpus/<target>/`` (ignored by git). Seeds get the fuzzer past the header at once.

Run with the package built: ``python fuzz/seed_corpus.py`` (the Makefile's ``fuzz`` targets do).
"""

from __future__ import annotations

import hashlib
import pathlib

import cardstate

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


def main() -> None:
    for target in ("from_bytes", "decoded_ops"):
        folder = HERE / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for g in games():
            data = g.to_bytes()
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


if __name__ == "__main__":
    main()
