"""Map pictures: the drawing lands where the camera says, a rendered map has the asked size
and real content, and `flick scenarios list/show/render` work headless."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from flick.cli import main
from flick.physics import PhysicsParams, Table
from flick.scenario import load
from flick.ui import render


def test_camera_maps_city_to_pixels_and_back() -> None:
    cam = render.Camera.fit(90, 90, pygame.Rect(0, 0, 960, 960), margin_cm=3.0)
    assert cam.scale == pytest.approx(10.0)
    x0, y0 = cam.px(0, 0)
    x1, y1 = cam.px(90, 90)
    assert x1 - x0 == pytest.approx(900) and y0 - y1 == pytest.approx(900)  # north is up
    assert cam.to_cm(*cam.px(12.5, 70.0)) == pytest.approx((12.5, 70.0))


def test_draw_table_puts_pieces_where_they_are() -> None:
    table = Table(PhysicsParams.default(), city=(90.0, 90.0))
    z = table.add("zombie", x=20.0, y=70.0)
    table.add("barrel", x=60.0, y=30.0)
    surface = pygame.Surface((500, 500))
    surface.fill(render.CITY)
    cam = render.Camera.fit(90, 90, surface.get_rect())
    render.draw_table(surface, cam, table, render.Fonts(), names={})
    zx, zy = (round(v) for v in cam.px(*table.position(z)))
    bx, by = (round(v) for v in cam.px(60.0, 30.0))
    assert tuple(surface.get_at((zx - 2, zy - 2)))[:3] == render.ZOMBIE
    assert tuple(surface.get_at((bx - 2, by - 2)))[:3] == render.BARREL
    assert tuple(surface.get_at((5, 5)))[:3] == render.CITY  # nothing drawn in the corner


@pytest.mark.parametrize("number", [1, 4, 9])
def test_rendered_map_has_size_and_content(number: int) -> None:
    sc = load(number)
    surface = render.render_map(sc, (900, 700))
    assert surface.get_size() == (900, 700)
    w, h = surface.get_size()
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 12
    drawn = sum(1 for x in range(0, w, 5) for y in range(0, h, 5)
                if tuple(surface.get_at((x, y)))[:3] not in (render.TABLE, render.CITY,
                                                             render.GRID))
    assert drawn > 0.04 * (w // 5) * (h // 5)
    # the survivors' team colour and the door colour are on the picture
    assert render.TEAM_COLOURS[0] in colours or number == 9
    assert render.DOOR in {tuple(surface.get_at((x, y)))[:3]
                           for x in range(w) for y in range(0, h, 2)}


def test_token_markers_follow_the_setup() -> None:
    marks = render.token_markers(load(4))
    assert marks["grocery_store"] == [("food", 4, True)]
    assert marks["library"] == [("?", 1, False)]
    assert "grocery_store" not in render.token_markers(load(8))  # X tokens lie in front


def test_cli_render_writes_png(tmp_path, capsys) -> None:
    out = tmp_path / "map.png"
    assert main(["scenarios", "render", "Starvation", "-o", str(out), "--size", "800x600"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 600)
    assert main(["scenarios", "render", "4", "-o", str(tmp_path / "map.jpg")]) == 2
    assert main(["scenarios", "render", "4", "-o", str(out), "--size", "big"]) == 2
    capsys.readouterr()


def test_cli_list_and_show(capsys) -> None:
    assert main(["scenarios", "list"]) == 0
    listed = capsys.readouterr().out
    for name in ("Get Outta Town!", "Starvation", "Home", "competitive", "6, 8, 10"):
        assert name in listed
    assert main(["scenarios", "show", "3"]) == 0
    shown = capsys.readouterr().out
    assert "Tend to the Wounded" in shown and "Escort the wounded survivor" in shown
    assert main(["scenarios", "show", "s07", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["number"] == 7 and data["invasion"] == {"day": 1, "night": 4}
    assert main(["scenarios", "validate"]) == 0
    assert "10 of 10 scenario files valid" in capsys.readouterr().out
