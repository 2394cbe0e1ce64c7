"""flick's card games registered with OpenSpiel (flick.openspiel): OpenSpiel's own
random simulation test with serialization, chance nodes that are the rules' own events, nothing
hidden in the observation and information-state strings and tensors (two states differing only
in what a seat cannot see look the same to it), and OpenSpiel's MCTS and IS-MCTS bots playing."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

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


def test_the_chance_nodes_are_the_rules_own_events_with_their_probabilities() -> None:
    """Something to Fear's first chance node is the first Encounter card: each kind of card
    of the deck with probability count/total; Rise of the Zombies! rolls a fair die."""
    stf = pyspiel.load_game(STF)
    state = stf.new_initial_state()
    assert state.is_chance_node()
    engine = state.engine
    deck = engine.data.deck_for(2)
    kinds = Counter(engine.data.kind_ids[c] for c in deck)
    assert dict(state.chance_outcomes()) == pytest.approx(
        {k: n / len(deck) for k, n in kinds.items()})
    assert max(kinds) < stf.max_chance_outcomes()
    rise = pyspiel.load_game(RISE)
    state = rise.new_initial_state()
    rs = np.random.RandomState(1)
    faces = None
    for _ in range(2000):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 <= a < rise.max_chance_outcomes() for a, _ in outcomes)
            if "roll" in state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]):
                faces = outcomes
                break
            state.apply_action(int(rs.choice([a for a, _ in outcomes])))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert faces == [(face, pytest.approx(1 / 6)) for face in range(1, 7)]


def test_chance_is_not_fixed_in_the_state_a_search_clones() -> None:
    """Two clones of one chance node that take different outcomes go on differently (an
    MCTS rollout meets the game's chance, not a future fixed in the state)."""
    game = pyspiel.load_game(RISE)
    state = play_random(game, 3, stop=1)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    futures = set()
    for outcome, _ in state.chance_outcomes()[:6]:
        twin = state.clone()
        twin.apply_action(outcome)
        while twin.is_chance_node():
            twin.apply_action(twin.chance_outcomes()[0][0])
        futures.add(str(twin))
    assert len(futures) > 1


def deal(game: pyspiel.Game, pick: Callable[[int, list[int]], int]) -> pyspiel.State:
    """The state after the set-up's chance, outcome k of the deal being `pick(k, outcomes)`."""
    state = game.new_initial_state()
    k = 0
    while state.is_chance_node():
        state.apply_action(pick(k, [a for a, _ in state.chance_outcomes()]))
        k += 1
    return state


def same_and_different(a: pyspiel.State, b: pyspiel.State, blind: int, sees: int) -> None:
    """`blind` cannot tell a from b (same information state, string and tensor); `sees` can."""
    assert a.information_state_string(blind) == b.information_state_string(blind)
    assert a.information_state_tensor(blind) == b.information_state_tensor(blind)
    assert a.observation_string(blind) == b.observation_string(blind)
    assert a.observation_tensor(blind) == b.observation_tensor(blind)
    assert a.information_state_string(sees) != b.information_state_string(sees)
    assert a.information_state_tensor(sees) != b.information_state_tensor(sees)


def test_something_to_fear_hidden_hands_and_choices_leave_the_other_seat_blind() -> None:
    game = pyspiel.load_game(STF)
    # outcomes 0-2 the row, 3-5 seat 0's Characters, 6-8 seat 1's, 9 the Tie-breaker
    a = deal(game, lambda k, out: out[0])
    b = deal(game, lambda k, out: out[0] if k < 6 or k == 9 else out[-1])
    assert a.engine.hand[0] == b.engine.hand[0] and a.engine.hand[1] != b.engine.hand[1]
    same_and_different(a, b, blind=0, sees=1)
    a.apply_action(a.legal_actions()[0])  # the same choice: the histories stay alike to seat 0
    b.apply_action(a.history()[-1])
    same_and_different(a, b, blind=0, sees=1)
    a = deal(game, lambda k, out: out[0])
    # seat 0 chooses a Character face-down: seat 1 cannot tell which
    c, d = a.clone(), a.clone()
    legal = c.legal_actions()
    c.apply_action(legal[0])
    d.apply_action(legal[-1])
    assert c.current_player() == d.current_player() == 1
    same_and_different(c, d, blind=1, sees=0)
    assert len(np.asarray(c.information_state_tensor(0))) == fos.TENSOR_SIZE + fos.RECALL_BITS


def test_rise_of_the_zombies_secret_hands_leave_the_other_seat_blind() -> None:
    game = pyspiel.load_game("flick_rise_of_the_zombies(survivors=Scout+Paramedic,"
                             "secret_hands=True)")
    hand = game.new_initial_state().engine.health()  # seat 0 draws first, then seat 1
    a = deal(game, lambda k, out: out[0])
    b = deal(game, lambda k, out: out[0] if k < hand else out[-1])
    assert a.engine.hand[0] == b.engine.hand[0] and a.engine.hand[1] != b.engine.hand[1]
    same_and_different(a, b, blind=0, sees=1)
    # with hands shown (the default) both see them
    shown = pyspiel.load_game("flick_rise_of_the_zombies(survivors=Scout+Paramedic)")
    a = deal(shown, lambda k, out: out[0])
    b = deal(shown, lambda k, out: out[0] if k < hand else out[-1])
    assert a.information_state_string(0) != b.information_state_string(0)


def test_surrounded_deck_order_below_what_is_seen_is_hidden() -> None:
    game = pyspiel.load_game(SURROUNDED)
    a = deal(game, lambda k, out: out[0])  # the deal: cards 1..18, top of the deck first
    b = deal(game, lambda k, out: out[0] if k < 16 else out[-1])  # the bottom two swapped
    c = deal(game, lambda k, out: out[-1] if k == 0 else out[0])  # another first card
    assert a.engine.deck != b.engine.deck
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(0) != c.information_state_string(0)
    assert a.information_state_tensor(0) != c.information_state_tensor(0)


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
        info = np.asarray(state.information_state_tensor(p))
        assert info.shape == (fos.TENSOR_SIZE + fos.RECALL_BITS,)
        assert np.array_equal(info[:fos.TENSOR_SIZE], tensor) and np.any(info[fos.TENSOR_SIZE:])
    # a determinization of what the player to act knows looks the same to it
    player = state.current_player()
    twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
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
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert sorted(twin.engine.hand[0]) == sorted(engine.hand[0])


@pytest.mark.parametrize("name", [STF, RISE])
def test_a_determinization_plays_on_and_keeps_telling_its_history(name: str) -> None:
    """A resampled state (ISMCTS plays its simulations on one) goes on from its own re-dealt
    engine: its information states follow its own moves, never the original history's."""
    game = pyspiel.load_game(name)
    for seed in range(4):
        state = play_random(game, seed, stop=6)
        if state.is_terminal():
            continue
        player = state.current_player()
        rng = random.Random(seed)
        twin = state.resample_from_infostate(player, rng.random)
        assert twin.information_state_string(player) == state.information_state_string(player)
        rs = np.random.RandomState(seed)
        for _ in range(12):
            if twin.is_terminal():
                break
            if twin.is_chance_node():
                outcomes, probs = zip(*twin.chance_outcomes(), strict=True)
                twin.apply_action(int(rs.choice(outcomes, p=probs)))
            else:
                twin.apply_action(int(rs.choice(twin.legal_actions())))
            for p in range(game.num_players()):
                assert twin.information_state_string(p)  # the digest replays its own moves


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


def test_the_floor_plays_the_adapters_games_back_with_no_rules() -> None:
    """The bench's floor: the nodes of the seeded games the measure loop plays (whose turn,
    the legal ids, a chance node's outcomes), answered from the record by a pyspiel game with
    no rules, whatever is applied."""
    from flick.openspiel.measure import Playback, floor_rate, record

    game = pyspiel.load_game(SURROUNDED)
    recorded = record(game, 2)
    assert recorded == record(game, 2)  # the same seeds, the same games
    assert recorded[0] != recorded[1]
    # Surrounded's deal first: 18 chance nodes, 1/18 .. 1/1 each
    deal = recorded[0][:18]
    assert [p for p, _ in deal] == [pyspiel.PlayerId.CHANCE] * 18
    assert [len(outcomes) for _, outcomes in deal] == list(range(18, 0, -1))
    assert all(p >= 0 for p, _ in recorded[0][18:])
    playback = Playback(game, recorded)
    for nodes in recorded:
        state = playback.new_initial_state()
        for player, answers in nodes:
            assert not state.is_terminal()
            assert state.current_player() == player
            assert state.is_chance_node() == (player == pyspiel.PlayerId.CHANCE)
            if player == pyspiel.PlayerId.CHANCE:
                assert state.chance_outcomes() == list(answers)
                state.apply_action(answers[-1][0])
            else:
                assert state.legal_actions() == list(answers)
                state.apply_action(answers[-1])
        assert state.is_terminal()
    assert floor_rate(SURROUNDED, 2, recorded) > 0


def _bots(game: pyspiel.Game, seed: int, sims: int) -> tuple[pyspiel.Bot, pyspiel.Bot]:
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rs)
    # its worlds drawn from a seeded sampler (OpenSpiel's default one is seeded anew by each
    # process): the same games every run
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rs, solve=False), searcher


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
    for seed in range(1):
        state, decisions = play_bots(game, seed, sims=3, order=order)
        assert state.is_terminal() and 0 < decisions <= game.max_game_length()
        assert state.returns()[0] in (0.0, 1.0)


