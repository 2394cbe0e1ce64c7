"""Something to Fear's state is plain data (`table.StfTable`: its declared fields and the
queries that read them); the rules are functions in modules that import it (`options`,
`rounds`, `play`), never the state module."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

from flick.cards.something_to_fear import progress, table
from flick.cards.something_to_fear.state import StfState
from flick.cards.something_to_fear.table import StfTable
from tests.cards.imports import imported

PACKAGE = Path(table.__file__).parent
RULES = ("options", "rounds", "play", "progress", "scoring")


def test_no_rule_module_imports_the_state_module() -> None:
    for name in RULES:
        assert "flick.cards.something_to_fear.state" not in imported(PACKAGE / f"{name}.py")
    assert not {f"flick.cards.something_to_fear.{m}" for m in RULES[:3]} & imported(
        PACKAGE / "table.py")


def test_the_state_declares_every_saved_field() -> None:
    declared = {f.name for f in dataclasses.fields(StfTable)}
    saved = set(progress.FIELDS) - {"num_players"}  # the engine's, on every card game's state
    assert saved <= declared
    # declared and not in the field list: copied on their own (`progress.clone`)
    assert declared - saved == {"data", "deck_fixed", "deals", "_legal", "_results"}
    st = StfState(num_players=3, seed=2)
    assert all(hasattr(st, f) for f in declared)


def test_the_state_classes_bind_no_rule_function() -> None:
    for cls in (StfTable, StfState):
        for name, value in vars(cls).items():
            if inspect.isfunction(value):
                assert value.__module__ == cls.__module__, (cls.__name__, name)
    # the rules of a round are not methods of the state
    assert not hasattr(StfState, "_advance") and not hasattr(StfState, "_secure")
