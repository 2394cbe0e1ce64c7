"""The aftermath of a flick (`flick.game.actions.reaction`) through `Game.apply` on the
physics table: what the flick pushed out of the city comes back inside."""

from __future__ import annotations

import math

import pytest

from flick.game.bots.aim import impulse_to
from flick.game.inputs import ChooseSurvivor, Flick, Shoot
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
