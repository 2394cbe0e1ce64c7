"""`flick cards GAME ...`: the card games in the terminal, with bots."""

from __future__ import annotations

import argparse

from flick.cards.games import GAMES, module


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
    for name in GAMES:
        module(name).register(games)
    p.set_defaults(handler=lambda args: (p.print_help(), 0)[1])
