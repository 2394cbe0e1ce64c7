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


def has_screen() -> bool:
    """True where a pygame window can open (a desktop session, not the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in {"dummy", "offscreen"}:
        return False
    if sys.platform in {"win32", "darwin"}:
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _piece(ref: Any) -> str:
    if ref is None:
        return "nothing"
    return str(ref).split(":")[0].replace("_", " ")


def _place(name: Any) -> str:
    return "RV" if name == "rv" else str(name).replace("_", " ").title()


def narrate(event: dict[str, Any]) -> str | None:
    """One event of the game as a sentence for a person (None: not worth a line)."""
    t = event.get("type")
    who = event.get("survivor", "")
    if t == "turn":
        return f"\n[bold]Turn {event['turn']}[/bold] (round {event['round']}): {who}"
    if t == "flick":
        hit = _piece(event.get("first_touch"))
        fell = ", ".join(_piece(f) for f in event.get("fell", [])) or "nothing"
        return f"  flicks the {_piece(event['piece'])}: first touch {hit}; fell: {fell}"
    if t == "move":
        return "  moves" + (" successfully" if event.get("success") else ", but the move fails")
    if t == "noise":
        return f"  noise: {event['noise']}"
    if t == "rush":
        fell = ", ".join(event.get("fell", [])) or "nobody"
        return (f"  [red]Zombie rush[/red] ({event.get('reason')}): {event['zombies']} zombie(s) "
                f"drop from the tower; felled: {fell}")
    if t == "kill":
        return f"  {who} kills a zombie ({event.get('cause')})"
    if t == "wound":
        return f"  {who} is wounded ({event.get('cause')}): {event.get('life')} life left"
    if t == "death":
        return f"  [red]{who} dies[/red] ({event.get('cause')})"
    if t == "too_close":
        return f"  Too close! {who} is next to a zombie"
    if t in {"enter", "exit"}:
        return f"  {who} {'enters' if t == 'enter' else 'leaves'} the {_place(event.get('building'))}"
    if t in {"take", "drop"}:
        verb = "takes" if t == "take" else "drops"
        return f"  {who} {verb} {event.get('token')} ({event.get('place')})"
    if t == "round_end":
        z = event.get("zombies", {})
        return (f"[bold]End of round {event['round']}[/bold]: marker {event.get('marker')}; "
                f"zombies in the city {z.get('city')}, in the bin {z.get('bin')}")
    if t == "fight":
        return f"  fight ({event.get('stage')}) in the {_place(event.get('building'))}"
    if t == "game_end":
        winner = event.get("winner") or "nobody"
        return f"\n[bold]Game over[/bold]: {event.get('reason')}; winner: {winner}"
    return None


def headless(scenario_ref: str, seed: int, picture: str | None) -> int:
    from rich.console import Console

    from flick.game.play import play
    from flick.scenario import load

    console = Console(highlight=False)
    scenario = load(scenario_ref)
    console.print(f"[bold]Flick 'em Up! Dead of Winter[/bold], scenario {scenario.number}: "
                  f"{scenario.name}; bots play every survivor on the physics table (seed {seed}).")
    shown = 0

    def tell(game: Any, _inp: Any) -> None:
        nonlocal shown
        for event in game.events[shown:]:
            line = narrate(event.to_json())
            if line:
                console.print(line)
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
        import pygame

        from flick.ui.render import Camera, Fonts, draw_city, draw_table

        pygame.display.init()  # no mixer: a headless machine has no sound card
        pygame.font.init()
        size = (1000, 1000)
        surface = pygame.Surface(size)
        surface.fill((235, 232, 222))
        w, h = scenario.city.width, scenario.city.height
        cam = Camera.fit(w, h, pygame.Rect(0, 0, *size))
        names = {s.piece: s.name.split()[0] for s in game.survivors.values() if s.piece is not None}
        draw_city(surface, cam, w, h)
        draw_table(surface, cam, game.board.table, Fonts(), names=names)
        pygame.image.save(surface, picture)
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
    p.add_argument("--seed", type=int, default=1, help="seed of the headless game (default 1)")
    p.add_argument("--picture", default="flick-demo.png", metavar="PNG",
                   help="where the headless demo saves the final table (default flick-demo.png)")
    p.set_defaults(handler=_handler)
