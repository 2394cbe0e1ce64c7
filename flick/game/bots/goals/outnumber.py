"""S8, 3 more survivors than the other team: find the face-down tokens (survivor tokens among
them); at a building where a revealed survivor waits, leave it by a move so that it joins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, TeamTactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    if game.rule_state.recruits.get(s.building or "", 0) > 0:
        return HUNT
    return bot.search_goal(game, s, lambda t: not t.face_up)
