"""S6, 2 of the team's survivors, the key and a fuel in the RV. What the team knows: the RV's
tokens (revealed on unloading) and its own survivors' inventories, never the other team's
face-down tokens.

- Once the team holds the key and a fuel (in the RV or carried), every survivor of it heads
  into the RV and stays: the game is won when 2 are in.
- A carrier of the key or a fuel takes it to the RV.
- One survivor stays in the RV once the fuel is there (inside, no rush can fell it: a SILENT
  wait, half the team's escape done).
- The city is overrun when the bin is short for the next horde (no winner, worth nothing to
  either team): with kills needed, a survivor in the streets with a weapon that reaches hunts
  instead of searching.
- A team with fewer living survivors than the escape needs can no longer win: it hunts
  (keeping the bin stocked).
Else: search the places with face-down tokens or a face-up key or fuel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.bots.goals.base import HUNT, Goal, TeamTactics, reaches

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def goal(bot: TeamTactics, game: Game, s: Survivor, obj: Any) -> Goal | None:
    p = dict(obj.params)
    base = str(p.get("base", "rv"))
    need_n = int(p.get("survivors", 2))
    rv = game.stashes.get(base, [])
    mates = [x for x in game.survivors.values() if x.alive and x.team == s.team]

    def held(kind: str) -> bool:
        return any(t.kind == kind for t in rv) or any(
            t.kind == kind for x in mates for t in x.inventory)

    mine = {t.kind for t in s.inventory}
    if len(mates) < need_n:
        return HUNT
    if "key" in mine or "fuel" in mine or (held("key") and held("fuel")):
        return Goal("enter", base)
    inside = [x for x in mates if x.building == base]
    if s.building == base and any(t.kind == "fuel" for t in rv) and \
            inside and min(x.name for x in inside) == s.name:
        return Goal("enter", base)  # the one who waits in the RV
    if bot.kills_needed(game) > 0 and s.piece is not None and reaches(s):
        return HUNT
    return bot.search_goal(game, s, lambda t: not t.face_up or t.kind in ("key", "fuel"),
                           skip=base)
