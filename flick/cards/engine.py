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

For the game-AI adapters (OpenSpiel, PettingZoo; issue 19) a game also declares:
- `num_distinct_actions()`: the size of a dense action range `0 .. num_distinct_actions() - 1`
  (constant for a game's configuration: players, card data), with `action_to_id(action)` and
  `id_to_action(action_id)` mapping the game's own action codes (sparse: Surrounded's reach
  2^34) to dense ids and back. Like the codes, an id is read in the state where it is legal
  (both games' codes name positions: a row index, a map cell); `id_to_action(action_to_id(a))
  == a` for every legal `a`, and distinct legal actions have distinct ids. `DenseCodes` builds
  such a mapping from sections of codes (`Section`);
- `max_game_length()`: an upper bound on the number of decisions (`apply` calls) of a game;
- `legal_actions(player)`: the legal actions of any seat: those of the seat to act, empty for
  every other seat (the games are sequential: one seat decides at a time; Something to Fear's
  simultaneous Character choice is taken seat by seat, hidden until all have chosen).
  `legal_action_ids(player)` gives the same as sorted dense ids.
Games that do not declare them yet raise `NotImplementedError`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, ClassVar

from flick.errors import FlickError

TERMINAL = -4  # current_player() of a finished game (OpenSpiel's value)


class IllegalActionError(FlickError):
    """An action that is not legal in this state; the state is unchanged."""

    exit_code = 2


class GameOverError(IllegalActionError):
    """An action applied to a finished game."""


def check_action(game_name: str, action: object) -> None:
    """Refuse an action that is not a real int: True, 0.0 and 2.0 compare equal to legal
    codes but are not actions (IllegalActionError, nothing changes)."""
    if type(action) is not int:
        raise IllegalActionError(
            f"{game_name}: an action is a whole number (int), not {action!r} "
            f"({type(action).__name__})"
        )


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
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of `player` (None: the player to act), sorted; empty for a seat
        that is not to act and when the game is over."""

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

    # ---- declared for the adapters (see the module docstring) ---------------------------
    def num_distinct_actions(self) -> int:
        """Size of the dense action-id range of this game's configuration."""
        raise NotImplementedError(f"{self.game_name}: no dense action range declared")

    def action_to_id(self, action: int) -> int:
        """The dense id of `action` (a code legal in this state) in 0..num_distinct_actions-1."""
        raise NotImplementedError(f"{self.game_name}: no dense action range declared")

    def id_to_action(self, action_id: int) -> int:
        """The action code of dense id `action_id`, read in this state."""
        raise NotImplementedError(f"{self.game_name}: no dense action range declared")

    def max_game_length(self) -> int:
        """An upper bound on the decisions of a whole game of this configuration."""
        raise NotImplementedError(f"{self.game_name}: no game length bound declared")

    def legal_action_ids(self, player: int | None = None) -> list[int]:
        """`legal_actions(player)` as sorted dense ids."""
        return sorted(self.action_to_id(a) for a in self.legal_actions(player))

    # ---- provided ----------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply `action` for the player to act; an illegal action raises and changes nothing."""
        if self.is_terminal():
            raise GameOverError(f"{self.game_name}: the game is over; no action can be applied")
        check_action(self.game_name, action)
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


@dataclass(frozen=True)
class Section:
    """Action codes `code + sum(index_k * stride_k)` for `0 <= index_k < count_k`, with
    `dims = ((count_1, stride_1), ...)`, strides from the largest down (the last usually 1)."""

    code: int
    dims: tuple[tuple[int, int], ...] = ()

    @property
    def size(self) -> int:
        n = 1
        for count, _ in self.dims:
            n *= count
        return n


class DenseCodes:
    """A bijection between the action codes of some `Section`s and dense ids 0..size-1 (the
    sections in code order, each's ids in the order of its indices)."""

    def __init__(self, sections: list[Section]) -> None:
        self.sections = sorted(sections, key=lambda sec: sec.code)
        self.codes = [sec.code for sec in self.sections]
        self.offsets: list[int] = []
        total = 0
        for sec in self.sections:
            self.offsets.append(total)
            total += sec.size
        self.size = total

    def to_id(self, code: int) -> int:
        i = bisect_right(self.codes, code) - 1
        if i >= 0:
            sec = self.sections[i]
            rest, dense = code - sec.code, 0
            for count, stride in sec.dims:
                index, rest = divmod(rest, stride)
                if index >= count:
                    break
                dense = dense * count + index
            else:
                if rest == 0:
                    return self.offsets[i] + dense
        raise ValueError(f"action code {code} is outside the declared action range")

    def to_code(self, action_id: int) -> int:
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")
        i = bisect_right(self.offsets, action_id) - 1  # the last section starting at or before
        sec = self.sections[i]
        rest = action_id - self.offsets[i]
        code = sec.code
        for count, stride in reversed(sec.dims):
            rest, index = divmod(rest, count)
            code += index * stride
        return code
