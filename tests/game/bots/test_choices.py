"""The bots' choices by chance and value: the noisy trials of a proposed flick
(`flick.game.bots.chance.Trials`), hunger, fights avoided, kills for the next horde."""

from __future__ import annotations

import copy
import math

import pytest

from flick.game import Game
from flick.game.bots.aim import PERFECT, HandNoise, impulse_to
from flick.game.bots.chance import Trials
from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.inputs import Eat, GoHungry
from flick.game.state import Token
from flick.scenario import load

STEADY = HandNoise(math.radians(1.5), 0.07, math.radians(0.4))


@pytest.fixture(scope="module")
def s2() -> Game:
    """Scenario 2's first position (the tests that change it change a copy)."""
    return Game(load(2), 3)


def test_open_slide_is_sure_and_a_blocked_one_fails(s2: Game) -> None:
    game = s2
    board = game.board
    s = next(x for x in game.survivors.values() if x.piece is not None)
    here = board.pos(s.piece)
    trials = Trials(1, PERFECT)
    # Straight at the nearest zombie, 5 cm past it: the disc touches it every time.
    z = min(board.zombies(), key=lambda p: math.dist(board.pos(p), here))
    a, f = impulse_to(board.params, "movement_disc", here, board.pos(z), extra=5.0)
    assert trials.move(game, here, a, f, remove=s.piece) == 0.0
    # A short step into open space, away from everything: it works every time.
    free = next(p for k in range(16) for p in [(here[0] + 6 * math.cos(k * math.pi / 8),
                                                  here[1] + 6 * math.sin(k * math.pi / 8))]
                if board.spot_free(p, board.disc * 1.5, ignore=s.piece))
    a, f = impulse_to(board.params, "movement_disc", here, free)
    assert trials.move(game, here, a, f, remove=s.piece) == 1.0
    assert trials.flicks == 2 * 4
    # The game's table is untouched by the trials.
    assert board.pos(s.piece) == here


def test_shot_chance_is_high_point_blank_and_deterministic(s2: Game) -> None:
    game = s2
    board = game.board
    z = board.zombies()[0]
    zx, zy = board.pos(z)

    def chance(d: float, seed: int) -> float:
        start = (zx - d, zy)
        if not board.in_city_point(start, 2.0):
            start = (zx + d, zy)
        a, f = impulse_to(board.params, "bullet", start, (zx, zy), arrive=140.0)
        return Trials(seed, STEADY).shot(game, "bullet", start, a, f, z, n=8)

    assert chance(4.0, 1) >= 0.75
    assert chance(4.0, 1) == chance(4.0, 1)  # same seed, same trials


def test_hunger_goes_hungry_when_nobody_dies_and_the_food_is_short() -> None:
    game = Game(load(4), 5)
    bot = HeuristicBot(5, params=game.board.params)
    game.phase = "hunger"  # the end of a round at marker 2 (the bot reads only the state)
    alive = [x for x in game.survivors.values() if x.alive]
    for key in game.stashes:
        game.stashes[key] = []  # no food lies anywhere: the one carried is all there is
    alive[0].inventory[:] = [Token("food", face_up=True, uid=900)]
    for x in alive:
        x.life = 3
    assert bot.fetching.food_short(game)
    assert isinstance(bot.decide(game), GoHungry)
    alive[-1].life = 1  # now going hungry kills a survivor: eat
    assert isinstance(bot.decide(game), Eat)
    alive[-1].life = 3
    # Food to spare: 3 in the RV and 2 carried (food still lying in the Grocery does not
    # count as spare at a hunger: it may not reach the RV in time, bots/test_fetching.py).
    game.stashes["rv"] = [Token("food", face_up=True, uid=901 + i) for i in range(3)]
    alive[1].inventory[:] = [Token("food", face_up=True, uid=905)]
    assert not bot.fetching.food_short(game)  # food to spare: eat one
    assert isinstance(bot.decide(game), Eat)


def test_fights_avoided_and_never_on_the_last_life(s2: Game) -> None:
    game = copy.deepcopy(s2)
    bot = HeuristicBot(3, params=game.board.params)
    s = next(x for x in game.survivors.values() if x.piece is not None)
    useful = lambda t: not t.face_up  # noqa: E731 - a token filter, as the bot passes one
    before = {key: d for d, key, _ in bot.fetching.candidates(game, s, useful, None)}
    target = next(k for k in before if k in game.board.buildings)
    game.building_zombies[target] = [True]
    after = {key: d for d, key, _ in bot.fetching.candidates(game, s, useful, None)}
    assert math.isclose(after[target], before[target] + 30.0)
    s.life = 1
    assert target not in {key for _, key, _ in bot.fetching.candidates(game, s, useful, None)}


def test_hunt_when_the_next_horde_needs_the_kills() -> None:
    game = Game(load(9), 2, players={"A": 3, "B": 3})
    bot = HeuristicBot(2, params=game.board.params)
    s = next(x for x in game.survivors.values() if x.piece is not None and x.weapons())
    s.inventory[:] = []
    s.inventory.append(Token("gun", face_up=True, uid=999))
    game.bin = 0  # the next horde (night: 4) finds none: every turn must kill
    assert bot.kills_needed(game) > 0
    assert bot.bin_urgent(game, s)
    assert bot.goal(game, s) == ("hunt", None)
    game.bin = 10
    assert not bot.bin_urgent(game, s)
