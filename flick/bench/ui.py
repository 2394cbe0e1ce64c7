"""`flick bench` section `ui`: frames per second of the play window's draw loop.

`ui_fps`: the busiest scenario (the most pieces on the table after set-up), every piece
moving in every frame (a synthetic clip: each piece circles about its place and turns),
drawn by the real window (`PlayApp.advance` + `present`) at 1280 x 800 under
SDL's dummy video driver, so it measures the drawing, not a screen's refresh. Target >= 120.

`ui_frame_ms`: the CPU milliseconds of one such frame, under the dummy driver and, when an
X display is there (a desktop, or Xvfb), under the x11 driver too (what a real window pays:
the flip copies the frame to the X server), and `x11+server`: that plus the X server's own
CPU time for the same frames (read from /proc when the server runs on this machine).
Target: at most 4 ms.

Under x11 also: `ui_idle_cpu_pct`, the share of a core the live window uses over 2 s with
nothing moving (it and its X server; target at most 3 %), and `ui_key_to_screen_ms`, from a
key press posted to the window's queue to the frame showing its effect on the screen
(median and max of 20 presses; target at most 50 ms).
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


def _server_cpu() -> float | None:
    """CPU seconds used so far by the X server of $DISPLAY when it runs on this machine
    (Xvfb or Xorg, found in /proc by its display argument); None when it cannot be read."""
    display = os.environ.get("DISPLAY", "")
    if not display.startswith(":"):
        return None
    number = display.split(".")[0]
    tick = os.sysconf("SC_CLK_TCK")
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            if not args or os.path.basename(args[0]).decode() not in ("Xvfb", "Xorg", "X"):
                continue
            if number.encode() not in args:
                continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            continue
    return None


def _live(game: Any) -> dict[str, Any]:
    """The live window under x11: its idle CPU share (with the X server's) over 2 s, and
    the time from a key press to the frame that shows it, over 20 presses."""
    import threading

    import pygame

    from flick.ui import loop
    from flick.ui.app import PlayApp, Settings

    os.environ["SDL_VIDEODRIVER"] = "x11"
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 800))
        app = PlayApp(game, Settings(briefing=False, sound=False))
        if app.pass_screen:
            app.dismiss_pass()
        app.present()
        sent: list[float] = []
        shown: list[float] = []
        update = pygame.display.update

        def stamped(*args: Any) -> Any:
            out = update(*args)
            if len(shown) < len(sent):
                shown.append(time.perf_counter())
            return out

        def script() -> None:
            time.sleep(0.5)  # settle: the first frames are drawn
            cpu0, srv0, t0 = time.process_time(), _server_cpu(), time.perf_counter()
            time.sleep(2.0)
            idle.append((time.process_time() - cpu0, srv0, _server_cpu(),
                         time.perf_counter() - t0))
            for _ in range(20):
                sent.append(time.perf_counter())
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                                     mod=0, unicode="\t"))
                time.sleep(0.15)
            app.quit = True

        idle: list[tuple[float, float | None, float | None, float]] = []
        pygame.display.update = stamped
        worker = threading.Thread(target=script)
        worker.start()
        loop.run_live(app)
        worker.join()
    finally:
        pygame.display.update = update
        pygame.quit()
        os.environ.pop("SDL_VIDEODRIVER", None)
    cpu, srv0, srv1, wall = idle[0]
    server = (srv1 - srv0) if srv0 is not None and srv1 is not None else 0.0
    lags = sorted(1000.0 * (b - a) for a, b in zip(sent, shown, strict=False))
    return {"ui_idle_cpu_pct": round(100.0 * (cpu + server) / wall, 2),
            "ui_key_to_screen_ms": {"median": round(lags[len(lags) // 2], 1),
                                    "max": round(lags[-1], 1), "presses": len(lags)}}


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
    out: dict[str, Any] = {}
    if x11:
        server0 = _server_cpu()
        _, x11_ms = _frames(game, frames, "x11")
        server1 = _server_cpu()
        frame_ms["x11"] = round(x11_ms, 2)
        if server0 is not None and server1 is not None:
            frame_ms["x11+server"] = round(x11_ms + 1000.0 * (server1 - server0) / frames, 2)
        out = _live(game)
    return {"ui": {"ui_fps": round(fps, 1), "ui_frame_ms": frame_ms, "scenario": scenario.number,
                   "pieces": len(game.board.table.pieces()), **out}}
