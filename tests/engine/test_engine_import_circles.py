"""No package of the engine, the bots or a game imports itself in a circle.

Why: a circle means no module of it can be read, tested or compiled alone, and
rules that import the state they are called from cannot be moved or added
without touching it. Every import counts, those under ``TYPE_CHECKING`` and
inside functions too: a circle hidden from the interpreter is still one for a
reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardtable

SRC = Path(cardtable.__file__).parent.parent
PACKAGES = (
    "cardtable.bots",
    "cardtable.engine",
    "cardtable.games.contest",
    "cardtable.games.chez",
    "cardtable.games.chez_geek",
    "cardtable.games.chai_tea_jazz",
)


def import_graph(package: str) -> dict[str, set[str]]:
    root = SRC / package.replace(".", "/")
    modules: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join([package, *parts])] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    if f"{module}.{alias.name}" in modules:
                        deps.add(f"{module}.{alias.name}")
                    elif module in modules:
                        deps.add(module)
            elif isinstance(node, ast.Import):
                deps |= {alias.name for alias in node.names if alias.name in modules}
        graph[name] = deps - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    assert circles(import_graph(package)) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
