"""Rise of the Zombies!' game length bound: enforced by the engine (the decision
that reaches `max_game_length()` ends the game as the clock does), and random games, the
longest there are, stay well below it."""

from __future__ import annotations

import random

import pytest

from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


def test_the_decision_that_reaches_the_bound_ends_the_game() -> None:
    st = RiseOfTheZombies(survivors=["Scout", "Paramedic"], seed=3)
    bound = st.max_game_length()
    assert bound == 100 * (55 // 5 + 1)
    st.decisions = bound - 1
    st.apply(st.legal_actions()[0])
    assert st.is_terminal() and "time is up" in st.end_reason
    assert st.returns() == [0.0, 0.0]  # nobody is aboard a helicopter
    back = RiseOfTheZombies.from_json(st.to_json())
    assert back.decisions == bound


@pytest.mark.parametrize("survivors, difficulty, explicit",
                         [(["Scout"], "insane", True), (["Scout", "Paramedic"], "standard", False)])
def test_random_games_stay_below_the_bound(survivors: list[str], difficulty: str,
                                           explicit: bool) -> None:
    for seed in range(3):
        st = RiseOfTheZombies(survivors=survivors, difficulty=difficulty, seed=seed,
                              explicit_chance=explicit)
        rng = random.Random(seed)
        while not st.is_terminal():
            event = st.chance_event()
            if event is not None:
                st.apply_chance(rng.choice(event.outcomes)[0])
            else:
                st.apply(rng.choice(st.legal_actions()))
        assert "time is up" not in st.end_reason
        assert st.decisions < st.max_game_length() / 2
        assert st.decisions <= 30 * st.turn  # the measured rate: at most 28 a Player Turn
