"""The pymunk a user would write for flick's shots, the baselines `flick bench` measures
flick against. Every piece is a body with the same shapes, filters, materials and table
friction joints as flick's; the step follows flick's accuracy rule (the step from the fastest
awake body, surveyed every `check_every` steps, until every awake body rests). No toppling,
no touch lists, no doors, no table edge: the comparison runs flick with toppling off.

- `Kept(table, switch=False)`: a space built once for the table and kept between shots,
  bodies asleep between shots, one movement disc parked off the table and moved to each
  shot's spot; pymunk's default solver iterations (10).
- `Kept(table, switch=True)`: the same with flick's iteration switch: `FREE_ITERATIONS` (2)
  while nothing touches, `iterations` (100) from a contact's first step until the last
  contact parts (a `begin`/`separate` counter, and a survey of the awake bodies' contacts,
  which also sees resting contacts woken up mid-shot).
- `rebuilt`: a space built for the shot from prepared plain tuples, every body awake, put to
  sleep by pymunk itself (`sleep_time_threshold`); pymunk's default iterations, or a given
  count and a fixed step (the fine-step reference of the accuracy figures).
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

from flick.physics.params import PhysicsParams
from flick.physics.shapes import filter_for
from flick.physics.table import Table
from flick.physics.world import FREE_ITERATIONS

DEFAULT_ITERATIONS = 10  # pymunk's own (pymunk.Space().iterations)

Spec = tuple[list[Any], list[Any], float]
Positions = dict[int, tuple[float, float]]


def bare_spec(table: Table) -> Spec:
    """Plain tuples of every body and static shape of the table, prepared ahead of timing,
    and the thinnest shape (cm) for the step policy."""
    fps = table._fp  # the same footprints the table's world uses
    params = table.params
    bodies = []
    thinnest = math.inf
    for p in table.snapshot().pieces:
        fp = fps.get(p.kind, p.standing)
        thinnest = min(thinnest, fp.thinnest)
        if fp.topple_impulse is not None:
            thinnest = min(thinnest, fps.get(p.kind, False).thinnest)
        mat = params.materials[fp.material]
        weight = fp.table_friction * fp.mass * params.gravity
        parts = [(part.core, part.radius) for part in fp.parts]
        bodies.append((p.id, fp.mass, fp.moment, fp.cog, (p.x, p.y), p.angle, parts,
                       filter_for(fp.layer), mat.elasticity, mat.friction, weight,
                       weight * fp.spin_radius, fp.reach))
    statics = []
    for pid in (part for b in table.buildings() for part in table.building_parts(b)):
        fp = table._footprint(pid)
        thinnest = min(thinnest, fp.thinnest)
        mat = params.materials[fp.material]
        for core, radius in table.outline(pid):
            statics.append((core, radius, filter_for(fp.layer), mat.elasticity, mat.friction))
    return bodies, statics, thinnest


def _space(params: PhysicsParams, iterations: int) -> pymunk.Space:
    sim = params.simulation
    space = pymunk.Space()
    space.iterations = iterations
    space.sleep_time_threshold = sim.sleep_time
    space.idle_speed_threshold = sim.rest_speed
    space.collision_slop = sim.collision_slop
    return space


def _populate(space: pymunk.Space, spec: Spec) -> dict[int, tuple[pymunk.Body, float]]:
    """Every static shape and body of `spec` in `space`: pid -> (body, reach)."""
    bodies, statics, _ = spec
    static = space.static_body
    for core, radius, flt, e, f in statics:
        wall = pymunk.Poly(static, list(core), None, radius)
        wall.filter, wall.elasticity, wall.friction = flt, e, f
        space.add(wall)
    made: dict[int, tuple[pymunk.Body, float]] = {}
    for pid, mass, moment, cog, pos, angle, parts, flt, e, f, force, torque, reach in bodies:
        body = pymunk.Body(mass, moment)
        body.center_of_gravity = cog
        body.position = pos
        body.angle = angle
        shapes: list[pymunk.Shape] = []
        for core, radius in parts:
            shape: pymunk.Shape
            if len(core) == 1:
                shape = pymunk.Circle(body, radius, core[0])
            elif len(core) == 2:
                shape = pymunk.Segment(body, core[0], core[1], radius)
            else:
                shape = pymunk.Poly(body, list(core), None, radius)
            shape.filter, shape.elasticity, shape.friction = flt, e, f
            shapes.append(shape)
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), cog)
        slide.max_bias, slide.max_force = 0.0, force
        spin = pymunk.GearJoint(static, body, 0.0, 1.0)
        spin.max_bias, spin.max_force = 0.0, torque
        space.add(body, *shapes, slide, spin)
        made[pid] = (body, reach)
    return made


class _Switch:
    """flick's iteration switch in a user's space: converged iterations while something
    touches, FREE_ITERATIONS otherwise."""

    def __init__(self, space: pymunk.Space, params: PhysicsParams) -> None:
        self.space = space
        self.touching = params.simulation.iterations
        self.count = 0
        space.on_collision(None, None, begin=self._begin, separate=self._separate)
        self.free()

    def free(self) -> None:
        self.count = 0
        self.space.iterations = FREE_ITERATIONS

    def _begin(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self.count += 1
        space.iterations = self.touching

    def _separate(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self.count -= 1
        if self.count <= 0:
            self.free()

    def survey(self, awake: list[pymunk.Body]) -> None:
        """Resting contacts woken mid-shot had their `begin` before they slept: count them."""
        if self.space.iterations != FREE_ITERATIONS:
            return
        seen: list[int] = []
        for body in awake:
            body.each_arbiter(lambda arb: seen.append(1))
            if seen:
                self.count += 1
                self.space.iterations = self.touching
                return


def step_until_rest(space: pymunk.Space, made: list[tuple[pymunk.Body, float]],
                    params: PhysicsParams, thinnest: float, fixed_dt: float | None = None,
                    switch: _Switch | None = None) -> int:
    """flick's accuracy rule on the awake bodies (or a fixed step): the number of steps."""
    sim = params.simulation
    max_move = min(sim.step_fraction * thinnest, sim.max_step)
    step = space.step
    last_dt, spent, steps = 0.0, 0.0, 0
    per_check = sim.check_every if fixed_dt is None else 160
    while spent < sim.max_time:
        fastest, resting = 0.0, True
        awake = []
        for body, reach in made:
            if body.is_sleeping:
                continue
            awake.append(body)
            speed = abs(body.velocity)
            spin = abs(body.angular_velocity)
            if speed >= sim.rest_speed or spin >= sim.rest_spin:
                resting = False
                fastest = max(fastest, speed + spin * reach)
        if resting:
            break
        if switch is not None:
            switch.survey(awake)
        if fixed_dt is None:
            dt = sim.max_dt if fastest * sim.max_dt <= max_move else max_move / fastest
            if last_dt:
                dt = min(dt, last_dt * sim.max_dt_growth)
            last_dt = dt
        else:
            dt = fixed_dt
        for _ in range(per_check):
            step(dt)
        steps += per_check
        spent += dt * per_check
    return steps


