"""Aim assist (opt-in: the C key): the shot planner's success map drawn as a heat
map around the piece being aimed, computed in a background process so the window never waits.

While a move or a gun shot is being aimed on the city table, a left click on the table away
from the lit piece sets the target: for a move, the point clicked (or the building whose door
is within `DOOR_PICK_CM` of it: the disc sent in through the door); for a gun, the zombie
standing nearest the click (by default the standing zombie nearest the survivor; a fallen
one is never a target: a bullet on a fallen figure does nothing). The planner
(`flick.plan`) then plays every cell of an aim x power grid around the friction model's aim
`repeats` times under the hand noise (the window's N setting; "none" plans with the steady
hand, which is what the map is for). The cells are sent to a pool of worker processes one by
one, from the friction model's aim outwards, and drawn as they come back: cell (aim offset,
power factor) is a patch of the fan where the piece would stop on an open table with that aim
and power, its colour the success probability (dark blue 0 to yellow 1; grey, not computed
yet), the best cell ringed in white, and a line at the bottom of the table says the best
cell's odds with their Wilson 95% interval.

A new target, another action, a flick played, Escape or C again drop the job: cells not yet
started are cancelled, the ones already running finish in their worker and are thrown away
(`stale` counts them), so a map never mixes two targets. Each cell is seeded by (seed, cell
index) only (`flick.plan.planner.run_cells`), so the finished map is the one `flick.plan.plan`
gives for the same shot, grid, repeats and seed (the window's --hand-seed).

`Assist.poll(app)` runs once a frame (from `PlayApp.advance`): it collects finished cells and
never blocks; `draw(app, screen)` draws the map (cached per map version and camera).
"""

from __future__ import annotations

import math
import multiprocessing
import time
import weakref
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from flick.game.bots.aim import HandNoise, first_blocker, piece_spec
from flick.physics.geometry import point_segment
from flick.plan import Grid, Plan, Shot, enter_shot, move_shot, shoot_shot
from flick.plan.planner import cell, run_cells

if TYPE_CHECKING:
    from flick.ui.app import PlayApp

ACTIONS = ("move", "gun", "two_guns")  # what the assist plans (the planner's proposals)
DOOR_PICK_CM = 4.0  # a click this near a door's middle sends the disc in
ZOMBIE_PICK_CM = 6.0  # a gun's click picks the zombie nearest it within this
MAX_FAN_CM = 300.0  # the fan is drawn no farther than this from the piece
LABEL = (226, 232, 238)
CELL_PX = 18  # a cell of the corner map (at least 16 px: big enough to see and point at)
FAN_ALPHA = 110  # the fan's fill: half-transparent, the table's labels show through
TEXT_PX = 17  # the assist's own text size (pygame-ce's default font)
# How the workers start: forked (at once, the physics already imported; the child touches
# nothing of SDL) where the system forks, spawned elsewhere.
START = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
# A short viridis-like ramp (dark blue -> green -> yellow) for 0..1.
RAMP = ((68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37))


def colour(p: float) -> tuple[int, int, int]:
    """The heat map's colour of probability `p` (0..1)."""
    x = max(0.0, min(1.0, p)) * (len(RAMP) - 1)
    i = min(int(x), len(RAMP) - 2)
    f = x - i
    a, b = RAMP[i], RAMP[i + 1]
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f),
            round(a[2] + (b[2] - a[2]) * f))


@dataclass
class Job:
    """One map being computed: the target's key, the shot and the cells come back so far."""

    key: tuple[Any, ...]
    what: str
    shot: Shot
    kind: str
    hand: str
    shot_params: Any = None  # the physics parameters (mass, friction: the stop rings)
    shown_hand: str = "none"  # the window's hand noise (the words say it when not none)
    reason: str | None = None  # why every cell is 0% (once the map is in and it is)
    futures: dict[Future[list[int]], list[int]] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)
    first_s: float | None = None  # seconds from the start to the first cell
    done_s: float | None = None  # ... to the last


