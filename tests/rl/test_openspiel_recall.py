"""The OpenSpiel adapter's information states (flick.openspiel): each seat's history digest is
the chain over that seat's observation before every decision and its own actions, whether it
is asked after every move, once at the end or from a copy; and a game nobody asks about plays
its engine in place (no copy of the engine a move)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the rl extra (open-spiel) is not installed: pip install -e '.[rl]'")

import flick.openspiel as fos  # noqa: E402  (after the skip: it imports pyspiel)
from tests.cards.clones import CountedClones  # noqa: E402

GAMES = ("flick_surrounded", "flick_something_to_fear(players=3)",
         "flick_rise_of_the_zombies(survivors=Scout+Paramedic,secret_hands=true)")


def chain(digest: str, seen: str, mine: str) -> str:
    return hashlib.blake2b(f"{digest}|{seen}|{mine}".encode(),
                           digest_size=fos.DIGEST_BYTES).hexdigest()


def play_with_reference(name: str, seed: int, ask_every_move: bool) -> None:
    """A random game; beside it each seat's digest computed the plain way (the observation of
    the engine before each decision), compared with the adapter's information state."""
    game = pyspiel.load_game(name)
    players = game.num_players()
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    expected = [""] * players
    decisions = 0
    while not state.is_terminal() and decisions < 60:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        actor = state.current_player()
        action = int(rs.choice(state.legal_actions()))
        for p in range(players):
            seen = fos.canonical(state.engine.observation(p))
            expected[p] = chain(expected[p], seen, str(action) if p == actor else "-")
        state.apply_action(action)
        decisions += 1
        if ask_every_move or rs.random() < 0.1:
            p = int(rs.randint(players))
            assert state.information_state_string(p).endswith(f"recall {expected[p]}")
    assert decisions > 5
    for p in range(players):
        assert state.information_state_string(p).endswith(f"recall {expected[p] or '-'}")
        assert state.clone().information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("name", GAMES)
def test_history_digest_is_the_chain_of_each_seats_observations(name: str) -> None:
    play_with_reference(name, 3, ask_every_move=False)
    play_with_reference(name, 4, ask_every_move=True)


def test_a_copy_asked_later_does_not_change_the_original() -> None:
    game = pyspiel.load_game(GAMES[1])
    rs = np.random.RandomState(8)
    state = game.new_initial_state()
    copies = []
    while not state.is_terminal() and len(copies) < 12:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            copies.append((state.clone(), state.information_state_string(0)))
            state.apply_action(int(rs.choice(state.legal_actions())))
    for twin, info in copies:  # asked after the original went on: what it was then
        assert twin.information_state_string(0) == info


@pytest.mark.parametrize("name", GAMES)
def test_a_game_nobody_asks_about_copies_its_engine_at_most_once(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """MCTS rollouts ask for no information state: the adapter applies every move to its engine
    in place (it made a copy of the engine a decision, for the history digests), and explicit
    chance runs the decisions in place too, those that meet chance included (it made a copy
    of each)."""
    game = pyspiel.load_game(name)
    engine_type = type(game.new_initial_state().engine or game.probe)
    rs = np.random.RandomState(2)
    state = game.new_initial_state()
    copies = CountedClones(monkeypatch, engine_type)
    moves = decisions = 0
    while not state.is_terminal() and decisions < 40:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
            decisions += 1
        moves += 1
    # explicit chance: the set-up on a copy, and a copy a base (once every CHANCE_LOG decisions)
    engine_runs = 0 if name == GAMES[0] else 1 + decisions // 31
    assert decisions > 10
    assert copies.count <= 1 + engine_runs


def test_a_new_games_recall_builds_its_first_engine_again_instead_of_copying_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine a game starts from (Surrounded's, built once its deck is dealt) is not
    copied for the recall: nobody asks, no copy; asked at the end, the digests are those of
    the same game asked after every move."""
    game = pyspiel.load_game("flick_surrounded")
    quiet = game.new_initial_state()
    copies = CountedClones(monkeypatch, type(game.probe))
    rs = np.random.RandomState(5)
    played = []
    while not quiet.is_terminal():
        if quiet.is_chance_node():
            played.append(int(rs.choice([a for a, _ in quiet.chance_outcomes()])))
        else:
            played.append(int(rs.choice(quiet.legal_actions())))
        quiet.apply_action(played[-1])
    assert copies.count == 0
    asked = game.new_initial_state()
    for action in played:
        if not asked.is_chance_node():
            asked.information_state_string(0)
        asked.apply_action(action)
    assert quiet.information_state_string(0) == asked.information_state_string(0)
