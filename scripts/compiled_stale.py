"""Exit 1 when a module listed in ``cardtable/compiled.py`` lacks an up-to-date extension.

An editable install builds the mypyc extensions in place, next to their
sources; Python then loads the extension, so an edit to such a source would be
ignored until the next build. ``scripts/test`` asks this first and rebuilds.
Honours ``CARDTABLE_PURE=1`` (nothing is compiled, so nothing is stale).
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def listed() -> list[str]:
    return list(runpy.run_path(str(SRC / "cardtable/compiled.py"))["MODULES"])


def stale() -> list[str]:
    out = []
    for name in listed():
        source = SRC / (name.replace(".", "/") + ".py")
        built = sorted(source.parent.glob(source.stem + ".cpython-*.so"))
        if not built or built[0].stat().st_mtime < source.stat().st_mtime:
            out.append(name)
    # an extension whose module is no longer listed would still shadow its source
    names = set(listed())
    for so in (SRC / "cardtable").rglob("*.cpython-*.so"):
        stem = so.name.split(".cpython-")[0]
        if stem.endswith("__mypyc"):
            continue
        module = ".".join(so.relative_to(SRC).parent.parts + (stem,))
        if module not in names:
            out.append(module)
    return out


if __name__ == "__main__":
    if os.environ.get("CARDTABLE_PURE") == "1":
        sys.exit(0)
    found = stale()
    if found:
        print("compiled modules out of date: " + ", ".join(found), file=sys.stderr)
        sys.exit(1)
