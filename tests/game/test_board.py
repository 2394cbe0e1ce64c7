"""The rules' view of the table (`flick.game.board.Board`): the quick rejection of far
pieces agrees with the exact edge-to-edge distance."""

from __future__ import annotations

import numpy as np
import pytest

from flick.game import Game
from flick.scenario import load


@pytest.mark.parametrize("number", [1, 3, 4])
def test_apart_never_rejects_pieces_within_the_gap(number: int) -> None:
    """`apart(a, b, gap)` says apart only of pieces more than `gap` cm apart edge to edge,
    for every pair of pieces and building parts, standing or fallen, moved about the city;
    and it does reject most far pairs (the point of it)."""
    g = Game(load(number), 3)
    board, table = g.board, g.board.table
    rs = np.random.default_rng(number)
    parts = [p for bid in table.buildings() for p in table.building_parts(bid)]
    rejected = checked = 0
    for _ in range(3):
        for pid in table.pieces():
            if rs.random() < 0.5:  # moved near where it was (pairs close and far)
                x, y = board.pos(pid)
                table.set_pose(pid, x + float(rs.normal(0, 6)), y + float(rs.normal(0, 6)),
                               float(rs.uniform(-3.2, 3.2)))
            if rs.random() < 0.3 and board.is_figure(pid) and table.is_standing(pid):
                table.lay_down(pid, float(rs.uniform(-3.2, 3.2)))
        ids = [*table.pieces(), *parts]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if a in parts and b in parts:
                    continue
                d = board.distance(a, b)
                for gap in (0.0, 0.05, 0.5, board.disc):
                    checked += 1
                    if board.apart(a, b, gap):
                        rejected += 1
                        assert d > gap, (a, b, gap, d)
    assert rejected > checked / 2


@pytest.mark.parametrize("number", [1, 3])
def test_next_to_any_and_touching_parts_decide_as_one_pair_at_a_time(number: int) -> None:
    """`next_to_any` (one piece against many, their circles found once) gives the pieces
    `next_to` says, in order, and `touching_parts` what `touching_building` says, as pieces
    move about the city and fall."""
    g = Game(load(number), 5)
    board, table = g.board, g.board.table
    rs = np.random.default_rng(number)
    near = touching = 0
    for _ in range(6):
        for pid in table.pieces():
            x, y = board.pos(pid)
            table.set_pose(pid, x + float(rs.normal(0, 4)), y + float(rs.normal(0, 4)),
                           float(rs.uniform(-3.2, 3.2)))
            if rs.random() < 0.3 and board.is_figure(pid) and table.is_standing(pid):
                table.lay_down(pid, float(rs.uniform(-3.2, 3.2)))
        pieces = table.pieces()
        circles = [board.circle(p) for p in pieces]
        for a in pieces:
            found = board.next_to_any(a, pieces, circles)
            assert found == [b for b in pieces if board.next_to(a, b)]
            near += len(found)
            for name in board.buildings:
                parts = board.building_parts(name)
                one = board.touching_parts(a, parts, [board.circle(p) for p in parts], 0.5)
                assert one == any(board.distance(a, p) <= 0.5 for p in parts)
                touching += one
    assert near > 0 and touching > 0
