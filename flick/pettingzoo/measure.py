"""`python -m flick.pettingzoo.measure`: steps per second of the PettingZoo environments with a
random masked policy, next to the engines alone applying the same decisions (the figures of
docs/rl.md). CPU time; `--quick` for a short run."""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

from flick.cards.something_to_fear.state import StfState
from flick.game.game import Game
from flick.game.inputs import Input
from flick.pettingzoo import FlickEnv, SomethingToFearEnv


def random_loop(env: SomethingToFearEnv | FlickEnv, seed: int, steps: int) -> tuple[int, float]:
    """The random-policy loop of docs/rl.md: (live steps, CPU seconds)."""
    rs = np.random.default_rng(seed)
    env.reset(seed=seed)
    done, start = 0, time.process_time()
    for _ in env.agent_iter(steps):
        obs, _, termination, truncation, _ = env.last()
        action: int | np.ndarray | None
        if termination or truncation:
            action = None
        elif "action_mask" in obs:  # Something to Fear: a discrete id
            action = int(_pick(rs, np.flatnonzero(obs["action_mask"])))
        else:  # Flick 'em Up!: a legal kind and piece, then random angle, power, offset
            pieces = obs["piece_mask"]
            kind = int(_pick(rs, np.flatnonzero(obs["kind_mask"])))
            piece = int(_pick(rs, np.flatnonzero(pieces[kind])))
            action = np.array([kind + 0.5, piece + 0.5, rs.uniform(-math.pi, math.pi),
                               rs.uniform(0.05, 0.4), rs.uniform(-1, 1)], np.float32)
        env.step(action)
        done += action is not None
    return done, time.process_time() - start


def _pick(rs: np.random.Generator, options: np.ndarray) -> np.int64:
    """`rs.choice(options)`: the same draw from the generator (one bounded integer), without
    choice's checks of its arguments."""
    return options[rs.integers(0, len(options))]


def native_loop(state: StfState, seed: int) -> tuple[int, float]:
    """The engine alone playing random legal decisions to the end: (decisions, CPU seconds)."""
    rng = random.Random(seed)
    decisions, start = 0, time.process_time()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions, time.process_time() - start


def replay_inputs(env: FlickEnv) -> tuple[int, float]:
    """The game alone (no environment) applying the inputs `env`'s game accepted, from the
    same seed: (inputs, CPU seconds). Refuses a replay that ends on another table."""
    game = env.game
    assert game is not None
    inputs: list[Input] = list(game.inputs)
    twin = Game(env.scenario, game.seed)
    start = time.process_time()
    for inp in inputs:
        twin.apply(inp)
    seconds = time.process_time() - start
    if twin.board.table.state_hash() != game.board.table.state_hash():
        raise AssertionError("the game alone ended on another table than the environment's")
    return len(inputs), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = 3 if args.quick else 20
    print(f"{'environment':40} {'native':>9} {'pettingzoo':>11}  steps/s (CPU)")

    steps = seconds = 0.0
    native_steps, native_seconds = 0, 0.0
    for seed in range(games):
        env = SomethingToFearEnv(players=2)
        n, s = random_loop(env, seed, 10_000)
        steps, seconds = steps + n, seconds + s
        n, s = native_loop(StfState(num_players=2, seed=env.state_.seed), seed)
        native_steps, native_seconds = native_steps + n, native_seconds + s
    print(f"{'Something to Fear, 2 players':40} {native_steps / native_seconds:9.0f}"
          f" {steps / seconds:11.0f}")

    # The same seeded games as `flick bench`'s adapters section (seeds 0-7, about 190 steps),
    # each played again by the engine alone from its accepted inputs.
    steps = seconds = 0.0
    native_steps, native_seconds = 0, 0.0
    for seed in range(2 if args.quick else 8):
        env = FlickEnv(scenario=1, max_steps=60 if args.quick else 300)
        n, s = random_loop(env, seed, 10_000)
        steps, seconds = steps + n, seconds + s
        n, s = replay_inputs(env)
        native_steps, native_seconds = native_steps + n, native_seconds + s
    print(f"{'Flick em Up! scenario 1 (accepted inputs)':40} "
          f"{native_steps / native_seconds:9.1f} {steps / seconds:11.1f}")

if __name__ == "__main__":
    main()
