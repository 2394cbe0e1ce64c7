"""`flick bench` section `adapters`: the game-AI adapters' speed beside the engines alone.

- `adapters.openspiel.<game>`: decisions per CPU second of random play through the OpenSpiel
  adapter (chance sampled at its nodes by their probabilities) and through the engine alone
  (seeded chance), the same number of whole games each, interleaved, `RUNS` runs, and their
  ratio run by run (`ratio`: how many times the engine's speed the adapter costs; the goal is
  at most 2).
- `adapters.pettingzoo.flick_s1_steps_per_s`: steps per CPU second of the Flick 'em Up!
  PettingZoo environment on scenario 1 under a random masked policy (its reset not counted;
  the goal is 1,000), the same `flick_s1_games` seeded games in each of `RUNS` runs after one
  game of warm-up, and
  `something_to_fear_steps_per_s` beside the engine alone.
Needs the `rl` extra; without it the section says so.
"""

from __future__ import annotations

from typing import Any

from flick.bench.timing import RUNS, spread


def _openspiel(quick: bool) -> dict[str, Any]:
    from flick.openspiel.measure import NATIVE, native_rate, openspiel_rate

    games = 3 if quick else 12
    out: dict[str, Any] = {}
    for name, make in NATIVE.items():
        native_rate(make, 1), openspiel_rate(name, 1)  # warm-up: card data, caches
        native: list[float] = []
        adapter: list[float] = []
        for r in range(RUNS):  # the two in turn, the first alternating run by run
            for side in ((0, 1) if r % 2 == 0 else (1, 0)):
                if side == 0:
                    native.append(native_rate(make, games))
                else:
                    adapter.append(openspiel_rate(name, games))
        out[name] = {"native_decisions_per_s": spread(native, 0),
                     "openspiel_decisions_per_s": spread(adapter, 0),
                     "ratio": spread([n / a for n, a in zip(native, adapter, strict=True)], 2),
                     "games_per_run": games, "runs": RUNS}
    return out


def _pettingzoo(quick: bool) -> dict[str, Any]:
    from flick.cards.something_to_fear.state import StfState
    from flick.pettingzoo import FlickEnv, SomethingToFearEnv
    from flick.pettingzoo.measure import native_loop, random_loop

    # The same games every run (seeds 0-7: about 190 steps), so the spread is the timing's
    # alone, not one run's games against another's.
    seeds = range(2) if quick else range(8)
    # Warm-up, not counted: the parameter file, footprints, the tower's bodies (as the
    # OpenSpiel section warms its card data).
    random_loop(FlickEnv(scenario=1, max_steps=300), seeds[0], 10_000)
    flick_runs: list[float] = []
    for _ in range(1 if quick else RUNS):
        steps = seconds = 0.0
        for seed in seeds:
            n, s = random_loop(FlickEnv(scenario=1, max_steps=300), seed, 10_000)
            steps, seconds = steps + n, seconds + s
        flick_runs.append(steps / seconds)
    stf_env: list[float] = []
    stf_native: list[float] = []
    for r in range(RUNS):
        env = SomethingToFearEnv(players=2)
        n, s = random_loop(env, r, 10_000)
        stf_env.append(n / s)
        n, s = native_loop(StfState(num_players=2, seed=env.state_.seed), r)
        stf_native.append(n / s)
    return {"flick_s1_steps_per_s": spread(flick_runs, 1), "flick_s1_games": len(seeds),
            "something_to_fear_steps_per_s": spread(stf_env, 0),
            "something_to_fear_native_steps_per_s": spread(stf_native, 0)}


def bench(quick: bool = False) -> dict[str, Any]:
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        return {"adapters": {"skipped": "the rl extra is not installed: pip install -e '.[rl]'"}}
    return {"adapters": {"openspiel": _openspiel(quick), "pettingzoo": _pettingzoo(quick)}}
