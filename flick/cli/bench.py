"""`flick bench`: how fast flick is, measured, as one JSON object (see `flick.bench`)."""

from __future__ import annotations

import argparse
import json
import sys

from flick.bench import SECTIONS, run
from flick.bench import __doc__ as BENCH_DOC
from flick.errors import FlickError


def _handler(args: argparse.Namespace) -> int:
    only = args.only.split(",") if args.only else None
    if only:
        unknown = sorted(set(only) - set(SECTIONS))
        if unknown:
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
        description=BENCH_DOC,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    p.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated sections: {', '.join(SECTIONS)}"
    )
    p.set_defaults(handler=_handler)
