"""Objectives, round-end objectives and skull outcomes of scenarios 5-10.

- S5 `find_survivors_and_tokens`: both separated survivors found and 2 fuel in the RV.
- S6 `team_escape_in_rv`: 2 of the team's survivors, the key and 1 fuel in the RV.
- S7 `tokens_in_base` with `all_of` and `at_round_end`: at a round's end, the base holds all
  the fuel or all the food (as many as the set-up put in play: 3 fuel, 4 food).
- S8 `outnumber`: 3 more survivors than the other team, at any time.
- S9 `hold_building` (team B, at a round's end) and `prevent` (team A, wins at the skull).
- S10 `wipe_out_or_enter_colony`: no survivor of the other team left alive, or a survivor
  enters the other team's colony holding 2 fuel.
Skull: `skull_both_lose`, `skull_most_tokens_in_base` (tie: most held; still tied: nobody
wins), `skull_most_survivors` (tie: play another round), `skull_team_wins`.

Readings (this project's): "controls the School" means survivors of team B are in it and no
survivor of team A is; the 2 tokens may be held by any of them together. Survivors "a team
controls" are its living survivors (an unmasked betrayer belongs to no team). If both teams
meet an objective at once, the team listed first in the scenario wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.state import GameOver, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

ROUND_END = ("hold_building",)


def count(tokens: list[Any], kinds: list[str] | set[str]) -> int:
    return sum(1 for t in tokens if t.kind in kinds)


def alive(game: Game, team: str) -> list[Survivor]:
    return [s for s in game.survivors.values() if s.alive and s.team == team]


def teams(game: Game) -> list[str]:
    return [t.name for t in game.scenario.teams]


def met(game: Game, obj: Any, round_end: bool) -> bool:
    """Is objective `obj` met now? Round-end objectives only when `round_end`."""
    p = dict(obj.params)
    team = obj.team or teams(game)[0]
    if obj.id == "find_survivors_and_tokens":
        base = game.stashes.get(p.get("base", "rv"), [])
        need = {k: int(v) for k, v in p.get("tokens", {}).items()}
        return game.rule_state.found >= int(p.get("survivors_found", 2)) and all(
            count(base, {k}) >= n for k, n in need.items())
    if obj.id == "team_escape_in_rv":
        base = p.get("base", "rv")
        inside = [s for s in alive(game, team) if s.building == base]
        need = {k: int(v) for k, v in p.get("tokens", {}).items()}
        return len(inside) >= int(p.get("survivors", 2)) and all(
            count(game.stashes.get(base, []), {k}) >= n for k, n in need.items())
    if obj.id == "tokens_in_base" and p.get("all_of"):
        if p.get("at_round_end") and not round_end:
            return False
        base = game.stashes.get(p.get("base", "rv"), [])
        return any(count(base, {k}) >= game.rule_state.initial_counts.get(k, 99)
                   for k in p["all_of"])
    if obj.id == "outnumber":
        others = [t for t in teams(game) if t != team]
        mine = len(alive(game, team))
        return all(mine >= len(alive(game, t)) + int(p.get("margin", 3)) for t in others)
    if obj.id == "hold_building":
        if p.get("at_round_end", True) and not round_end:
            return False
        building = p.get("building", "school")
        inside = [s for s in game.survivors.values() if s.alive and s.building == building]
        holders = [s for s in inside if s.team == team]
        held = sum(count(s.inventory, set(p.get("tokens_of", []))) for s in holders)
        return bool(holders) and len(holders) == len(inside) and held >= int(p.get("count", 2))
    if obj.id == "wipe_out_or_enter_colony":
        enemy = p.get("team") or next(t for t in teams(game) if t != team)
        return not alive(game, enemy)
    return False


def check(game: Game, round_end: bool = False) -> None:
    """Raise GameOver for the first objective met (scenario order)."""
    for obj in game.scenario.objectives:
        if obj.id == "prevent":
            continue
        if met(game, obj, round_end):
            raise GameOver(obj.team or teams(game)[0], "objective")


def entered_colony(game: Game, s: Survivor, building: str) -> None:
    """S10: a survivor entering the other team's colony holding 2 fuel wins for its team."""
    for obj in game.scenario.objectives:
        if obj.id != "wipe_out_or_enter_colony" or obj.team != s.team:
            continue
        p = dict(obj.params)
        need = {k: int(v) for k, v in p.get("tokens", {"fuel": 2}).items()}
        if building == p.get("building") and all(
                count(s.inventory, {k}) >= n for k, n in need.items()):
            game.event("colony_entered", survivor=s.name, building=building)
            raise GameOver(s.team, "objective")


def at_skull(game: Game) -> None:
    """The round marker reached the skull: the scenario's outcome, or another round."""
    sk = game.scenario.skull
    p = dict(sk.params)
    names = teams(game)
    if sk.id == "skull_team_wins":
        raise GameOver(p.get("team", names[0]), "skull")
    if sk.id == "skull_most_tokens_in_base":
        kinds = set(p.get("kinds", ["fuel", "food"]))
        bases = {t.name: t.base for t in game.scenario.teams}
        score = {t: count(game.stashes.get(bases[t] or "", []), kinds) for t in names}
        best = _unique_best(score)
        if best is None and p.get("tie") == "most_held":
            held = {t: sum(count(s.inventory, kinds) for s in alive(game, t)) for t in names}
            best = _unique_best(held)
        game.event("skull_count", tokens=score)
        raise GameOver(best, "skull")
    if sk.id == "skull_most_survivors":
        score = {t: len(alive(game, t)) for t in names}
        best = _unique_best(score)
        game.event("skull_count", survivors=score)
        if best is None and p.get("tie") == "another_round":
            game.event("another_round", survivors=score)
            return
        raise GameOver(best, "skull")
    raise GameOver(None, "skull")


def _unique_best(score: dict[str, int]) -> str | None:
    top = max(score.values())
    best = [t for t, v in score.items() if v == top]
    return best[0] if len(best) == 1 else None
