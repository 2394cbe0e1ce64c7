"""Fuzz: mutations of every real scenario, the parameter file, a recorded replay and a tune
CSV give a clear error (DataFileError, FILE:LINE, exit 2) or a valid result: never another
exception, never more than the time and memory bounds (tests/fuzz/bounds.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from flick.errors import DataFileError
from flick.paths import assets
from flick.physics.params import PhysicsParams
from flick.scenario import loader
from flick.tuning import measurements
from tests.conftest import game_group
from tests.fuzz.bounds import bounded, suite_settings
from tests.fuzz.mutate import mutated
from tests.tuning.test_measurements import GOOD as CSV
from tests.tuning.test_measurements import KINDS

SCENARIOS = {p.name: p.read_text(encoding="utf-8") for p in loader.bundled()}
PARAMS = (assets() / "physics" / "default.yaml").read_text(encoding="utf-8")
LOCATED = re.compile(r":\d+(:\d+)?: ")

TRIED: dict[str, int] = {}


def _count(family: str) -> None:
    TRIED[family] = TRIED.get(family, 0) + 1


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_mutated_scenarios(tmp_path: Path, name: str) -> None:
    @suite_settings(4)
    @given(text=mutated(SCENARIOS[name]))
    def case(text: str) -> None:
        _count("scenario")
        path = _write(tmp_path, name, text)
        with bounded():
            result = loader.check(path)
        assert result.ok or result.problems
        for problem in result.problems:
            assert problem.line >= 1 and problem.column >= 1 and problem.message

    case()


def test_mutated_parameter_files(tmp_path: Path) -> None:
    @suite_settings(30)
    @given(text=mutated(PARAMS))
    def case(text: str) -> None:
        _count("parameters")
        path = _write(tmp_path, "p.yaml", text)
        with bounded():
            try:
                PhysicsParams.load(path)
            except DataFileError as error:
                assert error.exit_code == 2 and LOCATED.search(str(error)), str(error)

    case()


def test_mutated_csv(tmp_path: Path) -> None:
    @suite_settings(40)
    @given(text=mutated(CSV))
    def case(text: str) -> None:
        _count("csv")
        with bounded():
            try:
                measurements.parse(text, "shots.csv", KINDS)
            except DataFileError as error:
                assert str(error).startswith("shots.csv"), str(error)

    case()


@pytest.fixture(scope="module")
def replay_text(cli_run: Any) -> str:
    run = cli_run(["sim", "1", "--seed", "100", "--json"], record=True)
    assert run.record is not None
    data = json.loads(run.record.read_text())
    game = data["games"][0]  # a short game keeps each mutated load quick
    game["shots"] = game["shots"][:6]
    last = game["shots"][-1]["input"] + 1
    for key in ("inputs", "digests", "after"):
        game[key] = game[key][:last]
    return json.dumps(data, indent=1)


@game_group(1)  # replay_text is the golden game flick_s01_seed100, shared
def test_mutated_replays(tmp_path: Path, replay_text: str) -> None:
    from flick import replay as rp

    @suite_settings(20)
    @given(text=mutated(replay_text))
    def case(text: str) -> None:
        _count("replay")
        path = _write(tmp_path, "r.json", text)
        with bounded():
            try:
                rp.load(path)
            except DataFileError as error:
                assert str(error).startswith(str(path)), str(error)

    case()


@pytest.mark.parametrize("text", ["0", "- a\n- b\n"])
def test_a_parameter_file_that_is_not_a_mapping_is_located(tmp_path: Path, text: str) -> None:
    # found by test_mutated_parameter_files (the mutation '0'): the one refusal without a line
    with pytest.raises(DataFileError, match=r"p\.yaml:1:1: a parameter file is a mapping"):
        PhysicsParams.load(_write(tmp_path, "p.yaml", text))
