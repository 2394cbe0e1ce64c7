"""Small cities and helpers the rule tests of `flick.game` share: a hand-built competitive
city (`table`, `BASE`) and its scenario 8 and powers variants, putting a survivor inside,
freezing a game to compare, aiming a flick, the last event of a kind, scenario 2's city."""

from __future__ import annotations

import copy
import math
from functools import cache
from typing import Any

from flick.game import Game
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    Flick,
    Move,
    Shoot,
)
from flick.game.scenarios.inputs import (
    Flare,
)
from flick.scenario import load
from flick.scenario.model import Scenario

RULES = ["shotgun", "sniper_rifle", "fight_survivor_vs_zombie", "take_in_city", "crossroads",
         "fight_survivor_vs_survivor", "stealing", "special_powers", "flare"]


BASE: dict[str, Any] = {
    "number": 91, "name": "Test town", "mode": "competitive", "players": {"min": 2, "max": 10},
    "story": "a test", "city": {"width": 90, "height": 90},
    "zombie_bin": {"x": 80, "y": 5, "zombies": 6, "tower_facing": "west"},
    "buildings": [{"name": "library", "x": 20, "y": 80, "facing": "south"},
                  {"name": "rv", "x": 70, "y": 80, "facing": "south"},
                  {"name": "school", "x": 45, "y": 10, "facing": "north"}],
    "zombies": [{"x": 45, "y": 45}],
    "teams": [
        {"name": "A", "base": "rv", "survivors": [
            {"name": "John", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Elijah", "life": 3, "x": 30, "y": 40, "power_side": True}]},
        {"name": "B", "base": "school", "survivors": [
            {"name": "Rosa", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Anita", "life": 3, "x": 70, "y": 30, "power_side": True}]}],
    "pretzel": {"survivor": "John"},
    "round_marker": {"start": 4, "first_round": "day"},
    "invasion": {"day": 1, "night": 1},
    "objectives": [
        {"id": "team_escape_in_rv", "team": "A", "text": "t",
         "params": {"base": "rv", "survivors": 2, "tokens": {"key": 1, "fuel": 1}}},
        {"id": "team_escape_in_rv", "team": "B", "text": "t",
         "params": {"base": "rv", "survivors": 2, "tokens": {"key": 1, "fuel": 1}}}],
    "losing": [{"id": "city_overrun", "text": "t"}],
    "skull": {"id": "skull_both_lose", "text": "t"},
    "special_rules": [{"id": r} for r in RULES],
    "provenance": {"rulebook": [], "reconstructed": ["all"]},
}


def table(**changes: Any) -> Scenario:
    data = copy.deepcopy(BASE)
    extra_rules = changes.pop("rules", [])
    data.update(changes)
    data["special_rules"] = data["special_rules"] + [{"id": r} for r in extra_rules]
    return Scenario.model_validate(data)


def put_inside(game: Game, name: str, building: str) -> Any:
    s = game.survivors[name]
    game.board.remove_survivor(s)
    s.building = building
    return s


def frozen(game: Game) -> Any:
    return (copy.deepcopy(game.rule_state), {n: copy.deepcopy(s.__dict__)
                                      for n, s in game.survivors.items()},
            copy.deepcopy(game.stashes), game.phase, game.actions_done,
            game.board.table.state_hash())


def aim(game: Game, duel: Any, name: str) -> Flick:
    (sx, sy), kind = duel.weapon_piece_start(name)
    target = min(duel.targets(name), key=lambda n: math.dist((sx, sy), duel.position(n)))
    angle, strength = impulse_to(game.board.params, kind, (sx, sy), duel.position(target),
                                 arrive=160.0)
    return Flick(vector(angle, strength))


def turn_noise_events(game: Game, name: str) -> int:
    return sum(1 for e in game.events if e.type == "noise" and e.data["survivor"] == name)


def s8_table() -> Scenario:
    return table(rules=["x_tokens_block_buildings", "moving_x_tokens", "new_survivor"],
                 reserve_survivors=["Mike", "Lily", "Thomas"],
                 tokens={"pools": [{"shuffle": {"gun": 3}, "place": {}, "supply": 3}],
                         "fixed": [{"token": "x", "at": "school", "count": 1, "where": "front"}]},
                 objectives=[{"id": "outnumber", "team": t, "text": "t", "params": {"margin": 3}}
                             for t in ("A", "B")],
                 skull={"id": "skull_most_survivors", "text": "t",
                        "params": {"tie": "another_round"}})


def s10_with_betrayer(seed: int) -> Game:
    from flick.scenario import load

    game = Game(load(10), seed, players={"A": 3, "B": 3})
    a = [s.name for s in game.survivors.values() if s.team == game.current_team]
    game.rule_state.betrayers = [a[1]]
    game.rule_state.objective[a[1]] = "b01"
    return game


def powers_table() -> Scenario:
    return table(teams=[
        {"name": "A", "survivors": [
            {"name": "John", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Thomas", "life": 3, "x": 10, "y": 60, "power_side": True},
            {"name": "Mike", "life": 3, "x": 10, "y": 20, "power_side": True}]},
        {"name": "B", "survivors": [
            {"name": "Rosa", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Lily", "life": 3, "x": 38, "y": 45, "power_side": True}]}],
        zombies=[{"x": 45, "y": 45}, {"x": 55, "y": 55}, {"x": 65, "y": 55},
                 {"x": 75, "y": 55}],
        pretzel={"survivor": "John"})


def aimed(g: Game, kind: str, start: tuple[float, float], target: tuple[float, float],
          arrive: float = 0.0) -> Flick:
    angle, strength = impulse_to(g.board.params, kind, start, target, arrive=arrive)
    return Flick((strength * math.cos(angle), strength * math.sin(angle)))


def mike_up() -> tuple[Game, Any]:
    game = Game(powers_table(), 1)
    for name in ("John Price", "Lily Mae", "Thomas Heart", "Rosa Rodriguez"):
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    return game, mike


def loretta_up() -> tuple[Game, Any]:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Loretta", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Loretta"}), 1)
    loretta = put_inside(game, "Loretta Clay", "library")
    loretta.inventory = []
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    for t in game.stashes["library"]:
        t.face_up = True
    game.apply(ChooseSurvivor(loretta.name))
    return game, loretta


@cache
def _s2_city() -> Game:
    return Game(load(2), 1)


def s2_game() -> Game:
    """Scenario 2's city as set up (seed 1), a fresh copy for each test."""
    return copy.deepcopy(_s2_city())


def against_the_hospital(game: Game) -> None:
    """Two of S2's zombies moved in against the Hospital's support blocks, 2.2 cm off (where
    the map had them before it set them 6 cm off, scenarios/s02's provenance)."""
    board = game.board
    for (x, y), to in (((30.0, 26.0), 34.0), ((60.0, 26.0), 56.0)):
        z = min(board.zombies(), key=lambda z: math.dist(board.pos(z), (x, y)))
        assert math.dist(board.pos(z), (x, y)) < 0.01
        board.table.set_pose(z, to, y, board.table.angle(z))


def x_elsewhere() -> Any:
    """The S8 test city with its X token in front of the RV (the school stays open)."""
    return table(rules=["x_tokens_block_buildings", "moving_x_tokens", "new_survivor"],
                 reserve_survivors=["Mike", "Lily", "Thomas"],
                 tokens={"pools": [{"shuffle": {"gun": 3}, "place": {}, "supply": 3}],
                         "fixed": [{"token": "x", "at": "rv", "count": 1, "where": "front"}]},
                 objectives=[{"id": "outnumber", "team": t, "text": "t", "params": {"margin": 3}}
                             for t in ("A", "B")],
                 skull={"id": "skull_most_survivors", "text": "t",
                        "params": {"tie": "another_round"}})


def loud_turn(game: Game) -> None:
    """John's turn: a shot along the street (LOUD), then the end of the turn."""
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    at = game.board.pos(john.piece)
    start = game.board.beside(at, john.facing, "left", game.board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", start, (start[0] + 30.0, start[1]))))
    game.apply(EndTurn())


def last(g: Game, kind: str) -> dict:
    return [e.data for e in g.events if e.type == kind][-1]


def s4_behind(dx: float = -1.5, back: float = 7.0) -> tuple[Game, tuple[float, float]]:
    """S4's Grocery (door at y = 30, blocks 3 cm deep): Rosa `back` cm behind its blocks."""
    game = Game(load(4), 1)
    rosa = game.survivors["Rosa Rodriguez"]
    assert rosa.piece is not None
    mx, my = game.board.door_mid("grocery_store")
    start = (mx + dx, my - game.board.block_depth - back)
    game.board.table.set_pose(rosa.piece, *start, math.pi / 2)
    game.apply(ChooseSurvivor(rosa.name))
    return game, start


def to_the_east_limit(inside: float) -> tuple[Game, tuple[float, float], float]:
    """S2: Rosa slides the disc east to stop `inside` cm short of the city limit."""
    game = Game(load(2), 1)
    s = game.survivors["Rosa Rodriguez"]
    assert s.piece is not None
    width = game.board.city[0]
    start = (width - 12.0, 60.0)
    game.board.table.set_pose(s.piece, *start, 0.0)
    game.apply(ChooseSurvivor(s.name))
    game.apply(Move(aimed(game, "movement_disc", start, (width - inside, 60.0))))
    assert last(game, "flick")["first_touch"] is None
    return game, start, width


def flare_to(inside: float) -> dict:
    """S7 on (the test city): Elijah flicks a flare east to stop `inside` cm short of the limit."""
    game = Game(table(), 1)
    for name in ("John Price", "Rosa Rodriguez"):
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    elijah = game.survivors["Elijah Jordan"]
    assert elijah.piece is not None
    game.board.table.set_pose(elijah.piece, 75.0, 50.0, 0.0)
    elijah.facing = 0.0
    game.apply(ChooseSurvivor(elijah.name))
    start = game.board.beside((75.0, 50.0), 0.0, "right", 2.0)
    target = (game.board.city[0] - inside, start[1])
    game.apply(Flare(aimed(game, "flare_token", start, target), big=False))
    assert last(game, "flick")["first_touch"] is None
    return last(game, "flare")
