"""Every PNG the UI writes (scenario maps, replay pictures, `flick play` and viewer
screenshots) goes through `flick.ui.render.save_png` (flick.atomic.write_with): a write that
fails partway leaves the old file as it was, and no temporary file behind."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick import replay as rp
from flick.errors import FlickError
from flick.game import Game
from flick.scenario import load
from flick.ui import render
from flick.ui.app import PlayApp, Settings
from flick.ui.pictures import write_pictures
from flick.ui.replay_viewer import run as view_replay

OLD = b"the old picture"


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 400))
    yield
    pygame.quit()


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: Any) -> Path:
    """A replay of scenario 1 before its first input (the set-up only): cheap."""
    return rp.write(tmp_path_factory.mktemp("png") / "r.json", Game(load(1), 1))


def failing_save(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """pygame.image.save writes half a file to the name it is given, then fails."""
    names: list[str] = []

    def save(surface: Any, name: str) -> None:
        names.append(str(name))
        Path(name).write_bytes(b"\x89PNG half")
        raise pygame.error("No space left on device")

    monkeypatch.setattr(pygame.image, "save", save)
    return names


def _writers(replay: Path) -> dict[str, Callable[[Path], Any]]:
    return {
        "map": lambda out: render.save_map(load(1), out, size=(300, 200)),
        "play screenshot": lambda out: PlayApp(Game(load(1), 1),
                                               Settings(frames=1, screenshot=str(out))).run(),
        "viewer screenshot": lambda out: view_replay(replay, frames=1, screenshot=str(out),
                                                     size=(640, 400)),
        "replay pictures": lambda out: write_pictures(rp.load(replay), out.parent,
                                                      size=(300, 320)),
    }


@pytest.mark.parametrize("what", ["map", "play screenshot", "viewer screenshot",
                                  "replay pictures"])
def test_a_failed_png_write_leaves_the_old_file(what: str, tmp_path: Path, replay_file: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / ("game1_shot000.png" if what == "replay pictures" else "out.png")
    out.write_bytes(OLD)
    names = failing_save(monkeypatch)
    with pytest.raises(FlickError, match=r"cannot write the .*No space left on device"):
        _writers(replay_file)[what](out)
    assert names and all(Path(n).name != out.name for n in names)  # saved under a temp name
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]  # no temporary left


@pytest.mark.parametrize("what", ["map", "play screenshot"])
def test_a_png_write_replaces_the_old_file(what: str, tmp_path: Path,
                                           replay_file: Path) -> None:
    out = tmp_path / "out.png"
    out.write_bytes(OLD)
    _writers(replay_file)[what](out)
    assert out.read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.png"]
