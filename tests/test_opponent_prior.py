"""A fair opponent model (docs/DUEL.md, "Hidden information and ``resample``"; docs/LIMITED.md,
"A fair opponent model"): ``resample(player, seed, prior=...)`` deals the opponent's hidden
cards from a prior instead of its deck list, on both duels alike; searching agents given
``opponent_prior`` decide nothing from the opponent's true unseen cards; and
``limited.opponent_prior`` makes the prior from picks or from the set's booster frequencies."""

from __future__ import annotations

import pickle
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from cardstate import limited
from cardstate.agents import MCTSAgent, RandomAgent, playout
from cardstate.duel import Duel
from cardstate.limited.booster import BOOSTER_SIZE
from cardstate.limited.setdata import BASIC_LANDS, sheet
from cardstate.reference.duel import Duel as ReferenceDuel

IMPLS = {"native": Duel, "reference": ReferenceDuel}
BURN = {"Lightning Bolt": 1, "Mountain": 3}


@pytest.fixture(params=sorted(IMPLS))
def duel(request: pytest.FixtureRequest) -> type:
    """The duel class under test: ``native`` or ``reference``."""
    return IMPLS[request.param]


def twins(duel: type, seed: int = 3) -> tuple[Any, Any]:
    """Two duels that player 0 can't tell apart: the same seed, player 0's deck and public
    state, the opponent's deck lists different (its hand and library hidden)."""
    a = duel("infect", "energy", seed=seed, mulligans=False)
    b = duel("infect", "evergreen", seed=seed, mulligans=False)
    assert a.observation_tensor(0).tolist() == b.observation_tensor(0).tolist()
    assert a.hand(1) != b.hand(1)
    return a, b


def test_a_prior_deals_only_its_cards(duel: type) -> None:
    d = duel("infect", "energy", seed=5, mulligans=False)
    e = d.resample(0, 11, prior={"Lightning Bolt": 1})
    assert e.hand(1) == ["Lightning Bolt"] * len(d.hand(1))
    assert e.library_size(1) == d.library_size(1)
    # Player 0 sees the same game; the original is untouched.
    assert e.observation_tensor(0).tolist() == d.observation_tensor(0).tolist()
    assert e.hand(0) == d.hand(0)
    assert "Lightning Bolt" not in d.hand(1)


def test_a_prior_deals_by_its_weights(duel: type) -> None:
    d = duel("infect", "energy", seed=5, mulligans=False)
    dealt: Counter[str] = Counter()
    for s in range(60):
        dealt.update(d.resample(0, s, prior=BURN).hand(1))
    bolts = dealt["Lightning Bolt"] / sum(dealt.values())
    assert set(dealt) == set(BURN)
    assert 0.17 < bolts < 0.33  # one in four, over 420 cards


def test_a_prior_never_reads_the_hidden_cards(duel: type) -> None:
    a, b = twins(duel)
    for s in range(8):
        ra, rb = a.resample(0, s, prior=BURN), b.resample(0, s, prior=BURN)
        assert ra.hand(1) == rb.hand(1)
        assert ra.observation_tensor(1).tolist() == rb.observation_tensor(1).tolist()
    # From the deck lists, the same seed deals the two opponents differently.
    assert any(a.resample(0, s).hand(1) != b.resample(0, s).hand(1) for s in range(8))


def test_both_duels_deal_the_same_from_a_prior_and_read_each_others_bytes() -> None:
    n = Duel("proliferate", "evergreen", seed=9, mulligans=False)
    r = ReferenceDuel("proliferate", "evergreen", seed=9, mulligans=False)
    prior = {"Forest": 7, "Serra Angel": 2, "Giant Growth": 1, "Plains": 0}
    for p in (0, 1):
        rn, rr = n.resample(p, 77, prior=prior), r.resample(p, 77, prior=prior)
        assert rn.hand(1 - p) == rr.hand(1 - p)
        assert rn.to_bytes() == rr.to_bytes()
        # The bytes replay the prior: read back by either duel, the same state.
        assert Duel.from_bytes(rr.to_bytes()).hand(1 - p) == rn.hand(1 - p)
        assert ReferenceDuel.from_bytes(rn.to_bytes()).to_bytes() == rn.to_bytes()
        # Play goes on alike from there.
        a = rn.legal_actions()[-1]
        rn.apply_action(a)
        rr.apply_action(a)
        assert rn.observation_tensor(p).tolist() == rr.observation_tensor(p).tolist()
    again = pickle.loads(pickle.dumps(n.resample(0, 3, prior=prior)))
    assert again.hand(1) == n.resample(0, 3, prior=prior).hand(1)


def test_bytes_of_a_prior_are_checked(duel: type) -> None:
    b = duel("infect", "energy", seed=2, mulligans=False).resample(0, 1, prior=BURN).to_bytes()
    for cut in range(len(b) - 20, len(b)):
        with pytest.raises(ValueError):
            duel.from_bytes(b[:cut])
    # A weight of zero written out is refused (the writer writes only cards that weigh).
    with pytest.raises(ValueError, match="prior"):
        duel.from_bytes(b[:-4] + b"\0\0\0\0")


