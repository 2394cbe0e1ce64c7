"""Surrounded's state is plain data (`table.SurroundedTable`: its declared fields and the queries
that read them); the rules are functions in modules that import it (`options`, `turns`), never
the state module, and the state classes bind no rule."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

from flick.cards.surrounded import table
from flick.cards.surrounded.state import SurroundedState
from flick.cards.surrounded.table import SurroundedTable
from tests.cards.imports import imported

PACKAGE = Path(table.__file__).parent
RULES = ("options", "turns", "board", "scoring")


def test_no_rule_module_imports_the_state_module() -> None:
    for name in RULES:
        assert "flick.cards.surrounded.state" not in imported(PACKAGE / f"{name}.py"), name
    assert not {"flick.cards.surrounded.options", "flick.cards.surrounded.turns"} & imported(
        PACKAGE / "table.py")


def test_a_new_game_sets_every_declared_field() -> None:
    st = SurroundedState(seed=4)
    for f in dataclasses.fields(SurroundedTable):
        assert hasattr(st, f.name), f.name
    # a saved game comes back with every declared field too
    back = SurroundedState.from_json(st.to_json())
    assert all(hasattr(back, f.name) for f in dataclasses.fields(SurroundedTable))


def test_the_state_classes_bind_no_rule_function() -> None:
    for cls in (SurroundedTable, SurroundedState):
        for name, value in vars(cls).items():
            if inspect.isfunction(value):
                assert value.__module__ == cls.__module__, (cls.__name__, name)
    assert not hasattr(SurroundedState, "_auto") and not hasattr(SurroundedState, "_do")
