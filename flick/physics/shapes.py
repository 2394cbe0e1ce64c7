"""The pymunk shapes of flick's pieces and city: what collides with what (shape filters by
layer: low pieces pass under facades, tall ones do not, blocks stop all; halos see only
dormant pieces), and a footprint's parts as circles, segments and rounded polygons."""

from __future__ import annotations

import math

import pymunk

from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.footprint import Footprint

# Shape-filter categories. Low pieces pass under facades; tall ones do not; blocks stop all.
# DORMANT and HALO: pieces at rest and the sensors around moving ones (see above).
LOW, TALL, BLOCK, FACADE, DOOR, EDGE, DORMANT, HALO = 1, 2, 4, 8, 16, 32, 64, 128
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
                transform: tuple[float, float, float] | None = None,
                shape_filter: pymunk.ShapeFilter | None = None) -> list[pymunk.Shape]:
    """pymunk shapes of a footprint on `body` (local, or placed by `transform` for static),
    with the filter of its layer (or `shape_filter`). Their properties are set in Chipmunk
    directly: the same as pymunk's setters, without their Python."""
    shapes: list[pymunk.Shape] = []
    if transform is not None:
        x, y, angle = transform
        c, s = math.cos(angle), math.sin(angle)

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return (x + c * p[0] - s * p[1], y + s * p[0] + c * p[1])
    else:

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return p

    flt = FILTERS[fp.layer] if shape_filter is None else shape_filter
    for part in fp.parts:
        shape = shape_of(body, tuple(at(p) for p in part.core), part.radius)
        c_shape = shape._shape
        _chipmunk.cpShapeSetElasticity(c_shape, elasticity)
        _chipmunk.cpShapeSetFriction(c_shape, friction)
        _chipmunk.cpShapeSetFilter(c_shape, flt)
        shapes.append(shape)
    return shapes
