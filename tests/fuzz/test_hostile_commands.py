"""Commands given hostile paths and numbers: a FIFO as the video, an infinite frame rate, an
output onto an input, a full disk under every write. Each is a one-line error, exit non-zero;
a failed write leaves the old file whole."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from flick.cli import main


def test_measure_refuses_a_fifo_as_the_video(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    fifo = tmp_path / "clip.mp4"
    os.mkfifo(fifo)  # no writer: reading it would wait forever
    assert main(["measure", str(fifo), "--test", "slide"]) != 0
    err = capsys.readouterr().err
    assert "not a regular file" in err and "Traceback" not in err


@pytest.mark.parametrize("fps", ["inf", "nan", "1e308", "-1"])
def test_measure_refuses_an_impossible_frame_rate(tmp_path: Path, fps: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["measure", str(tmp_path / "clip.mp4"), "--test", "slide", "--fps", fps])
    assert caught.value.code == 2
    assert "frame rate" in capsys.readouterr().err


def test_measure_refuses_to_write_the_csv_onto_the_video(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    clip = tmp_path / "clip.mp4"
    clip.write_bytes(b"not really a video, but the user's file")
    link = tmp_path / "same.csv"
    os.symlink(clip, link)
    for out in (clip, link):
        assert main(["measure", str(clip), "--test", "slide", "-o", str(out)]) == 2
        assert "would overwrite an input" in capsys.readouterr().err
    assert clip.read_bytes() == b"not really a video, but the user's file"


# --- a full disk -----------------------------------------------------------------------------

def _silent_full_disk(surface: object, name: str) -> None:
    """What pygame does on a full disk: the file is created, nothing is written, no error."""
    Path(name).write_bytes(b"")


def test_render_onto_a_full_disk_keeps_the_old_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    out = tmp_path / "map.png"
    assert main(["scenarios", "render", "1", "-o", str(out), "--size", "400x300"]) == 0
    old = out.read_bytes()
    capsys.readouterr()
    monkeypatch.setattr(pygame.image, "save", _silent_full_disk)
    assert main(["scenarios", "render", "2", "-o", str(out), "--size", "400x300"]) != 0
    said = capsys.readouterr()
    assert "disk full" in said.err and "wrote" not in said.out
    assert out.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]  # no temporary file left


def test_tower_onto_a_full_disk_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from matplotlib.figure import Figure

    def full(self: object, *args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    out = tmp_path / "drops.png"
    out.write_bytes(b"the old picture")
    monkeypatch.setattr(Figure, "savefig", full)
    assert main(["tower", "--drops", "1", "--zombies", "1", "--out", str(out)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_bytes() == b"the old picture"


@pytest.mark.parametrize(("argv", "said"), [
    (["sim", "1", "--games", "1" + "0" * 30], "--games is 1 to 1,000,000, not a huge number"),
    (["sim", "--analyze", "--games", "0"], "--games is 1 to 1,000,000, not 0"),
    (["sim", "1", "--games", "2", "--seed", str(2**63 - 1)], "the last seed would be beyond"),
])
def test_sim_refuses_a_game_count_no_run_can_play(argv: list[str], said: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2  # 10**30 games built a task list until memory ran out
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_a_scenario_name_is_a_title_not_a_megabyte(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).parents[2] / "scenarios" / "s01_get_outta_town.yaml").read_text()
    path = tmp_path / "long.yaml"
    path.write_text(text.replace("name: Get Outta Town!", "name: " + "x" * 1_000_000, 1))
    assert main(["scenarios", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "long.yaml:5:7: name: string should have at most 120 characters (got 'xxxx" in err
    assert "... (1,000,000 characters)" in err and len(err) < 500  # named, not echoed


@pytest.mark.parametrize("argv", [
    ["cards", "rise-of-the-zombies", "--survivors", "Scout"],
    ["cards", "surrounded"],
    ["cards", "something-to-fear", "--players", "3", "--humans", "1"],
])
def test_a_card_game_whose_input_runs_out_says_so(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("x" * 1_000_000 + "\n"))
    assert main(argv) == 1  # not Ctrl-C's 130 and "interrupted"
    captured = capsys.readouterr()
    assert "standard input closed while waiting for a human player" in captured.err
    assert "... (1,000,000 characters)' is not one of" in captured.out
    assert len(captured.out) < 20_000  # the megabyte line is named, not echoed
