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
    zoo = figures["pettingzoo"]
    for key in ("flick_s1_steps_per_s", "something_to_fear_steps_per_s",
                "something_to_fear_native_steps_per_s"):
        assert ordered(zoo[key])
