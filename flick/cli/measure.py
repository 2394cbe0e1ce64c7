"""`flick measure`: turn a top-down video of shots on a real table into the CSV `flick tune` fits.

Put four marks of one colour at the corners of a rectangle you measured (--marks WxH, cm), the
pieces in colours that stand out from the table (--colour for the flicked piece,
--target-colour for the piece it hits; the same colour for both works: the one that moves
first is the striker), a white dot on the flicked piece's rim to see it turn;
film from above, the phone still. tools/README.md ("From a video") shows where everything goes.

Each shot (a piece starts moving ... every piece rests) becomes one CSV row; a shot it is unsure
of (a hand over the piece, a lost track, two pieces merged, too few frames) is left out, named in
a comment line of the CSV, and listed by --review. --sheets DIR writes a contact sheet PNG per
shot (the first frame, the track, the values) to check each measurement by eye.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TESTS = ("slide", "collision", "topple")


# The fastest camera a shot is filmed with (frames a second) and the largest table (cm).
MAX_FPS = 10_000.0
MAX_SIDE = 1000.0


def _rectangle(text: str) -> tuple[float, float]:
    try:
        w, h = (float(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not WxH in cm (e.g. 80x60)") from None
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"'{text}': both sides must be above 0 and at most "
                                         f"{MAX_SIDE:g} cm")
    return (w, h)


def _fps(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0 < value <= MAX_FPS:  # NaN and infinity too
        raise argparse.ArgumentTypeError(f"the frame rate must be above 0 and at most "
                                         f"{MAX_FPS:g} (got '{text[:20]}')")
    return value


def _rolling(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0 <= value <= 2:  # NaN too
        raise argparse.ArgumentTypeError(f"a rolling shutter's readout is 0 to 2 frames' "
                                         f"interval (got '{text[:20]}')")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "measure",
        help="measure shots in a top-down video of a real table (a CSV for flick tune)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("video", type=Path, help="the clip (any format OpenCV reads: mp4, mov, avi)")
    p.add_argument("--test", choices=TESTS, required=True, help="what the clip shows")
    p.add_argument("--piece", default="movement_disc", help="kind of the flicked piece")
    p.add_argument("--target", default=None,
                   help="kind of the piece hit (topple: the figure, default zombie; collision: "
                        "the same kind as --piece)")
    p.add_argument("-o", "--out", type=Path, help="write the measured shots here (CSV)")
    p.add_argument("--colour", default="blue", help="colour of the flicked piece (default blue)")
    p.add_argument("--target-colour", default="green",
                   help="colour of the piece hit (default green; the flicked piece's own "
                   "colour: two pieces of one colour, the striker the one that moves first)")
    p.add_argument("--mark-colour", default="magenta",
                   help="colour of the four corner marks (default magenta)")
    p.add_argument("--marks", type=_rectangle, default=(80.0, 60.0), metavar="WxH",
                   help="cm between the corner marks' centres (default 80x60)")
    p.add_argument("--fps", type=_fps, default=None,
                   help="the rate it was filmed at, when the file says otherwise (slow motion)")
    p.add_argument("--rolling", type=_rolling, default=0.0, metavar="SHARE",
                   help="the phone's rolling shutter: its last row exposed this share of a "
                   "frame's interval after its first (about 1 at 30-60 fps; default 0: not "
                   "corrected). Slides up or down the picture need it; across, hardly")
    p.add_argument("--sheets", type=Path, metavar="DIR", help="write a contact sheet per shot")
    p.add_argument("--review", action="store_true",
                   help="list the shots it is unsure of, with their frames and reasons")
    p.add_argument("--json", action="store_true", help="print every shot as JSON")
    p.add_argument("--physics", type=Path, default=None,
                   help="parameter file for the pieces' sizes (default the default table)")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from flick import atomic
    from flick.errors import FlickError
    from flick.measure import output, pipeline, sheet, video
    from flick.measure.colours import parse_colour
    from flick.physics import PhysicsParams

    params = PhysicsParams.load(args.physics) if args.physics else PhysicsParams.default()
    for kind in (args.piece, args.target):
        if kind is not None and kind not in params.pieces:
            raise FlickError(f"unknown piece kind '{kind}'; known: {', '.join(params.pieces)}",
                             exit_code=2)
    target = args.target
    if args.test == "collision":
        if target not in (None, args.piece):
            raise FlickError("a collision strikes a piece of the same kind: leave out --target",
                             exit_code=2)
        target = args.piece
    elif args.test == "topple":
        target = target or "zombie"
        if params.pieces[target].topple is None:
            raise FlickError(f"a {target} cannot fall: topple a figure", exit_code=2)
    options = pipeline.Options(
        test=args.test, piece=args.piece, target=target if args.test != "slide" else None,
        piece_colour=parse_colour(args.colour),
        target_colour=parse_colour(args.target_colour) if args.test != "slide" else None,
        mark_colour=parse_colour(args.mark_colour), marks=args.marks, rolling=args.rolling)
    if args.out:
        atomic.refuse_input(args.out, [args.video, args.physics], "the CSV")
    info = video.open_video(args.video, args.fps)
    if args.out:
        atomic.check_writable(args.out, "the CSV")
    console = Console(stderr=True)
    progress = Progress(TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.completed}/{task.total} frames"), TimeElapsedColumn(),
                        console=console, transient=True, disable=not console.is_terminal)
    import time

    start = time.perf_counter()
    with progress:
        task = progress.add_task(f"tracking {info.path.name}", total=info.frames or None)
        result = pipeline.measure(info, options, params,
                                  lambda n: progress.update(task, completed=n))
    seconds = time.perf_counter() - start
    sheets: dict[int, Path] = {}
    try:
        if args.out:
            atomic.write_text(args.out, output.csv_text(result.shots, info.path.name))
        if args.sheets and result.shots:
            problems = [m.problem for m in result.shots if m.problem is not None]
            grabbed = video.grab(info, [m.first for m in result.shots] + problems)
            for m in result.shots:
                frame = grabbed.get(m.first)
                if frame is not None:
                    title = (f"{info.path.name} shot {m.number} ({args.test}), frames "
                             f"{m.first}-{m.last}" + ("" if m.sure else " - UNSURE"))
                    problem = grabbed.get(m.problem) if m.problem is not None else None
                    sheets[m.number] = sheet.write(args.sheets, frame, m, result.scale, title,
                                                   problem)
    except OSError as exc:
        raise FlickError(f"{getattr(exc, 'filename', None) or 'output'}: cannot write: "
                         f"{getattr(exc, 'strerror', None) or exc}") from None
    sure = [m for m in result.shots if m.sure]
    unsure = [m for m in result.shots if not m.sure]
    if args.json:
        json.dump({
            "video": info.path.name, "fps": info.fps, "frames": result.frames,
            "frames_per_second_processed": result.frames / max(seconds, 1e-9),
            "shots": [{"shot": m.number, "frames": [m.first, m.last], "sure": m.sure,
                       "reasons": m.reasons, "values": m.values} for m in result.shots],
        }, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(f"{info.path.name}: {result.frames} frames at {info.fps:g} fps, "
              f"{len(result.shots)} shot(s): {len(sure)} measured, {len(unsure)} unsure "
              f"({result.frames / max(seconds, 1e-9):.0f} frames/s)")
        if unsure and not args.review:
            print("the unsure shots are left out of the CSV; --review lists them")
    if args.review:
        for m in unsure:
            where = f" (sheet {sheets[m.number]})" if m.number in sheets else ""
            print(f"unsure shot {m.number}, frames {m.first}-{m.last}{where}:")
            for reason in m.reasons or ["nothing could be measured"]:
                print(f"  - {reason}")
        if not unsure:
            print("no unsure shots")
    if args.out and not args.json:
        print(f"CSV written: {args.out}")
    return 0
