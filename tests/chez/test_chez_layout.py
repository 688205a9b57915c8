"""The Chez package's shape: its rules never import its bots.

Why: a bot is a player of the game, not part of it; rules that import a bot
could not be compiled, tested or changed without it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.games.chez as chez

ROOT = Path(chez.__file__).parent


def test_the_rules_never_import_the_bots() -> None:
    offenders = []
    for path in ROOT.rglob("*.py"):
        if path.relative_to(ROOT).parts[0] == "ai":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if any(n.startswith("cardtable.games.chez.ai") for n in names):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
