"""The side-view tower's pymunk bodies and shapes, kept from drop to drop.

Making them (the walls, baffles, floor and table outside the exit on a static body, the roof
support's kinematic body and board, a body with its base and torso for each roof slot) and
freeing them cost about a quarter of a drop. They depend on the tower's parameters only; a
drop changes nothing in them but what Chipmunk keeps in a body (its motion, pose and the
space it is in). So a drop borrows them from here (`lend`) and gives them back when it has
run to its end (`give_back`).

A drop's space is still new each time: a kept space would remember earlier drops (the ids
it hands its shapes, its hash sets grown by the largest drop), and those decide the order
in which contacts are found. Its shapes keep nothing from a space they were taken out of:
Chipmunk gives a shape its index id and bounding box when it is added. A body lent again
is reset in Chipmunk to what a new one is (`cpBodyInit`, the call that made it, and the
support's type as `cpBodyNewKinematic` sets it), so a drop is the same, bit for bit, with
new objects or kept ones.

The objects enter and leave a drop's space in Chipmunk (`enter`, `leave`), in the order
`Space.add` and `Space.remove` would use, and the space's pymunk view (`space.shapes`,
`shape.space`) follows, so what watches a drop (the window's recorder) sees the same space.
A kit lent to a drop that is never run to its end is not given back (its space may spoil
it when it is freed); the next drop gets a new one.
"""

from __future__ import annotations

import itertools
import math
import weakref
from typing import Any

import pymunk

from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.tower.params import TowerParams

# The most parameter sets whose kits are kept (a tuning sweep makes many).
KEPT_PARAMS = 16
# The most free kits kept per parameter set (one drop runs at a time; a window may watch one).
KEPT_KITS = 4
_DEAD: weakref.ref[Any] = weakref.ref(set())  # pymunk's mark of an object in no space
_STATIC = pymunk.Body.STATIC


def material_split(pair_zz: float, pair_zc: float) -> tuple[float, float]:
    """Per-shape values whose products give the zombie-zombie and zombie-cardboard pair values.

    pymunk combines two shapes' friction (and elasticity) by multiplying them, so a zombie
    shape gets sqrt(zz) and the other material zc / sqrt(zz).
    """
    z = math.sqrt(pair_zz)
    return z, (pair_zc / z if z > 0 else 0.0)


def _rounded_box(width: float, low: float, high: float,
                 radius: float) -> list[tuple[float, float]]:
    """Corners of a box `width` wide from z = low to high, pulled in by `radius` (cm)."""
    w = width / 2.0 - radius
    lo, hi = low + radius, high - radius
    return [(-w, lo), (w, lo), (w, hi), (-w, hi)]


class TowerKit:
    """The bodies and shapes of one tower, as `TowerWorld` puts them in its space: `static`
    with `statics` (walls, baffles, floor, table), `support` with `board`, and for each roof
    slot a body in `zombies` with its (base, torso) in `figures`."""

    def __init__(self, p: TowerParams) -> None:
        m = p.materials
        fz, fc = material_split(m.friction_zombie, m.friction_cardboard)
        ez, ec = material_split(m.restitution_zombie, m.restitution_cardboard)
        ft = m.friction_table / fz
        et = m.restitution_table / ez if ez > 0 else 0.0
        r = p.wall_thickness / 2.0
        half_d = p.depth / 2.0
        self.static = static = pymunk.Body(body_type=pymunk.Body.STATIC)
        slit_low = p.roof_height - p.roof_support_thickness - 0.1
        slit_high = p.roof_height + 0.2
        # The wall the support is pulled through has a slit at the roof.
        back_slit = p.pull_toward == "back"
        walls = [
            ((-half_d - r, 0.0), (-half_d - r, slit_low if back_slit else p.height)),
            ((half_d + r, p.exit_height), (half_d + r, p.height if back_slit else slit_low)),
            ((-half_d - r, slit_high), (-half_d - r, p.height)) if back_slit
            else ((half_d + r, slit_high), (half_d + r, p.height)),
        ]
        walls += [(b.a, b.b) for b in p.baffles]
        self.statics: list[pymunk.Shape] = []
        for a, b in walls:
            seg = pymunk.Segment(static, a, b, r)
            seg.friction, seg.elasticity = fc, ec
            self.statics.append(seg)
        # The ramp is the tower's floor: solid down to the table, so nothing can pass through
        # it however fast it comes down.
        for (ax, az), (bx, bz) in itertools.pairwise(p.ramp):
            floor = pymunk.Poly(static, [(ax, az), (ax, -1.0), (bx, -1.0), (bx, bz)], radius=r)
            floor.friction, floor.elasticity = fc, ec
            self.statics.append(floor)
        # The table outside the exit: long enough to carry a zombie past the capture line.
        table = pymunk.Segment(static, (half_d, -r), (half_d + 40.0, -r), r)
        table.friction, table.elasticity = ft, et
        self.statics.append(table)

        # The roof support: a kinematic board under the slots, pulled out of the slit.
        t = p.roof_support_thickness / 2.0
        self.support = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        zc = p.roof_height - t
        if back_slit:
            board = pymunk.Segment(self.support, (-half_d - p.depth, zc), (half_d, zc), t)
        else:
            board = pymunk.Segment(self.support, (-half_d, zc), (half_d + p.depth, zc), t)
        board.friction, board.elasticity = m.friction_support / fz, ec
        self.board: pymunk.Shape = board

        fig = p.figure
        m_base, m_body = fig.split_masses()
        # The body's origin is the figure's centre of mass, so `position` is where it is.
        # Each box is rounded by its radius within its outline (pymunk grows a polygon by its
        # radius, so the corners are pulled in by as much): the figure keeps its real size.
        c = fig.com_height
        base_box = _rounded_box(fig.base_diameter, -c, fig.base_height - c, fig.corner_radius)
        body_box = _rounded_box(fig.body_width, fig.base_height - c, fig.height - c,
                                fig.body_radius)
        self.zombies: list[pymunk.Body] = []
        self.figures: list[tuple[pymunk.Shape, pymunk.Shape]] = []
        for _ in p.slots:
            body = pymunk.Body()
            base = pymunk.Poly(body, base_box, radius=fig.corner_radius)
            torso = pymunk.Poly(body, body_box, radius=fig.body_radius)
            base.mass, torso.mass = m_base, m_body
            for shape in (base, torso):
                shape.friction, shape.elasticity = fz, ez
            self.zombies.append(body)
            self.figures.append((base, torso))
        # How many zombie bodies the last drop used, and whether it used the support: those
        # are reset when the kit is lent again.
        self.used = 0
        self.support_used = False
        # The free kits of its parameter set, where `give_back` puts it.
        self.home: list[TowerKit] | None = None

    def reset(self) -> None:
        """Make the support and the zombie bodies the last drop used what new ones are."""
        if self.support_used:
            b = self.support._body
            # cpBodyNewKinematic: a dynamic body made by cpBodyInit, then made kinematic.
            _chipmunk.cpBodySetType(b, pymunk.Body.DYNAMIC)
            _chipmunk.cpBodyInit(b, 0.0, 0.0)
            _chipmunk.cpBodySetType(b, pymunk.Body.KINEMATIC)
            _chipmunk.cpBodySetUserData(b, self.support._data_handle)
            self.support_used = False
        for body in self.zombies[:self.used]:
            b = body._body
            # cpBodyInit leaves the centre of gravity as it was, and works out the transform
            # from it: a new body's is (0, 0) until its shapes enter a space (taking them out
            # of the last drop's space left it there too).
            _chipmunk.cpBodySetCenterOfGravity(b, (0.0, 0.0))
            _chipmunk.cpBodyInit(b, 0.0, 0.0)
            _chipmunk.cpBodySetUserData(b, body._data_handle)
        self.used = 0


