"""Resolution (608) through the reference card interpreter: a spell or ability leaves the stack
and its program runs, its choices as decisions (a discard, a sacrifice, a search, a surveil, a
yes/no, the order of replacement effects, proliferate), then what follows it (the spell to its
graveyard, flashback's exile, the triggers it made); as rust/duel's effects.rs and
resolving.rs."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardstate.reference import cards as interpreter
from cardstate.reference.cards.place import enters_cast
from cardstate.reference.duel import actions
from cardstate.reference.duel.attach import NO_ID, attach, enchant_filter
from cardstate.reference.duel.host import DuelResolution
from cardstate.reference.duel.mana import ManaCost, can_pay
from cardstate.reference.duel.state import (
    NO_CARD,
    RESOLVE,
    DuelState,
    Item,
    Resolving,
)


class Resolution(DuelState):
    """The stack's top resolving (608) and what follows it."""

    def resolve(self, item: Item) -> None:
        """608.3: a permanent spell enters the battlefield (with its "enters with" counters,
        614.1c); a spell or ability with a program runs it (608.2)."""
        if item.ability is not None:
            self.resolve_program(item)
            return
        if self.aura_target_gone(item):
            self.give_priority(self.active)
            return
        o = self._obj(item.object)
        if o is not None and not o.gone:
            # 608.3a: the permanent enters under the control of the spell's controller, whoever
            # owns the card (a spell cast from an opponent's exile).
            if o.owner == item.controller:
                new = self.kernel.move(item.object, "battlefield")
            else:
                new = self.kernel._move_to_battlefield_under(item.object, item.controller)
            self.absorb_events()
            if item.kicked:
                # 702.33d: the permanent a kicked spell becomes was kicked.
                entered = ("entered", new, 0, 0, False)
                for k in range(len(self.events) - 1, -1, -1):
                    if self.events[k] == entered:
                        self.events[k] = ("entered", new, 0, 0, True)
                        break
            self.entered(item.card, new, item.x)
            self.entered_cast(item.card, new, item.kicked)
            self.attach_entering_aura(item, new)
        self.give_priority(self.active)

    def resolve_program(self, item: Item) -> None:
        if item.kind == "triggered" and self.cards[item.card].madness == item.ability:
            self.resolve_madness(item)
            return
        attacking, blocking, since = self.in_combat()
        try:
            res = DuelResolution(
                self.db,
                self.cards[item.card].name,
                item.controller,
                item.targets,
                ability=item.ability,
                source=item.object,
                x=item.x,
                triggering=item.triggering if item.kind == "triggered" else None,
                # "That many" (603.2): the amount a triggered ability's event carried.
                that_much=item.x if item.kind == "triggered" else 0,
                order_effects=True,  # 616.1: the affected player orders the effects
                history=self.turn_history,
                discarded=item.discarded,
                kicked=item.kicked,  # 702.33d: "if this spell was kicked"
                # 506.4: the creatures in combat as it resolves, for filters that ask.
                attacking=attacking,
                blocking=blocking,
                since=since,
            )
        except ValueError:
            self.after_resolution(item, False)
            return
        res.duel = self
        # "Equipped creature gets +2/+2": what its source is attached to as it resolves.
        res.attached = self.attached_to(item.object)
        self.continue_resolution(res, item)

    def continue_resolution(self, res: DuelResolution, item: Item) -> None:
        """Runs the program until it ends or needs its controller's answer (a decision)."""
        before = self.kernel._next_id
        try:
            step: tuple[Any, ...] | None = res.run(self.kernel)
        except Exception:  # noqa: BLE001 - an effect the kernel refuses: the rest does nothing
            step = None
        self.absorb_events(res.joined or ())
        res.joined = None
        self.note_created(before)
        if step is None:
            self.after_resolution(item, False)
        elif step[0] == "done" and res.ends_turn:
            self.end_the_turn(item)  # 723.1: a spell's whole effect, its resolution done
        elif step[0] == "done":
            self.after_resolution(item, step[3])
        elif step[0] == "proliferate" and not step[1]:
            res.answer([])  # nothing to choose
            self.continue_resolution(res, item)
        elif step[0] == "callback":
            self.after_resolution(item, False)  # the duel runs no Python effects
        elif step[0] == "pay" and not self.can_pay_request(res, step):
            res.answer(False)  # 118.12: a player who can't pay isn't asked (it doesn't pay)
            self.continue_resolution(res, item)
        else:
            self.resolving = Resolving(res, item, step)
            self.pending = RESOLVE

    def legal_resolve_actions(self) -> list[int]:
        r = self.resolving
        if r is None:
            return []
        kind = r.request[0]
        if kind in ("may", "proliferate", "pay", "top_or_bottom", "choose_pile", "unless"):
            return [actions.YES, actions.NO]
        if kind == "order":
            order = self.resolve_order_choice()
            return [] if order is None else [actions.OPTION + k for k in range(len(order[1]))]
        if kind == "discard":  # 701.9b: a card not chosen yet; of equal cards the first slot
            hand = self.sides[r.request[1] & 1].hand  # a resample deals it again
            free = [i for i in range(min(len(hand), actions.HAND_SLOTS)) if i not in r.chosen]
            return [
                actions.HAND + i for i in free if all(hand[j] != hand[i] for j in free if j < i)
            ]
        if kind == "search":  # 701.23a: one of the candidates (the first 16); 701.23b: none
            n = min(len(r.request[2]), actions.OPTION_SLOTS)
            return ([actions.NO] if r.request[3] else []) + [actions.OPTION + k for k in range(n)]
        # 701.25a, 701.22a: NO keeps the rest, or a card; 700.3: NO puts the rest face down.
        if kind in ("surveil", "scry", "piles"):
            n = min(len(r.request[2]), actions.OPTION_SLOTS)
            return [actions.NO] + [actions.OPTION + k for k in range(n) if k not in r.chosen]
        if kind == "keep":  # 701.21a: a permanent of the next type's group, by its slot
            groups = r.request[2]
            if len(r.chosen) >= len(groups):
                return []
            mine = self.sides[r.request[1] & 1].battlefield[: actions.PERMANENT_SLOTS]
            return [actions.MINE + j for j, eid in enumerate(mine) if eid in groups[len(r.chosen)]]
        if kind == "sacrifice":  # 701.21a: a candidate not chosen yet, by its permanent slot
            mine = self.sides[r.request[1] & 1].battlefield[: actions.PERMANENT_SLOTS]
            return [
                actions.MINE + j
                for j, eid in enumerate(mine)
                if eid in r.request[3] and eid not in r.chosen
            ]
        return self.legal_numbers()

    def resolve_discard(self, slot: int) -> None:
        """A card to discard is chosen (701.9b); with the last one the choice goes to the
        interpreter, which goes on."""
        r = self.resolving
        if r is None or r.request[0] != "discard":
            return
        r.chosen.append(slot)
        if len(r.chosen) == r.request[2]:
            self.resolve_chosen()

    def resolve_sacrifice(self, slot: int) -> None:
        """A permanent to sacrifice is chosen by its permanent slot (701.21a); with the last
        one the choice goes to the interpreter, which goes on."""
        r = self.resolving
        if r is None or r.request[0] not in ("sacrifice", "keep"):
            return
        r.chosen.append(self.sides[r.request[1] & 1].battlefield[slot])
        # 701.21a: one kept of each type's group, in turn
        n = len(r.request[2]) if r.request[0] == "keep" else r.request[2]
        if len(r.chosen) == n:
            self.resolve_chosen()

    def resolve_chosen(self) -> None:
        """The resolution's choice is answered with what was chosen (hand slots, permanents);
        the interpreter goes on."""
        r = self.resolving
        assert r is not None
        self.answer_resolution(r, list(r.chosen))

    def answer_resolution(self, r: Resolving, answer: object) -> None:
        """The resolution ``r`` waited for ``answer``: the interpreter takes it and goes on (an
        answer it refuses ends the resolution)."""
        self.resolving = None
        try:
            r.res.answer(answer)
        except (TypeError, ValueError):
            self.after_resolution(r.item, False)
            return
        self.continue_resolution(r.res, r.item)  # type: ignore[arg-type]

    def resolve_search(self, found: int | None) -> None:
        """The searching player finds a card, or nothing (701.23a-b); the interpreter goes
        on."""
        r = self.resolving
        assert r is not None
        self.answer_resolution(r, found)

    def resolve_surveil(self) -> None:
        """The surveilling or scrying player is done choosing: the cards chosen go to the
        graveyard (701.25a) or on the bottom in the order chosen (701.22a), the rest stay on
        top; the interpreter goes on."""
        r = self.resolving
        assert r is not None
        self.answer_resolution(r, list(r.chosen))

    def resolve_decision(self, yes: bool | None, amount: int | None) -> None:
        """The answer to a choice: yes or no to a "may"; an amount; proliferate asks yes or no
        for each candidate in turn (701.34a: any number of them)."""
        r = self.resolving
        assert r is not None
        kind = r.request[0]
        if kind in ("order", "discard", "sacrifice"):
            return  # answered by resolve_order, resolve_discard or resolve_sacrifice
        if kind == "search":
            return self.resolve_search(None)  # NO: the search finds nothing (701.23b)
        if kind in ("surveil", "scry", "piles"):
            # NO: the rest stay on top (701.22a, 701.25a), or go face down (700.3).
            return self.resolve_surveil()
        if kind == "proliferate":
            candidates = r.request[1]
            if yes:
                r.chosen.append(candidates[r.index])
            r.index += 1
            if r.index < len(candidates):
                return
            answer: Any = list(r.chosen)
        elif kind in ("may", "top_or_bottom", "choose_pile", "unless"):
            # 401.4: YES the top of the library, NO the bottom; 700.3: YES the face-up pile;
            # 608.2d: YES sacrifices or discards rather than lose the life.
            answer = bool(yes)
        elif kind == "pay":
            # 118.12: YES pays the mana now, by the automatic payment rule (the interpreter
            # pays the life); only a player who can pay is asked.
            answer = bool(yes)
            if answer:
                self.pay(r.request[1] & 1, _pay_mana(r.res), 0)
        else:
            answer = amount or 0
        self.answer_resolution(r, answer)

    def can_pay_request(self, res: DuelResolution, request: tuple[Any, ...]) -> bool:
        """Whether a countered-unless spell's controller can pay: the mana from its untapped
        sources (601.2g–h) and the life with at least that much (119.4)."""
        p, life = request[1] & 1, request[2]
        total = self.life(p)
        return (life == 0 or total >= life) and can_pay(
            self.available(p), _pay_mana(res), 0, total - life
        )

    def resolve_order_choice(self) -> tuple[int, list[int]] | None:
        """The deciding player and the effects of a resolution's order choice (616.1) not yet
        chosen, in the kernel's order; None if no such choice is waiting."""
        r = self.resolving
        if r is None or r.request[0] != "order":
            return None
        return r.request[1], [e for e in r.request[3] if e not in r.chosen]

    def resolve_order(self, k: int) -> None:
        """The deciding player applies effect ``k`` of those still to be ordered next (616.1);
        with one left, it comes last and the order goes to the interpreter, which goes on. A
        search's option ``k`` is the card found (701.23a)."""
        if self.resolving is not None and self.resolving.request[0] == "search":
            cards = self.resolving.request[2]
            return self.resolve_search(cards[k] if k < len(cards) else None)
        if self.resolving is not None and self.resolving.request[0] in ("surveil", "scry", "piles"):
            # 701.25a, 701.22a, 700.3: the card at position k goes to the graveyard, the bottom
            # or the face-up pile; with every card chosen, the interpreter goes on.
            self.resolving.chosen.append(k)
            if len(self.resolving.chosen) == len(self.resolving.request[2]):
                self.resolve_surveil()
            return
        order = self.resolve_order_choice()
        r = self.resolving
        if order is None or r is None:
            return
        left = order[1]
        r.chosen.append(left[k])
        if len(left) > 2:
            return
        r.chosen.append(left[1 - k])
        self.answer_resolution(r, list(r.chosen))

    def proliferate_candidate(self) -> int | None:
        """The proliferate candidate being asked about, if a proliferate is."""
        r = self.resolving
        if r is None or r.request[0] != "proliferate":
            return None
        candidates = r.request[1]
        return candidates[r.index] if r.index < len(candidates) else None

    def after_resolution(self, item: Item, proliferated: bool) -> None:
        """The resolution is over: "whenever you proliferate" triggers; an instant or sorcery
        goes to its owner's graveyard (608.2n); the active player receives priority
        (117.3b)."""
        if proliferated:
            self.events.append(("proliferated", item.controller, 0, 0, False))
        if item.kind == "spell":
            o = self._obj(item.object)
            if o is not None and not o.gone and o.zone == "stack":
                # 608.2n; 702.34a: a spell cast with flashback is exiled instead.
                self.kernel.move(item.object, "exile" if item.flashback else "graveyard")
                self.absorb_events()
        if any(it.flashback for it in self.stack):
            self.exile_flashback_countered()
        if self.free_casts:
            # "… then you may cast any number of spells from among those cards" (Etali).
            self.next_free_cast()
            return
        self.give_priority(self.active)

    def exile_flashback_countered(self) -> None:
        """702.34a: a spell cast with flashback that left the stack for its owner's graveyard
        (countered by the resolution just over) is exiled instead; its stack entry, which
        resolves to nothing, follows it."""
        for i, it in enumerate(self.stack):
            if not it.flashback:
                continue
            o = self._obj(it.object)
            if o is None or not o.gone or o.new_id is None or o.new_id == it.object:
                continue
            moved = self._obj(o.new_id)
            if moved is not None and not moved.gone and moved.zone == "graveyard":
                self.kernel.move(o.new_id, "exile")
                self.absorb_events()
            self.stack[i] = dataclasses.replace(it, flashback=False)

    def fire_dies_triggers(self) -> None:
        """603.6c, 613.1f: a permanent that gained "When this creature dies, …" until end of
        turn and died since triggers it (its controller as it last existed; about the card it
        became in the graveyard, 400.7), before the abilities the same events trigger
        otherwise."""
        for ev in self.events:
            if ev[0] != "died":
                continue
            obj = ev[1]
            o = self._obj(obj)
            if o is None:
                continue
            new = obj if o.new_id is None else o.new_id
            for f in self.dies_triggers:
                if f[0] == obj:
                    self.trigger_queue.append((f[0], o.controller, f[2], f[3], new))

    def return_exiled_until(self) -> None:
        """610.3a: a card exiled "until this permanent leaves the battlefield" returns to the
        battlefield under its owner's control once that permanent has left it (looked at before
        the triggered abilities are collected, so those its entering triggers go on the stack
        then); a card that left exile since is a new object, and stays where it is (400.7)."""
        links, self.exiled_until = self.exiled_until, []
        for source, obj in links:
            src = self._obj(source)
            if src is not None and not src.gone and src.zone == "battlefield":
                self.exiled_until.append((source, obj))
                continue
            o = self._obj(obj)
            if o is None or o.gone or o.zone != "exile":
                continue
            first = self.kernel._next_id
            new = self.kernel.move(obj, "battlefield")
            self.absorb_events()
            self.note_created(first)
            c = self.card_of.get(new, NO_CARD)
            if c != NO_CARD:
                self.entered(c, new, 0)

    def note_created(self, first: int) -> None:
        """Objects a resolution created (tokens) get the duel's records (their entering is the
        kernel's "created" event, absorbed before)."""
        for eid in range(first, self.kernel._next_id):
            if eid in self.card_of:
                continue
            o = self._obj(eid)
            if o is None or o.gone or o.printed.name not in self.card_index:
                continue
            c = self.card_index[o.printed.name]
            self.note_new(eid, c, o.zone, o.owner)

    def entered_cast(self, c: int, eid: int, kicked: bool) -> None:
        """ "Enters with counters if you cast it" (614.1c): only for a permanent spell that
        resolved; "if it was kicked" only for a kicked one (702.33d)."""
        try:
            enters_cast(self.kernel, self.cards[c].data, eid, kicked)
        except Exception:  # noqa: BLE001 - the kernel refused: nothing more happens
            return
        self.absorb_events()

    def entered(self, c: int, eid: int, x: int) -> None:
        """As a permanent enters: its static replacement effects go live and its "enters with"
        counters are put on it (614.1c), through the card interpreter."""
        if enchant_filter(self.cards[c].data) is not None:
            # An Aura enters attached to nothing unless it is attached as it enters (704.5m).
            attach(self.attachments, eid, NO_ID)
        try:
            interpreter.enters(
                self.kernel, self.cards[c].data, eid, x, self.turn_history, db=self.db
            )
        except Exception:  # noqa: BLE001 - the kernel refused: nothing more happens
            return
        self.absorb_events()


def _pay_mana(res: Any) -> ManaCost:
    """The mana of the "counter unless its controller pays" operation a resolution stands on
    (118.12; none: free)."""
    mana = res.program[res.pc].get("mana")
    return ManaCost() if mana is None else ManaCost.parse(mana["text"])
