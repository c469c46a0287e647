"""The house's layout rules that a compiler doesn't check: the kernel's modules import each other
without cycles (the state in ``game/`` depends on no rule module; each rule module depends on
the state), and so do the modules of the agents, the batches and the binding (what two modules
both need lives in a module of its own), the reference kernel's (the state in ``state.py`` the
same) and the card layer's; the card compiler doesn't depend on the reference model; no Rust
file of the kernel, the card layer, the agents or the batches is so long that it holds more than
one job; the code cites no file outside the repository; the README's "Layout" names every
folder, document and crate source file, and nothing that isn't there; and the code's comments
name speed tricks by rows of docs/PERFORMANCE.md that exist.
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


@pytest.mark.parametrize("crate", ["effects", "duel", "agents", "envs", "python"])
def test_the_modules_of_each_crate_above_the_kernel_import_without_cycles(
    crate: str,
) -> None:
    deps = _dependencies(_modules(ROOT / "rust" / crate / "src"))
    assert any(deps.values()), f"{crate}: the modules name the modules they use"
    assert _cycle(deps) is None, f"{crate}: import cycle: {' -> '.join(_cycle(deps) or [])}"


MAX_RUST_FILE_LINES = 900


@pytest.mark.parametrize("crate", ["core", "effects", "duel", "agents", "envs"])
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


# ---- the README's "Layout" -------------------------------------------------------------------

# What a name in the layout block looks like: a folder (`name/`) or a file with one of these
# endings, alone or as a path (`tests/rules.rs`, `observe/layout.rs`).
_LAYOUT_FILE = r"\.(?:rs|py|pyi|md|json|toml|txt|tsv|dck|typed)"
_LAYOUT_NAME = re.compile(
    r"(?<![\w./:-])((?:[\w.-]+/)*(?:[\w.-]+/|[\w.-]+" + _LAYOUT_FILE + r"))(?![\w/-])"
)


def _layout() -> dict[str, str]:
    """The README's layout block as entry -> its text: an entry is a line that starts at the
    left margin with a folder (``rust/core/``), its text runs to the next entry."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Layout\n") :]
    block = section[section.index("```\n") + 4 :]
    block = block[: block.index("```")]
    entries: dict[str, str] = {}
    current = ""
    for line in block.splitlines():
        if line and not line[0].isspace():
            current, _, rest = line.partition(" ")
            assert current.endswith("/"), f"a layout entry is a folder: {line!r}"
            entries[current] = rest
        else:
            entries[current] += "\n" + line
    return entries


def _tracked() -> list[Path]:
    """The repository's files (git's list, so that build outputs and scratch files don't
    count)."""
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        pytest.skip("not a git checkout (an sdist): the layout is checked in the repository")
    return [Path(p) for p in out.stdout.split("\0") if p and (ROOT / p).exists()]


def _names(text: str) -> set[str]:
    """The folders (with their ``/``) and files a layout entry's text names: a path inside
    the entry's folder names its folders too (``tests/rules.rs`` names ``tests/``); a path
    from the repository's root (``python/cardstate/cards/pool.py``) names only itself."""
    names: set[str] = set()
    for m in _LAYOUT_NAME.finditer(text):
        names.add(m.group(1))
        if not (ROOT / m.group(1)).exists():  # a path inside the entry's folder
            names.update(part + "/" for part in m.group(1).split("/")[:-1])
    return names


def _word(name: str, text: str) -> bool:
    """Whether ``text`` has ``name`` as a word of its own (a file without an ending)."""
    return re.search(r"(?<![\w./-])" + re.escape(name) + r"(?![\w/-])", text) is not None


def _folders(files: list[Path], under: Path) -> set[Path]:
    """Every folder below ``under`` that holds a tracked file, at any depth."""
    found: set[Path] = set()
    for f in files:
        if under in f.parents:
            for parent in f.relative_to(under).parents:
                if parent != Path("."):
                    found.add(under / parent)
    return found


