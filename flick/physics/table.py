"""The table: the canonical state of every piece and building, and shots run from it.

Coordinates: the city's lower-left corner marker is (0, 0), the upper-right is (w, h), cm;
angles in radians, counter-clockwise from +x. Pieces are added by kind (the names of the
parameter file: `movement_disc`, `bullet`, `shotgun_pellet`, `zombie`, ...); a piece not on
the table (in the bin, in the box, inside a building) is simply not added. Ids are ints
shared by pieces, buildings and building parts, and never reused.

>>> from flick.physics import Table, PhysicsParams
>>> table = Table(PhysicsParams.default(), city=(90.0, 90.0))
>>> d = table.add("movement_disc", x=45.0, y=10.0)
>>> z = table.add("zombie", x=45.0, y=60.0)
>>> r = table.flick(d, impulse=(0.0, 1800.0))
>>> r.first_touch(d) == z
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from flick.physics import buildings as bld
from flick.physics.city import City
from flick.physics.errors import TableError
from flick.physics.footprint import Footprint, Footprints
from flick.physics.geometry import Placed, footprint_gap, place
from flick.physics.index import PieceIndex
from flick.physics.params import (
    MAX_FLICK_IMPULSE,
    MAX_LAUNCH_SPEED,
    MAX_LAUNCH_SPIN,
    PhysicsParams,
)
from flick.physics.result import ShotResult
from flick.physics.shapes import filter_for
from flick.physics.state import BuildingState, PieceState, TableState
from flick.physics.stock import Stock
from flick.physics.tower.drop import Rng
from flick.physics.tower.rush import RushResult
from flick.physics.tower.rush import rush as _rush
from flick.physics.world import Vec, World, cell_size

# The most pieces one table holds: the box has 18 zombies, 4 survivors a team, 3 vehicles and a
# few barrels, boxes and lamps; a table of thousands (2,000 discs on one point) would take
# minutes a shot (300 discs on one point: about 3 s).
MAX_TABLE_PIECES = 300
# The static cities a table keeps (`world`): the last shot's and the one's before (a rush's
# shot, with buildings set aside, comes between two shots of the whole city).
CITIES_KEPT = 2


def _finite(name: str, *values: float) -> None:
    for v in values:
        try:
            ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)
        except OverflowError:  # an int too large for a float (401 digits)
            ok = False
        if not ok:
            shown = ", ".join(f"{x!r}"[:24] for x in values)
            raise TableError(f"{name} must be finite numbers, got ({shown})")


T = TypeVar("T")


def _in_id_order(by_id: Mapping[int, T]) -> tuple[T, ...]:
    """The values of a mapping by id, in id order (as they are listed, when they are)."""
    ids = list(by_id)
    in_order = sorted(ids)
    if ids == in_order:
        return tuple(by_id.values())
    return tuple(by_id[k] for k in in_order)


def _at_most(name: str, size: float, limit: float) -> None:
    if size > limit:
        raise TableError(f"{name} of {size:.6g} is above the largest, {limit:.6g}")


class Table:
    """A Flick 'em Up! table: pieces, buildings and the city, and the shots played on it."""

    def __init__(self, params: PhysicsParams, city: tuple[float, float] = (90.0, 90.0)) -> None:
        """`city` is the width and height (cm) of the rectangle of the 4 city-limit markers."""
        _finite("city", *city)
        if city[0] <= 0 or city[1] <= 0:
            raise TableError(f"the city must have a positive size, got {city!r}")
        self.params = params
        self.city = (float(city[0]), float(city[1]))
        self._fp = Footprints(params)
        # The pieces, kept in a spatial index as they change (a shot reads only its part).
        self._pieces = PieceIndex(cell_size(self._fp))
        self._buildings: dict[int, BuildingState] = {}
        self._parts: dict[int, tuple[bld.PartPose, Footprint]] = {}
        self._part_of: dict[int, int] = {}
        # Every part's (id, x, y, footprint), in `_parts`' order: None once a building changes.
        self._part_list: list[tuple[int, float, float, Footprint]] | None = None
        self._next_id = 1
        # The static cities of the last shots, by the city size and buildings they were built
        # for, the latest last: a rush sets buildings aside for one shot and puts them back,
        # and the next shot finds the city it had before.
        self._cities: dict[tuple[tuple[float, float], tuple[BuildingState, ...]], City] = {}
        # The pieces' pymunk bodies, kept across shots (`flick.physics.stock`).
        self._stock = Stock()
        # Each piece's or part's last placed footprint with the pose and footprint it was
        # placed at: between shots most pieces stay put, and bots ask for outlines often.
        # (The piece's state or the part's pose it was last placed from comes first: while
        # the piece is not moved, that same object answers.)
        self._placed_memo: dict[int, tuple[object, Footprint, float, float, float,
                                           list[Placed]]] = {}
        # ... and the last gap asked between two pieces, with the outlines it was taken from.
        self._gap_memo: dict[tuple[int, int], tuple[list[Placed], list[Placed], float]] = {}

    # -- pieces -----------------------------------------------------------------------------

    def add(self, kind: str, x: float, y: float, angle: float = 0.0,
            standing: bool = True) -> int:
        """Put a piece on the table at (x, y) cm facing `angle` rad; its new id.

        `standing=False` lays a figure, barrel or lamp down: (x, y) is then the centre of the
        lying piece and `angle` the direction from its feet (base) to its head.
        """
        self._check_kind(kind, standing)
        _finite("a position", x, y, angle)
        if len(self._pieces) >= MAX_TABLE_PIECES:
            raise TableError(f"the table holds at most {MAX_TABLE_PIECES} pieces")
        pid = self._new_id()
        self._pieces[pid] = PieceState(pid, kind, float(x), float(y), float(angle), standing)
        return pid

    def put_back(self, *pieces: PieceState,
                 buildings: Iterable[BuildingState] = ()) -> None:
        """Put pieces (and buildings) on the table with their own ids (lifted off before, or
        moved by a run outside `simulate`, as the rush does), replacing a piece of the same
        id. A piece lifted off comes last in `pieces` until `sort_pieces`; buildings take
        their place by id."""
        buildings = tuple(buildings)
        for p in pieces:
            self._check_kind(p.kind, p.standing)
            _finite("a position", p.x, p.y, p.angle)
            if p.id in self._buildings or p.id in self._parts or not 0 < p.id < self._next_id:
                raise TableError(f"{p.id} is not the id of a piece of this table")
        for b in buildings:
            if b.name not in self.params.buildings.kinds:
                raise TableError(f"unknown building {b.name!r}")
            _finite(f"building {b.id}'s pose", b.x, b.y, b.angle)
            if any(i in self._pieces or i in self._parts or i in self._buildings
                   or not 0 < i < self._next_id for i in (b.id, *b.parts)):
                raise TableError(f"{b.id} is not the id of a building lifted off this table")
        for p in pieces:
            self._pieces[p.id] = p
        if buildings:
            every = {**self._buildings, **{b.id: b for b in buildings}}
            self._buildings, self._parts, self._part_of = {}, {}, {}
            self._part_list = None
            for k in sorted(every):
                self._put_building(every[k])

    def sort_pieces(self) -> None:
        """List the pieces in id order again (`pieces`), as `restore` does, after pieces
        lifted off were put back (`put_back`)."""
        index = self._pieces
        ids = list(index)
        in_order = sorted(ids)
        if ids != in_order:
            self._pieces = PieceIndex(index.cell, [index[k] for k in in_order])

    def remove(self, pid: int) -> None:
        """Take a piece (or a whole building with its parts) off the table."""
        if pid in self._pieces:
            del self._pieces[pid]
            self._placed_memo.pop(pid, None)
        elif pid in self._buildings:
            for part in self._buildings.pop(pid).parts:
                del self._parts[part]
                del self._part_of[part]
            self._part_list = None
        elif pid in self._parts:
            raise TableError(f"{pid} is part of building {self._part_of[pid]}; remove the building")
        else:
            raise TableError(f"no piece or building {pid} on the table")

    def pieces(self) -> list[int]:
        """Ids of the pieces on the table (not buildings or their parts), ascending."""
        return list(self._pieces)

    def has_piece(self, pid: int) -> bool:
        """Is `pid` a piece on the table (not a building or one of its parts)?"""
        return pid in self._pieces

    def piece_states(self) -> list[PieceState]:
        """The pieces on the table as `pieces` lists them, each as its state."""
        return list(self._pieces.values())

    def pieces_of(self, *kinds: str) -> list[int]:
        """Ids of the pieces of these kinds on the table, ascending."""
        if len(kinds) == 1:
            kind = kinds[0]
            return [p.id for p in self._pieces.values() if p.kind == kind]
        return [p.id for p in self._pieces.values() if p.kind in kinds]

    def kind(self, pid: int) -> str:
        """A piece's kind; 'support_block' or 'facade' for a building part; 'building'."""
        if pid in self._buildings:
            return "building"
        return self._pose(pid)[0]

    def position(self, pid: int) -> tuple[float, float]:
        """The centre (cm) of a piece or building part; a fallen piece's capsule centre."""
        _, x, y, _ = self._pose(pid)
        return (x, y)

    def angle(self, pid: int) -> float:
        """A piece's angle (rad): its facing, or for a fallen piece its feet-to-head direction."""
        return self._pose(pid)[3]

    def mass(self, pid: int) -> float:
        """A piece's mass (g)."""
        return self._fp.get(self._piece(pid).kind).mass

    def is_standing(self, pid: int) -> bool:
        return self._piece(pid).standing

    def stand_up(self, pid: int) -> None:
        """Stand a fallen piece up where it lies: its base goes where its feet were."""
        p = self._piece(pid)
        if p.standing:
            return
        half = self._fp.get(p.kind, False).half_axis
        x = p.x - math.cos(p.angle) * half
        y = p.y - math.sin(p.angle) * half
        self._pieces[pid] = PieceState(pid, p.kind, x, y, p.angle, True)

    def lay_down(self, pid: int, angle: float) -> None:
        """Lay a figure, barrel or lamp down where it stands, its head toward `angle` (rad)."""
        p = self._piece(pid)
        self._check_kind(p.kind, False)
        _finite("an angle", angle)
        half = self._fp.get(p.kind, False).half_axis
        bx, by = p.x, p.y
        if not p.standing:
            bx -= math.cos(p.angle) * half
            by -= math.sin(p.angle) * half
        x, y = bx + math.cos(angle) * half, by + math.sin(angle) * half
        self._pieces[pid] = PieceState(pid, p.kind, x, y, float(angle), False)

    def set_pose(self, pid: int, x: float, y: float, angle: float) -> None:
        """Move a piece to (x, y) cm at `angle` rad by hand (it keeps standing or lying)."""
        p = self._piece(pid)
        _finite("a position", x, y, angle)
        self._pieces[pid] = PieceState(pid, p.kind, float(x), float(y), float(angle), p.standing)

    # -- buildings --------------------------------------------------------------------------

    def add_building(self, name: str, x: float, y: float, angle: float = 0.0) -> int:
        """Put a building (or the RV) down; (x, y) is the middle of its door line (cm) and
        `angle` (rad) the direction its front faces. Its id; its parts get ids too."""
        kinds = self.params.buildings.kinds
        if name not in kinds:
            raise TableError(f"unknown building {name!r}; known: {', '.join(kinds)}")
        _finite("a position", x, y, angle)
        bid = self._new_id()
        parts = (self._new_id(), self._new_id(), self._new_id())
        self._put_building(BuildingState(bid, name, float(x), float(y), float(angle), parts))
        return bid

    def buildings(self) -> list[int]:
        return list(self._buildings)

    def building_name(self, bid: int) -> str:
        return self._building(bid).name

    def building_parts(self, bid: int) -> tuple[int, int, int]:
        """Ids of a building's two support blocks and its facade."""
        return self._building(bid).parts

    def building_of(self, part: int) -> int | None:
        """The building a part id belongs to; None for a free piece."""
        if part not in self._part_of and part not in self._pieces:
            raise TableError(f"no piece or building part {part} on the table")
        return self._part_of.get(part)

    def door_line(self, bid: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The door line's two ends (cm): between the blocks' inner front corners."""
        d = bld.door(self._building(bid), self._fp)
        return d.a, d.b

    def front_normal(self, bid: int) -> tuple[float, float]:
        """The unit vector the building's front (door) faces."""
        return bld.door(self._building(bid), self._fp).normal

    def is_inside(self, pid: int, bid: int) -> bool:
        """Is some part of the piece across the door line, between the blocks, and its centre
        no deeper than `interior_depth` behind the line? (A piece in the doorway.)"""
        p = self._piece(pid)
        d = bld.door(self._building(bid), self._fp)
        return (
            d.reaches_behind(place(self._fp.get(p.kind, p.standing), p.x, p.y, p.angle))
            and d.signed(p.x, p.y) >= -self.params.buildings.interior_depth
            and abs(d.lateral(p.x, p.y)) <= d.half_gap
        )

    # -- queries ----------------------------------------------------------------------------

    @property
    def footprints(self) -> Footprints:
        """The pieces' shapes, masses and thresholds from the parameters (built once)."""
        return self._fp

    def in_city(self, pid: int) -> bool:
        """Is the piece's centre inside the city limits (edges included)?"""
        _, x, y, _ = self._pose(pid)
        return 0.0 <= x <= self.city[0] and 0.0 <= y <= self.city[1]

    def outline(self, pid: int) -> list[Placed]:
        """The footprint of a piece or part in table cm: (core points, radius) per convex part."""
        return self._placed(pid)

    def distance(self, a: int, b: int) -> float:
        """Edge-to-edge gap (cm) between two pieces or parts; 0 when they touch or overlap.
        The rules' "next to" is a distance below a movement disc's diameter."""
        pa, pb = self._placed(a), self._placed(b)
        memo = self._gap_memo.get((a, b))
        if memo is not None and memo[0] is pa and memo[1] is pb:
            return memo[2]
        gap = max(0.0, footprint_gap(pa, pb))
        if len(self._gap_memo) >= 20000:  # each shot's disc or bullet is a new id: stay small
            self._gap_memo.clear()
        self._gap_memo[(a, b)] = (pa, pb, gap)
        return gap

    def overlapping(self, pid: int) -> list[int]:
        """Pieces and building parts whose footprints overlap this one's, where they would
        collide (a low piece under a facade does not count): pieces by id, then parts."""
        fp = self._footprint(pid)
        mine = self._placed(pid)
        _, x, y, _ = self._pose(pid)
        mine_filter = filter_for(fp.layer)
        tolerance = self.params.simulation.overlap_tolerance
        found = []
        pieces = self._pieces
        if pid in pieces:
            # A piece reaches at most half a square of the index (`cell_size`): what it can
            # overlap has its centre in the 3 x 3 squares around its own. Ids ascending, as
            # the table lists its pieces.
            i, j = pieces.key(x, y)
            cells = pieces.cells
            near = sorted(o for di in (-1, 0, 1) for dj in (-1, 0, 1)
                          for o in cells.get((i + di, j + dj), ()))
        else:
            near = list(pieces)
        places = [(o, pieces[o].x, pieces[o].y, self._footprint(o)) for o in near]
        for other, ox, oy, ofp in [*places, *self._part_places()]:
            if other == pid:
                continue
            if math.hypot(ox - x, oy - y) > fp.reach + ofp.reach:
                continue
            theirs = filter_for(ofp.layer)
            if not (mine_filter.categories & theirs.mask and theirs.categories & mine_filter.mask):
                continue
            if footprint_gap(mine, self._placed(other)) < -tolerance:
                found.append(other)
        return found

    def _part_places(self) -> list[tuple[int, float, float, Footprint]]:
        """Every building part's (id, x, y, footprint), in the table's order of its parts
        (worked out again only once a building changes)."""
        if self._part_list is None:
            self._part_list = [(k, pose.x, pose.y, fp) for k, (pose, fp) in self._parts.items()]
        return self._part_list

    def knob(self, pid: int) -> tuple[float, float]:
        """Where a baseball bat's knob is (cm): the end it is flicked by."""
        p = self._piece(pid)
        spec = self.params.pieces[p.kind]
        if spec.shape != "bat":
            raise TableError(f"{pid} is a {p.kind}, not a bat")
        assert spec.length is not None and spec.knob_diameter is not None
        r = spec.length / 2.0 - spec.knob_diameter / 2.0
        return (p.x - math.cos(p.angle) * r, p.y - math.sin(p.angle) * r)

    # -- shots ------------------------------------------------------------------------------

    def flick(self, pid: int, impulse: Vec, offset: Vec = (0.0, 0.0)) -> ShotResult:
        """Flick one piece: `impulse` (g cm/s) applied at `offset` (cm, table axes) from its
        centre. 1800 g cm/s sends a 6 g movement disc at 300 cm/s."""
        return self.simulate(impulses={pid: (impulse, offset)})

    def flick_many(self, shots: Iterable[tuple[int, Vec, Vec]]) -> ShotResult:
        """Flick several pieces at the same instant (the shotgun's 4 pellets)."""
        impulses: dict[int, tuple[Vec, Vec]] = {}
        for pid, impulse, offset in shots:
            if pid in impulses:
                raise TableError(f"piece {pid} is flicked twice in one shot")
            impulses[pid] = (impulse, offset)
        return self.simulate(impulses=impulses)

    def simulate(
        self,
        impulses: Mapping[int, tuple[Vec, Vec]] | None = None,
        velocities: Mapping[int, tuple[Vec, float]] | None = None,
    ) -> ShotResult:
        """Launch pieces at the same instant, by impulse ((jx, jy) g cm/s, (ox, oy) cm offset)
        or by velocity ((vx, vy) cm/s, angular velocity rad/s), and run until every piece
        rests. The table's state becomes where everything came to rest."""
        impulses = dict(impulses or {})
        velocities = dict(velocities or {})
        for pid, (impulse, offset) in impulses.items():
            piece = self._piece(pid)
            _finite("an impulse and offset", *impulse, *offset)
            _at_most("an impulse", math.hypot(*impulse), MAX_FLICK_IMPULSE)
            reach = self._fp.get(piece.kind, piece.standing).reach
            _at_most(f"an offset (cm) on a {piece.kind}", math.hypot(*offset), reach + 1e-9)
        for pid, (velocity, spin) in velocities.items():
            self._piece(pid)
            _finite("a velocity and spin", *velocity, spin)
            _at_most("a launch speed (cm/s)", math.hypot(*velocity), MAX_LAUNCH_SPEED)
            _at_most("a launch spin (rad/s)", abs(spin), MAX_LAUNCH_SPIN)
            if pid in impulses:
                raise TableError(f"piece {pid} is launched twice in one shot")
        world = self.world()
        world.launch(impulses, velocities)
        result, changed = world.run()
        self._pieces.update(changed)
        return result

    def world(self) -> World:
        """A pymunk world of the current state (what every shot starts from), in the space
        and with the static city kept from an earlier shot (the last, or the one before) with
        the same buildings and city if that shot ended (`flick.physics.city`)."""
        key = (self.city, tuple(self._buildings.values()))
        cities = self._cities
        city = cities.pop(key, None)
        if city is None or city.lent:
            parts = list(self._parts.values())
            doors = [bld.door(b, self._fp) for b in self._buildings.values()]
            city = City(self._fp, self.city, parts, doors)
        while len(cities) >= CITIES_KEPT:
            del cities[next(iter(cities))]
        cities[key] = city
        return World(self._fp, city, self._pieces, self._stock)

    def rush(self, zombies: int | Sequence[int], tower: Sequence[float],
             rng: Rng) -> RushResult:
        """A Zombie Rush from the tower at `tower` = (x, y, facing): see
        `flick.physics.tower.rush.rush` (same arguments after the table)."""
        return _rush(self, zombies, tower, rng)

    # -- canonical state --------------------------------------------------------------------

    def snapshot(self) -> TableState:
        """The whole canonical state, frozen."""
        return TableState(self.city, _in_id_order(self._pieces),
                          _in_id_order(self._buildings), self._next_id)

    def restore(self, state: TableState) -> None:
        """Make the table exactly `state` again (ids added since are not reused). A state
        that is not a table (a NaN pose, a city of (-5, inf), too many pieces) raises
        `TableError` and changes nothing."""
        _finite("the city", *state.city)
        if state.city[0] <= 0 or state.city[1] <= 0:
            raise TableError(f"the city must have a positive size, got {state.city!r}")
        if len(state.pieces) > MAX_TABLE_PIECES:
            raise TableError(f"the table holds at most {MAX_TABLE_PIECES} pieces")
        for p in state.pieces:
            self._check_kind(p.kind, p.standing)
            _finite(f"piece {p.id}'s pose", p.x, p.y, p.angle)
        for b in state.buildings:
            _finite(f"building {b.id}'s pose", b.x, b.y, b.angle)
        for b in state.buildings:
            if b.name not in self.params.buildings.kinds:
                raise TableError(f"unknown building {b.name!r} in the state")
        ids = [p.id for p in state.pieces]
        ids += [i for b in state.buildings for i in (b.id, *b.parts)]
        if len(set(ids)) != len(ids) or (ids and max(ids) >= state.next_id):
            raise TableError("a table state with repeated ids, or ids beyond its next_id")
        self.city = state.city
        self._pieces = PieceIndex(self._pieces.cell, sorted(state.pieces, key=lambda p: p.id))
        # The buildings as the table holds them already (a shot moves none): their parts
        # as they are.
        if list(self._buildings.values()) != list(state.buildings):
            self._buildings, self._parts, self._part_of = {}, {}, {}
            self._part_list = None
            for b in state.buildings:
                self._put_building(b)
        self._next_id = max(self._next_id, state.next_id)

    def state_hash(self) -> str:
        """SHA-256 (hex) of the exact canonical state: bit-exact floats, all pieces, buildings."""
        return self.snapshot().hash()

    # -- internals --------------------------------------------------------------------------

    def _new_id(self) -> int:
        pid = self._next_id
        self._next_id += 1
        return pid

    def _check_kind(self, kind: str, standing: bool) -> None:
        if kind not in self.params.pieces:
            raise TableError(f"unknown piece kind {kind!r}; known: {', '.join(self.params.pieces)}")
        if not standing and not self._fp.can_fall(kind):
            raise TableError(f"a {kind} cannot lie fallen (only figures, barrels and lamps)")

    def _put_building(self, b: BuildingState) -> None:
        self._buildings[b.id] = b
        for pose in bld.parts(b, self._fp):
            is_facade = pose.kind == "facade"
            fp = self._fp.facade(b.name) if is_facade else self._fp.get(pose.kind)
            self._parts[pose.id] = (pose, fp)
            self._part_list = None
            self._part_of[pose.id] = b.id

    def _piece(self, pid: int) -> PieceState:
        found = self._pieces.get(pid)
        if found is None:
            if pid in self._parts:
                raise TableError(f"{pid} is a part of building {self._part_of[pid]}, not a piece")
            raise TableError(f"no piece {pid} on the table")
        return found

    def _building(self, bid: int) -> BuildingState:
        found = self._buildings.get(bid)
        if found is None:
            raise TableError(f"no building {bid} on the table")
        return found

    def _pose(self, pid: int) -> tuple[str, float, float, float]:
        p = self._pieces.get(pid)
        if p is not None:
            return p.kind, p.x, p.y, p.angle
        part = self._parts.get(pid)
        if part is not None:
            pose = part[0]
            return pose.kind, pose.x, pose.y, pose.angle
        raise TableError(f"no piece or building part {pid} on the table")

    def _footprint(self, pid: int) -> Footprint:
        p = self._pieces.get(pid)
        if p is not None:
            return self._fp.get(p.kind, p.standing)
        part = self._parts.get(pid)
        if part is None:
            raise TableError(f"no piece or building part {pid} on the table")
        return part[1]

    def _placed(self, pid: int) -> list[Placed]:
        """The footprint placed at the pose (callers only read the list)."""
        memo = self._placed_memo.get(pid)
        p = self._pieces.get(pid)
        if p is not None:
            if memo is not None and memo[0] is p:
                return memo[5]
            source: object = p
            fp = self._fp.get(p.kind, p.standing)
            x, y, angle = p.x, p.y, p.angle
        else:
            part = self._parts.get(pid)
            if part is None:
                raise TableError(f"no piece or building part {pid} on the table")
            pose, fp = part
            if memo is not None and memo[0] is pose:
                return memo[5]
            source, x, y, angle = pose, pose.x, pose.y, pose.angle
        if memo is not None and memo[1] is fp and memo[2] == x and memo[3] == y \
                and memo[4] == angle:
            placed = memo[5]  # the same pose in a new state: the same list
        else:
            placed = place(fp, x, y, angle)
        self._placed_memo[pid] = (source, fp, x, y, angle, placed)
        return placed
