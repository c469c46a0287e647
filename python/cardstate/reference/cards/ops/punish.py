"""'… loses N life unless they sacrifice … or discard a card' (608.2d): the punished player
chooses, one question at a time (rust/effects/src/runtime/ops/punish.rs)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _is_player
from cardstate.reference.cards.ops.cards import CardOps
from cardstate.reference.cards.ops.life import LifeOps
from cardstate.reference.game import Game

# ``op_n``: the question last asked of the player whose turn it is (``at``).
_ASKED_SACRIFICE = 1
_ASKED_PERMANENT = 2
_ASKED_DISCARD = 3
_ASKED_CARD = 4


class PunishOps(LifeOps, CardOps):
    def op_lose_life_unless(self, game: Game, op: Card) -> Request | None:
        """Each selected player in turn loses that much life unless it sacrifices one of its
        permanents the op's ``sacrifice`` selects (701.21a) or, with ``discard``, discards a
        card (701.9a): its choice (608.2d), asked only of what it can do — a request
        ``("unless", player, life, "sacrifice")``, then (declined, or none possible) ``("unless",
        player, life, "discard")``, then which permanent or card (the ``"sacrifice"`` and
        ``"discard"`` requests, not asked with one to choose from). A player who can do neither
        loses the life."""
        life = self.amount(game, op["n"])
        players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
        while self.at < len(players):
            p = players[self.at]
            chosen, self.unless_chosen = self.unless_chosen, None
            ask_discard = False
            if self.op_n == _ASKED_SACRIFICE and chosen:
                candidates = self.sacrifice_candidates(game, op["sacrifice"], p)
                if len(candidates) > 1:
                    self.op_n = _ASKED_PERMANENT
                    return ("sacrifice", p, 1, candidates)
                self._sacrifice_one(game, candidates[:1])
            elif self.op_n == _ASKED_PERMANENT:
                ids, self.sacrificed = self.sacrificed or [], None
                self._sacrifice_one(game, ids[:1])
            elif self.op_n == _ASKED_SACRIFICE:
                ask_discard = True
            elif self.op_n == _ASKED_DISCARD and chosen:
                hand = self.hand(game, p)
                if len(hand) > 1:
                    self.op_n = _ASKED_CARD
                    return ("discard", p, 1, hand)
                self._discard_one(game, p, 0)
            elif self.op_n == _ASKED_CARD:
                slots, self.discarded = self.discarded or [0], None
                self._discard_one(game, p, slots[0])
            elif self.op_n == _ASKED_DISCARD:
                self.lose_life(game, p, life)
            else:
                what = op["sacrifice"]
                if what is not None and self.sacrifice_candidates(game, what, p):
                    self.op_n = _ASKED_SACRIFICE
                    return ("unless", p, life, "sacrifice")
                ask_discard = True
            if ask_discard:
                if op["discard"] and self.hand(game, p):
                    self.op_n = _ASKED_DISCARD
                    return ("unless", p, life, "discard")
                self.lose_life(game, p, life)
            self.op_n = 0
            self.at += 1
        self.at = 0
        return None

    def _sacrifice_one(self, game: Game, ids: list[int]) -> None:
        """The permanent chosen is sacrificed (701.21a: to its owner's graveyard)."""
        for e in ids:
            game.move(e, "graveyard")
            self.permanents_sacrificed += 1

    def _discard_one(self, game: Game, p: int, slot: int) -> None:
        """p discards the card of its hand slot ``slot``, if it has one (701.9a)."""
        if slot < len(self.hand(game, p)):
            self.discard(game, p, slot)
            self.cards_discarded += 1