def test_mcts_against_ismcts_in_something_to_fear_and_rise_of_the_zombies() -> None:
    stf = pyspiel.load_game(STF)
    _, decisions = play_bots(stf, 0, sims=3, stop=5)
    assert decisions == 5
    rise = pyspiel.load_game(RISE)
    _, decisions = play_bots(rise, 1, sims=2, stop=4)
    assert decisions == 4


def test_information_states_survive_clones_and_serialization_asked_in_any_order() -> None:
    """The history digests are computed when asked for: a clone, a serialized copy and the
    original give the same information states, whichever seat asks first."""
    game = pyspiel.load_game(STF)
    state = play_random(game, 6, stop=10)
    twin = state.clone()
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert [twin.information_state_string(p) for p in (1, 0)][::-1] == [
        state.information_state_string(p) for p in (0, 1)] == [
        copy.information_state_string(p) for p in (0, 1)]
    action = state.legal_actions()[0]
    for s in (state, copy):
        s.apply_action(action)
    assert state.information_state_tensor(1) == copy.information_state_tensor(1)


@pytest.mark.parametrize("name", [SURROUNDED, STF, RISE])
def test_the_python_answers_are_openspiels_own(name: str) -> None:
    """`legal_actions` and `is_chance_node`, answered in Python for Python callers, give what
    OpenSpiel's C++ gives (through `_legal_actions` and `current_player`) at every node."""
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(5)
    state = game.new_initial_state()
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(game.num_players()):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p), p
        if not state.is_chance_node() and not state.is_terminal():
            with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                state.legal_actions(pyspiel.PlayerId.CHANCE)
        if state.is_terminal():
            break
        state.apply_action(int(rs.choice(state.legal_actions())))


