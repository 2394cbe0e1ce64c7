"""Where a building's parts stand: two support blocks, the facade over them, the door line.

Frame of a building: origin at the middle of the door line, front normal n = (cos a, sin a)
(the way the door faces), t = n turned +90 degrees (along the facade). The blocks' front
faces are flush with the door line, their inner faces `door_gap` apart; the facade stands
`facade_setback` behind the door line, over the blocks, and only tall pieces hit it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flick.physics.footprint import Footprints
from flick.physics.geometry import Placed, extent_along
from flick.physics.state import BuildingState

Point = tuple[float, float]


@dataclass(frozen=True)
class PartPose:
    """A building part on the table: its id, kind ('support_block' or 'facade'), pose."""

    id: int
    kind: str
    x: float
    y: float
    angle: float


@dataclass(frozen=True)
class Door:
    """A building's door line (cm) and front normal: crossing it from the front is entering."""

    building: int
    a: Point
    b: Point
    normal: Point
    half_gap: float

    def signed(self, x: float, y: float) -> float:
        """Distance (cm) of a point in front of the door line (negative: behind it)."""
        mx, my = (self.a[0] + self.b[0]) / 2.0, (self.a[1] + self.b[1]) / 2.0
        return (x - mx) * self.normal[0] + (y - my) * self.normal[1]

    def reaches_behind(self, placed: list[Placed]) -> bool:
        """Does some part of a placed footprint lie behind the door line?"""
        low, _ = extent_along(placed, *self.normal)
        mx, my = (self.a[0] + self.b[0]) / 2.0, (self.a[1] + self.b[1]) / 2.0
        return low < mx * self.normal[0] + my * self.normal[1]

    def lateral(self, x: float, y: float) -> float:
        """Distance (cm) of a point from the door's middle, along the door line."""
        mx, my = (self.a[0] + self.b[0]) / 2.0, (self.a[1] + self.b[1]) / 2.0
        return (x - mx) * -self.normal[1] + (y - my) * self.normal[0]


def parts(b: BuildingState, footprints: Footprints) -> tuple[PartPose, PartPose, PartPose]:
    """The poses of a building's two support blocks and its facade."""
    params = footprints.params.buildings
    spec = params.kinds[b.name]
    block = footprints.params.pieces[params.block_kind]
    assert block.length is not None and block.width is not None
    depth, width = block.length, block.width  # block length runs along the front normal
    nx, ny = math.cos(b.angle), math.sin(b.angle)
    tx, ty = -ny, nx
    side = spec.door_gap / 2.0 + width / 2.0
    back = -depth / 2.0
    block_a = PartPose(
        b.parts[0], params.block_kind, b.x + tx * side + nx * back, b.y + ty * side + ny * back,
        b.angle,
    )
    block_b = PartPose(
        b.parts[1], params.block_kind, b.x - tx * side + nx * back, b.y - ty * side + ny * back,
        b.angle,
    )
    setback = -(params.facade_setback + params.facade_thickness / 2.0)
    facade = PartPose(
        b.parts[2], "facade", b.x + nx * setback, b.y + ny * setback, b.angle + math.pi / 2.0
    )
    return block_a, block_b, facade


def door(b: BuildingState, footprints: Footprints) -> Door:
    """The door line between the blocks' inner front corners."""
    half = footprints.params.buildings.kinds[b.name].door_gap / 2.0
    nx, ny = math.cos(b.angle), math.sin(b.angle)
    tx, ty = -ny, nx
    return Door(
        b.id, (b.x - tx * half, b.y - ty * half), (b.x + tx * half, b.y + ty * half),
        (nx, ny), half,
    )
