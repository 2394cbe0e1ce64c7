"""Physical parameters of the table: frozen, validated, loaded from `assets/physics/*.yaml`.

Every size (cm), mass (g), friction, restitution and threshold of the table and its pieces
comes from the parameter file; none is a constant in code. The few constants below are not
properties of the table but bounds on what a caller may ask of it (the hardest flick a hand
gives, the fastest launch, the sane range of each number in a file). A parameter file that
is wrong (a negative mass, a friction of 0, an unknown material) is refused with a
`DataFileError` naming the file, the line and the key.

The zombie tower's section is `TowerParams` (`flick/physics/tower/params.py`), the optional
`tower` field.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from flick import datafile
from flick.errors import DataFileError
from flick.paths import assets
from flick.physics.footprint import Footprints
from flick.physics.tower.params import TowerParams

Layer = Literal["low", "tall", "block"]


# The largest flick a hand gives, as an impulse (g*cm/s): about a 10 g piece sent at 20 m/s.
# Every input that carries an impulse (a flick, a shotgun or sniper shot, a survivor fight) is
# refused above it. One home for the number: import it, never write it again.
MAX_FLICK_IMPULSE: float = 20000.0
# The fastest launch by velocity (cm/s, rad/s): the tower's zombies leave at about 120 cm/s.
MAX_LAUNCH_SPEED: float = 10000.0
MAX_LAUNCH_SPIN: float = 1000.0

# The sane range of every number in a parameter file, [low, high] inclusive, by model and
# field (units cm, g, s, rad/s; frictions and restitutions unitless). A value outside is refused
# when the file is read, at its FILE:LINE:COLUMN: far outside, the table is no table any more
# (a 1e-12 s step or 1e9 solver iterations never finish a shot, 1e308 gravity overflows, a
# 1e-300 g piece flies off at any touch). Wide enough for any real table and any fit.
BOUNDS: dict[str, tuple[float, float]] = {
    "PhysicsParams.gravity": (100.0, 3000.0),
    "TableEdge.margin": (1.0, 500.0),
    "Toppling.scale": (0.01, 100.0),
    "Material.elasticity": (0.0, 1.0),
    "Material.friction": (0.01, 5.0),
    "Topple.height": (0.1, 100.0),
    "Topple.com_height": (0.05, 100.0),
    "Topple.base": (0.05, 50.0),
    "Topple.fallen_length": (0.1, 100.0),
    "Topple.fallen_width": (0.05, 100.0),
    "Topple.fallen_friction": (0.01, 5.0),
    "Topple.scale": (0.01, 100.0),
    "Piece.mass": (0.05, 10000.0),
    "Piece.table_friction": (0.01, 5.0),
    "Piece.diameter": (0.1, 100.0),
    "Piece.length": (0.1, 200.0),
    "Piece.width": (0.05, 100.0),
    "Piece.barrel_diameter": (0.05, 50.0),
    "Piece.knob_diameter": (0.05, 50.0),
    "Piece.handle_width": (0.05, 50.0),
    "Piece.spin_lever": (0.01, 10.0),
    "BuildingKind.facade_width": (1.0, 300.0),
    "BuildingKind.door_gap": (0.5, 300.0),
    "Buildings.facade_thickness": (0.01, 50.0),
    "Buildings.facade_setback": (0.0, 50.0),
    "Buildings.interior_depth": (0.1, 300.0),
    "Simulation.step_fraction": (0.01, 1.0),
    "Simulation.max_step": (0.001, 10.0),
    "Simulation.max_dt": (1e-5, 0.1),
    "Simulation.max_dt_growth": (1.0, 10.0),
    "Simulation.check_every": (1, 1000),
    "Simulation.iterations": (1, 1000),
    "Simulation.rest_speed": (1e-4, 100.0),
    "Simulation.rest_spin": (1e-5, 100.0),
    "Simulation.sleep_time": (1e-3, 10.0),
    "Simulation.collision_slop": (0.0, 1.0),
    "Simulation.max_time": (0.1, 600.0),
    "Simulation.settle_time": (0.0, 60.0),
    "Simulation.overlap_tolerance": (0.0, 5.0),
    "HandLevel.angle_deg": (0.0, 30.0),
    "HandLevel.power_frac": (0.0, 0.5),
    "HandLevel.template_angle_deg": (0.0, 30.0),
}


class FrozenModel(BaseModel):
    """Base of every parameter model: immutable, unknown keys refused (typos are errors), no
    infinity or NaN, true/false never taken for a number, every number within its BOUNDS."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _no_booleans(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for name, value in data.items():
                if isinstance(value, bool) and f"{cls.__name__}.{name}" in BOUNDS:
                    raise ValueError(f"at {name}: a number, not {str(value).lower()}")
        return data

    @model_validator(mode="after")
    def _within_bounds(self) -> Any:
        for name in type(self).model_fields:
            bound = BOUNDS.get(f"{type(self).__name__}.{name}")
            value = getattr(self, name)
            if bound is not None and value is not None and not bound[0] <= value <= bound[1]:
                raise ValueError(f"at {name}: {value:g} is outside the sane range "
                                 f"[{bound[0]:g}, {bound[1]:g}]")
        return self


