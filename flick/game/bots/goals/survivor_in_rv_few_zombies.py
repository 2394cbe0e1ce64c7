"""S1, "a survivor in the RV and 3 or fewer zombies in the city": thin the zombies out first;
the survivor nearest the RV waits by it and drives in once few zombies are left (or calmly in
the last round)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, Tactics
from flick.game.bots.tuned import tuned

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor

T = tuned("survivor_in_rv_few_zombies")  # the tuned numbers: assets/bots/<this module>.yaml
FEW_ZOMBIES: int = T["few_zombies"]
RV_WAIT_CM: float = T["rv_wait_cm"]
RV_CALM_CM: float = T["rv_calm_cm"]


def goal(bot: Tactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    p = dict(obj.params)
    base = p.get("building", "rv")
    if any(x.building == base for x in game.survivors.values() if x.alive):
        return HUNT
    # Entering wins at once with few zombies left; otherwise the reaction to the move rushes
    # the nearest zombie at the survivor, now at the RV's door.
    few = game.zombie_counts()["city"] <= int(p.get("max_zombies_in_city", FEW_ZOMBIES))
    door = game.board.door_mid(base)
    calm = not any(game.board.table.is_standing(z)
                   and math.dist(game.board.pos(z), door) < RV_CALM_CM
                   for z in game.board.zombies())
    if few or (game.round_marker <= 1 and calm):
        return Goal("enter", base)
    spots = {x.name: pos for x in game.survivors.values() if x.alive and x.playable
             and (pos := game.board.piece_position(x)) is not None}
    nearest = min(spots, key=lambda n: (math.dist(spots[n], door), n))
    if nearest == s.name:
        return Goal("point", game.board.front(base, RV_WAIT_CM))
    return HUNT
