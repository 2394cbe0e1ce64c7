"""`python -m flick.bench.accuracy`: varied shots against the 1/20000 s reference."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from flick.bench import accuracy
from flick.bench.physics import calm, standard_scene
from flick.physics.params import PhysicsParams


def test_varied_shots_start_clear_of_everything_and_vary() -> None:
    table, _ = standard_scene(calm(PhysicsParams.default()))
    shots = accuracy.varied_shots(table, 12, seed=3)
    assert shots == accuracy.varied_shots(table, 12, seed=3)  # seeded
    assert len({kind for kind, *_ in shots}) >= 2
    for kind, x, y, *_ in shots:
        pid = table.add(kind, x=x, y=y)
        assert not table.overlapping(pid)
        table.remove(pid)
    assert any(math.hypot(ox, oy) > 0.1 for *_, (ox, oy) in shots)  # some spin


def test_flick_ends_near_the_reference_and_compares_shot_by_shot() -> None:
    table, _ = standard_scene(calm(PhysicsParams.default()))
    shots = accuracy.varied_shots(table, 3, seed=1)
    found = accuracy.errors(shots)
    assert all(0.0 <= e < 0.5 for e in found)  # measured: 0.000, 0.006, 0.005 cm
    assert accuracy.errors(shots[:1]) == found[:1]  # the same shot, the same error
    counts = accuracy.compare([1.0, 2.0, 3.0], [2.0, 2.0, 1.0])
    assert counts == {"closer": 1, "same": 1, "farther": 1}
    assert accuracy.summary([1.0, 2.0, 3.0])["median"] == 2.0


def test_against_a_run_of_other_shots_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    earlier = tmp_path / "earlier.json"
    earlier.write_text(json.dumps({"shots": 5, "seed": 0, "errors": [0.1] * 5}))
    assert accuracy.main(["--shots", "4", "--against", str(earlier)]) == 2
    err = capsys.readouterr().err
    assert "earlier.json" in err and "5 shots" in err
