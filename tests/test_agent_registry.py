"""The registry of the built-in agents (cardstate_agents::spec, read as cardstate.agents.AGENTS):
every option is checked in one place, so an agent given as an object (``MCTSAgent(...)``), by
name (``"mcts:..."``), as an ``AgentSpec``, as a ``DuelBatch`` opponent or to ``selfplay.run``
is refused with the same exception and message; the registry is what the constructors take;
and the work of a search is bounded by its simulations, whatever else it is given."""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import hypothesis.strategies as st
import pytest
from cardstate import agents, selfplay
from cardstate.agents import AGENTS, AgentSpec, GreedyAgent, MCTSAgent, RandomAgent, parse_agent
from cardstate.duel import Duel, DuelBatch
from hypothesis import given, settings

CLASSES = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent}

# (agent, option, value as an object, value as written in a name, the exception)
BAD = [
    ("mcts", "exploration", float("nan"), "nan", ValueError),
    ("mcts", "exploration", float("inf"), "inf", ValueError),
    ("mcts", "exploration", -0.5, "-0.5", ValueError),
    ("mcts", "simulations", 0, "0", ValueError),
    ("mcts", "simulations", -1, "-1", OverflowError),
    ("mcts", "simulations", 2**32, "4294967296", OverflowError),
    ("mcts", "simulations", 1.5, "1.5", TypeError),
    ("mcts", "simulations", "many", "many", TypeError),
    ("mcts", "determinizations", 0, "0", ValueError),
    ("mcts", "rollout_depth", -3, "-3", OverflowError),
    ("mcts", "algorithm", "uct", "uct", ValueError),
    ("mcts", "algorithm", 1, "1", TypeError),
    ("mcts", "seed", 2**64, "18446744073709551616", OverflowError),
    ("mcts", "seed", 10**60, "1" + "0" * 60, OverflowError),
    ("random", "seed", -1, "-1", OverflowError),
    ("greedy", "seed", 0.5, "0.5", TypeError),
    ("greedy", "seed", "x", "x", TypeError),
]


