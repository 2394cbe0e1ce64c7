"""Hostile replays and replay commands: an output that is the replay being read is refused and
the replay stays whole, whatever path names it; a replay damaged or edited by hand (a journal
line, a number, a name, a key, a seat) is refused naming where."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from flick.cli import main
from flick.replay import digest, loading
from flick.replay.recorder import layout
from tests.conftest import game_group

pytestmark = game_group(1)


@pytest.mark.parametrize("via", ["itself", "a link", "another spelling"])
def test_export_onto_the_replay_itself_is_refused_and_changes_nothing(
        via: str, tmp_path: Path, cli_run: Callable[..., Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    run = cli_run(["sim", "1", "--seed", "100", "--json"], record=True)  # a golden game
    replay = tmp_path / "game.json"
    shutil.copy(run.record, replay)
    before = replay.read_bytes()
    out = {"itself": replay, "a link": tmp_path / "link.json",
           "another spelling": tmp_path / "." / "sub" / ".." / "game.json"}[via]
    if via == "a link":
        out.symlink_to(replay)
    (tmp_path / "sub").mkdir(exist_ok=True)
    assert main(["replay", str(replay), "--export", str(out)]) == 2
    assert replay.read_bytes() == before
    assert "the replay being read" in capsys.readouterr().err


# A replay damaged or edited by hand: every case is refused with one line naming the file and
# where, exit 2 on loading (1 when it loads but does not verify), and never a traceback.

def _golden(cli_run: Callable[..., Any], number: int = 1) -> dict[str, Any]:
    run = cli_run(["sim", str(number), "--seed", "100", "--json"], record=True)  # golden
    data: dict[str, Any] = json.loads(run.record.read_text())
    return data


def _refused(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main(["replay", str(path), *(options or ("--summary",))]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def _journal(data: dict[str, Any], lines: list[str]) -> str:
    head = {k: v for k, v in data.items() if k != "games"}
    return "\n".join([json.dumps(head), *lines]) + "\n"


@pytest.mark.parametrize("damage", ["cut short", "nested 100,000 deep"])
def test_a_damaged_game_in_the_middle_of_a_journal_is_refused_naming_its_line(
        damage: str, tmp_path: Path, cli_run: Callable[..., Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    data = _golden(cli_run)
    game = json.dumps(data["games"][0])
    bad = game[: len(game) // 2] if damage == "cut short" else "[" * 100_000 + "]" * 100_000
    path = tmp_path / "run.json.partial"
    path.write_text(_journal(data, [game, bad, game]))
    err = _refused(path, capsys)
    assert f"{path}:3: a damaged game" in err
    # the last line cut short by a kill is still left out, and the games before it kept
    path.write_text(_journal(data, [game, game])[:-40])
    assert main(["replay", str(path), "--summary"]) == 0
    assert capsys.readouterr().out.count("game ") >= 1


def _edit(data: dict[str, Any], path: Path, change: Callable[[dict[str, Any]], Any]) -> Path:
    edited = json.loads(json.dumps(data))
    change(edited["games"][0])
    path.write_text(json.dumps(edited))
    return path


def _redigest(game: dict[str, Any]) -> None:
    game["digests"] = [digest(inp) for inp in game["inputs"]]


def _first_flick(game: dict[str, Any]) -> dict[str, Any]:
    inp: dict[str, Any] = next(i for i in game["inputs"] if "flick" in i)
    return inp


def _huge_impulse(game: dict[str, Any]) -> None:
    _first_flick(game)["flick"]["impulse"][0] = 10**400
    _redigest(game)


def _huge_angle(game: dict[str, Any]) -> None:
    _first_flick(game)["angle"] = -(10**400)
    _redigest(game)


def _unknown_input_key(game: dict[str, Any]) -> None:
    _first_flick(game)["spin"] = 3
    _redigest(game)


def _unknown_flick_key(game: dict[str, Any]) -> None:
    _first_flick(game)["flick"]["spin"] = 3
    _redigest(game)


def _lone_surrogate(game: dict[str, Any]) -> None:
    game["players"][0]["controller"] = "heur\udcffistic"


@pytest.mark.parametrize(("change", "said"), [
    (lambda g: g.update(seed=-1), "games[1].seed: Input should be greater than or equal to 0"),
    (_huge_impulse, ":1: not valid JSON: a whole number of 401 digits"),
    (_huge_angle, ":1: not valid JSON: a whole number of 401 digits"),
    (_unknown_input_key, "game 1, input 2: malformed game input"),
    (_unknown_flick_key, "a flick has no field 'spin'"),
    (_lone_surrogate, "holds half of a UTF-16 surrogate pair"),
    (lambda g: g["players"][0].update(players=10**9), "players: Input should be less than"),
    (lambda g: g["players"][0].update(team="Z"), "game 1: players: no team 'Z' in scenario 1"),
    (lambda g: g["players"].append(dict(g["players"][0])), "a team is named twice"),
], ids=["seed -1", "401-digit impulse", "401-digit angle", "unknown key in an input",
        "unknown key in a flick", "lone surrogate", "10**9 players", "a team renamed",
        "a seat twice"])
def test_an_edited_replay_is_refused_on_loading_naming_where(
        change: Callable[[dict[str, Any]], Any], said: str, tmp_path: Path,
        cli_run: Callable[..., Any], capsys: pytest.CaptureFixture[str]) -> None:
    path = _edit(_golden(cli_run), tmp_path / "edited.json", change)
    for options in (("--summary",), ("--verify",), ("--png", str(tmp_path / "png"))):
        assert said in _refused(path, capsys, *options)
    assert not (tmp_path / "png").exists()


def test_a_bot_game_whose_seat_says_another_controller_fails_verification(
        tmp_path: Path, cli_run: Callable[..., Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _edit(_golden(cli_run), tmp_path / "edited.json",
                 lambda g: g["players"][0].update(controller="human"))
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out
    assert "played by the heuristic bots, but the seats of team survivors say 'human'" in out


# A replay above STREAM_ABOVE bytes (a 910 MB one ran out of memory at 3.6 GB) is read one
# game a line: here the bound is lowered so that the golden game's small file takes that path.

def test_a_large_replay_is_read_game_by_game_and_gives_what_a_whole_read_gives(
        tmp_path: Path, cli_run: Callable[..., Any], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = _golden(cli_run)
    path = tmp_path / "three.json"
    path.write_text(layout({k: v for k, v in data.items() if k != "games"}, data["games"] * 3))
    assert main(["replay", str(path), "--summary"]) == 0
    whole = capsys.readouterr().out
    monkeypatch.setattr(loading, "STREAM_ABOVE", 0)
    replay = loading.load(path)
    assert isinstance(replay.games, loading.GameLines) and len(replay.games) == 3
    assert main(["replay", str(path), "--summary"]) == 0
    assert capsys.readouterr().out == whole
    # only the game asked for is read: game 2 loads while game 1's line is damaged
    lines = path.read_text().split("\n")
    lines[1] = lines[1][:100]
    path.write_text("\n".join(lines))
    assert loading.load(path).games[1].number == 2
    err = _refused(path, capsys)
    assert f"{path}:2: game 1: not valid JSON" in err
    # a file cut short, and one whose first line is no header, are refused naming the line
    path.write_text("\n".join(lines[:3]))
    assert f"{path}:3: cut short" in _refused(path, capsys)
    path.write_text("\n".join(lines[1:]))
    assert f"{path}:1: larger than 0 MB, so read one game a line" in _refused(path, capsys)