@pytest.mark.parametrize(
    ("prior", "error", "words"),
    [
        (["Forest"], TypeError, "mapping"),
        ({1: 2}, TypeError, "card name"),
        ({"Forest": True}, TypeError, "must be an int"),
        ({"Forest": 1.5}, TypeError, "must be an int"),
        ({"Forest": -1}, ValueError, "negative"),
        ({"Forest": 2**32}, OverflowError, "4294967295"),
        ({"Black Lotus": 1}, ValueError, '"Black Lotus" in the pool'),
        ({"Forest": 0}, ValueError, "zero"),
        ({"Forest": 2**31, "Swamp": 2**31}, ValueError, "more than 4294967295"),
    ],
)
def test_bad_priors_are_refused(duel: type, prior: Any, error: type, words: str) -> None:
    d = duel("infect", "energy", seed=1, mulligans=False)
    before = d.to_bytes()
    with pytest.raises(error, match=words):
        d.resample(0, 1, prior=prior)
    assert d.to_bytes() == before


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_a_search_with_a_prior_decides_nothing_from_the_true_hidden_cards(algorithm: str) -> None:
    """The fair opponent model's promise: two games that differ only in the opponent's unseen
    cards get the same search, visit for visit."""
    a, b = twins(Duel)

    def search(d: Duel, prior: dict[str, int] | None) -> tuple[int, list[Any]]:
        agent = MCTSAgent(simulations=300, seed=4, algorithm=algorithm, opponent_prior=prior)
        return agent.act(d), agent.root_stats()

    assert search(a, BURN) == search(b, BURN)
    # Dealing from the true deck lists, the searches do tell the two games apart.
    assert search(a, None)[1] != search(b, None)[1]


def test_the_agent_keeps_its_prior() -> None:
    agent = MCTSAgent(simulations=20, opponent_prior=BURN)
    assert agent.opponent_prior == BURN
    again = pickle.loads(pickle.dumps(agent))
    assert again.opponent_prior == BURN
    assert "opponent_prior" in repr(agent)
    assert MCTSAgent(simulations=20).opponent_prior is None
    with pytest.raises(ValueError, match="zero"):
        MCTSAgent(opponent_prior={"Forest": 0})
    with pytest.raises(TypeError, match="mapping"):
        MCTSAgent(opponent_prior=["Forest"])
    # Its cards are read against the pool of the duel it searches.
    stranger = MCTSAgent(simulations=20, opponent_prior={"Black Lotus": 1})
    d = Duel("infect", "energy", seed=1, mulligans=False)
    with pytest.raises(ValueError, match='"Black Lotus"'):
        stranger.act(d)
    with pytest.raises(ValueError, match='"Black Lotus"'):
        playout(d, stranger, RandomAgent(1), seed=1)


def test_a_playout_in_rust_searches_with_the_prior() -> None:
    d = Duel("infect", "energy", seed=2, mulligans=False, turn_limit=6)
    agent = MCTSAgent(simulations=30, seed=2, opponent_prior=BURN)
    first = playout(d, agent, RandomAgent(3), seed=5)
    assert playout(d, agent, RandomAgent(3), seed=5) == first


def test_booster_frequencies_add_up_to_a_booster() -> None:
    f = limited.booster_frequencies()
    assert sum(f.values()) == BOOSTER_SIZE
    commons = sheet("main", "common")
    rares = sheet("main", "rare")
    mythics = sheet("main", "mythic")
    # A common is far likelier than a rare, a rare twice a mythic in the rare slot.
    assert f[commons[0]] > 4 * f[rares[0]]
    slot = Fraction(2, 2 * len(rares) + len(mythics))
    assert f[rares[0]] - 2 * Fraction(163, 1000) / len(rares) == slot


def test_the_prior_from_picks_weighs_the_picks() -> None:
    picks = ["Llanowar Elves"] * 2 + ["Giant Growth"] + ["Serra Angel"]
    prior = limited.opponent_prior(picks=picks)
    assert prior["Llanowar Elves"] == 2 * prior["Giant Growth"]
    lands = sum(w for n, w in prior.items() if n in BASIC_LANDS.values())
    spells = sum(prior.values()) - lands
    assert abs(lands / spells - 17 / 23) < 1e-5
    assert set(prior) <= set(picks) | set(BASIC_LANDS.values())
    with pytest.raises(ValueError, match="not cards of the set"):
        limited.opponent_prior(picks=["Black Lotus"])


def test_the_prior_from_frequencies_keeps_to_the_revealed_colours() -> None:
    prior = limited.opponent_prior(colours="R")
    cards = limited.fdn_set()
    assert all(set(cards[n].colours) <= {"R"} for n in prior)
    assert prior.keys() & {"Mountain"} and not prior.keys() & {"Forest", "Island"}
    with pytest.raises(ValueError, match="colour"):
        limited.opponent_prior(colours="X")


def test_a_limited_search_with_the_prior_plays() -> None:
    deck0 = limited.build(limited.sealed_pool(seed=3))
    deck1 = limited.build(limited.sealed_pool(seed=4))
    d = Duel(deck0, deck1, pool="fdn", seed=1, mulligans=False)
    prior = limited.opponent_prior(colours=limited.revealed_colours(d, 0))
    e = d.resample(0, 2, prior=prior)
    assert set(e.hand(1)) <= set(prior)
    agent = MCTSAgent(simulations=50, seed=1, opponent_prior=prior)
    assert agent.act(d) in d.legal_actions()
