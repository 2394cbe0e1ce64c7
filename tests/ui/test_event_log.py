"""The event log is a pygame-gui text box: every line of a short log is shown, a long one
keeps its newest line in view and scrolls with the wheel over it (the table still zooms),
and the panel keeps it room when full."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import PlayApp, Settings

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def _app(number: int = 1, size: tuple[int, int] = (1280, 800)) -> PlayApp:
    pygame.display.set_mode(size)
    return PlayApp(Game(load(number), 1), Settings(frames=1, size=size))


def _play_two_turns(app: PlayApp) -> None:
    """S1's first two turns: each survivor ends its turn at once (the zombies react)."""
    for _ in range(2):
        g = app.game
        app.command(f"choose:{g.available(g.current_team)[0].name}")
        app.select("end_turn")
        while app.busy():
            app.advance(1 / 60)


def test_a_short_log_is_shown_whole_with_nothing_scrolled() -> None:
    app = _app()
    _play_two_turns(app)
    app.draw()
    assert 3 <= len(app.event_log.lines) <= 20
    assert app.widgets.log_text() == app.event_log.lines  # every line, in order
    assert app.widgets.log_scrolled_to_end()
    box = app.widgets.log_box
    assert box is not None and box.visible and app.panel.rect.contains(box.rect)


def test_a_long_log_shows_its_newest_line_and_the_wheel_scrolls_it() -> None:
    app = _app()
    app.event_log.lines = [f"event number {i}" for i in range(120)]
    app.refresh()
    app.draw()
    box = app.widgets.log_box
    assert box is not None and box.scroll_bar is not None
    assert app.widgets.log_scrolled_to_end()
    newest = pygame.image.tobytes(app.screen.subsurface(box.rect), "RGB")
    app.wheel(box.rect.center, 2)  # back toward older lines
    app.draw()
    assert not app.widgets.log_scrolled_to_end()
    assert pygame.image.tobytes(app.screen.subsurface(box.rect), "RGB") != newest
    app.wheel(box.rect.center, -100)  # forward again, not beyond the newest
    app.draw()
    assert app.widgets.log_scrolled_to_end()
    scale = app.cam.scale
    app.wheel(app.area.center, 1)  # over the table the wheel zooms
    assert app.cam.scale > scale


def test_new_lines_keep_a_log_scrolled_back_where_the_player_reads() -> None:
    app = _app()
    app.event_log.lines = [f"event number {i}" for i in range(120)]
    app.refresh()
    app.draw()
    box = app.widgets.log_box
    assert box is not None
    app.wheel(box.rect.center, 3)
    app.draw()
    assert box.scroll_bar is not None
    at = box.scroll_bar.start_percentage
    app.event_log.lines.append("a new line")
    app.draw()
    assert not app.widgets.log_scrolled_to_end()
    assert box.scroll_bar.start_percentage <= at  # the reader's place is kept


def test_the_event_log_keeps_room_when_the_panel_is_full() -> None:
    app = _app(7, (1326, 688))  # a 1366x768 screen's window, ten survivors
    if app.pass_screen:
        app.dismiss_pass()
    g = app.game
    app.command(f"choose:{g.available(g.current_team)[0].name}")  # action buttons shown
    if app.pass_screen:
        app.dismiss_pass()
    app.draw()
    rect = app.panel.log_rect
    assert rect is not None and rect.height >= 4 * 19  # at least four lines of the log
