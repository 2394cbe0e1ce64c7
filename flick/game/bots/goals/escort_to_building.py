"""S3, Anita to the Hospital: her escort takes her in; until she is found every survivor
searches; the others keep their distance from her (every rush they draw heads for them, and one
near her could fell her), kill only what the next horde needs, and guard the Hospital's door."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, Tactics

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: Tactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    rules = game.rules
    target = dict(obj.params).get("building", "hospital")
    if rules.escort == s.name:
        return Goal("enter", target)
    anita = game.survivors.get(rules.rescued or "")
    if anita is not None and anita.alive and rules.escort is None and anita.piece is not None:
        return Goal("point", game.board.pos(anita.piece))
    if anita is not None and (anita.piece is not None or anita.building):
        if bot.kills_needed(game) > 0:
            return HUNT
        return Goal("guard", target) if bot.guard_targets(game, s, target) else Goal("wait", None)
    return bot.search_goal(game, s, lambda t: not t.face_up)
