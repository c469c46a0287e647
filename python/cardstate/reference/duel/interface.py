"""The reference ``Duel``: game start (103), the decisions and their dispatch, and the
OpenSpiel-style interface of the native ``cardstate.duel.Duel``."""

from __future__ import annotations

import bisect
import copy
import hashlib
import os
from collections.abc import Iterable, Mapping
from typing import Any

from cardstate.cards.cardpool import CardPool, pool_arg
from cardstate.cards.deckfile import load_deck
from cardstate.players import TERMINAL_PLAYER
from cardstate.reference.duel import actions, args, codec
from cardstate.reference.duel.attach import Attachments
from cardstate.reference.duel.casting import Stack
from cardstate.reference.duel.chosen import ChosenColours
from cardstate.reference.duel.combat import Combat
from cardstate.reference.duel.counted import CountedBonuses
from cardstate.reference.duel.decision import Decisions
from cardstate.reference.duel.deck import check_deck, format_arg, quoted
from cardstate.reference.duel.divide import Divide
from cardstate.reference.duel.flow import Flow
from cardstate.reference.duel.layout import FEATURES, OBSERVATION_LEN, SCHEMA_ID
from cardstate.reference.duel.observe import Observation
from cardstate.reference.duel.opening import Opening
from cardstate.reference.duel.order import Order
from cardstate.reference.duel.other_zones import OtherZones
from cardstate.reference.duel.resample import Resampling, named_weights, prior_over
from cardstate.reference.duel.state import (
    ASSIGN_DAMAGE,
    ATTACK,
    BEGIN,
    BLOCK,
    BOTTOM,
    CASTING_DECISIONS,
    CHOOSE_COLOUR,
    CHOOSE_COST,
    CHOOSE_TYPE,
    CHOOSE_X,
    DECISIONS_PER_TURN,
    DISCARD,
    DISCARD_COST,
    DRAW,
    LEGEND,
    MADNESS,
    MAX_PLAYER_CARDS,
    MODE,
    MULLIGAN,
    NO_HISTORY,
    OPENING_HAND,
    ORDER_EFFECTS,
    OVER,
    PLOT,
    PRIORITY,
    RESOLVE,
    SACRIFICE,
    SACRIFICE_COST,
    STEPS,
    TARGET,
    Casting,
    Options,
    Side,
)
from cardstate.reference.duel.state import Opening as OpeningState
from cardstate.reference.duel.table import table_of
from cardstate.reference.duel.text import Text
from cardstate.reference.game import Game
from cardstate.rng import SplitMix

__all__ = ["Duel"]

PUBLIC_ZONES = ("battlefield", "graveyard", "exile")
KERNEL_ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")


