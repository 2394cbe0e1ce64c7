"""Parameter files that cannot work (a step too small to finish, a bound too long to reach, a
weightless figure, an infinite spin, a pull at any speed) are refused when read, at the
file:line:column of the key, never run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flick.errors import DataFileError
from flick.paths import assets
from flick.physics.params import PhysicsParams

DEFAULT = (assets() / "physics" / "default.yaml").read_text(encoding="utf-8")
TOWER = DEFAULT.index("\ntower:")


def _tower_variant(tmp_path: Path, old: str, new: str) -> Path:
    head, tower = DEFAULT[:TOWER], DEFAULT[TOWER:]
    assert re.search(old, tower), old
    path = tmp_path / "p.yaml"
    path.write_text(head + re.sub(old, new, tower, count=1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "field"), [
    (r"  time_step: [0-9.]+", "  time_step: 1e-12", "tower.time_step"),
    (r"  max_time: [0-9.]+", "  max_time: 1e300", "tower.max_time"),
    (r"    mass: [0-9.]+", "    mass: 1e-300", "tower.figure.mass"),
    (r"    yaw_rate: [0-9.]+", "    yaw_rate: .inf", "tower.noise.yaw_rate"),
    (r"  pull_speed: [0-9.]+", "  pull_speed: 1e300", "tower.pull_speed"),
    (r"  gravity: [0-9.]+", "  gravity: 1e308", "tower.gravity"),
    (r"    mass: [0-9.]+", "    mass: true", "tower.figure.mass"),  # not read as 1.0
    (r"  time_step: [0-9.]+", "  time_step: false", "tower.time_step"),
])
def test_a_tower_that_cannot_work_is_refused_at_its_line(tmp_path: Path, old: str, new: str,
                                                        field: str) -> None:
    path = _tower_variant(tmp_path, old, new)
    with pytest.raises(DataFileError) as caught:
        PhysicsParams.load(path)
    message = str(caught.value)
    assert re.search(rf"p\.yaml:\d+:\d+: {re.escape(field)}: ", message), message
    assert caught.value.exit_code == 2
