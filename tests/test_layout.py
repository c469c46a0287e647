"""The house's layout rules that a compiler doesn't check: the kernel's modules import each other
without cycles (the state in ``game/`` depends on no rule module; each rule module depends on
the state), and so do the modules of the agents, the batches and the binding (what two modules
both need lives in a module of its own), the reference kernel's (the state in ``state.py`` the
same) and the card layer's; the card compiler doesn't depend on the reference model; no Rust
file of the kernel, the card layer, the agents or the batches is so long that it holds more than
one job; and the code cites no file outside the repository (README, "Layout").
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "rust" / "core" / "src"
PYTHON = ROOT / "python"


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


@pytest.mark.parametrize("crate", ["effects", "agents", "envs", "python"])
def test_the_modules_of_the_card_layer_the_agents_the_batches_and_the_binding_import_without_cycles(
    crate: str,
) -> None:
    deps = _dependencies(_modules(ROOT / "rust" / crate / "src"))
    assert any(deps.values()), f"{crate}: the modules name the modules they use"
    assert _cycle(deps) is None, f"{crate}: import cycle: {' -> '.join(_cycle(deps) or [])}"


MAX_RUST_FILE_LINES = 900


@pytest.mark.parametrize("crate", ["core", "effects", "agents", "envs"])
def test_no_rust_file_is_longer_than_one_job(crate: str) -> None:
    """A file holds one job: past about 900 lines it holds several, and is split into a module
    folder (as ``rust/core/src/codec/``, one file per section of the format)."""
    files = sorted((ROOT / "rust" / crate / "src").rglob("*.rs"))
    assert files, f"{crate}: no Rust sources found"
    long = {
        str(f.relative_to(ROOT)): n
        for f in files
        if (n := len(f.read_text().splitlines())) > MAX_RUST_FILE_LINES
    }
    assert not long, f"files over {MAX_RUST_FILE_LINES} lines: {long}"


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def _python_modules() -> dict[str, Path]:
    """Every module of the Python package by dotted name (a package by its ``__init__``)."""
    mods: dict[str, Path] = {}
    for path in (PYTHON / "cardstate").rglob("*.py"):
        parts = path.relative_to(PYTHON).with_suffix("").parts
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return mods


def _python_imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The package's modules that module ``name`` imports anywhere in its file (in functions and
    ``TYPE_CHECKING`` blocks too: a deferred import is a dependency all the same). ``from a import
    b`` names the module ``a.b`` when there is one, else ``a``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in mods else base)
    return {m for m in found if m in mods and m != name}


def _python_dependencies(prefix: str) -> dict[str, set[str]]:
    """The modules directly in package ``prefix`` (its ``__init__`` included, its subpackages
    left out) -> the others of them each imports."""
    mods = _python_modules()
    layer = {
        m
        for m in mods
        if m == prefix or m.rpartition(".")[0] == prefix and mods[m].name != "__init__.py"
    }
    return {m: _python_imports(m, mods[m], mods) & layer for m in layer}


def test_the_reference_kernels_modules_import_each_other_without_cycles() -> None:
    deps = _python_dependencies("cardstate.reference")
    assert deps["cardstate.reference.game"], "the game names the rule modules it composes"
    assert not deps["cardstate.reference.state"] & {
        "cardstate.reference.replacement",
        "cardstate.reference.continuous",
        "cardstate.reference.damage",
        "cardstate.reference.sba",
        "cardstate.reference.codec",
        "cardstate.reference.game",
    }, "the state depends on no rule module"
    assert "cardstate.reference.game" not in deps["cardstate.reference.codec"]
    assert _cycle(deps) is None, f"import cycle: {' -> '.join(_cycle(deps) or [])}"


def test_the_card_layers_modules_import_each_other_without_cycles() -> None:
    deps = _python_dependencies("cardstate.cards")
    assert deps["cardstate.cards"], "the package names the modules it gathers"
    assert _cycle(deps) is None, f"import cycle: {' -> '.join(_cycle(deps) or [])}"


def test_the_card_compiler_does_not_depend_on_the_reference_model() -> None:
    """The compiler reads the kernel's vocabulary (``cardstate.vocabulary``), not the reference
    model's modules, directly or through the modules it imports."""
    mods = _python_modules()
    seen: set[str] = set()
    todo = ["cardstate.cards.compile"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_python_imports(name, mods[name], mods))
    assert "cardstate.vocabulary" in seen
    assert not {m for m in seen if m.startswith("cardstate.reference")}, sorted(seen)


def test_the_python_import_reader_resolves_relative_and_submodule_imports() -> None:
    mods = _python_modules()
    game = _python_imports("cardstate.reference.game", mods["cardstate.reference.game"], mods)
    assert {"cardstate.reference.codec", "cardstate.reference.sba"} <= game
    package = _python_imports("cardstate.cards", mods["cardstate.cards"], mods)
    assert {"cardstate.cards.compile", "cardstate.cards.embed"} <= package


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
