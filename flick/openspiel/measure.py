"""`python -m flick.openspiel.measure`: decisions per second through the adapters next to the
engines alone, and OpenSpiel's MCTS against flick's own search bot in Something to Fear
(the figures of docs/rl.md). CPU time; pass `--quick` for a short run.

The floor: what the same random play costs with no rules at all. `floor_rate` records the nodes
of the seeded games `openspiel_rate` plays (whose turn, the legal ids, a chance node's
outcomes) and plays them back through `Playback`, a pyspiel game that answers the same calls
as the adapter from the record and does nothing else, in the same loop. Its time is pyspiel's
call path and the player's own loop (zip, random.choices) alone, which any adapter pays on top
of the engine's own time: an adapter's ratio can not go below `1 + native / floor`."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import flick.openspiel  # noqa: F401  (registers the games)
from flick.cards.engine import CHANCE, TERMINAL, State
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
    """Decisions per CPU second of random play through the adapter, games seeded 0..games-1
    (chance by its declared probabilities)."""
    return random_play(pyspiel.load_game(name), games)


def random_play(game: pyspiel.Game, games: int) -> float:
    """The player's loop of `openspiel_rate` over `game`: decisions per CPU second."""
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


Node = tuple[int, tuple[Any, ...]]  # (seat to act or CHANCE, legal ids or (outcome, p) pairs)

_FLOOR_TYPE = pyspiel.GameType(
    short_name="flick_playback", long_name="flick playback (no rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8, min_num_players=1,
    provides_information_state_string=False, provides_information_state_tensor=False,
    provides_observation_string=False, provides_observation_tensor=False,
    parameter_specification={})


class Playback(pyspiel.Game):
    """A pyspiel game with no rules: its states play back recorded games (`record`), one a
    `new_initial_state`, answering whose turn it is, the legal ids and a chance node's
    outcomes from the record, whatever action is applied. Not registered with pyspiel: built
    directly by `floor_rate`."""

    def __init__(self, source: pyspiel.Game, recorded: list[list[Node]]) -> None:
        super().__init__(_FLOOR_TYPE, pyspiel.GameInfo(
            num_distinct_actions=source.num_distinct_actions(),
            max_chance_outcomes=source.max_chance_outcomes(),
            num_players=source.num_players(), min_utility=0.0, max_utility=1.0,
            utility_sum=None, max_game_length=max(len(g) for g in recorded)), {})
        self.recorded = recorded
        self.played = 0

    def new_initial_state(self) -> PlaybackState:
        nodes = self.recorded[self.played]
        self.played += 1
        return PlaybackState(self, nodes)


class PlaybackState(pyspiel.State):
    """One recorded game played back (the methods the adapter answers in Python, the same
    here, each a lookup)."""

    def __init__(self, game: Playback, nodes: list[Node]) -> None:
        super().__init__(game)
        self.nodes = nodes
        self.at = 0
        self.players = game.num_players()

    def current_player(self) -> int:
        at = self.at
        return self.nodes[at][0] if at < len(self.nodes) else TERMINAL

    def is_chance_node(self) -> bool:
        at = self.at
        return at < len(self.nodes) and self.nodes[at][0] == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(self.nodes[self.at][1])

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.nodes[self.at][1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.nodes[self.at][1])

    def _apply_action(self, action: int) -> None:
        self.at += 1

    def is_terminal(self) -> bool:
        return self.at >= len(self.nodes)

    def returns(self) -> list[float]:
        return [0.0] * self.players

    def __str__(self) -> str:
        return f"node {self.at} of {len(self.nodes)}"


def record(game: pyspiel.Game, games: int) -> list[list[Node]]:
    """The nodes of the games `random_play(game, games)` plays: the same seeds, the same
    draws of the player's generator."""
    recorded = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        nodes: list[Node] = []
        while not state.is_terminal():
            if state.is_chance_node():
                pairs = tuple(state.chance_outcomes())
                nodes.append((CHANCE, pairs))
                outcomes, probs = zip(*pairs, strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = tuple(state.legal_actions())
                nodes.append((state.current_player(), legal))
                state.apply_action(rng.choice(legal))
        recorded.append(nodes)
    return recorded


def floor_rate(name: str, games: int, recorded: list[list[Node]] | None = None) -> float:
    """Decisions per CPU second of `openspiel_rate(name, games)`'s loop over its own games
    played back with no rules (`Playback`); `recorded` (from `record`) saves recording them
    again."""
    source = pyspiel.load_game(name)
    return random_play(Playback(source, recorded or record(source, games)), games)


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
        print(f"{name:55} {native_rate(make, games):9.0f} {openspiel_rate(name, games):10.0f}"
              f"  (no rules: {floor_rate(name, games):.0f})")
    n, sims = (2, 10) if args.quick else (6, 30)
    mean = mcts_vs_search(n, sims)
    print(f"Something to Fear, {n} games: OpenSpiel MCTS ({sims} simulations) won {mean[0]:.2f}"
          f" a game, flick SearchBot won {mean[1]:.2f}")


if __name__ == "__main__":
    main()
