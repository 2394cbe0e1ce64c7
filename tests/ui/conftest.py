"""The window's tests draw on a 1280x800 dummy display (SDL_VIDEODRIVER=dummy), opened fresh for
each test and closed after it; a file asks for it with `pytestmark = pytest.mark.usefixtures(
"display")`. Files that need another size define their own `display`."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    yield
    pygame.quit()
