"""Actions and the board in words (the same words as the native duel)."""

from __future__ import annotations

from cardstate.reference.duel import actions, args
from cardstate.reference.duel.chosen import COLOUR_NAMES
from cardstate.reference.duel.state import (
    ATTACK,
    BLOCK,
    BOTTOM,
    CHOOSE_COLOUR,
    CHOOSE_COST,
    CHOOSE_TYPE,
    DISCARD,
    DISCARD_COST,
    DRAW,
    LEGEND,
    MADNESS,
    MODE,
    MULLIGAN,
    NO_CARD,
    ORDER_EFFECTS,
    OVER,
    PLOT,
    PRIORITY,
    RESOLVE,
    SACRIFICE,
    SACRIFICE_COST,
    STEPS,
    DuelState,
)
from cardstate.reference.duel.state import TARGET as PENDING_TARGET


class Text(DuelState):
    """``action_to_string``, ``string_to_action`` and the board."""

    def name_of(self, eid: int) -> str:
        c = self.card_of.get(eid)
        return "?" if c is None or c < 0 else self.cards[c].name

    def entity_name(self, eid: int) -> str:
        return f"player {eid}" if eid < 2 else self.name_of(eid)

    def action_to_string(self, a: int) -> str:
        """The action in words, in the current state: its first word is one of pass, play,
        cast, activate, target, attack, block, proliferate, choose, keep, mulligan, put, discard,
        apply, assign, sacrifice, yes, no (an
        action that means nothing in this decision is named by its place in the action space;
        ``ValueError`` for an id outside the action space)."""
        a = args.integer(a)
        if not 0 <= a < actions.NUM_ACTIONS:
            raise ValueError(f"no action {a}: ids are 0..{actions.NUM_ACTIONS}")
        act = actions.decode(a)
        if act is None:
            return f"no such action {a}"
        kind, i, k = act
        me = max(self.current_player(), 0)
        candidate = self.proliferate_candidate()
        asked = None
        if self.pending in (ATTACK, BLOCK) and self.deciding < len(self.candidates):
            asked = self.candidates[self.deciding]
        if self.pending == PENDING_TARGET:
            target = self.target_entity(self.casting.player, a)
            if target is not None:
                return f"target {self.entity_name(target)} ({target})"
        if self.pending == CHOOSE_COLOUR and kind == "option" and i < len(COLOUR_NAMES):
            chooser = self.colour_choice()
            if chooser is not None:
                return f"choose {COLOUR_NAMES[i]} for {self.name_of(chooser)} ({chooser})"
        if self.pending == CHOOSE_TYPE and kind == "option":
            chooser = self.type_choice()
            if chooser is not None and i < len(self.type_options(chooser)):
                name = self.type_options(chooser)[i]
                return f"choose {name} for {self.name_of(chooser)} ({chooser})"
        if self.pending == MODE and kind == "option" and i < len(self.casting_modes()):
            return f"choose mode {i} of {self.cards[self.casting.card].name}"
        mine = self.sides[me].battlefield
        if (
            self.pending in (SACRIFICE, SACRIFICE_COST, RESOLVE)
            and kind == "mine"
            and i < len(mine)
        ):
            if self.decision() == "legend":  # 701.21a: a permanent kept of a type
                return f"keep {self.entity_name(mine[i])} ({mine[i]})"
            return f"sacrifice {self.entity_name(mine[i])} ({mine[i]})"
        piles = self.piles()
        if piles is not None and kind in ("yes", "no"):  # 700.3: the opponent chooses a pile
            if kind == "no":
                return f"no, choose the face-down pile ({piles[1]} cards)"
            names = ", ".join(self.cards[c].name for c in piles[0])
            return f"yes, choose the face-up pile ({names})"
        top_or_bottom = self.top_or_bottom_object()
        if top_or_bottom is not None and kind in ("yes", "no"):
            name = f"{self.entity_name(top_or_bottom)} ({top_or_bottom})"
            if kind == "yes":
                return f"yes, put {name} on top of your library"
            return f"no, put {name} on the bottom of your library"
        unless = self.unless()
        if unless is not None and kind in ("yes", "no"):  # 608.2d: the punished player
            life, action = unless
            what = "sacrifice a permanent" if action == "sacrifice" else "discard a card"
            return (
                f"yes, {what} rather than lose {life} life"
                if kind == "yes"
                else f"no, don't {what}"
            )
        if self.pending == MULLIGAN and kind in ("yes", "no"):
            return "keep your hand" if kind == "yes" else "mulligan"
        if self.pending == MADNESS and kind in ("yes", "no") and self.free_casts_casting:
            name = self.cards[self.casting.card].name
            if kind == "yes":
                return f"yes, cast {name} without paying its mana cost"
            return f"no, don't cast {name}"
        if self.pending == MADNESS and kind in ("yes", "no"):
            name = self.cards[self.casting.card].name
            if kind == "yes":
                return f"yes, cast {name} for its madness cost"
            return f"no, put {name} into your graveyard"
        if self.pending == PLOT and kind in ("yes", "no"):
            name = self.cards[self.casting.card].name
            return f"yes, plot {name}" if kind == "yes" else f"no, cast {name}"
        if self.pending == CHOOSE_COST and kind in ("yes", "no"):
            if self.cards[self.casting.card].or_paid_cost is not None:
                if kind == "yes":
                    return "yes, sacrifice for the additional cost"
                return "no, pay its mana instead"
            if self.cards[self.casting.card].kicked_cost is not None:
                return (
                    "yes, pay the kicker cost" if kind == "yes" else "no, don't pay the kicker cost"
                )
            return "yes, pay the alternative cost" if kind == "yes" else "no, pay the mana cost"
        if self.decision() == "choose_card":  # 701.23a-b, 701.25a
            cards = self.decision_options()
            looking = self.resolving.request[0] if self.resolving is not None else ""
            if kind == "option" and i < len(cards):
                name = self.cards[cards[i]].name
                if looking == "surveil":
                    return f"put {name} into your graveyard (option {i})"
                if looking == "scry":
                    return f"put {name} on the bottom of your library (option {i})"
                if looking == "piles":
                    return f"put {name} into the face-up pile (option {i})"
                return f"find {name} (option {i})"
            if kind == "no" and looking == "piles":
                return "put the rest into the face-down pile"
            if kind == "no":
                return "keep the rest on top" if looking in ("surveil", "scry") else "find nothing"
        if (
            self.pending in (BOTTOM, DISCARD, DISCARD_COST)
            and kind == "hand"
            and i < len(self.sides[me].hand)
        ):
            name = self.cards[self.sides[me].hand[i]].name
            if self.pending == BOTTOM:
                return f"put {name} on the bottom of your library (hand slot {i})"
            return f"discard {name} (hand slot {i})"
        if kind == "pass":
            return "pass"
        if kind == "yes":
            if candidate is not None:
                return f"proliferate {self.entity_name(candidate)} ({candidate})"
            return "yes"
        if kind == "no":
            if candidate is not None:
                return f"no proliferate {self.entity_name(candidate)} ({candidate})"
            if asked is not None:
                verb = "attack" if self.pending == ATTACK else "block"
                return f"no {verb} with {self.name_of(asked)} ({asked})"
            return "no"
        if kind == "self":
            return "target yourself"
        if kind == "opponent":
            if self.pending == ATTACK and asked is not None:
                return f"attack with {self.name_of(asked)} ({asked})"
            return "target your opponent"
        if kind == "hand":
            hand = self.sides[me].hand
            if i < len(hand):
                card = self.cards[hand[i]]
                if self.decision() == "discard":
                    return f"discard {card.name} (hand slot {i})"
                return f"{'play' if card.is_land else 'cast'} {card.name} (hand slot {i})"
            return f"cast hand slot {i}"
        if kind == "mine":
            bf = self.sides[me].battlefield
            if self.pending == LEGEND and i < len(bf):
                return f"keep {self.name_of(bf[i])} ({bf[i]})"
            return f"target your permanent slot {i}"
        if kind == "theirs":
            bf = self.sides[1 - me].battlefield
            attacking = {att.id for att in self.attackers}
            if self.pending == BLOCK and asked is not None and i < len(bf) and bf[i] in attacking:
                att = bf[i]
                return f"block {self.name_of(att)} ({att}) with {self.name_of(asked)} ({asked})"
            if (
                self.pending == ATTACK
                and asked is not None
                and i < len(bf)
                and self.can_be_attacked(bf[i])
            ):
                pw = bf[i]
                return f"attack {self.name_of(pw)} ({pw}) with {self.name_of(asked)} ({asked})"
            return f"target your opponent's permanent slot {i}"
        if kind == "stack":
            return f"target stack slot {i}"
        if kind == "my_graveyard":
            gy = self.sides[me].graveyard
            if self.pending == PRIORITY and i < len(gy):
                # A card played from there by a permission.
                if self.may_play_now(me, gy[i]) or self.graveyard_type_to_play(me, gy[i]):
                    how = " with flashback" if gy[i] in self.flashback_granted else ""
                    verb = "play" if self.cards[self.card_of[gy[i]]].is_land else "cast"
                    return f"{verb} {self.name_of(gy[i])}{how} (graveyard slot {i})"
                if self.cards[self.card_of[gy[i]]].graveyard_ability is not None:
                    return f"activate {self.name_of(gy[i])} (graveyard slot {i})"
                # "You may cast this card from your graveyard by removing … counters" (its own
                # permission) is no flashback.
                counters = self.cards[self.card_of[gy[i]]].graveyard_cast_counters
                how = "" if counters else " with flashback"
                return f"cast {self.name_of(gy[i])}{how} (graveyard slot {i})"
            return f"target your graveyard slot {i}"
        if kind == "their_graveyard":
            return f"target your opponent's graveyard slot {i}"
        if kind == "my_exile":
            ex = self.exile(me)
            if self.pending == PRIORITY and i < len(ex):
                c = self.card_of.get(ex[i], NO_CARD)
                verb = "play" if c != NO_CARD and self.cards[c].is_land else "cast"
                return f"{verb} {self.name_of(ex[i])} (exile slot {i})"
            return f"target your exile slot {i}"
        if kind == "option":
            order = (
                self.order_choice()
                if self.pending == ORDER_EFFECTS
                else self.resolve_order_choice()
                if self.pending == RESOLVE
                else None
            )
            if order is not None and i < len(order[1]):
                eid = order[1][i]
                return f"apply {self.effect_name(eid)} (replacement effect {eid}) next"
            return f"choose option {i}"
        if kind == "number":
            share = self.assignment_choice()
            if share is not None:
                return (
                    f"assign {i} damage from {self.name_of(share.attacker)} ({share.attacker}) "
                    f"to {self.entity_name(share.to)} ({share.to})"
                )
            return f"choose {i}"
        bf = self.sides[me].battlefield
        if i >= len(bf):
            return f"activate ability {k} of permanent slot {i}"
        eid = bf[i]
        if self.pending == PRIORITY:
            return f"activate {self.name_of(eid)} ({eid}) ability {k} (permanent slot {i})"
        return f"activate ability {k} of {self.name_of(eid)} ({eid}, permanent slot {i})"

    def string_to_action(self, s: str) -> int:
        """The legal action whose words are ``s``, else any action whose words are ``s``
        (``ValueError`` if none)."""
        s = args.text(s)
        for a in self.legal_actions() + list(range(actions.NUM_ACTIONS)):
            if self.action_to_string(a) == s:
                return a
        raise ValueError(f"no action {s!r} here")

    def board(self, player: int) -> str:
        """The board as ``player`` sees it (the opponent's hand as its size only)."""
        return self.board_text(args.player(player))

    def board_text(self, viewer: int | None) -> str:
        """The board as ``viewer`` sees it, or everything (``None``)."""
        if self.pending == OVER:
            state = "over: draw" if self.outcome == DRAW else f"over: player {self.outcome} wins"
        else:
            state = f"player {self.current_player()} to decide"
        lines = [
            f"turn {self.turn_number}/{self.turn_limit} ({STEPS[self.step_index]}), "
            f"player {self.active} active, {state}"
        ]
        for p in (0, 1):
            side = self.sides[p]
            lines.append(
                f"player {p}: life {self.kernel.life(p)}, poison {self.kernel.count(p, 'poison')}, "
                f"library {len(side.library)}, hand {len(side.hand)}"
            )
            if viewer is None or viewer == p:
                lines.append("  hand: " + ", ".join(self.cards[c].name for c in side.hand))
            else:
                lines.append(f"  hand: {len(side.hand)} cards")
            perms = []
            for eid in side.battlefield:
                o = self._obj(eid)
                t = f"{self.name_of(eid)} ({eid})"
                pw, tg = self.kernel._power(o), self.kernel._toughness(o)
                if pw is not None and tg is not None:
                    t += f" {pw}/{tg}"
                if o.damage > 0:
                    t += f" damage {o.damage}"
                for kind, n in self.kernel.counters(eid).items():
                    t += f" [{kind} {n}]"
                if o.tapped:
                    t += " tapped"
                if eid in self.sick:
                    t += " new"
                to = self.attached_to(eid)
                if to is not None:
                    t += f" attached to {to}"
                perms.append(t)
            lines.append("  battlefield: " + ", ".join(perms))
            lines.append("  graveyard: " + ", ".join(self.name_of(e) for e in side.graveyard))
        if self.stack:
            lines.append(
                "stack (bottom first): "
                + ", ".join(
                    f"{self.cards[it.card].name} (player {it.controller})" for it in self.stack
                )
            )
        return "\n".join(lines) + "\n"
