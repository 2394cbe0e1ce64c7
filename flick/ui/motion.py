"""Motion for the screen: every physics run of a game, recorded as 60 Hz frames of poses.

The rules engine runs each shot to rest in one call (`Table.simulate`, `Table.rush`). To show
the motion at the physics' own pace, `MotionRecorder` listens to the same runs: it wraps the
table's `world()` (an instance attribute of that one table; nothing global) and the fresh
world's `space.step`, and after each step that crosses a frame boundary (every 1/60 s of
simulated time) notes the pose of every moving piece. It only reads: the game plays exactly
as without it (same floats, same hashes). The recorded `Clip`s are played back frame by
frame, one frame per 1/60 s of wall time, so a shot on screen lasts as long as on the table.

The zombie tower's drop is a physics run of its own (the side view, `TowerWorld`): while a
recorder is attached, each drop's frames (every shape's outline in the tower's side plane,
1/60 s apart) become a `Clip` of table "tower" with `side` frames, played before the rush
that follows it, for drops inside `MotionRecorder.drops()`. The hook wraps `TowerWorld.run`
once per process and only reads.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from flick.physics.state import PieceState

FRAME_S = 1.0 / 60.0
TOWER_ID = 0  # the id a rush's tower reports (flick.physics.tower_rush)

Pose = tuple[str, float, float, float, bool]  # kind, x, y, angle, standing
# One shape of the tower's side view: its outline (x along the drop toward the exit, z up, cm)
# and whether it is a zombie (else a wall, baffle, ramp, the support or the table).
SideShape = tuple[tuple[tuple[float, float], ...], bool]
_NEVER = 1 << 62  # the `enter` frame of a piece not seen yet
_LISTENERS: list[Any] = []  # recorders that want the tower's drops (the newest hears them)


@dataclass
class Clip:
    """One physics run: the pieces at its start, then one dict of moved poses per frame.

    `table` names the table ("city" or "fight"); `tower` is the rush tower's corners (cm)
    when the run is a Zombie Rush; `gone` maps a frame index to pieces that fell off the
    table's edge at it; `enter` maps a piece that enters the run later (a rushed zombie
    leaving the tower's exit) to the first frame it is on the table in (not shown before).
    """

    table: str
    start: dict[int, PieceState]
    frames: list[dict[int, Pose]] = field(default_factory=list)
    tower: list[tuple[float, float]] | None = None
    gone: dict[int, set[int]] = field(default_factory=dict)
    # A tower drop: its side view, frame by frame, until its first zombie leaves; a rush's
    # table run: the rest of that drop's side view, shown alongside (frame k with frame k).
    side: list[list[SideShape]] | None = None
    enter: dict[int, int] = field(default_factory=dict)
    _cursor: tuple[int, dict[int, Pose]] = field(default_factory=lambda: (-1, {}), repr=False)
    _falls: tuple[int, dict[int, int]] = field(default=(-1, {}), repr=False)

    @property
    def duration(self) -> float:
        """Seconds of motion (simulated = shown)."""
        return len(self.frames) * FRAME_S

    def falls(self) -> dict[int, int]:
        """The figures that fall in this run: id -> the frame at which they lie down."""
        if self._falls[0] != len(self.frames):  # (frames still come while it streams)
            standing = {p: st.standing for p, st in self.start.items()}
            falls: dict[int, int] = {}
            for k, f in enumerate(self.frames):
                for pid, (kind, _, _, _, st) in f.items():
                    if kind in ("survivor", "zombie") and standing.get(pid, True) and not st:
                        falls.setdefault(pid, k)
                    standing[pid] = st
            self._falls = (len(self.frames), falls)
        return self._falls[1]

    def tipping(self, frame: int, frames: int) -> dict[int, float]:
        """Figures part way through their fall at `frame`: id -> 0..1, a fall shown over
        `frames` frames from the one at which the physics lays it down."""
        return {pid: (frame - k + 1) / frames for pid, k in self.falls().items()
                if 0 <= frame - k < frames - 1}

    def poses_at(self, frame: int) -> dict[int, PieceState]:
        """Every piece of the run at `frame` (clamped), as `PieceState`s."""
        out = {p: s for p, s in self.start.items() if p not in self.enter}
        if not self.frames:
            return out
        frame = max(0, min(frame, len(self.frames) - 1))
        # The latest pose of each piece up to this frame (a piece at rest is not noted
        # again). Playback goes forward, so the running result is kept between calls.
        cursor, latest = self._cursor
        if frame < cursor:
            cursor, latest = -1, {}
        for f in self.frames[cursor + 1: frame + 1]:
            latest.update(f)
        self._cursor = (frame, latest)
        removed: set[int] = set()
        for k, ids in self.gone.items():
            if k <= frame:
                removed |= ids
        for pid, (kind, x, y, a, st) in latest.items():
            if self.enter.get(pid, 0) <= frame:
                out[pid] = PieceState(pid, kind, x, y, a, st)
        for pid in removed:
            out.pop(pid, None)
        return out


class MotionRecorder:
    """Records every physics run of the tables it is attached to as `Clip`s."""

    def __init__(self) -> None:
        self.clips: list[Clip] = []
        # Told after each frame is recorded, while the run goes on (`flick.ui.stream`).
        self.on_frame: Callable[[], None] | None = None
        # The side view of the last drop after its first zombie left: the rush's table run
        # that follows (it starts then) shows it in the inset.
        self._drop_rest: list[list[SideShape]] | None = None
        # Weak: a fight's table goes with its fight, and a later one may reuse its id().
        self._tables: weakref.WeakSet[Any] = weakref.WeakSet()

    def attach(self, table: Any, name: str = "city") -> None:
        """Listen to `table`'s physics runs (idempotent per table)."""
        if table in self._tables:
            return
        self._tables.add(table)
        make_world = table.world

        def recorded_world() -> Any:
            world = make_world()
            self._watch(world, name)
            return world

        table.world = recorded_world

    @contextmanager
    def drops(self) -> Iterator[None]:
        """Within this block, record the tower's drops too (any drop in the process: use it
        around one game's input)."""
        _hook_tower()
        _LISTENERS.append(self)
        try:
            yield
        finally:
            _LISTENERS.remove(self)

    def take(self) -> list[Clip]:
        """The clips recorded since the last call (and forget them)."""
        out, self.clips = self.clips, []
        return out

    def _watch(self, world: Any, name: str) -> None:
        clip = Clip(name, dict(world.start))
        self.clips.append(clip)
        space = world.space
        step = space.step
        clock = {"t": 0.0, "next": FRAME_S, "first": True}

        coming: set[int] = set()  # pieces that enter the run later, not yet seen

        def recorded_step(dt: float) -> None:
            if clock["first"]:
                clock["first"] = False
                clip.tower = _tower(world)
                coming.update(getattr(world, "arrivals", ()))
                clip.enter = dict.fromkeys(coming, _NEVER)
                if coming and self._drop_rest is not None:
                    clip.side, self._drop_rest = self._drop_rest, None
            step(dt)
            clock["t"] += dt
            if clock["t"] + 1e-12 >= clock["next"]:
                clock["next"] += FRAME_S * max(1, int((clock["t"] - clock["next"]) / FRAME_S) + 1)
                clip.frames.append(_poses(world))
                for pid in coming & clip.frames[-1].keys():
                    clip.enter[pid] = len(clip.frames) - 1
                    coming.discard(pid)
                gone = set(world.gone)
                if gone:
                    clip.gone[len(clip.frames) - 1] = gone
                if self.on_frame is not None:
                    self.on_frame()

        space.step = recorded_step


