"""Golden playthroughs: whole seeded games of every game written out as text must not
change by accident. The cases and the writer are in ``scripts/regen_golden.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("regen_golden", ROOT / "scripts" / "regen_golden.py")
assert spec and spec.loader
regen = importlib.util.module_from_spec(spec)
sys.modules["regen_golden"] = regen  # its dataclass looks its module up there
spec.loader.exec_module(regen)


@pytest.mark.parametrize("case", regen.CASES, ids=lambda c: c.name)
def test_golden_playthrough_is_unchanged(case):
    expected = case.path.read_text(encoding="utf-8")
    assert regen.golden_text(case) == expected, (
        f"{case.name} changed; if a rule changed on purpose run scripts/regen_golden.py"
    )


def test_every_golden_file_has_its_case():
    files = {p for p in (ROOT / "tests").rglob("golden/*.txt")}
    assert files == {case.path for case in regen.CASES}
