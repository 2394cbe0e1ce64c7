"""The window teaches: the controls overlay (F1 / ?), the hint for the current step, a reason
whenever a press does nothing, the scenario's briefing and rules, closed doors, the pretzel."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.scenario import load
from flick.ui import adapter, help
from flick.ui.app import PlayApp, Settings

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def app_for(number: int = 1, **kw: object) -> PlayApp:
    game = Game(load(number), 1)
    return PlayApp(game, Settings(frames=1, **kw))  # type: ignore[arg-type]


def test_f1_and_question_mark_open_the_controls_overlay_and_escape_closes_it() -> None:
    app = app_for()
    app.draw()
    plain = pygame.surfarray.array3d(app.screen).mean()
    app.key("f1")
    assert app.help_open
    app.draw()
    shaded = pygame.surfarray.array3d(app.screen).mean()
    assert shaded < plain * 0.6  # the dark overlay covers the window
    app.key("m")  # keys go to the overlay while it is open: nothing selected
    assert app.help_open and app.action is None
    app.key("escape")
    assert not app.help_open
    app.key("?")
    assert app.help_open
    app.key("?")
    assert not app.help_open
    text = " ".join(line for _, lines in help.CONTROLS for line in lines)
    for control in ("Tab", "Escape", "right-drag pan", "Wheel", "F fit", "R face", "slingshot",
                    "Swipe", "Ctrl+Q", "1-9"):
        assert control in text


def test_the_hint_follows_the_step() -> None:
    app = app_for()
    assert "click a lit survivor" in app.hint()
    app.command(f"choose:{next(iter(app.game.survivors))}")
    assert "pick an action" in app.hint()
    app.key("g")
    assert app.hint() == "press on the lit bullet and swipe toward the target; Esc cancels"
    app.key("tab")
    assert "drag back to aim" in app.hint()


def test_a_press_that_does_nothing_says_why() -> None:
    app = app_for()
    app.draw()
    # the choose phase, a click on empty snow far from every survivor
    app.mouse_down(0.0, (5, app.area.bottom - 5), 1)
    assert app.status_bad and "no survivor there" in app.status
    name = next(iter(app.game.survivors))
    app.command(f"choose:{name}")
    s = app.game.survivors[name]
    on_survivor = tuple(round(v) for v in app.cam.px(*app.game.board.pos(s.piece)))
    app.mouse_down(0.1, on_survivor, 1)
    assert "choose an action first" in app.status
    app.key("g")  # the bullet appears beside the survivor: pressing the survivor misses it
    spot = app.spot()
    assert spot is not None
    app.mouse_down(0.2, (5, app.area.bottom - 5), 1)
    assert app.gesture is None
    assert app.status == "press on the lit bullet to flick it (not elsewhere)"
    app.draw()  # a refusal is drawn in red, a note is not
    app.status = "flick cancelled"
    assert not app.status_bad


def test_the_briefing_shows_first_and_the_rules_stay_on_the_panel() -> None:
    app = app_for(1, briefing=True)
    assert app.briefing_open
    app.draw()
    sections = dict(help.briefing_lines(app.game.scenario))
    assert "RV straight outta town" in sections["Story"][0]
    assert any("3 or fewer zombies" in line for line in sections["Objective"])
    assert any("touches the RV" in line for line in sections["You lose"])
    app.mouse_down(0.0, (5, 5), 1)  # a click beside the window closes it: it chooses nothing
    assert not app.briefing_open and app.game.inputs == []
    app.key("f3")  # and it opens again
    assert app.briefing_open
    app.key("escape")
    assert not app.briefing_open and not app.help_open
    assert app_for(1).briefing_open is False  # headless runs start at the table
    rules = help.rule_lines(app.game.scenario)
    assert any("touches the RV" in r for r in rules)
    assert "Survivors can not enter buildings." in rules


def test_closed_doors_are_drawn_differently_and_the_pretzel_holder_is_marked() -> None:
    app = app_for(1)
    closed = help.closed_doors(app.game)
    assert "rv" not in closed and set(closed) == set(app.game.board.buildings) - {"rv"}
    assert not help.closed_doors(Game(load(2), 1))  # scenario 2 lets survivors in
    size = app.area.size
    open_bg = pygame.surfarray.array3d(app.view.background(size, app.cam, 0)).copy()
    shut_bg = pygame.surfarray.array3d(app.view.background(size, app.cam, 0,
                                                           closed=frozenset(closed)))
    assert (open_bg != shut_bg).any()
    g6 = Game(load(6), 1, players={"A": 1, "B": 1})
    marked = [d.name for d in adapter.decor(g6).values() if d.pretzel]
    assert marked == ["Anita"]
