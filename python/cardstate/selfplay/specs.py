"""Agents given by name: ``random``, ``greedy``, ``mcts``, with options as
``mcts:simulations=200`` (several options separated by ``:`` or ``,``:
``mcts:simulations=200,exploration=1.4``; information-set MCTS: ``mcts:algorithm=ismcts``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["AgentSpec", "AGENT_NAMES", "parse_agent", "split_agents"]


def _factories() -> dict[str, Callable[..., Any]]:
    from cardstate import agents

    return {
        "random": agents.RandomAgent,
        "greedy": agents.GreedyAgent,
        "mcts": agents.MCTSAgent,
    }


AGENT_NAMES = ("random", "greedy", "mcts")


def _value(text: str) -> int | float | str:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class AgentSpec:
    """A built-in agent by name and options; :meth:`build` makes a fresh agent."""

    name: str
    options: tuple[tuple[str, int | float | str], ...] = ()

    @property
    def label(self) -> str:
        """``mcts(simulations=200)``, or the bare name without options."""
        if not self.options:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v}' for k, v in self.options)})"

    def build(self) -> Any:
        """A new agent with these options (a ``TypeError``/``ValueError`` names a bad one)."""
        return _factories()[self.name](**dict(self.options))


def parse_agent(text: str) -> AgentSpec:
    """``"mcts:simulations=200"`` -> ``AgentSpec("mcts", (("simulations", 200),))``."""
    if not isinstance(text, str):
        raise TypeError(f"an agent name must be a str, not {type(text).__name__}")
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r}; expected one of {', '.join(AGENT_NAMES)}")
    options: list[tuple[str, int | float | str]] = []
    for part in rest.replace(",", ":").split(":"):
        if not part.strip():
            continue
        key, eq, val = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"agent option {part!r} in {text!r} is not key=value")
        options.append((key.strip(), _value(val.strip())))
    return AgentSpec(name, tuple(options))


def split_agents(text: str) -> list[str]:
    """Split ``--agents`` on commas that start a new agent (``mcts:simulations=200,random``
    -> two agents; a comma followed by ``key=value`` continues the options)."""
    out: list[str] = []
    for part in text.split(","):
        if out and "=" in part and ":" not in part.split("=")[0]:
            out[-1] += "," + part
        else:
            out.append(part)
    return [p.strip() for p in out]
