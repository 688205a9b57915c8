"""The observation schema's closed sets of words are the enums' labels, no more, no less."""

from __future__ import annotations

from typing import get_args

from cardtable.games.chez_geek import schema
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.phases import Phase
from cardtable.games.chez_geek.steps import PlayKind, RollPurpose, StepKind


def test_literals_are_the_enum_labels() -> None:
    assert get_args(schema.PhaseLabel) == tuple(p.label for p in Phase)
    assert get_args(schema.StepLabel) == tuple(k.label for k in StepKind)
    assert get_args(schema.PlayLabel) == tuple(k.label for k in PlayKind)
    assert get_args(schema.RollPurposeLabel) == tuple(p.label for p in RollPurpose)


def test_the_game_declares_its_schemas() -> None:
    assert ChezGeekGame.observation_schema is schema.ChezGeekObservation
    assert ChezGeekGame.public_schema is schema.ChezGeekPublicView