class Material(FrozenModel):
    """How two pieces' surfaces meet. A pair's value is the product of the two materials'."""

    elasticity: float = Field(ge=0.0, le=1.0)
    friction: float = Field(gt=0.0)
    note: str | None = None


class Topple(FrozenModel):
    """How a standing piece falls over and what it is once fallen (cm, unitless friction)."""

    height: float = Field(gt=0.0)
    com_height: float = Field(gt=0.0)
    base: float = Field(gt=0.0, description="cm from the centre to the edge it tips over")
    fallen_length: float = Field(gt=0.0)
    fallen_width: float = Field(gt=0.0)
    fallen_layer: Layer = "low"
    fallen_friction: float = Field(gt=0.0)
    scale: float = Field(
        default=1.0,
        gt=0.0,
        description="this kind's factor on its toppling speed (times the table's toppling.scale)",
    )
    note: str | None = None

    @model_validator(mode="after")
    def _check(self) -> Topple:
        if self.com_height > self.height:
            raise ValueError("com_height must not exceed height")
        if self.fallen_width > self.fallen_length:
            raise ValueError("fallen_width must not exceed fallen_length")
        return self

    def speed(self, gravity: float) -> float:
        """Speed (cm/s) that lifts the centre of mass over the base edge: sqrt(2 g dh)."""
        lift = math.hypot(self.com_height, self.base) - self.com_height
        return math.sqrt(2.0 * gravity * lift)

    def threshold(self, gravity: float, table_scale: float) -> float:
        """The change of velocity (cm/s) in one hit that fells the piece: its toppling speed
        times the table's `toppling.scale` times this kind's `scale`."""
        return self.speed(gravity) * table_scale * self.scale


class Piece(FrozenModel):
    """One kind of piece: its footprint on the table, mass and materials.

    Shapes: `circle` (diameter), `box` (length along the piece's angle x width), `capsule`
    (length x width, round ends), `bat` (length, barrel_diameter, knob_diameter,
    handle_width: the knob end is at local -x).
    """

    shape: Literal["circle", "box", "capsule", "bat"]
    mass: float = Field(gt=0.0)
    material: str
    table_friction: float = Field(gt=0.0)
    layer: Layer
    diameter: float | None = Field(default=None, gt=0.0)
    length: float | None = Field(default=None, gt=0.0)
    width: float | None = Field(default=None, gt=0.0)
    barrel_diameter: float | None = Field(default=None, gt=0.0)
    knob_diameter: float | None = Field(default=None, gt=0.0)
    handle_width: float | None = Field(default=None, gt=0.0)
    # The mean lever arm of a uniformly pressed footprint is about 0.9 of its radius of
    # gyration (2/3 r against r/sqrt 2 for a disc, L/4 against L/sqrt 12 for a rod): the
    # default. A piece pressing on a rim or on its ends has a longer lever. Fitted by
    # `flick tune` (spin_<kind>); it cannot exceed the footprint's reach (checked below).
    spin_lever: float = Field(
        default=0.9,
        gt=0.0,
        description="lever arm of the table's spin friction, as a fraction of the footprint's "
        "radius of gyration (standing and fallen)",
    )
    topple: Topple | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _check_dimensions(self) -> Piece:
        needed = {
            "circle": ("diameter",),
            "box": ("length", "width"),
            "capsule": ("length", "width"),
            "bat": ("length", "barrel_diameter", "knob_diameter", "handle_width"),
        }[self.shape]
        missing = [name for name in needed if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.shape} needs {', '.join(missing)}")
        if self.shape == "capsule" and self.width > self.length:  # type: ignore[operator]
            raise ValueError("a capsule's width must not exceed its length")
        if self.shape == "bat":
            assert self.length is not None and self.barrel_diameter is not None
            assert self.knob_diameter is not None
            if self.barrel_diameter + self.knob_diameter > self.length:
                raise ValueError("a bat's barrel and knob do not fit in its length")
        return self