class Duel(
    Flow,
    Stack,
    OtherZones,
    Combat,
    Divide,
    Order,
    Opening,
    Decisions,
    Observation,
    Resampling,
    Text,
    ChosenColours,
    CountedBonuses,
    Attachments,
):
    """The duel of ``cardstate.duel.Duel`` in pure Python on the reference kernel (see the
    package documentation): same arguments, same action ids, same observations."""

    def __init__(
        self,
        deck0: str | os.PathLike[str] | Iterable[str],
        deck1: str | os.PathLike[str] | Iterable[str],
        *,
        pool: CardPool | str | None = None,
        seed: int = 0,
        turn_limit: int = 40,
        auto_pass: bool = True,
        mulligans: bool = True,
        assign_damage: bool = True,
        format: str = "free",
    ) -> None:
        # The keyword arguments' forms are read first, as the binding reads them.
        seed, turn_limit = args.integer(seed, args.U64), args.integer(turn_limit, args.U32)
        auto_pass = args.flag(auto_pass)
        options = Options(mulligans=args.flag(mulligans), assign_damage=args.flag(assign_damage))
        format = args.text(format)
        self._pool = pool_arg(pool)
        t = table_of(self._pool)
        self.db = t.db
        self.reads_history = t.reads_history
        self.counts_draws = t.counts_draws
        self.counts_life_gains = t.counts_life_gains
        self.counts_instant_and_sorcery_casts = t.counts_instant_and_sorcery_casts
        self.reads_put_there_this_turn = t.reads_put_there_this_turn
        self.listens_plus_one = t.listens_plus_one
        self.once_each_turn = t.once_each_turn
        self.casts_from_graveyard = t.casts_from_graveyard
        self.plays_from_exile = t.plays_from_exile
        self.cards = t.cards
        self.card_index: dict[str, int] = t.index
        fmt = format_arg(format)
        decks = (self._deck(deck0, "deck0", fmt), self._deck(deck1, "deck1", fmt))
        if turn_limit < 1:
            raise ValueError("turn_limit must be at least 1")
        for deck in decks:
            if len(deck) > MAX_PLAYER_CARDS:
                raise ValueError(f"a deck has at most {MAX_PLAYER_CARDS} cards, got {len(deck)}")
        self.decks = decks
        self.seed = seed
        self.rng = SplitMix(seed)
        self.turn_limit = turn_limit
        self.options = options
        self.opening = OpeningState()
        self.kernel = Game(2, "mtg", 0)
        self.turn_number = 1
        self.active = 0
        self.step_index = 0
        self.priority = 0
        self.passes = 0
        self.pending = BEGIN
        self.deciding = 0
        self.sides = [Side(), Side()]
        self.card_of = {}
        self.sick = set()
        self.stack = []
        self.candidates = []
        self.attackers = []
        self.blocks = []
        self.assigned = []
        self.casting = Casting()
        self.outcome = None
        self.log = []
        self.decisions = 0
        self.auto_pass = True
        self.resolving = None
        self.events = []
        self.trigger_queue = []
        self.legend_keep = []
        self.turn_history = NO_HISTORY
        self.cards_drawn = (0, 0)
        self.life_gains = (0, 0)
        self.instant_and_sorcery_casts = (0, 0)
        self.turn_first_object = 0
        self.may_play = []
        self.plotted = []
        self.delayed = []
        self.exiled_until = []
        self.dies_triggers = []
        self.gained_abilities = []
        # 701.26b: untapping is an event only where a card of the pool waits for it.
        self.untaps_listened = any(
            a.get("event") == "becomes_untapped" for c in self.db.values() for a in c["abilities"]
        )
        self.control_until_cleanup = []
        self.flashback_granted = []
        self.graveyard_types_played = 0
        self.free_casts = []
        self.free_casts_player = 0
        self.free_casts_casting = False
        self.chosen_colours = []
        self.chosen_types = []
        self.counted_bonuses = []
        self.mana_pool = [[0] * 5, [0] * 5]
        self.attachments = []
        self.left_without_abilities: list[int] = []
        self.extra_turns: list[int] = []
        self.fired_once: list[tuple[int, int]] = []
        self.loyalty_used: list[int] = []
        self.activated_once: list[tuple[int, int]] = []
        # 103.1-103.3: the libraries are shuffled and the starting player chosen by the seed.
        for p in (0, 1):
            side = self.sides[p]
            side.unseen = [0] * len(self.cards)
            for c in decks[p]:
                side.unseen[c] += 1
            side.library = list(decks[p])
            self.rng.shuffle(side.library)
        self.make_active(self.rng.next_u64() & 1)
        self.priority = self.active
        # 103.5: seven cards each, then the mulligans if the duel plays them.
        for p in (0, 1):
            for _ in range(OPENING_HAND):
                self.draw(p)
        if options.mulligans:
            self.pending = MULLIGAN
        else:
            self.begin_with_opening_hand_permanents()
        self.run()
        if not auto_pass:
            self.auto_pass = False
            self.run()

    def _deck(self, deck: Any, which: str, fmt: str) -> list[int]:
        """Deck argument ``which``: a registered deck name of the pool, a deck file's path or
        card names of the pool, as card ids; checked against format ``fmt`` (100.2)."""
        pool = self._pool
        if isinstance(deck, str):
            deck = args.text(deck)
            if deck not in pool.decks:
                names = ", ".join(sorted(pool.decks))
                known = f"its decks: {names}" if names else "it has no decks"
                raise ValueError(
                    f"{which}: unknown deck {quoted(deck)} in the pool {quoted(pool.name)}; {known}"
                )
            out = [self.card_index[n] for n in pool.decks[deck]]
        else:
            if isinstance(deck, os.PathLike):
                deck = load_deck(deck)
            try:
                items = iter(deck)
            except TypeError:
                raise TypeError(
                    f"{which}: a deck is a registered deck name, a deck file's path or a list "
                    "of card names"
                ) from None
            out = []
            for name in items:
                if not isinstance(name, str):
                    raise TypeError(
                        f"{which}: a deck lists card names (str), got {type(name).__name__}"
                    )
                if args.text(name) not in self.card_index:
                    raise ValueError(
                        f"{which}: unknown card {quoted(name)} in the pool {quoted(pool.name)}"
                    )
                out.append(self.card_index[name])
        problem = check_deck(fmt, self.cards, out)
        if problem is not None:
            raise ValueError(f"{which}: {problem}")
        return out

    @property
    def pool(self) -> CardPool:
        """The pool the duel plays with."""
        return self._pool

    # ----- OpenSpiel's interface --------------------------------------------------------------

    def current_player(self) -> int:
        """The player to decide (0 or 1), or -4 once the game is over."""
        if self.pending == OVER:
            return TERMINAL_PLAYER
        if self.pending in (ATTACK, DISCARD, ASSIGN_DAMAGE):
            return self.active
        if self.pending == MULLIGAN:
            return self.mulligan_decider()
        if self.pending == BOTTOM:
            return self.bottom_decider()
        if self.pending == BLOCK:
            return 1 - self.active
        if self.pending in (*CASTING_DECISIONS, MADNESS):
            return self.casting.player
        if self.pending == RESOLVE and self.resolving is not None:
            order = self.resolve_order_choice()
            if order is not None:
                return order[0]  # 616.1: the affected entity's controller
            if self.resolving.request[0] in (
                "discard",
                "sacrifice",
                "search",
                "surveil",
                "scry",
                "pay",
                "top_or_bottom",
                "piles",
                "choose_pile",
                "unless",
                "keep",
            ):
                # 701.9b: the discarding player; 701.23a, 701.25a, 701.22a: the searching one;
                # 118.12: the player who may pay; 401.4: the owner of what goes to its library;
                # 700.3: the separating player, then the opponent choosing a pile; 608.2d: the
                # player who loses the life unless it does something; 701.21a: the player who
                # keeps one of each type.
                return int(self.resolving.request[1])
            return self.resolving.item.controller
        if self.pending == LEGEND:
            choice = self.legend_choice()
            if choice is not None:
                return choice[0]
        if self.pending == CHOOSE_COLOUR:
            chooser = self.colour_choice()
            if chooser is not None:
                return int(self.kernel._objs[chooser].controller)
        if self.pending == CHOOSE_TYPE:
            chooser = self.type_choice()
            if chooser is not None:
                return int(self.kernel._objs[chooser].controller)
        if self.pending == ORDER_EFFECTS:
            combat_order = self.order_choice()
            if combat_order is not None:
                return combat_order[0]
        return self.priority

    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending."""
        if self.pending == PRIORITY:
            return self.priority_actions(self.priority)
        if self.pending == ATTACK:
            return self.attack_actions()
        if self.pending == BLOCK:
            return self.block_actions()
        if self.pending == CHOOSE_X:
            return self.legal_numbers()
        if self.pending == TARGET:
            return self.legal_target_slots()
        if self.pending == RESOLVE:
            return self.legal_resolve_actions()
        if self.pending == LEGEND:
            choice = self.legend_choice()
            return [] if choice is None else [actions.MINE + j for j in choice[1]]
        if self.pending == ORDER_EFFECTS:
            order = self.order_choice()
            return [] if order is None else [actions.OPTION + k for k in range(len(order[1]))]
        if self.pending == MULLIGAN:
            return [actions.YES, actions.NO]  # 103.5: keep, or take a mulligan
        if self.pending == BOTTOM:
            return self.hand_choices(self.bottom_decider())
        if self.pending == DISCARD:
            return self.hand_choices(self.active)
        if self.pending == DISCARD_COST:
            return self.hand_choices(self.casting.player)
        # 601.2b: the alternative cost, or the mana cost; 702.35a: cast it, or not; 702.170a:
        # plot it, or cast it.
        if self.pending in (CHOOSE_COST, MADNESS, PLOT):
            return [actions.YES, actions.NO]
        if self.pending == SACRIFICE_COST:
            return self.sacrifice_cost_choices()
        if self.pending == ASSIGN_DAMAGE:
            return self.legal_numbers()
        if self.pending == SACRIFICE:
            return self.sacrifice_another_choices()
        if self.pending == MODE:
            return self.mode_choices()
        if self.pending == CHOOSE_COLOUR:
            # 614.12: one of the five colours (105.1).
            return [] if self.colour_choice() is None else [actions.OPTION + k for k in range(5)]
        if self.pending == CHOOSE_TYPE:
            # 614.12: one of the creature types offered (``type_options``).
            eid = self.type_choice()
            n = 0 if eid is None else len(self.type_options(eid))
            return [actions.OPTION + k for k in range(n)]
        return []

    def hand_choices(self, p: int) -> list[int]:
        """A card of p's hand to put on the bottom of its library or discard: each hand slot, of
        equal cards the first."""
        hand = self.sides[p].hand[: actions.HAND_SLOTS]
        return [actions.HAND + i for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]

    def legal_action_mask(self) -> Any:
        """The legal actions as a bool mask of length ``num_distinct_actions()``."""
        import numpy as np

        mask = np.zeros(actions.NUM_ACTIONS, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    def apply_action(self, action: int) -> None:
        """Applies a legal action (``ValueError`` for an illegal one; nothing changes)."""
        action = args.integer(action)
        if action not in self.legal_actions():
            if self.pending == OVER:
                raise ValueError(f"action {action} is illegal: the game is over")
            raise ValueError(f"action {action} is not legal now")
        self.log.append(("action", action))
        self.decisions += 1
        if self.decisions >= self.max_game_length():
            # The decision cap (docs/DUEL.md): the game is a draw.
            self.outcome = DRAW
            self.pending = OVER
            return
        kind, i, k = actions.decode(action)  # type: ignore[misc]
        pending = self.pending
        if pending == PRIORITY:
            if kind == "pass":
                self.pass_priority()
            elif kind == "hand":
                self.cast_or_plot(self.priority, i)
            elif kind == "my_graveyard":
                eid = self.sides[self.priority].graveyard[i]
                if self.may_play_now(self.priority, eid) or self.graveyard_type_to_play(
                    self.priority, eid
                ):
                    self.begin_play_permitted(self.priority, eid)
                elif self.cards[self.card_of[eid]].graveyard_ability is not None:
                    self.begin_activate_from_graveyard(self.priority, i)
                elif self.cards[self.card_of[eid]].graveyard_cast_counters:
                    self.begin_cast_removing_counters(self.priority, eid)
                else:
                    self.begin_flashback(self.priority, i)
            elif kind == "my_exile":
                self.begin_play_from_exile(self.priority, i)
            else:
                self.begin_activate(self.priority, i, k)
        elif pending == ATTACK:
            if kind == "theirs":  # 508.1b: the planeswalker in the defender's slot i
                self.declare_attack(self.sides[1 - self.active].battlefield[i])
            else:
                self.declare_attack(1 - self.active if kind == "opponent" else None)
        elif pending == BLOCK:
            self.declare_block(self.attacker_in_slot(i) if kind == "theirs" else None)
        elif pending == CHOOSE_X and self.casting.kind == "activated":
            self.activate_with_x(i)  # 601.2b, 602.2b: X announced, the costs are paid
        elif pending == CHOOSE_X:
            self.casting.x = i
            self.start_targets()
        elif pending == TARGET:
            if action == actions.PASS:
                self.end_up_to_target()
            else:
                self.choose_target(action)
        elif pending == RESOLVE:
            if kind == "number":
                self.resolve_decision(None, i)
            elif kind == "option":
                self.resolve_order(i)
            elif kind == "hand":
                self.resolve_discard(i)
            elif kind == "mine":
                self.resolve_sacrifice(i)
            else:
                self.resolve_decision(kind == "yes", None)
        elif pending == LEGEND:
            self.keep_legend(i)
        elif pending == ORDER_EFFECTS:
            self.choose_order(i)
        elif pending == MULLIGAN:
            self.declare_mulligan(kind == "yes")
        elif pending == BOTTOM:
            self.put_on_bottom(i)
        elif pending == DISCARD:
            self.discard_to_hand_size(i)
        elif pending == DISCARD_COST:
            self.discard_for_cost(i)
        elif pending == CHOOSE_COST:
            self.choose_cost(kind == "yes")
        elif pending == MADNESS and self.free_casts_casting:
            if kind == "yes":
                self.cast_free()
            else:
                self.decline_free_cast()
        elif pending == MADNESS:
            if kind == "yes":
                self.cast_with_madness()
            else:
                self.madness_to_graveyard()
        elif pending == PLOT:
            if kind == "yes":
                self.plot()
            else:
                cs = self.casting
                self.casting = Casting()
                self.begin_cast(cs.player, self.sides[cs.player].hand.index(cs.card))
        elif pending == SACRIFICE_COST:
            self.sacrifice_for_cost(i)
        elif pending == ASSIGN_DAMAGE:
            self.assign(i)
        elif pending == SACRIFICE:
            self.sacrifice_another(i)
        elif pending == MODE:
            self.choose_mode(i)
        elif pending == CHOOSE_COLOUR and kind == "option" and i < 5:
            self.choose_colour(i)
        elif pending == CHOOSE_TYPE and kind == "option":
            self.choose_type(i)
        self.run()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.pending == OVER

    def returns(self) -> list[float]:
        """``[1.0, -1.0]``, ``[-1.0, 1.0]``, or ``[0.0, 0.0]`` for a draw or a game not
        over."""
        if self.outcome == 0:
            return [1.0, -1.0]
        if self.outcome == 1:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def observation_tensor(self, player: int) -> Any:
        """What ``player`` sees, a float32 array of shape ``observation_shape()``."""
        import numpy as np

        return np.asarray(self.observation(args.player(player)), dtype=np.float32)

    def observation_shape(self) -> tuple[int]:
        """The shape of an observation: ``(OBSERVATION_LEN,)``, whatever the pool."""
        return (OBSERVATION_LEN,)

    @staticmethod
    def observation_features() -> list[tuple[str, int, int]]:
        """Every feature of the observation in order, as ``(name, offset, size)``: they cover
        it exactly once (docs/DUEL.md, "Observations")."""
        return list(FEATURES)

    @staticmethod
    def observation_schema() -> str:
        """The id of the observation's layout: it changes whenever the layout does."""
        return SCHEMA_ID

    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    def max_game_length(self) -> int:
        """The most decisions a game can have (256 per turn of the turn limit)."""
        return self.turn_limit * DECISIONS_PER_TURN

    def clone(self) -> Duel:
        """An independent copy (the pool and its card table are shared)."""
        memo = {
            id(self._pool): self._pool,
            id(self.db): self.db,
            id(self.cards): self.cards,
            id(self.card_index): self.card_index,
        }
        return copy.deepcopy(self, memo)

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Duel:
        new = Duel.__new__(Duel)
        memo[id(self)] = new
        shared = (self._pool, self.db, self.cards, self.card_index, self.decks)
        for s in shared:
            memo[id(s)] = s
        for k, v in self.__dict__.items():
            new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    def to_bytes(self) -> bytes:
        """The duel as bytes (its set-up and its log), the native duel's format."""
        return codec.to_bytes(self)

    @staticmethod
    def from_bytes(data: bytes, *, pool: CardPool | str | None = None) -> Duel:
        """Reads ``to_bytes()`` output (the native duel's too) by replaying it, its cards
        looked up by name in ``pool`` (``ValueError`` for bad bytes)."""
        p = pool_arg(pool)
        return codec.from_bytes(Duel, data, p, table_of(p).index)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles through ``to_bytes()`` and, for a pool other than the built-in ``"core"``,
        the pool (which pickles by its name or its compiled JSON: docs/FORMAT.md)."""
        if self._pool is pool_arg(None):
            return (_restore, (self.to_bytes(),))
        return (_restore, (self.to_bytes(), self._pool))

    def hash(self) -> int:
        """A 64-bit hash of the whole state (the kernel's hash and the duel's own state), equal
        for equal states, deterministic on every machine. Each implementation hashes in its own
        way: the number is not the native duel's."""
        r = self.resolving
        state = (
            self.kernel.hash(),
            self.turn_number,
            self.turn_limit,
            self.options,
            self.opening,
            self.active,
            self.step_index,
            self.priority,
            self.passes,
            self.pending,
            self.deciding,
            self.sides,
            sorted(self.card_of.items()),
            sorted(self.sick),
            self.stack,
            self.candidates,
            self.attackers,
            self.blocks,
            self.assigned,
            self.casting,
            self.outcome,
            None if r is None else (r.item, r.index, r.chosen, r.request),
            self.trigger_queue,
            self.legend_keep,
        )
        if self.turn_history != NO_HISTORY:
            # The life gained only when there is some (the hashes of games without it stay).
            h = self.turn_history
            state += (h if any(h[3:]) else h[:3],)
        if self.cards_drawn != (0, 0):
            state += (self.cards_drawn,)
        if self.life_gains != (0, 0):
            state += (("life_gains", self.life_gains),)
        if self.instant_and_sorcery_casts != (0, 0):
            state += (("instant_and_sorcery_casts", self.instant_and_sorcery_casts),)
        if self.turn_first_object:
            state += (("turn_first_object", self.turn_first_object),)
        if self.may_play:
            state += (self.may_play,)
        if self.plotted:
            state += (self.plotted,)
        if self.delayed:
            state += (self.delayed,)
        if any(any(pool) for pool in self.mana_pool):
            state += (self.mana_pool,)
        if self.attachments:
            state += (self.attachments,)
        if self.left_without_abilities:
            state += (("left_without_abilities", self.left_without_abilities),)
        if self.extra_turns:
            state += (("extra_turns", self.extra_turns),)
        if self.fired_once:
            state += (("fired_once", self.fired_once),)
        if self.exiled_until:
            state += (self.exiled_until,)
        if self.dies_triggers:
            state += (self.dies_triggers,)
        if self.control_until_cleanup:
            state += (("control_until_cleanup", self.control_until_cleanup),)
        if self.flashback_granted:
            state += (("flashback_granted", self.flashback_granted),)
        if self.chosen_colours:
            state += (("chosen_colours", self.chosen_colours),)
        if self.gained_abilities:
            state += (("gained_abilities", self.gained_abilities),)
        if self.chosen_types:
            state += (("chosen_types", self.chosen_types),)
        if self.counted_bonuses:
            state += (("counted_bonuses", self.counted_bonuses),)
        if self.loyalty_used:
            state += (("loyalty_used", self.loyalty_used),)
        if self.activated_once:
            state += (("activated_once", self.activated_once),)
        if self.free_casts or self.free_casts_casting:
            state += (
                ("free_casts", self.free_casts, self.free_casts_player, self.free_casts_casting),
            )
        if self.casting.remove_counters:
            state += (("remove_counters", self.casting.remove_counters),)
        if self.graveyard_types_played:
            state += (("graveyard_types_played", self.graveyard_types_played),)
        digest = hashlib.blake2b(repr(state).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    def turn(self) -> int:
        """The turn number, from 1."""
        return self.turn_number

    def step(self) -> str:
        """The step's name (``"main1"``, ``"declare attackers"``, ...)."""
        return STEPS[self.step_index]

    def history(self) -> list[int]:
        """The actions applied so far."""
        return [op[1] for op in self.log if op[0] == "action"]

    @property
    def game(self) -> Game:
        """A copy of the kernel game underneath, for reading (``kernel`` is the game itself)."""
        return self.kernel.clone()

    def resample(self, player: int, seed: int, prior: Mapping[str, int] | None = None) -> Duel:
        """A copy in which everything ``player`` can't see is dealt again from ``seed``; with a
        ``prior`` (card name -> weight), the opponent's hidden cards are dealt from it instead
        of from the opponent's deck list."""
        # Every argument's form first, then their values (as the binding reads them).
        p, seed = args.integer(player), args.integer(seed, args.U64)
        p = args.player(p)
        d = self.clone()
        if prior is None:
            d.resample_in_place(p, seed)
            d.log.append(("resample", p, seed))
            return d
        weights = named_weights(prior, "prior")
        dealt_from = prior_over(self.card_index, self._pool.name, weights, "prior")
        d.resample_in_place(p, seed, dealt_from)
        d.log.append(("resample_from", p, seed, dealt_from))
        return d

    def add_card(self, player: int, card_name: str, zone: str) -> int | None:
        """Puts a card of the pool into a zone for set-up; the kernel id for a public zone
        (as if there since the turn began: no summoning sickness), ``None`` for a hand or
        library (hidden zones have no kernel objects)."""
        p, card_name, zone = args.integer(player), args.text(card_name), args.text(zone)
        p = args.player(p)
        if card_name not in self.card_index:
            raise ValueError(
                f"unknown card {quoted(card_name)} in the pool {quoted(self._pool.name)}"
            )
        c = self.card_index[card_name]
        if zone not in KERNEL_ZONES:
            raise ValueError(f"unknown zone {zone!r}")
        if self.pending == OVER:
            raise ValueError("the game is over")
        exiled = len(self.kernel.objects("exile", p))
        if self.sides[p].cards() + exiled >= MAX_PLAYER_CARDS:
            raise ValueError(
                f"player {p} has {MAX_PLAYER_CARDS} cards in hand, library, battlefield, "
                "graveyard and exile: no more can be added"
            )
        out: int | None = None
        if zone == "hand":
            bisect.insort(self.sides[p].hand, c)
            self.sides[p].note_unseen(c)
        elif zone == "library":
            self.sides[p].library.append(c)
            self.sides[p].note_unseen(c)
        elif zone in PUBLIC_ZONES:
            out = self.create(p, c, zone)
            self.sick.discard(out)
            if zone == "battlefield":
                self.entered(c, out, 0)
        else:
            raise ValueError(f"add_card can't put a card into the {zone}")
        self.log.append(("add_card", p, c, zone))
        if self.pending == PRIORITY:
            # The new card may give the player a choice it didn't have (or take one away).
            self.passes = 0
            self.run()
        return out

    def active_player(self) -> int:
        return self.active

    def hand(self, player: int) -> list[str]:
        """A player's hand in the canonical order (hand slot i is item i)."""
        return [self.cards[c].name for c in self.sides[args.player(player)].hand]

    def battlefield(self, player: int) -> list[int]:
        """A player's permanents (kernel ids) in permanent-slot order."""
        return list(self.sides[args.player(player)].battlefield)

    def is_tapped(self, id: int) -> bool:
        """Whether object ``id`` is a tapped permanent."""
        return self.tapped(args.integer(id, args.U32))

    def library_size(self, player: int) -> int:
        return len(self.sides[args.player(player)].library)

    def __str__(self) -> str:
        return self.board_text(None)

    def __repr__(self) -> str:
        return (
            f"<Duel turn {self.turn_number} {self.step()}, player {self.current_player()} to act>"
        )


def _restore(data: bytes, pool: CardPool | None = None) -> Duel:
    """A pickled duel read back on its pool."""
    return Duel.from_bytes(data, pool=pool)
