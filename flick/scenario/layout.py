"""The pieces a scenario sets on the table, with their footprints, labels and file paths.

One list serves the loader's checks (overlap, city limits, doors), the map drawing and the
placement on a physics table, so all three agree on what stands where.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from flick.scenario import geometry as geo
from flick.scenario.model import Scenario

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class SetupPiece:
    """A piece at set-up. `kind` is the physics piece kind; `key` the name the rules engine
    uses (`car`, `barrel_2`, `box_1`, `street_lamp_3`, `barricade_1`, `zombie_4`, a survivor's
    full name, `tower`); `path` locates it in the scenario file; `tall` pieces are stopped by
    facades, low ones pass under."""

    key: str
    label: str
    kind: str
    path: Path
    shape: geo.Shape
    tall: bool
    x: float
    y: float
    angle: float  # radians
    standing: bool = True


@dataclass(frozen=True)
class PlacedBuilding:
    name: str
    path: Path
    parts: geo.BuildingParts
    x: float
    y: float
    facing: float  # radians


@lru_cache(maxsize=1)
def sizes() -> geo.Sizes:
    """Piece sizes from the physics parameters if the physics package offers them."""
    try:
        from flick.physics import PhysicsParams  # optional: the physics package is heavy
    except Exception:  # the physics package may not exist yet or may not load
        return geo.Sizes()
    try:
        params = PhysicsParams.default()
    except Exception:
        return geo.Sizes()
    return sizes_from_params(params)


def sizes_from_params(params: object) -> geo.Sizes:
    """Read the sizes the physics parameter set defines; keep the defaults for the others."""
    base = geo.Sizes()
    pieces = getattr(params, "pieces", None)

    def size(kind: str, attr: str, default: float) -> float:
        piece = pieces.get(kind) if isinstance(pieces, dict) else getattr(pieces, kind, None)
        value = getattr(piece, attr, None) if piece is not None else None
        return float(value) if isinstance(value, int | float) else default

    if pieces is None:
        return base
    return geo.Sizes(
        movement_disc=size("movement_disc", "diameter", base.movement_disc),
        figure_base=size("survivor", "diameter", base.figure_base),
        barrel=size("barrel", "diameter", base.barrel),
        box=size("box", "width", base.box),
        support_block=size("support_block", "width", base.support_block),
    )


def buildings(scenario: Scenario, s: geo.Sizes | None = None) -> list[PlacedBuilding]:
    s = s or sizes()
    out = []
    for i, b in enumerate(scenario.buildings):
        parts = geo.building_parts(b.x, b.y, b.facing_rad, b.name == "rv", s)
        out.append(PlacedBuilding(b.name, ("buildings", i), parts, b.x, b.y, b.facing_rad))
    return out


def tower_shape(scenario: Scenario, s: geo.Sizes | None = None) -> geo.Poly:
    s = s or sizes()
    zb = scenario.zombie_bin
    return geo.rect(zb.x, zb.y, s.tower, s.tower, math.radians(zb.tower_facing))


def pieces(scenario: Scenario, s: geo.Sizes | None = None) -> list[SetupPiece]:
    """Every movable piece of the set-up (and the tower), in file order."""
    s = s or sizes()
    out: list[SetupPiece] = []
    zb = scenario.zombie_bin
    out.append(SetupPiece("tower", "the zombie tower", "zombie_tower", ("zombie_bin",),
                          tower_shape(scenario, s), True, zb.x, zb.y,
                          math.radians(zb.tower_facing)))
    for i, v in enumerate(scenario.vehicles):
        shape = geo.rect(v.x, v.y, s.vehicle[0], s.vehicle[1], v.angle_rad)
        out.append(SetupPiece(v.name, v.name.replace("_", " "), v.name, ("vehicles", i), shape,
                              True, v.x, v.y, v.angle_rad))
    for i, b in enumerate(scenario.barrels):
        shape = (geo.Circle(b.x, b.y, s.barrel / 2) if b.standing
                 else geo.rect(b.x, b.y, 4.0, s.barrel, b.angle_rad))
        out.append(SetupPiece(f"barrel_{i + 1}", f"barrel {i + 1}", "barrel", ("barrels", i),
                              shape, True, b.x, b.y, b.angle_rad, b.standing))
    for i, bx in enumerate(scenario.boxes):
        shape = geo.rect(bx.x, bx.y, s.box, s.box, bx.angle_rad)
        out.append(SetupPiece(f"box_{bx.number}", f"box {bx.number}", "box", ("boxes", i),
                              shape, True, bx.x, bx.y, bx.angle_rad))
    for i, lamp in enumerate(scenario.street_lamps):
        shape = geo.rect(lamp.x, lamp.y, s.lamp[0], s.lamp[1], lamp.angle_rad)
        out.append(SetupPiece(f"street_lamp_{i + 1}", f"street lamp {i + 1}", "street_lamp",
                              ("street_lamps", i), shape, True, lamp.x, lamp.y, lamp.angle_rad,
                              lamp.standing))
    for i, bar in enumerate(scenario.barricades):
        shape = geo.rect(bar.x, bar.y, s.barricade[0], s.barricade[1], bar.angle_rad)
        out.append(SetupPiece(f"barricade_{i + 1}", f"barricade {i + 1}", "barricade",
                              ("barricades", i), shape, False, bar.x, bar.y, bar.angle_rad))
    for i, z in enumerate(scenario.zombies):
        out.append(_figure(f"zombie_{i + 1}", f"zombie {i + 1}", "zombie", ("zombies", i),
                           z.x, z.y, math.radians(z.facing), z.standing, s))
    for ti, team in enumerate(scenario.teams):
        for si, sv in enumerate(team.survivors):
            out.append(_figure(sv.name, sv.name, "survivor", ("teams", ti, "survivors", si),
                               sv.x, sv.y, math.radians(sv.facing), True, s))
    return out


def _figure(key: str, label: str, kind: str, path: Path, x: float, y: float, facing: float,
            standing: bool, s: geo.Sizes) -> SetupPiece:
    if standing:
        shape: geo.Shape = geo.Circle(x, y, s.figure_base / 2)
    else:
        shape = geo.capsule(x, y, s.fallen_length, s.fallen_radius, facing)
    # A fallen figure is low (it passes under facades); a standing one is tall.
    return SetupPiece(key, label, kind, path, shape, standing, x, y, facing, standing)