def test_the_layout_names_every_folder_document_and_source_file() -> None:
    """The README's "Layout" block names, in the entry of the folder that holds it:

    - every top-level folder (an entry of its own, or one per crate under ``rust/``);
    - in a crate's entry, every folder of the crate (``src/`` itself aside) and of its
      ``src/``, at any depth, and every ``.rs`` file directly in ``src/`` (a file in a
      sub-folder may be left to its folder's description);
    - in ``python/cardstate/``, every folder of the package at any depth and every module
      directly in it; in ``python/``, every file directly in it;
    - every folder of the other top-level folders, and every file of ``docs/``, ``.ci/`` and
      ``examples/``;
    - every Markdown document of the repository (``README.md`` aside).

    A folder is named as ``name/``, a file by its name; the same name in two places (two
    ``effects/`` folders) is one mention. Files of tests, benches and data folders are not
    listed one by one.
    """
    files = _tracked()
    entries = _layout()
    named = {entry: _names(text) for entry, text in entries.items()}
    missing: list[str] = []

    def need(entry: str, name: str) -> None:
        if entry not in entries:
            missing.append(f"no layout entry {entry}")
        elif name not in named[entry] and not ("." not in name and _word(name, entries[entry])):
            missing.append(f"{entry}: {name}")

    tops = {f.parts[0] for f in files if len(f.parts) > 1}
    for top in sorted(tops - {"rust"}):
        if top + "/" not in entries and not any(e.startswith(top + "/") for e in entries):
            missing.append(f"no layout entry for the top-level folder {top}/")
    crates = sorted({f.parts[1] for f in files if f.parts[0] == "rust" and len(f.parts) > 2})
    for crate in crates:
        entry = f"rust/{crate}/"
        root = Path("rust") / crate
        for folder in sorted(_folders(files, root)):
            if folder != root / "src":
                need(entry, folder.name + "/")
        for f in files:
            if f.parent == root / "src" and f.suffix == ".rs":
                need(entry, f.name)
    package = Path("python/cardstate")
    for folder in sorted(_folders(files, package)):
        if folder.name != "__pycache__":
            need("python/cardstate/", folder.name + "/")
    for f in files:
        if f.parent == package and f.suffix in (".py", ".pyi", ".typed"):
            need("python/cardstate/", f.name)
        elif f.parent == Path("python"):
            need("python/", f.name)
    for top in ("tests", "benches", "fuzz", "docs", "examples", ".ci"):
        for folder in sorted(_folders(files, Path(top))):
            need(top + "/", folder.name + "/")
    for top in ("docs", "examples", ".ci"):
        for f in files:
            if f.parent == Path(top):
                need(top + "/", f.name)
    paths = {name for names in named.values() for name in names if "/" in name.rstrip("/")}
    for f in files:
        if f.suffix == ".md" and f != Path("README.md"):
            own = named.get(f"{f.parent}/", set())
            if f.name not in own and not any(f"/{f}".endswith(f"/{p}") for p in paths):
                missing.append(f"the document {f}")
    assert not missing, "not in the README's layout: " + ", ".join(missing)


def test_every_path_the_layout_names_exists() -> None:
    """Each folder or file a layout entry names is in that entry's folder (at any depth, by
    its name or the end of its path) or, as a path, from the repository's root."""
    files = _tracked()
    paths = {str(f) for f in files} | {str(d) for f in files for d in f.parents}
    absent: list[str] = []
    for entry, text in _layout().items():
        base = entry.rstrip("/")
        for name in sorted(_names(text)):
            bare = name.rstrip("/")
            if bare in paths or f"{base}/{bare}" in paths:
                continue
            if any(p.startswith(base + "/") and p.endswith("/" + bare) for p in paths):
                continue
            absent.append(f"{entry} {name}")
    assert not absent, "the layout names what the repository doesn't have: " + ", ".join(absent)


def test_every_document_is_linked_from_the_readme() -> None:
    """A reader finds every document of ``docs/`` from the README."""
    readme = (ROOT / "README.md").read_text()
    unlinked = [
        doc.name for doc in sorted((ROOT / "docs").glob("*.md")) if f"docs/{doc.name}" not in readme
    ]
    assert not unlinked, f"docs/ documents the README doesn't name: {unlinked}"


# `docs/PERFORMANCE.md, "<row>"`, more rows after `; and ` or `, `.
_ROW_MENTION = re.compile(r'docs/PERFORMANCE\.md,? ?((?:"[^"]+"(?:;? and |, )?)*)')


def test_the_code_names_speed_tricks_by_rows_of_the_register() -> None:
    """A comment or docstring that points to docs/PERFORMANCE.md names a row of its register
    (or a section) in quotes right after it, and that row is there:
    ``docs/PERFORMANCE.md, "<name>"`` (also over several lines of a comment; more rows as
    ``"<name>"; and "<name>"``)."""
    register = (ROOT / "docs" / "PERFORMANCE.md").read_text()
    rows = set(re.findall(r"^\| ([^|]+?) \|", register, re.M)) - {"Trick", "---"}
    rows |= set(re.findall(r"^#+ (.+)$", register, re.M))
    assert {"How to measure", "Priority legal actions remembered"} <= rows
    wrong: list[str] = []
    for path in _tracked():
        if path.suffix not in (".rs", ".py") or path == Path("tests/test_layout.py"):
            continue
        # The text as one line: line breaks and the comment markers that start lines left out.
        flat = re.sub(r"\n\s*(?://[/!]?|#)?\s*", " ", (ROOT / path).read_text())
        for mention in re.finditer(_ROW_MENTION, flat):
            names = re.findall(r'"([^"]+)"', mention.group(1))
            if not names:
                wrong.append(f"{path}: docs/PERFORMANCE.md without a row's name")
            wrong.extend(f"{path}: {name!r}" for name in names if name not in rows)
    assert not wrong, "not rows of docs/PERFORMANCE.md: " + "; ".join(wrong)
