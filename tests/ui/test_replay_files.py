"""Nothing lost: replay names never collide, the file is rewritten (atomically) after every
input, a bad or existing --record is refused before any window opens, `flick replay --last`
opens the newest."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick.cli import main
from flick.cli.play import default_record
from flick.cli.replay import newest_replay


def test_default_names_are_dated_and_never_collide(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = default_record(1, now=0.0)
    assert first.startswith(os.path.join("replays", "s01-")) and first.endswith(".json")
    assert Path(first).exists()  # claimed at once, before the game writes anything
    second = default_record(1, now=0.0)  # another game in the same second: a counter
    assert second != first and second.endswith("-2.json") and Path(second).exists()


def test_games_started_together_get_their_own_files(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.chdir(tmp_path)
    with ThreadPoolExecutor(8) as pool:
        names = list(pool.map(lambda _: default_record(2, now=0.0), range(16)))
    assert len(set(names)) == 16
    assert sorted(Path("replays").glob("*.json")) == sorted(Path(n) for n in names)


def test_a_game_that_cannot_start_leaves_no_empty_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import flick.cli.play as play_cli
    from flick.errors import FlickError

    monkeypatch.chdir(tmp_path)

    def fails(*args: object, **kwargs: object) -> int:
        assert list(Path("replays").glob("*.json"))  # the name is claimed while it starts
        raise FlickError("the game cannot start here")

    monkeypatch.setattr(play_cli, "play", fails)
    assert main(["play", "2"]) == 1
    assert list(Path("replays").glob("*.json")) == []


def test_the_replay_is_written_after_every_input_and_never_overwritten(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    import pygame

    from flick.game.game import Game
    from flick.replay import Recorder
    from flick.replay import load as load_replay
    from flick.scenario import load
    from flick.ui.app import PlayApp, Settings

    record = tmp_path / "game.json"
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    try:
        game = Game(load(2), 1)
        app = PlayApp(game, Settings(frames=1, record=str(record)), Recorder(game, "human"))
        assert not record.exists()
        app.command("choose:Mike Cho")  # one input: on disk at once, before the window closes
        first = load_replay(record)
        assert [i["input"] for i in first.games[0].record.inputs] == ["choose"]
        app.command("action:end_turn")
        assert len(load_replay(record).games[0].record.inputs) == 2
        assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed over it
    finally:
        pygame.quit()
    # the same --record again: refused before a window opens, the file kept
    before = record.read_bytes()
    assert main(["play", "2", "--record", str(record), "--frames", "1"]) == 2
    assert "never overwritten" in capsys.readouterr().err
    assert record.read_bytes() == before


def test_a_bad_record_path_is_refused_before_the_window_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    import flick.cli.play as play_cli

    opened: list[int] = []
    monkeypatch.setattr(play_cli, "play", lambda *a, **k: opened.append(1) or 0)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["play", "2", "--record", str(blocker / "game.json")]) == 2
    assert "cannot write there" in capsys.readouterr().err
    assert opened == []


def test_replay_last_opens_the_newest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "--last", "--summary"]) == 2
    assert "no replay in replays/" in capsys.readouterr().err
    script = tmp_path / "turn.json"
    script.write_text(json.dumps([{"t": 0.1, "type": "command", "command": "choose:Mike Cho"}]))
    assert main(["play", "2", "--script", str(script), "--frames", "3"]) == 0
    assert main(["play", "2", "--script", str(script), "--frames", "3"]) == 0
    files = sorted(Path("replays").glob("*.json"))
    assert len(files) == 2  # two games, two files
    newest = newest_replay()
    assert newest in {str(f) for f in files}
    os.utime(files[1], ns=(10**18, 10**18))  # 2001: files[0] is now the newest
    assert newest_replay() == str(files[0])
    assert main(["replay", "--last", "--summary"]) == 0
    assert main(["replay", str(files[0]), "--last"]) == 2
