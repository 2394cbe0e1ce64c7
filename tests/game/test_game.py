"""`Game.apply`: a refused input leaves the game as it was."""

from __future__ import annotations

from typing import Any

import pytest

from flick.game import Game, IllegalAction
from flick.game.inputs import (
    ChooseSurvivor,
    TakeDrop,
)
from flick.game.scenarios import supply
from tests.game.tables import BASE, frozen, put_inside, table


def test_a_refused_action_takes_back_a_survivor_who_joined_during_it(monkeypatch: Any) -> None:
    """An illegal action changes nothing: a found survivor who joined before a check deep in
    the action failed is taken back (status, summary, generator, table all as before)."""
    game = Game(table(mode="co-op", teams=[BASE["teams"][0]], pretzel=None,
                      reserve_survivors=["Mike", "Lily"],
                      objectives=[{"id": "find_survivors_and_tokens", "text": "t",
                                   "params": {"survivors_found": 2, "base": "rv",
                                              "tokens": {"fuel": 2}}}],
                      rules=["found_survivors"]), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("survivor", face_up=False)]
    game.apply(ChooseSurvivor(john.name))
    real = supply.found_survivor

    def join_then_fail(game: Game, finder: Any, key: str) -> None:
        real(game, finder, key)
        game.rng.random()  # and the generator moved on
        raise IllegalAction("a check deep inside the action failed")

    monkeypatch.setattr(supply, "found_survivor", join_then_fail)

    def seen() -> Any:
        return (repr(game.status()), repr(game.summary()), str(game.rng.bit_generator.state),
                game.board.table.state_hash(), list(game.survivors))

    before = seen()
    with pytest.raises(IllegalAction, match="deep inside"):
        game.apply(TakeDrop(take=0))
    assert seen() == before and "Mike Cho" not in game.survivors
    monkeypatch.setattr(supply, "found_survivor", real)
    game.apply(TakeDrop(take=0))
    assert game.survivors["Mike Cho"].life == 2


def test_a_refused_action_takes_back_a_fight_it_started(monkeypatch: Any) -> None:
    """A survivor fight begun inside a refused action is gone after the refusal."""
    game = Game(table(), 4)
    put_inside(game, "Rosa Rodriguez", "library")
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    from flick.game import actions

    def enter_then_fail(game: Game, inp: Any) -> None:
        put_inside(game, john.name, "library")
        game.rules.on_enter(game, john, "library")
        assert game.phase == "fight"
        raise IllegalAction("refused after the fight began")

    monkeypatch.setattr(actions, "perform", enter_then_fail)
    before = frozen(game)
    with pytest.raises(IllegalAction, match="refused after"):
        game.apply(TakeDrop(take=0))
    assert frozen(game) == before and game.fight is None
    assert "fight" not in game.status() and game.legal_kinds() != ["fight_weapon"]
