"""``import cardstate`` (and its duel and batched environment) never imports the optional
libraries the adapters use; the adapters import them only when asked for."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

OPTIONAL = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "torch", "ray", "stable_baselines3")


def _imported_after(code: str) -> list[str]:
    probe = f"import sys\n{code}\nprint(sorted(m for m in {OPTIONAL!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return eval(out.stdout.strip())  # a printed list of str


def test_import_cardstate_imports_no_adapter_library() -> None:
    assert _imported_after("import cardstate") == []


def test_the_duel_and_its_batch_import_no_adapter_library() -> None:
    code = "import cardstate.duel\nfrom cardstate.duel import DuelBatch\nDuelBatch(1, 'infect')"
    assert _imported_after(code) == []


def test_each_adapter_imports_its_own_library_when_asked_for() -> None:
    assert "pettingzoo" in _imported_after("from cardstate.duel import env")
    assert "gymnasium" in _imported_after("from cardstate.duel import gym_env")
    assert "gymnasium" in _imported_after("from cardstate.duel import vector_env")
    if importlib.util.find_spec("stable_baselines3") is not None:
        assert "stable_baselines3" in _imported_after("from cardstate.duel import sb3_vec_env")
    assert "pyspiel" in _imported_after("import cardstate.openspiel")


def test_limited_imports_its_environments_libraries_only_when_asked_for() -> None:
    code = "from cardstate import limited\nlimited.run_draft(['rating'] * 2, seed=1, rounds=1)"
    assert _imported_after(code) == []
    assert "pettingzoo" in _imported_after("from cardstate import limited\nlimited.draft_env()")
    assert "gymnasium" in _imported_after("from cardstate import limited\nlimited.sealed_env()")
