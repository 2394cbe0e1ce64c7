"""PettingZoo AEC environments of Something to Fear and Flick 'em Up! Dead of Winter
(flick.pettingzoo): PettingZoo's api_test and seed_test, masks that the engines
accept, rewards at the end."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed: "
                    "pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test

from flick.cards.features import hashed_features
from flick.pettingzoo import FlickEnv, SomethingToFearEnv
from flick.pettingzoo.flick import KINDS, MAX_PIECES, MAX_TABLE, OBS_SIZE
from flick.scenario.loader import load
from flick.scenario.model import Scenario


@pytest.fixture(scope="module")
def s1() -> Scenario:
    return load(1)


def masked_flick_action(obs: dict[str, np.ndarray], rs: np.random.Generator) -> np.ndarray:
    pieces = obs["piece_mask"]
    kind = int(rs.choice(np.flatnonzero(pieces.any(axis=1))))
    piece = int(rs.choice(np.flatnonzero(pieces[kind])))
    return np.array([kind + 0.5, piece + 0.5, rs.uniform(-math.pi, math.pi),
                     rs.uniform(0.05, 0.4), rs.uniform(-1, 1)], np.float32)


def test_something_to_fear_passes_the_pettingzoo_api_and_seed_tests() -> None:
    api_test(SomethingToFearEnv(players=3), num_cycles=60)
    seed_test(lambda: SomethingToFearEnv(players=2), num_cycles=60)


def test_something_to_fear_plays_to_the_end_with_rewards_for_the_winners() -> None:
    env = SomethingToFearEnv(players=2)
    env.reset(seed=3)
    rs = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(1000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert obs["observation"].shape == (256,)
        env.step(int(rs.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents  # every seat finished
    assert totals == {f"player_{i}": r for i, r in enumerate(env.state_.returns())}
    with pytest.raises(Exception, match="not legal"):
        env.reset(seed=3)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_flick_env_passes_the_pettingzoo_api_and_seed_tests(s1: Scenario) -> None:
    api_test(FlickEnv(scenario=s1, max_steps=12), num_cycles=6)
    seed_test(lambda: FlickEnv(scenario=s1, max_steps=8), num_cycles=4)


def test_flick_env_agents_are_teams_and_masked_actions_are_accepted(s1: Scenario) -> None:
    env = FlickEnv(scenario=s1, max_steps=30)
    env.reset(seed=5)
    assert env.possible_agents == [t.name for t in env.scenario.teams]
    rs = np.random.default_rng(5)
    accepted = kinds_seen = 0
    seen: set[str] = set()
    for agent in env.agent_iter(200):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        assert obs["piece_mask"].shape == (len(KINDS), MAX_PIECES)
        assert np.array_equal(obs["kind_mask"], obs["piece_mask"].any(axis=1))
        action = masked_flick_action(obs, rs)
        seen.add(KINDS[int(action[0])])
        before = len(env.game.inputs)
        env.step(action)
        if agent in env.infos and "refused" not in env.infos[agent]:
            accepted += 1
            assert len(env.game.inputs) == before + 1
    kinds_seen = len(seen)
    assert accepted >= 10 and kinds_seen >= 3  # choose, move, end_turn at least
    # a kind outside the mask is refused and changes nothing
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    off = int(np.flatnonzero(obs["kind_mask"] == 0)[0])
    team = env.agent_selection
    env.step(np.array([off + 0.5, 0.5, 0.0, 0.2, 0.0], np.float32))
    assert "not legal" in env.infos[team]["refused"] and env.game.inputs == []
    assert env.agent_selection == team


def observation_by_the_definition(env: FlickEnv) -> dict[str, np.ndarray]:
    """The observation as the module docstring defines it, worked out afresh, piece by piece
    and kind by kind."""
    g = env.game
    assert g is not None
    vec = np.zeros(OBS_SIZE + MAX_TABLE * 5, np.float32)
    vec[:OBS_SIZE] = hashed_features(g.status(), OBS_SIZE)
    table = g.board.table
    for row, pid in enumerate(table.pieces()[:MAX_TABLE]):
        x, y = table.position(pid)
        code = (zlib.crc32(table.kind(pid).encode()) % 997) / 997.0
        base = OBS_SIZE + row * 5
        vec[base: base + 5] = (1.0, code, x / 100.0, y / 100.0, float(table.is_standing(pid)))
    piece = np.zeros((len(KINDS), MAX_PIECES), np.int8)
    for k, kind in enumerate(KINDS):
        piece[k, : min(MAX_PIECES, len(env.options(kind)))] = 1
    return {"observation": vec, "kind_mask": np.asarray(piece.any(axis=1), np.int8),
            "piece_mask": piece}


def test_flick_observations_and_decoding_follow_the_game_step_by_step(s1: Scenario) -> None:
    """Along seeded games with masked and arbitrary (often refused) actions, each observation
    is the one the definition gives for the game as it is then, bit for bit (its masks are
    worked out once per state of the game), and an arbitrary action decodes as its kind,
    option, angle, power and offset read by numpy's floor and clip do."""
    refused = 0
    for seed in range(3):
        env = FlickEnv(scenario=s1, max_steps=40)
        env.reset(seed=seed)
        rs = np.random.default_rng(seed)
        for n, agent in enumerate(env.agent_iter(200)):
            obs, _, term, trunc, _ = env.last()
            want = observation_by_the_definition(env)
            for key, value in want.items():
                assert obs[key].dtype == value.dtype
                assert obs[key].tobytes() == value.tobytes(), (seed, n, key)
            if term or trunc:
                env.step(None)
                continue
            action = masked_flick_action(obs, rs)
            if n % 3 == 2:
                action = rs.uniform([-2, -2, -9, -0.5, -2], [18, 18, 9, 1.5, 2])
                a = np.asarray(action, np.float64)
                kind = int(np.clip(math.floor(a[0]), 0, len(KINDS) - 1))
                index = int(np.clip(math.floor(a[1]), 0, MAX_PIECES - 1))
                read = [kind + 0.5, index + 0.5, float(a[2]), float(np.clip(a[3], 0, 1)),
                        float(np.clip(a[4], -1, 1))]
                try:
                    got: object = env.decode(action)
                except ValueError as exc:
                    got = str(exc)
                try:
                    expected: object = env.decode(read)
                except ValueError as exc:
                    expected = str(exc)
                assert repr(got) == repr(expected)
            env.step(action)
            refused += "refused" in env.infos.get(agent, {})
    assert refused >= 10


