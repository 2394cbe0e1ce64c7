"""Every rule, objective and condition `params` has a typed schema per id: a wrong
type, a true/false for a count or an unknown key is refused when the scenario is read, at the
value's FILE:LINE:COLUMN, instead of validating and crashing later in `flick sim`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flick.scenario import loader
from flick.scenario.model import CONDITION_IDS, OBJECTIVE_IDS, PARAMS, RULE_IDS

S01 = next(f for f in loader.bundled() if f.name.startswith("s01_"))


def _variant(tmp_path: Path, old: str, new: str) -> loader.Result:
    text = S01.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "s.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return loader.check(path)


def test_every_id_has_a_schema() -> None:
    assert set(PARAMS) == {*RULE_IDS, *OBJECTIVE_IDS, *CONDITION_IDS}


def test_bundled_scenarios_fit_their_schemas() -> None:
    for path in loader.bundled():
        assert loader.check(path).ok, path


@pytest.mark.parametrize(("value", "why"), [
    ("three", "valid integer"), ("true", "valid integer"), ("2.5", "valid integer"),
    ("[1, 2]", "valid integer"), ("-1", "greater than or equal to 0"),
])
def test_wrong_count_is_refused_at_its_line(tmp_path: Path, value: str, why: str) -> None:
    result = _variant(tmp_path, "max_zombies_in_city: 3", f"max_zombies_in_city: {value}")
    assert not result.ok
    text = result.message()
    assert re.search(rf"s\.yaml:\d+:\d+: objectives\[0\]\.params\.max_zombies_in_city: .*{why}",
                     text), text


def test_unknown_param_key_names_the_known_ones(tmp_path: Path) -> None:
    result = _variant(tmp_path, "max_zombies_in_city: 3", "max_zombie_in_city: 3")
    assert "params.max_zombie_in_city: unknown key" in result.message()
    assert "max_zombies_in_city" in result.message()


def test_a_list_where_a_name_goes(tmp_path: Path) -> None:
    result = _variant(tmp_path, "building: rv", "building: [rv, school]")
    assert not result.ok and "params.building" in result.message()


def test_players_min_above_max_at_its_line(tmp_path: Path) -> None:
    text = S01.read_text(encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("players:"))
    old = text.splitlines()[line - 1]
    result = _variant(tmp_path, old, "players: {min: 8, max: 2}")
    assert re.search(rf"s\.yaml:{line}:\d+: players\.min: 8 is larger than players\.max \(2\)",
                     result.message()), result.message()


@pytest.mark.parametrize(("value", "message"), [
    ("true", "barrels[0].x: a number, not true"),
    ("1.0e300", "barrels[0].x: 1e+300 is beyond 10000"),
    (".inf", "barrels[0].x: "),
])
def test_coordinates_are_plain_sized_numbers(tmp_path: Path, value: str, message: str) -> None:
    result = _variant(tmp_path, "{x: 34, y: 62}", f"{{x: {value}, y: 62}}")
    assert not result.ok and message in result.message(), result.message()


def test_yaml_12_exponent_reads_as_a_number(tmp_path: Path) -> None:
    result = _variant(tmp_path, "{x: 34, y: 62}", "{x: 3.4e1, y: 6.2E1}")
    assert result.ok, result.message()
    assert result.scenario is not None and result.scenario.barrels[0].x == 34.0
