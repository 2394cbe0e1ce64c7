"""What flick uses of pymunk's private Chipmunk layer goes through flick.physics.chipmunk, is
listed there, and a pymunk without it is refused with one message naming what is missing."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pymunk
import pytest

from flick.physics import chipmunk

FLICK = Path(chipmunk.__file__).resolve().parents[1]
SOURCES = sorted(FLICK.rglob("*.py"))


def test_no_module_but_the_door_imports_pymunks_private_chipmunk() -> None:
    importers = [p.relative_to(FLICK).as_posix() for p in SOURCES
                 if "pymunk._chipmunk" in p.read_text(encoding="utf-8")]
    assert importers == ["physics/chipmunk.py"]


def test_every_chipmunk_function_named_in_flick_is_listed_and_checked() -> None:
    named = set()
    for path in SOURCES:
        named |= set(re.findall(r"\b_chipmunk\.(cp\w+)", path.read_text(encoding="utf-8")))
    assert len(named) > 40  # the scan finds the physics' calls
    assert named <= set(chipmunk.FUNCTIONS), sorted(named - set(chipmunk.FUNCTIONS))


def test_this_pymunk_has_everything_listed() -> None:
    assert chipmunk.missing() == []


def test_a_pymunk_without_a_function_type_or_attribute_is_refused_naming_them() -> None:
    functions = SimpleNamespace(**{n: None for n in chipmunk.FUNCTIONS if n != "cpBodyInit"})

    class Ffi:
        error = chipmunk.ffi.error

        @staticmethod
        def typeof(name: str) -> object:
            return chipmunk.ffi.typeof("cpNoSuchJoint *" if name == "cpGearJoint *" else name)

    body = pymunk.Body(1.0, 1.0)
    probes = {"Body": body, "Shape": pymunk.Circle(body, 1.0),
              "Constraint": pymunk.PivotJoint(body, pymunk.Body(1.0, 1.0), (0.0, 0.0)),
              "Space": SimpleNamespace(_space=None, _bodies=None, _shapes=None)}
    gone = chipmunk.missing(functions, Ffi(), probes)
    assert gone == ["function cpBodyInit", "C type 'cpGearJoint *'",
                    "Space._bodies_to_check"]
    with pytest.raises(chipmunk.ChipmunkError) as refused:
        chipmunk.check(gone)
    message = str(refused.value)
    assert pymunk.version in message and "cpBodyInit" in message
    assert "Space._bodies_to_check" in message


def test_a_bodys_motion_read_from_its_struct_is_what_chipmunks_getters_return() -> None:
    """`MOTION` reads a body's velocity, angle, spin, position and sleep from Chipmunk's
    struct: the same floats as cpBodyGetVelocity, cpBodyGetAngle, cpBodyGetAngularVelocity and
    cpBodyGetPosition, and the same answer as cpBodyIsSleeping, for bodies
    turned about offset centres of gravity, overlapping, stepped under gravity, then idle
    until they sleep."""
    lib = chipmunk.lib
    space = pymunk.Space()
    space.gravity = (3.0, -9.0)
    bodies = []
    for k in range(12):
        body = pymunk.Body(1.0 + k, 2.0 + k)
        body.center_of_gravity = (0.1 * k - 0.5, 0.37 - 0.05 * k)
        body.position, body.angle = (1.5 * k - 7.0, 0.3 * k), 0.9 * k - 4.0
        body.velocity, body.angular_velocity = (20.0 - 3.0 * k, 1.7 * k), 2.0 - 0.6 * k
        space.add(body, pymunk.Circle(body, 1.2))
        bodies.append(body)
    for _ in range(40):
        space.step(1.0 / 97.0)
        for body in bodies:
            b = body._body
            v, p = lib.cpBodyGetVelocity(b), lib.cpBodyGetPosition(b)
            *read, root = chipmunk.MOTION.unpack_from(chipmunk.motion_view(b))
            expected = (v.x, v.y, lib.cpBodyGetAngle(b), lib.cpBodyGetAngularVelocity(b),
                        p.x, p.y)
            assert [x.hex() for x in read] == [x.hex() for x in expected]
            assert bool(root) == bool(lib.cpBodyIsSleeping(b))
    asleep = 0
    space.sleep_time_threshold = 0.05
    space.idle_speed_threshold = 1e9  # every body idle: they fall asleep
    for _ in range(40):
        space.step(1.0 / 97.0)
        for body in bodies:
            root = chipmunk.MOTION.unpack_from(chipmunk.motion_view(body._body))[6]
            assert bool(root) == bool(lib.cpBodyIsSleeping(body._body))
            asleep += bool(root)
    assert asleep > 0


def test_a_pymunk_whose_body_struct_is_laid_out_otherwise_is_refused() -> None:
    class Elsewhere:  # Chipmunk's functions, but a velocity read from another place
        def __getattr__(self, name: str) -> object:
            return getattr(chipmunk.lib, name)

        @staticmethod
        def cpBodyGetVelocity(body: object) -> object:
            v = chipmunk.lib.cpBodyGetVelocity(body)
            return SimpleNamespace(x=v.y, y=v.x)

    gone = chipmunk.missing(Elsewhere())
    assert len(gone) == 1 and "cpBody" in gone[0]
