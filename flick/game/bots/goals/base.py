"""What a goal is, and what a goal may ask of the bot.

A goal (`Goal`) says what a survivor should be doing for its team's objective, a kind and
its argument: ("enter", building), ("point", (x, y)), ("object", piece), ("barricade",
building), ("guard", building), ("hunt", None), ("wait", None). The bot's tactics turn it
into a flick (`flick.game.bots.walking.Walking.goal_point_of` places the goals that lie
somewhere).

An objective's goal is a function `(bot, game, survivor, objective) -> Goal | None` (None: this
objective gives the survivor nothing to do, the next one is asked). It asks the bot only
through `Tactics`: the searches and counts every objective shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from flick.game.bots.tuned import tuned

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor

class Goal(NamedTuple):
    """What a survivor should be doing: `kind` (enter, point, object, barricade, guard, hunt,
    wait) and its `arg` (a building, a point (x, y), a piece, or None). Equal to the plain
    tuple (kind, arg)."""

    kind: str
    arg: Any


HUNT = Goal("hunt", None)
SUPPLIES = ("food", "fuel", "medicine")  # S9's supplies (the School needs 2 of them)


class Tactics(Protocol):
    """What a goal may ask of the bot."""

    def token_goal(self, game: Game, s: Survivor, base: str, need: dict[str, int]) -> Goal:
        """Fetch what `base` still lacks of `need` (search, carry, deliver)."""
        ...

    def search_goal(self, game: Game, s: Survivor, useful: Any, skip: str | None = None,
                    home: str | None = None, sure: Any = None) -> Goal:
        """Go where a token `useful` says is worth taking lies (shared among the team)."""
        ...

    def kills_needed(self, game: Game) -> int:
        """Zombies to kill before the next horde, or the city is overrun."""
        ...

    def guard_targets(self, game: Game, s: Survivor, building: str) -> list[int]:
        """S3: the zombies at the Hospital's door the guards should shoot."""
        ...


class TeamTactics(Tactics, Protocol):
    """What a team objective of scenarios 5-10 may ask besides."""

    def s5_kills_urgent(self, game: Game) -> bool:
        """S5: must a survivor in the streets kill now?"""
        ...


ObjectiveGoal = Callable[[Tactics, "Game", "Survivor", Any], "Goal | None"]
TeamGoal = Callable[[TeamTactics, "Game", "Survivor", Any], "Goal | None"]


def reaches(s: Survivor) -> bool:
    """Does `s` carry a weapon that shoots (the bot's SHOT_RANGE names it)?"""
    return bool(set(s.weapons()) & set(tuned("fighting")["shot_range"]))
