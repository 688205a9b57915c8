"""The rules of Chai Tea Jazz never import its players (``ai``): bots are named as strings."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.games.chai_tea_jazz as package

ROOT = Path(package.__file__).parent
AI = "cardtable.games.chai_tea_jazz.ai"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_rules_module_imports_ai() -> None:
    rules = [p for p in ROOT.rglob("*.py") if "ai" not in p.relative_to(ROOT).parts[:-1]]
    assert len(rules) > 10
    prefix = AI.split(".")
    offenders = {
        str(p.relative_to(ROOT)): sorted(n for n in imported(p) if n.split(".")[:5] == prefix)
        for p in rules
    }
    assert {k: v for k, v in offenders.items() if v} == {}
