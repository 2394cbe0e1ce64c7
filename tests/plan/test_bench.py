"""`flick bench` section "plan": its figures are there and make sense (quick run), a plain loop
of `Table.flick` measured side by side with the planner."""

from __future__ import annotations

from flick.bench import SECTIONS
from flick.bench.plan import bench


def test_the_plan_section_reports_speed_and_the_map_time_beside_a_plain_loop() -> None:
    assert SECTIONS["plan"] == "flick.bench.plan"
    out = bench(quick=True)["plan"]
    assert out["speed_shots"] == 9 and out["map_grid"] == "5x5" and out["map_repeats"] == 1
    assert out["shots_per_s_1_worker"] > 0 and out["shots_per_s_2_workers"] > 0
    assert out["map_seconds"] > 0 and out["map_cpu_seconds"] > 0
    assert out["plain_loop_shots_per_s"] > 0 and out["pool_start_s"] > 0
    assert set(out["cpu_ms_per_shot"]) == {"plain_loop", "1_worker", "2_workers"}
    cpu = out["cpu_ms_per_shot"]
    # the planner on 1 worker is the same loop: its CPU per shot is the plain loop's, give or
    # take (9 shots, a loaded machine)
    assert cpu["plain_loop"] / 3 < cpu["1_worker"] < cpu["plain_loop"] * 3
    assert out["planner_vs_plain_loop_1_worker"] > 0 and out["load_average"] >= 0
    assist = out["assist_map"]
    assert assist["grid"] == "7x7" and assist["repeats"] >= 1 and assist["goal_s"] == 0.5
    assert set(assist["cpu_s"]) == {"enter", "move_20cm"}  # the quick run's two targets
    assert all(s > 0 for s in assist["cpu_s"].values())
    assert assist["max_cpu_s"] == max(assist["cpu_s"].values())
