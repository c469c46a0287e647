"""Train a small policy on DuelBatch against an opponent (random by default), and report its win
rate against random before and after.

    python examples/train_policy.py --seconds 180
    python examples/train_policy.py --seconds 180 --backend torch   # if PyTorch is installed
    python examples/train_policy.py --seconds 180 --opponent self   # against its frozen copy

The policy is linear-softmax over the observation, masked to the legal actions (numpy, the
default), or with ``--backend torch`` a small PyTorch network (one hidden layer, Adam; PyTorch
is imported only then, and is not a dependency of cardstate). Either is trained by REINFORCE
with a running-mean baseline: many games step together in one DuelBatch
(``--opponent``, an agent as the self-play CLI names it, plays the other seat in Rust; or with
``--opponent self`` a frozen copy of the policy, taken at the start and again every
``--refresh`` finished games, plays it as the batch's Python opponent policy; seats alternate),
each finished game's return (+1 win, -1 loss, 0 draw) weights the log-probability gradient of
every action the policy took in it. The win rate is measured against random on exactly
``--eval-games`` games the training never saw (another seed), the policy sampling its actions,
with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from copy import deepcopy
from typing import Any, Protocol

# One BLAS thread: the products here are small, and BLAS worker threads spinning on the same
# cores as the batch's steps make both slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from cardstate.duel.batch import DuelBatch  # noqa: E402


class Policy(Protocol):
    """What the training loop needs of a policy (numpy arrays in and out)."""

    def sample(
        self, obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator
    ) -> np.ndarray: ...

    def reinforce(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, advantage: float, lr: float
    ) -> None: ...

    def frozen(self) -> Policy:
        """A copy that samples as this policy does now and that training leaves alone."""
        ...


def sample_from(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row of probabilities ``p``, by inverse transform from ``rng``."""
    u = rng.random((len(p), 1))
    return (p.cumsum(axis=1) < u).sum(axis=1).clip(0, p.shape[1] - 1)


class LinearPolicy:
    """Logits = obs @ W + b, masked to the legal actions."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        self.w = np.zeros((n_obs, n_actions), dtype=np.float32)
        self.b = np.zeros(n_actions, dtype=np.float32)

    def probabilities(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        logits = obs @ self.w + self.b
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def sample(self, obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return sample_from(self.probabilities(obs, masks), rng)

    def reinforce(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, advantage: float, lr: float
    ) -> None:
        """One episode's update: ``advantage * grad log pi(actions | obs)``, averaged over its
        steps."""
        p = self.probabilities(obs, masks)
        d = -p
        d[np.arange(len(actions)), actions] += 1.0
        scale = lr * advantage / len(actions)
        self.w += scale * (obs.T @ d)
        self.b += scale * d.sum(axis=0)

    def frozen(self) -> LinearPolicy:
        copy = LinearPolicy(*self.w.shape)
        copy.w[:], copy.b[:] = self.w, self.b
        return copy


class TorchPolicy:
    """A PyTorch policy: one hidden layer (ReLU), logits masked to the legal actions, trained
    by Adam on the same REINFORCE objective. Actions are still drawn from the numpy ``rng``,
    so a run is reproducible from ``--seed`` (on one device and PyTorch version)."""

    def __init__(self, n_obs: int, n_actions: int, seed: int, lr: float, hidden: int = 64) -> None:
        import torch  # only on this path: PyTorch is optional

        self.torch = torch
        torch.manual_seed(seed)
        self.net = torch.nn.Sequential(
            torch.nn.Linear(n_obs, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, n_actions)
        )
        # Start uniform over the legal actions, as the numpy policy does.
        torch.nn.init.zeros_(self.net[2].weight)
        torch.nn.init.zeros_(self.net[2].bias)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)

    def _log_probabilities(self, obs: np.ndarray, masks: np.ndarray) -> Any:
        t = self.torch
        # Copies: the batch's arrays are read-only views, which torch.from_numpy refuses to
        # share (it would warn, and a tensor's in-place op would write into the batch).
        logits = self.net(t.tensor(obs, dtype=t.float32))
        logits = logits.masked_fill(~t.tensor(masks, dtype=t.bool), -t.inf)
        return t.log_softmax(logits, dim=1)

    def sample(self, obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        with self.torch.no_grad():
            p = self._log_probabilities(obs, masks).exp().numpy().astype(np.float64)
        return sample_from(p, rng)

    def reinforce(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, advantage: float, lr: float
    ) -> None:
        """One episode's update: ascend ``advantage * mean log pi(actions | obs)`` (the
        optimizer's learning rate was set from ``lr`` at construction)."""
        logp = self._log_probabilities(obs, masks)
        taken = logp[self.torch.arange(len(actions)), self.torch.from_numpy(actions)]
        loss = -advantage * taken.mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()

    def frozen(self) -> TorchPolicy:
        copy = object.__new__(TorchPolicy)
        copy.torch, copy.net, copy.opt = self.torch, deepcopy(self.net), None
        return copy


