"""`flick bench` section `ui`: frames per second of the play window's draw loop.

`ui_fps`: the busiest scenario (the most pieces on the table after set-up), every piece
moving in every frame (a synthetic clip: each piece circles about its place and turns),
drawn by the real window (`PlayApp.advance` + `present`) at 1280 x 800 under
SDL's dummy video driver, so it measures the drawing, not a screen's refresh. Target >= 120.

`ui_frame_ms`: the CPU milliseconds of one such frame, under the dummy driver and, when an
X display is there (a desktop, or Xvfb), under the x11 driver too (what a real window pays:
the flip copies the frame to the X server).
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


def _frames(game: Any, frames: int, driver: str) -> tuple[float, float]:
    """(frames a second by the wall clock, CPU ms a frame) drawing `frames` moving frames
    under the SDL video `driver`."""
    import pygame

    from flick.ui.app import PlayApp, Settings

    before = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = driver
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 800))
        app = PlayApp(game, Settings(frames=frames))
        if app.pass_screen:  # the table itself, not the pass-to-the-next-team screen
            app.dismiss_pass()
        app.clips = [_moving_clip(game, frames + 60)]
        for _ in range(20):  # warm the caches (background, text) as a live window would
            app.advance(1 / 60)
            app.draw()
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(frames):
            app.advance(1 / 60)
            app.present()
        elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    finally:
        pygame.quit()
        if before is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = before
    return frames / elapsed, 1000.0 * used / frames


def x11_available() -> bool:
    """An X display this process may open (e.g. Xvfb): the x11 driver can be measured."""
    if not os.environ.get("DISPLAY"):
        return False
    try:
        import pygame

        os.environ["SDL_VIDEODRIVER"] = "x11"
        pygame.display.init()
        ok = pygame.display.get_driver() == "x11"
        pygame.display.quit()
        return ok
    except Exception:  # pygame.error: no such display
        return False
    finally:
        os.environ.pop("SDL_VIDEODRIVER", None)


def bench(quick: bool) -> dict[str, Any]:
    """`ui_fps` (dummy driver, wall clock), `ui_frame_ms` per driver (CPU ms a frame of the
    busiest scenario with every piece moving): dummy always, x11 when a display is there."""
    frames = 240 if quick else 900
    scenario, game = _busiest()
    driver = os.environ.get("SDL_VIDEODRIVER")
    x11 = x11_available() if driver in (None, "", "x11") else False
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    fps, dummy_ms = _frames(game, frames, "dummy")
    frame_ms = {"dummy": round(dummy_ms, 2)}
    if x11:
        frame_ms["x11"] = round(_frames(game, frames, "x11")[1], 2)
    return {"ui": {"ui_fps": round(fps, 1), "ui_frame_ms": frame_ms, "scenario": scenario.number,
                   "pieces": len(game.board.table.pieces())}}
