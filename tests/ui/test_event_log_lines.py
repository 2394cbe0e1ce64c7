"""The window's event log keeps the newest lines and holds a shot's own until it has played."""

from __future__ import annotations

from flick.game.state import Event
from flick.ui.event_log import KEPT_LINES, EventLog


def _said(n: int) -> Event:
    return Event("turn", {"turn": n, "survivor": "Mike Cho", "team": "A"})


def test_the_log_keeps_the_newest_lines_and_what_a_shot_holds_back() -> None:
    log = EventLog()
    log.catch_up([_said(i) for i in range(5)])
    assert log.lines == [f"Turn {i}: Mike (team A)" for i in range(5)]
    log.hold()
    log.catch_up([_said(i) for i in range(5 + KEPT_LINES)])
    assert len(log.lines) == KEPT_LINES and log.lines[-1] == f"Turn {4 + KEPT_LINES}: Mike (team A)"
    assert log.shown(animating=False) == log.lines
    # The held lines scrolled away with the oldest: nothing of the shot's shows early.
    assert log.shown(animating=True) == []
    log.clear()
    assert log.lines == [] and log.read == 0
