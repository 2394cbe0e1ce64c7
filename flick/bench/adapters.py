"""`flick bench` section `adapters`: the game-AI adapters' speed beside the engines alone.

- `adapters.openspiel.<game>`: decisions per CPU second of random play through the OpenSpiel
  adapter (chance sampled at its nodes by their probabilities) and through the engine alone
  (seeded chance), the same number of whole games each, interleaved, `RUNS` runs, and their
  ratio run by run (`ratio`: how many times the engine's speed the adapter costs; the goal is
  at most 2). Beside them the same games played back with no rules through pyspiel and the
  same loop (`flick.openspiel.measure.floor_rate`): `floor_decisions_per_s`, and `floor_ratio`
  = 1 + native / floor run by run, the ratio an adapter that did no work of its own would have
  (pyspiel's call path and the player's loop cost that much on top of the engine).
- `adapters.pettingzoo.flick_s1_steps_per_s`: steps per CPU second of the Flick 'em Up!
  PettingZoo environment on scenario 1 under a random masked policy (its reset not counted;
  the goal is 1,000), the same `flick_s1_games` seeded games in each of `RUNS` runs after one
  game of warm-up; `flick_s1_game_alone_steps_per_s`: the game alone (`flick.game.Game`, no
  environment) applying each of those games' accepted inputs again, the same runs: the most
  the environment could reach if its own work (observations, masks, rewards) were free; and
  `something_to_fear_steps_per_s` beside the engine alone.
Needs the `rl` extra; without it the section says so.
"""

from __future__ import annotations

from typing import Any

from flick.bench.timing import RUNS, spread


def _openspiel(quick: bool) -> dict[str, Any]:
    import pyspiel

    from flick.openspiel.measure import NATIVE, floor_rate, native_rate, openspiel_rate, record

    games = 3 if quick else 12
    out: dict[str, Any] = {}
    for name, make in NATIVE.items():
        native_rate(make, 1), openspiel_rate(name, 1)  # warm-up: card data, caches
        recorded = record(pyspiel.load_game(name), games)  # the floor's games, not timed
        native: list[float] = []
        adapter: list[float] = []
        floor: list[float] = []
        for r in range(RUNS):  # the three in turn, the order rotating run by run
            for side in (0, 1, 2)[r % 3:] + (0, 1, 2)[:r % 3]:
                if side == 0:
                    native.append(native_rate(make, games))
                elif side == 1:
                    adapter.append(openspiel_rate(name, games))
                else:
                    floor.append(floor_rate(name, games, recorded))
        out[name] = {"native_decisions_per_s": spread(native, 0),
                     "openspiel_decisions_per_s": spread(adapter, 0),
                     "ratio": spread([n / a for n, a in zip(native, adapter, strict=True)], 2),
                     "floor_decisions_per_s": spread(floor, 0),
                     "floor_ratio": spread([1 + n / f for n, f in zip(native, floor,
                                                                       strict=True)], 2),
                     "games_per_run": games, "runs": RUNS}
    return out


def _pettingzoo(quick: bool) -> dict[str, Any]:
    from flick.cards.something_to_fear.state import StfState
    from flick.pettingzoo import FlickEnv, SomethingToFearEnv
    from flick.pettingzoo.measure import native_loop, random_loop, replay_inputs

    # The same games every run (seeds 0-7: about 190 steps), so the spread is the timing's
    # alone, not one run's games against another's.
    seeds = range(2) if quick else range(8)
    # Warm-up, not counted: the parameter file, footprints, the tower's bodies (as the
    # OpenSpiel section warms its card data).
    random_loop(FlickEnv(scenario=1, max_steps=300), seeds[0], 10_000)
    flick_runs: list[float] = []
    alone_runs: list[float] = []
    for _ in range(1 if quick else RUNS):
        steps = seconds = 0.0
        alone_steps = alone_seconds = 0.0
        for seed in seeds:
            env = FlickEnv(scenario=1, max_steps=300)
            n, s = random_loop(env, seed, 10_000)
            steps, seconds = steps + n, seconds + s
            n, s = replay_inputs(env)
            alone_steps, alone_seconds = alone_steps + n, alone_seconds + s
        flick_runs.append(steps / seconds)
        alone_runs.append(alone_steps / alone_seconds)
    stf_env: list[float] = []
    stf_native: list[float] = []
    for r in range(RUNS):
        env = SomethingToFearEnv(players=2)
        n, s = random_loop(env, r, 10_000)
        stf_env.append(n / s)
        n, s = native_loop(StfState(num_players=2, seed=env.state_.seed), r)
        stf_native.append(n / s)
    return {"flick_s1_steps_per_s": spread(flick_runs, 1), "flick_s1_games": len(seeds),
            "flick_s1_game_alone_steps_per_s": spread(alone_runs, 1),
            "something_to_fear_steps_per_s": spread(stf_env, 0),
            "something_to_fear_native_steps_per_s": spread(stf_native, 0)}


def bench(quick: bool = False) -> dict[str, Any]:
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        return {"adapters": {"skipped": "the rl extra is not installed: pip install -e '.[rl]'"}}
    return {"adapters": {"openspiel": _openspiel(quick), "pettingzoo": _pettingzoo(quick)}}
