"""Drawing (121), tokens (111), countering spells (701.6) and copying them (707.10)."""

from __future__ import annotations

from cardstate.reference.cards.objects import (
    Card,
    Request,
    _entity,
    _is_permanent,
    _is_player,
    top_of_library,
)
from cardstate.reference.cards.ops.flow import NO_ID
from cardstate.reference.cards.place import _create, emblem_statics
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game
from cardstate.vocabulary import MAX_ENTITIES

_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
"""The permanent types (110.4), in the order a player keeps one of each."""


class CardOps(ResolutionState):
    def op_draw(self, game: Game, op: Card) -> Request | None:
        """Each selected player draws that many cards (121): the top of a bare kernel's library
        is its lowest id; a draw from an empty library is noted for 704.5b."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and _is_player(game, p):
                for _ in range(n):
                    card = top_of_library(game, p)
                    if card is None:
                        self.empty_draws.add(p)
                        break
                    game.move(card, "hand")
        return None

    def op_discard(self, game: Game, op: Card) -> Request | None:
        """Each selected player in turn discards that many cards of its choice (701.9a-b): a
        request ``("discard", player, n, hand)`` for each player with more cards in hand than
        it must discard (``hand``: the cards in slot order); one with as many or fewer
        discards them all. The operation goes on with the answer (``at``: the player next)."""
        if self.at == 0 and self.discarded is None:
            self.op_n = self.amount(game, op["n"])
        players = self.select(game, op["who"])
        while self.at < len(players):
            p = players[self.at]
            if _is_player(game, p):
                hand = self.hand(game, p)
                n = min(self.op_n, len(hand))
                if n == len(hand):
                    slots = list(range(n))
                elif self.discarded is None:
                    return ("discard", p, n, hand)
                else:
                    slots, self.discarded = self.discarded, None
                for s in sorted(slots, reverse=True):  # the slots below stay where they were
                    self.discard(game, p, s)
                    self.cards_discarded += 1
            self.at += 1
        self.at = 0
        return None

    def op_sacrifice(self, game: Game, op: Card) -> Request | None:
        """Each selected player in turn sacrifices that many of its permanents that the op's
        ``what`` selects, of its choice (701.21a): a request ``("sacrifice", player, n,
        candidates)`` (their ids, ascending) for each player with more of them than it must
        sacrifice; one with as many or fewer sacrifices them all (``at``: the player next)."""
        if self.at == 0 and self.sacrificed is None:
            self.op_n = self.amount(game, op["n"])
        players = self.select(game, op["who"])
        while self.at < len(players):
            p = players[self.at]
            if _is_player(game, p):
                candidates = self.sacrifice_candidates(game, op["what"], p)
                n = min(self.op_n, len(candidates))
                if n == len(candidates):
                    chosen = candidates
                elif self.sacrificed is None:
                    return ("sacrifice", p, n, candidates)
                else:
                    chosen, self.sacrificed = self.sacrificed, None
                for e in chosen:
                    game.move(e, "graveyard")  # 701.21a: to its owner's graveyard
                    self.permanents_sacrificed += 1
            self.at += 1
        self.at = 0
        return None

    def op_reveal_hand_choose_discard(self, game: Game, op: Card) -> Request | None:
        """Each selected player in turn reveals its hand (701.20a); the controller chooses a
        card of it with none of the op's ``not_types``: a request ``("search", controller,
        cards, False)`` of them as ``hand_cards`` names them (equal cards once, ascending; none
        asked without one), which that player discards (701.9b). The operation goes on with the
        answer (``at``: the player whose hand is next)."""
        players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
        not_types = op["not_types"]
        while self.at < len(players):
            p = players[self.at]
            if self.searched is not None:
                (found,), self.searched = self.searched, None
                hand = self.hand(game, p)
                if found in hand:
                    self.discard(game, p, hand.index(found))
                    self.cards_discarded += 1
            else:
                self.reveal_hand(p)
                cards = sorted(
                    {
                        name
                        for name, card in self.hand_cards(game, p)
                        if not any(t in card["types"] for t in not_types)
                    }
                )
                if cards:
                    return ("search", self.controller, cards, False)
            self.at += 1
        self.at = 0
        return None

    def hand_cards(self, game: Game, p: int) -> list[tuple[int, Card]]:
        """The cards of p's hand, each as ``hand`` names it with its card: a bare kernel's
        objects by id, ascending (an object of no card of the pool is left out)."""
        out = []
        for eid in self.hand(game, p):
            card = self.db.get(game.name(eid))
            if card is not None:
                out.append((eid, card))
        return out

    def reveal_hand(self, p: int) -> None:
        """p reveals its hand (701.20a): a bare kernel's hands are objects anyone may read; a
        duel remembers the cards as known to the opponent."""

    def op_keep_one_of_each_type(self, game: Game, op: Card) -> Request | None:
        """Each selected player in turn chooses a permanent it controls of each permanent type
        (a request ``("keep", player, groups)`` of the types it has two or more of, one alone
        kept) and sacrifices the rest (701.21a). The operation goes on with the answer (``at``:
        the player next)."""
        players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
        while self.at < len(players):
            p = players[self.at]
            permanents = sorted(game.objects("battlefield", p))
            kept, groups = [], []
            for t in _PERMANENT_TYPES:
                group = [e for e in permanents if t in _entity(game, e).types]
                if len(group) == 1:
                    kept.append(group[0])
                elif group:
                    groups.append(group)
            if groups:
                if self.kept is None:
                    return ("keep", p, groups)
                kept += self.kept
                self.kept = None
            for e in permanents:
                if e not in kept:
                    game.move(e, "graveyard")  # 701.21a: to its owner's graveyard
                    self.permanents_sacrificed += 1
            self.at += 1
        self.at = 0
        return None

    def sacrifice_candidates(self, game: Game, what: Card, p: int) -> list[int]:
        """The permanents of p's that ``what`` selects, ascending: what it may sacrifice
        (701.21a)."""
        return sorted(
            e for e in self.select(game, what) if _is_permanent(game, e) and game.controller(e) == p
        )

    def hand(self, game: Game, p: int) -> list[int]:
        """The cards in p's hand in slot order: a bare kernel's hand objects by id."""
        return sorted(game.objects("hand", p))

    def discard(self, game: Game, p: int, slot: int) -> None:
        """p discards the card in its hand slot ``slot`` (701.9a: to its owner's graveyard)."""
        game.move(self.hand(game, p)[slot], "graveyard")

    def op_create_token(self, game: Game, op: Card) -> Request | None:
        """That many tokens of a card for each selected player (111.1), tapped if the op says so
        (110.5b), refused before any is made beyond the entity limit."""
        n = self.amount(game, op["n"])
        if op["card"] not in self.db:
            raise ValueError(f"unknown card {op['card']!r}")
        players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
        _room_for_tokens(
            game, op["card"], self._most_tokens_created(game, players, n), len(players)
        )
        for p in players:
            for _ in range(self.tokens_created(game, p, n)):  # 614.1a
                x = _create(game, self.db[op["card"]], p, "battlefield", token=True)
                if op.get("tapped", False):
                    game.tap(x)
        return None

    def op_create_emblem(self, game: Game, op: Card) -> Request | None:
        """ "You get an emblem with …" (114.1, 114.2): an object of the emblem's card in the
        command zone, owned and controlled by the controller, whose static abilities apply from
        the moment it is there (114.4: :func:`~cardstate.reference.cards.place.emblem_statics`)."""
        if op["card"] not in self.db:
            raise ValueError(f"unknown card {op['card']!r}")
        card = self.db[op["card"]]
        _create(game, card, self.controller, "command")
        emblem_statics(game, card, self.controller)
        return None

    def op_create_token_copy(self, game: Game, op: Card) -> Request | None:
        """ "Create a token that's a copy of …" (707.2, 111.1): each selected object (last known
        information: a gone record keeps its printed card) is copied by each selected player as
        a token of its card; its counters, damage and the effects on it aren't copiable values.
        Its exceptions (707.9b): haste until end of turn, and the card's delayed ability
        ``sacrificed_at_end_step`` about the token (603.7a, 603.7d: this effect's controller's)."""
        names = []
        for e in self.select(game, op["of"]):
            ent = _entity(game, e)
            if ent is not None and not _is_player(game, e) and ent.printed.name in self.db:
                names.append(ent.printed.name)
        players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
        if names:
            most = self._most_tokens_created(game, players, len(names))
            _room_for_tokens(game, names[0], most, len(players))
        source = NO_ID if self.source is None else self.source
        for name in names:
            for p in players:
                for _ in range(self.tokens_created(game, p, 1)):  # 614.1a
                    x = _create(game, self.db[name], p, "battlefield", token=True)
                    if op.get("haste", False):
                        game.add_continuous_effect(
                            "add_keyword", affected=[x], keyword="haste", until_end_of_turn=True
                        )
                    if op.get("sacrificed_at_end_step") is not None:
                        ability = op["sacrificed_at_end_step"]
                        self.delay(game, (source, self.controller, self.card["name"], ability, x))
        return None

    def op_create_token_copy_exiling_others(self, game: Game, op: Card) -> Request | None:
        """ "Create a token that's a copy of it, except it's a Nightmare in addition to its
        other types. Then exile all other Nightmare tokens you control." (707.2, 707.9a): for
        each selected object (last known information) the controller creates a token of its
        card (614.1a: twice as many where doubled), each also of the subtype (layer 4, 613.1d:
        an effect locked in to it, 611.2c); then each other token the controller controls with
        that subtype is exiled (701.13), in id order."""
        names = []
        for e in self.select(game, op["of"]):
            ent = _entity(game, e)
            if ent is not None and not _is_player(game, e) and ent.printed.name in self.db:
                names.append(ent.printed.name)
        me = self.controller
        if names:
            _room_for_tokens(game, names[0], self._most_tokens_created(game, [me], len(names)), 1)
        made = []
        for name in names:
            for _ in range(self.tokens_created(game, me, 1)):  # 614.1a
                x = _create(game, self.db[name], me, "battlefield", token=True)
                game.add_continuous_effect("add_subtype", affected=[x], subtype=op["subtype"])
                made.append(x)
        for x in game.objects("battlefield", me):
            ent = _entity(game, x)
            if (
                x not in made
                and ent is not None
                and ent.printed.token
                and game._has_subtype(ent, op["subtype"])
            ):
                game.move(x, "exile")
        return None

    def tokens_created(self, game: Game, p: int, n: int) -> int:
        """How many tokens an effect creates under player ``p``'s control when it would create
        ``n`` (614.1a): twice as many for each permanent of ``p``'s whose card says "If an effect
        would create one or more tokens under your control, it creates twice that many of those
        tokens instead." (Doubling Season; two: four times as many)."""
        for x in game.objects("battlefield", p):
            card = self.db.get(game.name(x))
            if card is not None and any(
                a["kind"] == "twice_as_many_tokens" for a in card["abilities"]
            ):
                n *= 2
        return n

    def _most_tokens_created(self, game: Game, players: list[int], n: int) -> int:
        """The most tokens any of ``players`` gets where an effect would create ``n`` for each
        (614.1a): the bound the entity limit is checked against."""
        return max((self.tokens_created(game, p, n) for p in players), default=n)

    def _counterable(self, game: Game, e: int) -> bool:
        """Whether ``e`` is a spell an effect can counter (701.6a): an object on the stack whose
        card hasn't "This spell can't be countered." (101.2)."""
        ent = _entity(game, e)
        if ent is None or _is_player(game, e) or ent.gone or ent.zone != "stack":
            return False
        card = self.db.get(game.name(e))
        return card is None or all(a["kind"] != "cant_be_countered" for a in card["abilities"])

    def op_counter_spell(self, game: Game, op: Card) -> Request | None:
        """Counters each selected spell (701.6): from the stack to its owner's graveyard."""
        for e in self.select(game, op["what"]):
            if self._counterable(game, e):
                game.move(e, "graveyard")
        return None

    def op_may_pay_mana(self, game: Game, op: Card) -> Request | None:
        """ "You may pay {R}. If you do, …" (608.2c): a request ``("pay", controller, 0)`` (the
        host pays the mana); the flag is the answer, which "if you do" reads."""
        if self.paid is None:
            return ("pay", self.controller, 0)
        self.flag, self.paid = self.paid, None
        return None

    def op_counter_unless_pays(self, game: Game, op: Card) -> Request | None:
        """ "Counter that spell unless its controller pays …" (701.6a, 118.12): each selected
        spell still on the stack in turn: a request ``("pay", controller, life)``; paid (the
        host pays the mana, this the life, 119.4) it stays, not paid it goes from the stack to
        its owner's graveyard. The operation goes on with the answer (``at``: the spell next)."""
        spells = self.select(game, op["what"])
        while self.at < len(spells):
            e = spells[self.at]
            ent = _entity(game, e)
            # A spell that can't be countered: not paying would change nothing, so nothing is
            # asked (101.2).
            if ent is not None and self._counterable(game, e):
                if self.paid is None:
                    return ("pay", ent.controller, op["life"])
                paid, self.paid = self.paid, None
                if not paid:
                    game.move(e, "graveyard")
                elif op["life"] > 0:
                    game.lose_life(ent.controller, op["life"])  # 119.4: paying life is losing it
            self.at += 1
        self.at = 0
        return None

    def op_pay_to_copy(self, game: Game, op: Card) -> Request | None:
        """ "… may pay [mana]. If the player does, they may copy this spell" (707.10): the player
        ``of`` selects first (a player, or an object's controller: last known information) is
        asked ``("pay", player, 0)`` (the host pays the mana); paid, ``copy_spell`` puts a copy
        of this resolution's spell on the stack under that player's control (707.10c: it
        chooses the copy's target)."""
        chosen = self.select(game, op["of"])
        if not chosen:
            return None
        e = chosen[0]
        ent = _entity(game, e)
        if ent is None:
            return None
        payer = e if _is_player(game, e) else ent.controller
        if self.paid is None:
            return ("pay", payer, op["life"])
        paid, self.paid = self.paid, None
        if paid:
            source = NO_ID if self.source is None else self.source
            self.copy_spell(game, (source, payer, self.card["name"], self.ability, source))
        return None

    def op_copy_spell(self, game: Game, op: Card) -> Request | None:
        """ "Copy it for each …" (707.10): ``n`` copies of the spell ``of`` selects first, as it
        last existed if it left the stack (its card and first spell ability), each put on the
        stack by ``copy_spell`` under this ability's controller, who chooses their targets
        anew (707.10c). A permanent spell has no spell ability here: it isn't copied."""
        n = self.amount(game, op["n"])
        chosen = self.select(game, op["of"])
        ent = _entity(game, chosen[0]) if chosen else None
        if ent is None or _is_player(game, chosen[0]):
            return None
        card = self.db.get(ent.printed.name)
        spells = (
            []
            if card is None
            else [i for i, a in enumerate(card["abilities"]) if a["kind"] == "spell"]
        )
        if not spells:
            return None
        for _ in range(min(n, 0xFFFF)):
            fired = (chosen[0], self.controller, card["name"], spells[0], chosen[0])
            self.copy_spell(game, fired)
        return None

    def copy_spell(self, game: Game, fired: tuple[int, int, str, int, int]) -> None:
        """Puts a copy of the spell on the stack (707.10): a game with a stack does (a duel);
        a bare kernel resolves nothing more, and makes none."""


def _room_for_tokens(game: Game, card: str, n: int, players: int) -> None:
    """``n`` tokens for each of ``players`` players keep the game within the entity limit; an
    ``OverflowError``, before any is made, otherwise."""
    if n * players > MAX_ENTITIES - game._next_id:
        raise OverflowError(
            f"creating {n} {card!r} token(s) for {players} player(s) would take the game past "
            f"{MAX_ENTITIES} entities"
        )
