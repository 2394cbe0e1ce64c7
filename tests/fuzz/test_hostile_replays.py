"""Hostile replay commands: an output that is the replay being read is refused and the replay
stays whole (the export onto the replay itself overwrote it), whatever path names it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from flick.cli import main
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
