"""Issue 17 (items 1, 2, 4, 9d): barricades not removed from behind a building, the bat may
touch the support blocks of the building it enters, stealing after any attack that fells a
survivor, and "in the city" for the whole disc; each played through `Game.apply` on the
physics table."""

from __future__ import annotations

import math

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import Bat, ChooseSurvivor, EndTurn, Flick, Move, Shoot
from flick.game.scenarios.inputs import Flare
from flick.scenario.loader import load
from tests.game.test_scenarios_5_10_rules import table


def aimed(g: Game, kind: str, start: tuple[float, float], target: tuple[float, float],
          arrive: float = 0.0) -> Flick:
    angle, strength = impulse_to(g.board.params, kind, start, target, arrive=arrive)
    return Flick((strength * math.cos(angle), strength * math.sin(angle)))


def last(g: Game, kind: str) -> dict:
    return [e.data for e in g.events if e.type == kind][-1]


# ---- 1. S4: no removing barricades from behind a building --------------------------------
def _s4_behind(dx: float = -1.5, back: float = 7.0) -> tuple[Game, tuple[float, float]]:
    """S4's Grocery (door at y = 30, blocks 3 cm deep): Rosa `back` cm behind its blocks."""
    game = Game(load(4), 1)
    rosa = game.survivors["Rosa Rodriguez"]
    assert rosa.piece is not None
    mx, my = game.board.door_mid("grocery_store")
    start = (mx + dx, my - game.board.block_depth - back)
    game.board.table.set_pose(rosa.piece, *start, math.pi / 2)
    game.apply(ChooseSurvivor(rosa.name))
    return game, start


def test_s4_a_disc_from_behind_the_grocery_removes_no_barricade_and_fails() -> None:
    game, start = _s4_behind()
    bars = {b: game.board.pos(b) for b in game.board.barricades()}
    assert len(bars) == 2
    # under the facade, through the doorway from behind, into both barricades
    game.apply(Move(aimed(game, "movement_disc", start, (start[0], 36.0))))
    assert last(game, "flick")["first_touch"].startswith("barricade")
    assert last(game, "move")["success"] is False
    rosa = game.survivors["Rosa Rodriguez"]
    assert rosa.building is None and rosa.piece is not None
    assert game.board.pos(rosa.piece) == start
    assert {b: game.board.pos(b) for b in game.board.barricades()} == bars
    assert game.board.barricaded("grocery_store")
    assert not [e for e in game.events if e.type == "barricade_removed"]


def test_s4_a_bullet_from_behind_the_grocery_moves_no_barricade() -> None:
    game, start = _s4_behind(dx=-2.0, back=6.0)
    bars = {b: game.board.pos(b) for b in game.board.barricades()}
    rosa = game.survivors["Rosa Rodriguez"]
    at = game.board.beside(start, rosa.facing, "left", game.board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", at, (at[0], 36.0), arrive=150.0)))
    assert last(game, "flick")["first_touch"].startswith("barricade")
    assert {b: game.board.pos(b) for b in game.board.barricades()} == bars
    assert rosa.building is None


# ---- 2. the bat may touch the blocks of the building it enters --------------------------
def test_the_bat_enters_the_hospital_touching_its_block_like_the_disc() -> None:
    outcome = {}
    for kind in ("movement_disc", "baseball_bat"):
        game = Game(load(2), 1)
        john = game.survivors["John Price"]
        assert john.piece is not None
        game.board.table.set_pose(john.piece, 80.0, 80.0, 0.0)  # out of the way
        s = game.survivors["Elijah Jordan"]
        s.inventory.append(game.new_token("bat"))
        mx, my = game.board.door_mid("hospital")
        start = (mx + 3.6, my + 15.0)
        assert s.piece is not None
        game.board.table.set_pose(s.piece, *start, -math.pi / 2)
        game.apply(ChooseSurvivor(s.name))
        flick = aimed(game, kind, start, (mx + 3.6, my - 2.0), arrive=40.0)
        game.apply(Move(flick) if kind == "movement_disc" else Bat(-math.pi / 2, flick))
        assert last(game, "flick")["first_touch"] == "hospital:block"
        outcome[kind] = (last(game, "move")["success"], s.building)
    assert outcome["movement_disc"] == (True, "hospital")
    assert outcome["baseball_bat"] == outcome["movement_disc"]


# ---- 4. stealing after any attack that fells a survivor -------------------------------------
def test_a_bat_knocking_over_a_survivor_offers_a_steal() -> None:
    game = Game(table(), 1)
    elijah, anita = game.survivors["Elijah Jordan"], game.survivors["Anita Wallace"]
    elijah.inventory = [game.new_token("fuel", face_up=False)]
    anita.inventory = [game.new_token("bat")]
    game.apply(ChooseSurvivor("John Price"))
    game.apply(EndTurn())
    assert elijah.piece is not None and anita.piece is not None
    e = game.board.pos(elijah.piece)
    start = (e[0] + 9.0, e[1])
    game.board.table.set_pose(anita.piece, *start, math.pi)
    game.apply(ChooseSurvivor(anita.name))
    game.apply(Bat(math.pi, aimed(game, "baseball_bat", start, e, arrive=150.0)))
    assert last(game, "flick")["first_touch"] == elijah.name
    assert last(game, "move")["success"] is True
    assert not elijah.standing and elijah.life == 3  # the bat fells, it does not wound
    offers = [x.data for x in game.events if x.type == "steal_offer"]
    assert offers and offers[-1]["victim"] == elijah.name
    assert game.phase == "decide" and game.legal_kinds() == ["steal"]


# ---- 9d. in the city: the whole disc ------------------------------------------------------
def _to_the_east_limit(inside: float) -> tuple[Game, tuple[float, float], float]:
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


def test_a_disc_overhanging_the_city_limit_fails_the_move() -> None:
    game, start, _ = _to_the_east_limit(1.0)
    s = game.survivors["Rosa Rodriguez"]
    assert s.piece is not None
    move = last(game, "move")
    assert move["success"] is False
    assert game.board.pos(s.piece) == start


def test_a_disc_wholly_inside_the_city_limit_moves() -> None:
    game, _, width = _to_the_east_limit(4.0)
    move = last(game, "move")
    assert move["success"] is True
    assert move["to"][0] + game.board.disc / 2 <= width


def _flare_to(inside: float) -> dict:
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


def test_a_flare_overhanging_the_city_limit_is_lost() -> None:
    flare = _flare_to(0.5)
    assert flare["at"][0] < 90.0  # its centre stopped inside the limit
    assert flare["success"] is False


def test_a_flare_wholly_inside_the_city_limit_holds() -> None:
    assert _flare_to(4.0)["success"] is True


def test_a_zombie_knocked_down_across_the_city_limit_is_put_just_inside() -> None:
    game = Game(load(2), 1)
    s = game.survivors["Rosa Rodriguez"]
    assert s.piece is not None
    s.inventory.append(game.new_token("bat"))
    zombie = game.board.zombies()[0]
    game.board.table.set_pose(zombie, 85.0, 60.0, 0.0)
    start = (73.0, 60.0)
    game.board.table.set_pose(s.piece, *start, 0.0)
    game.apply(ChooseSurvivor(s.name))
    game.apply(Bat(0.0, aimed(game, "baseball_bat", start, (85.0, 60.0), arrive=20.0)))
    assert last(game, "flick")["first_touch"] == f"zombie:{zombie}"
    assert not game.board.table.is_standing(zombie)  # it fell, lying toward the limit
    assert game.board.in_city(zombie)  # placed just inside, the whole figure
    assert game.board.pos(zombie)[0] > 80.0  # about where it left
