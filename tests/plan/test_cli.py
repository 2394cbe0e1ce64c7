"""`flick plan`: the map as a table and a PNG, from a bots' game stopped at a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from flick.cli import main


def test_plan_prints_the_map_and_writes_a_png(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "map.png"
    code = main(["plan", "1", "--seed", "3", "--at", "0", "--action", "enter", "--grid", "2x2",
                 "--repeats", "1", "--workers", "1", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "best: aim" in text and "x0.70" in text and "x1.30" in text
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_move_needs_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "1", "--action", "move", "--out", "-"]) == 2
    assert "--target" in capsys.readouterr().err


def test_the_same_command_prints_the_same_map(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["plan", "1", "--seed", "3", "--action", "move", "--target", "45,45", "--grid", "1x2",
            "--repeats", "2", "--workers", "1", "--out", "-", "--hand", "shaky"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
