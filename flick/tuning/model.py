"""The forward model of tuning: a measured shot re-played on the real flick table.

The fitted parameters are named as the tuning tool reports them:

- `mu_<kind>`: the piece's sliding friction on the table (`pieces.<kind>.table_friction`).
- `elasticity_<material>`: a material's elasticity (`materials.<material>.elasticity`); two pieces
  of one material bounce with restitution elasticity^2 (the table multiplies the two values).
- `topple_<kind>`: the toppling scale of that standing piece, its toppling speed's factor that
  makes it fall at the impact speed measured: `toppling.scale * pieces.<kind>.topple.scale` (the
  table-wide factor times the kind's own; the file's kind key gets the fit over the table's).
- `spin_<kind>`: the lever arm of the table's spin friction as a fraction of the piece's radius of
  gyration (`pieces.<kind>.spin_lever`, 0.9 unless fitted). The spin decelerates at
  `spin * mu * g / r_gyration` (rad/s^2), so a shot's rotation is nearly proportional to
  1 / spin (within 1 % at the slowest spins, which the table stops below its rest spin): the
  fit's Jacobian uses that, its residuals the table run with the candidate lever.

Each shot is a pure function of its `ShotTask` (plain, picklable data) so sweeps can run it on any
executor. The table is long and empty: nothing but the measured pieces, far from the edges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flick.physics import PhysicsParams, Table
from flick.physics.footprint import Footprints
from flick.physics.params import Topple

# Edge-to-edge gap (cm) between a striker and what it hits: small, so the striker's speed at the
# contact is the launch speed less a known sliver of friction (v0^2 = v^2 + 2 mu g gap).
GAP = 0.05
_LANE_Y = 100.0  # cm: the lane the shots run along, far from the table's edges


def kinds(params: PhysicsParams) -> list[str]:
    """Piece kinds the parameter set knows."""
    return list(params.pieces)


def can_topple(params: PhysicsParams, kind: str) -> bool:
    return params.pieces[kind].topple is not None


def table_spin(params: PhysicsParams, kind: str) -> float:
    """The table's spin-friction lever as a fraction of the radius of gyration (0.9 default)."""
    return params.pieces[kind].spin_lever


def max_spin(params: PhysicsParams, kind: str) -> float:
    """The longest lever the piece's footprint allows (the parameter file refuses more)."""
    return Footprints(params).max_spin_lever(kind)


def half_length(params: PhysicsParams, kind: str) -> float:
    """Half the piece's extent along its own x axis (cm): where a head-on hit lands."""
    fp = Footprints(params).get(kind)
    return max(max(abs(x) for x, _ in p.core) + p.radius for p in fp.parts)


def _topple(params: PhysicsParams, kind: str) -> Topple:
    topple = params.pieces[kind].topple
    if topple is None:
        raise ValueError(f"a {kind} cannot fall, so it has no toppling scale")
    return topple


def value(params: PhysicsParams, name: str) -> float:
    """The current value of a fitted parameter in a parameter set."""
    prefix, _, subject = name.partition("_")
    if prefix == "mu":
        return params.pieces[subject].table_friction
    if prefix == "elasticity":
        return params.materials[subject].elasticity
    if prefix == "topple":
        return params.toppling.scale * _topple(params, subject).scale
    if prefix == "spin":
        return table_spin(params, subject)
    raise KeyError(f"unknown fitted parameter {name!r}")


def apply(params: PhysicsParams, values: dict[str, float]) -> PhysicsParams:
    """A validated copy of `params` with fitted values put in, each where the file keeps it:
    `mu_<kind>` in `pieces.<kind>.table_friction`, `elasticity_<material>` in
    `materials.<material>.elasticity`, `spin_<kind>` in `pieces.<kind>.spin_lever` and
    `topple_<kind>` in `pieces.<kind>.topple.scale` (over the table's `toppling.scale`)."""
    data = params.model_dump()
    for name, v in values.items():
        prefix, _, subject = name.partition("_")
        if prefix == "mu":
            data["pieces"][subject]["table_friction"] = float(v)
        elif prefix == "elasticity":
            data["materials"][subject]["elasticity"] = float(v)
        elif prefix == "spin":
            data["pieces"][subject]["spin_lever"] = float(v)
        elif prefix == "topple":
            _topple(params, subject)
            data["pieces"][subject]["topple"]["scale"] = float(v) / params.toppling.scale
        else:
            raise KeyError(f"unknown fitted parameter {name!r}")
    return PhysicsParams.model_validate(data)


