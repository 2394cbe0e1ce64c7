"""The objectives and skull outcomes of scenarios 5-10 (`flick.game.scenarios.objectives`)."""

from __future__ import annotations

import pytest

from flick.game import Game
from flick.game.scenarios import objectives as competitive
from flick.game.scenarios import supply
from flick.game.state import GameOver
from flick.scenario import load
from tests.game.tables import put_inside, s8_table, table


def test_round_end_base_objective_and_skull_tie_break() -> None:
    sc = table(objectives=[
        {"id": "tokens_in_base", "team": "A", "text": "t",
         "params": {"base": "rv", "all_of": ["fuel", "food"], "at_round_end": True}},
        {"id": "tokens_in_base", "team": "B", "text": "t",
         "params": {"base": "school", "all_of": ["fuel", "food"], "at_round_end": True}}],
        skull={"id": "skull_most_tokens_in_base", "text": "t",
               "params": {"kinds": ["fuel", "food"], "tie": "most_held"}})
    game = Game(sc, 1)
    game.rule_state.initial_counts = {"fuel": 3, "food": 4}
    game.stashes["rv"] = [game.new_token("fuel") for _ in range(3)]
    competitive.check(game)  # not at a round's end: nothing
    with pytest.raises(GameOver) as end:
        competitive.check(game, round_end=True)
    assert end.value.winner == "A"
    game.stashes["school"] = [game.new_token("food") for _ in range(3)]
    game.survivors["Rosa Rodriguez"].inventory = [game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.at_skull(game)
    assert end.value.winner == "B"  # 3 each in the bases; B's survivors hold more


def test_outnumber_and_another_round_at_a_tied_skull() -> None:
    game = Game(s8_table(), 1)
    competitive.at_skull(game)  # 2 against 2: another round, no end
    assert game.events[-1].type == "another_round"
    for name in ("Mike", "Lily", "Thomas"):
        from flick.game.scenarios.rules import full_name

        supply.new_board(game, full_name(name), "A", 2)
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "A"


def test_s9_holding_the_school_and_s10_colony_and_wipe_out() -> None:

    game = Game(load(9), 1, players={"A": 3, "B": 3})
    b = [s for s in game.survivors.values() if s.team == "B"]
    put_inside(game, b[0].name, "school")
    b[0].inventory = [game.new_token("food"), game.new_token("fuel")]
    competitive.check(game)  # only at a round's end
    a0 = next(s for s in game.survivors.values() if s.team == "A")
    put_inside(game, a0.name, "school")
    competitive.check(game, round_end=True)  # team A is in the School too: not held
    a0.building = None
    with pytest.raises(GameOver) as end:
        competitive.check(game, round_end=True)
    assert end.value.winner == "B"
    with pytest.raises(GameOver) as end:
        competitive.at_skull(game)
    assert end.value.winner == "A"  # team A wins at the skull

    game = Game(load(10), 1, players={"A": 3, "B": 3})
    carrier = next(s for s in game.survivors.values() if s.team == "B")
    carrier.inventory = [game.new_token("fuel"), game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.entered_colony(game, carrier, "rv")
    assert end.value.winner == "B"
    for s in game.survivors.values():
        if s.team == "A":
            s.alive, s.life = False, 0
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "B"
