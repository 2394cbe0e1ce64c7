"""Finding a free spot after a rush: the quick circle rejection and the blocker-first order
of `_Clearance` must give the answer of testing every neighbour's exact gap, spot by spot."""

from __future__ import annotations

import numpy as np

from flick.physics.geometry import footprint_gap
from flick.physics.tower.place import _Clearance, _shifted, obstacle


def _parts(rng: np.random.Generator, x: float, y: float) -> list:
    n = int(rng.integers(1, 5))
    core = tuple((float(x + rng.uniform(-2, 2)), float(y + rng.uniform(-2, 2)))
                 for _ in range(1 if n == 3 else n))
    return [(core, float(rng.uniform(0.3, 1.5)))]


def test_clearance_agrees_with_every_exact_gap() -> None:
    rng = np.random.default_rng(11)
    answers = set()
    for _ in range(20):
        mine = _parts(rng, 0.0, 0.0)
        near = [obstacle(_parts(rng, *rng.uniform(-8, 8, 2))) for _ in range(12)]
        tol = float(rng.choice([0.0, 0.05, 0.3]))
        clearance = _Clearance(mine, near, tol)
        for _ in range(40):
            dx, dy = (float(v) for v in rng.uniform(-6, 6, 2))
            moved = _shifted(mine, dx, dy)
            exact = all(footprint_gap(moved, ob.parts) >= -tol for ob in near)
            assert clearance.clear(dx, dy) == exact
            answers.add(exact)
    assert answers == {True, False}
