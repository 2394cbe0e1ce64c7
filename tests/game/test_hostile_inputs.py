"""Hostile inputs to `Game.apply`: wrong types, NaN, huge offsets and angles are
refused as IllegalAction before or after touching the table, and the game is left exactly as
it was; an offset beyond the piece's footprint is refused by the table too."""

from __future__ import annotations

import math
from typing import Any

import pytest

from flick.game import IllegalAction
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    EndTurn,
    Flick,
    Keep,
    Move,
    Shoot,
    Shotgun,
    Sniper,
    TakeDrop,
    malformed,
)
from tests.game.test_rules import frozen, game

NAN = math.nan


@pytest.mark.parametrize("inp", [
    Move(Flick(("a", "b"))),  # type: ignore[arg-type]
    Move(Flick((1.0,))),  # type: ignore[arg-type]
    Move(Flick((True, 0.0))),
    Move(Flick((100.0, 0.0), (NAN, 0.0))),
    Move(Flick((100.0, 0.0), (100.0, 0.0))),  # 100 cm from the centre of a 4 cm disc
    Move(Flick((100.0, 0.0), (1e6, 0.0))),
    Move(Flick((1e6, 0.0))),
    Move(Flick((100.0, 0.0)), angle=1e300),
    Move(Flick((100.0, 0.0)), angle=NAN),
    Move(Flick((100.0, 0.0)), set_aside=(True,)),
    Move("flick"),  # type: ignore[arg-type]
    Bat(NAN, Flick((100.0, 0.0))),
    Shoot("left", Flick((100.0, 0.0)), second=Flick((NAN, 1.0))),
    Shotgun("left", 0.0, NAN),
    Sniper("left", 0.0, True),
    TakeDrop(take=1.5),  # type: ignore[arg-type]
    Keep(keep=1),  # type: ignore[arg-type]
    EndTurn(facing=NAN),
    EndTurn(facing=math.inf),
    EndTurn(facing=1e300),
    EndTurn(facing="north"),  # type: ignore[arg-type]
    "end_turn",
])
def test_refused_and_nothing_changes(inp: Any) -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    before = frozen(g)
    with pytest.raises(IllegalAction):
        g.apply(inp)
    assert frozen(g) == before  # the table's hash holds every facing


def test_well_formed_inputs_pass_the_shape_check() -> None:
    assert malformed(Move(Flick((100.0, 0.0), (1.0, -0.5)), angle=0.3)) is None
    assert malformed(EndTurn()) is None and malformed(EndTurn(facing=1.0)) is None
    assert malformed(TakeDrop(take=3)) is None


def test_offset_within_the_footprint_is_played() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(Flick((600.0, 0.0), (0.0, 1.9))))  # inside the 4 cm disc
    assert g.actions_done == 1