def make_policy(backend: str, n_obs: int, n_actions: int, seed: int, lr: float) -> Policy:
    """The ``numpy`` (linear) or ``torch`` policy; ``SystemExit`` naming the problem if PyTorch
    was asked for and can't be imported."""
    if backend == "numpy":
        return LinearPolicy(n_obs, n_actions)
    try:
        import torch  # noqa: F401
    except ImportError as e:
        raise SystemExit(f"--backend torch needs PyTorch, which can't be imported: {e}") from e
    # Adam takes much smaller steps than the numpy policy's plain gradient ascent.
    return TorchPolicy(n_obs, n_actions, seed, lr=lr * 0.02)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def win_rate(policy: Policy, games: int, seed: int, decks: tuple[str, str]) -> str:
    """The policy's results over ``games`` finished games against random."""
    batch = DuelBatch(min(games, 64), decks, seed, opponent="random")
    obs, masks = batch.reset()
    rng = np.random.default_rng(seed)
    wins = losses = draws = 0
    while wins + losses + draws < games:
        actions = policy.sample(obs, masks, rng)
        obs, masks, rewards, dones = batch.step(actions)
        # Exactly ``games``: of the games that end together, those of the lowest indices.
        ended = rewards[dones][: games - (wins + losses + draws)]
        wins += int((ended > 0).sum())
        losses += int((ended < 0).sum())
        draws += int((ended == 0).sum())
    n = wins + losses + draws
    lo, hi = wilson(wins, n)
    return f"{wins / n:.1%} wins ({wins}-{losses}-{draws} in {n} games, 95% CI {lo:.1%}-{hi:.1%})"


class FrozenOpponent:
    """A copy of the policy as the batch's opponent: ``opponent(observations, masks) ->
    actions``, sampled from its own random stream; :meth:`refresh` copies the policy again."""

    def __init__(self, policy: Policy, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.refresh(policy)

    def refresh(self, policy: Policy) -> None:
        self.policy = policy.frozen()

    def __call__(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return self.policy.sample(obs, masks, self.rng)


def train(args: argparse.Namespace) -> None:
    decks = (args.deck0, args.deck1)
    probe = DuelBatch(1, decks, args.seed)
    n_obs, n_actions = probe.observation_shape()[0], probe.num_distinct_actions()
    policy = make_policy(args.backend, n_obs, n_actions, args.seed, args.lr)
    frozen = FrozenOpponent(policy, args.seed + 2) if args.opponent == "self" else None
    batch = DuelBatch(args.games, decks, args.seed, opponent=frozen or args.opponent)
    print(f"before: {win_rate(policy, args.eval_games, args.seed + 1, decks)}")

    rng = np.random.default_rng(args.seed)
    obs, masks = batch.reset()
    trajectories: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(args.games)]
    baseline, episodes, steps = 0.0, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        actions = policy.sample(obs, masks, rng)
        for i in range(args.games):
            trajectories[i].append((obs[i].copy(), masks[i].copy(), int(actions[i])))
        obs, masks, rewards, dones = batch.step(actions)
        steps += args.games
        for i in np.flatnonzero(dones):
            xs, ms, acts = zip(*trajectories[i], strict=True)
            advantage = float(rewards[i]) - baseline
            policy.reinforce(np.stack(xs), np.stack(ms), np.array(acts), advantage, args.lr)
            baseline += 0.01 * (float(rewards[i]) - baseline)
            trajectories[i] = []
            episodes += 1
            if frozen is not None and episodes % args.refresh == 0:
                frozen.refresh(policy)
    elapsed = time.perf_counter() - start
    print(
        f"trained {elapsed:.0f} s: {episodes} games, {steps} decisions "
        f"({steps / elapsed:,.0f} decisions/s with learning), mean return {baseline:+.2f}"
    )
    print(f"after: {win_rate(policy, args.eval_games, args.seed + 1, decks)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=180.0, help="training time (default 180)")
    ap.add_argument("--games", type=int, default=64, help="games stepped together")
    ap.add_argument("--eval-games", type=int, default=400, help="games per win-rate measure")
    ap.add_argument("--lr", type=float, default=0.05, help="learning rate")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deck0", default="infect")
    ap.add_argument("--deck1", default="energy")
    ap.add_argument(
        "--opponent",
        default="random",
        help="the training opponent: an agent (random, greedy, mcts:simulations=50, ...) or "
        "'self', a frozen copy of the policy (default random)",
    )
    ap.add_argument(
        "--refresh",
        type=int,
        default=500,
        help="with --opponent self: finished games between copies of the policy (default 500)",
    )
    ap.add_argument(
        "--backend",
        choices=("numpy", "torch"),
        default="numpy",
        help="the policy: linear in numpy (default) or a small PyTorch network",
    )
    args = ap.parse_args()
    if args.refresh < 1:
        ap.error(f"--refresh must be at least 1, got {args.refresh}")
    if args.opponent != "self":
        from cardstate.agents import parse_agent

        try:
            parse_agent(args.opponent)
        except (TypeError, ValueError) as e:
            ap.error(f"--opponent {args.opponent}: {e}")
    train(args)


if __name__ == "__main__":
    main()
