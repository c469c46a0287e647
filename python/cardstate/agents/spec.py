"""Agents given by name, and the registry of the built-in agents' options.

A name is ``random``, ``greedy`` or ``mcts``, with options after a colon, ``key=value`` each,
separated by ``:`` or ``,``: ``mcts:simulations=200,exploration=1.4``; information-set MCTS is
``mcts:algorithm=ismcts``. The names, the options (type, valid range, default, a line of
documentation) and the parsing and checking of every option are the Rust registry's
(``cardstate_agents::spec``), which the agent classes' constructors go through too: a bad
option is the same ``TypeError``/``ValueError``/``OverflowError`` with the same message however
it is given. This module holds the Python-facing pieces: :data:`AGENTS` (the registry read
once), :class:`AgentSpec` and :func:`parse_agent`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from cardstate import _native

__all__ = [
    "AGENTS",
    "AGENT_NAMES",
    "AgentKind",
    "AgentOption",
    "AgentSpec",
    "OptionValue",
    "agents_help",
    "parse_agent",
    "split_agents",
]

OptionValue = int | float | str
"""An option's value: an int, a float or a name."""


@dataclass(frozen=True)
class AgentOption:
    """One option of a built-in agent, as the registry declares it."""

    name: str
    type: Literal["int", "float", "choice"]
    default: OptionValue
    min: int | float | None
    """The least value (int and float options)."""
    max: int | None
    """The largest value (int options)."""
    choices: tuple[str, ...] | None
    """The names it takes (choice options)."""
    range: str
    """What it takes, as error messages say it: ``an integer from 1 to 4294967295``."""
    doc: str

    def __str__(self) -> str:
        return f"{self.name} ({self.range}, default {self.default})"


@dataclass(frozen=True)
class AgentKind:
    """A built-in agent: its name, what it does and its options."""

    name: str
    doc: str
    options: tuple[AgentOption, ...]

    def option(self, name: str) -> AgentOption:
        """The option called ``name`` (``KeyError`` if it has none)."""
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)


def _registry() -> dict[str, AgentKind]:
    out = {}
    for a in _native.agent_options():
        options = tuple(
            AgentOption(
                name=o["name"],
                type=o["type"],
                default=o["default"],
                min=o["min"],
                max=o["max"],
                choices=None if o["choices"] is None else tuple(o["choices"]),
                range=o["range"],
                doc=o["doc"],
            )
            for o in a["options"]
        )
        out[a["name"]] = AgentKind(a["name"], a["doc"], options)
    return out


AGENTS: dict[str, AgentKind] = _registry()
"""The built-in agents by name, with their options (read from the Rust registry)."""

AGENT_NAMES: tuple[str, ...] = tuple(AGENTS)
"""``("random", "greedy", "mcts")``."""


def _factories() -> dict[str, Any]:
    return {
        "random": _native.RandomAgent,
        "greedy": _native.GreedyAgent,
        "mcts": _native.MCTSAgent,
    }


@dataclass(frozen=True)
class AgentSpec:
    """A built-in agent by name and options, checked by the registry when made (a bad name or
    option raises here); :meth:`build` makes a fresh agent. ``options`` keep the order and the
    values given (as int, float or str)."""

    name: str
    options: tuple[tuple[str, OptionValue], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"an agent name must be a str, not {type(self.name).__name__}")
        name, options = _native.check_agent_spec(self.name, tuple(self.options))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "options", tuple(options))

    @property
    def label(self) -> str:
        """``mcts(simulations=200)``, or the bare name without options."""
        if not self.options:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v}' for k, v in self.options)})"

    def build(self) -> Any:
        """A new agent with these options."""
        return _factories()[self.name](**dict(self.options))


def parse_agent(text: str) -> AgentSpec:
    """``"mcts:simulations=200"`` -> ``AgentSpec("mcts", (("simulations", 200),))``, checked
    (the name is read without case; an unknown name or option, a value of the wrong type or
    out of range raises, naming the option and the valid ones with their ranges)."""
    if not isinstance(text, str):
        raise TypeError(f"an agent name must be a str, not {type(text).__name__}")
    name, options = _native.parse_agent_spec(text)
    return AgentSpec(name, tuple(options))


def split_agents(text: str) -> list[str]:
    """Split a list of agents on the commas that start a new agent
    (``mcts:simulations=200,random`` -> two agents; a comma followed by ``key=value`` continues
    the options)."""
    if not isinstance(text, str):
        raise TypeError(f"a list of agents must be a str, not {type(text).__name__}")
    return _native.split_agent_specs(text)


def agents_help() -> str:
    """The built-in agents and their options with their ranges and defaults, one line each
    (for command-line help and error messages)."""
    lines = []
    for kind in AGENTS.values():
        lines.append(f"{kind.name}: {kind.doc}")
        lines.extend(f"  {o}: {o.doc}" for o in kind.options)
    return "\n".join(lines)
