"""Recorded input events for `flick play --script FILE`: a whole turn played without a screen.

A script is JSON: a list of events (or `{"events": [...]}`), each an object with

- `t`: seconds since the script started, counted only while the table waits for the player
  (the script's clock stops while a shot or a rush is animating, so a script does not depend
  on how long the physics takes);
- `type`: `down`, `move`, `up` (mouse; `button` 1 left (default), 3 right), `wheel` (`y`:
  +1 zooms in), `key` (`key`: a pygame key name: `m`, `tab`, `escape`, `return`, `space`...),
  or `command` (`command`: what a panel button sends, e.g. `action:move`, `option:0`);
- where, for mouse events, one of: `pos` [x, y] screen pixels; `cm` [x, y] table cm (through
  the camera of that moment); `at` a named spot: `piece` (the piece to flick), `survivor:NAME`
  (a survivor's figure, first name or full), `zombie:nearest` (the zombie nearest the active
  survivor); plus an optional `d` [dx, dy] cm added to it.

Events must come in time order. A malformed script is refused with its file and event number.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flick.errors import DataFileError

TYPES = ("down", "move", "up", "wheel", "key", "command")
# Positions (pixels or cm) beyond this are mistakes (and beyond what pygame's rectangles hold);
# so are wheel turns of more than MOST_WHEEL notches in one event.
FARTHEST = 1e6
MOST_WHEEL = 100


@dataclass(frozen=True)
class ScriptEvent:
    """One recorded input event (see the module's docstring)."""

    t: float
    type: str
    pos: tuple[float, float] | None = None
    cm: tuple[float, float] | None = None
    at: str | None = None
    d: tuple[float, float] = (0.0, 0.0)
    button: int = 1
    key: str = ""
    y: int = 0
    command: str = ""


class Script:
    """A script as the window plays it: the events not sent yet, in order, and its own
    clock (s), which the window moves on only while no shot animates (the events wait for
    the table, as a player would)."""

    def __init__(self, events: list[ScriptEvent]) -> None:
        self.events = list(events)
        self.clock = 0.0

    def due(self) -> bool:
        """The next event's time has come."""
        return bool(self.events) and self.events[0].t <= self.clock + 1e-9

    def take(self) -> ScriptEvent:
        """The next event, sent now."""
        return self.events.pop(0)


def _pair(data: dict[str, Any], name: str, where: str) -> tuple[float, float] | None:
    if name not in data:
        return None
    v = data[name]
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v)
            and all(abs(c) <= FARTHEST for c in v)):
        raise DataFileError(f"{where}: `{name}` must be [x, y] numbers within +-{FARTHEST:g}, "
                            f"not {v!r}")
    return (float(v[0]), float(v[1]))


def parse(data: Any, source: str = "<script>") -> list[ScriptEvent]:
    """Events from a script's JSON value; errors name `source` and the event (from 1)."""
    if isinstance(data, dict):
        data = data.get("events")
    if not isinstance(data, list):
        raise DataFileError(f"{source}: a script is a list of events (or {{\"events\": [...]}})")
    out: list[ScriptEvent] = []
    last = 0.0
    for i, ev in enumerate(data, start=1):
        where = f"{source}: event {i}"
        if not isinstance(ev, dict):
            raise DataFileError(f"{where}: an event is an object, not {ev!r}")
        kind = ev.get("type")
        if kind not in TYPES:
            raise DataFileError(f"{where}: type must be one of {', '.join(TYPES)}, not {kind!r}")
        t = ev.get("t", last)
        if not isinstance(t, (int, float)) or not math.isfinite(t) or t < last:
            raise DataFileError(f"{where}: t must be a number of seconds, not before the "
                                f"previous event ({last}), got {t!r}")
        last = float(t)
        pos, cm = _pair(ev, "pos", where), _pair(ev, "cm", where)
        at = ev.get("at")
        if kind in ("down", "move", "up") and pos is None and cm is None and at is None:
            raise DataFileError(f"{where}: a mouse event needs `pos`, `cm` or `at`")
        if at is not None and not isinstance(at, str):
            raise DataFileError(f"{where}: `at` is a name like 'piece', not {at!r}")
        if kind == "key" and not isinstance(ev.get("key"), str):
            raise DataFileError(f"{where}: a key event needs `key` (a key name)")
        if kind == "command" and not isinstance(ev.get("command"), str):
            raise DataFileError(f"{where}: a command event needs `command`")
        button = ev.get("button", 1)
        if button not in (1, 2, 3):
            raise DataFileError(f"{where}: button must be 1, 2 or 3, not {button!r}")
        y = ev.get("y", 0)
        if not isinstance(y, int) or isinstance(y, bool) or abs(y) > MOST_WHEEL:
            raise DataFileError(f"{where}: wheel `y` must be a whole number of notches within "
                                f"+-{MOST_WHEEL}, not {y!r}")
        out.append(ScriptEvent(last, kind, pos, cm, at, _pair(ev, "d", where) or (0.0, 0.0),
                               button, str(ev.get("key", "")), y, str(ev.get("command", ""))))
    return out


def load(path: str | Path) -> list[ScriptEvent]:
    """Read a script file; a missing or malformed file raises DataFileError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{p}: cannot read the script: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataFileError(f"{p}: not a text (UTF-8) file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{p}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    return parse(data, str(p))
