"""Chipmunk under pymunk, the one door to it: the C functions (`lib`) and cffi (`ffi`) that
the physics calls directly where pymunk's Python around a call costs more than Chipmunk's
work (a shot's kept bodies reset with Chipmunk's own Init calls, its collision handler, the
flight's queries, the tower's side-view bodies).

They are pymunk's private module `pymunk._chipmunk` and private attributes of its objects, no
API pymunk promises to keep. Everything flick uses of them is listed here and checked when
this module is imported: a pymunk without one of them is refused at once, with one message
naming what is missing and the pymunk version (`ChipmunkError`), instead of failing in the
middle of a shot. Every other module takes them from here (tests/physics/test_chipmunk.py
checks both: that no other module imports pymunk's private module, and that every Chipmunk
function named in flick is listed).
"""

from __future__ import annotations

import struct
from typing import Any

import pymunk
from pymunk._chipmunk import ffi, lib

from flick.errors import FlickError

__all__ = ["ATTRIBUTES", "FUNCTIONS", "MOTION", "TYPES", "ChipmunkError", "check", "ffi", "lib",
           "missing", "motion_view"]

# The Chipmunk functions flick calls (`lib.<name>`).
FUNCTIONS = (
    "cpArbiterGetContactPointSet", "cpArbiterGetNormal", "cpArbiterGetShapes",
    "cpBodyApplyImpulseAtWorldPoint", "cpBodyGetAngle", "cpBodyGetAngularVelocity",
    "cpBodyGetPosition", "cpBodyGetType", "cpBodyGetVelocity", "cpBodyGetVelocityAtWorldPoint",
    "cpBodyInit", "cpBodyIsSleeping", "cpBodyLocalToWorld", "cpBodySetAngle",
    "cpBodySetAngularVelocity", "cpBodySetCenterOfGravity", "cpBodySetPosition", "cpBodySetType",
    "cpBodySetUserData", "cpBodySetVelocity", "cpConstraintSetMaxBias", "cpConstraintSetMaxForce",
    "cpConstraintSetUserData", "cpGearJointInit", "cpPivotJointInit", "cpSegmentShapeSetEndpoints",
    "cpSegmentShapeSetRadius", "cpShapeGetBody", "cpShapeGetSensor", "cpShapeGetUserData",
    "cpShapeSegmentQuery", "cpShapeSetElasticity", "cpShapeSetFilter", "cpShapeSetFriction",
    "cpShapeSetSensor", "cpSpaceAddBody", "cpSpaceAddCollisionHandler", "cpSpaceAddConstraint",
    "cpSpaceAddShape", "cpSpaceGetShapeIDCounter", "cpSpacePointQuery", "cpSpaceRemoveBody",
    "cpSpaceRemoveConstraint", "cpSpaceRemoveShape", "cpSpaceSegmentQueryFirst",
    "cpSpaceSetCollisionSlop", "cpSpaceSetCurrentTimeStep", "cpSpaceSetGravity",
    "cpSpaceSetIdleSpeedThreshold", "cpSpaceSetIterations", "cpSpaceSetShapeIDCounter",
    "cpSpaceSetSleepTimeThreshold", "cpSpaceShapeQuery", "cpSpaceStep",
)

# The C types flick names to cffi (casts, buffers, callbacks).
TYPES = (
    "cpPivotJoint *", "cpGearJoint *", "cpShape *[1]", "cpSegmentQueryInfo *",
    "cpCollisionBeginFunc", "cpCollisionSeparateFunc", "cpSpaceShapeQueryFunc",
    "cpSpacePointQueryFunc", "cpShapeFilter *", "uintptr_t", "char *",
)

