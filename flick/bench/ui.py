"""`flick bench` section `ui`: frames per second of the play window's draw loop.

`ui_fps`: the busiest scenario (the most pieces on the table after set-up), every piece
moving in every frame (a synthetic clip: each piece circles about its place and turns),
drawn by the real window (`PlayApp.advance` + `draw` + `display.flip`) at 1280 x 800 under
SDL's dummy video driver, so it measures the drawing, not a screen's refresh. Target >= 120.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any


def _busiest() -> tuple[Any, Any]:
    from flick.game.game import Game
    from flick.game.state import GameOver
    from flick.scenario import load

    best = None
    for number in range(1, 11):
        try:
            game = Game(load(number), seed=1, players=None)
        except GameOver:
            continue  # a scenario the engine cannot set up yet
        n = len(game.board.table.pieces())
        if best is None or n > best[0]:
            best = (n, game)
    assert best is not None
    return best[1].scenario, best[1]


def _moving_clip(game: Any, frames: int) -> Any:
    from flick.ui.motion import Clip

    snap = game.board.table.snapshot()
    start = {p.id: p for p in snap.pieces}
    clip = Clip("city", start)
    for k in range(frames):
        a = 2 * math.pi * k / 60.0
        clip.frames.append({
            p.id: (p.kind, p.x + 1.5 * math.cos(a + p.id), p.y + 1.5 * math.sin(a + p.id),
                   p.angle + a, p.standing)
            for p in snap.pieces
        })
    return clip


def bench(quick: bool) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from flick.ui.app import PlayApp, Settings

    frames = 240 if quick else 900
    scenario, game = _busiest()
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 800))
        app = PlayApp(game, Settings(frames=frames))
        app.pass_screen = False  # the table itself, not the pass-to-the-next-team screen
        app.clips = [_moving_clip(game, frames + 60)]
        for _ in range(20):  # warm the caches (background, text) as a live window would
            app.advance(1 / 60)
            app.draw()
        start = time.perf_counter()
        for _ in range(frames):
            app.advance(1 / 60)
            app.draw()
            pygame.display.flip()
        elapsed = time.perf_counter() - start
    finally:
        pygame.quit()
    return {"ui": {"ui_fps": round(frames / elapsed, 1), "scenario": scenario.number,
                   "pieces": len(game.board.table.pieces())}}
