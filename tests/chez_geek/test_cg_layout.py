"""The rules of Chez Geek never import its bots: ``ai/`` sits on top of the rules.

Why: a rule module that reached into a bot could not be compiled, read or
changed without it, and a bot's change could change the rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.games.chez_geek as package

ROOT = Path(package.__file__).parent
AI = "cardtable.games.chez_geek.ai"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def test_no_rule_module_imports_the_bots() -> None:
    rules = [p for p in ROOT.rglob("*.py") if "ai" not in p.relative_to(ROOT).parts[:1]]
    assert rules
    reaching = {
        str(p.relative_to(ROOT))
        for p in rules
        if any(name == AI or name.startswith(AI + ".") for name in imported(p))
    }
    assert reaching == set()