class Assist:
    """The aim assist of one window (off until `toggle`)."""

    def __init__(self, grid: Grid | None = None, repeats: int = 8, workers: int = 1) -> None:
        self.grid = grid or Grid.around(7, 7)
        self.repeats = repeats
        self.workers = workers
        self.on = False
        self.version = 0  # changes whenever the picture of the map does
        self.target: tuple[Any, ...] | None = None  # ("move", (x, y)) / ("enter", name) / ...
        self.job: Job | None = None
        self.stale = 0  # cells that came back for a dropped job and were thrown away
        self.cancelled = 0  # cells of a dropped job that never ran
        self.submitted = 0
        self.message = ""
        self.failed = ""  # why the workers stopped, if they did
        self._old: dict[Future[list[int]], int] = {}  # a dropped job's running cells
        self._pool: ProcessPoolExecutor | None = None
        self._finalizer: Any = None
        self._layer: tuple[Any, pygame.Surface, tuple[int, int]] | None = None
        self._font: pygame.font.Font | None = None
        self._texts: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = {}

    # ---- switching, targets -----------------------------------------------------------
    def toggle(self, app: PlayApp) -> None:
        self.on = not self.on
        if self.on:
            app.status = "aim assist on (C): click the target while aiming a move or a gun"
            self._start_pool()
        else:
            self.drop()
            self.target = None
            self.close()
            app.status = "aim assist off (C)"
        self.version += 1

    def working(self) -> bool:
        """A map is being computed (the window keeps drawing frames to show it fill in)."""
        return self.job is not None and self.job.done_s is None

    def aim_at(self, app: PlayApp, p: tuple[float, float]) -> bool:
        """A click at `p` (cm) on the table away from the piece: the new target. False when
        the assist does not plan the action now (the click is the window's again)."""
        if not self._applies(app):
            return False
        g = app.game
        board = g.board
        if app.action == "move":
            doors = [(math.dist(board.door_mid(b), p), b) for b in board.buildings]
            near = min(doors, default=None)
            self.target = (("enter", near[1]) if near is not None and near[0] <= DOOR_PICK_CM
                           else ("move", (round(p[0], 1), round(p[1], 1))))
        else:
            zs = [(math.dist(board.pos(z), p), z) for z in board.zombies()]
            hit = min(zs, default=None)
            if hit is None or hit[0] > ZOMBIE_PICK_CM:
                app.refuse("aim assist: click a zombie to shoot at")
                return True
            up = [(d, z) for d, z in zs if d <= ZOMBIE_PICK_CM and standing(board, z)]
            if not up:
                app.refuse("aim assist: that zombie is down already; a bullet on a fallen "
                           "figure does nothing (click a standing one)")
                return True
            self.target = ("shoot", min(up)[1])
        self.version += 1
        return True

    # ---- every frame ------------------------------------------------------------------
    def poll(self, app: PlayApp) -> None:
        """Start, drop or collect the map for what the window shows now; never waits."""
        self._reap()
        if not self.on:
            return
        key = self._key(app)
        if key is None:
            if self.job is not None:
                self.drop()
            return
        if self.job is None or self.job.key != key:
            self.drop()
            self._submit(app, key)
        self._collect()
        job = self.job
        if job is not None and job.done_s is not None and job.reason is None:
            best = self.best()
            job.reason = "" if best is None or job.wins[best] > 0 else why_zero(app, job)
            self.version += 1
        if self.failed:
            app.refuse(self.failed)
            self.failed = ""

    def _applies(self, app: PlayApp) -> bool:
        g = app.game
        if (not self.on or app.busy() or g.over or app.pass_screen or g.phase != "act"
                or app.action not in ACTIONS or g.active is None):
            return False
        if g.active_survivor.piece is None:
            self.message = "aim assist: plans from the table (the survivor is inside)"
            return False
        return True

    def _key(self, app: PlayApp) -> tuple[Any, ...] | None:
        """What the map depends on, or None when nothing is to be planned now."""
        self.message = ""
        if not self._applies(app):
            self.target = None if not self.on or app.action not in ACTIONS else self.target
            return None
        g = app.game
        board = g.board
        piece = g.active_survivor.piece
        if self.target is not None and self.target[0] == "shoot" and (
                not board.exists(self.target[1]) or not standing(board, self.target[1])):
            self.target = None  # it fell (or left the table): a shot at it does nothing
        up = [z for z in board.zombies() if standing(board, z)]
        if (self.target is None and app.action in ("gun", "two_guns") and up
                and piece is not None):
            here = board.pos(piece)
            self.target = ("shoot", min(up, key=lambda z: (math.dist(board.pos(z), here), z)))
        if self.target is None and app.action in ("gun", "two_guns"):
            self.message = "aim assist: no standing zombie to shoot at"
            return None
        if self.target is None:
            self.message = "aim assist: click where the disc should go (a door: in)"
            return None
        if self.target[0] == "shoot" and (app.action == "move"
                                          or self.target[1] not in g.board.zombies()):
            self.target = None
            return None
        if self.target[0] != "shoot" and app.action != "move":
            self.target = None
            return None
        side = app.side if app.action == "gun" else (
            "left" if app.first_flick is None else "right")
        return (id(g), len(g.inputs), app.action, side, self._hand(app), self.target,
                app.settings.hand_seed, app.hand)

    @staticmethod
    def _hand(app: PlayApp) -> str:
        return "steady" if app.hand == "none" else app.hand

    def shot(self, app: PlayApp, key: tuple[Any, ...]) -> tuple[Shot, str]:
        """The planner's shot for `key` (see `_key`) and its words."""
        g = app.game
        target, side = key[5], key[3]
        if target[0] == "move":
            return move_shot(g, target[1]), f"move to ({target[1][0]:.0f}, {target[1][1]:.0f})"
        if target[0] == "enter":
            return enter_shot(g, target[1]), f"enter the {target[1].replace('_', ' ')}"
        return shoot_shot(g, target[1], side), f"shoot zombie {target[1]} from the {side}"

    def _submit(self, app: PlayApp, key: tuple[Any, ...]) -> None:
        shot, what = self.shot(app, key)
        hand = key[4]
        params = app.game.board.params
        noise = HandNoise.from_params(params, hand)
        kind = "movement_disc" if app.action == "move" else "bullet"
        job = Job(key, what, shot, kind, hand, shot_params=params, shown_hand=key[7])
        pool = self._start_pool()
        for i in self.order():
            f = pool.submit(run_cells, params, shot, noise, self.grid, self.repeats, key[6], [i])
            job.futures[f] = [i]
            self.submitted += 1
        self.job = job
        self.version += 1

    def order(self) -> list[int]:
        """The cells in the order they are computed: from the friction model's aim outwards
        (the likeliest to matter first; the numbers do not depend on the order)."""
        na, npow = len(self.grid.angles), len(self.grid.powers)
        mid_a, mid_p = (na - 1) / 2, (npow - 1) / 2
        return sorted(range(len(self.grid)), key=lambda i: (
            abs(i // npow - mid_a) / max(1.0, mid_a) + abs(i % npow - mid_p) / max(1.0, mid_p),
            i))

    def _collect(self) -> None:
        job = self.job
        if job is None:
            return
        got = [f for f in job.futures if f.done()]
        for f in got:
            cells = job.futures.pop(f)
            error = None if f.cancelled() else f.exception()
            if f.cancelled() or error is not None:  # a worker died: say so, never crash
                self.drop()
                self.close()
                self.failed = f"aim assist stopped: {error or 'cancelled'} (C starts it again)"
                self.on = False
                self.version += 1
                return
            for i, w in zip(cells, f.result(), strict=True):
                job.wins[i] = w
        if got:
            now = time.perf_counter() - job.started
            job.first_s = job.first_s if job.first_s is not None else now
            if len(job.wins) == len(self.grid):
                job.done_s = now
            self.version += 1

    def drop(self) -> None:
        """Forget the current job: its queued cells cancelled, its running ones discarded."""
        job, self.job = self.job, None
        if job is None:
            return
        for f, cells in job.futures.items():
            if f.cancel():
                self.cancelled += len(cells)
            else:
                self._old[f] = len(cells)
        self.version += 1

    def _reap(self) -> None:
        for f in [f for f in self._old if f.done()]:
            self.stale += self._old.pop(f)

    # ---- the map ------------------------------------------------------------------------
    @property
    def layer(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The fan as last drawn: its surface and the screen point of its top left corner
        (None before a map is drawn)."""
        return None if self._layer is None else (self._layer[1], self._layer[2])

    @property
    def dropped_running(self) -> int:
        """Cells of dropped jobs still running in a worker (each counted in `stale` when it
        ends)."""
        return sum(self._old.values())

    @property
    def pool(self) -> ProcessPoolExecutor | None:
        """The worker processes while they run (None when the assist is off or closed)."""
        return self._pool

    def plan(self) -> Plan | None:
        """The finished map as a `flick.plan.Plan` (None until every cell is in)."""
        job = self.job
        if job is None or len(job.wins) < len(self.grid):
            return None
        cells = tuple(cell(job.shot, self.grid, i, job.wins[i], self.repeats)
                      for i in range(len(self.grid)))
        return Plan(self.grid, cells, int(job.key[6]), len(self.grid) * self.repeats)

    def cells(self) -> dict[int, float]:
        """The probabilities of the cells come back so far (what is drawn)."""
        job = self.job
        return {} if job is None else {i: w / self.repeats for i, w in job.wins.items()}

    def stop_cm(self, factor: float) -> float:
        """The stop ring of a power `factor` (cm from the piece's start): how far the piece
        launched at the map's strength times `factor` would slide on an open table (for a
        bullet, past the zombie: it does not stop there)."""
        job = self.job
        assert job is not None
        return _stop(job, factor)

    def fan(self, app: PlayApp) -> list[tuple[int, list[tuple[float, float]]]]:
        """Each cell's patch (cm): between its aim's edges and between the stop rings of its
        power's edges, from the piece's start."""
        job = self.job
        assert job is not None
        start = next(p for p in job.shot.state.pieces if p.id == job.shot.piece)
        x0, y0 = start.x, start.y
        angles, powers = self.grid.angles, self.grid.powers
        da = (angles[1] - angles[0]) / 2 if len(angles) > 1 else math.radians(0.5)
        dp = (powers[1] - powers[0]) / 2 if len(powers) > 1 else 0.03
        out = []
        for i in range(len(self.grid)):
            a_off, f = self.grid.cell(i)
            a = job.shot.angle + a_off
            r0 = min(MAX_FAN_CM, _stop(job, f - dp))
            r1 = min(MAX_FAN_CM, _stop(job, f + dp))
            pts = []
            for r, aa in ((r0, a - da), (r1, a - da), (r1, a + da), (r0, a + da)):
                pts.append((x0 + r * math.cos(aa), y0 + r * math.sin(aa)))
            out.append((i, pts))
        return out

    def draw(self, app: PlayApp, screen: pygame.Surface) -> None:
        """The heat map, its corner map, legend and line, over the city (nothing when off or
        nothing planned)."""
        if not self.on or app.on_fight_table():
            return
        job = self.job
        if job is None:
            if self.message:
                self._line(app, screen, self.message)
            return
        cam = app.cam
        key = (self.version, cam, app.area.size, tuple(app.panel.rect))
        if self._layer is None or self._layer[0] != key:
            self._layer = (key, *self._render(app))
        _, layer, at = self._layer
        screen.blit(layer, at)
        self._mark(app, screen)
        self._map(app, screen)
        self._line(app, screen, self.line())

    def free(self, app: PlayApp) -> pygame.Rect:
        """Where the assist may draw: the table's area left of the panel."""
        area = app.area.copy()
        panel = app.panel.rect
        if panel.colliderect(area) and panel.x > area.x:
            area.width = panel.x - area.x
        return area

    def _mark(self, app: PlayApp, screen: pygame.Surface) -> None:
        """The target clicked: a cross at the point, a ring on the door or the zombie."""
        board, cam, t = app.game.board, app.cam, self.target
        if t is None:
            return
        if t[0] == "move":
            x, y = cam.px(*t[1])
            for d in ((-6, -6, 6, 6), (-6, 6, 6, -6)):
                pygame.draw.line(screen, (255, 255, 255), (x + d[0], y + d[1]),
                                 (x + d[2], y + d[3]), 2)
        elif t[0] == "enter" and t[1] in board.buildings:
            pygame.draw.circle(screen, (255, 255, 255), cam.px(*board.door_mid(t[1])), 9, 2)
        elif t[0] == "shoot" and board.exists(t[1]):
            pygame.draw.circle(screen, (255, 255, 255), cam.px(*board.pos(t[1])),
                               max(8.0, cam.length(1.6)), 2)

    def _render(self, app: PlayApp) -> tuple[pygame.Surface, tuple[int, int]]:
        cam = app.cam
        patches = [(i, [cam.px(*q) for q in pts]) for i, pts in self.fan(app)]
        xs = [x for _, pts in patches for x, _ in pts]
        ys = [y for _, pts in patches for _, y in pts]
        box = pygame.Rect(math.floor(min(xs)) - 3, math.floor(min(ys)) - 3,
                          math.ceil(max(xs) - min(xs)) + 7, math.ceil(max(ys) - min(ys)) + 7)
        box = box.clip(self.free(app))
        layer = pygame.Surface((max(1, box.width), max(1, box.height)), pygame.SRCALPHA)
        done = self.cells()
        best = self.best()
        for i, pts in patches:
            local = [(x - box.x, y - box.y) for x, y in pts]
            if i in done:
                c = colour(done[i])
                pygame.draw.polygon(layer, (*c, FAN_ALPHA), local)
                pygame.draw.polygon(layer, (*c, 230), local, 1)
            else:
                pygame.draw.polygon(layer, (140, 140, 150, 50), local)
                pygame.draw.polygon(layer, (200, 200, 210, 120), local, 1)
        if best is not None:
            pts = [(x - box.x, y - box.y) for x, y in patches[best][1]]
            pygame.draw.polygon(layer, (255, 255, 255, 255), pts, 2)
        return layer, box.topleft

    def map_rect(self, app: PlayApp) -> pygame.Rect:
        """Where the corner map goes: its cells, `CELL_PX` square, aim across, power down
        (strongest on top), in the table's bottom-left corner above the line."""
        free = self.free(app)
        na, npow = len(self.grid.angles), len(self.grid.powers)
        rect = pygame.Rect(0, 0, na * CELL_PX, npow * CELL_PX)
        rect.bottomleft = (free.x + 16 + 64, free.bottom - 44 - 2 * TEXT_PX - 34 - 2 * TEXT_PX)
        return rect

    def cell_rect(self, app: PlayApp, i: int) -> pygame.Rect:
        """Cell `i`'s square on the corner map."""
        rect = self.map_rect(app)
        npow = len(self.grid.powers)
        a, k = i // npow, i % npow
        return pygame.Rect(rect.x + a * CELL_PX, rect.y + (npow - 1 - k) * CELL_PX,
                           CELL_PX, CELL_PX)

    def _map(self, app: PlayApp, screen: pygame.Surface) -> None:
        """The corner map (each cell a `CELL_PX` square, its stop ring on the left, the aim
        below) and the colour legend under it."""
        rect = self.map_rect(app)
        back = rect.inflate(8, 8)
        back.x -= 64
        back.width += 64
        back.y -= TEXT_PX  # the "stop ring" heading above the cells
        back.height += 4 * TEXT_PX + 30
        back = back.clip(self.free(app))
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((16, 18, 24, 215))
        screen.blit(shade, back.topleft)
        done = self.cells()
        best = self.best()
        for i in range(len(self.grid)):
            r = self.cell_rect(app, i)
            if i in done:
                pygame.draw.rect(screen, colour(done[i]), r)
            else:
                pygame.draw.rect(screen, (90, 92, 100), r)
            pygame.draw.rect(screen, (16, 18, 24), r, 1)
        if best is not None:
            pygame.draw.rect(screen, (255, 255, 255), self.cell_rect(app, best), 2)
        powers = self.grid.powers
        for k in (0, len(powers) // 2, len(powers) - 1):  # stop rings: weakest, middle, strongest
            r = self.cell_rect(app, k)
            self._text(screen, f"{self.stop_cm(powers[k]):.0f} cm", (rect.x - 4, r.centery),
                       "midright")
        self._text(screen, "stop ring", (rect.x - 4, rect.y - 2), "bottomright")
        angles = self.grid.angles
        self._text(screen, f"aim {math.degrees(angles[0]):+.0f}..{math.degrees(angles[-1]):+.0f}"
                   " deg", (rect.centerx, rect.bottom + 2), "midtop")
        # the legend: the colour ramp 0..100 %, grey not yet, white the best
        ramp = pygame.Rect(rect.x - 60, rect.bottom + TEXT_PX + 8, rect.width + 60, 10)
        for x in range(ramp.width):
            pygame.draw.line(screen, colour(x / max(1, ramp.width - 1)),
                             (ramp.x + x, ramp.y), (ramp.x + x, ramp.bottom - 1))
        self._text(screen, "0%", (ramp.x, ramp.bottom + 1), "topleft")
        self._text(screen, "success", (ramp.centerx, ramp.bottom + 1), "midtop")
        self._text(screen, "100%", (ramp.right, ramp.bottom + 1), "topright")
        self._text(screen, "grey: not yet, white: best", (ramp.x, ramp.bottom + TEXT_PX + 2),
                   "topleft", (170, 176, 186))

    def _text(self, screen: pygame.Surface, text: str, at: tuple[int, int], anchor: str,
              colour_: tuple[int, int, int] = LABEL) -> None:
        key = (text, colour_)
        img = self._texts.get(key)
        if img is None:
            if self._font is None:
                self._font = pygame.font.Font(None, TEXT_PX)
            img = self._texts[key] = self._font.render(text, True, colour_)
        screen.blit(img, img.get_rect(**{anchor: at}))

    def best(self) -> int | None:
        """The best cell come back so far (the ringed one; ties to the lower index), None
        before any."""
        done = self.cells()
        if not done:
            return None
        job = self.job
        assert job is not None
        return max(done, key=lambda i: (done[i], -i))

    def line(self) -> str:
        """The words under the map: progress, then the best cell's odds, aim and stop ring;
        at 0% everywhere, why."""
        job = self.job
        assert job is not None
        n, k = len(self.grid), len(job.wins)
        hand = "" if job.shown_hand == "none" else f", {job.hand} hand"
        head = f"assist{hand}, {job.what}: "
        b = self.best()
        if b is None:
            return head + f"planning... 0/{n} cells"
        if k == n and job.wins[b] == 0 and job.reason:
            return head + f"0% everywhere: {job.reason}"
        c = cell(job.shot, self.grid, b, job.wins[b], self.repeats)
        lo, hi = c.interval
        a_off, f = self.grid.cell(b)
        best = (f"{100 * c.p:.0f}% (95% {100 * lo:.0f}-{100 * hi:.0f}%) at "
                f"{math.degrees(a_off):+.1f} deg, stop ring at {self.stop_cm(f):.0f} cm")
        return head + (f"best {best}" if k == n else f"{k}/{n} cells, best so far {best}")

    def _line(self, app: PlayApp, screen: pygame.Surface, text: str) -> None:
        """The line at the bottom of the table, wrapped at word breaks to stay in it."""
        free = self.free(app)
        if self._font is None:
            self._font = pygame.font.Font(None, TEXT_PX)
        room = max(100, free.width - 44)
        rows = [""]
        for word in text.split(" "):
            trial = f"{rows[-1]} {word}".strip()
            if rows[-1] and self._font.size(trial)[0] > room:
                rows.append(word)
            else:
                rows[-1] = trial
        imgs = [self._font.render(r, True, LABEL) for r in rows]
        h = sum(i.get_height() for i in imgs)
        w = max(i.get_width() for i in imgs)
        strip = pygame.Rect(free.x + 16, free.bottom - 44 - h, w, h).inflate(12, 6)
        pygame.draw.rect(screen, (16, 18, 24), strip, border_radius=5)
        y = strip.y + 3
        for img in imgs:
            screen.blit(img, (strip.x + 6, y))
            y += img.get_height()

    # ---- the worker pool ----------------------------------------------------------------
    def _start_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forked where the system can (the workers start at once, the physics loaded)
            ctx = multiprocessing.get_context(START)
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
            self._finalizer = weakref.finalize(self, _shutdown, self._pool)
            self._pool.submit(_warm)  # the workers import the physics while nobody waits
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (the assist starts them again when next switched on)."""
        self.drop()
        if self._finalizer is not None:
            self._finalizer()
        self._pool, self._finalizer = None, None
        self._old.clear()


def standing(board: Any, zombie: int) -> bool:
    """The zombie stands (a fallen one is no target: a bullet on it does nothing)."""
    return bool(board.table.is_standing(zombie))


def _stop(job: Job, factor: float) -> float:
    """How far (cm) the job's piece launched at its strength times `factor` slides on an open
    table: its stop ring."""
    params = job.shot_params
    mass, mu = piece_spec(params, job.kind)
    v = job.shot.strength * max(0.0, factor) / mass
    return v * v / (2.0 * mu * float(params.gravity))


# words for what may stand in the way (a building's support block is named by its building)
BLOCKER_WORDS = {"car": "the car", "ice_cream_truck": "the ice cream truck",
                 "pickup_truck": "the pickup truck", "barrel": "a barrel", "box": "a box",
                 "street_lamp": "a street lamp", "barricade": "a barricade",
                 "zombie": "a zombie"}


def why_zero(app: PlayApp, job: Job) -> str:
    """Why no cell of the job's map succeeds, in words: the first piece or building on the
    straight way from the piece to its target ("blocked by the car"), or that nothing is."""
    g = app.game
    board = g.board
    start = next(p for p in job.shot.state.pieces if p.id == job.shot.piece)
    target = job.key[5]
    radius = app.view.footprints.get(job.kind).reach
    ignore: set[Any] = set()
    me = g.active_survivor.piece
    if me is not None:
        ignore.add(me)  # the piece starts beside (a bullet) or under (a disc) the survivor
    if target[0] == "shoot":
        end = board.pos(target[1])
        if me is not None and _crosses(board.pos(me), (start.x, start.y), end,
                                       radius + board.figure_r):
            side = "left" if job.key[3] == "right" else "right"
            return (f"blocked by {g.active_survivor.name} (the bullet sits on the other side; "
                    f"S puts it on the {side})")
    if target[0] == "shoot":
        end = board.pos(target[1])
        ignore.add(target[1])
    elif target[0] == "enter":
        end = board.door_mid(target[1])
        ignore.update(board.building_parts(target[1])[:2])
    else:
        end = target[1]
    ob = first_blocker((start.x, start.y), end, radius, board.obstacles(), ignore)
    if ob is None:
        return ("nothing stands on the straight way: too far or too narrow for this hand "
                "(try a nearer target)")
    return "blocked by " + blocker_words(g, ob.pid, ob.kind)


def _crosses(centre: tuple[float, float], start: tuple[float, float],
             end: tuple[float, float], reach: float) -> bool:
    """The way from `start` to `end` heads into the circle of `reach` about `centre`."""
    ux, uy = end[0] - start[0], end[1] - start[1]
    cx, cy = centre[0] - start[0], centre[1] - start[1]
    return ux * cx + uy * cy > 0 and point_segment(centre, start, end) < reach


def blocker_words(game: Any, pid: Any, kind: str) -> str:
    """A piece in the way, as the table's words: a survivor's name, a building's name."""
    board = game.board
    for name in board.buildings:
        if pid in board.building_parts(name)[:2]:
            return f"the {name.replace('_', ' ')} (its support block)"
    if kind == "survivor":
        for s in game.survivors.values():
            if s.piece == pid:
                return s.name
    return BLOCKER_WORDS.get(kind, "the " + kind.replace("_", " "))


def _warm() -> None:
    import flick.plan.planner  # noqa: F401


def _shutdown(pool: ProcessPoolExecutor) -> None:
    pool.shutdown(wait=False, cancel_futures=True)
