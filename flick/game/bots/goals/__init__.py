"""The heuristic bot's goals, one module per objective (`<objective id>.py`), each a function
`goal(bot, game, survivor, objective)` on the `Tactics` the bot offers (`base`), in the manner
of a strategy registry:

- `CORE`: the objectives of scenarios 1-4 (`survivor_in_rv_few_zombies`, `tokens_in_base`,
  `escort_to_building`), asked by the core tactics (`flick.game.bots.heuristic.CoreBot`);
- `TEAM`: the team objectives of scenarios 5-10, asked for the survivor's own team by
  `flick.game.bots.five_to_ten.HeuristicBot`, which bends them for a hidden betrayer.
"""

from __future__ import annotations

from flick.game.bots.goals import (
    escort_to_building,
    find_survivors_and_tokens,
    hold_building,
    outnumber,
    prevent,
    survivor_in_rv_few_zombies,
    team_escape_in_rv,
    tokens_in_base,
    wipe_out_or_enter_colony,
)
from flick.game.bots.goals.base import (
    HUNT,
    SUPPLIES,
    Goal,
    ObjectiveGoal,
    Tactics,
    TeamGoal,
    TeamTactics,
)

CORE: dict[str, ObjectiveGoal] = {
    "survivor_in_rv_few_zombies": survivor_in_rv_few_zombies.goal,
    "tokens_in_base": tokens_in_base.goal,
    "escort_to_building": escort_to_building.goal,
}
TEAM: dict[str, TeamGoal] = {
    "find_survivors_and_tokens": find_survivors_and_tokens.goal,
    "team_escape_in_rv": team_escape_in_rv.goal,
    "tokens_in_base": tokens_in_base.goal,
    "outnumber": outnumber.goal,
    "hold_building": hold_building.goal,
    "prevent": prevent.goal,
    "wipe_out_or_enter_colony": wipe_out_or_enter_colony.goal,
}

__all__ = ["CORE", "HUNT", "SUPPLIES", "TEAM", "Goal", "ObjectiveGoal", "Tactics", "TeamGoal",
           "TeamTactics"]
