"""The rules' view of the physics table: where a bullet is placed, what "next to" means,
the door of a building, who is closest, what is barricaded.

Every distance the rules compare is measured on the table, edge to edge (`Table.distance`).
"Next to" is less than a movement disc's width apart (rulebook glossary). A survivor inside a
building is off the table (it stands on a support block); for distances it is at the middle
of its building's door.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.game.bots.aim import Obstacle, path_clear
from flick.game.state import IllegalAction
from flick.physics import PhysicsParams, Table, TableError
from flick.physics.geometry import point_segment
from flick.physics.tower.place import Obstacle as Circle
from flick.physics.tower.place import obstacle as bounding_circle
from flick.scenario.place import Placement, place

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor

Vec = tuple[float, float]
FIGURES = ("survivor", "zombie")
OBJECTS = ("barrel", "box", "street_lamp", "car", "ice_cream_truck", "pickup_truck")
# What `Board.apart` leaves spare (cm): far more than the rounding of any distance compared,
# so a quick rejection never decides otherwise than the exact edge-to-edge distance.
APART_SLACK_CM = 1e-3


def circles_apart(ca: Circle, cb: Circle, gap: float) -> bool:
    """`Board.apart` from the two bounding circles."""
    return math.hypot(ca.cx - cb.cx, ca.cy - cb.cy) - ca.reach - cb.reach \
        > gap + APART_SLACK_CM


def _size(params: Any, kind: str, attr: str, default: float) -> float:
    pieces = getattr(params, "pieces", None)
    piece = pieces.get(kind) if isinstance(pieces, dict) else getattr(pieces, kind, None)
    value = getattr(piece, attr, None) if piece is not None else None
    return float(value) if isinstance(value, int | float) else default


class Board:
    """A physics `Table` set up for a scenario, with the geometry the rules need."""

    def __init__(self, table: Any, params: Any, scenario: Any, placement: Placement) -> None:
        self.table = table
        self.params = params
        self.scenario = scenario
        self.placement = placement
        self.disc = _size(params, "movement_disc", "diameter", 4.0)  # the "next to" width
        self.figure_r = _size(params, "survivor", "diameter", 2.6) / 2
        self.block_depth = _size(params, "support_block", "length", 3.0)
        self.barricade_size = (_size(params, "barricade", "length", 5.0),
                               _size(params, "barricade", "width", 2.0))
        self.bullet_d = _size(params, "bullet", "diameter", 2.2)
        self.pellet_d = _size(params, "shotgun_pellet", "diameter", 1.1)
        self.bat_length = _size(params, "baseball_bat", "length", 11.0)
        self.knife_length = _size(params, "knife", "length", 6.0)
        self.city = (float(scenario.city.width), float(scenario.city.height))
        self.buildings = dict(placement.buildings)  # name -> building id
        # pid -> (the table's outline list, kind, its obstacles), for `obstacles`
        self._obstacle_memo: dict[int, tuple[Any, str, list[Obstacle]]] = {}
        # pid -> (the table's outline list, its bounding circle), for `apart`
        self._circle_memo: dict[int, tuple[Any, Circle]] = {}

    @classmethod
    def for_scenario(cls, scenario: Any, params: Any = None) -> Board:
        """A fresh table with the scenario's pieces placed."""
        params = params if params is not None else PhysicsParams.default()
        table = Table(params, city=(float(scenario.city.width), float(scenario.city.height)))
        placement = place(scenario, table)
        return cls(table, params, scenario, placement)

    # ---- pieces -------------------------------------------------------------------------
    def key_piece(self, key: str) -> int | None:
        pid = self.placement.pieces.get(key)
        return pid if pid is not None and self.exists(pid) else None

    def bid(self, building: str) -> int:
        return self.placement.buildings[building]

    def building_of(self, pid: Any) -> str | None:
        """The building (name) a support block or facade belongs to; None for a piece."""
        if not isinstance(pid, int):
            return None
        try:
            bid = self.table.building_of(pid)
        except TableError:  # a piece removed since the shot
            return None
        return self.table.building_name(bid) if bid is not None else None

    def building_parts(self, building: str) -> tuple[int, int, int]:
        return self.table.building_parts(self.bid(building))

    def entered_building(self, result: Any, pid: int, exclude: str | None) -> str | None:
        """The building whose door the piece crossed in this shot (any part of it)."""
        bid = result.entered.get(pid)
        if bid is None:
            return None
        name = self.table.building_name(bid)
        return None if name == exclude else name

    def survivor_piece(self, name: str) -> int | None:
        return self.key_piece(name)

    def named_object(self, key: str) -> int | None:
        return self.key_piece(key)

    def kind(self, pid: Any) -> str:
        return str(self.table.kind(pid))

    def zombies(self) -> list[int]:
        return self.table.pieces_of("zombie")

    def objects(self) -> list[int]:
        return self.table.pieces_of(*OBJECTS)

    def barricades(self) -> list[int]:
        return self.table.pieces_of("barricade")

    def pos(self, pid: int) -> Vec:
        x, y = self.table.position(pid)
        return (float(x), float(y))

    def is_figure(self, pid: Any) -> bool:
        """A survivor or zombie still on the table (a piece removed since is not)."""
        return isinstance(pid, int) and self.exists(pid) and self.table.kind(pid) in FIGURES

    def exists(self, pid: Any) -> bool:
        return isinstance(pid, int) and self.table.has_piece(pid)

    # ---- survivors ----------------------------------------------------------------------
    def stand_survivor(self, s: Survivor) -> None:
        s.standing = True
        if s.piece is not None and not self.table.is_standing(s.piece):
            self.table.stand_up(s.piece)

    def face(self, s: Survivor, angle: float) -> None:
        """Turn a standing survivor to `angle` (rad); a fallen one lies as it fell."""
        s.facing = float(angle)
        if s.piece is not None and self.table.is_standing(s.piece):
            x, y = self.pos(s.piece)
            self.table.set_pose(s.piece, x, y, float(angle))

    def remove_survivor(self, s: Survivor) -> None:
        if s.piece is not None:
            self.table.remove(s.piece)
            s.piece = None

    def place_survivor(self, s: Survivor, at: Vec, angle: float, standing: bool = True) -> None:
        """Put `s`'s figure on the table at `at` (after a move, an exit, a rescue)."""
        if s.piece is not None:
            self.table.remove(s.piece)
        s.piece = self.table.add("survivor", x=at[0], y=at[1], angle=angle)
        s.facing = angle
        s.standing = standing
        if not standing:
            self.table.lay_down(s.piece, angle)

    def piece_position(self, s: Survivor) -> Vec | None:
        if s.piece is not None:
            return self.pos(s.piece)
        if s.building is not None:
            return self.door_mid(s.building)
        return None

    def survivor_of(self, game: Game, pid: Any) -> Survivor | None:
        for s in game.survivors.values():
            if s.piece == pid and s.piece is not None:
                return s
        return None

    def closest_survivor(self, game: Game, at: Vec | None) -> Survivor | None:
        if at is None:
            return None
        best, best_d = None, math.inf
        for s in game.survivors.values():
            p = self.piece_position(s)
            if s.alive and p is not None:
                d = math.dist(p, at)
                if d < best_d:
                    best, best_d = s, d
        return best

    # ---- placement by the rules ----------------------------------------------------------
    def beside(self, at: Vec, facing: float, side: str, piece_d: float) -> Vec:
        """Where a bullet or the knife goes: one bullet-width to the left or right of the
        survivor's base (a bullet-width gap between base and piece), facing `facing`."""
        if side not in ("left", "right"):
            raise IllegalAction(f"side must be 'left' or 'right', not {side!r}")
        sign = 1.0 if side == "left" else -1.0
        d = self.figure_r + self.bullet_d + piece_d / 2
        return (at[0] - sign * math.sin(facing) * d, at[1] + sign * math.cos(facing) * d)

    def door_mid(self, building: str) -> Vec:
        (ax, ay), (bx, by) = self.table.door_line(self.bid(building))
        return ((ax + bx) / 2, (ay + by) / 2)

    def normal(self, building: str) -> Vec:
        nx, ny = self.table.front_normal(self.bid(building))
        return (float(nx), float(ny))

    def door_depth(self, p: Vec, building: str) -> float:
        """How far (cm) a point is in front of the door line (negative: behind it)."""
        mx, my = self.door_mid(building)
        nx, ny = self.normal(building)
        return (p[0] - mx) * nx + (p[1] - my) * ny

    def behind(self, building: str, piece_d: float) -> Vec:
        """Where a disc or bullet is placed to leave a building: behind it, on its axis, clear
        of the blocks (rulebook: exiting; shooting from inside). Low pieces pass under the
        facade, so from there they can be flicked out through the door."""
        mx, my = self.door_mid(building)
        nx, ny = self.normal(building)
        back = self.block_depth + piece_d / 2 + 0.4
        return (mx - nx * back, my - ny * back)

    def lateral(self, p: Vec, building: str) -> float:
        """How far (cm) a point is along the door line from the door's middle."""
        mx, my = self.door_mid(building)
        nx, ny = self.normal(building)
        return (p[0] - mx) * -ny + (p[1] - my) * nx

    def is_behind(self, p: Vec, building: str) -> bool:
        """Is a point behind the building (where a flick may not clear its barricades from,
        S4)? Reading: behind its door line (the line flush with the blocks' front faces), and
        no farther to either side than the building's ends plus a movement disc's width: the
        strip a flick comes from to reach the doorway from the building's back. A point off
        to a side (beside the building) or anywhere in front of the door line is not."""
        if self.door_depth(p, building) >= 0.0:
            return False
        half = max(abs(self.lateral(q, building)) for part in self.building_parts(building)
                   for core, r in self.table.outline(part) for q in core)
        return abs(self.lateral(p, building)) <= half + self.disc

    def exited(self, p: Vec, building: str, r: float) -> bool:
        """Is a disc of radius `r` at `p` wholly out past the door line?"""
        return self.door_depth(p, building) >= r

    def front(self, building: str, depth: float) -> Vec:
        """A point `depth` cm in front of the door's middle."""
        mx, my = self.door_mid(building)
        nx, ny = self.normal(building)
        return (mx + nx * depth, my + ny * depth)

    # ---- relations ----------------------------------------------------------------------
    def distance(self, a: int, b: int) -> float:
        return float(self.table.distance(a, b))

    def next_to(self, a: int, b: int) -> bool:
        return not self.apart(a, b, self.disc) and self.distance(a, b) < self.disc

    def circle(self, pid: int) -> Circle:
        """A circle holding the whole footprint of a piece or part (centre, reach cm)."""
        placed = self.table.outline(pid)
        hit = self._circle_memo.get(pid)
        if hit is None or hit[0] is not placed:
            # The table hands back the same outline list while a piece stays put.
            if len(self._circle_memo) >= 4096:  # pieces come and go (a rush's new zombies)
                self._circle_memo.clear()
            hit = self._circle_memo[pid] = (placed, bounding_circle(placed))
        return hit[1]

    def apart(self, a: int, b: int, gap: float) -> bool:
        """Are two pieces or parts surely more than `gap` cm apart, edge to edge? Their
        bounding circles tell, a quick rejection before the exact `distance`: when it says
        so, `distance(a, b) > gap`; when not, they may be either."""
        return circles_apart(self.circle(a), self.circle(b), gap)

    def next_to_any(self, a: int, others: list[int], circles: list[Circle]) -> list[int]:
        """Those of `others` (their `circles`, in order) that `a` is next to (`next_to`),
        its own circle found once."""
        mine, disc = self.circle(a), self.disc
        return [b for b, cb in zip(others, circles, strict=True)
                if not circles_apart(mine, cb, disc) and self.distance(a, b) < disc]

    def in_city(self, pid: int) -> bool:
        """Is the whole piece inside the city limits (edges included)? Rulebook glossary: "In
        the city: Any and all space within the designated city limits"; a piece with any
        part past a limit is not in the city (it has left the city limits). The physics'
        `left_city` tells a piece whose centre left it."""
        w, h = self.city
        return all(r <= x <= w - r and r <= y <= h - r
                   for core, r in self.table.outline(pid) for x, y in core)

    def in_city_point(self, p: Vec, margin: float = 0.0) -> bool:
        return margin <= p[0] <= self.city[0] - margin and margin <= p[1] <= self.city[1] - margin

    def clamp_into_city(self, p: Vec, margin: float) -> Vec:
        return (min(max(p[0], margin), self.city[0] - margin),
                min(max(p[1], margin), self.city[1] - margin))

    def block_distance(self, pid: int, building: str) -> float:
        """Edge distance (cm) from a piece to the nearer of a building's support blocks."""
        a, b, _ = self.building_parts(building)
        return min(self.distance(pid, a), self.distance(pid, b))

    def touching_building(self, pid: int, building: str, tol: float = 0.05) -> bool:
        """Is the piece touching one of the building's blocks or its facade (at rest)?"""
        parts = self.building_parts(building)
        return self.touching_parts(pid, parts, [self.circle(p) for p in parts], tol)

    def touching_parts(self, pid: int, parts: tuple[int, ...], circles: list[Circle],
                       tol: float = 0.05) -> bool:
        """`touching_building` for a building's `parts` and their `circles` found before
        (a check of many pieces against one building finds them once)."""
        mine = self.circle(pid)
        return any(not circles_apart(mine, cp, tol) and self.distance(pid, part) <= tol
                   for part, cp in zip(parts, circles, strict=True))

    def crossed_door(self, pid: int, building: str) -> bool:
        """Is any part of the piece across the door line, between the blocks (entered)?"""
        return bool(self.table.is_inside(pid, self.bid(building)))

    def barricade_building(self, pid: int) -> str | None:
        """The building whose door a barricade was set to block (scenario), else the
        building whose door it is nearest."""
        for key, value in self.placement.pieces.items():
            if value == pid and key.startswith("barricade_"):
                spec = self.scenario.barricades[int(key.split("_")[1]) - 1]
                if spec.building is not None:
                    return str(spec.building)
        if not self.buildings:
            return None
        return min(self.buildings, key=lambda b: math.dist(self.door_mid(b), self.pos(pid)))

    def barricaded(self, building: str) -> bool:
        """S4: does any part of a barricade lie between the building's support blocks?"""
        return any(self.blocks_door(p, building) for p in self.barricades())

    def blocks_door(self, pid: int, building: str) -> bool:
        """Does any part of the piece (a barricade) lie in the doorway, between the two
        support blocks? Both are rectangles: separating-axis test."""
        mx, my = self.door_mid(building)
        nx, ny = self.normal(building)
        (ax, ay), (bx, by) = self.table.door_line(self.bid(building))
        gap = math.dist((ax, ay), (bx, by))
        doorway = _rect((mx - nx * self.block_depth / 2, my - ny * self.block_depth / 2),
                        math.atan2(ny, nx), self.block_depth, gap)
        x, y = self.pos(pid)
        piece = _rect((x, y), float(self.table.angle(pid)), *self.barricade_size)
        return _rects_overlap(doorway, piece)

    def spot_beside(self, pid: int, frm: Vec, gap: float) -> Vec:
        """A point `gap` cm out from the piece's outline, on the side facing `frm` (cm):
        where a figure stands to be "next to" it."""
        best: tuple[float, Vec, float] | None = None
        for core, r in self.table.outline(pid):
            pts = list(core)
            edges = [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))] \
                if len(pts) > 2 else [(pts[0], pts[-1])]
            for a, b in edges:
                ex, ey = b[0] - a[0], b[1] - a[1]
                n = ex * ex + ey * ey
                t = 0.0 if n == 0 else max(0.0, min(1.0, ((frm[0] - a[0]) * ex
                                                          + (frm[1] - a[1]) * ey) / n))
                q = (a[0] + t * ex, a[1] + t * ey)
                d = point_segment(frm, q, q)
                if best is None or d - r < best[0]:
                    best = (d - r, q, r)
        assert best is not None
        _, q, r = best
        d = math.dist(frm, q) or 1.0
        out = r + gap
        return (q[0] + (frm[0] - q[0]) / d * out, q[1] + (frm[1] - q[1]) / d * out)

    def spot_free(self, p: Vec, r: float, ignore: Any = None) -> bool:
        """Is a circle of radius `r` at `p` clear of every piece and block?"""
        return path_clear(p, p, r, self.obstacles(), {ignore}, margin=0.1)

    def free_spot(self, p: Vec, angle: float) -> Vec:
        """Where a figure can stand at (or nearest to) `p`: the disc's resting place is free
        of tall pieces, but a figure is wider than nothing; nudged out if needed."""
        if self.spot_free(p, self.figure_r):
            return p
        for k in range(1, 9):
            for j in range(8):
                a = angle + j * math.pi / 4
                q = (p[0] + 0.4 * k * math.cos(a), p[1] + 0.4 * k * math.sin(a))
                if self.spot_free(q, self.figure_r):
                    return q
        return p

    def obstacles(self) -> list[Any]:
        """Every piece and support block as capsules, for bots' path checks. Facades are
        left out: low pieces pass under them."""
        out = []
        parts = []
        for name in self.buildings:
            a, b, _ = self.building_parts(name)
            parts += [a, b]
        memo = self._obstacle_memo
        for pid in [*self.table.pieces(), *parts]:
            kind = self.table.kind(pid)
            placed = self.table.outline(pid)
            hit = memo.get(pid)
            if hit is None or hit[0] is not placed or hit[1] != kind:
                # The table hands back the same outline list while a piece stays put.
                hit = memo[pid] = (placed, kind,
                                   [Obstacle(pid, tuple(core), r, kind) for core, r in placed])
            out.extend(hit[2])
        return out

    def rush(self, zombies: list[int] | int, tower: tuple[float, float, float],
             rng: Any) -> Any:
        """A Zombie Rush on the table: the tower's drop (`Table.rush`), run to rest."""
        return self.table.rush(zombies, tower=tower, rng=rng)

    def flick_many(self, shots: list[tuple[int, Vec, Vec]]) -> Any:
        return self.table.flick_many(shots)


def _rect(c: Vec, angle: float, length: float, width: float) -> list[Vec]:
    """Corners of a rectangle centred at `c`, `length` along `angle` (rad), `width` across."""
    ux, uy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    vx, vy = -math.sin(angle) * width / 2, math.cos(angle) * width / 2
    return [(c[0] + ux + vx, c[1] + uy + vy), (c[0] - ux + vx, c[1] - uy + vy),
            (c[0] - ux - vx, c[1] - uy - vy), (c[0] + ux - vx, c[1] + uy - vy)]


def _rects_overlap(a: list[Vec], b: list[Vec]) -> bool:
    for poly in (a, b):
        for i in range(4):
            p, q = poly[i], poly[(i + 1) % 4]
            axis = (q[1] - p[1], p[0] - q[0])
            pa = [axis[0] * x + axis[1] * y for x, y in a]
            pb = [axis[0] * x + axis[1] * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return False
    return True
