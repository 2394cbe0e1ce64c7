"""The Python API refuses what no table or game can be (a 401-digit impulse, thousands of
pieces, a NaN pose, a city of (-5, inf), a rush of a million, a million players, a team the
scenario lacks) with its own error, changing nothing, and never runs without end."""

from __future__ import annotations

import dataclasses
import math

import pytest

from flick.errors import FlickError
from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor, Flick, Move
from flick.game.state import IllegalAction
from flick.paths import assets
from flick.physics.errors import TableError
from flick.physics.params import PhysicsParams
from flick.physics.table import Table
from flick.scenario import loader

HUGE = 10**400


@pytest.fixture(scope="module")
def params() -> PhysicsParams:
    return PhysicsParams.load(assets() / "physics" / "default.yaml")


@pytest.mark.parametrize("impulse", [(HUGE, 0.0), (0.0, -HUGE), (math.nan, 0.0)])
def test_a_flick_of_an_impossible_impulse_is_a_table_error(params: PhysicsParams,
                                                           impulse: tuple) -> None:
    table = Table(params)
    disc = table.add("movement_disc", 45.0, 45.0)
    before = table.state_hash()
    with pytest.raises(TableError, match="finite numbers"):
        table.flick(disc, impulse)
    assert table.state_hash() == before


def test_thousands_of_pieces_on_one_point_are_refused_by_count(params: PhysicsParams) -> None:
    table = Table(params)
    with pytest.raises(TableError, match="at most 300 pieces"):
        for _ in range(2000):
            table.add("movement_disc", 45.0, 45.0)
    assert len(table.pieces()) == 300


@pytest.mark.parametrize("change", [
    {"city": (-5.0, math.inf)}, {"city": (math.nan, 90.0)}, "nan pose", "inf building",
])
def test_restoring_a_state_that_is_no_table_changes_nothing(params: PhysicsParams,
                                                             change: object) -> None:
    table = Table(params)
    table.add("zombie", 30.0, 30.0)
    table.add_building("library", 45.0, 80.0)
    state = table.snapshot()
    if change == "nan pose":
        bad = dataclasses.replace(state, pieces=(dataclasses.replace(state.pieces[0],
                                                                      x=math.nan),))
    elif change == "inf building":
        bad = dataclasses.replace(state, buildings=(dataclasses.replace(state.buildings[0],
                                                                         y=math.inf),))
    else:
        bad = dataclasses.replace(state, **change)  # type: ignore[arg-type]
    with pytest.raises(TableError):
        table.restore(bad)
    assert table.snapshot() == state


@pytest.mark.parametrize("zombies", [10**6, HUGE, list(range(1, 40))],
                         ids=["million", "401", "list"])
def test_a_rush_beyond_the_box_is_refused_at_once(params: PhysicsParams, zombies: object) -> None:
    table = Table(params)
    with pytest.raises(TableError, match="cannot rush"):
        table.rush(zombies, (45.0, 45.0, 0.0), 1)  # type: ignore[arg-type]


def test_a_drop_under_an_unvalidated_tiny_step_is_bounded(params: PhysicsParams) -> None:
    from flick.physics.tower.drop import drop

    assert params.tower is not None
    tower = params.tower.model_copy(update={"time_step": 1e-12})  # not validated
    (out,) = drop(1, tower, 1)  # 3 s of 1e-12 s steps would be 3e12 steps
    assert out.shaken_out


@pytest.mark.parametrize("kwargs", [
    {"seed": -1}, {"seed": HUGE}, {"seed": 1.5}, {"players": {"survivors": 10**9}},
    {"players": {"survivors": 0}}, {"players": {"no such team": 1}},
])
def test_a_game_no_table_could_hold_is_refused(kwargs: dict) -> None:
    with pytest.raises(FlickError) as caught:
        Game(loader.load(1), **kwargs)
    assert caught.value.exit_code == 2 and len(str(caught.value)) < 200


@pytest.mark.parametrize("number", [HUGE, -HUGE, 10**5000], ids=["401", "-401", "5001"])
def test_a_huge_number_in_an_input_is_an_illegal_action(number: int) -> None:
    game = Game(loader.load(1), seed=3)
    game.apply(ChooseSurvivor(sorted(game.survivors)[0]))
    before = game.board.table.state_hash(), len(game.inputs), game.phase
    for bad in (Move(Flick((number, 0.0), (0.0, 0.0)), 0.0), Move(Flick((1.0, 0.0)), number)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert (game.board.table.state_hash(), len(game.inputs), game.phase) == before
