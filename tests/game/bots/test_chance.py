"""The bots' noisy trials of a proposed flick (`flick.game.bots.chance.Trials`): the chance a
move or a shot works, from a few flicks under the hand noise on a scratch table."""

from __future__ import annotations

import math

import pytest

from flick.game import Game
from flick.game.bots.aim import PERFECT, HandNoise, impulse_to
from flick.game.bots.chance import Trials
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
