"""`flick scenarios list|show|validate|render`: the scenario maps of Flick 'em Up! Dead of Winter.

A scenario is named by its number, its name (`starvation`, "Get Outta Town!"), its file stem
or a path to a YAML file of your own (format: `scenarios/README.md`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

REF_HELP = "a number (1-10), a name ('starvation'), a file stem or a path to a YAML file"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenarios",
        help="list, show, validate and draw the scenario maps",
        description=(
            "The ten scenarios of Flick 'em Up! Dead of Winter as YAML files "
            "(scenarios/*.yaml, format in scenarios/README.md). A scenario is named by "
            + REF_HELP + ". Invalid files are reported as FILE:LINE:COLUMN: problem, "
            "every problem at once, exit status 2."
        ),
    )
    cmds = p.add_subparsers(dest="scenarios_command", metavar="ACTION")
    lst = cmds.add_parser("list", help="number, name, mode and players of each bundled scenario")
    lst.set_defaults(handler=_list)
    show = cmds.add_parser("show", help="a scenario's story, teams, tokens, clock and rules")
    show.add_argument("scenario", help=REF_HELP)
    show.add_argument("--json", action="store_true", help="print the validated model as JSON")
    show.set_defaults(handler=_show)
    val = cmds.add_parser(
        "validate", help="check scenario files (all bundled ones by default)",
        description="Check scenario files and print every problem as FILE:LINE:COLUMN: what "
        "is wrong. Exit status 0 when all are valid, 2 otherwise.")
    val.add_argument("files", nargs="*", help=REF_HELP + " (default: every bundled scenario)")
    val.set_defaults(handler=_validate)
    ren = cmds.add_parser(
        "render", help="draw a scenario's map to a PNG file",
        description="Draw the map top-down: buildings with doors and support blocks, "
        "vehicles, objects, zombies, survivors by name, token markers, the tower and bin, the "
        "city limits, a title and a legend. Works without a display.")
    ren.add_argument("scenario", help=REF_HELP)
    ren.add_argument("-o", "--output", required=True, help="PNG file to write")
    ren.add_argument("--size", default="1200x900", help="picture size WIDTHxHEIGHT in pixels "
                     "(default 1200x900)")
    ren.set_defaults(handler=_render)
    p.set_defaults(handler=lambda args: (p.print_help(), 0)[1])


def _list(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from flick.scenario import bundled, check

    table = Table(title="Flick 'em Up! Dead of Winter scenarios")
    for col in ("#", "name", "mode", "players", "file"):
        table.add_column(col, overflow="fold")
    problems = 0
    for path in bundled():
        result = check(path)
        sc = result.scenario
        if sc is None or not result.ok:
            problems += 1
            table.add_row(path.stem[1:3], "(invalid: run `flick scenarios validate`)", "", "",
                          path.name)
            continue
        pl = sc.players
        players = ", ".join(map(str, pl.counts)) if pl.counts else f"{pl.min}-{pl.max}"
        table.add_row(str(sc.number), sc.name, sc.mode, players, path.name)
    Console().print(table)
    return 2 if problems else 0


def _show(args: argparse.Namespace) -> int:
    from flick.scenario import load, resolve

    sc = load(args.scenario)
    if args.json:
        print(json.dumps(sc.model_dump(mode="json"), indent=2))
        return 0
    from flick.scenario.describe import legend_lines
    from flick.scenario.loader import display

    pl = sc.players
    players = ", ".join(map(str, pl.counts)) if pl.counts else f"{pl.min}-{pl.max}"
    where = display(resolve(args.scenario))
    print(f"S{sc.number} - {sc.name}  ({sc.mode}, {players} players)  [{where}]")
    print()
    print(sc.story.strip())
    print()
    for line in legend_lines(sc):
        print(line)
    print()
    print(f"City {sc.city.width:g} x {sc.city.height:g} cm; {len(sc.buildings)} buildings, "
          f"{len(sc.vehicles)} vehicles, {len(sc.barrels)} barrels, {len(sc.boxes)} boxes, "
          f"{len(sc.street_lamps)} street lamps, {len(sc.barricades)} barricades")
    print("Provenance: from the rulebook: " + ", ".join(sc.provenance.rulebook))
    print("            reconstructed: " + ", ".join(sc.provenance.reconstructed))
    for note in sc.provenance.notes:
        print(f"  - {' '.join(note.split())}")
    return 0


def _validate(args: argparse.Namespace) -> int:
    from flick.scenario import bundled, check
    from flick.scenario.loader import display

    refs = args.files or bundled()
    bad = 0
    for ref in refs:
        result = check(ref)
        if result.ok:
            print(f"ok  {display(result.path)}")
        else:
            bad += 1
            print(result.message(), file=sys.stderr)
    total = len(refs)
    print(f"{total - bad} of {total} scenario file{'s' if total != 1 else ''} valid")
    return 2 if bad else 0


def _render(args: argparse.Namespace) -> int:
    from flick.errors import FlickError
    from flick.scenario import load

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise FlickError(f"--size is WIDTHxHEIGHT, e.g. 1200x900, not {args.size!r}",
                         exit_code=2) from None
    if not (400 <= w <= 8000 and 300 <= h <= 8000):
        raise FlickError("--size: width 400-8000, height 300-8000 pixels", exit_code=2)
    sc = load(args.scenario)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from flick.ui.render import save_map

    out = Path(args.output)
    if out.suffix.lower() != ".png":
        raise FlickError(f"the output must be a .png file, not {out}", exit_code=2)
    if not out.parent.exists():
        raise FlickError(f"no folder {out.parent} to write {out.name} into", exit_code=2)
    save_map(sc, out, (w, h))
    print(f"wrote {out} ({w} x {h})")
    return 0
