"""Real-window speed: the live loop draws only when something changed (an idle window
costs next to nothing), caps the frames while something moves, and reflows on resize."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.scenario import load
from flick.ui import loop
from flick.ui.app import PlayApp, Settings
from flick.ui.camera import WHOLE_CITY_PX_PER_CM
from flick.ui.loop import FPS_CAP


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    yield
    pygame.quit()


def live(app: PlayApp, seconds: float) -> float:
    """Run the live loop for `seconds`; the CPU seconds it used."""
    stop = threading.Timer(seconds, lambda: setattr(app, "quit", True))
    stop.start()
    cpu = time.process_time()
    loop.run_live(app)
    return time.process_time() - cpu


def test_an_idle_window_is_not_redrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    app = PlayApp(Game(load(1), 1), Settings(briefing=False))
    used = live(app, 0.6)
    assert app.frame <= 2  # the first picture (again when the window is shown), then none
    assert used < 0.5  # the first picture is most of it
    sent: list[list[pygame.Rect]] = []  # what each frame sends to the screen
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.append(list(rects)))
    whole = [app.screen.get_rect()]
    app.present()
    assert sent[-1] != whole  # a frame sends only what changed
    key = app.scene_key()
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED), 0.0)
    assert app.scene_key() != key  # uncovered: drawn again,
    app.present()
    assert sent[-1] == whole  # ... whole


def test_frames_are_capped_while_something_moves() -> None:
    app = PlayApp(Game(load(1), 1), Settings(briefing=False))
    app.pan = ((10, 10), app.cam)  # a right-drag pan in progress: the loop keeps going
    app.version += 1
    frames = []
    draw = app.draw

    def counting() -> list[pygame.Rect]:
        frames.append(time.perf_counter())
        app.version += 1  # something new in every frame
        return draw()

    app.draw = counting  # type: ignore[method-assign]
    live(app, 0.5)
    assert 2 <= len(frames) <= FPS_CAP * 0.5 + 3  # (few on a loaded machine, never more)


def test_a_resize_reflows_the_table_and_the_panel() -> None:
    app = PlayApp(Game(load(1), 1), Settings(frames=1))
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768)),
                     0.0)
    assert app.screen.get_size() == (1366, 768)
    assert app.panel.rect.right == 1366 and app.area.right == app.panel.rect.left
    assert app.area.height == 768 and app.panel.rect.height == 768
    w, h = app.game.board.city  # the whole city fits the table
    cam = app.cameras.overview()
    x0, y0 = cam.px(0, 0)
    x1, y1 = cam.px(w, h)
    assert app.area.left <= x0 < x1 <= app.area.right and app.area.top <= y1 < y0 <= 768
    assert app.cam == app.cameras.fit()
    app.draw()
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)), 0.0)
    assert app.screen.get_size() == (900, 600) and app.panel.rect.width == 340
    assert app.cameras.overview().scale < cam.scale
    # the whole city would be drawn at less than 8 px/cm: the objective and the survivors,
    # at least that large
    assert app.cam == app.cameras.fit() and app.cam.scale >= WHOLE_CITY_PX_PER_CM
    rects = app.draw()
    assert all(app.screen.get_rect().contains(r) for r in rects)


def test_the_bench_reports_frame_costs_per_driver() -> None:
    from flick.bench import ui as bench_ui

    report = bench_ui.bench(quick=True)["ui"]  # the busiest scenario, 240 frames (~2 s)
    assert report["ui_fps"] > 0 and report["ui_frame_ms"]["dummy"] > 0
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"  # put back as it was
