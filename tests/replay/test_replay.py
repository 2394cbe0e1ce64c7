"""Replays: every bundled scenario records and verifies; damaged files give clear errors."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from flick import replay as rp
from flick.cli import main
from flick.errors import DataFileError
from flick.game import Game, HeuristicBot, IllegalAction
from flick.game.inputs import ChooseSurvivor
from flick.scenario import bundled, load
from tests.conftest import game_group

# Enough inputs for several rounds of turns, rushes and (scenario 2) fights, yet quick.
MAX_INPUTS = 45


def record_bot_game(number: int, seed: int, max_inputs: int = MAX_INPUTS) -> Game:
    """A game played by the heuristic bot with a Recorder attached from the start."""
    game = Game(load(number), seed)
    rp.Recorder(game, controller="heuristic")
    bot = HeuristicBot(seed)
    for _ in range(max_inputs):
        if game.over:
            break
        game.apply(bot.decide(game))
    return game


SCENARIOS = sorted(int(p.stem[1:3]) for p in bundled())


def test_every_scenario_of_the_rulebook_is_bundled() -> None:
    assert list(range(1, 11)) == SCENARIOS


@pytest.mark.parametrize("number", SCENARIOS)
def test_every_bundled_scenario_records_and_verifies(number: int, tmp_path: Path) -> None:
    game = record_bot_game(number, seed=number)
    path = rp.write(tmp_path / "game.json", game, bots="heuristic")
    replay = rp.load(path)
    (loaded,) = replay.games
    assert loaded.record.scenario.number == number
    assert len(loaded.record.inputs) == len(game.inputs) > 0
    assert loaded.record.shots, "a game of several turns flicks something"
    assert loaded.record.after[-1] == game.board.table.state_hash()
    (check,) = rp.verify(replay)
    assert check.ok, check.message
    # start + one per shot + one per input
    assert check.hashes == 1 + len(loaded.record.shots) + len(loaded.record.inputs)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: Any) -> tuple[Path, dict[str, Any]]:
    game = record_bot_game(1, seed=3, max_inputs=30)
    path = rp.write(tmp_path_factory.mktemp("replay") / "s1.json", game, bots="heuristic")
    return path, json.loads(path.read_text())


def _damaged(tmp_path: Path, data: dict[str, Any], name: str = "damaged.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _flick_input(data: dict[str, Any]) -> int:
    """Index of the first input with a flick that has a shot of its own."""
    game = data["games"][0]
    shot_inputs = {s["input"] for s in game["shots"] if s["type"] == "flick"}
    return next(i for i, inp in enumerate(game["inputs"])
                if "flick" in inp and i in shot_inputs)


def test_a_recorder_attached_later_and_a_rerun_record_agree(recorded: Any) -> None:
    _, data = recorded
    stored = data["games"][0]
    game = Game(load(1), 3)
    for inp in rp.load(recorded[0]).games[0].inputs:
        game.apply(inp)
    again = rp.record(game, bots="heuristic")  # no recorder attached: re-runs the inputs
    assert json.loads(json.dumps(again)) == stored
    with pytest.raises(ValueError, match="before the game's first input"):
        rp.Recorder(game)


def test_an_illegal_input_leaves_no_trace_in_the_recording(tmp_path: Path) -> None:
    game = Game(load(1), 2)
    recorder = rp.Recorder(game)
    with pytest.raises(IllegalAction):
        game.apply(ChooseSurvivor("Nobody At All"))
    assert recorder.digests == [] and recorder.shots == [] and game.inputs == []
    bot = HeuristicBot(2)
    undone = 0
    for k in range(12):
        game.apply(bot.decide(game))
        if k >= 3 and game.phase == "choose" and not undone:
            # A choice of the right kind that fails inside: the game undoes it from a deep
            # copy of its state, which must neither copy nor lose the recorder.
            with pytest.raises(IllegalAction):
                game.apply(ChooseSurvivor("Nobody At All"))
            undone += 1
    assert undone == 1
    assert len(recorder.digests) == len(recorder.after) == len(game.inputs) == 12
    assert recorder.shots and recorder.after[-1] == game.board.table.state_hash()
    (check,) = rp.verify(rp.load(rp.write(tmp_path / "g.json", game)))
    assert check.ok, check.message


def test_bad_json_names_line_and_column(recorded: Any, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(recorded[0].read_text()[:500])
    # the header on line 1, then the first game, cut short on line 2
    with pytest.raises(DataFileError, match=r"cut\.json:2:\d+: not valid JSON"):
        rp.load(path)


def test_nan_and_infinite_numbers_are_refused(recorded: Any, tmp_path: Path) -> None:
    # Python's json reads NaN and 1e999 (infinity); a damaged file with them must not reach
    # the canonical hash, which refuses them with a ValueError.
    _, data = recorded
    edited = json.loads(json.dumps(data))
    pieces = edited["games"][0]["physics"]["data"]["pieces"]
    pieces[next(iter(pieces))]["mass"] = float("nan")
    with pytest.raises(DataFileError, match=r"nan\.json: not valid JSON: NaN is not a JSON number"):
        rp.load(_damaged(tmp_path, edited, "nan.json"))
    path = tmp_path / "inf.json"
    path.write_text(json.dumps(data).replace('"seed": 3', '"seed": 1e999', 1))
    assert "1e999" in path.read_text()
    with pytest.raises(DataFileError, match=r"inf\.json: not valid JSON: 1e999 is too large"):
        rp.load(path)


def test_not_a_replay_and_unknown_version(recorded: Any, tmp_path: Path) -> None:
    _, data = recorded
    with pytest.raises(DataFileError, match="not a flick replay"):
        rp.load(_damaged(tmp_path, {"games": data["games"]}))
    with pytest.raises(DataFileError, match="version 99 is not one this flick reads"):
        rp.load(_damaged(tmp_path, {**data, "version": 99}))


def test_missing_fields_are_named(recorded: Any, tmp_path: Path) -> None:
    _, data = recorded
    broken = json.loads(json.dumps(data))
    del broken["games"][0]["shots"][1]["hash"]
    del broken["games"][0]["seed"]
    with pytest.raises(DataFileError) as info:
        rp.load(_damaged(tmp_path, broken))
    message = str(info.value)
    assert "damaged replay" in message
    assert "games[1].shots[2].hash: Field required" in message
    assert "games[1].seed: Field required" in message
    fewer = json.loads(json.dumps(data))
    fewer["games"][0]["digests"].pop()
    with pytest.raises(DataFileError, match="every input needs one of each"):
        rp.load(_damaged(tmp_path, fewer))


def test_a_tampered_impulse_is_caught_on_loading(recorded: Any, tmp_path: Path) -> None:
    _, data = recorded
    tampered = json.loads(json.dumps(data))
    i = _flick_input(tampered)
    inp = tampered["games"][0]["inputs"][i]
    inp["flick"]["impulse"][0] *= 1.5
    with pytest.raises(DataFileError,
                       match=rf"game 1, input {i + 1} \({inp['input']}\): changed after "
                             "recording"):
        rp.load(_damaged(tmp_path, tampered))


def test_a_tampered_impulse_with_a_forged_digest_fails_verification(
    recorded: Any, tmp_path: Path, capsys: Any
) -> None:
    _, data = recorded
    tampered = json.loads(json.dumps(data))
    game = tampered["games"][0]
    i = _flick_input(tampered)
    game["inputs"][i]["flick"]["impulse"][0] *= 1.5
    game["digests"][i] = rp.digest(game["inputs"][i])
    first_shot = next(k for k, s in enumerate(game["shots"]) if s["input"] == i)
    # played by bots, the input is first of all not the bots' decision
    (check,) = rp.verify(rp.load(_damaged(tmp_path, tampered, "bots.json")))
    assert check.ok is False and f"input {i + 1} (" in check.message
    assert "is not what the heuristic bots decide there" in check.message
    # claimed played by people, the re-simulation finds where the table differs
    game["bots"] = None
    for seat in game["players"]:
        seat["controller"] = "human"
    path = _damaged(tmp_path, tampered)
    (check,) = rp.verify(rp.load(path))
    assert check.ok is False
    assert f"shot {first_shot + 1} " in check.message and f"input {i + 1} " in check.message
    assert "cm from where it was recorded" in check.message
    assert "different flick code" not in check.message  # recorded by this very code
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and f"shot {first_shot + 1}" in out
    tampered["build"] = "0" * 64
    (check,) = rp.verify(rp.load(_damaged(tmp_path, tampered, "other_build.json")))
    assert check.ok is False and "recorded by different flick code" in check.message


def test_edited_embedded_data_are_caught(recorded: Any, tmp_path: Path) -> None:
    _, data = recorded
    edited = json.loads(json.dumps(data))
    edited["games"][0]["physics"]["data"]["gravity"] = 500.0
    with pytest.raises(DataFileError, match="embedded physics parameters do not match"):
        rp.load(_damaged(tmp_path, edited))
    edited = json.loads(json.dumps(data))
    edited["games"][0]["scenario"]["data"]["name"] = "Somewhere Else"
    with pytest.raises(DataFileError, match="embedded scenario do not match"):
        rp.load(_damaged(tmp_path, edited))


def test_a_schema_this_flick_cannot_read_is_shown_not_verified(recorded: Any,
                                                               tmp_path: Path) -> None:
    _, data = recorded
    old = json.loads(json.dumps(data))
    physics = old["games"][0]["physics"]
    del physics["data"]["gravity"]
    physics["hash"] = rp.sha256(physics["data"])
    replay = rp.load(_damaged(tmp_path, old))
    assert replay.games[0].problem and "gravity" in replay.games[0].problem
    (check,) = rp.verify(replay)
    assert check.ok is False and "cannot be re-simulated" in check.message


def test_damaged_files_on_the_command_line_are_one_message(recorded: Any, tmp_path: Path,
                                                           capsys: Any) -> None:
    _, data = recorded
    for damaged in ({**data, "version": 2}, {"format": "flick-replay", "version": 1}):
        path = _damaged(tmp_path, damaged)
        assert main(["replay", str(path), "--verify"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("flick: error:") and "Traceback" not in err
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "no such replay file" in capsys.readouterr().err


def test_another_pymunk_version_warns_and_keeps_the_stored_poses(
    recorded: Any, tmp_path: Path, capsys: Any
) -> None:
    _, data = recorded
    path = _damaged(tmp_path, {**data, "pymunk": "6.0.0"})
    assert main(["replay", str(path), "--verify"]) == 1  # not verified is not a success
    captured = capsys.readouterr()
    assert "recorded with pymunk 6.0.0" in captured.err
    assert "NOT VERIFIED" in captured.out
    assert main(["replay", str(path), "--verify", "--resimulate"]) == 0
    assert "OK: 1 game(s)" in capsys.readouterr().out


def test_verify_and_summary_on_the_command_line(recorded: Any, capsys: Any) -> None:
    path, data = recorded
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    game = data["games"][0]
    assert f"OK: 1 game(s), {len(game['inputs'])} inputs, {len(game['shots'])} shots" in out
    assert main(["replay", str(path), "--summary"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n  shot ") == len(game["shots"])


def test_export_has_one_row_per_launched_piece(recorded: Any, tmp_path: Path) -> None:
    path, data = recorded
    out = tmp_path / "shots.csv"
    assert main(["replay", str(path), "--export", str(out)]) == 0
    rows = list(csv.DictReader(out.open()))
    game = data["games"][0]
    assert len(rows) == sum(len(s["launched"]) for s in game["shots"])
    assert list(rows[0]) == list(rp.EXPORT_COLUMNS)
    flick_rows = [r for r in rows if r["type"] == "flick"]
    first = flick_rows[0]
    shot = game["shots"][int(first["shot"]) - 1]
    assert float(first["impulse_x"]) == shot["launched"][0]["impulse"][0]
    assert float(first["travel"]) == shot["travel"][0][1] > 0
    assert float(first["launch_speed"]) > 0


@game_group(1)
def test_flick_sim_record_writes_a_replay_that_verifies(cli_run: Any, capsys: Any) -> None:
    # The golden game flick_s01_seed100 (tests/golden), played once per session.
    run = cli_run(["sim", "1", "--seed", "100", "--json"], record=True)
    assert run.code == 0 and run.record is not None
    path = run.record
    data = run.record_data()
    assert data["format"] == "flick-replay" and data["version"] == rp.VERSION
    assert data["games"][0]["seed"] == 100 and data["games"][0]["bots"] == "heuristic"
    assert main(["replay", str(path), "--verify"]) == 0
    assert "OK: 1 game(s)" in capsys.readouterr().out


def test_stored_poses_rebuild_the_table_exactly(recorded: Any, tmp_path: Path) -> None:
    from flick.physics import PhysicsParams, Table

    path, data = recorded
    (game,) = rp.load(path).games
    table = Table(PhysicsParams.default())
    table.restore(game.start_state())
    assert table.state_hash() == game.record.start.hash
    last = len(game.record.shots) - 1
    table.restore(game.state_after(last))
    assert table.state_hash() == game.record.shots[last].hash
    edited = json.loads(json.dumps(data))
    edited["games"][0]["shots"][last]["poses"][0][2] += 0.5  # a piece moved by hand
    with pytest.raises(DataFileError,
                       match=f"game 1, shot {last + 1}: the stored poses do not give the "
                             "stored hash"):
        rp.load(_damaged(tmp_path, edited))


def test_pictures_of_every_city_shot(recorded: Any, tmp_path: Path, capsys: Any) -> None:
    path, data = recorded
    folder = tmp_path / "frames"
    assert main(["replay", str(path), "--png", str(folder)]) == 0
    shots = data["games"][0]["shots"]
    files = sorted(folder.glob("*.png"))
    assert len(files) == 1 + sum(s["table"] == "city" for s in shots)
    assert files[0].name == "game1_shot000.png"
    assert files[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"{len(files)} pictures written" in capsys.readouterr().err
    flicks = [launch for s in shots if s["type"] == "flick" for launch in s["launched"]]
    assert flicks and all(launch["at"] is not None for launch in flicks)
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    assert main(["replay", str(path), "--png", str(a_file)]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder" in err and "Traceback" not in err
