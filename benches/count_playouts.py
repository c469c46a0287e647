"""Instructions a random game of a registered deck's mirror costs in the native duel, counted by
Callgrind inside the Rust playout loop only (deck loading and Python start-up left out): a
figure that doesn't depend on what else the machine is running (docs/PERFORMANCE.md, "How to
measure").

    python benches/count_playouts.py                     # the Pauper Burn mirror, 300 games
    python benches/count_playouts.py --pool fdn --deck FDN_top_04956_UG --games 100

The games are seeded 0, 1, ...: the same build plays the same games, and prints the same
count on any load.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile

PLAY = """
import sys
from cardstate.agents import RandomAgent, playout
from cardstate.cards.fdn.data import deck_files
from cardstate.duel import Duel
pool, deck, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
# A Foundations deck file by its stem, else a deck the pool registers by name.
path = deck_files()[deck] if pool == "fdn" else deck
fmt = "limited" if pool == "fdn" else "constructed"
turns = 0
for seed in range(games):
    d = Duel(path, path, pool=pool, format=fmt, seed=seed)
    turns += playout(d, RandomAgent(seed), RandomAgent(seed + 1), seed=seed).turns
print("turns", turns)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pool", default="pauper")
    parser.add_argument("--deck", default="burn")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        cmd = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out.name}",
            "--collect-atstart=no",
            "--toggle-collect=cardstate_agents::playout::playout_until*",
            sys.executable,
            "-c",
            PLAY,
            args.pool,
            args.deck,
            str(args.games),
        ]
        run = subprocess.run(cmd, capture_output=True, text=True, check=True)
    turns = int(run.stdout.split()[-1])
    refs = int(re.search(r"refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))
    if refs == 0:
        sys.exit(
            "no instructions counted: this build has no playout_until function to count in "
            "(a build with link-time optimisation inlines it); build with "
            "CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 "
            "maturin develop --release"
        )
    print(
        f"{args.pool}/{args.deck} mirror, {args.games} games, {turns} turns: "
        f"{refs:,} instructions, {refs / args.games:,.0f} a game, {refs / turns:,.0f} a turn"
    )


if __name__ == "__main__":
    main()