# A kit's parameters by the id of a parameter object seen before (checked with `is`), and
# the free kits of each parameter set by value (each game reads its own copy of the file).
_BY_ID: dict[int, tuple[TowerParams, list[TowerKit]]] = {}
_FREE: dict[TowerParams, list[TowerKit]] = {}


def lend(params: TowerParams) -> TowerKit:
    """A kit of the tower `params`, as new."""
    seen = _BY_ID.get(id(params))
    if seen is None or seen[0] is not params:
        if len(_BY_ID) >= 4 * KEPT_PARAMS:
            _BY_ID.clear()
        if len(_FREE) >= KEPT_PARAMS and params not in _FREE:
            _FREE.clear()
            _BY_ID.clear()
        seen = _BY_ID[id(params)] = (params, _FREE.setdefault(params, []))
    free = seen[1]
    if free:
        kit = free.pop()
        kit.reset()
    else:
        kit = TowerKit(params)
    kit.home = free
    return kit


def give_back(kit: TowerKit) -> None:
    """A kit whose objects have all left their space: free for the next drop."""
    free = kit.home
    if free is not None and len(free) < KEPT_KITS:
        free.append(kit)


def enter(space: pymunk.Space, body: pymunk.Body, shapes: Any) -> None:
    """Add a body and its shapes to the space, as `space.add(body, *shapes)` does; a static
    body becomes the space's `static_body` (the tower's walls were on it before the kit).
    (pymunk's objects note their space in their own attributes, written here without
    pymunk's `__setattr__` around them: a drop enters and leaves some 30 objects.)"""
    ref = weakref.ref(space)
    c_space = space._space
    body.__dict__["_space"] = ref
    if _chipmunk.cpBodyGetType(body._body) == _STATIC:
        space._static_body = body
    else:
        space._bodies[body] = None
    _chipmunk.cpSpaceAddBody(c_space, body._body)
    listed = space._shapes
    add = _chipmunk.cpSpaceAddShape
    for shape in shapes:
        shape.__dict__["_space"] = ref
        listed[shape] = None
        add(c_space, shape._shape)


def leave(space: pymunk.Space, body: pymunk.Body, shapes: Any) -> None:
    """Take a body and its shapes out of the space, as `space.remove(body, *shapes)` does
    (a static body: the space's `static_body` no more)."""
    c_space = space._space
    dead = _DEAD
    if _chipmunk.cpBodyGetType(body._body) == _STATIC:
        space._static_body = None
    else:
        del space._bodies[body]
    body.__dict__["_space"] = dead
    _chipmunk.cpSpaceRemoveBody(c_space, body._body)
    listed = space._shapes
    remove = _chipmunk.cpSpaceRemoveShape
    for shape in shapes:
        shape.__dict__["_space"] = dead
        del listed[shape]
        remove(c_space, shape._shape)
