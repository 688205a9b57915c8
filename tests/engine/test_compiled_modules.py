"""The compiled build and the pure-Python fallback are both what they claim to be."""

from __future__ import annotations

import os

from cardtable.compiled import MODULES, compiled_now


def test_the_modules_run_compiled_unless_the_install_or_the_run_is_pure():
    now = compiled_now()
    if os.environ.get("CARDTABLE_EXPECT_PURE") == "1":
        assert now == [], f"the pure-Python run loaded compiled modules: {now}"
    elif os.environ.get("CARDTABLE_PURE") == "1":
        assert now == []
    else:
        assert now == list(MODULES), "run scripts/install to build the compiled modules"
