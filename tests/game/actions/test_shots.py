"""The survivors' flicks (`flick.game.actions.shots`): moves, the bat, shots and barricades,
through `Game.apply` on the physics table."""

from __future__ import annotations

import copy
import math

import pytest

from flick.game import Game
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    Flick,
    Move,
    Shoot,
)
from flick.scenario import load
from tests.game.tables import aimed, last, s4_behind, table, to_the_east_limit


@pytest.mark.parametrize("side", ["left", "right"])
def test_the_knife_never_starts_on_or_sweeps_its_own_survivor(side: str) -> None:
    """The knife stands pointing the way it is flicked, a bullet-width clear of the base: a
    flick whose line the bots call clear of the survivor never touches the survivor first
    (laid along the facing, flicked 45 degrees across it, it clipped its own survivor)."""
    from flick.game.actions import clear_of_base
    from flick.game.bots.aim import path_clear
    from flick.game.inputs import Knife

    base = (10.0, 10.0)
    for deg in range(0, 360, 15):
        a = math.radians(deg)
        start = clear_of_base(base, (10.0, 14.6), a, 3.9, 3.0)
        ux, uy = math.cos(a), math.sin(a)
        closest = min(math.dist(base, (start[0] + t / 10 * ux, start[1] + t / 10 * uy))
                      for t in range(-30, 31))
        assert closest >= 3.9 - 1e-6 and start[0] == 10.0 and start[1] >= 14.6
    ready = Game(table(), 1)
    ready.apply(ChooseSurvivor("John Price"))
    ready.survivors["John Price"].inventory = [ready.new_token("knife")]
    ready.board.face(ready.survivors["John Price"], 0.0)
    for deg in range(-165, 180, 30):
        game = copy.deepcopy(ready)  # the same table for every flick
        john, b = game.survivors["John Price"], game.board
        start = b.beside(b.pos(john.piece), 0.0, side, b.bullet_d)
        a = math.radians(deg)
        target = (start[0] + 12 * math.cos(a), start[1] + 12 * math.sin(a))
        own = [o for o in b.obstacles() if o.pid == john.piece]
        if not path_clear(start, target, b.bullet_d / 2, own, set(), margin=0.3):
            continue  # a bot never aims through its own survivor
        angle, strength = impulse_to(b.params, "knife", start, target, arrive=150.0)
        game.apply(Knife(side, Flick(vector(angle, strength))))
        flick = [e for e in game.events if e.type == "flick"][-1]
        assert flick.data["first_touch"] != john.name, deg
        assert john.life == 3


def test_s4_a_disc_from_behind_the_grocery_removes_no_barricade_and_fails() -> None:
    game, start = s4_behind()
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
    game, start = s4_behind(dx=-2.0, back=6.0)
    bars = {b: game.board.pos(b) for b in game.board.barricades()}
    rosa = game.survivors["Rosa Rodriguez"]
    at = game.board.beside(start, rosa.facing, "left", game.board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", at, (at[0], 36.0), arrive=150.0)))
    assert last(game, "flick")["first_touch"].startswith("barricade")
    assert {b: game.board.pos(b) for b in game.board.barricades()} == bars
    assert rosa.building is None


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


def test_a_disc_overhanging_the_city_limit_fails_the_move() -> None:
    game, start, _ = to_the_east_limit(1.0)
    s = game.survivors["Rosa Rodriguez"]
    assert s.piece is not None
    move = last(game, "move")
    assert move["success"] is False
    assert game.board.pos(s.piece) == start


def test_a_disc_wholly_inside_the_city_limit_moves() -> None:
    game, _, width = to_the_east_limit(4.0)
    move = last(game, "move")
    assert move["success"] is True
    assert move["to"][0] + game.board.disc / 2 <= width
