"""Every node of random OpenSpiel games of the three card games, as one digest a game: the
seat to act, a chance node's outcomes with their probabilities and labels, a decision's legal
ids and labels, every seat's observation string, and at every seventh node every seat's
information-state string and the state's text; the returns and last information states. The
stored digests (golden_openspiel_traces.json) pin the games the adapters give: a change of
speed must leave them as they are.

`python -m tests.rl.openspiel_traces --write` stores them again (a meant change of the games:
say why in the commit)."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

import flick.openspiel  # noqa: F401  (registers the games)

GAMES = ["flick_surrounded", "flick_surrounded(scenario=7)",
         "flick_something_to_fear(players=2)", "flick_something_to_fear(players=4,expert=true)",
         "flick_rise_of_the_zombies(survivors=Scout+Paramedic)",
         "flick_rise_of_the_zombies(survivors=Scout+Biker+Chef,secret_hands=true)"]
SEEDS = (0, 1, 2)
STORED = Path(__file__).parent / "golden_openspiel_traces.json"


def trace(name: str, seed: int) -> list[Any]:
    """The nodes of a random game (chance sampled by its probabilities, numpy's seeded
    RandomState), each as plain data."""
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    seats = range(game.num_players())
    nodes: list[Any] = []
    while not state.is_terminal():
        p = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            node: list[Any] = [p, [[int(a), float(b)] for a, b in outcomes],
                               [state.action_to_string(p, int(a)) for a, _ in outcomes]]
            values, probs = zip(*outcomes, strict=True)
            action = int(rs.choice(values, p=probs))
        else:
            legal = state.legal_actions()
            node = [p, list(legal), [state.action_to_string(p, a) for a in legal]]
            action = int(rs.choice(legal))
        node.append([state.observation_string(q) for q in seats])
        if len(nodes) % 7 == 0:
            node.append([state.information_state_string(q) for q in seats])
            node.append(str(state))
        node.append(action)
        nodes.append(node)
        state.apply_action(action)
    nodes.append(["end", state.returns(), [state.information_state_string(q) for q in seats]])
    return nodes


def digest(name: str, seed: int) -> str:
    text = json.dumps(trace(name, seed))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def digests() -> dict[str, str]:
    return {f"{name}#{seed}": digest(name, seed) for name in GAMES for seed in SEEDS}


if __name__ == "__main__":
    found = digests()
    if "--write" in sys.argv:
        STORED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(json.dumps(found, indent=1, sort_keys=True))
