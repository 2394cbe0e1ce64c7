"""The shared card-game engine API.

A game is a subclass of `State`. The state is the single mutable place of a game: the
players' cards, the decks, whose turn it is, and the game's own seeded generator
(`random.Random`, whose algorithm and seeding are stable across Python versions), so that
chance events (shuffles, dice, draws) are part of the state: the same seed and the same
actions give the same game, a clone goes on exactly like the original, and the JSON dump
holds everything needed to rebuild it.

Actions are small integers, stable for a given state; `action_to_string` gives each a readable
label (the terminal lists them by number). `apply` checks the action against
`legal_actions()` *before* touching anything, so an illegal action raises
`IllegalActionError` and changes nothing.

Hidden information: `render(viewer)` and `observation(player)` show only what that player may
see; `determinize(player, rng)` returns a copy in which everything hidden from `player` is
re-dealt at random consistently with what the player knows (for information-set search bots).

Trade-off: actions are plain ints rather than objects, because bots and the random-play
benchmark make tens of thousands of decisions per second in pure Python.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from flick.errors import FlickError

TERMINAL = -4  # current_player() of a finished game (OpenSpiel's value)


class IllegalActionError(FlickError):
    """An action that is not legal in this state; the state is unchanged."""

    exit_code = 2


class GameOverError(IllegalActionError):
    """An action applied to a finished game."""


class State(ABC):
    """One game in progress. Subclasses implement the underscored hooks and the rules."""

    game_name: ClassVar[str] = ""
    num_players: int = 1
    rng: random.Random

    # ---- the API every game implements -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0-based), or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal actions of the player to act, sorted, empty when the game is over."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """A readable label for `action` in this state."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already checked) and any chance that follows it."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result: for finished games, 1.0 a win, 0.0 a loss (or a score)."""

    @abstractmethod
    def render(self, viewer: int | None = None) -> str:
        """The state as text, as seen by `viewer` (None: everything, for logs and tests)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state, JSON-serialisable, generator included."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> State: ...

    # ---- provided ----------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply `action` for the player to act; an illegal action raises and changes nothing."""
        if self.is_terminal():
            raise GameOverError(f"{self.game_name}: the game is over; no action can be applied")
        legal = self.legal_actions()
        if action not in legal:
            shown = ", ".join(f"{a} ({self.action_to_string(a)})" for a in legal[:12])
            more = " ..." if len(legal) > 12 else ""
            raise IllegalActionError(
                f"{self.game_name}: action {action!r} is not legal now; legal: {shown}{more}"
            )
        self._apply(action)

    def labelled_actions(self) -> list[tuple[int, str]]:
        return [(a, self.action_to_string(a)) for a in self.legal_actions()]

    def clone(self) -> State:
        return copy.deepcopy(self)

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see, as data. Games with hidden information override this."""
        return self.to_json()

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy with what `player` cannot see re-dealt at random. Perfect-information and
        solitaire games whose only hidden thing is a shuffled deck override this to reshuffle."""
        return self.clone()

    def winners(self) -> list[int]:
        """Seats with the best return (empty for a game not yet over)."""
        if not self.is_terminal():
            return []
        r = self.returns()
        best = max(r)
        return [i for i, v in enumerate(r) if v == best]


def rng_state_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random(0)  # seeded only to skip an OS entropy read; setstate overwrites it
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng
