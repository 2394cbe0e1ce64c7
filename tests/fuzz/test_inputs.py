"""Fuzz: random inputs to `Game.apply` and to each card engine's `apply` and `from_json`: a
refusal (IllegalAction / IllegalActionError / the engine's error) changes nothing, anything
else is played; no other exception, within the time and memory bounds."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flick.cards import games
from flick.cards.engine import IllegalActionError
from flick.errors import FlickError
from flick.game import Game, IllegalAction
from flick.game import inputs as I
from flick.scenario import load
from tests.fuzz.bounds import bounded, suite_settings

NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-3000, 3000),
    st.sampled_from([0.0, -0.0, 1e-300, 1e300, 2e4, 2.1e4, math.pi]),
    st.integers(-10**6, 10**6), st.booleans(), st.none(), st.text(max_size=3),
)
SMALL = st.floats(-3, 3)  # offsets within a disc, sometimes
VEC = st.one_of(st.tuples(NUMBERS, NUMBERS), st.tuples(SMALL, SMALL), st.tuples(NUMBERS),
                st.lists(NUMBERS, max_size=3), NUMBERS)
FLICK = st.builds(I.Flick, impulse=st.one_of(VEC, st.tuples(st.floats(-900, 900),
                                                             st.floats(-900, 900))),
                  offset=st.one_of(VEC, st.just((0.0, 0.0))))
ANY = st.one_of(NUMBERS, FLICK, st.tuples(st.integers(-5, 200)), st.text(max_size=12))
NAMES = st.sampled_from(["John Price", "Anita", "left", "right", "gun", "knife", "", "\x00"])

INPUTS = st.one_of(
    st.builds(I.ChooseSurvivor, survivor=st.one_of(NAMES, ANY)),
    st.builds(I.Move, flick=st.one_of(FLICK, ANY), angle=st.one_of(NUMBERS, SMALL),
              set_aside=st.one_of(st.tuples(st.integers(-3, 200)), ANY)),
    st.builds(I.Shoot, side=st.one_of(NAMES, ANY), flick=st.one_of(FLICK, ANY),
              second=st.one_of(st.none(), FLICK)),
    st.builds(I.Knife, side=NAMES, flick=FLICK),
    st.builds(I.Bat, angle=NUMBERS, flick=FLICK),
    st.builds(I.ShortKill, zombie=st.one_of(st.integers(-3, 300), ANY), weapon=NAMES),
    st.builds(I.Shotgun, side=NAMES, angle=NUMBERS, impulse=NUMBERS),
    st.builds(I.Sniper, side=NAMES, angle=NUMBERS, impulse=NUMBERS),
    st.builds(I.TakeDrop, take=st.one_of(st.none(), st.integers(-3, 300), ANY),
              drop=st.one_of(st.none(), st.integers(-3, 300))),
    st.builds(I.Keep, keep=st.one_of(st.booleans(), ANY)),
    st.builds(I.EndTurn, facing=st.one_of(st.none(), NUMBERS)),
    st.builds(I.FightWeapon, weapon=NAMES), st.builds(I.FightFlick, flick=FLICK),
    st.builds(I.FightWait), st.builds(I.Eat, survivor=NAMES, slot=NUMBERS),
    st.builds(I.GoHungry), ANY,
)


def _frozen(g: Game) -> tuple[Any, ...]:
    return (g.board.table.state_hash(), g.phase, g.active, g.actions_done, len(g.inputs),
            len(g.events), g.over, json.dumps(g.summary(), sort_keys=True, default=str))


@pytest.fixture(scope="module")
def scenario() -> Any:
    return load(1)


def test_random_inputs_to_game_apply(scenario: Any) -> None:
    @suite_settings(35)
    @given(first=st.booleans(), inp=INPUTS)
    def case(first: bool, inp: Any) -> None:
        g = Game(scenario, seed=3)
        if first:
            g.apply(I.ChooseSurvivor("John Price"))
        before = _frozen(g)
        with bounded():
            try:
                g.apply(inp)
            except IllegalAction:
                assert _frozen(g) == before
                return
        assert len(g.inputs) == before[4] + 1  # played and recorded

    case()


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_random_actions_to_card_engines(name: str) -> None:
    module = games.module(name)

    @suite_settings(20)
    @given(seed=st.integers(0, 3), steps=st.integers(0, 6),
           action=st.one_of(st.integers(-10, 5000), st.booleans(), st.floats(-1, 50),
                            st.none(), st.text(max_size=2), st.sampled_from([0.0, 1.0, 2.0])))
    def case(seed: int, steps: int, action: Any) -> None:
        state = module.new_state(seed)
        for _ in range(steps):  # somewhere into the game, by legal moves
            if state.is_terminal():
                break
            state.apply(state.legal_actions()[0])
        if state.is_terminal():
            return
        before = json.dumps(state.to_json(), sort_keys=True)
        legal = state.legal_actions()
        with bounded():
            try:
                state.apply(action)
            except IllegalActionError:
                assert json.dumps(state.to_json(), sort_keys=True) == before
                return
        assert type(action) is int and action in legal

    case()


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_damaged_card_states_raise_the_engines_error(name: str) -> None:
    module = games.module(name)
    good = module.new_state(1).to_json()
    keys = sorted(good)

    @suite_settings(20)
    @given(key=st.sampled_from(keys),
           value=st.one_of(st.none(), st.integers(-5, 99), st.text(max_size=3), st.booleans(),
                           st.lists(st.integers(-2, 60), max_size=4), st.just({}),
                           st.just("__delete__")))
    def case(key: str, value: Any) -> None:
        data = json.loads(json.dumps(good))
        if value == "__delete__":
            del data[key]
        else:
            data[key] = value
        with bounded():
            try:
                type(module.new_state(1)).from_json(data)
            except FlickError as error:
                assert str(error)

    case()
