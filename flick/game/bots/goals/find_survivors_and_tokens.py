"""S5, both separated survivors found and 2 fuel in the RV: fetch them like tokens (the survivor
tokens are face down among the others); but when the next horde needs zombies in the bin (else
the city is overrun), a survivor in the streets with a weapon that reaches hunts first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, TeamTactics, reaches

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    p = dict(obj.params)
    if bot.s5_kills_urgent(game) and s.piece is not None and reaches(s):
        return HUNT
    return bot.token_goal(game, s, p.get("base", "rv"),
                          {k: int(v) for k, v in p.get("tokens", {}).items()})
