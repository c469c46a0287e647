"""What a player sees (docs/DUEL.md, "Observations"), in the layout of schema 2 (``layout``): the
game and the decision, both players' public counts, its own hand, every permanent, the stack,
both graveyards and exiles and the decision's options, and only the sizes of the opponent's hand
and of both libraries. Dealing again what a player can't see is the ``resample`` module's."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from cardstate.reference.duel.actions import (
    EXILE_SLOTS,
    GRAVEYARD_SLOTS,
    HAND_SLOTS,
    MAX_NUMBER,
    OPTION_SLOTS,
    PERMANENT_SLOTS,
    STACK_SLOTS,
)
from cardstate.reference.duel.decision import DECISION_NAMES
from cardstate.reference.duel.layout import (
    COMPACT,
    DESCRIPTOR,
    EMBLEM_SLOTS,
    OBSERVATION_LEN,
    OPTION,
    PERMANENT,
    STACK_ITEM,
)
from cardstate.reference.duel.mana import ManaCost
from cardstate.reference.duel.state import NO_CARD, DuelState
from cardstate.reference.duel.table import DuelCard
from cardstate.vocabulary import KEYWORDS, MAGIC_TYPES

STACK_KINDS = ("spell", "activated", "triggered")


def _one_hot(i: int | None, n: int) -> list[float]:
    v = [0.0] * n
    if i is not None and 0 <= i < n:
        v[i] = 1.0
    return v


def _bits(names: Collection[str], order: tuple[str, ...], n: int) -> list[float]:
    """``n`` entries: 1 for each name of ``order`` among ``names``."""
    return [float(x in names) for x in order] + [0.0] * (n - len(order))


def _colours(cost: ManaCost) -> list[float]:
    """The colours of a mana cost (105.2, 202.2): of its coloured, hybrid and Phyrexian
    symbols, in WUBRG order."""
    mask = cost.colours()
    return [float(mask >> i & 1) for i in range(5)]


class Observation(DuelState):
    """Observations and determinization."""

    def observation(self, p: int) -> list[float]:
        """Player p's observation as a list of numbers (see the module documentation)."""
        me, opp = p, 1 - p
        out: list[float] = [self.turn_number / self.turn_limit]
        out += _one_hot(self.step_index, 13)
        out.append(float(self.active == me))
        out.append(float(self.current_player() == me))
        out += _one_hot(DECISION_NAMES.index(self.decision()), len(DECISION_NAMES))
        out.append(len(self.stack) / STACK_SLOTS)
        lo, hi = self.number_range() or (0, 0)
        out += [lo / MAX_NUMBER, hi / MAX_NUMBER]
        subject = self.decision_subject()
        permanent = player = None
        if subject is not None and subject < 2:
            player = 0 if subject == me else 1
        elif subject is not None:
            for k, q in enumerate((me, opp)):
                slots = self.sides[q].battlefield[:PERMANENT_SLOTS]
                if subject in slots:
                    permanent = k * PERMANENT_SLOTS + slots.index(subject)
                    break
        out += _one_hot(permanent, 2 * PERMANENT_SLOTS)
        out += _one_hot(player, 2)
        source = self.decision_source()
        out += [0.0] * DESCRIPTOR if source is None else self.printed(source)
        for q in (me, opp):
            s = self.sides[q]
            out += [
                self.kernel.life(q) / 20,
                self.kernel.count(q, "poison") / 10,
                self.kernel.count(q, "energy") / 10,
                len(s.hand) / 10,
                len(s.library) / 40,
                len(s.graveyard) / 40,
                len(self.kernel.objects("exile", q)) / 20,
                len(s.battlefield) / PERMANENT_SLOTS,
                float(s.lands_played > 0),
                float(s.drew_from_empty),
                s.mulligans / 7,  # mulligans taken (103.5)
            ]
        hand = self.sides[me].hand[:HAND_SLOTS]
        for c in hand:
            out += self.printed(c)
        out += [0.0] * (DESCRIPTOR * (HAND_SLOTS - len(hand)))
        for q in (me, opp):
            slots = self.sides[q].battlefield[:PERMANENT_SLOTS]
            for eid in slots:
                out += self.permanent(eid, subject)
            out += [0.0] * (PERMANENT * (PERMANENT_SLOTS - len(slots)))
        for it in self.stack[:STACK_SLOTS]:
            out += self.printed(it.card)
            out.append(float(it.controller == me))
            out += _one_hot(STACK_KINDS.index(it.kind), 3)
        out += [0.0] * (STACK_ITEM * (STACK_SLOTS - min(len(self.stack), STACK_SLOTS)))
        zones: tuple[tuple[list[int], int], ...] = (
            (self.sides[me].graveyard, GRAVEYARD_SLOTS),
            (self.sides[opp].graveyard, GRAVEYARD_SLOTS),
            (self.kernel.objects("exile", me), EXILE_SLOTS),
            (self.kernel.objects("exile", opp), EXILE_SLOTS),
        )
        for ids, room in zones:
            for eid in ids[:room]:
                out += self.compact(self.card_of.get(eid, NO_CARD))
            out += [0.0] * (COMPACT * (room - min(len(ids), room)))
        # 701.23a: only the searching player sees its library's cards.
        searching = self.decision() != "choose_card" or self.current_player() == me
        options = self.decision_options()[:OPTION_SLOTS] if searching else []
        for c in options:
            out += [1.0] + ([0.0] * DESCRIPTOR if c == NO_CARD else self.printed(c))
        out += [0.0] * (OPTION * (OPTION_SLOTS - len(options)))
        # 114.1: both players' emblems, the observer's first, by their cards.
        for q in (me, opp):
            emblems = sorted(self.kernel.objects("command", q))[:EMBLEM_SLOTS]
            out += [float(self.card_of.get(eid, NO_CARD) + 1) for eid in emblems]
            out += [0.0] * (EMBLEM_SLOTS - len(emblems))
        assert len(out) == OBSERVATION_LEN
        return out

    def descriptor(
        self,
        c: int,
        types: Collection[str],
        supertypes: Collection[str],
        power: int,
        toughness: int,
        keywords: Collection[str],
        token: bool,
        colours: str | None = None,
        abilities: DuelCard | None = None,
    ) -> list[float]:
        """A card descriptor (``layout.DESCRIPTOR_FIELDS``) of card c (``NO_CARD``: an object
        of no card of the pool) with these characteristics: its card's colours and abilities
        unless ``colours`` (WUBRG letters, 613.1e) and ``abilities`` (613.1f) say otherwise."""
        card = None if c == NO_CARD else self.cards[c]
        data: Any = None if card is None else card.data
        mana_value = data["cost"]["mana_value"] if data is not None and data["cost"] else 0
        out = [1.0, 0.0 if card is None else c + 1.0, mana_value / 10]
        if card is None:
            out += [0.0] * 5
        elif colours is not None:
            out += [float(x in colours) for x in "WUBRG"]
        else:
            out += _colours(card.cost)
        card = card if abilities is None or card is None else abilities
        out += _bits(types, MAGIC_TYPES, 9)
        out += [float("legendary" in supertypes), float("basic" in supertypes)]
        out += [power / 10, toughness / 10]
        out.append(((data["loyalty"] if data is not None else None) or 0) / 10)
        out += _bits(keywords, KEYWORDS, 32)
        out.append(float(card is not None and bool(card.activated)))
        out.append(float(card is not None and card.triggers))
        out.append(float(token))
        return out

    def printed(self, c: int) -> list[float]:
        """The descriptor of card c with its printed characteristics."""
        data = self.cards[c].data
        return self.descriptor(
            c,
            data["types"],
            data["supertypes"],
            data["power"] or 0,
            data["toughness"] or 0,
            data["keywords"],
            False,
        )

    def compact(self, c: int) -> list[float]:
        """A compact descriptor (``layout.COMPACT_FIELDS``) of card c, printed."""
        if c == NO_CARD:
            return [1.0] + [0.0] * (COMPACT - 1)
        d = self.printed(c)
        # present, card, mana value, colours, types; power, toughness
        return d[:17] + d[19:21]

    def permanent(self, eid: int, subject: int | None) -> list[float]:
        """A permanent's slot: its descriptor with its current characteristics (613), then its
        status (``layout.PERMANENT_FIELDS``)."""
        o = self._obj(eid)
        power, toughness = self.kernel._power_toughness(o)
        keywords = {k for k in KEYWORDS if self.kernel._has_keyword(o, k)}
        c = self.card_of.get(eid, NO_CARD)
        # 613.1e: the latest Aura's colours; 613.1f: the abilities it has now.
        colours = [a["colours"] for a in self.rewrites(eid) if "colours" in a]
        out = self.descriptor(
            c,
            o.types,
            o.printed.supertypes,
            power or 0,
            toughness or 0,
            keywords,
            o.printed.token,
            colours[-1] if colours else None,
            None if c == NO_CARD else self.abilities_of(eid),
        )
        counters = self.kernel.counters(eid)
        plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
        loyalty = counters.get("loyalty", 0)
        attacker = next((a for a in self.attackers if a.id == eid), None)
        # An attacking creature, or a planeswalker attacked (506.3) while still in combat (506.4).
        attacked = any(a.target == eid for a in self.attackers) and self.can_be_attacked(eid)
        out += [
            float(o.tapped),
            float(eid in self.sick),
            float(attacker is not None or attacked),
            float(any(b == eid for b, _ in self.blocks)),
            float(attacker is not None and attacker.blocked),
            o.damage / 10,
            plus / 10,
            minus / 10,
            loyalty / 10,
            (sum(counters.values()) - plus - minus - loyalty) / 10,
            float(o.controller != o.owner),
            float(eid == subject),
        ]
        return out