@dataclass(frozen=True)
class ShotTask:
    """One shot to simulate. `test`: slide | collision | topple. Speeds cm/s, spin rad/s.

    slide: `kind` launched at `speed` with `spin`. collision: `kind` hits a resting `kind` head
    on at `speed`. topple: `kind` hits a standing `target` head on at `speed`.
    """

    params: PhysicsParams
    test: str
    kind: str
    speed: float
    spin: float = 0.0
    target: str | None = None


@dataclass(frozen=True)
class ShotOutcome:
    """What the table did: distances in cm, rotation in rad (absolute), fell for topple."""

    distance: float = 0.0  # slide: launch point to rest
    rotation: float = 0.0  # slide: total rotation launch -> rest
    striker_distance: float = 0.0  # collision: striker's slide after the contact
    target_distance: float = 0.0  # collision: target's slide
    fell: bool = False  # topple


def _launch_speed(params: PhysicsParams, kind: str, impact: float) -> float:
    """Launch speed (cm/s) that arrives at the contact, GAP cm away, at `impact` cm/s."""
    mu = params.pieces[kind].table_friction
    return math.sqrt(impact * impact + 2.0 * mu * params.gravity * GAP)


def run_shot(task: ShotTask) -> ShotOutcome:
    """Simulate one shot on a fresh, empty, long table (the forward model)."""
    p = task.params
    g = p.gravity
    if task.test == "slide":
        mu = p.pieces[task.kind].table_friction
        reach = task.speed**2 / (2.0 * mu * g)
        table = Table(p, city=(reach * 1.5 + 100.0, 2 * _LANE_Y))
        pid = table.add(task.kind, x=20.0, y=_LANE_Y)
        table.simulate(velocities={pid: ((task.speed, 0.0), task.spin)})
        x, y = table.position(pid)
        return ShotOutcome(distance=math.hypot(x - 20.0, y - _LANE_Y),
                           rotation=abs(table.angle(pid)))
    mu = p.pieces[task.kind].table_friction
    reach = task.speed**2 / (2.0 * mu * g)
    table = Table(p, city=(reach * 1.5 + 100.0, 2 * _LANE_Y))
    target_kind = task.kind if task.test == "collision" else task.target
    if target_kind is None:
        raise ValueError("a topple shot needs a target kind")
    striker_half = half_length(p, task.kind)
    target_half = half_length(p, target_kind)
    tx = 20.0 + striker_half + GAP + target_half
    striker = table.add(task.kind, x=20.0, y=_LANE_Y)
    target = table.add(target_kind, x=tx, y=_LANE_Y)
    result = table.simulate(
        velocities={striker: ((_launch_speed(p, task.kind, task.speed), 0.0), 0.0)}
    )
    if task.test == "topple":
        return ShotOutcome(fell=target in result.fell)
    sx, sy = table.position(striker)
    gx, gy = table.position(target)
    contact_x = 20.0 + GAP  # where the striker's centre was when it touched
    return ShotOutcome(
        striker_distance=math.hypot(sx - contact_x, sy - _LANE_Y),
        target_distance=math.hypot(gx - tx, gy - _LANE_Y),
    )


@dataclass(frozen=True)
class ToppleTask:
    """Find the impact speed (cm/s) at which `striker` fells `target` with toppling `scale`."""

    params: PhysicsParams
    striker: str
    target: str
    scale: float
    tolerance: float = 1e-3  # relative


def critical_speed(task: ToppleTask) -> float:
    """The lowest impact speed (cm/s) that fells the target, by bisection on the real table.

    Falling is monotone in the impact speed for a head-on hit; the bracket grows until it holds.
    """
    params = apply(task.params, {f"topple_{task.target}": task.scale})

    def fells(speed: float) -> bool:
        return run_shot(ShotTask(params, "topple", task.striker, speed, target=task.target)).fell

    lo, hi = 1.0, 50.0
    while not fells(hi):
        lo, hi = hi, hi * 2.0
        if hi > 1e5:
            raise ValueError(f"a {task.striker} never fells a {task.target}")
    while fells(lo):
        hi, lo = lo, lo / 2.0
        if lo < 1e-4:
            raise ValueError(f"a {task.target} falls at any touch of a {task.striker}")
    while hi - lo > task.tolerance * hi:
        mid = 0.5 * (lo + hi)
        if fells(mid):
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)
