"""Something to Fear: what each player may see (`view`): a determinized copy keeps the player's
information set; the observation and the rendered table show only its own hand."""

from __future__ import annotations

import random

import pytest

from flick.cards.bots import RandomBot, play_out
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import new_state
from tests.cards.something_to_fear.positions import positions


@pytest.mark.parametrize("expert", [False, True])
def test_determinize_keeps_the_information_set(expert: bool) -> None:
    changed = 0
    for state in positions(1, expert=expert) + positions(2, n=3, expert=expert):
        for p in range(state.num_players):
            twin = state.determinize(p, random.Random(p))
            assert twin.observation(p) == state.observation(p)
            assert twin.render(viewer=p) == state.render(viewer=p)
            assert twin.hand[p] == state.hand[p]
            others = [q for q in range(state.num_players) if q != p]
            if any(
                twin.hand[q] != state.hand[q] or twin.selected[q] != state.selected[q]
                for q in others
            ):
                changed += 1
            for q in range(state.num_players):  # every Character is still somewhere, once
                held = twin.hand[q] + twin.char_deck[q] + twin.discard[q]
                held += [twin.selected[q]] if twin.selected[q] and twin.phase == A.SELECT else []
                assert len(held) == len(set(held))
            assert sorted(twin.deck + twin.peek) == sorted(state.deck + state.peek)
            # the copy plays on legally
            play_out(twin, RandomBot(3))
    if not expert:
        assert changed > 20  # hidden hands really are dealt again


def test_observation_and_render_show_only_your_own_hand() -> None:
    s = new_state(4)
    for p in range(4):
        obs = s.observation(p)
        assert obs["hand"] == s.hand[p]
        for q, seen in enumerate(obs["players"]):
            assert seen["hand_known"] == (s.hand[q] if q == p else [])
        assert "rng" not in obs and "deck" not in obs
        text = s.render(viewer=p)
        assert text.count("hand 3 cards") == 3
