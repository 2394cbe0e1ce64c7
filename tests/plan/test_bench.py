"""`flick bench` section "plan": its figures are there and make sense (quick run)."""

from __future__ import annotations

from flick.bench import SECTIONS
from flick.bench.plan import bench


def test_the_plan_section_reports_speed_and_the_map_time() -> None:
    assert SECTIONS["plan"] == "flick.bench.plan"
    out = bench(quick=True)["plan"]
    assert out["speed_shots"] == 9 and out["map_grid"] == "5x5" and out["map_repeats"] == 1
    assert out["shots_per_s_1_worker"] > 0 and out["shots_per_s_2_workers"] > 0
    assert out["map_seconds"] > 0
