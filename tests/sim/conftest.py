"""Markers for the simulation tests."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "ray: starts a local Ray instance (slow to start; runs by default, "
        "deselect with -m 'not ray')",
    )
