"""The type stub ``python/cardstate/_native.pyi`` matches the native module, so it cannot rot.

The stub is parsed with ``ast`` (never imported) and compared with ``cardstate._native`` as
built from ``rust/python/src/lib.rs``:

- every public name of the module (functions, classes, constants, ``__all__``) is in the stub, and
  every name the stub declares exists at runtime (private type aliases, annotated ``TypeAlias``,
  excepted);
- every attribute of ``Game`` and ``Event`` (methods, properties, static methods, the special
  methods the bindings define) is in the stub, and the reverse;
- each callable has the same parameters: names, kinds (positional, keyword-only,
  positional-only) and defaults (a runtime default PyO3 can't render, shown as ``...``, only
  needs some default in the stub);
- properties are writable at runtime exactly when the stub gives them a setter; static methods
  are static in both; ``__hash__ = None`` (an unhashable class) is ``__hash__: ClassVar[None]``;
- constants have the type the stub gives them, and every stub definition has a docstring.
"""

from __future__ import annotations

import ast
import inspect
import re
import typing
from pathlib import Path
from typing import Any

import cardstate._native as native
import pytest

STUB = Path(native.__file__).resolve().parent / "_native.pyi"

# Attributes CPython/PyO3 put on every extension class or derive from others: not part of the API
# the bindings define (``__ne__`` and the ordering slots come with ``__eq__``).
AUTOMATIC = frozenset(
    {
        "__doc__",
        "__module__",
        "__dict__",
        "__weakref__",
        "__text_signature__",
        "__ne__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
    }
)


# ------------------------------------------------------------------------------------------------
# The stub, parsed


def _stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"), filename=str(STUB))


def _is_type_alias(node: ast.AnnAssign) -> bool:
    ann = node.annotation
    return (isinstance(ann, ast.Name) and ann.id == "TypeAlias") or (
        isinstance(ann, ast.Attribute) and ann.attr == "TypeAlias"
    )


def _decorators(fn: ast.FunctionDef) -> set[str]:
    """Decorator names: ``property``, ``staticmethod``, ``x.setter`` -> ``setter``..."""
    out = set()
    for d in fn.decorator_list:
        if isinstance(d, ast.Name):
            out.add(d.id)
        elif isinstance(d, ast.Attribute):
            out.add(d.attr)
    return out


