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
