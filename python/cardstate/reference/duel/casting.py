"""Spells, abilities and the stack: playing lands (305), casting spells (601) and activating
abilities (602) with their targets (115, 601.2c), triggered abilities (603) and resolution
(608) through the reference card interpreter, its choices as decisions."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardstate.reference import cards as interpreter
from cardstate.reference.cards.triggers import NO_SPELL, fired_gained
from cardstate.reference.duel import actions
from cardstate.reference.duel.mana import ManaCost, can_pay, max_x
from cardstate.reference.duel.resolving import Resolution
from cardstate.reference.duel.state import (
    CHOOSE_COST,
    CHOOSE_X,
    DISCARD_COST,
    MAX_TARGETS,
    MODE,
    PRIORITY,
    SACRIFICE,
    SACRIFICE_COST,
    TARGET,
    Casting,
    Item,
)

MAIN_PHASES = (3, 10)  # main1, main2


class Stack(Resolution):
    """Casting, activating, triggering and resolving."""

    # ----- what can be done -----------------------------------------------------------------

    def sorcery_timing(self, p: int) -> bool:
        """307.1: the active player, in a main phase, with an empty stack."""
        return self.active == p and self.step_index in MAIN_PHASES and not self.stack

    def priority_actions(self, p: int) -> list[int]:
        """What p can do with priority: pass, play or cast from a hand slot (of equal cards
        only the first slot), activate ability k of a permanent slot."""
        out = [actions.PASS]
        hand = self.sides[p].hand[: actions.HAND_SLOTS]
        for i, c in enumerate(hand):
            if (i == 0 or hand[i - 1] != c) and (self.can_play(p, c) or self.can_plot(p, c)):
                out.append(actions.HAND + i)
        if self.casts_from_graveyard:
            out += self.flashback_actions(p)
        if self.plays_from_exile:
            out += self.exile_actions(p)
        for j, eid in enumerate(self.sides[p].battlefield[: actions.PERMANENT_SLOTS]):
            n = len(self.abilities_of(eid).activated)
            for k in range(min(n, actions.ABILITIES)):
                if self.can_activate(p, j, k):
                    out.append(actions.ACTIVATE + j * actions.ABILITIES + k)
        return out

    def has_choice(self, p: int) -> bool:
        """Whether p has anything to do but pass."""
        return len(self.priority_actions(p)) > 1

    def may_play_land(self, p: int) -> bool:
        """Whether p may play a land this turn, timing aside (305.2): one, and one more for
        each permanent it controls with "You may play an additional land on each of your
        turns"."""
        played = self.sides[p].lands_played
        extra = sum(
            1
            for x in self.kernel.objects("battlefield", p)
            if x in self.card_of and self.abilities_of(x).additional_land
        )
        return played == 0 or played <= extra

    def can_play(self, p: int, c: int, from_hand: bool = True) -> bool:
        """Whether p may play land c (305.1-305.2: its main phase, empty stack, one land per
        turn) or cast spell c (307.1 sorcery timing unless an instant or it has flash, 702.8a;
        601.2f-h payable: an additional cost's discards need as many other cards in hand;
        601.2c with its targets), from its hand (``from_hand``) or from exile."""
        card = self.cards[c]
        timing = self.sorcery_timing(p)
        if card.is_land:
            return timing and self.may_play_land(p)
        # 307.1: sorcery timing, unless an instant or a spell with flash (702.8a), or cast as
        # though it had flash.
        flash = card.flash or self.casts_with_flash(p)
        if not card.supported or not (timing or "instant" in card.types or flash):
            return False
        if not card.is_permanent and card.spell is None:
            return False
        if card.discard_cost > len(self.sides[p].hand) - from_hand:
            return False
        base = card.cost
        if card.additional_sacrifice is not None and not self.can_sacrifice(
            p, card.additional_sacrifice
        ):
            if card.or_paid_cost is None:
                return False  # 601.2h: a cost is paid in full
            base = card.or_paid_cost  # "… or pay {3}{B}": then that mana too (601.2b)
        cost = self.reduced_cost(p, c, base, False)
        # 118.9: from the hand without paying its mana cost, when no mana is due instead of
        # its additional cost's sacrifice.
        free = from_hand and base == card.cost and self.casts_free(p)
        if (
            card.costs_less_if_targets_tapped
            and not free
            and not can_pay(self.available(p, c), cost, 0, self.life(p))
        ):
            # 601.2f: payable only with its reduction, so only at a tapped target.
            reduced = self.reduced_cost(p, c, base, True)
            return can_pay(self.available(p, c), reduced, 0, self.life(p)) and (
                self.tapped_spell_target_available(p, c)
            )
        if (
            not free
            and not can_pay(self.available(p, c), cost, 0, self.life(p))
            and not (
                card.alternative is not None
                and self.can_sacrifice(p, card.alternative)
                or (alt := self.alternative_mana(c)) is not None
                and can_pay(self.available(p, c), alt, 0, self.life(p))
            )
        ):
            return False
        # 303.4a: an Aura spell needs a target too.
        no_target = card.spell is None and not card.enchant
        return no_target or self.spell_targets_available(p, c, None)

    def can_activate(self, p: int, j: int, k: int) -> bool:
        """Whether p may activate ability k of its permanent slot j now (602.2, 602.5): timing,
        {T} (302.6), {E}, counters to remove, mana, targets."""
        side = self.sides[p]
        if j >= len(side.battlefield):
            return False
        eid = side.battlefield[j]
        card = self.abilities_of(eid)
        if k >= len(card.activated):
            return False
        a = card.data["abilities"][card.activated[k]]
        if a["timing"] == "sorcery" and not self.sorcery_timing(p):
            return False
        if a.get("once") and (eid, card.activated[k]) in self.activated_once:
            return False  # 602.5b: "Activate only once"
        cost = a["cost"]
        if cost["tap"]:
            sick = eid in self.sick and self.is_creature(eid)
            if self.tapped(eid) or (sick and not self.has(eid, "haste")):
                return False
        attached = None
        if cost.get("tap_attached"):
            # "Equipped creature has '{1}, {T}, Tap ~: …'": the creature's {T} (302.6).
            attached = self.attached_to(eid)
            if attached is None or not self.can_tap_for_cost(attached):
                return False
        if cost["energy"] > 0 and self.kernel.count(p, "energy") < cost["energy"]:
            return False
        remove = cost["remove_counters"]
        if remove is not None and self.kernel.count(eid, remove["counter"]) < remove["n"]:
            return False
        loyalty = cost.get("loyalty")
        if loyalty is not None and (
            # 606.3: one loyalty ability of a permanent per turn; 606.4: "−N:" needs N.
            eid in self.loyalty_used or self.kernel.count(eid, "loyalty") < -min(loyalty, 0)
        ):
            return False
        tap = cost.get("tap_untapped")
        if tap is not None:
            # 602.2b: enough untapped permanents to tap besides the source tapped for {T}.
            skip = eid if cost["tap"] else None
            if len(self.untapped_to_tap(p, tap["filter"], eid, skip)) < tap["count"]:
                return False
        if cost.get("discard", 0) > len(side.hand):  # 602.2b, 701.9a
            return False
        if cost["mana"] is not None:
            avail = self.available(p)
            if cost["tap"] and card.produces in avail:
                avail.remove(card.produces)  # {T} uses the source itself
            if attached is not None:
                produces = self.abilities_of(attached).produces
                if produces in avail:
                    avail.remove(produces)
            if not can_pay(avail, card.activation_mana[k], 0, self.life(p)):
                return False
        # Costs are paid before targets are asked for (`begin_activate`), so the permanent
        # sacrificed can't be one: the ability is offered only with another choice.
        another = cost.get("sacrifice_another")
        if another is not None:
            # 601.2h: some other permanent to sacrifice, and with it gone the targets.
            gone = eid if cost["sacrifice"] else None
            return any(
                s != gone
                and self.may_sacrifice(p, another, eid, s)
                and self.targets_available(p, a["targets"], eid, s)
                for s in side.battlefield
            )
        return self.targets_available(p, a["targets"], eid, eid if cost["sacrifice"] else None)

    def can_tap_for_cost(self, eid: int) -> bool:
        """Whether the creature ``eid`` may be tapped for its own {T} (302.6: untapped, a
        creature controlled since the turn began or with haste)."""
        sick = eid in self.sick and self.is_creature(eid)
        return (
            self.is_creature(eid) and not self.tapped(eid) and (not sick or self.has(eid, "haste"))
        )

    def untapped_to_tap(self, p: int, f: Any, source: int, skip: int | None) -> list[int]:
        """The untapped permanents of p's matching ``f`` that a cost of ``source`` may tap
        (602.2b: any of them, summoning sick or not — 302.6 binds only a creature's own {T}),
        in battlefield order, less ``skip`` (the source, tapped for its {T})."""
        return [
            s
            for s in self.sides[p].battlefield
            if s != skip
            and not self.tapped(s)
            and interpreter.matches(self.kernel, f, s, source, p)
        ]

    def may_sacrifice(self, p: int, f: Any, source: int, s: int) -> bool:
        """Whether p may sacrifice permanent ``s`` for a cost of ability source ``source`` that
        asks for another permanent matching ``f`` (701.21a: only a permanent p controls)."""
        return s != source and interpreter.matches(self.kernel, f, s, source, p)

    def sacrifice_another_choices(self) -> list[int]:
        """The permanents the activating player may sacrifice for the cost being paid, as its
        permanent slots (each one leaving the ability's targets a legal choice)."""
        cs = self.casting
        a = self.cards[cs.card].data["abilities"][cs.ability]
        f = a["cost"]["sacrifice_another"]
        bf = self.sides[cs.player].battlefield[: actions.PERMANENT_SLOTS]
        return [
            actions.MINE + j
            for j, s in enumerate(bf)
            if self.may_sacrifice(cs.player, f, cs.source, s)
            and self.targets_available(cs.player, a["targets"], cs.source, s)
        ]

    def sacrifice_another(self, j: int) -> None:
        """The permanent in the activating player's slot j is sacrificed for the cost (701.21a,
        601.2h); the cards to discard for the cost and the targets follow."""
        self.kernel.move(self.sides[self.casting.player].battlefield[j], "graveyard")
        self.absorb_events()
        self.discard_costs()

    # ----- targets (115, 601.2c) -------------------------------------------------------------

    def specs(self, c: int, ability: int | None) -> list[Any]:
        """The targets an ability declares."""
        if ability is None:
            # 303.4a: an Aura spell targets what it will enchant.
            abilities = self.cards[c].data["abilities"]
            return next((list(a["targets"]) for a in abilities if a["kind"] == "enchant"), [])
        # A madness trigger (702.35a) declares none.
        return list(self.cards[c].data["abilities"][ability].get("targets", ()))

    def target_entity(self, player: int, a: int) -> int | None:
        """The entity action ``a`` names for ``player`` as a target: yourself, your opponent, a
        permanent slot of yours or of your opponent's, a spell's stack slot from the bottom, a
        card's graveyard slot of yours or of your opponent's; None for any other action or an
        empty slot."""
        act = actions.decode(a)
        if act is None:
            return None
        kind, i, _ = act
        if kind == "self":
            return player
        if kind == "opponent":
            return 1 - player
        if kind in ("mine", "theirs"):
            bf = self.sides[player if kind == "mine" else 1 - player].battlefield
            return bf[i] if i < len(bf) else None
        if kind == "stack" and i < len(self.stack) and self.stack[i].kind == "spell":
            return self.stack[i].object
        if kind in ("my_graveyard", "their_graveyard"):
            gy = self.sides[player if kind == "my_graveyard" else 1 - player].graveyard
            return gy[i] if i < len(gy) else None
        return None

    def legal_target(
        self, spec: Any, eid: int, source: int | None, player: int, by: tuple[int, bool]
    ) -> bool:
        """``by``: the spell's or source's quality (``spell_quality``, ``source_quality``)."""
        return interpreter.legal_target(
            self.kernel, spec, eid, source, player, self.in_combat(), by
        )

    def spell_quality(self, c: int) -> tuple[int, bool]:
        """What protection and "hexproof from" ask of card c's spell (702.16b, 702.11d): its
        card's colours, and whether it is an instant."""
        card = self.cards[c]
        return card.cost.colours(), "instant" in card.data["types"]

    def source_quality(self, source: int) -> tuple[int, bool]:
        """What protection asks of an ability of object ``source`` (702.16b): its colours
        now."""
        return self.colours_now(source), False

    def in_combat(self) -> tuple[list[int], list[int], int]:
        """The creatures attacking and those blocking (506.4), as filters read them, and the
        first object id of this turn (400.7: "put there this turn")."""
        return [a.id for a in self.attackers], [b for b, _ in self.blocks], self.turn_first_object

    def spell_targets_available(self, p: int, c: int, gone: int | None) -> bool:
        """Whether card c's spell has targets to choose (601.2c) other than ``gone``: for a
        modal spell, the targets of one of its modes (601.2b, 700.2a: only such a mode can be
        chosen)."""
        card = self.cards[c]
        if not card.modes:
            return self.targets_available(p, self.specs(c, card.spell), None, gone, spell=c)
        return any(
            self.targets_available(p, self.specs(c, m), None, gone, spell=c) for m in card.modes
        )

    def tapped_spell_target_available(self, p: int, c: int) -> bool:
        """Whether card c's spell can target a tapped permanent (its reduction's condition,
        601.2f) among the permanent slots, with every other target it declares available."""
        specs = self.specs(c, self.cards[c].spell)
        ps = actions.PERMANENT_SLOTS
        candidates = self.sides[p].battlefield[:ps] + self.sides[1 - p].battlefield[:ps]
        by = self.spell_quality(c)
        return self.targets_available(p, specs, None, spell=c) and any(
            self.is_tapped_permanent(e) and self.legal_target(s, e, None, p, by)
            for s in specs
            for e in candidates
        )

    def is_tapped_permanent(self, eid: int) -> bool:
        """Whether entity ``eid`` is a tapped permanent (what "targets a tapped creature" asks
        of a target, 601.2f; the spell's target is a creature already)."""
        return self.is_permanent(eid) and self.tapped(eid)

    def must_target_tapped(self) -> bool:
        """Whether the spell being cast must target a tapped permanent to be paid for (601.2f
        after 601.2c): it costs less if it does, it can't be paid without that, and none of
        the targets chosen so far is one."""
        cs = self.casting
        if cs.kind != "spell" or not self.cards[cs.card].costs_less_if_targets_tapped:
            return False
        unreduced = self.reduced_cost(cs.player, cs.card, self.unreduced_cost(), False)
        return not any(self.is_tapped_permanent(e) for e in cs.targets) and not can_pay(
            self.available(cs.player, cs.card), unreduced, cs.x, self.life(cs.player)
        )

    def targets_available(
        self,
        p: int,
        specs: list[Any],
        source: int | None,
        gone: int | None = None,
        *,
        spell: int | None = None,
    ) -> bool:
        """Whether every declared target has a legal choice among the target slots other than
        ``gone`` (601.2c; distinct choices for a target of count > 1 aren't checked ahead); an
        "up to N" target needs none (zero of them is a choice). Protection asks of the
        ability's ``source``, or without one of card ``spell``'s spell (702.16b)."""
        if source is not None:
            by = self.source_quality(source)
        else:
            assert spell is not None, "a spell's targets name its card"
            by = self.spell_quality(spell)
        ps = actions.PERMANENT_SLOTS

        def has_target(spec: Any) -> bool:
            candidates = [0, 1] if spec["filter"]["players"] else []
            candidates += self.sides[p].battlefield[:ps] + self.sides[1 - p].battlefield[:ps]
            candidates += [
                it.object for it in self.stack[: actions.STACK_SLOTS] if it.kind == "spell"
            ]
            if spec["filter"]["zone"] == "graveyard":
                gs = actions.GRAVEYARD_SLOTS
                candidates += self.sides[p].graveyard[:gs] + self.sides[1 - p].graveyard[:gs]
            return any(e != gone and self.legal_target(spec, e, source, p, by) for e in candidates)

        return all(s.get("up_to") or has_target(s) for s in specs)

    def next_target_spec(self) -> tuple[Any, int] | None:
        """The declared target the next choice is for, and where the entities chosen for it
        begin among the targets chosen (601.2c: the places of an "up to N" target left
        unchosen are ``Casting.skipped``)."""
        cs = self.casting
        place = len(cs.targets) + cs.skipped
        start = 0
        for spec in self.specs(cs.card, cs.ability):
            if place < start + spec["count"]:
                return spec, start - cs.skipped
            start += spec["count"]
        return None

    def legal_target_slots(self) -> list[int]:
        """The legal targets for the next target being chosen, as actions (PASS first for an
        "up to N" target: no more for it, 601.2c; then yourself, your opponent, your
        permanent slots, your opponent's, the spells on the stack, your graveyard slots, your
        opponent's); an entity chosen for this target already, or for an earlier one of the
        ability when this is one of its "other" targets (115.3), is not offered again."""
        cs = self.casting
        found = self.next_target_spec()
        if found is None:
            return []
        spec, start = found
        taken = cs.targets[0 if spec.get("distinct") else start :]
        source = None if cs.kind == "spell" else cs.source
        by = self.spell_quality(cs.card) if source is None else self.source_quality(source)
        out = [actions.PASS] if spec.get("up_to") else []
        # 601.2f: a spell payable only with its reduction for a tapped target is offered only
        # tapped ones.
        only_tapped = self.must_target_tapped()
        for a in range(actions.SELF, actions.MY_EXILE):
            if actions.HAND <= a < actions.MINE:
                continue
            eid = self.target_entity(cs.player, a)
            if only_tapped and (eid is None or not self.is_tapped_permanent(eid)):
                continue
            if eid is not None and eid not in taken and self.same_graveyard(spec, start, eid):
                # "Attached to that creature": only what is attached to the first target chosen.
                if spec.get("attached_to_first_target") and (
                    self.attached_to(eid) != cs.targets[0]
                ):
                    continue
                if self.legal_target(spec, eid, source, cs.player, by):
                    out.append(a)
        return out

    def same_graveyard(self, spec: Any, start: int, eid: int) -> bool:
        """ "From a single graveyard": after the first card chosen for the target, only cards of
        its owner's graveyard (601.2c)."""
        chosen = self.casting.targets[start:]
        if not spec.get("single_graveyard") or not chosen:
            return True
        objs = self.kernel._objs
        return eid in objs and objs[eid].owner == objs[chosen[0]].owner

    def choose_target(self, a: int) -> None:
        """601.2c: the next target (action ``a``); "becomes the target" triggers; the last one
        completes."""
        cs = self.casting
        eid = self.target_entity(cs.player, a)
        assert eid is not None
        cs.targets.append(eid)
        # The spell's object is made as the casting completes (the event's spell then).
        self.events.append(("becomes_target", eid, cs.player, NO_SPELL, cs.kind == "spell"))
        self.next_target()

    def end_up_to_target(self) -> None:
        """No more entities for the "up to N" target being chosen (601.2c): its places left are
        skipped, and so are those of every later "up to" target (the interpreter gives the
        chosen entities to "up to" targets in declaration order)."""
        cs = self.casting
        place = len(cs.targets) + cs.skipped
        end = 0
        for spec in self.specs(cs.card, cs.ability):
            end += spec["count"]
            if place < end:
                break
        cs.skipped += end - place
        cs.up_to_ended = True
        self.next_target()

    def next_target(self) -> None:
        """Asks for the next target, or completes when every place is chosen or skipped."""
        cs = self.casting
        while True:
            if len(cs.targets) + cs.skipped >= cs.needed:
                self.complete_casting()
                return
            found = self.next_target_spec()
            if found is not None and found[0].get("up_to") and cs.up_to_ended:
                cs.skipped += found[0]["count"]
                continue
            break
        self.ask_target()

    def start_targets(self) -> None:
        if self.casting.needed > 0:
            self.ask_target()
        else:
            self.complete_casting()

    def ask_target(self) -> None:
        """Asks for the next target — or, for an activated ability whose cost took the last
        legal choice, ends the activation: the duel pays an activation's costs before its
        targets are chosen (simplification: 602.2b chooses them first, 601.2c, then pays,
        601.2h), so a Treasure sacrificed for its mana or the source sacrificed may have been
        the only target. It ends as the ability would on resolution with its targets illegal
        (608.2b): its costs stay paid, nothing else happens, and its controller receives
        priority."""
        self.pending = TARGET
        if self.casting.kind == "activated" and not self.legal_target_slots():
            p = self.casting.player
            self.casting = Casting()
            self.give_priority(p)

    def needed(self, c: int, ability: int | None) -> int:
        return min(sum(s["count"] for s in self.specs(c, ability)), MAX_TARGETS)

    # ----- casting and activating -------------------------------------------------------------

    def begin_cast(self, p: int, slot: int) -> None:
        """Plays the land in hand slot ``slot`` (305.1: no stack; its player receives priority
        again) or begins casting the spell there (601.2a: it leaves the hand; 601.2b: X)."""
        c = self.sides[p].hand.pop(slot)
        card = self.cards[c]
        if card.is_land:
            self.sides[p].lands_played += 1
            eid = self.reveal(p, c, "battlefield")
            self.events.append(("entered", eid, 0, 0, False))
            self.entered(c, eid, 0)
            self.give_priority(p)
            return
        # 601.2a: the card moves to the stack as casting begins, so the opponent has seen it
        # (a resample during the choices of X and targets must not deal it again).
        self.sides[p].seen_leaving_hand(c)
        self.casting = Casting("spell", p, c, None)
        self.announce_mode()

    def announce_mode(self) -> None:
        """601.2b: the mode of a modal spell is announced first (700.2a: a decision); any other
        spell's ability is known."""
        card = self.cards[self.casting.card]
        if card.modes:
            self.pending = MODE
        else:
            self.begin_spell_ability(card.spell)

    def casting_modes(self) -> list[int]:
        """The modes of the modal spell being cast, or of the modal triggered ability being put
        on the stack (700.2a, 603.3c), by ability index."""
        cs = self.casting
        if cs.kind == "triggered" and cs.ability is not None:
            return self.trigger_modes(cs.card, cs.ability)
        return list(self.cards[cs.card].modes)

    def trigger_modes(self, c: int, ability: int) -> list[int]:
        """The modes of card c's triggered ability when it is modal ("choose one —")."""
        return list(self.cards[c].data["abilities"][ability].get("modes", ()))

    def mode_available(self, p: int, c: int, m: int, source: int | None) -> bool:
        """Whether mode m's targets have a legal choice (601.2c, 603.3c): a trigger's "another
        target" is other than its source (115.3)."""
        return self.targets_available(p, self.specs(c, m), source, spell=c)

    def mode_choices(self) -> list[int]:
        """The modes a modal spell being cast, or a modal triggered ability being put on the
        stack, offers (601.2b, 603.3c, 700.2a), as OPTION k for its k-th mode: those whose
        targets have a legal choice (601.2c)."""
        cs = self.casting
        source = cs.source if cs.kind == "triggered" else None
        modes = self.casting_modes()[: actions.OPTION_SLOTS]
        return [
            actions.OPTION + k
            for k, m in enumerate(modes)
            if self.mode_available(cs.player, cs.card, m, source)
        ]

    def choose_mode(self, k: int) -> None:
        """The k-th mode is chosen: of the modal spell being cast (601.2b, 700.2a), then its
        costs and targets; of the modal triggered ability being put on the stack (603.3c),
        then its targets."""
        cs = self.casting
        m = self.casting_modes()[k]
        if cs.kind == "triggered":
            cs.ability = m
            cs.needed = self.needed(cs.card, m)
            self.start_targets()
        else:
            self.begin_spell_ability(m)

    def begin_spell_ability(self, spell: int | None) -> None:
        """The spell ability (the mode chosen, of a modal spell) is known (601.2b): then how its
        cost is paid, X and the targets."""
        cs = self.casting
        p = cs.player
        card = self.cards[cs.card]
        cs.ability = spell
        cs.needed = self.needed(cs.card, spell)
        if cs.plotted:
            # 702.170d, 118.9a: cast without paying its mana cost, no other alternative cost
            # applies (simplification: nor a kicker cost).
            self.announce_costs()
            return
        no_or_pay = card.or_paid_cost is None or (
            card.additional_sacrifice is not None
            and self.can_sacrifice(p, card.additional_sacrifice)
        )
        if no_or_pay and self.casting_free():
            # 118.9: cast from the hand without paying its mana cost (simplification: no other
            # alternative cost or kicker cost is offered then).
            self.announce_costs()
            return
        if (
            not cs.flashback
            and card.alternative is not None
            and self.can_sacrifice(p, card.alternative)
        ):
            # 601.2b, 118.9: with both costs payable, the caster chooses.
            if can_pay(self.available(p, cs.card), card.cost, 0, self.life(p)):
                self.pending = CHOOSE_COST
                return
            cs.alternative = True
        elif (alt := self.alternative_mana(cs.card)) is not None:
            # 601.2b, 118.9: "you may pay {B} rather than pay this spell's mana cost": with
            # both costs payable, the caster chooses; with one, that one.
            if can_pay(self.available(p, cs.card), alt, 0, self.life(p)):
                if can_pay(self.available(p, cs.card), card.cost, 0, self.life(p)):
                    self.pending = CHOOSE_COST
                    return
                cs.alternative = True
        elif card.kicked_cost is not None:
            # 702.33a, 601.2b: with the kicker cost payable too, the caster chooses whether to
            # pay it.
            if can_pay(self.available(p, cs.card), card.kicked_cost, 0, self.life(p)):
                self.pending = CHOOSE_COST
                return
        elif card.or_paid_cost is not None:
            # 601.2b: "sacrifice a creature or pay {3}{B}": with both payable, the caster
            # chooses; with one, that one.
            assert card.additional_sacrifice is not None
            if not self.can_sacrifice(p, card.additional_sacrifice):
                cs.or_paid = True
            elif can_pay(self.available(p, cs.card), card.or_paid_cost, 0, self.life(p)):
                self.pending = CHOOSE_COST
                return
        self.announce_costs()

    def announce_costs(self) -> None:
        """601.2b-c after the cost to pay is known: X if it has one, else the targets."""
        p = self.casting.player
        cost = self.casting_cost()
        if cost.x > 0:
            most = max_x(self.available(p, self.casting.card), cost, self.life(p)) or 0
            self.casting.max_x = min(most, actions.MAX_NUMBER)
            self.pending = CHOOSE_X
        else:
            self.start_targets()

    def choose_cost(self, yes: bool) -> None:
        """601.2b, 118.9: the caster pays the alternative cost (True) or the mana cost; for a
        spell with kicker (702.33a), the kicker cost too (True) or not."""
        card = self.cards[self.casting.card]
        if card.kicked_cost is not None:
            self.casting.kicked = yes
            if yes and card.kicked_spell is not None:
                # 702.33d: "If this spell was kicked, instead …": the kicked spell's targets
                # are chosen next (601.2c).
                self.casting.ability = card.kicked_spell
                self.casting.needed = self.needed(self.casting.card, card.kicked_spell)
        elif card.or_paid_cost is not None:
            self.casting.or_paid = not yes  # 601.2b: YES sacrifices, NO pays its mana instead
        else:
            self.casting.alternative = yes
        self.announce_costs()

    def casts_with_flash(self, p: int) -> bool:
        """Whether p controls a permanent that lets it cast spells as though they had flash
        ("You may cast spells as though they had flash.", 702.8a)."""
        return any(
            x in self.card_of and self.abilities_of(x).spells_have_flash
            for x in self.kernel.objects("battlefield", p)
        )

    def casts_free(self, p: int) -> bool:
        """Whether p controls a permanent that lets it cast spells from its hand without paying
        their mana costs ("You may cast spells from your hand without paying their mana
        costs.", 118.9)."""
        return any(
            x in self.card_of and self.abilities_of(x).spells_from_hand_free
            for x in self.kernel.objects("battlefield", p)
        )

    def casting_free(self) -> bool:
        """Whether the spell being cast is cast from its caster's hand without paying its mana
        cost (118.9): a permanent of its caster's allows it and no mana is due instead of its
        additional cost's sacrifice (601.2b)."""
        cs = self.casting
        elsewhere = cs.flashback or cs.from_exile or cs.madness or cs.plotted or cs.or_paid
        return not elsewhere and self.casts_free(cs.player)

    def alternative_mana(self, c: int) -> ManaCost | None:
        """The mana card c's alternative cost asks for instead of its mana cost, if its
        condition holds now ("if there are thirteen or more creatures on the battlefield", any
        player's: 118.9)."""
        alt = self.cards[c].alternative_mana
        if alt is None:
            return None
        cost, needed = alt
        creatures = sum(
            self.is_creature(x) for q in (0, 1) for x in self.kernel.objects("battlefield", q)
        )
        return cost if creatures >= needed else None

    def casting_sacrifice(self) -> tuple[Any, int] | None:
        """The sacrifice (filter, count) the spell being cast pays for, if any: its flashback
        cost's (702.34a) or its alternative cost's (118.9)."""
        cs = self.casting
        card = self.cards[cs.card]
        if cs.flashback:
            return card.flashback_sacrifice
        if cs.or_paid:
            return None  # its mana is paid instead (601.2b)
        # 601.2f-h: an additional cost is paid besides the mana cost.
        return card.alternative if cs.alternative else card.additional_sacrifice

    def can_sacrifice(self, p: int, cost: tuple[Any, int]) -> bool:
        """Whether p controls enough permanents matching the cost's filter (601.2h: a cost is
        paid in full; 701.21a: its own)."""
        f, n = cost
        bf = self.sides[p].battlefield[: actions.PERMANENT_SLOTS]
        return sum(interpreter.matches(self.kernel, f, e, None, p) for e in bf) >= n

    def sacrifice_cost_choices(self) -> list[int]:
        """The permanent slots the caster may sacrifice for the spell's cost now."""
        s = self.casting_sacrifice()
        p = self.casting.player
        bf = self.sides[p].battlefield[: actions.PERMANENT_SLOTS]
        if s is None:
            return []
        return [
            actions.MINE + j
            for j, e in enumerate(bf)
            if interpreter.matches(self.kernel, s[0], e, None, p)
        ]

    def sacrifice_for_cost(self, j: int) -> None:
        """601.2h, 701.21a: the caster sacrifices its permanent in slot ``j`` for the cost;
        with the last one, the rest of the cost is paid and the spell is cast."""
        eid = self.sides[self.casting.player].battlefield[j]
        self.kernel.move(eid, "graveyard")
        self.absorb_events()
        self.casting.sacrifices -= 1
        if self.casting.sacrifices == 0:
            self.finish_cast()

    def reduced_cost(self, p: int, c: int, cost: ManaCost, targets_tapped: bool) -> ManaCost:
        """601.2f: ``cost``, less {1} for each card in p's graveyard of the types card c's cost
        reduction counts (Tolarian Terror), for each attacking creature p controls (Embercleave),
        for p's permanents its reduction counts (affinity, 702.41a; "if you control a Wizard"),
        for each of p's permanents that makes spells of c's types cost {1} less, and, when it
        targets a tapped permanent (``targets_tapped``, known once its targets are chosen,
        601.2c), by its reduction for that (Luminous Rebuke), and by the total power of p's
        creatures (Ghalta); it reduces only generic mana."""
        card = self.cards[c]
        per = card.costs_less_per_graveyard
        n = card.costs_less_if_targets_tapped if targets_tapped else 0
        if per:
            n += sum(
                1
                for x in self.kernel.objects("graveyard", p)
                if x in self.card_of and self.cards[self.card_of[x]].types & per
            )
        if card.costs_less_per_attacker:
            # "For each attacking creature you control".
            n += sum(
                1
                for x in self.attackers
                if self.is_permanent(x.id) and self._obj(x.id).controller == p
            )
        if card.costs_less_by_total_power:
            # "X is the total power of creatures you control": a negative power subtracts.
            total = sum(self.kernel.power(x) or 0 for x in self.kernel.objects("battlefield", p))
            n += max(total, 0)
        if card.costs_less_for_permanents is not None:
            f, each = card.costs_less_for_permanents
            bf = self.kernel.objects("battlefield", p)
            count = sum(interpreter.matches(self.kernel, f, e, None, p) for e in bf)
            n += count if each else min(count, 1)
        n += sum(
            1
            for x in self.kernel.objects("battlefield", p)
            if x in self.card_of and self.abilities_of(x).spells_cost_less & card.types
        )
        return dataclasses.replace(cost, generic=max(cost.generic - n, 0))

    def casting_cost(self) -> ManaCost:
        """The cost the spell being cast is cast for: its flashback cost (702.34a), else its
        mana cost; less its cost reduction (601.2f)."""
        cs = self.casting
        tapped = any(self.is_tapped_permanent(e) for e in cs.targets)
        return self.reduced_cost(cs.player, cs.card, self.unreduced_cost(), tapped)

    def unreduced_cost(self) -> ManaCost:
        """The cost the spell being cast is cast for before its cost reduction."""
        cs = self.casting
        card = self.cards[cs.card]
        if cs.flashback and card.flashback is not None:
            return card.flashback
        if cs.alternative:
            # 118.9: a sacrifice, no mana; or the mana of "pay {B} rather than pay this
            # spell's mana cost".
            return card.alternative_mana[0] if card.alternative_mana else ManaCost()
        if cs.madness:
            return card.madness_cost  # 702.35a: an alternative cost
        if cs.plotted:
            return ManaCost()  # 702.170d: without paying its mana cost
        if self.casting_free():
            return ManaCost()  # 118.9: "cast spells from your hand without paying …"
        if cs.kicked and card.kicked_cost is not None:
            return card.kicked_cost  # 601.2f: the mana cost and the kicker cost
        if cs.or_paid and card.or_paid_cost is not None:
            return card.or_paid_cost  # 601.2f: the mana its additional cost allows instead
        return card.cost

    def finish_cast(self) -> None:
        """601.2g-h: the cost is paid (automatically); 601.2i: the spell is on the stack,
        "whenever you cast" triggers; 117.3c: the caster receives priority."""
        cs = self.casting
        discard = self.cards[cs.card].discard_cost
        if discard > 0 and cs.discarded is None and not cs.discarding:
            # 601.2h, 701.9a: the caster discards for the additional cost, card by card.
            cs.discarding, cs.discards = True, discard
            self.pending = DISCARD_COST
            return
        s = self.casting_sacrifice()
        if s is not None and not cs.sacrificing:
            # 601.2h, 701.21a: the caster chooses what it sacrifices, one at a time.
            cs.sacrificing, cs.sacrifices = True, min(s[1], 255)
            self.pending = SACRIFICE_COST
            return
        self.pay(cs.player, self.casting_cost(), cs.x, cs.card)
        if cs.remove_counters:
            self.remove_counters_for_cost(cs.player, cs.remove_counters)
        if cs.flashback or cs.from_exile:
            obj = cs.source  # moved there as casting began
        else:
            obj = self.create(cs.player, cs.card, "stack")  # seen since begin_cast
        # Its targets became the targets of this spell (702.21a reads which).
        for i, ev in enumerate(self.events):
            if ev[0] == "becomes_target" and ev[4] and ev[3] == NO_SPELL:
                self.events[i] = (ev[0], ev[1], ev[2], obj, True)
        self.stack.append(
            Item(
                "spell",
                obj,
                cs.card,
                cs.ability,
                cs.player,
                cs.x,
                tuple(cs.targets),
                obj,
                cs.flashback,
                cs.kicked,
                cs.discarded,
            )
        )
        # 601.2i: "whenever you cast" triggers, with the instant and sorcery spells cast before.
        before = self.note_instant_or_sorcery_cast(cs.player, cs.card)
        self.events.append(("cast", obj, cs.player, before, False))
        if cs.player != self.active:
            # "Whenever you cast a spell during an opponent's turn."
            self.events.append(("cast_on_opponents_turn", obj, cs.player, 0, False))
        if self.free_casts_casting:
            # Cast as an ability resolves: the next of the cards it exiled (Etali).
            self.next_free_cast()
            return
        self.give_priority(cs.player)

    def note_instant_or_sorcery_cast(self, p: int, c: int) -> int:
        """Player p cast card c: an instant or sorcery spell is counted for the turn where the
        pool's cards read it ("each other instant and sorcery spell you've cast before it this
        turn", Thousand-Year Storm). Returns how many p had cast before it."""
        casts = list(self.instant_and_sorcery_casts)
        before = casts[p & 1]
        if self.counts_instant_and_sorcery_casts and not self.cards[c].is_permanent:
            casts[p & 1] = min(before + 1, 255)
            self.instant_and_sorcery_casts = (casts[0], casts[1])
        return before

    def begin_activate(self, p: int, j: int, k: int) -> None:
        """602.2: with {X} in its cost, X is announced first (601.2b, 602.2b: the number
        decision, at most what p's mana can pay besides the rest); then the costs are paid ({T},
        mana, {E}, counters, loyalty, sacrifice), then the targets."""
        eid = self.sides[p].battlefield[j]
        c = self.card_of[eid]
        card = self.abilities_of(eid)
        ability = card.activated[k]
        mana = card.activation_mana[k]
        if mana.x > 0:
            a = card.data["abilities"][ability]
            avail = self.available(p)
            if a["cost"]["tap"] and card.produces in avail:
                avail.remove(card.produces)  # {T} uses the source itself
            most = max_x(avail, mana, self.life(p)) or 0
            needed = self.needed(c, ability)
            self.casting = Casting("activated", p, c, ability, eid, eid, needed=needed)
            self.casting.max_x = min(most, actions.MAX_NUMBER)
            self.pending = CHOOSE_X
            return
        self.pay_activation(p, eid, k, 0)

    def activate_with_x(self, x: int) -> None:
        """X announced for the ability being activated (601.2b): its costs are paid."""
        cs = self.casting
        card = self.abilities_of(cs.source)
        if cs.ability in card.activated:
            self.pay_activation(cs.player, cs.source, card.activated.index(cs.ability), x)
        else:
            self.give_priority(cs.player)

    def pay_activation(self, p: int, eid: int, k: int, x: int) -> None:
        """Pays the costs of ability k of p's permanent ``eid`` (602.2h), X being ``x``, and
        goes on to the permanent sacrificed, the cards discarded and the targets."""
        c = self.card_of[eid]
        card = self.abilities_of(eid)
        ability = card.activated[k]
        cost = card.data["abilities"][ability]["cost"]
        if cost["tap"]:
            self.kernel.tap(eid)
        if cost.get("tap_attached"):
            # 302.6: the equipped creature's {T}.
            attached = self.attached_to(eid)
            if attached is not None:
                self.kernel.tap(attached)
        tap = cost.get("tap_untapped")
        if tap is not None:
            # 602.2b: the game's choice of which (the first in battlefield order).
            skip = eid if cost["tap"] else None
            for s in self.untapped_to_tap(p, tap["filter"], eid, skip)[: tap["count"]]:
                self.kernel.tap(s)
        if cost["mana"] is not None:
            self.pay(p, card.activation_mana[k], x)
        # {E}, counters removed, sacrifice: the card interpreter's part of the cost (602.2b).
        interpreter.pay_costs(self.kernel, card.data, ability, eid, p)
        if "loyalty" in cost:
            self.loyalty_used.append(eid)  # 606.3: none of its loyalty abilities again this turn
        if card.data["abilities"][ability].get("once"):
            self.activated_once.append((eid, ability))  # 602.5b: it may not be again
        self.absorb_events()
        self.casting = Casting("activated", p, c, ability, eid, eid, needed=self.needed(c, ability))
        self.casting.x = x
        self.casting.discards = min(cost.get("discard", 0), 255)
        if cost.get("sacrifice_another") is not None:
            self.pending = SACRIFICE  # 601.2h: which other permanent is the player's choice
        else:
            self.discard_costs()

    def discard_costs(self) -> None:
        """The cards to discard for the cost, one decision each (602.2b, 701.9a), then the
        targets."""
        if self.casting.discards:
            self.pending = DISCARD_COST
        else:
            self.start_targets()

    def discard_for_cost(self, slot: int) -> None:
        """602.2b, 701.9a: the activating player discards its hand slot's card for the cost;
        with the last one, the targets. A spell's additional cost (601.2h): the card is
        remembered ("the discarded card"); with the last one, the rest of the cost is paid."""
        cs = self.casting
        p = cs.player
        eid = self.discard_card(p, self.sides[p].hand.pop(slot))
        cs.discards -= 1
        if cs.discarding:
            cs.discarded = eid
            if cs.discards == 0:
                cs.discarding = False
                self.finish_cast()
        elif cs.discards == 0:
            self.start_targets()

    def complete_casting(self) -> None:
        """Targets chosen (or none needed): the spell or ability goes on the stack; the player
        who cast or activated receives priority (117.3c)."""
        cs = self.casting
        if cs.kind == "spell":
            self.finish_cast()
            return
        item = Item(
            cs.kind,
            cs.source,
            cs.card,
            cs.ability,
            cs.player,
            cs.x,
            tuple(cs.targets),
            cs.triggering,
        )
        self.stack.append(item)
        if cs.kind == "activated":
            self.give_priority(cs.player)
        else:
            self.trigger_queue.pop(0)
            self.pending = PRIORITY

    # ----- triggered abilities (603) -----------------------------------------------------------

    def collect_triggers(self) -> None:
        """603.2: the abilities the events since the last time triggered wait in
        ``trigger_queue``, the active player's first (603.3b)."""
        if self.exiled_until:
            self.return_exiled_until()
        if self.dies_triggers:
            self.fire_dies_triggers()
        if self.events:
            fired = interpreter.fired(self.db, self.kernel, self.events, self.turn_history)
            if self.gained_abilities:
                # 613.1f: the abilities permanents gained, after their own.
                fired += fired_gained(
                    self.db, self.kernel, self.events, self.gained_abilities, self.turn_history
                )
            if self.attachments:
                fired += self.fired_through_attachments(self.events)
            if self.attachments or self.left_without_abilities:
                # 613.1f: an object without abilities triggers nothing.
                fired = self.drop_without_abilities(fired)
            if self.once_each_turn:
                fired = [f for f in fired if self.first_this_turn(f)]
            fired.sort(key=lambda f: f[1] != self.active)  # stable: APNAP
            self.trigger_queue += fired
            self.events = []

    def first_this_turn(self, f: tuple[Any, ...]) -> bool:
        """603.2h: whether the triggered ability ``f`` may trigger — not one that triggers only
        once each turn and already did for its object (noted as it does)."""
        if not self.db[f[2]]["abilities"][f[3]].get("once_each_turn"):
            return True
        key = (f[0], f[3])
        if key in self.fired_once:
            return False
        self.fired_once.append(key)
        return True

    def trigger_delayed(self) -> None:
        """603.7a-c: the delayed triggered abilities waiting for the beginning of the next end
        step trigger, once each (they are gone from the waiting list), after the abilities the
        step's beginning triggered; the active player's first (APNAP, 603.3b)."""
        self.collect_triggers()
        self.trigger_queue += self.delayed
        self.delayed = []
        self.trigger_queue.sort(key=lambda f: f[1] != self.active)  # stable: APNAP

    def put_triggers_on_stack(self) -> bool:
        """603.3: the abilities triggered since the last time go on the stack, the active
        player's first (APNAP, 603.3b; each player's in event order, then source id, then
        ability order); one with no legal target is removed (603.3d), a modal one with no mode
        that can be chosen too (603.3c). Returns whether a mode or target is to be chosen."""
        self.collect_triggers()
        while self.trigger_queue:
            f = self.trigger_queue[0]
            source, controller, name, ability, triggering = f[:5]
            amount = f[5] if len(f) > 5 else 0  # "that many" (603.2): its event's amount
            c = self.card_index[name]
            p = controller & 1
            modes = self.trigger_modes(c, ability)
            if modes:
                # 603.3c: a mode whose targets can't be chosen can't be chosen.
                choosable = any(self.mode_available(p, c, m, source) for m in modes)
            else:
                choosable = self.targets_available(p, self.specs(c, ability), source)
            if not choosable:
                # 603.3c, 603.3d: no legal targets (no mode to choose): removed from the stack.
                self.trigger_queue.pop(0)
                continue
            self.casting = Casting(
                "triggered",
                p,
                c,
                ability,
                source,
                triggering,
                x=min(amount, 2**32 - 1),
                needed=self.needed(c, ability),
            )
            if modes:
                # 603.3c: its controller chooses the mode as it is put on the stack.
                self.pending = MODE
                return True
            if self.casting.needed > 0:
                self.pending = TARGET
                return True
            self.complete_casting()
        return False

    # ----- resolution (608) --------------------------------------------------------------------
