"""How the heuristic bot walks: moves along clear straight lines (or grid routes) that stop
where the friction model says, flicks in through a door, out from behind a building, and up
to an object. Each method returns a `Move` input, or None when no sensible flick exists (the
bot then does something else). Readings of the rules used here: objects blocking a door may
be set aside during the attempt (rulebook p. 8); touching the building's own blocks while
entering is allowed, so the path check ignores them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from flick.game.board import OBJECTS
from flick.game.bots.aim import HandNoise, _inside, impulse_to, noisy, path_clear, seg_core, vector
from flick.game.bots.chance import Trials
from flick.game.bots.goals.base import Goal
from flick.game.bots.route import route
from flick.game.bots.tuned import tuned
from flick.game.inputs import Flick, Input, Move
from flick.game.state import Survivor
from flick.physics.geometry import point_segment

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("walking")  # the tuned numbers: assets/bots/walking.yaml
STEP_CM: float = T["step_cm"]
RUSH_RUN_ON_CM: float = T["rush_run_on_cm"]
RUSH_RV_CM: float = T["rush_rv_cm"]
NEXT_TO_SPARE_CM: float = T["next_to_spare_cm"]
ON_CORE_CM: float = T["on_core_cm"]
RV_SAFE_CM: float = T["rv_safe_cm"]
WIDE_HEADINGS: int = T["wide_headings"]
NARROW_HEADINGS: int = T["narrow_headings"]
WIDE_TURN_DEG: int = T["wide_turn_deg"]
NARROW_TURN_DEG: int = T["narrow_turn_deg"]
WIDE_FRACTIONS: tuple[float, ...] = T["wide_fractions"]
NARROW_FRACTIONS: tuple[float, ...] = T["narrow_fractions"]
CITY_MARGIN_CM: float = T["city_margin_cm"]
OVERSHOOT: float = T["overshoot"]
WALK_MARGIN_CM: float = T["walk_margin_cm"]
LEAST_GAIN_CM: float = T["least_gain_cm"]
FAR_CM: float = T["far_cm"]
ZOMBIE_DETOUR: float = T["zombie_detour"]
ZOMBIE_SHY_CM: float = T["zombie_shy_cm"]
WIDE_ENOUGH: int = T["wide_enough"]
GOOD_STEP: float = T["good_step"]
HALF_STEP: float = T["half_step"]
SQUEEZE_MARGIN_CM: float = T["squeeze_margin_cm"]
ROUTE_OVERSHOOT: float = T["route_overshoot"]
BLOCK_ROOM_CM: float = T["block_room_cm"]
DOOR_STEP_CM: float = T["door_step_cm"]
DOOR_DEPTH_CM: float = T["door_depth_cm"]
IN_FRONT_CM: float = T["in_front_cm"]
ENTRY_REACH_CM: float = T["entry_reach_cm"]
DOOR_OBJECT_CM: float = T["door_object_cm"]
GRAZE_MARGIN_CM: float = T["graze_margin_cm"]
ENTRY_MARGIN_CM: float = T["entry_margin_cm"]
RUN_GAP_CM: float = T["run_gap_cm"]
CHANCY_REACH_CM: float = T["chancy_reach_cm"]
CHANCY_OVERLAP_CM: float = T["chancy_overlap_cm"]
FEW_TRIALS: int = T["few_trials"]
CHANCY_ODDS: float = T["chancy_odds"]
QUEUE_DISTANCES_CM: tuple[float, ...] = T["queue_distances_cm"]
QUEUE_ANGLES_DEG: tuple[int, ...] = T["queue_angles_deg"]
QUEUE_FAR: float = T["queue_far"]
QUEUE_FALLBACK_CM: float = T["queue_fallback_cm"]
EXIT_AHEAD_CM: float = T["exit_ahead_cm"]
EXIT_REACHES_CM: tuple[float, ...] = T["exit_reaches_cm"]
EXIT_CITY_MARGIN_CM: float = T["exit_city_margin_cm"]
EXIT_MARGIN_CM: float = T["exit_margin_cm"]
EXIT_TURNS: tuple[float, ...] = T["exit_turns"]
CHANCY_EXIT_TURNS: tuple[float, ...] = T["chancy_exit_turns"]
CHANCY_EXIT_REACHES_CM: tuple[float, ...] = T["chancy_exit_reaches_cm"]
EXIT_TURN_COST: float = T["exit_turn_cost"]
EXIT_ODDS: float = T["exit_odds"]
EXITS_TRIED: int = T["exits_tried"]
FIRST_STRETCH_CM: float = T["first_stretch_cm"]
BESIDE_CM: float = T["beside_cm"]
# The goals that lie somewhere (`Walking.goal_point_of`): a building's door (to enter it or
# clear its barricades), an object, a point; the others (hunt, wait) have no place.
PLACED_GOALS = ("enter", "barricade", "object", "point")
# How good a way out of a building is (game, building, goal, out, target; lower is better).
ExitScore = Callable[["Game", str, Goal, Vec, Vec], float]


class Hand(Protocol):
    """What the bot's tactics ask of the bot itself: its hand (`noise`), its own generator
    (`rng`) and its noisy trials of proposed flicks (`trials`)."""

    rng: np.random.Generator
    noise: HandNoise
    trials: Trials


def rush_hits_rv(game: Game, at: Vec, exclude: set[int] | None = None) -> bool:
    """S1 (a zombie touching the RV loses the game): would a rush toward a survivor standing
    at `at` throw zombies at the RV? The rush leaves the tower behind the nearest standing
    zombie and heads for the survivor: risky if that line, run on 25 cm past the survivor,
    passes within 14 cm of the RV's door."""
    if "zombie_touches_rv" not in game.rules.defeats or "rv" not in game.board.buildings:
        return False
    board = game.board
    standing = [z for z in board.zombies() if board.table.is_standing(z)
                and z not in (exclude or set())]
    if not standing:
        return False
    z = min(standing, key=lambda p: (math.dist(board.pos(p), at), p))
    zx, zy = board.pos(z)
    d = math.dist(at, (zx, zy)) or 1.0
    ux, uy = (at[0] - zx) / d, (at[1] - zy) / d
    beyond = (at[0] + ux * RUSH_RUN_ON_CM, at[1] + uy * RUSH_RUN_ON_CM)
    return point_segment(board.door_mid("rv"), (zx, zy), beyond) < RUSH_RV_CM


