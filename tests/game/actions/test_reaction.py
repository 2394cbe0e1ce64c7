"""The aftermath of a flick (`flick.game.actions.reaction`) through `Game.apply` on the
physics table: what the flick pushed out of the city comes back inside."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    Flick,
    Shoot,
)
from flick.scenario import load
from tests.game.tables import (
    aimed,
    last,
    loud_turn,
    s2_game,
    table,
)
from tests.game.test_rules import game


@pytest.mark.parametrize(("kind", "pieces", "arrive"), [
    ("barrel", {"barrels": [{"x": 82, "y": 40}]}, 70.0),
    ("box", {"boxes": [{"x": 82, "y": 40, "number": 1}]}, 105.0),
])
def test_an_object_shot_to_rest_across_a_city_limit_comes_back_wholly_inside(
        kind: str, pieces: dict, arrive: float) -> None:
    # A bullet from John (20, 40) pushes the object east to rest across the limit x = 90 cm
    # with its centre still inside: a piece is in the city when the whole of it is.
    g = game(**pieces)
    obj = g.board.named_object(f"{kind}_1")
    assert obj is not None
    g.apply(ChooseSurvivor("John Price"))
    john = g.board.pos(g.survivors["John Price"].piece)
    angle, strength = impulse_to(g.board.params, "bullet", (john[0] + 3.0, john[1]), (82, 40),
                                 arrive=arrive)
    g.apply(Shoot("right", Flick((strength * math.cos(angle), strength * math.sin(angle)))))
    shot = [e.data for e in g.events if e.type == "flick"][-1]
    assert shot["first_touch"] == f"{kind}:{obj}"
    x, _ = g.board.pos(obj)
    assert x > 85.0  # pushed east, to the limit
    assert g.board.in_city(obj)
    right = max(px + r for core, r in g.board.table.outline(obj) for px, _ in core)
    assert right <= 90.0


def test_dangerous_days_and_nights_add_a_zombie_to_each_horde() -> None:
    game = Game(table(), 1, dangerous=True)
    assert (game.scenario.invasion.day, game.scenario.invasion.night) == (2, 2)


def test_s2_loud_reaction_with_a_rush_stands_the_zombies_inside_buildings() -> None:
    game = s2_game()
    game.building_zombies["hospital"] = [False]
    loud_turn(game)
    assert any(e.type == "rush" and e.data["reason"] == "loud" for e in game.events)
    assert game.building_zombies["hospital"][0] is True


def test_s2_loud_reaction_with_no_zombie_on_the_streets_stands_those_inside() -> None:
    game = s2_game()
    for z in game.board.zombies():
        game.board.table.remove(z)
        game.bin += 1
    game.building_zombies["library"] = [False, False]
    loud_turn(game)
    assert game.building_zombies["library"] == [True, True]


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


def test_the_tower_faces_as_the_exact_test_of_every_building_part_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`around_building` skips parts whose bounding circle is clear of the line: over random
    towers and survivors, the facing is the one the exact test of every part gives, bit for
    bit, and some of them are turned around a building."""
    from flick.game.actions import reaction

    g = Game(load(1), 2)
    s = g.survivors["John Price"]
    rs = np.random.default_rng(7)
    w, h = g.board.city
    cases = [((float(rs.uniform(0, w)), float(rs.uniform(0, h))),
              (float(rs.uniform(0, w)), float(rs.uniform(0, h)))) for _ in range(300)]
    quick = [reaction.around_building(g, s, tower, target) for tower, target in cases]
    monkeypatch.setattr(reaction, "_clear_of", lambda *_: False)
    exact = [reaction.around_building(g, s, tower, target) for tower, target in cases]
    assert quick == exact
    direct = [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in cases]
    assert sum(q != d for q, d in zip(quick, direct, strict=True)) > 30