def _raised(f, *args, **kwargs) -> BaseException:
    try:
        f(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - compared by the caller
        return exc
    raise AssertionError(f"{f} accepted {args} {kwargs}")


def _same(a: BaseException, b: BaseException) -> None:
    assert type(a) is type(b), (a, b)
    assert str(a) == str(b), (a, b)


@pytest.mark.parametrize(("agent", "option", "obj", "text", "error"), BAD)
def test_a_bad_option_is_the_same_error_however_it_is_given(agent, option, obj, text, error):
    by_object = _raised(CLASSES[agent], **{option: obj})
    assert isinstance(by_object, error)
    # The message names the agent, the option and what it takes.
    assert f"the {agent} option {option} must be " in str(by_object)
    assert AGENTS[agent].option(option).range in str(by_object)
    name = f"{agent}:{option}={text}"
    _same(by_object, _raised(parse_agent, name))
    _same(by_object, _raised(AgentSpec, agent, ((option, obj),)))
    _same(by_object, _raised(DuelBatch, 2, ("infect", "energy"), opponent=name))
    _same(by_object, _raised(selfplay.run, games=1, agents=(name, "random"), backend="serial"))


def test_an_unknown_option_lists_the_valid_ones_with_their_ranges():
    by_object = _raised(MCTSAgent, speed=3)  # Python's own check of the keywords
    assert isinstance(by_object, TypeError) and "speed" in str(by_object)
    by_name = _raised(parse_agent, "mcts:speed=3")
    assert isinstance(by_name, TypeError)
    for o in AGENTS["mcts"].options:
        assert str(o) in str(by_name), (o, by_name)
    _same(by_name, _raised(AgentSpec, "mcts", (("speed", 3),)))
    _same(by_name, _raised(DuelBatch, 2, ("infect", "energy"), opponent="mcts:speed=3"))
    assert "unknown agent" in str(_raised(parse_agent, "alphazero"))
    assert "given twice" in str(_raised(parse_agent, "mcts:seed=1,seed=2"))
    assert "key=value" in str(_raised(parse_agent, "mcts:fast"))


def test_a_bool_is_no_number():
    for option in ("simulations", "exploration", "seed"):
        assert isinstance(_raised(MCTSAgent, **{option: True}), TypeError)
    assert isinstance(_raised(RandomAgent, False), TypeError)


def test_the_registry_is_what_the_constructors_take():
    assert tuple(AGENTS) == ("random", "greedy", "mcts") == agents.AGENT_NAMES
    # Beyond the registry's options (a spec's words), a search takes one Python object: the
    # opponent model, a mapping of card names to weights (docs/AGENTS.md).
    objects_only = {"mcts": ["opponent_prior"]}
    for name, cls in CLASSES.items():
        params = list(inspect.signature(cls).parameters)
        assert params == [o.name for o in AGENTS[name].options] + objects_only.get(name, []), name
        made = cls()
        for o in AGENTS[name].options:
            assert getattr(made, o.name) == o.default, (name, o.name)
        # The defaults given by name, as an object's options, and as a spec: the same agent.
        assert repr(parse_agent(name).build()) == repr(made)
    m = AGENTS["mcts"]
    assert m.option("simulations").type == "int" and m.option("simulations").min == 1
    assert m.option("exploration").type == "float" and m.option("exploration").min == 0
    assert m.option("algorithm").choices == ("determinized", "ismcts")
    for kind in AGENTS.values():
        for o in kind.options:
            assert o.doc and o.range


def test_values_keep_the_form_given_and_agents_take_every_integer_form():
    spec = parse_agent(" MCTS : simulations=+12, exploration=1, algorithm=ismcts")
    assert spec.name == "mcts"
    assert spec.options == (("simulations", 12), ("exploration", 1), ("algorithm", "ismcts"))
    assert spec.label == "mcts(simulations=12, exploration=1, algorithm=ismcts)"
    a = spec.build()
    assert (a.simulations, a.exploration, a.algorithm) == (12, 1.0, "ismcts")
    import numpy as np

    class Index:
        def __index__(self) -> int:
            return 7

    assert MCTSAgent(simulations=np.int64(9), seed=Index()).seed == 7
    assert MCTSAgent(exploration=np.float64(0.25)).exploration == 0.25


def test_an_agent_object_is_a_duel_batch_opponent_as_its_name_is():
    by_name = DuelBatch(3, ("infect", "energy"), 4, opponent="mcts:simulations=6,seed=2")
    by_object = DuelBatch(3, ("infect", "energy"), 4, opponent=MCTSAgent(simulations=6, seed=2))
    by_spec = DuelBatch(3, ("infect", "energy"), 4, opponent=parse_agent("mcts:simulations=6"))
    import numpy as np

    obs_a, masks_a = by_name.reset()
    obs_b, masks_b = by_object.reset()
    for _ in range(15):
        actions = masks_a.argmax(axis=1)
        obs_a, masks_a, r_a, d_a = by_name.step(actions)
        obs_b, masks_b, r_b, d_b = by_object.step(actions)
        np.testing.assert_array_equal(obs_a, obs_b)
        np.testing.assert_array_equal(r_a, r_b)
    by_spec.reset()
    with pytest.raises(TypeError, match="opponent"):
        DuelBatch(2, ("infect", "energy"), opponent=object())


@settings(max_examples=60, deadline=None)
@given(
    agent=st.sampled_from(sorted(CLASSES)),
    option=st.sampled_from(["seed", "simulations", "exploration", "algorithm", "rollout_depth"]),
    text=st.one_of(
        st.integers(-(2**130), 2**130).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.sampled_from(["ismcts", "determinized", "", "nan", "-0", "1e400", "0x10", "True"]),
        st.text(max_size=8),
    ),
)
def test_any_written_option_is_accepted_or_refused_alike(agent, option, text):
    """A name with any value is either accepted, making the agent its object form makes, or
    refused as the object form refuses the value it reads as."""
    name = f"{agent}:{option}={text}"
    try:
        spec = parse_agent(name)
    except (TypeError, ValueError, OverflowError) as exc:
        refused = exc
    else:
        refused = None
        built = spec.build()
        assert repr(built) == repr(CLASSES[agent](**dict(spec.options)))
    if option not in [o.name for o in AGENTS[agent].options]:
        assert isinstance(refused, TypeError) and "unknown option" in str(refused)
        return
    stripped = text.strip()
    if refused is None or any(c in stripped for c in ",:=_") or not stripped.isascii():
        return  # several options, or a spelling only Python reads (1_000, non-ASCII digits)
    # The object the text reads as: an integer, else a number, else the text itself.
    try:
        value: object = int(stripped) if stripped.lstrip("+-").isdigit() else float(stripped)
    except ValueError:
        value = stripped
    other = _raised(CLASSES[agent], **{option: value})
    assert type(other) is type(refused), (name, refused, other)


def test_determinizations_beyond_the_simulations_cost_nothing():
    """Each determinization beyond the simulations used to deal a state (hours for 10**9);
    now the search is bounded by its simulations: a subprocess with a time bound, since a hang
    is the failure."""
    code = textwrap.dedent(
        """
        from cardstate.agents import MCTSAgent
        from cardstate.duel import Duel, DuelBatch
        d = Duel("evergreen", "energy", seed=1)
        for dets in (10**9, 2**32 - 1):
            a = MCTSAgent(simulations=10, determinizations=dets)
            for _ in range(20):
                if d.is_terminal():
                    break
                d.apply_action(a.act(d))
        mcts = "mcts:simulations=10,determinizations=1000000000"
        b = DuelBatch(2, ("infect", "energy"), opponent=mcts)
        _, masks = b.reset()
        for _ in range(20):
            _, masks, _, _ = b.step(masks.argmax(axis=1))
        print("ok")
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "ok"


def test_a_determinization_bound_plays_as_before():
    """Skipping a determinization without simulations skips its deal, not its draw from the
    stream: the same decisions as with exactly one determinization per simulation in the
    first decision, and whole games that depend only on the settings."""
    d = Duel("evergreen", "energy", seed=3)
    first = MCTSAgent(simulations=7, determinizations=7, seed=1)
    beyond = MCTSAgent(simulations=7, determinizations=1000, seed=1)
    assert first.act(d) == beyond.act(d)
    assert first.root_stats() == beyond.root_stats()
    again = MCTSAgent(simulations=7, determinizations=1000, seed=1)
    assert agents.playout(d, beyond, RandomAgent(2), 5) == agents.playout(
        d, again, RandomAgent(2), 5
    )
