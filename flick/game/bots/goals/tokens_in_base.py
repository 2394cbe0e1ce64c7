"""S2 and S4, tokens in the base (the RV): fetch what it lacks. S7 (`all_of`): all the fuel or
all the food of the game in the team's base at a round's end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import Goal, Tactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: Tactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    p = dict(obj.params)
    if p.get("all_of"):
        base = p.get("base", "rv")
        need = {k: game.rule_state.initial_counts.get(k, 0) for k in p["all_of"]}
        return bot.token_goal(game, s, base, need)
    return bot.token_goal(game, s, str(p.get("base", p.get("building", "rv"))),
                          {k: int(v) for k, v in p.get("tokens", {}).items()})
