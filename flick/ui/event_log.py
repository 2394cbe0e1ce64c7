"""The window's event log: the game's events in words, as the log box shows them."""

from __future__ import annotations

from collections.abc import Sequence

from flick.game.narration import describe
from flick.game.state import Event

KEPT_LINES = 200  # the newest lines kept; older ones scroll away for good


class EventLog:
    """A line for each event the narration tells (`flick.game.narration.describe`), the
    newest `KEPT_LINES`. While a shot animates only the lines from before it are shown
    (`hold`, `shown`): its own appear once its motion has played out."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.read = 0  # the game's events narrated so far
        self.held = 0  # the lines shown while a shot animates

    def catch_up(self, events: Sequence[Event]) -> None:
        """Narrate the events not read yet (the game's whole list, in order)."""
        for i in range(self.read, len(events)):
            self.tell(events[i], events[i - 1] if i else None)
        self.read = len(events)

    def tell(self, event: Event, before: Event | None) -> None:
        """One event, after `before` (the narration joins some to the one before)."""
        line = describe(event, before)
        if line:
            self.lines.append(line)
        cut = len(self.lines) - KEPT_LINES
        if cut > 0:
            del self.lines[:cut]
            self.held = max(0, self.held - cut)

    def hold(self) -> None:
        """A shot begins: the lines it adds wait until its motion has played."""
        self.held = len(self.lines)

    def shown(self, animating: bool) -> list[str]:
        """The lines the log box shows."""
        return self.lines[: self.held] if animating else self.lines

    def clear(self) -> None:
        """Forget every line (the game is replayed from its start)."""
        self.lines, self.read, self.held = [], 0, 0
