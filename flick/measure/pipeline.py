"""One clip measured: marks -> scale, every frame tracked, the shots split and measured."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flick.errors import FlickError
from flick.measure import scale as scale_mod
from flick.measure import shots as shots_mod
from flick.measure.colours import ColourRange
from flick.measure.track import Tracker
from flick.measure.video import VideoInfo, frames
from flick.physics import PhysicsParams
from flick.physics.footprint import Footprints

MARK_FRAMES = 10  # frames the corner marks are looked for in (the median of each is used)


@dataclass(frozen=True)
class Options:
    """What to measure: the test, the kinds, the colours, the marks' rectangle (cm)."""

    test: str
    piece: str
    target: str | None
    piece_colour: ColourRange
    target_colour: ColourRange | None
    mark_colour: ColourRange
    marks: tuple[float, float]


@dataclass
class Result:
    info: VideoInfo
    scale: scale_mod.Scale
    shots: list[shots_mod.Measured]
    frames: int


def measure(info: VideoInfo, options: Options, params: PhysicsParams,
            progress: Callable[[int], None] | None = None) -> Result:
    """Track every frame of the clip and measure its shots. `progress(frames_done)` is called
    every few frames."""
    fp = Footprints(params)
    if options.test != "slide" and (options.target is None or options.target_colour is None):
        raise FlickError(f"a '{options.test}' test needs the target's kind and colour",
                         exit_code=2)
    colours = {"piece": options.piece_colour}
    if options.test != "slide":
        assert options.target_colour is not None
        colours["target"] = options.target_colour
    first: list = []
    tracker: Tracker | None = None
    count = 0
    for i, frame in frames(info):
        if tracker is None:
            first.append(frame)
            if len(first) < MARK_FRAMES:
                continue
            tracker = Tracker(scale_mod.from_frames(first, options.mark_colour, options.marks),
                              colours)
            for f in first:
                tracker.add(f)
            first = []
        else:
            tracker.add(frame)
        count = i + 1
        if progress is not None and count % 16 == 0:
            progress(count)
    if tracker is None:
        if not first:
            raise FlickError(f"{info.path}: no frames could be read")
        tracker = Tracker(scale_mod.from_frames(first, options.mark_colour, options.marks),
                          colours)
        for f in first:
            tracker.add(f)
        count = len(first)
    if progress is not None:
        progress(count)
    pieces = {name: shots_mod.PieceFrames.from_track(
        t.arrays(), may_grow=name == "target" and options.test == "topple")
        for name, t in tracker.tracks.items()}
    if not pieces["piece"].good.any():
        raise FlickError(f"{info.path}: no {options.piece_colour.name} piece was seen in any "
                         "frame: check --colour")
    target_radius = 0.0
    if options.target is not None:
        target_radius = fp.get(options.target).reach
    setup = shots_mod.Setup(options.test, options.piece, options.target, info.fps,
                            fp.get(options.piece).reach, target_radius)
    return Result(info, tracker.scale, shots_mod.measure_all(pieces, setup), count)
