"""The heuristic bot's choices in scenario 3, Tend to the Wounded: the escort plays
first in its round, a searcher takes a face-down token in a building only as its turn's first
action, the escort takes nothing on the way, and a searcher walks round a zombie in its way
instead of shooting it. Built positions and one `decide` each, no whole games."""

from __future__ import annotations

import copy
import math

import pytest

from flick.game import Game
from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.inputs import ChooseSurvivor, EndTurn, TakeDrop
from flick.game.scenarios.escort import rescue
from flick.scenario import load


@pytest.fixture(scope="module")
def s3() -> Game:
    """Scenario 3's first position (each test changes a copy)."""
    return Game(load(3), 7)


def _bot(game: Game) -> HeuristicBot:
    return HeuristicBot(7, params=game.board.params)


def _in_building(game: Game, name: str, building: str) -> None:
    s = game.survivors[name]
    game.board.remove_survivor(s)
    s.building = building


def test_the_escort_plays_first_in_its_round(s3: Game) -> None:
    game = copy.deepcopy(s3)
    assert game.phase == "choose"
    first = _bot(game).decide(game)
    assert isinstance(first, ChooseSurvivor)
    # Anita found by a survivor the plain order would not pick first: it now plays first.
    other = next(x for x in game.available(game.current_team) if x.name != first.survivor)
    rescue(game, other)
    assert _bot(game).decide(game) == ChooseSurvivor(other.name)


def test_a_searcher_takes_inside_only_as_its_first_action(s3: Game) -> None:
    game = copy.deepcopy(s3)
    name = next(iter(game.available(game.current_team))).name
    _in_building(game, name, "school")
    assert any(not t.face_up for t in game.stashes["school"])
    game.apply(ChooseSurvivor(name))
    assert game.phase == "act"
    # First action of the turn: take the face-down token (the second walks Anita out).
    assert isinstance(_bot(game).decide(game), TakeDrop)
    # With one action left the token waits: a LOUD reveal now would trap the escort inside.
    game.actions_done = 1
    assert isinstance(_bot(game).decide(game), EndTurn)


def test_the_escort_takes_nothing_in_the_street(s3: Game) -> None:
    game = copy.deepcopy(s3)
    board = game.board
    name = next(iter(game.available(game.current_team))).name
    s = game.survivors[name]
    car = next(int(k.split(":")[1]) for k in game.stashes if k.startswith("piece:")
               and board.kind(int(k.split(":")[1])) == "car")
    spot = board.spot_beside(car, board.pos(s.piece), board.figure_r + 1.2)
    board.table.set_pose(s.piece, spot[0], spot[1], 0.0)
    game.apply(ChooseSurvivor(name))
    bot = _bot(game)
    assert isinstance(bot.inside.take_in_city(game, s), TakeDrop)  # a searcher takes the token
    rescue(game, s)  # now she escorts Anita: a take would be a LOUD action lost
    assert bot.inside.take_in_city(game, s) is None


def test_a_searcher_walks_round_a_zombie_in_its_way(s3: Game) -> None:
    game = copy.deepcopy(s3)
    board = game.board
    kevin = game.survivors["Kevin Jackson"]  # the gun
    here = board.pos(kevin.piece)
    goal = ("enter", "grocery_store")
    door = board.door_mid("grocery_store")
    d = math.dist(here, door)
    z = board.zombies()[0]
    # A standing zombie 12 cm along the way: in the way, but not about to be too close.
    zx = here[0] + (door[0] - here[0]) * 12.0 / d
    zy = here[1] + (door[1] - here[1]) * 12.0 / d
    board.table.set_pose(z, zx, zy, 0.0)
    near = (z, board.distance(kevin.piece, z))
    bot = _bot(game)
    assert bot.in_the_way(game, kevin, goal, z)
    assert not bot.worth_a_shot(game, kevin, goal, near)
    rescue(game, game.survivors["Olivia Brown"])  # the search is over: the old rule again
    assert bot.worth_a_shot(game, kevin, goal, near)
