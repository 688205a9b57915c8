"""Golden playthroughs: whole seeded games written out as text must not change by accident."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("regen_golden", ROOT / "scripts" / "regen_golden.py")
assert spec and spec.loader
regen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(regen)


@pytest.mark.parametrize("case", regen.CASES, ids=lambda c: regen.golden_name(*c))
def test_golden_playthrough_is_unchanged(case):
    path = regen.GOLDEN / regen.golden_name(*case)
    expected = path.read_text(encoding="utf-8")
    assert regen.golden_text(*case) == expected, (
        f"{path.name} changed; if a rule changed on purpose run scripts/regen_golden.py"
    )
