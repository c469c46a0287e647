"""Writes the compiled pool to ``rust/effects/pool.json``: ``python -m cardstate.cards.generate``.

The Rust runtime embeds that file; tests/test_cards_compile.py fails when it is out of date
with :mod:`cardstate.cards.pool`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardstate.cards.compile import compile_pool, pool_json
from cardstate.cards.pool import CARDS, DECKS

POOL_FILE = Path(__file__).resolve().parents[3] / "rust" / "effects" / "pool.json"


def pool_text() -> str:
    """The compiled pool as the committed JSON text."""
    _, form = compile_pool(CARDS, DECKS)
    return pool_json(form)


def main(argv: list[str] | None = None) -> int:
    """Write the file (or the path given as the first argument)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else POOL_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(pool_text(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