def rebuilt(spec: Spec, launched: int, impulse: tuple[float, float], params: PhysicsParams,
            fixed_dt: float | None = None, iterations: int = DEFAULT_ITERATIONS,
            offset: tuple[float, float] = (0.0, 0.0)) -> Positions:
    """The shot in a pymunk space built for it, every body awake and put to sleep by pymunk
    when it idles, the impulse at `offset` (cm, table axes) from the piece's centre; final
    positions."""
    space = _space(params, iterations)
    made = _populate(space, spec)
    target = made[launched][0]
    at = target.position
    target.apply_impulse_at_world_point(impulse, (at.x + offset[0], at.y + offset[1]))
    step_until_rest(space, list(made.values()), params, spec[2], fixed_dt)
    return {pid: (body.position.x, body.position.y) for pid, (body, _) in made.items()}


class Kept:
    """A pymunk space built once for a table (without the disc) and kept between shots, with
    one movement disc body parked off the table between shots; pymunk's default iterations
    or (`switch`) flick's iteration switch."""

    def __init__(self, table: Table, switch: bool) -> None:
        params = table.params
        self.params = params
        self.spec = bare_spec(table)
        self.space = _space(params, DEFAULT_ITERATIONS)
        self.switch = _Switch(self.space, params) if switch else None
        probe = table.add("movement_disc", x=-500.0, y=-500.0)
        disc_spec = bare_spec(table)
        table.remove(probe)
        self.disc_id = probe
        entry = next(b for b in disc_spec[0] if b[0] == probe)
        self.made = _populate(self.space, ([*self.spec[0], entry], self.spec[1], self.spec[2]))
        self.disc = self.made[probe][0]
        self.base = {pid: ((b.position.x, b.position.y), b.angle)
                     for pid, (b, _) in self.made.items()}
        self.bodies = list(self.made.values())
        self._settle()

    def _settle(self) -> None:
        self.space.step(1e-6)
        for body, _ in self.bodies:
            if not body.is_sleeping:
                body.sleep()
        if self.switch is not None:
            self.switch.free()

    def shot(self, x: float, y: float, impulse: tuple[float, float]) -> int:
        disc = self.disc
        disc.activate()
        disc.position = (x, y)
        disc.apply_impulse_at_world_point(impulse, (x, y))
        return step_until_rest(self.space, self.bodies, self.params, self.spec[2],
                               switch=self.switch)

    def positions(self, disc: int) -> Positions:
        """Where every body is, the disc under the table's id for it."""
        found = {pid: (b.position.x, b.position.y) for pid, (b, _) in self.made.items()}
        found[disc] = found.pop(self.disc_id)
        return found

    def reset(self) -> None:
        """Put the moved bodies back and asleep (not timed: a user would play on)."""
        for pid, (body, _) in self.made.items():
            pos, angle = self.base[pid]
            if body.is_sleeping and tuple(body.position) == pos:
                continue
            body.activate()
            body.position, body.angle = pos, angle
            body.velocity, body.angular_velocity = (0.0, 0.0), 0.0
        self._settle()