def next_to_standing(board: Any, p: Vec, zombies: list[int]) -> bool:
    """Would a figure placed at `p` stand next to one of the standing `zombies` (a movement
    disc's width edge to edge, with 0.8 cm to spare for the hand)?"""
    reach = board.figure_r * 2 + board.disc + NEXT_TO_SPARE_CM
    return any(math.dist(p, board.pos(z)) < reach for z in zombies)


def _nearest_on(p: Vec, core: tuple[Vec, ...]) -> Vec | None:
    """The point of a convex core (a point, a segment or a polygon) nearest `p`; None when
    `p` is on or inside it."""
    best: Vec | None = None
    best_d = math.inf
    n = len(core)
    edges = [(core[0], core[0])] if n == 1 else [(core[i], core[(i + 1) % n]) for i in
                                                 range(n if n > 2 else 1)]
    for a, b in edges:
        ex, ey = b[0] - a[0], b[1] - a[1]
        m = ex * ex + ey * ey
        t = 0.0 if m == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / m))
        q = (a[0] + t * ex, a[1] + t * ey)
        d = math.dist(p, q)
        if d < best_d:
            best, best_d = q, d
    if best_d < ON_CORE_CM:
        return None
    if n > 2 and _inside(p, core):
        return None
    return best


class Walking:
    """A bot's walking (a tactic of `flick.game.bots.heuristic.CoreBot`): moves with the bot's
    hand (`bot.noise`), its own generator (`bot.rng`) and its noisy trials (`bot.trials`).
    `ghosts` are pieces the path checks leave out (scenario 5 plans a move past a zombie its
    shot is about to fell)."""

    def __init__(self, bot: Hand) -> None:
        self.bot = bot
        self.ghosts: frozenset[int] = frozenset()

    def obstacles(self, game: Game) -> list[Any]:
        """The table's obstacles, less `ghosts`."""
        obstacles = game.board.obstacles()
        if not self.ghosts:
            return obstacles
        return [ob for ob in obstacles if ob.pid not in self.ghosts]

    def disc_flick(self, game: Game, start: Vec, target: Vec, kind: str = "movement_disc",
                    extra: float = 0.0) -> tuple[Flick, float]:
        angle, strength = impulse_to(game.board.params, kind, start, target, extra=extra)
        a, f = noisy(angle, strength, self.bot.noise, self.bot.rng)
        return Flick(vector(a, f)), angle

    def navigate(self, game: Game, s: Survivor, target: Vec, stop_short: float = 0.0,
                  ) -> Input | None:
        """A move toward `target` along a clear path, or None if no clear step helps."""
        board = game.board
        assert s.piece is not None
        start = board.pos(s.piece)
        obstacles = self.obstacles(game)
        r = board.disc / 2
        d_total = math.dist(start, target) - stop_short
        if d_total < 1.0:
            return None
        base = math.atan2(target[1] - start[1], target[0] - start[0])
        zombies = [z for z in board.zombies() if board.table.is_standing(z)]
        # Entering the RV ends the risk; anywhere else, avoid spots that draw a rush onto it.
        risky_rv = math.dist(target, board.door_mid("rv")) > RV_SAFE_CM \
            if "rv" in board.buildings else False
        touching = self._touching(start, r, obstacles, s.piece) if self._wide_walk(game) \
            else []
        best: tuple[float, Vec, float] | None = None
        # Headings every 10 degrees up to 80 off the straight line, four lengths each: the
        # move that leaves the least way to go (a detour round a teammate often beats a
        # short step straight on).
        wide = self._wide_walk(game)
        for k in range(WIDE_HEADINGS if wide else NARROW_HEADINGS):
            turn = (k + 1) // 2 * (1 if k % 2 else -1) * math.radians(
                WIDE_TURN_DEG if wide else NARROW_TURN_DEG)
            for frac in WIDE_FRACTIONS if wide else NARROW_FRACTIONS:
                length = min(STEP_CM, d_total) * frac
                a = base + turn
                end = (start[0] + length * math.cos(a), start[1] + length * math.sin(a))
                if not board.in_city_point(end, r + CITY_MARGIN_CM):
                    continue
                over = (start[0] + length * OVERSHOOT * math.cos(a),
                        start[1] + length * OVERSHOOT * math.sin(a))
                if not path_clear(start, over, r, obstacles,
                                  {s.piece, *self._left_behind(start, a, touching)},
                                  margin=WALK_MARGIN_CM):
                    continue
                if next_to_standing(board, end, zombies):
                    continue  # do not end a move next to a standing zombie
                if risky_rv and rush_hits_rv(game, end):
                    continue  # S1: the rush this move draws would hit the RV
                remaining = math.dist(end, target)
                if remaining >= d_total + stop_short - LEAST_GAIN_CM:
                    continue
                # The move's QUIET reaction rushes the nearest standing zombie at the
                # survivor: ending far from standing zombies is worth a little detour.
                near = min((math.dist(end, board.pos(z)) for z in zombies), default=FAR_CM)
                score = remaining + ZOMBIE_DETOUR * max(0.0, ZOMBIE_SHY_CM - near)
                if best is None or score < best[0]:
                    best = (score, end, a)
            if not wide and best is not None and k >= 2:
                break
            if wide and best is not None and k >= WIDE_ENOUGH and \
                    best[0] < d_total + stop_short - GOOD_STEP * min(STEP_CM, d_total):
                break  # a good move near the straight line: no need to look wider
        progress = d_total + stop_short - math.dist(best[1], target) if best is not None \
            else 0.0
        if best is None or progress < HALF_STEP * min(STEP_CM, d_total):
            # The straight way is barred: follow a route around the obstacles instead.
            hop = self._route_hop(game, s, start, target, obstacles, zombies)
            if hop is not None and (best is None or not wide
                                    or math.dist(hop, target) < math.dist(best[1], target)):
                best = (math.dist(hop, target), hop, 0.0)
        if best is None:
            return None
        fl, angle = self.disc_flick(game, start, best[1])
        return Move(fl, angle=angle)

    @staticmethod
    def _wide_walk(game: Game) -> bool:
        """Look for moves widely (every 10 degrees, four lengths; past neighbours at the
        start; anywhere along a route): measured to help in scenarios 2-4. Scenario 1 (a
        zombie touching the RV loses) keeps the narrower search its plan was measured with
        (the wider one won fewer games there)."""
        return "zombie_touches_rv" not in game.rules.defeats

    @staticmethod
    def _touching(start: Vec, r: float, obstacles: list[Any], own: Any) -> list[Any]:
        """Pieces within the path check's margin of a disc placed at `start` (a neighbour
        standing close by would otherwise bar every direction)."""
        return [ob for ob in obstacles if ob.pid != own
                and seg_core(start, start, ob.core) < r + ob.r + WALK_MARGIN_CM]

    @staticmethod
    def _left_behind(start: Vec, a: float, touching: list[Any]) -> list[Any]:
        """Of the pieces touching the start, those a move at angle `a` heads away from: the
        distance to a convex piece is convex along the line, so when it does not shrink at
        the start it only grows, and the disc cannot touch the piece."""
        c, s = math.cos(a), math.sin(a)
        out: list[Any] = []
        for ob in touching:
            q = _nearest_on(start, ob.core)
            if q is not None and (start[0] - q[0]) * c + (start[1] - q[1]) * s >= 0.0:
                out.append(ob.pid)
        return out

    def _route_hop(self, game: Game, s: Survivor, start: Vec, target: Vec,
                   obstacles: list[Any], zombies: list[int]) -> Vec | None:
        """The farthest point of a grid route to `target` reachable by one clear flick."""
        board = game.board
        r = board.disc / 2
        wide = self._wide_walk(game)
        touching = self._touching(start, r, obstacles, s.piece) if wide else []
        path = route(obstacles, board.city, start, target, r, WALK_MARGIN_CM, {s.piece}) or \
            route(obstacles, board.city, start, target, r, SQUEEZE_MARGIN_CM,
                  {s.piece})  # tight squeeze
        if path is None or len(path) < 2:
            return None
        # The farthest point along the route (not only its corners) one clear flick reaches.
        points: list[Vec] = [] if wide else list(path[1:])
        for a, b in itertools.pairwise(path if wide else []):
            n = max(1, int(math.dist(a, b) / 2.0))
            points += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                       for k in range(1, n + 1)]
        for p in reversed(points):
            d = math.dist(start, p)
            if d > STEP_CM or d < 2.0:
                continue
            ang = math.atan2(p[1] - start[1], p[0] - start[0])
            over = (start[0] + d * ROUTE_OVERSHOOT * math.cos(ang),
                    start[1] + d * ROUTE_OVERSHOOT * math.sin(ang))
            if not board.in_city_point(p, r + CITY_MARGIN_CM):
                continue
            if not path_clear(start, over, r, obstacles,
                              {s.piece, *self._left_behind(start, ang, touching)},
                              margin=WALK_MARGIN_CM):
                continue
            if next_to_standing(board, p, zombies):
                continue
            return p
        return None

    def approach(self, game: Game, s: Survivor, building: str,
                  direct_only: bool = False) -> Input | None:
        """Flick the disc in through the door when a clean straight line (from up to 45 cm
        away, at any angle and from any range) crosses the door line between the blocks;
        otherwise walk to a free spot in front of the door with such a line (unless
        `direct_only`: then None)."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        entry = self.entry_line(game, s.piece, here, building) or \
            self._chancy_entry(game, s.piece, here, building)
        if entry is not None:
            target, aside = entry
            fl, angle = self.disc_flick(game, here, target)
            return Move(fl, angle=angle, set_aside=aside)
        if direct_only:
            return None
        return self.navigate(game, s, self._queue_spot(game, s, building))

    def _door_targets(self, game: Game, building: str) -> list[tuple[float, Vec]]:
        """Points 3 cm behind the door line whose lateral offset (cm) leaves the disc 0.5 cm
        clear of both support blocks: where an entering flick may be aimed."""
        board = game.board
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        (ax, ay), (bx, by) = board.table.door_line(board.bid(building))
        reach = math.dist((ax, ay), (bx, by)) / 2 - board.disc / 2 - BLOCK_ROOM_CM
        steps = max(0, int(reach / DOOR_STEP_CM))
        out = []
        for k in range(-steps, steps + 1):
            t = k * DOOR_STEP_CM
            out.append((t, (mx - nx * DOOR_DEPTH_CM - ny * t, my - ny * DOOR_DEPTH_CM + nx * t)))
        return out

    def entry_line(self, game: Game, own_piece: Any, here: Vec, building: str,
                    ) -> tuple[Vec, tuple[int, ...]] | None:
        """The target (3 cm behind the door line) and the objects set aside (p. 8) of the
        most forgiving clean flick from `here` in through the door, or None.

        A building is entered when any part of the disc crosses the door line between the
        blocks, and touching its own support blocks is allowed (rulebook), so the line may
        come in at an angle and from close range: it must only pass the blocks (0.2 cm
        margin, a graze is legal) and stay 0.5 cm clear of every other piece. Of the clean
        aim points across the gap, the middle of the widest run is chosen: the most room for
        the hand's error either way."""
        board = game.board
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        depth = (here[0] - mx) * nx + (here[1] - my) * ny
        r = board.disc / 2
        if depth < IN_FRONT_CM or math.dist(here, (mx, my)) > ENTRY_REACH_CM:
            return None
        obstacles = self.obstacles(game)
        own = set(board.building_parts(building))
        blocks = [ob for ob in obstacles if ob.pid in own]
        others = [ob for ob in obstacles if ob.pid not in own and ob.pid != own_piece]
        objects = [ob for ob in others if ob.kind in OBJECTS
                   and math.dist(ob.centre, (mx, my)) <= DOOR_OBJECT_CM]
        clean: list[tuple[float, Vec, tuple[int, ...]]] = []
        for t, target in self._door_targets(game, building):
            if not path_clear(here, target, r, blocks, set(), margin=GRAZE_MARGIN_CM):
                continue
            # Objects blocking the entrance may be set aside for the attempt (p. 8).
            aside = tuple(sorted({ob.pid for ob in objects
                                  if not path_clear(here, target, r, [ob], set(),
                                                    margin=GRAZE_MARGIN_CM)}))
            if path_clear(here, target, r, others, set(aside), margin=ENTRY_MARGIN_CM):
                clean.append((t, target, aside))
        if not clean:
            return None
        runs: list[list[tuple[float, Vec, tuple[int, ...]]]] = [[clean[0]]]
        for c in clean[1:]:
            if c[0] - runs[-1][-1][0] < RUN_GAP_CM:
                runs[-1].append(c)
            else:
                runs.append([c])
        # Widest run; ties to the one nearer the door's middle (sorted offsets: stable).
        best = max(runs, key=lambda run: (len(run), -abs(run[len(run) // 2][0])))
        _, target, aside = best[len(best) // 2]
        return target, aside

    def _chancy_entry(self, game: Game, own_piece: Any, here: Vec, building: str,
                      ) -> tuple[Vec, tuple[int, ...]] | None:
        """No clean line in: from up to 30 cm in front of the door, the aim across the gap
        with the most room when grazes are allowed (the blocks ignored, other pieces 0.3 cm
        overlap), tried a few times under the hand noise (`Trials.move`); taken when it
        enters at least 2 times in 3, else None (the bot then walks to a better spot)."""
        board = game.board
        mx, my = board.door_mid(building)
        if board.door_depth(here, building) < 2.0 or math.dist(here, (mx, my)) > CHANCY_REACH_CM:
            return None
        own = set(board.building_parts(building))
        others = [ob for ob in self.obstacles(game) if ob.pid not in own
                  and ob.pid != own_piece]
        objects = [ob for ob in others if ob.kind in OBJECTS
                   and math.dist(ob.centre, (mx, my)) <= DOOR_OBJECT_CM]
        r = board.disc / 2
        clean: list[tuple[float, Vec, tuple[int, ...]]] = []
        for t, target in self._door_targets(game, building):
            aside = tuple(sorted({ob.pid for ob in objects
                                  if not path_clear(here, target, r, [ob], set(),
                                                    margin=GRAZE_MARGIN_CM)}))
            if path_clear(here, target, r, others, set(aside), margin=-CHANCY_OVERLAP_CM):
                clean.append((t, target, aside))
        if not clean:
            return None
        _, target, aside = min(clean, key=lambda c: (abs(c[0]), c[0]))
        angle, strength = impulse_to(board.params, "movement_disc", here, target)
        p = self.bot.trials.move(game, here, angle, strength, remove=own_piece, enter=building,
                             aside=aside, n=FEW_TRIALS)
        return (target, aside) if p >= CHANCY_ODDS else None

    def _queue_spot(self, game: Game, s: Survivor, building: str) -> Vec:
        """Where to wait for an entering flick: of the spots 7-16 cm out in front of the door
        (up to 50 degrees off its axis), the nearest one that is free (no piece within a
        disc's width) and has a clean line in; failing that, 7 cm straight out."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        base = math.atan2(ny, nx)
        best: tuple[float, Vec] | None = None
        for dist in QUEUE_DISTANCES_CM:
            for deg in QUEUE_ANGLES_DEG:
                a = base + math.radians(deg)
                p = (mx + dist * math.cos(a), my + dist * math.sin(a))
                if not board.in_city_point(p, board.disc / 2 + CITY_MARGIN_CM):
                    continue
                if not board.spot_free(p, board.disc, ignore=s.piece):
                    continue
                if self.entry_line(game, s.piece, p, building) is None:
                    continue
                score = math.dist(here, p) + QUEUE_FAR * dist
                if best is None or score < best[0]:
                    best = (score, p)
        return best[1] if best is not None else board.front(building, QUEUE_FALLBACK_CM)

    def exit(self, game: Game, s: Survivor, building: str, goal: Goal,
             turns: tuple[float, ...] = EXIT_TURNS, score: ExitScore | None = None,
             ) -> Input | None:
        """Flick the disc from behind the building out through the door, as far toward the
        goal as a clear line allows (the line must pass the door between the blocks): along
        the headings `turns` (radians off the door's axis), the way out `score` (game,
        building, goal, out, target) finds best, lower is better (by default its distance to
        the goal's point)."""
        board = game.board
        start = board.behind(building, board.disc)
        obstacles = self.obstacles(game)
        blocks = set(board.building_parts(building))
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        target = self.goal_point_of(game, goal) or board.front(building, EXIT_AHEAD_CM)
        best: tuple[float, Vec] | None = None
        for turn in turns:
            a = math.atan2(ny, nx) + turn
            for reach in EXIT_REACHES_CM:
                out = (mx + reach * math.cos(a), my + reach * math.sin(a))
                if not board.in_city_point(out, EXIT_CITY_MARGIN_CM):
                    continue
                over = (mx + reach * ROUTE_OVERSHOOT * math.cos(a),
                        my + reach * ROUTE_OVERSHOOT * math.sin(a))
                if not path_clear((mx, my), over, board.disc / 2, obstacles, blocks,
                                  margin=EXIT_MARGIN_CM):
                    continue
                cost = score(game, building, goal, out, target) if score is not None \
                    else math.dist(out, target)
                if best is None or cost < best[0]:
                    best = (cost, out)
        if best is None:
            found = self._chancy_exit(game, s, building, start, target)
            if found is None:
                return None
            best = (0.0, found)
        fl, angle = self.disc_flick(game, start, best[1])
        return Move(fl, angle=angle)

    def _chancy_exit(self, game: Game, s: Survivor, building: str, start: Vec,
                     target: Vec) -> Vec | None:
        """No exit with a clear line: try wider angles and shorter reaches, nearest the goal
        first, with a few noisy trials each (`Trials.move`); the first whose chance is at
        least 1/2, else None."""
        board = game.board
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        cands: list[tuple[float, Vec]] = []
        for turn in CHANCY_EXIT_TURNS:
            a = math.atan2(ny, nx) + turn
            for reach in CHANCY_EXIT_REACHES_CM:
                out = (mx + reach * math.cos(a), my + reach * math.sin(a))
                if board.in_city_point(out, EXIT_CITY_MARGIN_CM):
                    cands.append((math.dist(out, target) + EXIT_TURN_COST * abs(turn), out))
        cands.sort()
        tried = 0
        for _, out in cands:
            angle, strength = impulse_to(board.params, "movement_disc", start, out)
            if not self._may_try(game, start, angle):
                continue
            if self.bot.trials.move(game, start, angle, strength, inside=building,
                                n=FEW_TRIALS) >= EXIT_ODDS:
                return out
            tried += 1
            if tried >= EXITS_TRIED:
                break
        return None

    def _may_try(self, game: Game, start: Vec, angle: float) -> bool:
        """A cheap filter before trials: nothing within 1 cm of the first 4 cm of the way
        but the building's own parts."""
        board = game.board
        end = (start[0] + FIRST_STRETCH_CM * math.cos(angle),
               start[1] + FIRST_STRETCH_CM * math.sin(angle))
        return path_clear(start, end, board.disc / 2, self.obstacles(game),
                          {p for b in board.buildings for p in board.building_parts(b)},
                          margin=-1.0)

    def goal_point_of(self, game: Game, goal: Goal) -> Vec | None:
        """The place of a goal with one (`PLACED_GOALS`: a door, an object, a point)."""
        kind, arg = goal
        if kind in ("enter", "barricade"):
            return game.board.door_mid(arg)
        if kind == "object":
            return game.board.pos(arg)
        if kind == "point":
            return arg
        return None

    def to_object(self, game: Game, s: Survivor, pid: int) -> Input | None:
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        spot = board.spot_beside(pid, here, board.figure_r + BESIDE_CM)
        return self.navigate(game, s, spot)
