"""Build hook: compile the modules listed in ``cardtable/compiled.py`` with mypyc.

The project's metadata lives in ``pyproject.toml``; this file only adds the C
extensions. ``CARDTABLE_PURE=1`` builds a pure-Python install instead.
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def listed_modules() -> list[str]:
    # run on its own: the package's dependencies are not installed in the build environment
    return list(runpy.run_path(str(HERE / "src/cardtable/compiled.py"))["MODULES"])


def extensions() -> list[object]:
    modules = listed_modules()
    if os.environ.get("CARDTABLE_PURE") == "1" or not modules:
        return []
    from mypyc.build import mypycify

    paths = ["src/" + name.replace(".", "/") + ".py" for name in modules]
    # the build environment holds only the build tools: imports of the project's
    # dependencies are read as untyped there (the full check is `mypy` in CI); so an
    # ignore that the full check needs (numpy's types) can be unused in the build
    flags = ["--ignore-missing-imports", "--no-warn-unused-ignores"]
    return mypycify([*flags, *paths], opt_level="3")


setup(ext_modules=extensions())
