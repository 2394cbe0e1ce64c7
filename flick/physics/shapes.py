"""The pymunk shapes of flick's pieces and city: what collides with what (shape filters by
layer: low pieces pass under facades, tall ones do not, blocks stop all; halos see only
dormant pieces), and a footprint's parts as circles, segments and rounded polygons."""

from __future__ import annotations

import math

import pymunk

from flick.physics.footprint import Footprint

# Shape-filter categories. Low pieces pass under facades; tall ones do not; blocks stop all.
# DORMANT and HALO: pieces at rest and the sensors around moving ones (see above). GHOST: a
# solid copy of each door line and edge line that nothing collides with, for the closed-form
# flight's queries (`flick.physics.flight`: Chipmunk's overlap query counts no sensor).
LOW, TALL, BLOCK, FACADE, DOOR, EDGE, DORMANT, HALO, GHOST = 1, 2, 4, 8, 16, 32, 64, 128, 256
FILTERS = {
    "low": pymunk.ShapeFilter(categories=LOW, mask=LOW | TALL | BLOCK | DOOR | EDGE),
    "tall": pymunk.ShapeFilter(categories=TALL, mask=LOW | TALL | BLOCK | FACADE | DOOR | EDGE),
    "block": pymunk.ShapeFilter(categories=BLOCK, mask=LOW | TALL | BLOCK | EDGE),
    "facade": pymunk.ShapeFilter(categories=FACADE, mask=TALL),
    "door": pymunk.ShapeFilter(categories=DOOR, mask=LOW | TALL),
    "edge": pymunk.ShapeFilter(categories=EDGE, mask=LOW | TALL | BLOCK),
    "halo": pymunk.ShapeFilter(categories=HALO, mask=DORMANT),
}
# A dormant piece is one circle around it, seen only by halos.
DORMANT_FILTER = pymunk.ShapeFilter(categories=DORMANT, mask=HALO)
GHOST_FILTER = pymunk.ShapeFilter(categories=GHOST, mask=GHOST)
TABLE_EDGE = -1  # the owner id of the table's edge lines

Vec = tuple[float, float]


def filter_for(layer: str) -> pymunk.ShapeFilter:
    return FILTERS[layer]


def shape_of(body: pymunk.Body, core: tuple[Vec, ...], radius: float) -> pymunk.Shape:
    if len(core) == 1:
        return pymunk.Circle(body, radius, core[0])
    if len(core) == 2:
        return pymunk.Segment(body, core[0], core[1], radius)
    return pymunk.Poly(body, list(core), None, radius)


def make_shapes(body: pymunk.Body, fp: Footprint, elasticity: float, friction: float,
                transform: tuple[float, float, float] | None = None) -> list[pymunk.Shape]:
    """pymunk shapes of a footprint on `body` (local, or placed by `transform` for static)."""
    shapes: list[pymunk.Shape] = []
    if transform is not None:
        x, y, angle = transform
        c, s = math.cos(angle), math.sin(angle)

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return (x + c * p[0] - s * p[1], y + s * p[0] + c * p[1])
    else:

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return p

    for part in fp.parts:
        shape = shape_of(body, tuple(at(p) for p in part.core), part.radius)
        shape.elasticity = elasticity
        shape.friction = friction
        shape.filter = FILTERS[fp.layer]
        shapes.append(shape)
    return shapes
