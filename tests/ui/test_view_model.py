"""The table is drawn from an explicit model (`flick.ui.view_model.TableModel`), not from the
window: every drawing function of the scene below its top-level composition takes the model,
and the model alone draws the same picture, the window taken away."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.scenario import load
from flick.ui import scene
from flick.ui.app import PlayApp, Settings
from flick.ui.panel import Panel

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def test_no_drawing_function_of_the_table_takes_the_window() -> None:
    tree = ast.parse(inspect.getsource(scene))
    takes_app = [f.name for f in tree.body if isinstance(f, ast.FunctionDef)
                 and f.name != "draw" and any(a.arg == "app" for a in f.args.args)]
    assert takes_app == []


def test_the_model_alone_draws_the_table() -> None:
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.command("choose:Mike Cho")
    app.key("m")
    model = dataclasses.replace(app.table_model(), draw_assist=lambda surface: None)
    first = pygame.Surface(app.screen.get_size())
    scene.draw_table(model, first)
    app.game = None  # type: ignore[assignment]  # the window can no longer be read
    again = pygame.Surface(app.screen.get_size())
    scene.draw_table(model, again)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")


def test_the_side_panel_is_drawn_from_its_model() -> None:
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.command("choose:Mike Cho")
    model = app.panel_model()
    first = pygame.Surface(app.screen.get_size())
    specs = app.panel.draw(first, model)
    assert any("Move [M]" in b.label for b in specs)
    app.game = None  # type: ignore[assignment]  # the window can no longer be read
    again = pygame.Surface(app.screen.get_size())
    fresh = Panel(app.panel.rect)  # nothing kept from the first drawing: the model alone
    assert [b.label for b in fresh.draw(again, model)] == [b.label for b in specs]
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")
