"""One clip measured: marks -> scale, every frame tracked, the shots split and measured."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flick.errors import FlickError
from flick.measure import scale as scale_mod
from flick.measure import shots as shots_mod
from flick.measure.colours import ColourRange
from flick.measure.track import Background, Tracker
from flick.measure.video import VideoInfo, stamped
from flick.measure.video import times as video_times
from flick.physics import PhysicsParams
from flick.physics.footprint import Footprints

MARK_FRAMES = 10  # first frames the corner marks are looked for in if the table's median lacks
BACKGROUND_FRAMES = 25  # frames spread over the clip whose median is the bare table


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
    rolling: float = 0.0  # a rolling shutter's readout, a share of a frame's interval


@dataclass
class Result:
    info: VideoInfo
    scale: scale_mod.Scale
    shots: list[shots_mod.Measured]
    frames: int


def measure(info: VideoInfo, options: Options, params: PhysicsParams,
            progress: Callable[[int], None] | None = None) -> Result:
    """Measure the clip's shots in two passes: the first reads every frame's time and keeps
    frames spread over the clip, whose median is the bare table (`Background`), where the
    corner marks are found; the second tracks every frame. `progress(frames_done)` is called
    every few frames of the second pass."""
    import numpy as np

    fp = Footprints(params)
    if options.test != "slide" and (options.target is None or options.target_colour is None):
        raise FlickError(f"a '{options.test}' test needs the target's kind and colour",
                         exit_code=2)
    colours = {"piece": options.piece_colour}
    if options.test != "slide":
        assert options.target_colour is not None
        colours["target"] = options.target_colour
    stamps, first, sample = _survey(info)
    if not stamps:
        raise FlickError(f"{info.path}: no frames could be read")
    background = Background.of(sample)
    scale = scale_mod.from_background(background.image, first, options.mark_colour,
                                      options.marks)
    tracker = Tracker(scale, colours, background)
    count = 0
    for i, _stamp, frame in stamped(info):
        tracker.add(frame)
        count = i + 1
        if progress is not None and count % 16 == 0:
            progress(count)
    if progress is not None:
        progress(count)
    times = video_times(stamps[:count], info)
    pieces = {name: shots_mod.PieceFrames.from_track(
        t.arrays(), may_grow=name == "target" and options.test == "topple")
        for name, t in tracker.tracks.items()}
    if not pieces["piece"].good.any():
        seen = int(np.isfinite(pieces["piece"].x).sum())
        raise FlickError(
            f"{info.path}: no {options.piece_colour.name} piece was seen clear of a hand in any "
            f"frame (seen in {seen} of {count} frames): check --colour, and keep the hand off "
            "the piece while it moves")
    target_radius = 0.0
    if options.target is not None:
        target_radius = fp.get(options.target).reach
    nominal = (count - 1) / float(times[-1]) if count > 1 and times[-1] > 0 else info.fps
    setup = shots_mod.Setup(options.test, options.piece, options.target, nominal,
                            fp.get(options.piece).reach, target_radius, times,
                            tracker.scale.px_per_cm(),
                            one_colour=options.target_colour == options.piece_colour,
                            rolling=options.rolling)
    return Result(info, tracker.scale, shots_mod.measure_all(pieces, setup), count)


def _survey(info: VideoInfo) -> tuple[list[float], list, list]:
    """The first pass: every frame's timestamp (ms), the first MARK_FRAMES frames, and up to
    BACKGROUND_FRAMES frames spread evenly over the clip."""
    every = max(1, info.frames // BACKGROUND_FRAMES) if info.frames > 0 else 8
    stamps: list[float] = []
    first: list = []
    sample: list = []
    for i, stamp, frame in stamped(info):
        stamps.append(stamp)
        if i < MARK_FRAMES:
            first.append(frame)
        if i % every == 0:
            sample.append(frame)
            if len(sample) > 2 * BACKGROUND_FRAMES:  # the count was an estimate: thin out
                sample = sample[::2]
                every *= 2
    return stamps, first, sample