def _module_defs(tree: ast.Module) -> dict[str, ast.AST]:
    """Names the stub declares at module level (type aliases excluded)."""
    out: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if not _is_type_alias(node):
                out[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node
    return out


class _Member:
    """What the stub says about one class attribute."""

    def __init__(self) -> None:
        self.functions: list[ast.FunctionDef] = []
        self.annotation: ast.AnnAssign | None = None

    @property
    def is_property(self) -> bool:
        return any("property" in _decorators(f) for f in self.functions)

    @property
    def has_setter(self) -> bool:
        return any("setter" in _decorators(f) for f in self.functions)

    @property
    def is_static(self) -> bool:
        return any("staticmethod" in _decorators(f) for f in self.functions)


def _class_members(cls: ast.ClassDef) -> dict[str, _Member]:
    out: dict[str, _Member] = {}
    for node in cls.body:
        if isinstance(node, ast.FunctionDef):
            out.setdefault(node.name, _Member()).functions.append(node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.setdefault(node.target.id, _Member()).annotation = node
    return out


def _stub_classes() -> dict[str, ast.ClassDef]:
    return {n.name: n for n in _stub_tree().body if isinstance(n, ast.ClassDef)}


# ------------------------------------------------------------------------------------------------
# Signatures


def _stub_params(fn: ast.FunctionDef) -> list[tuple[str, str, Any]]:
    """``(name, kind, default)`` per parameter; default ``inspect.Parameter.empty`` if none."""
    a = fn.args
    empty = inspect.Parameter.empty
    out: list[tuple[str, str, Any]] = []
    positional = [*a.posonlyargs, *a.args]
    defaults: list[Any] = [empty] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, (arg, default) in enumerate(zip(positional, defaults, strict=True)):
        kind = "POSITIONAL_ONLY" if i < len(a.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        out.append((arg.arg, kind, default))
    if a.vararg is not None:
        out.append((a.vararg.arg, "VAR_POSITIONAL", empty))
    for arg, default in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        out.append((arg.arg, "KEYWORD_ONLY", empty if default is None else default))
    if a.kwarg is not None:
        out.append((a.kwarg.arg, "VAR_KEYWORD", empty))
    return out


def _runtime_params(obj: Any) -> list[tuple[str, str, Any]]:
    sig = inspect.signature(obj)
    return [(p.name, p.kind.name, p.default) for p in sig.parameters.values()]


def _compare_signatures(where: str, stub_fn: ast.FunctionDef, runtime: Any, *, bound: bool):
    """Assert the stub's parameters are the runtime's. ``bound``: both lists start with
    self/cls, whose name and kind are free."""
    stub = _stub_params(stub_fn)
    real = _runtime_params(runtime)
    if bound:
        assert stub, f"{where}: the stub has no self/cls parameter"
        stub = stub[1:]
        if real and real[0][0] in ("self", "cls", "$self"):
            real = real[1:]
    names_stub = [(n, k) for n, k, _ in stub]
    names_real = [(n, k) for n, k, _ in real]
    assert names_stub == names_real, (
        f"{where}: stub parameters {names_stub} != runtime parameters {names_real}"
    )
    for (name, _, s_default), (_, _, r_default) in zip(stub, real, strict=True):
        empty = inspect.Parameter.empty
        assert (s_default is empty) == (r_default is empty), (
            f"{where}: parameter {name!r} has a default in only one of stub/runtime"
        )
        if s_default is empty or r_default is Ellipsis:
            continue  # PyO3 shows defaults it can't render as `...`: any stub default will do
        value = ast.literal_eval(s_default)
        assert value == r_default and type(value) is type(r_default), (
            f"{where}: parameter {name!r} defaults to {value!r} in the stub, "
            f"{r_default!r} at runtime"
        )


# ------------------------------------------------------------------------------------------------
# Tests


def _runtime_module_names() -> set[str]:
    return {n for n in vars(native) if not (n.startswith("__") and n.endswith("__"))}


def _runtime_classes() -> dict[str, type]:
    return {
        n: v
        for n, v in vars(native).items()
        if isinstance(v, type) and v.__module__ == native.__name__
    }


def test_stub_file_exists_next_to_the_extension() -> None:
    assert STUB.is_file(), f"missing {STUB}"
    assert (STUB.parent / "py.typed").is_file(), "the package must ship py.typed"


def test_module_names_match() -> None:
    stub = {n for n in _module_defs(_stub_tree()) if n != "__all__"}
    runtime = _runtime_module_names()
    assert sorted(runtime - stub) == [], "in cardstate._native but missing from _native.pyi"
    assert sorted(stub - runtime) == [], "in _native.pyi but not in cardstate._native"


def test_module_all_matches() -> None:
    defs = _module_defs(_stub_tree())
    runtime_all = getattr(native, "__all__", None)
    if runtime_all is None:
        assert "__all__" not in defs
        return
    node = defs.get("__all__")
    assert isinstance(node, ast.Assign), "the stub should declare __all__ like the module"
    assert sorted(ast.literal_eval(node.value)) == sorted(runtime_all)


def test_module_functions_signatures() -> None:
    defs = _module_defs(_stub_tree())
    for name in sorted(_runtime_module_names()):
        obj = getattr(native, name)
        if isinstance(obj, type) or not callable(obj):
            continue
        node = defs[name]
        assert isinstance(node, ast.FunctionDef), f"{name} is a function at runtime"
        _compare_signatures(name, node, obj, bound=False)


def _constant_type_matches(value: Any, annotation: ast.expr) -> bool:
    """``Final[X]`` / ``X`` with X a builtin (or ``list[str]``...) describes ``value``."""
    namespace = {"Final": typing.Final, "int": int, "str": str, "list": list, "bool": bool}
    namespace |= {"tuple": tuple, "dict": dict, "float": float}
    tp = eval(ast.unparse(annotation), namespace)  # noqa: S307 - our own stub's annotation
    if typing.get_origin(tp) is typing.Final:
        (tp,) = typing.get_args(tp)
    origin = typing.get_origin(tp) or tp
    if not isinstance(value, origin):
        return False
    if origin is list and typing.get_args(tp):
        (item,) = typing.get_args(tp)
        return all(isinstance(v, item) for v in value)
    return True


def test_module_constants_types() -> None:
    defs = _module_defs(_stub_tree())
    for name in sorted(_runtime_module_names()):
        obj = getattr(native, name)
        if isinstance(obj, type) or callable(obj):
            continue
        node = defs[name]
        assert isinstance(node, ast.AnnAssign), f"{name}: a constant should be annotated"
        assert _constant_type_matches(obj, node.annotation), (
            f"{name} = {obj!r} does not match the stub's {ast.unparse(node.annotation)}"
        )


def test_classes_match() -> None:
    stub = set(_stub_classes())
    runtime = set(_runtime_classes())
    assert stub == runtime


@pytest.mark.parametrize("class_name", sorted(_runtime_classes()))
def test_class_members_match(class_name: str) -> None:
    cls = _runtime_classes()[class_name]
    stub = _class_members(_stub_classes()[class_name])
    runtime = {n for n in vars(cls) if n not in AUTOMATIC}
    assert sorted(runtime - set(stub)) == [], f"{class_name}: members missing from the stub"
    assert sorted(set(stub) - runtime) == [], f"{class_name}: stub members not at runtime"


@pytest.mark.parametrize("class_name", sorted(_runtime_classes()))
def test_class_member_signatures(class_name: str) -> None:
    cls = _runtime_classes()[class_name]
    stub = _class_members(_stub_classes()[class_name])
    for name, member in sorted(stub.items()):
        where = f"{class_name}.{name}"
        raw = vars(cls)[name]
        if name == "__hash__" and raw is None:
            assert member.annotation is not None and "None" in ast.unparse(
                member.annotation.annotation
            ), f"{where} is None at runtime (unhashable): declare `__hash__: ClassVar[None]`"
            continue
        if inspect.isgetsetdescriptor(raw) or isinstance(raw, property):
            assert member.is_property, f"{where} is a property at runtime"
            continue
        assert not member.is_property, f"{where} is not a property at runtime"
        assert member.functions, f"{where} is a method at runtime"
        fn = member.functions[0]
        if name == "__new__":
            # The constructor's signature is the class's.
            _compare_signatures(where, fn, cls, bound=True)
            continue
        is_static = isinstance(raw, staticmethod)
        assert member.is_static == is_static, f"{where}: staticmethod in only one of stub/runtime"
        _compare_signatures(where, fn, getattr(cls, name), bound=not is_static)


def _instance(cls: type) -> Any:
    """An instance of a native class that has properties (to try their setters)."""
    if cls is native.Game:
        return native.Game()
    if cls is native.Event:
        g = native.Game()
        g.gain_life(0, 1)
        (event,) = g.take_events()
        return event
    if cls is native.GameBatch:
        return native.GameBatch([native.Game()])
    if cls is native.DuelBatch:
        return native.DuelBatch(1, "infect", "energy")
    if cls is native.Duel:
        return native.Duel("infect", "energy")
    if cls in (native.RandomAgent, native.GreedyAgent, native.MCTSAgent):
        return cls()
    if cls is native.CardDb:
        return native.CardDb.pool()
    if cls is native.BatchedSearch:
        return native.BatchedSearch([native.Duel("infect", "energy")])
    raise AssertionError(f"no way to make a {cls.__name__}: teach _instance")


@pytest.mark.parametrize("class_name", sorted(_runtime_classes()))
def test_property_setters_match(class_name: str) -> None:
    cls = _runtime_classes()[class_name]
    stub = _class_members(_stub_classes()[class_name])
    properties = {n: m for n, m in stub.items() if m.is_property}
    if not properties:
        return
    obj = _instance(cls)
    for name, member in sorted(properties.items()):
        try:
            setattr(obj, name, getattr(obj, name))
            writable = True
        except AttributeError:
            writable = False
        assert member.has_setter == writable, (
            f"{class_name}.{name}: writable={writable} at runtime, setter in stub="
            f"{member.has_setter}"
        )


def test_constructibility_matches() -> None:
    stub = _stub_classes()
    for name, cls in _runtime_classes().items():
        constructible = "__new__" in vars(cls)
        declared = "__new__" in _class_members(stub[name]) or "__init__" in _class_members(
            stub[name]
        )
        assert constructible == declared, f"{name}: constructor in only one of stub/runtime"
        if not constructible:
            with pytest.raises(TypeError):
                cls()


def test_every_stub_definition_has_a_docstring() -> None:
    tree = _stub_tree()
    assert ast.get_docstring(tree), "the stub module needs a docstring"
    missing = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            if isinstance(node, ast.FunctionDef) and "setter" in _decorators(node):
                continue  # a setter shares its property's docstring
            if not ast.get_docstring(node):
                missing.append(node.name)
    assert missing == []


def _array_samples() -> dict[str, Any]:
    """One real result of every method that returns numpy arrays, by ``Class.method``."""
    g = native.Game()
    g.add_counters(0, "poison", 1)
    x = g.create(0, cost=2)
    batch = native.GameBatch([g, native.Game()])
    duels = native.DuelBatch(2, "infect", "energy")
    duel = native.Duel("infect", "energy")
    return {
        "DuelBatch.current_players": duels.current_players(),
        "DuelBatch.episodes": duels.episodes(),
        "Duel.legal_action_mask": duel.legal_action_mask(),
        "Duel.observation_tensor": duel.observation_tensor(0),
        "Game.proliferate_candidates": g.proliferate_candidates(),
        "Game.cost_many": g.cost_many([x]),
        "Game.observation": g.observation(),
        "GameBatch.hashes": batch.hashes(),
        "GameBatch.clone_and_hash": batch.clone_and_hash()[1],
        "GameBatch.observation": batch.observation(["poison"]),
        "GameBatch.apply": batch.apply([("gain_life", 0, 1)]),
        # (actions int64, policies float32): the last array of the annotation is checked.
        "BatchedSearch.run": native.BatchedSearch([duel], simulations=2).run()[1],
    }


def test_numpy_returns_have_the_stub_dtype() -> None:
    """Methods returning numpy arrays say ``numpy.typing.NDArray[numpy.<dtype>]`` with the dtype
    they really return (and every such method has a sample in ``_array_samples``)."""
    samples = _array_samples()
    annotated = {}
    for class_name, cls_node in _stub_classes().items():
        for name, member in _class_members(cls_node).items():
            for fn in member.functions:
                ret = ast.unparse(fn.returns) if fn.returns is not None else ""
                for dtype in re.findall(r"NDArray\[([\w.]+)\]", ret):
                    assert dtype.startswith("numpy."), f"{class_name}.{name}: {ret}"
                    annotated[f"{class_name}.{name}"] = dtype.removeprefix("numpy.")
    assert sorted(annotated) == sorted(samples), "teach _array_samples the new array methods"
    for where, dtype in annotated.items():
        assert str(samples[where].dtype) == dtype, f"{where} returns {samples[where].dtype}"
