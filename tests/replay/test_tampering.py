"""`flick replay --verify` checks every recorded field a re-simulation reproduces:
an edited `fell`, `travel`, `launched` impulse, first touch or result field is caught even
when every hash is recomputed, and a replay that did not verify never exits 0."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from flick.cli import main
from flick.replay.schema import digest
from tests.replay.test_replay import recorded  # noqa: F401  (the shared recorded game)


def _with_a_shot(data: dict[str, Any], want: str) -> tuple[dict[str, Any], dict[str, Any]]:
    game = data["games"][0]
    shot = next(s for s in game["shots"] if s[want])
    return game, shot


def _edit_fell(data: dict[str, Any]) -> None:
    _, shot = _with_a_shot(data, "launched")
    shot["fell"] = [*shot["fell"], [shot["launched"][0]["piece"], shot["launched"][0]["kind"]]]


def _edit_travel(data: dict[str, Any]) -> None:
    _, shot = _with_a_shot(data, "travel")
    shot["travel"][0][1] += 5.0


def _edit_first_touch(data: dict[str, Any]) -> None:
    _, shot = _with_a_shot(data, "launched")
    pid = shot["launched"][0]["piece"]
    shot["first_touch"] = [[pid, pid, "ghost"]]


def _edit_impulse(data: dict[str, Any]) -> None:
    game = data["games"][0]
    shot = next(s for s in game["shots"] if s["launched"] and s["launched"][0].get("impulse"))
    shot["launched"][0]["impulse"][0] *= 2.0


def _edit_rounds(data: dict[str, Any]) -> None:
    data["games"][0]["result"]["rounds"] += 3


def _edit_turns(data: dict[str, Any]) -> None:
    data["games"][0]["result"]["turns"] += 1


@pytest.mark.parametrize("edit", [_edit_fell, _edit_travel, _edit_first_touch, _edit_impulse,
                                  _edit_rounds, _edit_turns])
def test_edited_fields_fail_verification(recorded: Any, tmp_path: Path,  # noqa: F811
                                         capsys: Any, edit: Any) -> None:
    _, data = recorded
    data = copy.deepcopy(data)
    edit(data)
    for i, inp in enumerate(data["games"][0]["inputs"]):  # every digest still matches
        data["games"][0]["digests"][i] = digest(inp)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_an_untouched_replay_verifies(recorded: Any, capsys: Any) -> None:  # noqa: F811
    path, _ = recorded
    assert main(["replay", str(path), "--verify"]) == 0
    assert "OK: 1 game(s)" in capsys.readouterr().out


def test_edited_pymunk_field_is_not_a_success(recorded: Any, tmp_path: Path,  # noqa: F811
                                              capsys: Any) -> None:
    _, data = recorded
    path = tmp_path / "other.json"
    path.write_text(json.dumps({**data, "pymunk": "9.9.9"}))
    assert main(["replay", str(path), "--verify"]) != 0
    assert "NOT VERIFIED" in capsys.readouterr().out
