"""The bots' clear-path test: the bounding-box rejection in `first_blocker` must never change
an answer of the exact distance test (bots' seeded games depend on it bit for bit), and the
board's obstacles must follow the pieces as they move."""

from __future__ import annotations

import math

import numpy as np

from flick.game.board import Board
from flick.game.bots.aim import Obstacle, first_blocker, seg_core
from flick.scenario import load


def _exact(start, end, radius, obstacles, ignore, margin):
    """`first_blocker` without any rejection: every obstacle through the exact test."""
    best, best_d = None, math.inf
    reach = math.dist(start, end) + radius + margin
    for ob in obstacles:
        if ob.pid in ignore:
            continue
        c = ob.core[0]
        if min(math.dist(start, c), math.dist(end, c)) > reach + ob.r + 15.0:
            continue
        if seg_core(start, end, ob.core) < radius + ob.r + margin:
            d = math.dist(start, ob.centre)
            if d < best_d:
                best, best_d = ob, d
    return best


def test_box_rejection_keeps_every_answer() -> None:
    rng = np.random.default_rng(7)
    obstacles = []
    for pid in range(40):
        x, y = rng.uniform(0, 60, 2)
        n = int(rng.integers(1, 5))
        core = tuple((float(x + rng.uniform(-4, 4)), float(y + rng.uniform(-4, 4)))
                     for _ in range(n if n != 3 else 1))
        obstacles.append(Obstacle(pid, core, float(rng.uniform(0.5, 2.0)), "barrel"))
    touched = 0
    for _ in range(1000):
        start = tuple(float(v) for v in rng.uniform(0, 60, 2))
        end = tuple(float(v) for v in rng.uniform(0, 60, 2))
        radius, margin = float(rng.uniform(0.5, 2.0)), float(rng.choice([-1.0, 0.3, 0.9]))
        if rng.random() < 0.3:
            # An upright segment at the touching distance from an obstacle's box, give or
            # take a hair: where a rejection without slack would go wrong.
            ob = obstacles[int(rng.integers(len(obstacles)))]
            x = ob.box[2] + radius + ob.r + margin + float(rng.choice([-1e-9, 0.0, 1e-9]))
            start, end = (x, start[1]), (x, end[1])
        got = first_blocker(start, end, radius, obstacles, set(), margin)
        assert got == _exact(start, end, radius, obstacles, set(), margin)
        touched += got is not None
    assert 100 < touched < 900  # both answers were asked for, many times


def test_obstacles_follow_a_moved_piece() -> None:
    board = Board.for_scenario(load(2))
    first = board.obstacles()
    pid = next(ob.pid for ob in first if ob.kind == "zombie")
    x, y = board.pos(pid)
    board.table.set_pose(pid, x + 5.0, y, 0.0)
    moved = [ob for ob in board.obstacles() if ob.pid == pid]
    assert moved and all(abs(ob.core[0][0] - (x + 5.0)) < 1e-9 for ob in moved)
    assert board.table.outline(pid)[0][0][0][0] == moved[0].core[0][0]
    # Unmoved pieces keep the same obstacles (the memo), and the lists are equal in content.
    again = board.obstacles()
    assert [o for o in again if o.pid != pid] == [o for o in first if o.pid != pid]


def test_distance_follows_a_moved_piece() -> None:
    board = Board.for_scenario(load(2))
    zs = board.zombies()
    a, b = zs[0], zs[1]
    before = board.distance(a, b)
    assert board.distance(a, b) == before  # asked again: the same
    ax, ay = board.pos(a)
    board.table.set_pose(b, ax + 10.0, ay, 0.0)  # 10 cm centre to centre
    after = board.distance(a, b)
    assert after != before and 5.0 < after < 10.0
    board.table.remove(b)
    c = board.table.add("zombie", x=ax + 20.0, y=ay)
    assert 15.0 < board.distance(a, c) < 20.0
