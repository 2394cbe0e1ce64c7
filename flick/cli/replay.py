"""`flick replay FILE`: look at, verify or export a recorded game (see `flick.replay`).

    flick replay game.json                 open the replay viewer (a shot-by-shot summary
                                           when the window is not available)
    flick replay game.json --verify        re-simulate and compare every state hash, and
                                           the embedded scenario with the bundled file
    flick replay game.json --verify --scenario my.yaml
                                           ... with that scenario file instead
    flick replay game.json --export shots.csv
                                           one CSV row per flicked piece per shot
    flick replay game.json --png frames/   a picture of the city after every shot

Replays are written by `flick sim ... --record FILE` and by every `flick play` game.

What --verify can and cannot tell: the embedded scenario and physics carry their hashes (a
damaged file is refused on loading), but whoever edits them can recompute the hashes. Edits
that change the game are caught by the re-simulation; a game of a bundled scenario records the
file's name, and its embedded scenario is compared with that file field by field (a name, a
story, an objective's params); --scenario YAML compares with a file of yours. A custom scenario
edited and re-hashed in a field that does not change the game cannot be told from an honest
one without a key: verify then says OK "checked against its own hash only".
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

# The pygame replay viewer (play / pause, shot by shot, slow motion) lives in the UI package:
# a module with `view(replay: flick.replay.Replay, game: int, args) -> int` (game counted from
# 1 in `replay.games`). Without it (or with --summary) `flick replay FILE` prints the
# shot-by-shot summary below.
VIEWER_MODULE = "flick.ui.replay_viewer"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="view, verify (--verify) or export (--export) a recorded game",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", nargs="?", default=None,
                   help="a replay file (JSON); or --last")
    p.add_argument("--last", action="store_true",
                   help="the newest replay `flick play` wrote (in replays/)")
    p.add_argument("--verify", action="store_true",
                   help="re-simulate every game and compare every shot's state hash, and the "
                        "embedded scenario with the bundled file it came from (every differing "
                        "field named); exit 1 when anything differs")
    p.add_argument("--scenario", metavar="YAML", default=None,
                   help="--verify: compare each game's embedded scenario with this scenario "
                        "(a number, name or YAML path) instead of the bundled file")
    p.add_argument("--export", metavar="CSV",
                   help="write one row per flicked piece per shot (piece, impulse, first "
                        "touch, fell, travel) to CSV")
    p.add_argument("--png", metavar="DIR",
                   help="draw the city after set-up and after every shot (from the stored "
                        "poses) as PNG files in DIR")
    p.add_argument("--game", type=int, default=None, metavar="K",
                   help="only game K of a file with several (counting from 1)")
    p.add_argument("--resimulate", action="store_true",
                   help="re-simulate even when the file was recorded with another pymunk "
                        "version (results may then differ)")
    p.add_argument("--summary", action="store_true",
                   help="print the shot-by-shot summary instead of opening the viewer")
    p.add_argument("--frames", type=int, default=None,
                   help="viewer: quit after N frames (1/60 s each; for tests, no screen)")
    p.add_argument("--screenshot", metavar="PNG", default=None,
                   help="viewer: save the last frame as PNG")
    p.set_defaults(handler=handle)


def newest_replay(folder: str | None = None) -> str:
    """The most recently written replay in `folder` (default `flick play`'s replays/)."""
    from pathlib import Path

    from flick.cli.play import REPLAYS
    from flick.errors import FlickError

    # an empty file is a game's name claimed a moment before its first write
    files = [p for p in Path(folder or REPLAYS).glob("*.json")
             if p.is_file() and p.stat().st_size > 0]
    if not files:
        raise FlickError(f"--last: no replay in {folder or REPLAYS}/ yet (play a game first)",
                         exit_code=2)
    return str(max(files, key=lambda p: (p.stat().st_mtime_ns, p.name)))


def handle(args: argparse.Namespace) -> int:
    import pymunk
    from rich.console import Console

    from flick import replay as rp
    from flick.errors import FlickError

    if args.last == (args.file is not None):
        raise FlickError("give a replay FILE or --last (one of them)", exit_code=2)
    replay = rp.load(args.file or newest_replay())
    if args.export and _same_file(args.export, replay.path):
        raise FlickError(f"--export {args.export}: that is the replay being read; choose "
                         "another file (the replay is never overwritten)", exit_code=2)
    if args.game is not None:
        if not 1 <= args.game <= len(replay.games):
            raise FlickError(f"--game {args.game}: the file holds {len(replay.games)} game(s)",
                             exit_code=2)
        replay = rp.Replay(replay.path, replay.file, (replay.games[args.game - 1],))
    err = Console(stderr=True)
    if not rp.same_pymunk(replay):
        err.print(f"[yellow]warning:[/yellow] recorded with pymunk {replay.file.pymunk}, this is "
                  f"pymunk {pymunk.version}: re-simulation may differ, so the stored poses are "
                  "shown" + (" (--resimulate: re-simulating anyway)" if args.resimulate else ""))
    code = 0
    against = None
    if args.scenario is not None:
        if not args.verify:
            raise FlickError("--scenario is for --verify", exit_code=2)
        from flick.scenario import load, resolve
        from flick.scenario.loader import display

        against = (load(args.scenario), display(resolve(args.scenario)))
    if args.verify:
        code = _verify(replay, args.resimulate, err, against)
    if args.export:
        rows = rp.export_csv(replay, args.export)
        err.print(f"{rows} rows written to {args.export}")
    if args.png:
        from flick.ui.pictures import write_pictures

        pictures = write_pictures(replay, args.png)
        err.print(f"{len(pictures)} pictures written to {args.png}")
    if not args.verify and not args.export and not args.png:
        viewer = None if args.summary else _viewer()
        if viewer is not None:
            # `replay` holds only the chosen game when --game was given: it is game 1 here.
            return int(viewer.view(replay, 1, args) or 0)
        _print_summary(replay)
    return code


def _viewer() -> Any:
    try:
        module = importlib.import_module(VIEWER_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name and VIEWER_MODULE.startswith(exc.name):
            return None
        raise
    return module if hasattr(module, "view") else None


def _verify(replay: Any, force: bool, err: Any, against: tuple[Any, str] | None = None) -> int:
    from rich.progress import Progress

    from flick import replay as rp

    scenario, label = against if against is not None else (None, "")
    with Progress(console=err, transient=True) as progress:
        checks = rp.verify(replay, force=force, progress=progress, scenario=scenario,
                           scenario_label=label)
    out = sys.stdout
    failed = [c for c in checks if c.ok is False]
    for c in checks:
        out.write(("FAILED " if c.ok is False else "") + c.message + "\n")
    verified = [c for c in checks if c.ok]
    if failed:
        out.write(f"FAILED: {len(failed)} of {len(checks)} game(s) failed verification\n")
        return 1
    if len(verified) < len(checks):
        out.write(f"NOT VERIFIED: {len(checks) - len(verified)} game(s) recorded with another "
                  "pymunk version (use --resimulate to try)\n")
        return 1  # whatever the reason, a replay that did not verify is not a success
    out.write(f"OK: {len(checks)} game(s), {sum(c.inputs for c in checks)} inputs, "
              f"{sum(c.shots for c in checks)} shots, {sum(c.hashes for c in checks)} hashes "
              "equal\n")
    return 0


def _print_summary(replay: Any) -> None:
    """Each game's header and one line per shot (what the viewer steps through)."""
    out = sys.stdout
    for game in replay.games:
        n = game.number
        rec = game.record
        res = rec.result
        outcome = (f"{res.winner or 'survivors lose'} ({res.end_reason})" if res.over
                   else "not finished")
        out.write(f"game {n}: scenario {rec.scenario.number} {rec.scenario.name}, seed "
                  f"{rec.seed}, {len(rec.inputs)} inputs, {len(rec.shots)} shots, {res.turns} "
                  f"turns: {outcome}\n")
        if game.problem:
            out.write(f"  (shown from stored poses only: {game.problem})\n")
        for k, shot in enumerate(rec.shots, start=1):
            launched = ", ".join(
                f"{launch.kind}#{launch.piece}"
                + (f" impulse ({launch.impulse[0]:.0f}, {launch.impulse[1]:.0f})"
                   if launch.impulse else "")
                for launch in shot.launched[:4]
            ) + (" ..." if len(shot.launched) > 4 else "")
            first = ", ".join(f"{kind}#{t}" for _, t, kind in shot.first_touch[:3]) or "nothing"
            fell = ", ".join(f"{kind}#{pid}" for pid, kind in shot.fell[:4]) or "none"
            travel = ", ".join(f"{d:.1f}" for _, d in shot.travel[:4])
            action = rec.inputs[shot.input].get("input", "")
            out.write(f"  shot {k:3d}  input {shot.input + 1:3d} {action:<11} {shot.table:<5} "
                      f"{shot.type:<5} {launched}; first touch: {first}; fell: {fell}; "
                      f"travel {travel} cm\n")


def _same_file(out: str, source: object) -> bool:
    """Is `out` the file `source` (through a link or another spelling of its path too)?"""
    import os
    from pathlib import Path

    try:
        return Path(out).exists() and os.path.samefile(out, str(source))
    except OSError:
        return Path(out).resolve() == Path(str(source)).resolve()
