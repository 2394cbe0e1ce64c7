"""`flick bench`: how fast flick is, measured, as one JSON object.

Each part of flick that has a hot path contributes a *section*: a module path in `SECTIONS`
whose `bench(quick: bool) -> dict` returns its figures. The results are merged into one dict;
a section may nest its keys (the card games report under `cards.<game>`). `--only` runs some
sections; `--quick` asks each for a shorter run (fewer repetitions, same keys).
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import time
from typing import Any

# module path -> short name used by --only
SECTIONS: dict[str, str] = {
    "cards": "flick.cards.bench",
    "physics": "flick.physics.bench",
    "game": "flick.game.bench",
    "tower": "flick.physics.tower_bench",
    "ui": "flick.ui.bench",
    "tuning": "flick.tuning.bench",
}


def _merge(into: dict[str, Any], new: dict[str, Any]) -> None:
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def run(only: list[str] | None = None, quick: bool = False) -> dict[str, Any]:
    import pymunk

    result: dict[str, Any] = {
        "python": platform.python_version(),
        "pymunk": pymunk.version,
        "machine": platform.machine(),
    }
    for name, module in SECTIONS.items():
        if only and name not in only:
            continue
        start = time.perf_counter()
        figures = importlib.import_module(module).bench(quick=quick)
        _merge(result, figures)
        result.setdefault("section_seconds", {})[name] = round(time.perf_counter() - start, 2)
    return result


def _handler(args: argparse.Namespace) -> int:
    only = args.only.split(",") if args.only else None
    if only:
        unknown = sorted(set(only) - set(SECTIONS))
        if unknown:
            from flick.errors import FlickError

            raise FlickError(
                f"unknown bench section(s) {', '.join(unknown)}; known: {', '.join(SECTIONS)}",
                exit_code=2,
            )
    result = run(only, quick=args.quick)
    if args.json:
        json.dump(result, sys.stdout, indent=2, sort_keys=True)
        sys.stdout.write("\n")
    else:
        from rich.console import Console
        from rich.pretty import Pretty

        Console().print(Pretty(result))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="measure flick's speed (physics shots, tower rush, draw loop, card games)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    p.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated sections: {', '.join(SECTIONS)}"
    )
    p.set_defaults(handler=_handler)
