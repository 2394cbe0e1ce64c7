"""The one entry point: `flick play|replay|sim|scenarios|tune|bench|tower|cards|demo ...`.

Each subcommand is a module of this package (`flick.cli.play`, `flick.cli.sim`, ...) that exposes
`register(subparsers) -> None`, which adds its parser and sets `handler` to a function
`handler(args) -> int`. Modules keep heavy imports (pymunk, pygame, scipy) inside the handler so
`flick --help` stays fast. Errors caused by input (`FlickError`) are printed as one message
and exit non-zero, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from flick import __version__
from flick.errors import FlickError

# pygame greets on import with a banner on stdout; flick's output (`--json` above all) is its own.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Modules that register a subcommand, in the order `--help` lists them.
COMMANDS: tuple[str, ...] = (
    "flick.cli.demo",
    "flick.cli.play",
    "flick.cli.net",
    "flick.cli.sim",
    "flick.cli.scenarios",
    "flick.cli.replay",
    "flick.cli.tower",
    "flick.cli.tune",
    "flick.cli.plan",
    "flick.cli.measure",
    "flick.cli.bench",
    "flick.cli.cards",
)




def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="flick",
        description=(
            "A digital table for four zombie games: Flick 'em Up! Dead of Winter on a physics "
            "table (play, sim, scenarios, replay, tune, measure, bench, tower) and three card "
            "games in the terminal (cards). Run `flick COMMAND --help` for each command."
        ),
    )
    parser.add_argument("--version", action="version", version=f"flick {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args) or 0)
    except FlickError as exc:
        print(f"flick: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("flick: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
