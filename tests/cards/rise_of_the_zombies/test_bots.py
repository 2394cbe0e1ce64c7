"""Rise of the Zombies!: the bots (`bots`, `search`, `value`): deterministic games that end, legal
choices, the search's candidates and value."""

from __future__ import annotations

import random

from flick.cards.bots import play_out
from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import make_bot, new_state
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from tests.cards.rise_of_the_zombies.tables import (
    game,
    give,
    place_zombie,
)


def test_greedy_games_are_deterministic_and_end() -> None:
    a, b = new_state(11), new_state(11)
    play_out(a, make_bot("greedy", 1))
    play_out(b, make_bot("greedy", 1))
    assert a.to_json() == b.to_json() and a.is_terminal()


def test_rollout_bot_picks_a_legal_move() -> None:
    from flick.cards.rise_of_the_zombies.bots import RolloutBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    bot = RolloutBot(4)
    bot.rollouts = 1
    a = bot.choose(st)
    assert a in st.legal_actions()


def test_search_bot_scores_candidates_and_picks_a_legal_action() -> None:
    from flick.cards.rise_of_the_zombies.search import SearchBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    give(st, 0, "Flashlight")
    place_zombie(st, "Loner", 0, 0)
    bot = SearchBot(4)
    bot.rollouts = 1
    cands = bot.candidates(st, 0, st.legal_actions(), make_bot("greedy", 0).choose(st))
    assert C.PASS in cands and any(a >> 16 == C.K_LOCATION for a in cands)
    assert bot.choose(st) in st.legal_actions()
    # a finished game scores 2 per escaped survivor; a living survivor scores less than that
    assert 0.0 < bot.value(st) < 1.0
    st.over, st.escaped = True, [True, False]
    assert bot.value(st) == 1.0


def test_value_model_features_and_fit() -> None:
    from flick.cards.rise_of_the_zombies import value as V

    st = RiseOfTheZombies(seed=2)
    x = V.features(st)
    assert len(x) == len(V.NAMES) == len(V.WEIGHTS) and x[0] == 1.0
    assert 0.0 < V.win_chance(st) < 1.0
    worse = st.clone()
    worse.wounds = [3, 3, 3, 3]  # same table, every survivor one wound from death
    assert V.win_chance(worse) < V.win_chance(st)
    worse.over, worse.escaped = True, [True, False, False, False]
    assert V.win_chance(worse) == 0.25
    # the fit recovers the sign of a feature that decides the outcome
    rng = random.Random(0)
    xs = [[1.0, rng.random()] for _ in range(400)]
    ys = [1.0 if r[1] > 0.5 else 0.0 for r in xs]
    w = V.fit(xs, ys)
    assert w[1] > 5 and w[0] < 0


def test_search_bot_keeps_the_greedy_choice_without_a_clear_gain() -> None:
    from flick.cards.rise_of_the_zombies.search import SearchBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    give(st, 0, "Head Shot")
    place_zombie(st, "Hulker", 0, 0)
    bot = SearchBot(1)
    bot.rollouts, bot.margin = 2, 10.0  # no gain can exceed 10 (values are 0..2)
    assert bot.choose(st) == make_bot("greedy", 1).choose(st)
