"""Parameters of the zombie tower: its geometry, materials and hand noise, as a frozen model.

The tower is seen from the side (`flick.physics.tower.drop`): x points forward, out of the exit,
z points up, the origin is the centre of the tower's footprint on the table. Lateral (y)
positions, across the exit, are + to the left when looking out of the exit. Units: cm, g, s.

The values live in the `tower:` section of `assets/physics/default.yaml`; nothing here is a
default buried in code. `TowerParams.model_validate(mapping)` refuses impossible values (a
friction of 0, a baffle outside the walls, an exit wider than the tower) with the key named;
`flick.physics.params.load_tower_params(path)` adds the file and line.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The tower's square footprint, cm on a side (components.md): the one home of the figure, used
# where no parameter file is at hand (a pose's default size, the game's placement depth).
TOWER_FOOTPRINT_CM = 12.0


# Every number is finite and within a sane range: far outside it the tower is no tower and a
# drop may never end (a 1e-12 s step, a 1e300 s bound, a 1e-300 g figure). A drop steps at
# most max_time / time_step times: 10 s at 0.2 ms, 50,000 steps.
CM = 200.0  # the longest length (cm) any part of a tower may have
Coordinate = Annotated[float, Field(ge=-CM, le=CM)]
Point = tuple[Coordinate, Coordinate]


class _Frozen(BaseModel):
    """Immutable, unknown keys refused, no infinity or NaN, true/false never a number."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _no_booleans(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for name, value in data.items():
                field = cls.model_fields.get(name)
                if isinstance(value, bool) and field is not None and field.annotation is not bool:
                    raise ValueError(f"at {name}: a number, not {str(value).lower()}")
        return data


class TowerSlot(_Frozen):
    """A numbered place on the roof where a rushing zombie stands before the drop (cm)."""

    x: float = Field(
        ge=-CM, le=CM, description="depth from the footprint centre, + toward the exit (cm)"
    )
    y: float = Field(ge=-CM, le=CM, description="lateral offset, + to the left looking out (cm)")


class Baffle(_Frozen):
    """A straight cardboard board inside the tower, seen from the side, from `a` to `b` (cm)."""

    a: Point
    b: Point


class TowerFigure(_Frozen):
    """The zombie figure as the tower sees it: a round base under a narrower body (cm, g).

    Seen from the side it is two boxes: the base (diameter x base_height) and the body
    (body_width x the rest of the height), each rounded within its outline (`corner_radius`,
    `body_radius`). Their masses are split so the centre of mass sits `com_height` above the
    base, as components.md gives it.
    """

    base_diameter: float = Field(gt=0, le=CM)
    base_height: float = Field(gt=0, le=CM)
    body_width: float = Field(gt=0, le=CM)
    height: float = Field(gt=0, le=CM)
    com_height: float = Field(gt=0, le=CM)
    mass: float = Field(ge=0.1, le=1000.0)
    corner_radius: float = Field(
        ge=0, le=CM, description="rounding of the base's moulded edges (cm)"
    )
    body_radius: float = Field(
        ge=0,
        le=CM,
        description="rounding of the sculpted body's outline: head, shoulders, feet (cm)",
    )

    @model_validator(mode="after")
    def _consistent(self) -> TowerFigure:
        if self.base_height >= self.height:
            raise ValueError("base_height must be below height")
        if self.body_width > self.base_diameter:
            raise ValueError("body_width must not exceed base_diameter")
        low = self.base_height / 2.0
        high = (self.base_height + self.height) / 2.0
        if 2.0 * self.corner_radius >= min(self.base_diameter, self.base_height):
            raise ValueError("corner_radius must be less than half the base's height")
        if 2.0 * self.body_radius >= min(self.body_width, self.height - self.base_height):
            raise ValueError("body_radius must be less than half the body's width")
        if not low < self.com_height < high:
            raise ValueError(
                f"com_height {self.com_height} cannot be reached by a base and body of these "
                f"sizes (must lie between {low:.3g} and {high:.3g})"
            )
        return self

    def split_masses(self) -> tuple[float, float]:
        """Masses (g) of the base box and the body box that put the centre of mass at com_height."""
        zb = self.base_height / 2.0
        zt = (self.base_height + self.height) / 2.0
        body = self.mass * (self.com_height - zb) / (zt - zb)
        return self.mass - body, body


class TowerMaterials(_Frozen):
    """Friction and restitution per material pair (dimensionless)."""

    friction_cardboard: float = Field(gt=0, le=5, description="zombie on the tower's cardboard")
    friction_zombie: float = Field(gt=0, le=5, description="zombie on zombie")
    friction_support: float = Field(gt=0, le=5, description="zombie on the smooth roof support")
    friction_table: float = Field(gt=0, le=5, description="zombie on the table outside the exit")
    restitution_cardboard: float = Field(ge=0, le=1)
    restitution_zombie: float = Field(ge=0, le=1)
    restitution_table: float = Field(ge=0, le=1)


class TowerNoise(_Frozen):
    """The hand's imprecision: standard deviations of the jitter drawn from the seeded generator."""

    slot_cm: float = Field(
        ge=0, le=CM, description="placement of a zombie on its slot, x and y (cm)"
    )
    tilt_rad: float = Field(ge=0, le=3.2, description="lean of a zombie placed on its slot (rad)")
    pull_speed_fraction: float = Field(ge=0, lt=0.5, description="relative spread of pull speed")
    heading_rad: float = Field(ge=0, le=3.2, description="exit direction beyond the fan (rad)")
    yaw_rate: float = Field(ge=0, le=100, description="top-down spin given at the exit (rad/s)")
    exit_speed_fraction: float = Field(
        ge=0, lt=0.5, description="relative scatter of the exit speed (side-wall rubbing)"
    )


