"""`flick bench` section `adapters`: the OpenSpiel adapters beside the engines alone (each as
min/median/max over interleaved runs, with the ratio run by run) and the PettingZoo
environments' steps per second."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

from flick.bench import SECTIONS
from flick.bench.adapters import bench


def ordered(figure: dict[str, float]) -> bool:
    return set(figure) == {"min", "median", "max"} and (
        0 < figure["min"] <= figure["median"] <= figure["max"])


def test_adapters_section_reports_each_game_beside_its_engine() -> None:
    assert SECTIONS["adapters"] == "flick.bench.adapters"
    figures = bench(quick=True)["adapters"]
    games = figures["openspiel"]
    assert len(games) == 3
    for game in games.values():
        native, adapter = game["native_decisions_per_s"], game["openspiel_decisions_per_s"]
        assert ordered(native) and ordered(adapter) and ordered(game["ratio"])
        # the ratio is the engine's speed over the adapter's, run by run
        assert game["ratio"]["min"] <= native["max"] / adapter["min"] + 0.01
        assert game["ratio"]["max"] >= native["min"] / adapter["max"] - 0.01
        # the floor: the same games with no rules, 1 + native / floor run by run
        floor = game["floor_decisions_per_s"]
        assert ordered(floor) and ordered(game["floor_ratio"])
        assert game["floor_ratio"]["min"] > 1
        assert game["floor_ratio"]["min"] <= 1 + native["max"] / floor["min"] + 0.01
        assert game["floor_ratio"]["max"] >= 1 + native["min"] / floor["max"] - 0.01
    zoo = figures["pettingzoo"]
    for key in ("flick_s1_steps_per_s", "flick_s1_game_alone_steps_per_s",
                "something_to_fear_steps_per_s", "something_to_fear_native_steps_per_s"):
        assert ordered(zoo[key])


def test_the_flick_figure_leaves_out_a_warm_up_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Flick 'em Up! game pays for what later games find ready (the parameter
    file, footprints, the tower's bodies): it is played once before the timed runs."""
    import flick.pettingzoo.measure as measure
    from flick.bench.adapters import _pettingzoo
    from flick.pettingzoo import FlickEnv

    played: list[int] = []
    real = measure.random_loop

    def counted(env: object, seed: int, steps: int) -> tuple[int, float]:
        if isinstance(env, FlickEnv):
            played.append(seed)
            return 10, 1.0 if len(played) > 1 else 100.0  # the warm-up "slow"
        return real(env, seed, steps)  # type: ignore[arg-type]

    monkeypatch.setattr(measure, "random_loop", counted)
    monkeypatch.setattr(measure, "replay_inputs", lambda env: (10, 1.0))
    figure = _pettingzoo(quick=True)["flick_s1_steps_per_s"]
    assert played == [0, 0, 1]  # the warm-up, then the timed games (seeds 0 and 1)
    assert figure["min"] == 10.0


def test_the_game_alone_replays_the_environments_inputs_to_the_same_table() -> None:
    """`flick_s1_game_alone_steps_per_s`: the game without the environment applies the
    inputs the environment's game accepted, from its seed, and must end on its table."""
    from flick.pettingzoo import FlickEnv
    from flick.pettingzoo.measure import random_loop, replay_inputs

    env = FlickEnv(scenario=1, max_steps=40)
    steps, _ = random_loop(env, 0, 10_000)
    assert env.game is not None
    inputs, seconds = replay_inputs(env)
    assert inputs == len(env.game.inputs) == steps > 1 and seconds >= 0
    env.game.inputs.pop()  # the game alone one input short: another table
    with pytest.raises(AssertionError, match="another table"):
        replay_inputs(env)
