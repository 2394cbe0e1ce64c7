"""`flick demo`: the quickest way to see flick at work.

With a screen, it opens the pygame table on scenario 1 for people to play with the mouse.
Without one (no DISPLAY, or SDL_VIDEODRIVER=dummy, or `--headless`), bots play a scenario on
the physics table and the game is told turn by turn in the terminal; the final table is saved
as a PNG picture.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from flick.cli.args import seed

# Lines the headless demo prints in bold: where a turn or round starts, and how it ends.
LOUD_LINES = frozenset({"turn", "round_end", "game_end", "rush", "death"})


def has_screen() -> bool:
    """True where a pygame window can open (a desktop session, not the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in {"dummy", "offscreen"}:
        return False
    if sys.platform in {"win32", "darwin"}:
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def headless(scenario_ref: str, seed: int, picture: str | None) -> int:
    from rich.console import Console
    from rich.markup import escape

    from flick.game.narration import describe
    from flick.game.play import play
    from flick.scenario import load

    console = Console(highlight=False)
    scenario = load(scenario_ref)
    console.print(f"[bold]Flick 'em Up! Dead of Winter[/bold], scenario {scenario.number}: "
                  f"{scenario.name}; bots play every survivor on the physics table (seed {seed}).")
    shown = 0

    def tell(game: Any, _inp: Any) -> None:
        nonlocal shown
        for i in range(shown, len(game.events)):
            event = game.events[i]
            line = describe(event, game.events[i - 1] if i else None)
            if event.type == "turn":
                console.print()
            if line:
                console.print(escape(line), style="bold" if event.type in LOUD_LINES else None)
        shown = len(game.events)

    game = play(scenario, seed, on_input=tell)
    tell(game, None)
    summary = game.summary()
    console.print(f"\nRounds {summary['rounds']}, turns {summary['turns']}; zombies: "
                  f"{summary['zombies']}")
    for s in summary["survivors"]:
        state = f"{s['life']} life" if s["alive"] else "dead"
        console.print(f"  {s['name']}: {state}; carries {', '.join(s['inventory']) or 'nothing'}")
    if picture:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a picture needs no window
        import pygame

        from flick.ui.app import PlayApp, Settings

        pygame.display.init()  # no mixer: a headless machine has no sound card
        pygame.font.init()
        pygame.display.set_mode((1280, 800))
        # the play window's own picture of the end: the table, the panel, the whole log
        window = PlayApp(game, Settings(frames=1, briefing=False, sound=False))
        if window.pass_screen:
            window.dismiss_pass()
        window.draw()
        surface = window.screen
        from flick import atomic

        atomic.write_with(picture, lambda tmp: pygame.image.save(surface, str(tmp)))
        console.print(f"The table at the end of the game: {picture}")
    console.print("\nMore: `flick sim --help`, `flick scenarios list`, `flick cards --help`.")
    return 0


def _handler(args: argparse.Namespace) -> int:
    if not args.headless and has_screen():
        from flick.cli import main

        return main(["play", args.scenario])
    return headless(args.scenario, args.seed, args.picture)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo",
        help="play scenario 1 with the mouse, or (no screen) watch bots play it",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", nargs="?", default="1", help="scenario number, name or path")
    p.add_argument("--headless", action="store_true", help="bots play in the terminal")
    p.add_argument("--seed", type=seed, default=1, help="seed of the headless game (default 1)")
    p.add_argument("--picture", default="flick-demo.png", metavar="PNG",
                   help="where the headless demo saves the final table (default flick-demo.png)")
    p.set_defaults(handler=_handler)