class TowerParams(_Frozen):
    """The zombie tower, seen from the side, with the hand-off rules to the table (cm, g, s)."""

    note: str = ""
    gravity: float = Field(ge=100, le=3000, description="cm/s^2")
    width: float = Field(gt=0, le=CM, description="footprint across the exit (cm)")
    depth: float = Field(gt=0, le=CM, description="footprint from back wall to exit face (cm)")
    height: float = Field(gt=0, description="height of the tower's walls above the table (cm)")
    roof_height: float = Field(
        gt=0, le=CM, description="top of the roof support, below the rim (cm)"
    )
    wall_thickness: float = Field(gt=0, le=CM, description="cardboard thickness (cm)")
    exit_width: float = Field(gt=0, le=CM)
    exit_height: float = Field(gt=0, le=CM)
    roof_support_thickness: float = Field(gt=0, le=CM)
    pull_speed: float = Field(
        ge=1, le=1000, description="speed of the roof support as it is pulled (cm/s)"
    )
    pull_toward: Literal["front", "back"] = Field(
        description="side the support slides out of; the slot nearest the other side drops first"
    )
    slots: tuple[TowerSlot, ...] = Field(min_length=1, description="slot 1 first")
    baffles: tuple[Baffle, ...] = Field(max_length=20, description="inner boards, top to bottom")
    ramp: tuple[Point, ...] = Field(
        min_length=2,
        max_length=200,
        description="the floor: a polyline from the back wall to the exit at z = 0",
    )
    figure: TowerFigure
    materials: TowerMaterials
    noise: TowerNoise
    capture_distance: float = Field(
        gt=0,
        le=CM,
        description="a zombie is handed to the table when its centre is this far out (cm)",
    )
    lateral_gain: float = Field(
        ge=0, le=1, description="exit lateral offset per cm of slot lateral offset"
    )
    fan_rad: float = Field(
        ge=0,
        le=3.2,
        description="heading at the edge of the exit: outer zombies fan out by this (rad)",
    )
    upright_tilt_rad: float = Field(
        gt=0, le=3.2, description="leaves upright if tilted less than this"
    )
    upright_spin: float = Field(
        gt=0, le=1000, description="... and tumbling slower than this (rad/s)"
    )
    time_step: float = Field(ge=2e-4, le=0.005, description="side-view step (s)")
    max_time: float = Field(
        gt=0, le=10, description="a zombie still inside after this is shaken out (s)"
    )

    @model_validator(mode="after")
    def _geometry(self) -> TowerParams:
        half_w, half_d = self.width / 2.0, self.depth / 2.0
        if self.exit_width > self.width:
            raise ValueError(f"exit_width {self.exit_width} is wider than the tower {self.width}")
        if self.exit_width < self.figure.base_diameter:
            raise ValueError("exit_width is narrower than a zombie's base")
        if self.roof_height > self.height:
            raise ValueError("roof_height must not be above the walls (height)")
        if self.exit_height >= self.roof_height:
            raise ValueError("exit_height must be below the roof")
        if self.materials.restitution_zombie == 0 and (
            self.materials.restitution_cardboard > 0 or self.materials.restitution_table > 0
        ):
            # pymunk multiplies the two shapes' elasticities; see tower.kit.material_split.
            raise ValueError("materials.restitution_zombie must be > 0 when the others are")
        if len(self.slots) > 4:
            raise ValueError("the roof has at most 4 numbered slots")
        r = self.figure.base_diameter / 2.0
        for i, s in enumerate(self.slots, start=1):
            if not (-half_d + r <= s.x <= half_d - r and -half_w + r <= s.y <= half_w - r):
                raise ValueError(f"slot {i} at ({s.x}, {s.y}) does not fit on the roof")
        xs = [s.x for s in self.slots]
        # The support's trailing edge uncovers the slots one by one: slot 1 must be uncovered
        # first, so the slots run away from the side the support is pulled out of.
        if self.pull_toward == "front" and xs != sorted(xs):
            raise ValueError("with pull_toward: front, slots must run from the back forward")
        if self.pull_toward == "back" and xs != sorted(xs, reverse=True):
            raise ValueError("with pull_toward: back, slots must run from the front (slot 1) back")
        points = [(f"baffles[{i}]", q) for i, b in enumerate(self.baffles) for q in (b.a, b.b)]
        points += [("ramp", q) for q in self.ramp]
        for name, (x, z) in points:
            if not (-half_d <= x <= half_d and 0.0 <= z <= self.roof_height):
                raise ValueError(f"{name} point ({x}, {z}) lies outside the tower")
        if self.ramp[-1] != (half_d, 0.0) or self.ramp[0][0] != -half_d:
            raise ValueError(
                f"the ramp must run from the back wall (x = {-half_d}) to the exit at table "
                f"level ({half_d}, 0)"
            )
        if any(b[0] <= a[0] for a, b in zip(self.ramp, self.ramp[1:], strict=False)):
            raise ValueError("the ramp's points must run forward (x increasing)")
        return self

    def slot_count(self) -> int:
        return len(self.slots)
