"""The games the OpenSpiel adapters give, node by node (tests/rl/openspiel_traces.py): the
chance nodes with their outcomes and probabilities, the legal ids, the labels, what every seat
sees and remembers, digested per game and compared with the stored digests."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

from tests.rl import openspiel_traces as traces

STORED: dict[str, str] = json.loads(traces.STORED.read_text())


def test_every_stored_trace_has_a_game() -> None:
    assert sorted(STORED) == sorted(f"{n}#{s}" for n in traces.GAMES for s in traces.SEEDS)


@pytest.mark.parametrize("name", traces.GAMES)
def test_the_adapter_gives_the_stored_games_node_by_node(name: str) -> None:
    for seed in traces.SEEDS:
        assert traces.digest(name, seed) == STORED[f"{name}#{seed}"], (name, seed)
