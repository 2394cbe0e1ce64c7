"""`flick bench` section "plan": the shot planner's speed (issue 22.6).

The scene is the bots' game of scenario 2 from seed 1 at its first turn, the active survivor's
disc sent into the building whose door is nearest (`flick plan 2 --seed 1 --at 0 --action
enter`), the steady hand of the physics parameters. Times are wall-clock, worker start-up
included (what a user waits for).
- `plan.shots_per_s_1_worker`, `plan.shots_per_s_2_workers`: simulated shots per second of a
  map of `plan.speed_shots` shots on 1 and on 2 worker processes (1 runs in this process);
- `plan.map_seconds`: the time of a `plan.map_grid` map (21x21; --quick 5x5) of
  `plan.map_repeats` shots per cell on 2 workers.
"""

from __future__ import annotations

import math
import time
from typing import Any


def bench(quick: bool) -> dict[str, Any]:
    from flick.game.bots.aim import HandNoise
    from flick.plan import Grid, enter_shot, plan
    from flick.plan.proposal import game_at
    from flick.scenario import load

    game = game_at(load(2), 1, 0)
    board = game.board
    here = board.pos(game.active_survivor.piece)
    name = min(board.buildings, key=lambda b: math.dist(board.door_mid(b), here))
    shot = enter_shot(game, name)
    noise = HandNoise.from_params(board.params)
    speed_grid, speed_repeats = (Grid.around(3, 3), 1) if quick else (Grid.around(8, 8), 3)
    out: dict[str, Any] = {"speed_shots": len(speed_grid) * speed_repeats}
    for workers, key in ((1, "shots_per_s_1_worker"), (2, "shots_per_s_2_workers")):
        start = time.perf_counter()
        m = plan(board.params, shot, noise, speed_grid, repeats=speed_repeats, seed=1,
                 workers=workers)
        out[key] = round(m.shots / (time.perf_counter() - start), 1)
    side, repeats = (5, 1) if quick else (21, 2)
    start = time.perf_counter()
    plan(board.params, shot, noise, Grid.around(side, side), repeats=repeats, seed=1, workers=2)
    out.update(map_seconds=round(time.perf_counter() - start, 2), map_grid=f"{side}x{side}",
               map_repeats=repeats)
    return {"plan": out}
