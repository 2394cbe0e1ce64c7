"""The replay viewer behind `flick replay FILE`: play / pause, shot by shot forward and back,
slow motion and speed-up, with the event log in sync.

A game this flick can re-simulate is watched in the play window itself, in replay mode
(`watch`, `flick.ui.modes.replay`). What follows is the viewer for the rest: a file recorded
with another pymunk, or whose scenario cannot be rebuilt here.

Motion: when this flick can re-run the game (the same pymunk, the scenario and physics
rebuilt from the file), the recorded inputs are applied again to a fresh `Game` with a
`MotionRecorder` listening, so each shot shows the physics' own frames, and every input's
table hash is compared with the file's (a difference is shown in the panel). Otherwise the
stored resting poses are used: each shot moves every piece in a straight line from where it
rested before to where it rested after, over `INTERPOLATED_S` (the panel says so).

Keys: Space play / pause, Right / Left next / previous shot, Up / Down faster / slower
(1/8x to 8x), Home / End first / last shot, F fit, wheel zoom, right-drag pan, Escape or
Ctrl+Q quit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from flick.game.narration import describe
from flick.physics.state import PieceState
from flick.ui.app import PANEL_W
from flick.ui.camera import fit_box
from flick.ui.motion import FRAME_S, Clip, MotionRecorder
from flick.ui.render import Camera, save_png, wrap
from flick.ui.table_view import TableView, TextCache, tower_home

INTERPOLATED_S = 0.6  # s: a shot shown from stored poses only
PAUSE_S = 0.5  # s: the pause between shots while playing
SPEEDS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass
class Step:
    """One shot of the replay: its clip, the input it belonged to (0-based), and how many
    log lines were written once that input was played."""

    clip: Clip
    input: int
    log_end: int
    label: str
    decor: dict[int, Any] = field(default_factory=dict)


@dataclass
class Timeline:
    """The shots of one game, ready to show."""

    steps: list[Step]
    log: list[str]
    city_table: Any
    fight_table: Any
    title: str
    note: str
    mismatches: list[int] = field(default_factory=list)
    tower_home: Any = None


def build(game_rec: Any) -> Timeline:
    """The timeline of a `flick.replay.LoadedGame`: re-simulated when possible, else from
    the stored poses."""
    if game_rec.problem is None and game_rec.scenario is not None and game_rec.params is not None:
        return _resimulated(game_rec)
    return _interpolated(game_rec, game_rec.problem or "the scenario or physics cannot be "
                        "rebuilt here")


def _title(rec: Any) -> str:
    res = rec.result
    end = f"{res.winner or 'survivors lose'} ({res.end_reason})" if res.over else "unfinished"
    return (f"S{rec.scenario.number} {rec.scenario.name} - seed {rec.seed}, "
            f"{len(rec.inputs)} inputs, {res.turns} turns: {end}")


def _resimulated(lg: Any) -> Timeline:
    from flick.physics import Table
    from flick.ui import adapter

    rec = lg.record
    game = lg.new_game()
    motion = MotionRecorder()
    motion.attach(game.board.table, "city")
    steps: list[Step] = []
    log: list[str] = []
    logged = 0
    mismatches = []
    labels = adapter.decor(game)
    for i, inp in enumerate(lg.inputs):
        before = labels
        game.apply(inp)
        labels = adapter.decor(game)
        if game.fight is not None:
            motion.attach(game.fight.table, "fight")
        for j in range(logged, len(game.events)):
            line = describe(game.events[j], game.events[j - 1] if j else None)
            if line:
                log.append(line)
        logged = len(game.events)
        if game.board.table.state_hash() != rec.after[i]:
            mismatches.append(i)
        for clip in motion.take():
            if clip.frames and clip.table != "tower":  # the drop's side view: the window's
                steps.append(Step(clip, i, len(log), str(rec.inputs[i].get("input", "")),
                                  {**before, **labels}))
    from flick.game.scenarios.fight import STAGE

    fight_table = Table(game.board.params, city=STAGE)
    note = ("re-simulated: the physics' own motion" if not mismatches else
            f"re-simulated, but {len(mismatches)} input(s) ended on another table than "
            f"recorded (first: input {mismatches[0] + 1})")
    return Timeline(steps, log, game.board.table, fight_table, _title(rec), note, mismatches,
                    tower_home(game))


def _interpolated(lg: Any, why: str) -> Timeline:
    from flick.game.scenarios.fight import STAGE
    from flick.physics import PhysicsParams, Table

    rec = lg.record
    params = lg.params or PhysicsParams.default()
    city = Table(params, city=tuple(rec.start.city))
    city.restore(lg.start_state())
    before = {p.id: p for p in lg.start_state().pieces}
    last_fight: dict[int, PieceState] = {}
    steps: list[Step] = []
    log: list[str] = []
    n = max(2, round(INTERPOLATED_S / FRAME_S))
    for k, shot in enumerate(rec.shots):
        after = {p.id: p for p in lg.state_after(k).pieces}
        start = before if shot.table == "city" else last_fight
        clip = Clip(shot.table, dict(start))
        for f in range(1, n + 1):
            u = f / n
            frame = {}
            for pid, b in after.items():
                a = start.get(pid, b)
                frame[pid] = (b.kind, a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u,
                              a.angle + _turn(a.angle, b.angle) * u,
                              b.standing if u > 0.5 else a.standing)
            clip.frames.append(frame)
        gone = set(start) - set(after)
        if gone:
            clip.gone[n - 1] = gone
        kind = str(rec.inputs[shot.input].get("input", ""))
        fell = ", ".join(f"{k_}#{pid}" for pid, k_ in shot.fell[:4]) or "nothing"
        log.append(f"shot {k + 1} ({kind}, {shot.type}): fell {fell}")
        steps.append(Step(clip, shot.input, len(log), kind))
        if shot.table == "city":
            before = after
        else:
            last_fight = after
    fight_table = Table(params, city=STAGE)
    return Timeline(steps, log, city, fight_table, _title(rec),
                    f"stored poses, straight-line motion ({why})")


def _turn(a: float, b: float) -> float:
    return (b - a + math.pi) % (2 * math.pi) - math.pi


class Viewer:
    """The window: the table, the shot being shown, the log up to it."""

    def __init__(self, timeline: Timeline, size: tuple[int, int] = (1280, 800)) -> None:
        self.tl = timeline
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        w, h = size
        self.screen = pygame.display.get_surface() or pygame.display.set_mode(size)
        self.area = pygame.Rect(0, 0, w - PANEL_W, h)
        self.city_view = TableView(timeline.city_table, timeline.tower_home)
        self.fight_view = TableView(timeline.fight_table)
        wc, hc = timeline.city_table.city
        self.city_cam = fit_box(-3, -3, wc + 3, hc + 3, self.area)
        self.index = 0
        self.time = 0.0
        self.playing = True
        self.speed = 1.0
        self.wait = 0.0
        self.quit = False
        self.text = TextCache()
        self.font = pygame.font.Font(None, 20)
        self.small = pygame.font.Font(None, 17)
        self.head = pygame.font.Font(None, 26)
        self.pan: tuple[tuple[int, int], Camera] | None = None

    @property
    def step(self) -> Step | None:
        steps = self.tl.steps
        return steps[self.index] if 0 <= self.index < len(steps) else None

    def cam(self) -> Camera:
        step = self.step
        if step is not None and step.clip.table == "fight":
            xs = [p.x for p in step.clip.start.values()] or [100.0]
            ys = [p.y for p in step.clip.start.values()] or [100.0]
            return fit_box(min(xs) - 30, min(ys) - 15, max(xs) + 30, max(ys) + 15, self.area)
        return self.city_cam

    # ---- control --------------------------------------------------------------------------
    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.tl.steps) - 1, index))
        self.time = 0.0
        self.wait = 0.0

    def key(self, name: str) -> None:
        if name == "space":
            self.playing = not self.playing
        elif name == "right":
            self.go(self.index + 1)
        elif name == "left":
            self.go(self.index - 1)
        elif name in ("up", "down"):
            i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.speed))
            i = min(len(SPEEDS) - 1, i + 1) if name == "up" else max(0, i - 1)
            self.speed = SPEEDS[i]
        elif name == "home":
            self.go(0)
        elif name == "end":
            self.go(len(self.tl.steps) - 1)
        elif name == "f":
            wc, hc = self.tl.city_table.city
            self.city_cam = fit_box(-3, -3, wc + 3, hc + 3, self.area)
        elif name == "escape":
            self.quit = True

    def advance(self, dt: float) -> None:
        step = self.step
        if step is None or not self.playing:
            return
        if self.time < step.clip.duration:
            self.time = min(step.clip.duration, self.time + dt * self.speed)
            return
        self.wait += dt
        if self.wait >= PAUSE_S:
            if self.index + 1 < len(self.tl.steps):
                self.go(self.index + 1)
            else:
                self.playing = False

    # ---- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        screen = self.screen
        step = self.step
        cam = self.cam()
        fight = step is not None and step.clip.table == "fight"
        view = self.fight_view if fight else self.city_view
        screen.set_clip(self.area)
        screen.blit(view.background(self.area.size, cam, None), (0, 0))
        if step is not None:
            frame = int(self.time / FRAME_S)
            pieces = step.clip.poses_at(frame).values()
            view.draw_pieces(screen, cam, pieces, step.decor)
            if step.clip.tower:
                view.draw_tower_at(screen, cam, step.clip.tower)
        screen.set_clip(None)
        self._panel(screen)

    def _panel(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        rect = pygame.Rect(w - PANEL_W, 0, PANEL_W, h)
        pygame.draw.rect(screen, (30, 34, 42), rect)
        x, y = rect.x + 12, 8
        fg, accent = (226, 232, 238), (255, 200, 60)
        self.text.blit(screen, self.head, "Replay", (x, y), accent, "topleft")
        y += 26
        for line in wrap(self.tl.title, self.small, PANEL_W - 24):
            self.text.blit(screen, self.small, line, (x, y), fg, "topleft")
            y += 15
        for line in wrap(self.tl.note, self.small, PANEL_W - 24):
            self.text.blit(screen, self.small, line, (x, y), (150, 200, 150) if not
                           self.tl.mismatches else (255, 110, 100), "topleft")
            y += 15
        step = self.step
        n = len(self.tl.steps)
        state = "playing" if self.playing else "paused"
        where = (f"shot {self.index + 1} of {n}: input {step.input + 1} ({step.label}), "
                 f"{step.clip.table} table" if step else "no shots in this game")
        y += 6
        self.text.blit(screen, self.font, where, (x, y), fg, "topleft")
        y += 20
        t = f"{self.time:.2f} / {step.clip.duration:.2f} s" if step else ""
        self.text.blit(screen, self.font, f"{state}, speed x{self.speed:g}  {t}", (x, y), fg,
                       "topleft")
        y += 20
        self.text.blit(screen, self.small, "Space play/pause  Left/Right shot  Up/Down speed  "
                       "Home/End", (x, y), (130, 138, 150), "topleft")
        y += 22
        self.text.blit(screen, self.font, "Events", (x, y), accent, "topleft")
        y += 18
        end = step.log_end if step else 0
        lines: list[str] = []
        for entry in self.tl.log[:end]:
            lines += wrap(entry, self.small, PANEL_W - 24)
        room = max(0, (h - y - 8) // 15)
        for line in lines[-room:] if room else []:
            self.text.blit(screen, self.small, line, (x, y), fg, "topleft")
            y += 15

    # ---- loop -----------------------------------------------------------------------------
    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        clock = pygame.time.Clock()
        count = 0
        while not self.quit:
            dt = FRAME_S if frames is not None else min(0.05, clock.tick(60) / 1000.0)
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    self.quit = True
                elif ev.type == pygame.KEYDOWN:
                    if ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL:
                        self.quit = True
                    self.key(pygame.key.name(ev.key))
                elif ev.type == pygame.MOUSEWHEEL:
                    self._zoom(pygame.mouse.get_pos(), ev.y)
                elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
                    self.pan = (ev.pos, self.city_cam)
                elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 3:
                    self.pan = None
                elif ev.type == pygame.MOUSEMOTION and self.pan is not None:
                    (x0, y0), cam = self.pan
                    self.city_cam = Camera(cam.scale, (cam.origin[0] + ev.pos[0] - x0,
                                                       cam.origin[1] + ev.pos[1] - y0))
            self.advance(dt)
            self.draw()
            pygame.display.flip()
            count += 1
            if frames is not None and count >= frames:
                break
        if screenshot:
            save_png(self.screen, screenshot, "screenshot")  # atomic
        return 0

    def _zoom(self, at: tuple[int, int], steps: int) -> None:
        self.city_cam = self.city_cam.zoomed(at, steps)


def run(path_or_replay: Any, frames: int | None = None, screenshot: str | None = None,
        game: int = 1, size: tuple[int, int] = (1280, 800)) -> int:
    """Open the viewer on a replay file (path) or a loaded `flick.replay.Replay`; game `game`
    of the file (from 1). `frames` quits after so many frames (1/60 s each), `screenshot`
    saves the last one."""
    from flick import replay as rp
    from flick.errors import FlickError

    replay = path_or_replay if isinstance(path_or_replay, rp.Replay) else rp.load(path_or_replay)
    if not 1 <= game <= len(replay.games):
        raise FlickError(f"the replay holds {len(replay.games)} game(s), not game {game}")
    lg = replay.games[game - 1]
    if lg.problem is None and not rp.same_pymunk(replay):
        lg = rp.LoadedGame(lg.record, lg.scenario, lg.params, lg.inputs,
                           "recorded with another pymunk version", lg.number)
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption(f"flick replay - {replay.path.name}")
        pygame.display.set_mode(size)
        if lg.problem is None and lg.scenario is not None and lg.params is not None:
            return watch(lg, frames, screenshot, size)
        return Viewer(build(lg), size).run(frames, screenshot)
    finally:
        pygame.quit()


def watch(lg: Any, frames: int | None = None, screenshot: str | None = None,
          size: tuple[int, int] = (1280, 800)) -> int:
    """The play window in replay mode (`flick.ui.modes.replay`) on a game this flick can
    re-simulate: the same window, motion, sounds and tower view as a live game."""
    from flick.ui.app import PlayApp, Settings
    from flick.ui.modes.replay import ReplayMode

    rec = lg.record
    game = lg.new_game()
    app = PlayApp(game, Settings(size=size, frames=frames, screenshot=screenshot,
                                 briefing=False))
    app.modes.push(app, ReplayMode(lg.inputs, list(rec.after), _title(rec)))
    return app.run()


def view(replay: Any, game: int, args: Any) -> int:
    """The hook `flick replay FILE` calls (flick/replay_cli.py)."""
    return run(replay, frames=getattr(args, "frames", None),
               screenshot=getattr(args, "screenshot", None), game=game)
