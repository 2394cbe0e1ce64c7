"""The tower on screen: a rush first shows the drop through the tower, from the tower world's
own frames, in a side-view inset; the rushed zombies reach the table after it."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor
from flick.physics.tower.drop import drop
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S
from flick.ui.scene import drop_inset


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    yield
    pygame.quit()


def test_a_rush_plays_the_tower_drop_in_an_inset_first() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    app._refresh()
    zombies_before = set(game.board.zombies())
    app.motion.take()
    # set-up by hand: a LOUD turn, so ending it rushes zombies from the tower
    from flick.game.state import Noise

    game.noise = Noise.LOUD
    assert app.apply(game_end_turn())
    kinds = [c.table for c in app.clips]
    assert "tower" in kinds and kinds.index("tower") < kinds.index("city")
    tower = app.clips[0]
    assert tower.table == "tower" and tower.side and len(tower.side) == len(tower.frames) > 5
    zombie_shapes = [sum(z for _, z in frame) for frame in tower.side]
    assert zombie_shapes[0] >= 2  # base and torso of at least one zombie on the roof
    # the same drop unrecorded: the hook only reads (the tower's exits are unchanged)
    box = drop_inset(app)
    app.draw()
    inset = pygame.surfarray.array3d(app.screen.subsurface(box)).copy()
    assert (inset == (16, 18, 24)).all(axis=2).mean() > 0.3  # the inset's dark panel
    assert ((inset == (70, 150, 60)).all(axis=2)).any()  # a zombie in it
    new = set(game.board.zombies()) - zombies_before
    shown = {p.id for p in app.clips[1].start.values()} if len(app.clips) > 1 else set()
    assert new <= shown | set(game.board.zombies())
    while app.clips and app.clips[0].table == "tower":
        app.advance(FRAME_S)
    app.draw()
    after = pygame.surfarray.array3d(app.screen.subsurface(box))
    assert not ((after == (16, 18, 24)).all(axis=2).mean() > 0.3)  # the inset is gone


def test_recording_the_drop_changes_nothing() -> None:
    from flick.physics.params import load_tower_params

    tp = load_tower_params()
    plain = drop(3, tp, 7)
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    with app.motion.drops():
        recorded = drop(3, tp, 7)
    assert drop(3, tp, 7) == plain and len(app.motion.clips) == 1  # outside: not recorded
    assert recorded == plain  # the same exits, recorded or not
    clips = app.motion.take()
    assert [c.table for c in clips] == ["tower"] and clips[0].side


def game_end_turn():  # type: ignore[no-untyped-def]
    from flick.game.inputs import EndTurn

    return EndTurn(None)
