"""The clocks of Rise of the Zombies!: the rulebook's timer that never stops, and the turn clock.

"You do not stop the Timer for any reason" and "the game ends when the Timer reaches the Rescue
Helicopter's Departure Time": `RealClock` runs with the wall clock (a `scale` of game minutes
per real minute speeds it up for tests and fast games) and a front end reads it (minutes left,
the text of a countdown, real seconds to the departure) and feeds it to the game with
`sync(state)`, which ends the game the moment the time is up. The turn clock needs no object:
the state charges `minutes_per_turn` itself when a Play Cards step ends (exact, repeatable; the
default of bots-only games). The time source is injected (`now`), so tests never sleep."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


class RealClock:
    """Game minutes since `start()` (or creation): real time times `scale`."""

    kind = "real"

    def __init__(
        self,
        departure: float,
        scale: float = 1.0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        if scale <= 0:
            raise ValueError(f"time scale must be positive, not {scale}")
        self.departure = departure
        self.scale = scale
        self.now = now
        self.started = now()

    def start(self) -> None:
        """Start (or restart) the timer now."""
        self.started = self.now()

    def minutes_used(self) -> float:
        return (self.now() - self.started) * self.scale / 60.0

    def minutes_left(self) -> float:
        return max(self.departure - self.minutes_used(), 0.0)

    def seconds_to_departure(self) -> float:
        """Real (wall) seconds until the Rescue Helicopter departs."""
        return self.minutes_left() * 60.0 / self.scale

    def text(self) -> str:
        """The countdown as the table timer shows it: game minutes and seconds left."""
        left = int(self.minutes_left() * 60.0 + 0.999)
        return f"{left // 60:02d}:{left % 60:02d} left"

    def sync(self, state: RiseOfTheZombies) -> bool:
        """Give the game the minutes used so far; True when the game is over (time up)."""
        state.tick(self.minutes_used())
        return state.is_terminal()
