"""An AlphaZero-style loop on the duel: a small policy/value network guides the batched search,
the search's self-play games train the network, and each new network is measured against the
previous one and against MCTS with random rollouts.

    python examples/alphazero.py                         # small settings
    python examples/alphazero.py --backend torch         # PyTorch (CPU, or the GPU if any)
    python examples/alphazero.py --iterations 20 --games 256 --simulations 200 --workers 8
    python examples/alphazero.py --pool fdn --decks FDN_top_04956_UG FDN_top_20626_WG

Each iteration:

1. generate: ``cardstate.selfplay.data.generate`` plays ``--games`` games with
   ``BatchedSearch`` guided by the current network (both seats; Dirichlet noise at the root,
   the first moves drawn from the visit counts) and writes (observation, legal mask, visit
   distribution, player, outcome) per decision as numpy shards; the network travels to the
   worker processes pickled (its weights as numpy arrays);
2. train: the network is fitted to the last ``--window`` iterations' positions: cross-entropy
   to the visit distributions (the policy head, masked to the legal actions) plus the squared
   error of the value head to the games' outcomes;
3. evaluate: an ``MCTSAgent`` guided by the new network plays ``--eval-games`` games against
   one guided by the previous network, and as many against ``MCTSAgent`` with random rollouts
   (the same number of simulations), seats and decks alternating (win rate, and
   wins-losses-draws);
4. checkpoint: the weights are saved in ``--out`` (``net-<k>.npz``, or ``.pt`` for torch), the
   learning curve in ``curve.json`` (and ``curve.png`` with ``--plot``, if matplotlib is
   installed).

The games are between ``--decks`` (two decks registered with ``--pool``, deck files, or the
built-in pool's ``evergreen`` and ``energy`` by default), beginning with the London mulligan
unless ``--no-mulligans``. The network is one hidden layer on the duel's observation with a
policy head over the ``num_distinct_actions`` ids and a tanh value head. ``--backend numpy``
(the default) trains it with hand-written gradients and Adam, ``--backend torch`` with PyTorch
(imported only then: an optional extra, ``pip install 'cardstate[torch]'``; ``--device`` picks
the device, a GPU when one is present). With the small default settings the curve is noisy and
the network rarely beats rollouts yet; docs/AGENTS.md ("Evaluator-guided search") says what to
expect and how long it takes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

# One BLAS thread per process: the products are small and the workers share the cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from cardstate.agents import MCTSAgent  # noqa: E402
from cardstate.duel import Duel  # noqa: E402
from cardstate.selfplay import data  # noqa: E402
from cardstate.selfplay import run as play_match  # noqa: E402

DECKS = ("evergreen", "energy")


def _masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * mask
    return e / np.maximum(e.sum(axis=1, keepdims=True), 1e-30)


class NumpyNet:
    """The network in numpy: ``evaluate`` is the search's evaluator, ``fit`` one epoch of Adam."""

    def __init__(self, obs_len: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": (rng.standard_normal((obs_len, hidden)) * 0.05).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": (rng.standard_normal((hidden, actions)) * 0.05).astype(np.float32),
            "bp": np.zeros(actions, np.float32),
            "wv": (rng.standard_normal(hidden) * 0.05).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.moments: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.steps = 0

    def _forward(self, obs: np.ndarray) -> tuple[np.ndarray, ...]:
        p = self.params
        z1 = obs @ p["w1"] + p["b1"]
        h = np.maximum(z1, 0)
        return z1, h, h @ p["wp"] + p["bp"], np.tanh(h @ p["wv"] + p["bv"][0])

    def evaluate(self, obs: np.ndarray, mask: np.ndarray, players: np.ndarray) -> Any:
        _, _, logits, v = self._forward(obs)
        return _masked_softmax(logits, mask), v.astype(np.float32)

    def fit(self, pos: data.Positions, batch: int, lr: float, rng: np.random.Generator) -> float:
        order = rng.permutation(len(pos))
        losses = []
        for s in range(0, len(order), batch):
            i = order[s : s + batch]
            x, mask, pi, z = pos.observations[i], pos.masks[i], pos.policies[i], pos.outcomes[i]
            z1, h, logits, v = self._forward(x)
            prob = _masked_softmax(logits, mask)
            n = len(i)
            losses.append(
                float(-(pi * np.log(np.maximum(prob, 1e-12))).sum(axis=1).mean())
                + float(((v - z) ** 2).mean())
            )
            dlogits = (prob - pi) / n
            dzv = 2 * (v - z) / n * (1 - v * v)
            p = self.params
            dh = dlogits @ p["wp"].T + np.outer(dzv, p["wv"])
            dz1 = dh * (z1 > 0)
            grads = {
                "w1": x.T @ dz1,
                "b1": dz1.sum(axis=0),
                "wp": h.T @ dlogits,
                "bp": dlogits.sum(axis=0),
                "wv": h.T @ dzv,
                "bv": np.array([dzv.sum()]),
            }
            self._adam(grads, lr)
        return float(np.mean(losses)) if losses else 0.0

    def _adam(self, grads: dict[str, np.ndarray], lr: float) -> None:
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            m, v = self.moments.get(k, (np.zeros_like(g), np.zeros_like(g)))
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            self.moments[k] = (m, v)
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            self.params[k] = (self.params[k] - lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(
                np.float32
            )

    def copy(self) -> NumpyNet:
        other = NumpyNet.__new__(NumpyNet)
        other.params = {k: v.copy() for k, v in self.params.items()}
        other.moments, other.steps = {}, 0
        return other

    def __getstate__(self) -> dict[str, Any]:
        # Only the weights travel to the workers (the optimiser's state stays here).
        return {"params": self.params}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.params, self.moments, self.steps = state["params"], {}, 0

    def save(self, path: Path) -> Path:
        path = path.with_suffix(".npz")
        np.savez(path, **self.params)
        return path


class TorchNet:
    """The same network in PyTorch (imported only for ``--backend torch``)."""

    def __init__(self, obs_len: int, actions: int, hidden: int, seed: int, device: str) -> None:
        import torch

        torch.manual_seed(seed)
        self.device = device
        self.shape = (obs_len, actions, hidden)
        self.body = torch.nn.Sequential(torch.nn.Linear(obs_len, hidden), torch.nn.ReLU())
        self.policy = torch.nn.Linear(hidden, actions)
        self.value = torch.nn.Linear(hidden, 1)
        self.modules = torch.nn.ModuleList([self.body, self.policy, self.value]).to(device)
        self.optimizer: Any = None

    def evaluate(self, obs: np.ndarray, mask: np.ndarray, players: np.ndarray) -> Any:
        import torch

        with torch.no_grad(), warnings.catch_warnings():
            # The search lends its observations read-only: the network only reads them.
            warnings.filterwarnings("ignore", message="The given NumPy array is not writable")
            x = torch.from_numpy(obs).to(self.device)
            m = torch.from_numpy(mask).to(self.device)
            h = self.body(x)
            logits = self.policy(h).masked_fill(~m, -1e9)
            priors = torch.softmax(logits, dim=1)
            values = torch.tanh(self.value(h)).squeeze(1)
        return priors.cpu().numpy(), values.cpu().numpy()

    def fit(self, pos: data.Positions, batch: int, lr: float, rng: np.random.Generator) -> float:
        import torch

        if self.optimizer is None:
            self.optimizer = torch.optim.Adam(self.modules.parameters(), lr=lr)
        order = rng.permutation(len(pos))
        losses = []
        for s in range(0, len(order), batch):
            i = order[s : s + batch]
            x = torch.from_numpy(pos.observations[i]).to(self.device)
            m = torch.from_numpy(pos.masks[i]).to(self.device)
            pi = torch.from_numpy(pos.policies[i]).to(self.device)
            z = torch.from_numpy(pos.outcomes[i]).to(self.device)
            h = self.body(x)
            log_p = torch.log_softmax(self.policy(h).masked_fill(~m, -1e9), dim=1)
            v = torch.tanh(self.value(h)).squeeze(1)
            loss = -(pi * log_p).sum(dim=1).mean() + ((v - z) ** 2).mean()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            losses.append(float(loss))
        return float(np.mean(losses)) if losses else 0.0

    def copy(self) -> TorchNet:
        other = TorchNet(*self.shape, seed=0, device=self.device)
        other.modules.load_state_dict(self.modules.state_dict())
        return other

    def __getstate__(self) -> dict[str, Any]:
        # The weights as numpy arrays: a worker rebuilds the network on its CPU.
        weights = {k: v.detach().cpu().numpy() for k, v in self.modules.state_dict().items()}
        return {"shape": self.shape, "weights": weights}

    def __setstate__(self, state: dict[str, Any]) -> None:
        import torch

        self.__init__(*state["shape"], seed=0, device="cpu")  # type: ignore[misc]
        tensors = {k: torch.from_numpy(v) for k, v in state["weights"].items()}
        self.modules.load_state_dict(tensors)

    def save(self, path: Path) -> Path:
        import torch

        path = path.with_suffix(".pt")
        torch.save(self.modules.state_dict(), path)
        return path


def make_net(args: argparse.Namespace, obs_len: int, actions: int) -> Any:
    if args.backend == "numpy":
        return NumpyNet(obs_len, actions, args.hidden, args.seed)
    try:
        import torch
    except ImportError:
        sys.exit("--backend torch needs PyTorch: pip install 'cardstate[torch]'")
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    torch.set_num_threads(1)
    return TorchNet(obs_len, actions, args.hidden, args.seed, device)


def record(
    agent: Any, opponent: Any, games: int, seed: int, args: argparse.Namespace
) -> tuple[float, str]:
    """``agent``'s win rate against ``opponent`` (seats and decks alternating), and its
    wins-losses-draws."""
    result = play_match(
        games=games,
        agents=(agent, opponent),
        decks=tuple(args.decks),
        pool=args.pool,
        mulligans=args.mulligans,
        seed=seed,
        backend="serial",
    )
    t = result.agent_totals[0]
    return t.win_rate, f"{t.wins}-{t.losses}-{t.draws}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--games", type=int, default=16, help="self-play games per iteration")
    ap.add_argument("--simulations", type=int, default=32, help="per decision")
    ap.add_argument("--eval-games", type=int, default=10, help="per opponent per iteration")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--window", type=int, default=3, help="iterations of data trained on")
    ap.add_argument("--workers", type=int, default=2, help="self-play processes (1: serial)")
    ap.add_argument("--backend", choices=("numpy", "torch"), default="numpy")
    ap.add_argument("--device", default=None, help="torch device (default: cuda if present)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pool", default=None, help="a card pool's name (default: the built-in)")
    ap.add_argument("--decks", nargs=2, default=list(DECKS), metavar=("DECK0", "DECK1"))
    ap.add_argument("--no-mulligans", dest="mulligans", action="store_false")
    ap.add_argument("--out", default=None, help="checkpoints and curve (default: a temp dir)")
    ap.add_argument("--plot", action="store_true", help="also write curve.png (matplotlib)")
    args = ap.parse_args(argv)

    out = Path(args.out or tempfile.mkdtemp(prefix="alphazero-"))
    out.mkdir(parents=True, exist_ok=True)
    probe = Duel(*args.decks, pool=args.pool)
    net = make_net(args, probe.observation_shape()[0], probe.num_distinct_actions())
    rng = np.random.default_rng(args.seed)
    search = {"simulations": args.simulations, "dirichlet_alpha": 0.3, "batch_size": 256}
    shards: list[list[str]] = []
    curve = []
    for k in range(1, args.iterations + 1):
        t0 = time.perf_counter()
        paths = data.generate(
            games=args.games,
            out=out / f"data-{k}",
            evaluator=net,
            seed=args.seed * 1_000_003 + k,
            games_per_shard=max(1, args.games // max(1, 2 * args.workers)),
            backend="serial" if args.workers <= 1 else "local",
            workers=args.workers,
            decks=tuple(args.decks),
            pool=args.pool,
            mulligans=args.mulligans,
            **search,
        )
        shards = (shards + [paths])[-args.window :]
        positions = data.load([p for it in shards for p in it])
        t1 = time.perf_counter()
        previous = net.copy()
        loss = 0.0
        for _ in range(args.epochs):
            loss = net.fit(positions, args.batch, args.lr, rng)
        t2 = time.perf_counter()
        agent = MCTSAgent(simulations=args.simulations, evaluator=net, seed=k)
        vs_previous, previous_record = record(
            agent,
            MCTSAgent(simulations=args.simulations, evaluator=previous, seed=k),
            args.eval_games,
            10_000 + k,
            args,
        )
        vs_rollouts, rollouts_record = record(
            agent,
            MCTSAgent(simulations=args.simulations, seed=k),
            args.eval_games,
            20_000 + k,
            args,
        )
        t3 = time.perf_counter()
        checkpoint = net.save(out / f"net-{k}")
        curve.append(
            {
                "iteration": k,
                "positions": len(positions),
                "loss": loss,
                "vs_previous": vs_previous,
                "vs_rollouts": vs_rollouts,
                "records": {"vs_previous": previous_record, "vs_rollouts": rollouts_record},
                "seconds": {"generate": t1 - t0, "train": t2 - t1, "evaluate": t3 - t2},
            }
        )
        (out / "curve.json").write_text(json.dumps(curve, indent=1))
        print(
            f"iteration {k}: {len(positions)} positions, loss {loss:.3f}, "
            f"vs previous {100 * vs_previous:.0f}% ({previous_record}), "
            f"vs rollouts {100 * vs_rollouts:.0f}% ({rollouts_record}) "
            f"({t1 - t0:.1f} s generate, {t2 - t1:.1f} s train, {t3 - t2:.1f} s evaluate; "
            f"{checkpoint.name})",
            flush=True,
        )
    if args.plot:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            sys.exit("--plot needs matplotlib: pip install 'cardstate[plot]'")
        fig, ax = plt.subplots(figsize=(6, 3.5))
        its = [c["iteration"] for c in curve]
        ax.plot(its, [c["vs_previous"] for c in curve], marker="o", label="vs previous network")
        ax.plot(its, [c["vs_rollouts"] for c in curve], marker="s", label="vs MCTS (rollouts)")
        ax.set_xlabel("iteration")
        ax.set_ylabel("win rate")
        ax.set_ylim(0, 1)
        ax.legend()
        fig.tight_layout()
        fig.savefig(out / "curve.png")
    print(f"checkpoints and curve in {out}")


if __name__ == "__main__":
    main()
