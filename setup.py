"""Build hook: compile the modules listed in ``cardtable/compiled.py`` with mypyc.

The project's metadata lives in ``pyproject.toml``; this file only adds the C
extensions. ``CARDTABLE_PURE=1`` builds a pure-Python install instead.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def listed_modules() -> list[str]:
    tree = ast.parse((HERE / "src/cardtable/compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "MODULES" and node.value:
                return list(ast.literal_eval(node.value))
    raise SystemExit("src/cardtable/compiled.py defines no MODULES")


def extensions() -> list[object]:
    modules = listed_modules()
    if os.environ.get("CARDTABLE_PURE") == "1" or not modules:
        return []
    from mypyc.build import mypycify

    paths = ["src/" + name.replace(".", "/") + ".py" for name in modules]
    # the build environment holds only the build tools: imports of the project's
    # dependencies are read as untyped there (the full check is `mypy` in CI)
    return mypycify(["--ignore-missing-imports", *paths], opt_level="3")


setup(ext_modules=extensions())
