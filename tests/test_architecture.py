"""The floor plan of the package, checked from the source (DESIGN.md "Layers"):

- layers import downward only: core <- games/<id> <- ai, sim <- cli, web, interfaces;
  no game imports another game;
- no import cycles between the modules of a package (module-level imports; imports under
  ``if TYPE_CHECKING:`` are annotations only);
- no function-local imports, except lazy loading of optional or heavy front-end
  dependencies (listed here);
- no ``global`` statements (no module-level state changed at run time).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parent.parent / "src" / "warroom"
LAZY_OK = {"pyspiel", "open_spiel.python.games", "uvicorn", "warroom.web.app",
           "warroom.ai.net", "warroom.sim.train", "warroom.interfaces.openspiel",
           "matplotlib", "ray", "greenlet", "readline"}
ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "ai": {"core", "ai"},
    "sim": {"core", "games", "ai", "sim"},
    "cli": {"core", "games", "ai", "sim", "cli", "web"},
    "web": {"core", "games", "ai", "sim", "web"},
    "interfaces": {"core", "games", "interfaces"},
}
GAME_AWARE = {"warroom.ai.aggressive"}
"""ai modules that may read games (the scripted per-game baseline of issue 14, the charter's
games <- ai); every other ai module stays game-agnostic."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.Module, module: str, is_pkg: bool) -> tuple[list[str], list[str]]:
    """(module-level imports, function-local imports) of warroom modules and others."""
    top: list[str] = []
    local: list[str] = []

    def names(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        base = node.module or ""
        if node.level:
            pkg = module.split(".") if is_pkg else module.split(".")[:-1]
            pkg = pkg[: len(pkg) - node.level + 1]
            base = ".".join([*pkg, base] if base else pkg)
        return [base] + [f"{base}.{a.name}" for a in node.names]

    def visit(node: ast.AST, in_func: bool, in_typing: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                if in_func:
                    local.extend(names(child))
                elif not in_typing:
                    top.extend(names(child))
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit(child, in_func, True)
            else:
                visit(child, in_func or isinstance(
                    child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda), in_typing)

    visit(tree, False, False)
    return top, local


FILES = sorted(p for p in SRC.rglob("*.py") if "migrations" not in p.parts)
MODULES = {_module(p): p for p in FILES}
PARSED = {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in MODULES.items()}
GRAPH: dict[str, set[str]] = {}
LOCAL: dict[str, list[str]] = {}
for mod, tree in PARSED.items():
    top, local = _imports(tree, mod, MODULES[mod].name == "__init__.py")
    GRAPH[mod] = {t for t in top if t in MODULES and t != mod}
    LOCAL[mod] = local


def _layer(mod: str) -> str:
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else "warroom"


@pytest.mark.parametrize("mod", sorted(MODULES))
def test_layers_import_downward_only(mod: str) -> None:
    layer = _layer(mod)
    if layer not in ALLOWED:
        return
    for dep in GRAPH[mod]:
        allowed = ALLOWED[layer] | {"warroom"} | ({"games"} if mod in GAME_AWARE else set())
        assert _layer(dep) in allowed, f"{mod} imports {dep}"
        if (layer == "games" and _layer(dep) == "games" and len(mod.split(".")) > 2
                and len(dep.split(".")) > 2):
            assert dep.split(".")[2] == mod.split(".")[2], f"{mod} imports another game: {dep}"


def test_no_import_cycles() -> None:
    color: dict[str, int] = {}
    cycles: list[list[str]] = []

    def dfs(node: str, path: list[str]) -> None:
        color[node] = 1
        for nxt in sorted(GRAPH[node]):
            if color.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt] if nxt in path else [node, nxt])
            elif color.get(nxt) is None:
                dfs(nxt, [*path, nxt])
        color[node] = 2

    for mod in sorted(GRAPH):
        if mod not in color:
            dfs(mod, [mod])
    # a package importing its own submodules in __init__ is not a cycle of rules
    real = [c for c in cycles if not any(MODULES[m].name == "__init__.py" for m in c)]
    assert not real, real[:5]


@pytest.mark.parametrize("mod", sorted(MODULES))
def test_no_function_local_imports(mod: str) -> None:
    bad = [name for name in LOCAL[mod]
           if not any(name == ok or name.startswith(ok + ".") for ok in LAZY_OK)]
    assert not bad, f"{mod} imports inside a function: {bad}"


@pytest.mark.parametrize("mod", sorted(MODULES))
def test_no_global_statements(mod: str) -> None:
    assert not [n for n in ast.walk(PARSED[mod]) if isinstance(n, ast.Global)], mod
