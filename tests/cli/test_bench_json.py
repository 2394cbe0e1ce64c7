"""`flick bench --json` prints one JSON object and nothing else, and its physics section
holds the side-by-side figures: flick with toppling off against the three pymunk baselines,
each as min/median/max over runs, ratios run by run, the accuracy's median and 95th
percentile, clusters where figures fall, and the machine's load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SPREAD = {"min", "median", "max"}
ROOT = Path(__file__).resolve().parents[2]  # `python -m` looks in the current folder first


def test_bench_json_quick_physics_parses_and_holds_the_honest_figures() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run([sys.executable, "-m", "flick", "bench", "--json", "--quick",
                          "--only", "physics"], capture_output=True, text=True, env=env,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert set(printed["load_average"]) == {"before", "after"}
    physics = printed["physics"]
    assert physics["runs"] >= 3 and physics["shots"] >= 2
    for name in ("shot", "shot_topple", "kept_switch", "kept_defaults", "rebuilt_sleeping"):
        figure = physics[f"{name}_ms"]
        assert set(figure) == SPREAD and 0 < figure["min"] <= figure["median"] <= figure["max"]
    for name in ("kept_switch", "kept_defaults", "rebuilt_sleeping"):
        assert set(physics[f"{name}_ratio"]) == SPREAD
    assert set(physics["topple_cost_ratio"]) == SPREAD
    assert physics["shot_fixed_ms"]["median"] < physics["shot_ms"]["median"]
    assert set(physics["accuracy_cm"]) == {"flick", "kept_switch", "kept_defaults",
                                           "rebuilt_sleeping"}
    assert all(set(a) == {"median", "p95"} for a in physics["accuracy_cm"].values())
    # the cluster measured with toppling on is one where figures do fall
    assert physics["cluster"] and all(c["fell"] > 0 for c in physics["cluster"].values())
    assert set(physics["table_scaling_ratio"]) == SPREAD
    assert set(physics["load_average"]) == {"before", "after"}