# A body's motion as Chipmunk keeps it in its `struct cpBody` (chipmunk_structs.h, Chipmunk's
# private layout, checked when this module is imported): the velocity at byte 80, the angle at
# 112, the angular velocity at 120, the transform's translation at 168 (the body's position)
# and its sleeping component's root at 248 (not 0 while it sleeps), read in one go from a view
# of those bytes (`motion_view`) as `MOTION.unpack_from(view)` = (vx, vy, angle, w, x, y,
# root): the very floats cpBodyGetVelocity, cpBodyGetAngle, cpBodyGetAngularVelocity and
# cpBodyGetPosition return, and cpBodyIsSleeping's answer (root != 0), for a fraction of
# their cost.
MOTION = struct.Struct("<2d16x2d40x2d64xQ")
_MOTION_AT = 80

# pymunk's private attributes flick reads, by class: the Chipmunk object behind each pymunk
# object, the space a body or shape is in, and the space's own records of what it holds.
ATTRIBUTES = {
    "Body": ("_body", "_space"),
    "Shape": ("_shape", "_space"),
    "Constraint": ("_constraint",),
    "Space": ("_space", "_bodies", "_shapes", "_bodies_to_check"),
}


class ChipmunkError(FlickError):
    """The installed pymunk lacks a Chipmunk function, type or attribute flick uses."""


def _probes() -> dict[str, Any]:
    """One pymunk object of each class in ATTRIBUTES."""
    body = pymunk.Body(1.0, 1.0)
    other = pymunk.Body(1.0, 1.0)
    return {"Body": body, "Shape": pymunk.Circle(body, 1.0),
            "Constraint": pymunk.PivotJoint(body, other, (0.0, 0.0)), "Space": pymunk.Space()}


def motion_view(c_body: Any) -> Any:
    """A view of a Chipmunk body's motion (`MOTION`): valid as long as the body is (keep it
    with the pymunk body that owns it)."""
    return ffi.buffer(ffi.cast("char *", c_body) + _MOTION_AT, MOTION.size)


def _motion_read(functions: Any) -> bool:
    """Does `MOTION` read what Chipmunk's getters return, for a body moved and turned about
    an offset centre of gravity by a step, then put to sleep?"""
    space = pymunk.Space()
    body = pymunk.Body(2.0, 3.0)
    body.center_of_gravity = (0.3, -0.2)
    body.position, body.angle = (1.5, -2.25), 0.7
    body.velocity, body.angular_velocity = (3.0, -4.0), 5.0
    space.add(body, pymunk.Circle(body, 1.0))
    space.step(0.01)
    b = body._body
    v, p = functions.cpBodyGetVelocity(b), functions.cpBodyGetPosition(b)
    *read, root = MOTION.unpack_from(motion_view(b))
    awake = (read == [v.x, v.y, functions.cpBodyGetAngle(b),
                      functions.cpBodyGetAngularVelocity(b), p.x, p.y]
             and not root and not functions.cpBodyIsSleeping(b))
    space.sleep_time_threshold = 1.0
    body.sleep()
    asleep = MOTION.unpack_from(motion_view(b))[6] != 0 and functions.cpBodyIsSleeping(b)
    return awake and bool(asleep)


def missing(functions: Any = lib, cffi: Any = ffi,
            probes: dict[str, Any] | None = None) -> list[str]:
    """What flick uses that this pymunk lacks (empty when it has everything)."""
    gone = [f"function {name}" for name in FUNCTIONS if not hasattr(functions, name)]
    for name in TYPES:
        try:
            cffi.typeof(name)
        except cffi.error:  # cffi's error for a type it does not know
            gone.append(f"C type {name!r}")
    objects = _probes() if probes is None else probes
    for cls, names in ATTRIBUTES.items():
        gone += [f"{cls}.{name}" for name in names if not hasattr(objects[cls], name)]
    if not gone and not _motion_read(functions):
        gone.append("struct cpBody's layout (its velocity, angle, spin, position and sleep "
                    "where MOTION reads them)")
    return gone


def check(gone: list[str]) -> None:
    """Refuse a pymunk that lacks what flick uses (ChipmunkError names it)."""
    if gone:
        raise ChipmunkError(
            f"pymunk {pymunk.version} lacks what flick's physics uses of Chipmunk: "
            f"{', '.join(gone)}; install a pymunk 7 (pip install 'pymunk>=7,<8')")


check(missing())
