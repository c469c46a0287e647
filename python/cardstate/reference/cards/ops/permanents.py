"""Changes of permanents: destroy (701.8), until-end-of-turn changes of power, toughness and
keywords (611.2c, 613), tapping (701.26), attaching (701.3)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _is_permanent, _locked_in
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game
from cardstate.vocabulary import CARD_TYPES, INT64_MAX, INT64_MIN


class PermanentOps(ResolutionState):
    def op_destroy(self, game: Game, op: Card) -> Request | None:
        """Destroys each selected permanent (701.8)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                game.destroy(e)
        return None

    def op_pump(self, game: Game, op: Card) -> Request | None:
        """+N/+M until end of turn (611.2c: the set is locked in now; layer 7c)."""
        p = self.signed_amount(game, op["power"])
        t = self.signed_amount(game, op["toughness"])
        ids = _locked_in(game, self.select(game, op["who"]))
        if ids and (p or t):
            game.add_continuous_effect(
                "modify_power_toughness",
                affected=ids,
                power=p,
                toughness=t,
                until_end_of_turn=True,
            )
        return None

    def op_grant(self, game: Game, op: Card) -> Request | None:
        """A keyword until end of turn (611.2c, layer 6; toxic is toxic 1)."""
        ids = _locked_in(game, self.select(game, op["who"]))
        if ids:
            game.add_continuous_effect(
                "add_keyword", affected=ids, keyword=op["keyword"], until_end_of_turn=True
            )
        return None

    def op_becomes(self, game: Game, op: Card) -> Request | None:
        """ "This creature becomes a Werewolf" (205.1a; layer 4, 613.1d): the selected
        permanents lose their subtypes, then have these, for as long as they stay (611.2c)."""
        ids = _locked_in(game, self.select(game, op["what"]))
        if ids:
            game.add_continuous_effect("lose_subtypes", affected=ids)
            for subtype in op["subtypes"]:
                game.add_continuous_effect("add_subtype", affected=ids, subtype=subtype)
        return None

    def op_gain_ability(self, game: Game, op: Card) -> Request | None:
        """ "… and gains 'Whenever …'" (613.1f, layer 6): each selected permanent gains the
        card's gained triggered ability ``op["ability"]`` for as long as it stays (611.2c:
        no duration; 400.7), kept by the game (``gains_ability``)."""
        for e in _locked_in(game, self.select(game, op["what"])):
            self.gains_ability(game, (e, self.card["name"], op["ability"]))
        return None

    def gains_ability(self, game: Game, gained: tuple[int, str, int]) -> None:
        """The permanent ``gained[0]`` gains the triggered ability ``gained[2]`` of card
        ``gained[1]`` for as long as it stays: a game that collects triggered abilities keeps
        it (a duel); a bare kernel keeps none, and it never triggers there."""

    def op_becomes_creature(self, game: Game, op: Card) -> Request | None:
        """ "This land becomes a 3/3 creature with vigilance and all creature types. It's
        still a land.": a creature in addition to its card types (205.1b, layer 4: kept on the
        object, which leaves with them, 400.7), base power and toughness (613.4b, layer 7b),
        the keywords (layer 6), all creature types if so (205.3m); as long as it stays."""
        ids = _locked_in(game, self.select(game, op["what"]))
        if not ids:
            return None
        for e in ids:
            obj = game._object(e, mutate=True)
            obj.types = [t for t in CARD_TYPES if t in obj.types or t == "creature"]
        p, t = op["power"], op["toughness"]
        game.add_continuous_effect("set_base_power_toughness", affected=ids, power=p, toughness=t)
        for k in op["keywords"]:
            game.add_continuous_effect("add_keyword", affected=ids, keyword=k)
        if op["all_creature_types"]:
            game.add_continuous_effect("all_creature_types", affected=ids)
        return None

    def op_switch(self, game: Game, op: Card) -> Request | None:
        """Power and toughness switched until end of turn (611.2c, layer 7e, 613.4e)."""
        ids = _locked_in(game, self.select(game, op["who"]))
        if ids:
            game.add_continuous_effect(
                "switch_power_toughness", affected=ids, until_end_of_turn=True
            )
        return None

    def op_double_power(self, game: Game, op: Card) -> Request | None:
        """Each selected creature's power doubled until end of turn (701.10a-b): +X/+0, X its
        power now (611.2c: the set and each amount locked in; layer 7c); a negative power gets
        that much less, a power of 0 changes nothing."""
        for e in _locked_in(game, self.select(game, op["who"])):
            x = max(min(game.power(e) or 0, INT64_MAX), INT64_MIN)
            if x:
                game.add_continuous_effect(
                    "modify_power_toughness",
                    affected=[e],
                    power=x,
                    toughness=0,
                    until_end_of_turn=True,
                )
        return None

    def op_tap(self, game: Game, op: Card) -> Request | None:
        """Taps each selected permanent (701.26a)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                game.tap(e)
        return None

    def op_untap(self, game: Game, op: Card) -> Request | None:
        """Untaps each selected permanent (701.26b)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                was = game.is_tapped(e)
                game.untap(e)
                if was and not game.is_tapped(e):
                    self.untapped(game, e)
        return None

    def untapped(self, game: Game, e: int) -> None:
        """Permanent ``e`` untapped (701.26b): a game that collects triggered abilities notes
        the event ("whenever equipped creature becomes untapped"); a bare kernel doesn't."""

    def op_attach(self, game: Game, op: Card) -> Request | None:
        """Attaches the first permanent ``what`` selects to the first permanent ``to`` selects
        (701.3a), both on the battlefield (an illegal target is none, 608.2b): the game keeps
        the link (``attach``)."""
        what = [e for e in self.select(game, op["what"]) if _is_permanent(game, e)]
        to = [e for e in self.select(game, op["to"]) if _is_permanent(game, e)]
        if what and to and what[0] != to[0]:
            self.attach(game, what[0], to[0])
        return None

    def attach(self, game: Game, obj: int, to: int) -> None:
        """Attaches permanent ``obj`` to permanent ``to`` (701.3a): a game that keeps
        attachments (a duel) keeps the link; a bare kernel has none, and does nothing."""

    def op_gain_control_until_end_of_turn(self, game: Game, op: Card) -> Request | None:
        """ "Gain control of target creature until end of turn." (613.1b): the controller takes
        control of each selected permanent (``gain_control_until_end_of_turn``)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                self.gain_control_until_end_of_turn(game, e, self.controller)
        return None

    def gain_control_until_end_of_turn(self, game: Game, obj: int, player: int) -> None:
        """``player`` gains control of permanent ``obj`` until end of turn: a game with turns
        (a duel) gives it back at cleanup (514.2); a bare kernel has none, and the control
        lasts."""
        game.set_controller(obj, player)
