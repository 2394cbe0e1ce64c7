"""`python -m flick.openspiel.measure`: decisions per second through the adapters next to the
engines alone, and OpenSpiel's MCTS against flick's own search bot in Something to Fear
(the figures of docs/rl.md). CPU time; pass `--quick` for a short run."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import flick.openspiel  # noqa: F401  (registers the games)
from flick.cards.engine import State
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.cards.something_to_fear.bots import SearchBot
from flick.cards.something_to_fear.state import StfState
from flick.cards.surrounded.state import SurroundedState

NATIVE: dict[str, Any] = {
    "flick_surrounded": lambda seed: SurroundedState(seed=seed),
    "flick_something_to_fear(players=2)": lambda seed: StfState(num_players=2, seed=seed),
    "flick_rise_of_the_zombies(survivors=Scout+Paramedic)":
        lambda seed: RiseOfTheZombies(survivors=("Scout", "Paramedic"), seed=seed),
}


def native_rate(make: Any, games: int) -> float:
    decisions, start = 0, time.process_time()
    for seed in range(games):
        state: State = make(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions / (time.process_time() - start)


def openspiel_rate(name: str, games: int) -> float:
    game = pyspiel.load_game(name)
    decisions, start = 0, time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (time.process_time() - start)


def mcts_vs_search(games: int, simulations: int) -> list[float]:
    """Mean return of OpenSpiel's MCTS (random rollouts) and of flick's SearchBot, seats
    swapped every game, chance sampled by its declared probabilities."""
    game = pyspiel.load_game("flick_something_to_fear(players=2)")
    totals = [0.0, 0.0]  # MCTS, SearchBot
    for g in range(games):
        rs = np.random.RandomState(g)
        bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs),
                           random_state=rs, solve=False)
        search = SearchBot(seed=g)
        mcts_seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
            elif state.current_player() == mcts_seat:
                state.apply_action(bot.step(state))
            else:
                engine = state.engine
                state.apply_action(engine.action_to_id(search.choose(engine)))
        returns = state.returns()
        totals[0] += returns[mcts_seat]
        totals[1] += returns[1 - mcts_seat]
    return [t / games for t in totals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = 3 if args.quick else 20
    print(f"{'game':55} {'native':>9} {'openspiel':>10}  decisions/s (CPU)")
    for name, make in NATIVE.items():
        native_rate(make, 1), openspiel_rate(name, 1)  # warm-up: card data, caches
        print(f"{name:55} {native_rate(make, games):9.0f} {openspiel_rate(name, games):10.0f}")
    n, sims = (2, 10) if args.quick else (6, 30)
    mean = mcts_vs_search(n, sims)
    print(f"Something to Fear, {n} games: OpenSpiel MCTS ({sims} simulations) won {mean[0]:.2f}"
          f" a game, flick SearchBot won {mean[1]:.2f}")


if __name__ == "__main__":
    main()
