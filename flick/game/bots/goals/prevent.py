"""S9 team A, keep team B from holding the School: the two of the team nearest the School's
door go in and hold it; the others hunt."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, TeamTactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    building = next((dict(o.params).get("building", "school")
                     for o in game.scenario.objectives if o.id == "hold_building"), "school")
    door = game.board.door_mid(building)
    spots = {x.name: pos for x in game.survivors.values() if x.alive
             and x.team == s.team and (pos := game.board.piece_position(x)) is not None}
    guards = sorted(spots, key=lambda n: (math.dist(spots[n], door), n))
    if s.name in guards[:2]:
        return Goal("enter", building)
    return HUNT
