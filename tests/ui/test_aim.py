"""The honest aim: the corridor is the flicked piece's own width at table scale (wider for the
shotgun's pellets), and the first piece a straight path would touch is found and ringed."""

from __future__ import annotations

import math
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor
from flick.physics.state import PieceState
from flick.scenario import load
from flick.ui import aim
from flick.ui.app import PlayApp, Settings
from flick.ui.scene import AIM_HIT, aim_preview

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def aiming(action: str, toward: tuple[float, float]) -> tuple[PlayApp, object]:
    """Rosa of scenario 2 with `action` chosen, a swipe started toward `toward` (cm/s)."""
    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    if action == "shotgun":
        game.survivors["Rosa Rodriguez"].inventory.append(game.new_token("shotgun"))
    app = PlayApp(game, Settings(frames=1))
    app.select(action)
    assert app.action == action
    spot = app.spot()
    assert spot is not None
    press = tuple(round(v) for v in app.cam.px(*spot.centre))
    app.mouse_down(0.0, press, 1)  # type: ignore[arg-type]
    assert app.gesture is not None
    vx, vy = toward
    s = app.cam.scale
    app.mouse_move(0.05, (round(press[0] + vx * 0.05 * s), round(press[1] - vy * 0.05 * s)))
    return app, spot


@pytest.mark.parametrize("action, piece", [("gun", "bullet"), ("move", "movement_disc"),
                                           ("shotgun", "shotgun_pellet")])
def test_the_corridor_is_the_piece_width_at_table_scale(action: str, piece: str) -> None:
    app, _ = aiming(action, (300.0, 0.0))
    path, _ = aim_preview(app.table_model())
    reach = app.view.footprints.get(piece).reach
    left, end_left, end_right, right = path.corridor()
    assert math.dist(left, right) == pytest.approx(2 * path.half_at(0.0))
    if action == "shotgun":  # pellets off the axis and spread: wider, and widening
        assert path.half_at(0.0) == pytest.approx(reach + aim.PELLET_JITTER_CM)
        assert math.dist(end_left, end_right) > math.dist(left, right) + 0.1
    else:
        assert path.half_at(0.0) == pytest.approx(reach)
        assert math.dist(end_left, end_right) == pytest.approx(2 * reach)
    assert piece != "bullet" or 2 * reach == pytest.approx(2.2, abs=0.3)  # a 2.2 cm bullet
    app.draw()  # the corridor's edges drawn a bullet's width apart on screen
    cam = app.cam
    f = 4.0 / path.length  # 4 cm along the left edge
    edge = cam.px(left[0] + (end_left[0] - left[0]) * f, left[1] + (end_left[1] - left[1]) * f)
    colour = tuple(app.screen.get_at((round(edge[0]), round(edge[1]))))[:3]
    assert colour == (255, 220, 0)


def test_a_piece_just_off_the_centre_line_but_in_the_corridor_is_marked() -> None:
    path = aim.Aim((0.0, 0.0), 0.0, 50.0, 1.1)
    from flick.physics import PhysicsParams, Table

    table = Table(PhysicsParams.default())
    fp = table.footprints
    r = fp.get("survivor", True).reach
    grazed = PieceState(7, "survivor", 20.0, 1.1 + r - 0.2, 0.0, True)  # a centre line misses
    clear = PieceState(8, "survivor", 10.0, 1.1 + r + 0.3, 0.0, True)  # nearer, but outside
    behind = PieceState(9, "survivor", -10.0, 0.0, 0.0, True)
    touch = aim.first_touch(path, [clear, grazed, behind], fp)
    assert touch is not None and touch[0] == 7
    assert 20.0 - r - 1.1 - 0.5 < touch[1] < 20.0
    assert aim.first_touch(path, [clear, behind], fp) is None


def test_the_first_piece_touched_is_ringed_on_the_table() -> None:
    app, spot = aiming("gun", (0.0, -400.0))  # south, the way Rosa faces
    # a zombie set straight ahead of the bullet, 10 cm away
    zombie = app.game.board.zombies()[0]
    x, y = spot.centre  # type: ignore[attr-defined]
    angle, _ = app.gesture.aim()  # type: ignore[union-attr]
    app.game.board.table.set_pose(zombie, x + 10 * math.cos(angle), y + 10 * math.sin(angle), 0)
    app.refresh()
    _, touch = aim_preview(app.table_model())
    assert touch is not None and touch[0] == zombie
    app.draw()
    zx, zy = app.cam.px(*app.game.board.pos(zombie))
    reach = app.view.footprints.get("zombie", True).reach
    ring = (round(zx), round(zy - app.cam.length(reach) - 5))
    found = any(tuple(app.screen.get_at((ring[0] + dx, ring[1] + dy)))[:3] == AIM_HIT
                for dx in (-1, 0, 1) for dy in (-2, -1, 0, 1, 2))
    assert found
