"""Physical bounds as data: every number of the parameter models has a sane range
in BOUNDS, a file outside it is refused at FILE:LINE:COLUMN (max_dt 1e-12 and 1e9 iterations
used to hang `flick tune`), true/false and infinity are not numbers; the table refuses
impulses, offsets and launch speeds beyond their limits and changes nothing."""

from __future__ import annotations

import math
import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from flick.paths import assets
from flick.physics import MAX_FLICK_IMPULSE, TableError
from flick.physics import params as P
from flick.physics.table import Table

DEFAULT = assets() / "physics" / "default.yaml"


def _models(model: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    seen.add(model)
    for info in model.model_fields.values():
        for arg in (info.annotation, *typing.get_args(info.annotation)):
            for inner in (arg, *typing.get_args(arg)):
                if (isinstance(inner, type) and issubclass(inner, P.FrozenModel)
                        and inner not in seen):
                    _models(inner, seen)


def test_every_number_has_a_range() -> None:
    seen: set[type[BaseModel]] = set()
    _models(P.PhysicsParams, seen)
    missing = []
    for model in seen:
        for name, info in model.model_fields.items():
            kinds = {info.annotation, *typing.get_args(info.annotation)}
            if kinds & {float, int} and f"{model.__name__}.{name}" not in P.BOUNDS:
                missing.append(f"{model.__name__}.{name}")
    assert not missing
    for low, high in P.BOUNDS.values():
        assert low <= high


def test_shipped_file_within_bounds() -> None:
    P.PhysicsParams.load(DEFAULT)


@pytest.mark.parametrize(("old", "new", "what"), [
    ("max_dt: 0.008333333333333333", "max_dt: 1e-12", "simulation.max_dt: 1e-12 is outside"),
    ("iterations: 100 ", "iterations: 1000000000 ", "simulation.iterations: 1e+09 is outside"),
    ("gravity: 981.0                 #", "gravity: 1e308 #", "gravity: 1e+308 is outside"),
    ("gravity: 981.0                 #", "gravity: true #", "gravity: a number, not true"),
    ("diameter: 4.0, mass: 6.0,", "diameter: 4.0, mass: 1e-300,", "mass: 1e-300 is outside"),
    ("table_friction: 0.30, layer: low}\n  bullet", "table_friction: .inf, layer: low}\n  bullet",
     "table_friction: Input should be a finite number"),
    ("plastic: {elasticity: 0.8367, friction: 0.55}",
     "plastic: {elasticity: 0.8367, friction: 1e3}", "friction: 1000 is outside"),
])
def test_out_of_range_refused_at_its_line(tmp_path: Path, old: str, new: str, what: str) -> None:
    text = DEFAULT.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "p.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(P.DataFileError) as error:
        P.PhysicsParams.load(path)
    assert re.search(rf"p\.yaml:{line}:\d+: \S*{re.escape(what)}", str(error.value)), error.value


@pytest.fixture(scope="module")
def params() -> P.PhysicsParams:
    return P.PhysicsParams.load(DEFAULT)


@pytest.mark.parametrize(("impulse", "offset"), [
    ((MAX_FLICK_IMPULSE * 1.01, 0.0), (0.0, 0.0)),
    ((100.0, 0.0), (100.0, 0.0)),
    ((100.0, 0.0), (2.01, 0.0)),  # just outside the 4 cm disc
    ((100.0, 0.0), (math.nan, 0.0)),
    ((True, 0.0), (0.0, 0.0)),
])
def test_table_refuses_and_changes_nothing(params: P.PhysicsParams, impulse: tuple[float, float],
                                           offset: tuple[float, float]) -> None:
    table = Table(params)
    pid = table.add("movement_disc", x=40.0, y=40.0)
    before = table.state_hash()
    with pytest.raises(TableError):
        table.flick(pid, impulse, offset)
    assert table.state_hash() == before


def test_table_refuses_runaway_launch_speeds(params: P.PhysicsParams) -> None:
    table = Table(params)
    pid = table.add("zombie", x=40.0, y=40.0)
    before = table.state_hash()
    with pytest.raises(TableError, match="launch speed"):
        table.simulate(velocities={pid: ((P.MAX_LAUNCH_SPEED * 2, 0.0), 0.0)})
    with pytest.raises(TableError, match="launch spin"):
        table.simulate(velocities={pid: ((10.0, 0.0), 1e9)})
    assert table.state_hash() == before
    table.flick(pid, (100.0, 0.0), (0.0, 1.2))  # on the 2.6 cm base: played