def test_flick_observation_lists_the_pieces_as_the_table_does(s1: Scenario) -> None:
    """A piece taken off and put back (as a rush does with the zombies it lifts) comes last
    in the table's list until the table is restored: the observation's rows follow that
    list, as the definition says."""
    env = FlickEnv(scenario=s1)
    env.reset(seed=2)
    assert env.game is not None
    table = env.game.board.table
    first = table.snapshot().pieces[0]
    table.remove(first.id)
    table.put_back(first)
    assert table.pieces()[-1] == first.id
    obs = env.observe(env.agent_selection)
    assert obs["observation"].tobytes() == observation_by_the_definition(env)["observation"] \
        .tobytes()


def test_the_random_policy_loop_of_the_docs_runs() -> None:
    from flick.pettingzoo.measure import random_loop

    steps, seconds = random_loop(SomethingToFearEnv(players=2), 0, 40)
    assert steps > 0 and seconds >= 0


def test_the_random_policy_loop_draws_as_numpy_choice_does(s1: Scenario) -> None:
    """The measuring loop picks kinds, options and ids as the docs' policy does with
    `Generator.choice` (masked_flick_action): the same actions, so the same games."""
    from flick.pettingzoo.measure import random_loop

    for seed in range(3):
        taken: list[bytes] = []
        env = FlickEnv(scenario=s1, max_steps=30)
        step = env.step

        def recorded(action: object, step: object = step, taken: list[bytes] = taken) -> None:
            taken.append(np.asarray(action).tobytes() if action is not None else b"")
            step(action)  # type: ignore[operator]

        env.step = recorded  # type: ignore[method-assign]
        random_loop(env, seed, 10_000)
        again = FlickEnv(scenario=s1, max_steps=30)
        again.reset(seed=seed)
        rs = np.random.default_rng(seed)
        expected: list[bytes] = []
        for _ in again.agent_iter(10_000):
            obs, _, term, trunc, _ = again.last()
            action = None if term or trunc else masked_flick_action(obs, rs)
            expected.append(action.tobytes() if action is not None else b"")
            again.step(action)
        assert taken == expected and len(taken) > 10
