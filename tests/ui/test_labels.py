"""Labels never collide or get cut: on the S1 and S4 layouts (and every other scenario's) no
two names on the table overlap, none covers a token chip or the hint strip, every one lies
inside the view, and every building is named."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.labels import Label, place


@pytest.fixture
def display(request: pytest.FixtureRequest) -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


pytestmark = pytest.mark.usefixtures("display")


@pytest.mark.parametrize("size", [(1280, 800), (1326, 688)])
@pytest.mark.parametrize("number", [1, 4, 2, 5, 9])
def test_no_two_names_on_the_table_overlap_and_none_is_cut(number: int,
                                                           size: tuple[int, int]) -> None:
    pygame.display.set_mode(size)
    game = Game(load(number), 1)
    app = PlayApp(game, Settings(frames=1, size=size))
    if app.pass_screen:
        app.dismiss_pass()
    app.draw()
    layout = app.label_layout
    assert layout is not None
    rects = layout.rects()
    for i, a in enumerate(rects):
        assert app.area.contains(a), layout.placed[i].label.text  # never cut by the edge
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (layout.placed[i].label.text, a, b)
    named = {p.label.key for p in layout.placed}
    table = game.board.table

    def shown(pid: int) -> bool:
        return bool(app.area.collidepoint(app.cam.px(*table.position(pid))))

    buildings = {("building", bid) for bid in table.buildings()
                 if any(shown(q) for q in table.building_parts(bid)[:2])}
    assert buildings and buildings <= named  # every building in view is named
    survivors = {("piece", s.piece) for s in game.survivors.values()
                 if s.piece is not None and shown(s.piece)}
    assert survivors and survivors <= named  # and every survivor in view
    assert not [lb for lb in layout.dropped if not lb.droppable]


def test_a_label_gives_way_and_is_led_back_to_its_point() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    first = Label("POLICE STATION", (200, 150), (120, 16), 0, centred=True)
    second = Label("Thomas", (200, 150), (50, 16), 1)
    chip = pygame.Rect(180, 160, 40, 20)  # a token chip under where Thomas would go
    layout = place([second, first], bounds, [chip])
    (a, b) = layout.placed
    assert a.label is first and a.rect.center == (200, 150)  # the more important first
    assert not b.rect.colliderect(a.rect) and not b.rect.colliderect(chip)
    edge = Label("HOSPITAL", (395, 10), (80, 16), 0, centred=True)
    placed = place([edge], bounds).placed[0]
    assert bounds.contains(placed.rect)  # kept whole inside the view
