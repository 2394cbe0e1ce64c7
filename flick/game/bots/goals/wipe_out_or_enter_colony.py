"""S10, wipe out the other team or enter its colony holding 2 fuel: a survivor carrying 2 fuel
goes in; the others search for fuel (the hunting comes from the bot's tactics)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import Goal, TeamTactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    colony = dict(obj.params).get("building", "rv")
    if sum(1 for t in s.inventory if t.kind == "fuel") >= 2:
        return Goal("enter", colony)
    return bot.search_goal(game, s, lambda t: not t.face_up or t.kind == "fuel", skip=colony)