class BuildingKind(FrozenModel):
    """A building's front: facade width and the clear door gap between its two blocks (cm)."""

    facade_width: float = Field(gt=0.0)
    door_gap: float = Field(gt=0.0)
    note: str | None = None


class Buildings(FrozenModel):
    """Geometry shared by all buildings (and the RV, which follows the building rules)."""

    block_kind: str = "support_block"
    facade_thickness: float = Field(gt=0.0)
    facade_setback: float = Field(ge=0.0)
    interior_depth: float = Field(gt=0.0)
    material: str
    kinds: dict[str, BuildingKind]
    note: str | None = None


class TableEdge(FrozenModel):
    """The table around the city: pieces beyond `margin` cm from the city fall off and stop."""

    margin: float = Field(gt=0.0)
    note: str | None = None


class Toppling(FrozenModel):
    """`scale` multiplies every piece's toppling speed (a table-wide factor); each kind's own
    `pieces.<kind>.topple.scale`, the fit parameter of the tuning tool, multiplies it too."""

    scale: float = Field(gt=0.0)
    note: str | None = None


class Simulation(FrozenModel):
    """The step policy and rest detection (s, cm/s, rad/s)."""

    step_fraction: float = Field(gt=0.0, le=1.0)
    max_step: float = Field(gt=0.0)
    max_dt: float = Field(gt=0.0)
    max_dt_growth: float = Field(ge=1.0)
    check_every: int = Field(ge=1)
    iterations: int = Field(ge=1)
    rest_speed: float = Field(gt=0.0)
    rest_spin: float = Field(gt=0.0)
    sleep_time: float = Field(gt=0.0)
    collision_slop: float = Field(ge=0.0)
    max_time: float = Field(gt=0.0)
    settle_time: float = Field(ge=0.0)
    overlap_tolerance: float = Field(ge=0.0)
    note: str | None = None

    @model_validator(mode="after")
    def _check(self) -> Simulation:
        if self.overlap_tolerance < self.collision_slop:
            raise ValueError(
                "at overlap_tolerance: must be at least collision_slop (resting contacts "
                "overlap by up to the slop)"
            )
        return self


class HandLevel(FrozenModel):
    """One steadiness of a flicking hand: standard deviations of its normal errors."""

    angle_deg: float = Field(ge=0.0, le=30.0, description="aim angle, bare finger (degrees)")
    power_frac: float = Field(ge=0.0, le=0.5, description="strength, relative to the intended")
    template_angle_deg: float = Field(
        ge=0.0, le=30.0, description="aim angle along the sniper / shotgun template (degrees)"
    )
    note: str | None = None


class HandNoiseModel(FrozenModel):
    """The hand-noise model (DESIGN.md: a parameter): `steady` is the bots' careful hand and
    the play window's "steady"; `shaky` the play window's nervous one."""

    steady: HandLevel
    shaky: HandLevel
    note: str | None = None

    def level(self, name: str) -> HandLevel:
        """The level called `name` (steady or shaky)."""
        if name not in ("steady", "shaky"):
            raise ValueError(f"unknown hand noise {name!r}; known: steady, shaky")
        return self.steady if name == "steady" else self.shaky




