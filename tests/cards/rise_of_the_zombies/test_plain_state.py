"""Rise of the Zombies!'s state is plain data (`table.Table`: its declared fields and the
queries that read them); the rules are functions in modules that import it, never the state
module, and nothing binds a rule function onto the state."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

from flick.cards.rise_of_the_zombies import progress, table
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.cards.rise_of_the_zombies.table import Table
from tests.cards.imports import imported

PACKAGE = Path(table.__file__).parent
RULES = ("decks", "turn_order", "zombies", "combat", "moves", "play", "turns", "progress", "view")


def test_no_rule_module_imports_the_state_module() -> None:
    for name in RULES:
        found = imported(PACKAGE / f"{name}.py")
        assert "flick.cards.rise_of_the_zombies.state" not in found, name
    # and the plain state imports no rule module
    assert not {f"flick.cards.rise_of_the_zombies.{m}" for m in RULES} & imported(
        PACKAGE / "table.py")


def test_the_state_declares_every_saved_field() -> None:
    declared = {f.name for f in dataclasses.fields(Table)}
    assert set(progress.FIELDS) <= declared
    # what is declared and not saved field by field is saved on its own (`progress.to_json`),
    # but for the per-card lists a copy shares (a loaded state shares nothing)
    assert declared - set(progress.FIELDS) == {"cat", "events", "decisions", "shared_lists"}
    st = RiseOfTheZombies(seed=3)
    assert all(hasattr(st, f) for f in declared)


def test_nothing_binds_a_rule_function_onto_the_state() -> None:
    """Every function of the state classes is written in their own module (the rule modules'
    steps are called as functions, e.g. `turn_order.start_player_turn(st)`)."""
    for cls in (Table, RiseOfTheZombies):
        for name, value in vars(cls).items():
            if inspect.isfunction(value):
                assert value.__module__ == cls.__module__, (cls.__name__, name)