def _hook_tower() -> None:
    """Wrap `TowerWorld.run` (once) so the attached recorder sees every drop's frames."""
    from flick.physics.tower.drop import TowerWorld

    if getattr(TowerWorld.run, "_flick_ui_hook", False):
        return
    run = TowerWorld.run

    def recorded_run(world: Any) -> Any:
        if not _LISTENERS:
            return run(world)
        listener = _LISTENERS[-1]
        frames: list[list[SideShape]] = []
        # in the recorder's list from the start (an empty clip is not played): its frames
        # can be drawn as they come
        clip = Clip("tower", {}, [], side=frames)
        listener.clips.append(clip)
        step = world.space.step
        clock = {"t": 0.0, "next": 0.0}
        zombies = {id(b) for b in world.zombies}

        def recorded_step(dt: float) -> None:
            step(dt)
            clock["t"] += dt
            if clock["t"] + 1e-12 >= clock["next"]:
                clock["next"] += FRAME_S
                frames.append(_side(world.space, zombies))
                clip.frames.append({})
                if listener.on_frame is not None:
                    listener.on_frame()

        world.space.step = recorded_step
        try:
            exits = run(world)
        finally:
            world.space.step = step
        # The rush's table run starts as the first zombie leaves: this clip ends there (frame
        # k is about k / 60 s into the drop) and the run's clip shows the rest of the drop.
        if exits:
            lead = min(len(frames), round(min(e.time for e in exits) / FRAME_S) + 1)
            listener._drop_rest = frames[lead:]
            del frames[lead:], clip.frames[lead:]
        return exits

    recorded_run._flick_ui_hook = True  # type: ignore[attr-defined]
    TowerWorld.run = recorded_run  # type: ignore[method-assign,assignment]


def _side(space: Any, zombies: set[int]) -> list[SideShape]:
    out: list[SideShape] = []
    for shape in space.shapes:
        body = shape.body
        if hasattr(shape, "get_vertices"):
            pts = tuple((float(p.x), float(p.y)) for p in
                        (body.local_to_world(v) for v in shape.get_vertices()))
        elif hasattr(shape, "a"):
            a, b = body.local_to_world(shape.a), body.local_to_world(shape.b)
            pts = ((float(a.x), float(a.y)), (float(b.x), float(b.y)))
        else:
            continue
        out.append((pts, id(body) in zombies))
    return out


def _poses(world: Any) -> dict[int, Pose]:
    fell = set(world.fell)
    out: dict[int, Pose] = {}
    for pid, body in world.active.items():
        if pid in world.gone:
            continue
        start = world.start[pid]
        x, y = body.position
        out[pid] = (start.kind, float(x), float(y), float(body.angle),
                    start.standing and pid not in fell)
    return out


def _tower(world: Any) -> list[tuple[float, float]] | None:
    """The rush tower's footprint corners, when the world has one (a static block owned by
    TOWER_ID)."""
    for shape, owner in world.owner.items():
        if owner == TOWER_ID and hasattr(shape, "get_vertices"):
            body = shape.body
            return [tuple(body.local_to_world(v)) for v in shape.get_vertices()]
    return None