class PhysicsParams(FrozenModel):
    """Every physical parameter of the table (units cm, g, s).

    >>> params = PhysicsParams.default()
    >>> params.pieces["movement_disc"].mass
    6.0
    """

    gravity: float = Field(gt=0.0)
    table: TableEdge
    simulation: Simulation
    toppling: Toppling
    materials: dict[str, Material]
    pieces: dict[str, Piece]
    buildings: Buildings
    # Optional so that files written before it (replays embed their parameters) still load;
    # the shipped file has it, and whoever needs it falls back to the shipped file's.
    hand_noise: HandNoiseModel | None = None
    note: str | None = None
    tower: TowerParams | None = None

    @model_validator(mode="after")
    def _check_references(self) -> PhysicsParams:
        for name, piece in self.pieces.items():
            if piece.material not in self.materials:
                raise ValueError(
                    f"at pieces.{name}.material: unknown material {piece.material!r}; "
                    f"known: {', '.join(self.materials)}"
                )
        if self.buildings.material not in self.materials:
            raise ValueError(
                f"at buildings.material: unknown material {self.buildings.material!r}"
            )
        block = self.pieces.get(self.buildings.block_kind)
        if block is None or block.shape != "box":
            raise ValueError(
                f"at buildings.block_kind: {self.buildings.block_kind!r} is not a box piece"
            )
        for name, kind in self.buildings.kinds.items():
            if kind.facade_width < kind.door_gap:
                raise ValueError(
                    f"at buildings.kinds.{name}.facade_width: narrower than the door gap"
                )
        self._check_spin_levers()
        return self

    def _check_spin_levers(self) -> None:
        """A spin-friction lever longer than the footprint reaches is no lever of it."""
        footprints = Footprints(self)
        for name, piece in self.pieces.items():
            if piece.spin_lever <= 1.0:  # a footprint reaches at least its radius of gyration
                continue
            limit = footprints.max_spin_lever(name)
            if piece.spin_lever > limit:
                raise ValueError(
                    f"at pieces.{name}.spin_lever: {piece.spin_lever:g} reaches beyond the "
                    f"piece's footprint (at most {limit:.4g} of its radius of gyration)"
                )

    @classmethod
    def load(cls, path: str | Path) -> PhysicsParams:
        """Read and validate a parameter file; a bad file raises `DataFileError` (file:line)."""
        path = Path(path)
        text = datafile.read_text(path)
        marked, problems = datafile.read(text, str(path))
        if marked is None:  # a syntax error or a limit: the one problem
            bad = problems[0]
            syntax = bad.message.removeprefix("YAML syntax: ").removeprefix("YAML: ")
            raise DataFileError(f"{path}:{bad.line}:{bad.column}: not valid YAML: {syntax}")
        if not isinstance(marked.data, dict):
            line, column = marked.where(())
            raise DataFileError(f"{path}:{line}:{column}: a parameter file is a mapping of "
                                "sections")
        try:
            params = cls.model_validate(marked.data)
        except ValidationError as error:
            problems = problems + datafile.validation_problems(marked, error)
        if problems:
            raise DataFileError("bad physics parameter file:\n  " + "\n  ".join(
                f"{p.file}:{p.line}:{p.column}: {p.message}" for p in problems))
        return params

    @classmethod
    def default(cls) -> PhysicsParams:
        """The shipped parameter set, `assets/physics/default.yaml`: read once while the file
        is unchanged (every game begins with it: reading it took 28 ms, a copy 0.3 ms), each
        caller given its own deep copy."""
        path = assets() / "physics" / "default.yaml"
        stamp = path.stat()
        return _read_once(cls, path, stamp.st_mtime_ns, stamp.st_size).model_copy(deep=True)


@functools.lru_cache(maxsize=1)
def _read_once(cls: type[PhysicsParams], path: Path, mtime_ns: int, size: int) -> PhysicsParams:
    """A parameter file read once while its time stamp and size are these."""
    return cls.load(path)


def load_tower_params(path: Path | str | None = None) -> TowerParams:
    """The `tower:` section of a physics parameter file (default: the project's default).

    Read through `PhysicsParams.load`, so a bad value is reported like any other parameter:
    a DataFileError naming the file, the line and the key (`tower.materials...`).
    """
    params = PhysicsParams.load(path) if path is not None else PhysicsParams.default()
    if params.tower is None:
        raise DataFileError(f"{path or 'the default parameter file'}: no `tower:` section")
    return params.tower
