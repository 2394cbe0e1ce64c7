"""`flick bench` section `swipe`: does the same swipe give the same flick in a real window?

Under an X display (a desktop, or Xvfb) with `xdotool`, `flick play 1` is started `runs`
times (20; 5 with --quick) in a window of 1280 x 800; in each, Anita is picked, M pressed,
and xdotool swipes from the lit movement disc to the east, `STEP_PX` px every `STEP_S` s
for `STEPS` steps, releasing `STEP_S` after the last. The hand runs at real-time priority
(`chrt -f`, when allowed): a person's hand is not slowed by the machine's load, the window
is. The launch speed of each flick is read from the game's replay file.

`swipe_speeds_cm_s`: the speeds; `swipe_spread`: min, median, max and the min and max as a
fraction of the median off it. Load the machine yourself to measure it loaded (the figures
in `flick.ui.gesture` were taken with a busy loop on each core: `yes > /dev/null`).
Without a display or xdotool the section says why and measures nothing.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SIZE = (1280, 800)
STEPS, STEP_PX, STEP_S = 15, 12, 0.01  # the test swipe: 1200 px/s to the east
SCENARIO, SURVIVOR = 1, "Anita Wallace"


def _spots() -> tuple[tuple[int, int], tuple[int, int]]:
    """Window pixels of the survivor to click and of its movement disc after M, from the
    same window drawn headless."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from flick.game.game import Game
    from flick.scenario import load
    from flick.ui.app import PlayApp, Settings

    game = Game(load(SCENARIO), 1)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    try:
        app = PlayApp(game, Settings(frames=1))
        piece = game.survivors[SURVIVOR].piece
        assert piece is not None, f"{SURVIVOR} is not on the table"
        pick = app.cam.px(*game.board.pos(piece))
        app.command(f"choose:{SURVIVOR}")
        app.key("m")
        spot = app.spot()
        assert spot is not None, "no movement disc after M"
        disc = app.cam.px(*spot.centre)
    finally:
        pygame.quit()
    return (round(pick[0]), round(pick[1])), (round(disc[0]), round(disc[1]))


def _x(env: dict[str, str], *args: Any) -> str:
    out = subprocess.run(["xdotool", *map(str, args)], env=env, check=True,
                         capture_output=True, text=True, timeout=60)
    return out.stdout


def _one(env: dict[str, str], folder: Path, k: int, pick: tuple[int, int],
         disc: tuple[int, int], rt: bool) -> float | None:
    """One game, one swipe: its launch speed (cm/s), None when no flick was recorded."""
    record = folder / f"swipe-{k}.json"
    game = subprocess.Popen([sys.executable, "-m", "flick", "play", str(SCENARIO), "--size",
                             f"{SIZE[0]}x{SIZE[1]}", "--record", str(record)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wid = _x(env, "search", "--sync", "--class", "flick").split()[-1]
        time.sleep(1.0)
        _x(env, "mousemove", "--window", wid, SIZE[0] // 2, SIZE[1] // 2, "click", 1)
        time.sleep(0.4)  # the briefing is gone
        _x(env, "mousemove", "--window", wid, *pick, "click", 1)
        if not _wait(lambda: _inputs(record) >= 1):
            return None
        _x(env, "key", "--window", wid, "m")
        time.sleep(0.6)
        hand = ["mousemove", "--window", wid, *disc, "mousedown", 1, "sleep", 0.05]
        for _ in range(STEPS):
            hand += ["mousemove_relative", "--", STEP_PX, 0, "sleep", STEP_S]
        hand += ["mouseup", 1]
        prefix = ["chrt", "-f", "50"] if rt else []
        subprocess.run([*prefix, "xdotool", *map(str, hand)], env=env, check=True, timeout=60)
        if not _wait(lambda: _inputs(record) >= 2):
            return None
        data = json.loads(record.read_text())
        game_ = data["games"][0]
        move = next(i for i in game_["inputs"] if i.get("input") == "move")
        from flick.physics import PhysicsParams

        mass = float(PhysicsParams.default().pieces["movement_disc"].mass)
        return math.hypot(*move["flick"]["impulse"]) / mass
    finally:
        game.terminate()
        game.wait(timeout=30)


def _inputs(record: Path) -> int:
    try:
        return len(json.loads(record.read_text())["games"][0]["inputs"])
    except (OSError, ValueError, KeyError, IndexError):
        return 0


def _wait(ready: Any, limit_s: float = 15.0) -> bool:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if ready():
            return True
        time.sleep(0.1)
    return False


def bench(quick: bool = False) -> dict[str, Any]:
    if not os.environ.get("DISPLAY") or shutil.which("xdotool") is None:
        return {"swipe": "not measured: needs an X display (DISPLAY) and xdotool"}
    pick, disc = _spots()
    env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    rt = subprocess.run(["chrt", "-f", "50", "true"], capture_output=True).returncode == 0 \
        if shutil.which("chrt") else False
    speeds: list[float] = []
    missed = 0
    with tempfile.TemporaryDirectory(prefix="flick-swipe-") as tmp:
        for k in range(5 if quick else 20):
            v = _one(env, Path(tmp), k, pick, disc, rt)
            if v is None:
                missed += 1
            else:
                speeds.append(round(v, 1))
    out: dict[str, Any] = {"swipe_speeds_cm_s": speeds, "swipe_missed": missed,
                           "swipe_hand_realtime": rt}
    if speeds:
        m = statistics.median(speeds)
        out["swipe_spread"] = {"min": min(speeds), "median": round(m, 1), "max": max(speeds),
                               "low": round(min(speeds) / m - 1, 3),
                               "high": round(max(speeds) / m - 1, 3)}
    return out
