"""`flick cards GAME ...`: the card games in the terminal, with bots."""

from __future__ import annotations

import argparse
import importlib

# The card games' commands, in the order `flick cards --help` lists them.
GAME_COMMANDS: tuple[str, ...] = (
    "flick.cli.surrounded",
    "flick.cli.something_to_fear",
    "flick.cli.rise_of_the_zombies",
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cards",
        help="play a card game in the terminal, or let bots play it",
        description=(
            "The three card games as text-mode engines: The Walking Dead: Surrounded, "
            "The Walking Dead: Something to Fear, Rise of the Zombies!. "
            "Run `flick cards GAME --help`."
        ),
    )
    games = p.add_subparsers(dest="game", metavar="GAME")
    for name in GAME_COMMANDS:
        importlib.import_module(name).register(games)
    p.set_defaults(handler=lambda args: (p.print_help(), 0)[1])
