"""flick's card games registered with OpenSpiel (flick.openspiel, issue 19): OpenSpiel's own
random simulation test with serialization, chance as explicit nodes, nothing hidden in the
observation and information-state strings, and OpenSpiel's MCTS and IS-MCTS bots playing."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the rl extra (open-spiel) is not installed: pip install -e '.[rl]'")

import flick.openspiel as fos  # noqa: E402  (after the skip: it imports pyspiel)

mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")

SURROUNDED = "flick_surrounded"
STF = "flick_something_to_fear(players=2)"
RISE = "flick_rise_of_the_zombies(survivors=Scout,difficulty=insane)"


def play_random(game: pyspiel.Game, seed: int, stop: int | None = None) -> pyspiel.State:
    """A random game (chance sampled by its declared probabilities), up to `stop` decisions."""
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and (
            state.is_chance_node() or stop is None or decisions < stop):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
            decisions += 1
    return state


def test_the_three_games_are_registered_with_their_parameters() -> None:
    names = set(pyspiel.registered_names())
    assert {"flick_surrounded", "flick_something_to_fear", "flick_rise_of_the_zombies"} <= names
    stf6 = pyspiel.load_game("flick_something_to_fear(players=6,expert=True)")
    assert stf6.num_players() == 6
    rise = pyspiel.load_game("flick_rise_of_the_zombies(survivors=Scout+Biker+Chef,otis=True)")
    assert rise.num_players() == 3
    for game in (pyspiel.load_game(SURROUNDED), stf6, rise):
        assert 0 < game.num_distinct_actions() < 2**31  # dense, no 32-bit truncation
        assert game.max_game_length() > 0
    with pytest.raises(Exception, match="2-6"):
        pyspiel.load_game("flick_something_to_fear(players=7)")


@pytest.mark.parametrize("name, sims", [(SURROUNDED, 3), (STF, 1), (RISE, 1)])
def test_openspiel_random_sim_test_with_serialization(name: str, sims: int) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=sims, serialize=True, verbose=False)


def test_surrounded_deals_its_deck_at_chance_nodes() -> None:
    game = pyspiel.load_game(SURROUNDED)
    state = game.new_initial_state()
    probs = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        probs.append(len(outcomes))
        state.apply_action(outcomes[-1][0])  # the highest card left each time
    assert probs == list(range(18, 0, -1))
    engine = state.engine
    # the first card out is the top of the deck: it sets the scenario (card 18 here)
    assert engine is not None and engine.locs[next(iter(engine.locs))] == 18
    fixed = pyspiel.load_game("flick_surrounded(scenario=5)").new_initial_state()
    assert len(fixed.chance_outcomes()) == 17  # the scenario's card is put on top, not dealt


def test_a_decision_that_rolls_waits_for_a_chance_node_and_one_that_does_not_is_applied() -> None:
    game = pyspiel.load_game(RISE)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == fos.SEED_OUTCOMES
    state.apply_action(7)  # the deal
    kinds = set()
    rs = np.random.RandomState(1)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rs.randint(fos.SEED_OUTCOMES)))
            continue
        before = state.history()
        state.apply_action(int(rs.choice(state.legal_actions())))
        kinds.add(state.is_chance_node())
        assert state.history()[:-1] == before
    assert kinds == {True, False}  # both kinds of decision happen in a game


def test_chance_is_not_fixed_in_the_state_a_search_clones() -> None:
    """Two clones of one decision node that sample different chance outcomes go on
    differently (an MCTS rollout no longer knows the true dice)."""
    game = pyspiel.load_game(RISE)
    state = play_random(game, 3, stop=1)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    futures = set()
    for outcome in range(8):
        twin = state.clone()
        twin.apply_action(outcome)
        futures.add(str(twin))
    assert len(futures) > 1


@pytest.mark.parametrize("name", [SURROUNDED, STF, RISE])
def test_observation_and_information_state_strings_hold_no_secret(name: str) -> None:
    game = pyspiel.load_game(name)
    state = play_random(game, 2, stop=12)
    assert not state.is_chance_node()
    for p in range(game.num_players()):
        obs = state.observation_string(p)
        info = state.information_state_string(p)
        assert info.startswith(obs)
        data = json.loads(obs)
        for secret in ("seed", "rng", "adeck", "zdeck"):
            assert secret not in data
        deck = getattr(state.engine, "deck", None)
        if isinstance(deck, list) and len(deck) > 2:  # no deck order beyond its known top
            assert data.get("deck") != deck
        tensor = np.asarray(state.observation_tensor(p))
        assert tensor.shape == (fos.TENSOR_SIZE,) and np.any(tensor)
    # a determinization of what the player to act knows looks the same to it
    player = state.current_player()
    twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.information_state_string(player) == state.information_state_string(player)


def test_something_to_fear_hands_are_not_in_the_other_seats_observation() -> None:
    game = pyspiel.load_game(STF)
    state = play_random(game, 5, stop=3)
    engine = state.engine
    assert engine is not None
    for p in range(2):
        other = json.loads(state.observation_string(1 - p))
        mine = json.loads(state.observation_string(p))
        assert mine != other
        assert f'"hand":{json.dumps(sorted(engine.hand[p])).replace(" ", "")}' in (
            state.observation_string(p))
    # a resample redeals what seat 0 cannot see: seat 1's hand may change, seat 0's does not
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sorted(twin.engine.hand[0]) == sorted(engine.hand[0])


def test_the_information_state_remembers_past_decisions() -> None:
    game = pyspiel.load_game(SURROUNDED)
    a = play_random(game, 4, stop=2)
    b = a.clone()
    legal = b.legal_actions()
    b.apply_action(legal[0])
    c = a.clone()
    c.apply_action(legal[-1])
    assert len(legal) > 1
    assert b.information_state_string(0) != c.information_state_string(0)
    assert b.information_state_string(0).startswith(b.observation_string(0))


def test_the_measure_script_counts_decisions_through_the_adapter() -> None:
    from flick.openspiel.measure import NATIVE, openspiel_rate

    assert openspiel_rate(SURROUNDED, 1) > 0
    assert len(NATIVE) == 3


def _bots(game: pyspiel.Game, seed: int, sims: int) -> tuple[pyspiel.Bot, pyspiel.Bot]:
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    return (mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rs, solve=False),
            ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rs))


def play_bots(game: pyspiel.Game, seed: int, sims: int, stop: int | None = None,
              order: tuple[int, int] = (0, 1)) -> tuple[pyspiel.State, int]:
    bots = _bots(game, seed, sims)
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and (stop is None or decisions < stop):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        bot = bots[order[state.current_player() % 2]]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    return state, decisions


@pytest.mark.parametrize("order", [(0, 0), (1, 1)], ids=["mcts", "ismcts"])
def test_mcts_and_ismcts_play_whole_games_of_surrounded(order: tuple[int, int]) -> None:
    game = pyspiel.load_game(SURROUNDED)
    for seed in range(2):
        state, decisions = play_bots(game, seed, sims=3, order=order)
        assert state.is_terminal() and 0 < decisions <= game.max_game_length()
        assert state.returns()[0] in (0.0, 1.0)


def test_mcts_against_ismcts_in_something_to_fear_and_rise_of_the_zombies() -> None:
    stf = pyspiel.load_game(STF)
    _, decisions = play_bots(stf, 0, sims=3, stop=8)
    assert decisions == 8
    rise = pyspiel.load_game(RISE)
    _, decisions = play_bots(rise, 1, sims=2, stop=6)
    assert decisions == 6