@pytest.mark.parametrize("name", [STF, RISE, RISE.replace("Scout,difficulty=insane",
                                                          "Scout+Paramedic")],
                         ids=["stf", "rise_insane", "rise_2"])
def test_a_state_at_a_chance_node_mid_decision_goes_on_alike_serialized_or_cloned(
        name: str) -> None:
    """At chance nodes a decision meets (its engine waiting in place, mid-decision), the
    state, its clone and its serialization play the rest of the game alike: the same nodes,
    the same observations, the same end."""
    game = pyspiel.load_game(name)
    checked = 0
    for seed in range(4):
        state = play_random(game, seed, stop=10 + 5 * seed)
        rs = np.random.RandomState(seed)
        while not state.is_terminal() and not state.is_chance_node():
            state.apply_action(int(rs.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        copies = [state.clone(),
                  pyspiel.deserialize_game_and_state(
                      pyspiel.serialize_game_and_state(game, state))[1], state]
        runs = []
        for twin in copies:
            rng = random.Random(seed)
            nodes = []
            while not twin.is_terminal():
                if twin.is_chance_node():
                    pairs = twin.chance_outcomes()
                    nodes.append(pairs)
                    outcomes, probs = zip(*pairs, strict=True)
                    twin.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    legal = twin.legal_actions()
                    nodes.append((twin.observation_string(twin.current_player()), legal))
                    twin.apply_action(rng.choice(legal))
            runs.append((nodes, str(twin), twin.returns()))
        assert runs[0] == runs[1] == runs[2]
        checked += 1
    assert checked >= 3
