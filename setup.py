"""Build hook: compile the modules listed in ``cardtable/compiled.py`` with mypyc.

The project's metadata lives in ``pyproject.toml``; this file only adds the C
extensions. ``CARDTABLE_PURE=1`` builds a pure-Python install instead.

Why the build is shaped this way: mypyc makes one C library for all the listed
modules, and as one C file a single core compiled it for two and a half
minutes. One C file per module (``multi_file``), compiled on every core at
once, takes about a minute here with the same speed per decision
(docs/performance.md, "The build").
"""

from __future__ import annotations

import os
import runpy
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

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
    return mypycify([*flags, *paths], opt_level="3", multi_file=True)


class BuildExtOnEveryCore(build_ext):
    """Compiles one extension's C files side by side, one per core.

    setuptools' own ``parallel`` option only builds separate extensions at
    once; mypyc's library is one extension of many C files, so its compile
    step is replaced by the same steps over a thread pool (each thread waits
    on its own compiler process).
    """

    def build_extension(self, ext: Any) -> None:
        cc: Any = self.compiler

        def compile_all(
            sources: list[str],
            output_dir: str | None = None,
            macros: Any = None,
            include_dirs: Any = None,
            debug: bool = False,
            extra_preargs: Any = None,
            extra_postargs: Any = None,
            depends: Any = None,
        ) -> list[str]:
            macros, objects, extra_postargs, pp_opts, build = cc._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs
            )
            cc_args = cc._get_cc_args(pp_opts, debug, extra_preargs)
            todo = [(obj, *build[obj]) for obj in objects if obj in build]

            def one(job: tuple[str, str, str]) -> None:
                cc._compile(job[0], job[1], job[2], cc_args, extra_postargs, pp_opts)

            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                list(pool.map(one, todo))
            return list(objects)

        cc.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            del cc.compile


class BuildPyWithRules(build_py):
    """Ships each game's page (docs/games/*.md) inside the package for `cardtable rules`.

    A wheel has no docs folder beside it; the pages stay written once, in docs/.
    """

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "cardtable" / "rules_text"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted((HERE / "docs" / "games").glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": BuildExtOnEveryCore, "build_py": BuildPyWithRules},
)
