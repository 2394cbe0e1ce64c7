"""What each piece is on the table, seen from above: its footprint, mass and friction.

A footprint is a few convex *parts*, each a core (1 point: a circle; 2 points: a capsule's
segment; 3+ points: a convex polygon) swollen by a radius, in the piece's own frame (cm; the
piece's angle turns local +x). A standing figure is its round base; a fallen one is a capsule
along local +x whose feet end, local (-half_axis, 0), is where its base stood.
Everything is derived from `PhysicsParams`; `Footprints` caches one per (kind, standing).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import pymunk

if TYPE_CHECKING:  # annotations only: the parameters' checks build footprints from them
    from flick.physics.params import PhysicsParams, Piece

Point = tuple[float, float]

FACADE = "facade"


@dataclass(frozen=True)
class Part:
    """A convex part: `core` points (local cm) swollen by `radius` (cm)."""

    core: tuple[Point, ...]
    radius: float
    mass: float


@dataclass(frozen=True)
class Footprint:
    """A piece kind in one state (standing or fallen): shape, mass (g), friction, layer."""

    kind: str
    standing: bool
    parts: tuple[Part, ...]
    mass: float
    moment: float  # g cm^2 about the centre of gravity
    cog: Point  # centre of gravity, local cm
    layer: str  # low | tall | block | facade
    material: str
    table_friction: float
    spin_radius: float  # cm: lever arm of the table's spin friction (the piece's spin_lever r_g)
    thinnest: float  # cm: the smallest width of any part
    reach: float  # cm: no point of the footprint is farther than this from the origin
    topple_impulse: float | None  # g cm/s in one hit that fells it; None: it cannot fall
    half_axis: float  # cm from the centre to the feet of a fallen piece (0 when standing)

    @cached_property
    def bound(self) -> float:
        """The radius (cm) of its bounding circle about its centre of gravity."""
        gx, gy = self.cog
        return max(math.hypot(px - gx, py - gy) + part.radius
                   for part in self.parts for px, py in part.core)

    @property
    def topple_speed(self) -> float | None:
        """The change of velocity (cm/s) that fells it: topple_impulse / mass."""
        return None if self.topple_impulse is None else self.topple_impulse / self.mass


def _circle(radius: float, centre: Point = (0.0, 0.0)) -> tuple[tuple[Point, ...], float, float]:
    return (centre,), radius, math.pi * radius * radius


def _segment(a: Point, b: Point, radius: float) -> tuple[tuple[Point, ...], float, float]:
    length = math.dist(a, b)
    return (a, b), radius, 2.0 * radius * length + math.pi * radius * radius


def _box(length: float, width: float) -> tuple[tuple[Point, ...], float, float]:
    hl, hw = length / 2.0, width / 2.0
    return ((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw)), 0.0, length * width


def _moment_about_origin(core: tuple[Point, ...], radius: float, mass: float) -> float:
    if len(core) == 1:
        return pymunk.moment_for_circle(mass, 0.0, radius, core[0])
    if len(core) == 2:
        return pymunk.moment_for_segment(mass, core[0], core[1], radius)
    return pymunk.moment_for_poly(mass, core, (0.0, 0.0), radius)


def _centroid(core: tuple[Point, ...]) -> Point:
    if len(core) <= 2:
        return (sum(p[0] for p in core) / len(core), sum(p[1] for p in core) / len(core))
    area2 = cx = cy = 0.0
    for (ax, ay), (bx, by) in zip(core, core[1:] + core[:1], strict=True):
        cross = ax * by - bx * ay
        area2 += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    return (cx / (3.0 * area2), cy / (3.0 * area2))


def _width(core: tuple[Point, ...], radius: float) -> float:
    if len(core) <= 2:
        return 2.0 * radius
    best = math.inf
    n = len(core)
    for i in range(n):
        (ax, ay), (bx, by) = core[i], core[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        norm = math.hypot(ex, ey)
        far = max(abs((px - ax) * ey - (py - ay) * ex) / norm for px, py in core)
        best = min(best, far)
    return best + 2.0 * radius


def _shapes(piece: Piece) -> list[tuple[tuple[Point, ...], float, float]]:
    """(core, radius, area) of each part of a standing / unfallen piece."""
    if piece.shape == "circle":
        assert piece.diameter is not None
        return [_circle(piece.diameter / 2.0)]
    if piece.shape == "box":
        assert piece.length is not None and piece.width is not None
        return [_box(piece.length, piece.width)]
    if piece.shape == "capsule":
        assert piece.length is not None and piece.width is not None
        half = (piece.length - piece.width) / 2.0
        return [_segment((-half, 0.0), (half, 0.0), piece.width / 2.0)]
    assert piece.length is not None and piece.knob_diameter is not None
    assert piece.barrel_diameter is not None and piece.handle_width is not None
    knob_r, barrel_r = piece.knob_diameter / 2.0, piece.barrel_diameter / 2.0
    knob = (-piece.length / 2.0 + knob_r, 0.0)
    barrel = (piece.length / 2.0 - barrel_r, 0.0)
    return [
        _circle(knob_r, knob),
        _segment(knob, barrel, piece.handle_width / 2.0),
        _circle(barrel_r, barrel),
    ]


def _assemble(
    kind: str,
    standing: bool,
    shapes: list[tuple[tuple[Point, ...], float, float]],
    mass: float,
    layer: str,
    material: str,
    table_friction: float,
    spin_lever: float,
    topple_impulse: float | None,
    half_axis: float,
) -> Footprint:
    total_area = sum(area for _, _, area in shapes)
    parts = tuple(Part(core, radius, mass * area / total_area) for core, radius, area in shapes)
    cx = sum(p.mass * _centroid(p.core)[0] for p in parts) / mass
    cy = sum(p.mass * _centroid(p.core)[1] for p in parts) / mass
    moment = sum(_moment_about_origin(p.core, p.radius, p.mass) for p in parts)
    moment -= mass * (cx * cx + cy * cy)
    reach = max(max(math.hypot(x, y) for x, y in p.core) + p.radius for p in parts)
    return Footprint(
        kind=kind,
        standing=standing,
        parts=parts,
        mass=mass,
        moment=moment,
        cog=(cx, cy),
        layer=layer,
        material=material,
        table_friction=table_friction,
        # `spin_lever` of the radius of gyration (see `Piece.spin_lever`): the gear joint's
        # torque cap is mu m g times this, set once when the body is built.
        spin_radius=spin_lever * math.sqrt(moment / mass),
        thinnest=min(_width(p.core, p.radius) for p in parts),
        reach=reach,
        topple_impulse=topple_impulse,
        half_axis=half_axis,
    )


class Footprints:
    """One `Footprint` per (kind, standing), built from the parameters on first use."""

    def __init__(self, params: PhysicsParams) -> None:
        self.params = params
        self._cache: dict[tuple[str, bool], Footprint] = {}
        self._extents: dict[tuple[tuple[str, bool], ...], tuple[float, float]] = {}

    def kinds(self) -> list[str]:
        return list(self.params.pieces)

    def extent(self, kinds: Iterable[tuple[str, bool]]) -> tuple[float, float]:
        """The thinnest part (cm) and the longest reach (cm) of pieces of these (kind,
        standing), standing or fallen if they can fall: (inf, 0.0) for none."""
        key = tuple(sorted(kinds))
        found = self._extents.get(key)
        if found is None:
            thinnest, reach = math.inf, 0.0
            for kind, standing in key:
                for fp in (self.get(kind, standing),
                           *([self.get(kind, False)] if self.can_fall(kind) else [])):
                    thinnest = min(thinnest, fp.thinnest)
                    reach = max(reach, fp.reach)
            found = self._extents[key] = (thinnest, reach)
        return found

    def can_fall(self, kind: str) -> bool:
        return self.params.pieces[kind].topple is not None

    def get(self, kind: str, standing: bool = True) -> Footprint:
        key = (kind, standing)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._make(kind, standing)
        return found

    def facade(self, building: str) -> Footprint:
        """The facade standee of a building kind: a thin box along local +x."""
        key = (f"{FACADE}:{building}", True)
        found = self._cache.get(key)
        if found is None:
            b = self.params.buildings
            spec = b.kinds[building]
            # Static: no table friction acts on it, so friction and lever are placeholders.
            found = _assemble(
                FACADE, True, [_box(spec.facade_width, b.facade_thickness)], 1.0, FACADE,
                b.material, 1.0, 1.0, None, 0.0,
            )
            self._cache[key] = found
        return found

    def _make(self, kind: str, standing: bool) -> Footprint:
        piece = self.params.pieces[kind]
        topple = piece.topple
        if standing:
            impulse = None
            if topple is not None:
                speed = topple.threshold(self.params.gravity, self.params.toppling.scale)
                impulse = piece.mass * speed
            return _assemble(
                kind, True, _shapes(piece), piece.mass, piece.layer, piece.material,
                piece.table_friction, piece.spin_lever, impulse, 0.0,
            )
        if topple is None:
            raise ValueError(f"a {kind} cannot lie fallen")
        half = (topple.fallen_length - topple.fallen_width) / 2.0
        shape = _segment((-half, 0.0), (half, 0.0), topple.fallen_width / 2.0)
        return _assemble(
            kind, False, [shape], piece.mass, topple.fallen_layer, piece.material,
            topple.fallen_friction, piece.spin_lever, None, half,
        )

    def max_spin_lever(self, kind: str) -> float:
        """The longest spin-friction lever the kind's footprints allow, as a fraction of the
        radius of gyration: their reach from the centre of gravity over it (the smaller of
        standing and fallen)."""
        states = (True, False) if self.can_fall(kind) else (True,)
        limits = []
        for standing in states:
            fp = self.get(kind, standing)
            reach = max(max(math.dist(p, fp.cog) for p in part.core) + part.radius
                        for part in fp.parts)
            limits.append(reach / math.sqrt(fp.moment / fp.mass))
        return min(limits)
