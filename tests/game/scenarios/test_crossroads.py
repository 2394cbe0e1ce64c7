"""Scenario 5's Crossroads cards (`flick.game.scenarios.crossroads`) through `Game.apply`."""

from __future__ import annotations

import pytest

from flick.game import Game, IllegalAction
from flick.game.inputs import (
    ChooseSurvivor,
    TakeDrop,
)
from flick.game.scenarios import crossroads
from flick.game.scenarios.inputs import (
    CrossroadsChoice,
)
from tests.game.tables import frozen, put_inside, table


def test_crossroads_deck_has_30_cards_with_known_effects() -> None:
    deck = crossroads.deck()
    assert len(deck) == 30
    assert all(set(o.effects) <= set(crossroads.EFFECTS) for c in deck.values()
               for o in c.options)
    g1, g2 = Game(table(), 3), Game(table(), 3)
    assert g1.rule_state.crossroads_deck == g2.rule_state.crossroads_deck
    assert sorted(g1.rule_state.crossroads_deck) == sorted(deck)


def test_crossroads_token_draws_a_card_and_the_choice_resolves_it() -> None:
    game = Game(table(), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("crossroads", face_up=False)]
    game.rule_state.crossroads_deck = ["c05", *game.rule_state.crossroads_deck]  # Second Wind
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    assert game.phase == "crossroads" and game.legal_kinds() == ["crossroads"]
    assert game.stashes["library"] == []  # the token leaves the game
    before = frozen(game)
    with pytest.raises(IllegalAction):
        game.apply(CrossroadsChoice(3))
    assert frozen(game) == before
    game.apply(CrossroadsChoice(0))
    assert game.phase == "act" and game.rules.max_actions(game) == 3
    assert any(e.type == "crossroads_choice" for e in game.events)


def test_crossroads_costs_must_be_payable_and_new_zombies_come_from_the_box_first() -> None:
    game = Game(table(), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("crossroads", face_up=False)]
    deck = game.rule_state.crossroads_deck
    game.rule_state.crossroads_deck = ["c09", *deck]  # lose 1 life or medicine
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    with pytest.raises(IllegalAction, match="medicine"):
        game.apply(CrossroadsChoice(1))
    game.apply(CrossroadsChoice(0))
    assert john.life == 2
    box, bin_ = game.box, game.bin
    assert crossroads.take_new_zombies(game, box + 1) == box + 1
    assert game.box == 0 and game.bin == bin_ - 1


def test_crossroads_new_zombies_rush_at_the_survivor() -> None:
    game = Game(table(), 2)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    city = game.zombie_counts()["city"]
    crossroads.resolve(game, john, {"new_zombies": 2})
    assert game.zombie_counts()["city"] == city + 2
    assert sum(game.zombie_counts().values()) == 18
    assert any(e.type == "rush" and e.data["reason"] == "crossroads" for e in game.events)
