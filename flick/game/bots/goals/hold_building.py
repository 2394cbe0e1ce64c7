"""S9 team B, hold the School at a round's end with 2 supplies carried inside: a survivor
carrying 2 goes in; the others search for supplies elsewhere."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import SUPPLIES, Goal, TeamTactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    p = dict(obj.params)
    building = p.get("building", "school")
    if sum(1 for t in s.inventory if t.kind in SUPPLIES) >= int(p.get("count", 2)):
        return Goal("enter", building)
    return bot.search_goal(game, s, lambda t: not t.face_up or t.kind in SUPPLIES,
                           skip=building)
