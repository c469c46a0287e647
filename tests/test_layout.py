"""The house's layout rules that a compiler doesn't check: the kernel's modules import each other
without cycles (the state in ``game/`` depends on no rule module; each rule module depends on
the state), so do the card layer's, and the code cites no file outside the repository (README,
"Layout")."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "rust" / "core" / "src"
EFFECTS = ROOT / "rust" / "effects" / "src"


def _modules(src: Path = CORE) -> dict[str, list[Path]]:
    """A crate's top-level modules (the kernel's by default): a file, or a directory with its
    files."""
    mods: dict[str, list[Path]] = {}
    for p in src.iterdir():
        if p.suffix == ".rs" and p.name != "lib.rs":
            mods[p.stem] = [p]
        elif p.is_dir():
            mods[p.name] = sorted(p.glob("*.rs"))
    return mods


def _dependencies(mods: dict[str, list[Path]]) -> dict[str, set[str]]:
    """Module -> the other modules its code names as ``crate::<module>`` (comments and unit
    tests left out, including ``use crate::{a::x, b::y}`` groups)."""
    deps: dict[str, set[str]] = {}
    for name, files in mods.items():
        found: set[str] = set()
        for f in files:
            text = re.sub(r"//.*", "", f.read_text())
            text = re.sub(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", text, flags=re.S)
            found.update(re.findall(r"crate::([a-z_]+)", text))
            for group in re.findall(r"use crate::\{([^;]*)\};", text, flags=re.S):
                found.update(re.findall(r"(?:^|[,{\s])([a-z_]+)::", group))
        deps[name] = {m for m in found if m in mods and m != name}
    return deps


def _cycle(deps: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if there is any (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(deps[m]):
            if state.get(d) == 1:
                return path[path.index(d) :] + [d]
            if d not in state and (c := visit(d)):
                return c
        state[m] = 2
        path.pop()
        return None

    for m in sorted(deps):
        if m not in state and (c := visit(m)):
            return c
    return None


def test_the_kernel_modules_import_each_other_without_cycles() -> None:
    deps = _dependencies(_modules())
    assert deps["game"], "the state module names the modules it uses"
    assert _cycle(deps) is None, f"import cycle: {' -> '.join(_cycle(deps) or [])}"


def test_the_card_layer_modules_import_each_other_without_cycles() -> None:
    deps = _dependencies(_modules(EFFECTS))
    assert deps["db"], "the database names the modules it uses"
    assert _cycle(deps) is None, f"import cycle: {' -> '.join(_cycle(deps) or [])}"


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_code_cites_no_file_outside_the_repository() -> None:
    # Written in pieces so that this file does not match itself.
    pattern = "|".join(["SPEC" + r"\.md", "seed 00[0-9]", "[Ii]ssues? #?[0-9]", "seeds" + "/"])
    out = subprocess.run(
        ["git", "grep", "-nE", pattern, "--", ".", ":!tests/test_layout.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if out.returncode == 128:  # not a git checkout (an sdist): nothing to check
        return
    assert out.stdout == "", out.stdout
