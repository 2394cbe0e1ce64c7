"""Something to Fear: whole games of every player count, with and without the Expert variant, end
and stay within the declared length."""

from __future__ import annotations

import json
import random

import pytest

from flick.cards.bots import RandomBot
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear.state import StfState


@pytest.mark.parametrize("n", [2, 3, 5, 6])
@pytest.mark.parametrize("expert", [False, True])
def test_every_player_count_plays_to_the_end(n: int, expert: bool) -> None:
    s = StfState(n, seed=n * 10 + expert, expert=expert)
    bot = RandomBot(n)
    while not s.is_terminal():
        s.apply(bot.choose(s))
        if s.round == 5 and s.phase == A.TURN:
            assert StfState.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
    cards = len(s.mob) + len(s.destroyed) + sum(len(x) for x in s.stash)
    assert cards == 9 * (n + 1)
    assert all(sorted(d) == list(range(1, 10)) for d in s.discard)
    assert set(s.winners()) <= set(range(n))


@pytest.mark.parametrize(("players", "expert"), [(2, False), (3, True), (5, False), (6, True)])
def test_games_stay_within_the_declared_length(players: int, expert: bool) -> None:
    for seed in range(12):
        s = StfState(players, seed=seed, expert=expert)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            weapons = [a for a in legal if A.WEAPON_MOB <= a < A.GIVE_WOUND]
            s.apply(rng.choice(weapons) if weapons else rng.choice(legal))  # Weapons: longer
            steps += 1
        assert steps <= s.max_game_length()
