"""Invented measurements: a table with known parameters, measured by simulation, plus the errors
a person makes (`flick tune --synthetic`). Fitting them must give the known values back.

Everything random comes from the `numpy.random.Generator` passed in: the same seed gives the same
table, the same shots, the same noise and so the same fit, bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from flick.physics import PhysicsParams
from flick.tuning import model
from flick.tuning.calibrate import MeasurementErrors
from flick.tuning.measurements import Measurements, Shot, TrackPoint
from flick.tuning.sweep import SweepExecutor, sweep


@dataclass(frozen=True)
class Protocol:
    """What the invented person measures: kinds per test, shots per kind, speed ranges (cm/s)."""

    slide: tuple[str, ...] = ("movement_disc", "bullet", "knife", "baseball_bat")
    spin: tuple[str, ...] = ("movement_disc", "baseball_bat")  # slide kinds also spun
    tracked: tuple[str, ...] = ("bullet",)  # slide kinds also tracked on video (4 frames)
    collision: tuple[str, ...] = ("movement_disc",)
    topple: tuple[str, ...] = ("zombie", "barrel")  # hit by a movement disc
    striker: str = "movement_disc"
    shots: int = 20  # per test and kind
    topple_shots: int = 40  # per toppling target: a threshold needs more
    slide_speeds: tuple[float, float] = (60.0, 260.0)
    spins: tuple[float, float] = (6.0, 30.0)  # rad/s, about 1 to 5 turns a second
    collision_speeds: tuple[float, float] = (60.0, 200.0)
    topple_spread: tuple[float, float] = (0.7, 1.35)  # x the speed where it starts to fall


def true_values(params: PhysicsParams, protocol: Protocol,
                rng: np.random.Generator) -> dict[str, float]:
    """The hidden table: each measured parameter moved from its default by a random amount."""
    values: dict[str, float] = {}
    for kind in protocol.slide + protocol.collision:
        values[f"mu_{kind}"] = params.pieces[kind].table_friction * rng.uniform(0.8, 1.25)
    for kind in protocol.spin:
        values[f"spin_{kind}"] = min(model.table_spin(params, kind) * rng.uniform(0.8, 1.25),
                                     model.max_spin(params, kind))
    for material in sorted({params.pieces[k].material for k in protocol.collision}):
        values[f"elasticity_{material}"] = min(
            params.materials[material].elasticity * rng.uniform(0.95, 1.08), 0.95
        )
    for kind in protocol.topple:  # each kind its own scale, as the parameter file has
        values[f"topple_{kind}"] = model.value(params, f"topple_{kind}") * rng.uniform(0.8, 1.25)
    return dict(sorted(values.items()))


def measure(
    params: PhysicsParams,
    truth: dict[str, float],
    protocol: Protocol,
    rng: np.random.Generator,
    errors: MeasurementErrors | None = None,
    executor: SweepExecutor | None = None,
    progress: Any = None,
) -> Measurements:
    """Simulate the protocol's shots on the true table and write down what a person would read."""
    errors = errors or MeasurementErrors()
    hidden = model.apply(params, truth)  # the true table: every true value in its place
    # Draw every random number first, in a fixed order, so executors cannot change them.
    plan: list[tuple[model.ShotTask, dict[str, float]]] = []
    for kind in protocol.slide:
        for _ in range(protocol.shots):
            speed = float(rng.uniform(*protocol.slide_speeds))
            spin = float(rng.uniform(*protocol.spins)) if kind in protocol.spin else 0.0
            noise = {k: float(rng.standard_normal()) for k in ("v", "d", "w", "a")}
            if kind in protocol.tracked:
                noise.update({f"track{j}": float(rng.standard_normal()) for j in range(8)})
            plan.append((model.ShotTask(hidden, "slide", kind, speed, spin), noise))
    for kind in protocol.collision:
        for _ in range(protocol.shots):
            speed = float(rng.uniform(*protocol.collision_speeds))
            noise = {k: float(rng.standard_normal()) for k in ("v", "s", "t")}
            plan.append((model.ShotTask(hidden, "collision", kind, speed), noise))
    critical = sweep(
        model.critical_speed,
        [model.ToppleTask(hidden, protocol.striker, k, model.value(hidden, f"topple_{k}"))
         for k in protocol.topple],
        executor,
    )
    for kind, vc in zip(protocol.topple, critical, strict=True):
        for _ in range(protocol.topple_shots):
            speed = float(vc * rng.uniform(*protocol.topple_spread))
            noise = {"v": float(rng.standard_normal())}
            plan.append((model.ShotTask(hidden, "topple", protocol.striker, speed, target=kind),
                         noise))
    outcomes = sweep(model.run_shot, [t for t, _ in plan], executor,
                     description="simulating the measured shots", progress=progress)
    shots = []
    for line, ((task, noise), out) in enumerate(zip(plan, outcomes, strict=True), start=2):
        shots.append(_read(line, task, noise, out, errors))
    return Measurements(source="synthetic", shots=tuple(shots))


def _track(task: model.ShotTask, noise: dict[str, float],
           errors: MeasurementErrors) -> tuple[TrackPoint, ...]:
    """Four video frames of a slide, spread over the first 60 % of its time: positions along
    the Coulomb path (which the table follows) with the error of reading a frame."""
    if "track0" not in noise:
        return ()
    mu = task.params.pieces[task.kind].table_friction
    stop = task.speed / (mu * task.params.gravity)
    points = []
    for j in range(4):
        t = 0.2 * j * stop
        d = task.speed * t - 0.5 * mu * task.params.gravity * t * t
        sigma = math.hypot(errors.distance_cm, errors.distance * d)
        points.append(TrackPoint(round(t, 4), d + sigma * noise[f"track{2 * j}"],
                                 sigma * noise[f"track{2 * j + 1}"]))
    return tuple(points)


def _read(line: int, task: model.ShotTask, noise: dict[str, float], out: model.ShotOutcome,
          errors: MeasurementErrors) -> Shot:
    """What a person measures of a simulated shot: the true values with their errors."""

    def distance(d: float, n: float) -> float:
        sigma = math.hypot(errors.distance_cm, errors.distance * d)
        return max(0.0, d + sigma * n)

    if task.test == "slide":
        spin_speed = final_angle = None
        if task.spin:
            # The true table turned with the true spin lever (it is in `task.params`).
            spin_speed = math.degrees(task.spin) * (1 + errors.spin_speed * noise["w"])
            final_angle = max(0.0, math.degrees(out.rotation) * (1 + errors.angle * noise["a"]))
        return Shot(
            line=line, test="slide", piece=task.kind,
            launch_speed=task.speed * (1 + errors.launch_speed * noise["v"]),
            slide_distance=distance(out.distance, noise["d"]),
            spin_speed=spin_speed, final_angle=final_angle,
            track=_track(task, noise, errors),
        )
    if task.test == "collision":
        return Shot(
            line=line, test="collision", piece=task.kind, target=task.kind,
            impact_speed=task.speed * (1 + errors.impact_speed * noise["v"]),
            striker_distance=distance(out.striker_distance, noise["s"]),
            target_distance=distance(out.target_distance, noise["t"]),
        )
    return Shot(
        line=line, test="topple", piece=task.kind, target=task.target,
        impact_speed=task.speed * (1 + errors.impact_speed * noise["v"]),
        fell=out.fell,
    )
