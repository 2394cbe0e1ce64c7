"""`flick play [SCENARIO]`: play Flick 'em Up! Dead of Winter with the mouse, hot-seat.

    flick play                      scenario 1, one player
    flick play 6 --players 4        Tensions Rise!, two teams of two, a pass screen between
    flick play 9 --players 8        Home: two teams of 4, one survivor and one secret
                                    objective per player (6, 8 or 10 players; default 6)
    flick play starvation --style slingshot --hand steady

Mouse: click a survivor (or its board) to use it; pick an action (buttons or keys: M move,
G gun, 2 two guns, K knife, B bat, H shotgun, I sniper, X short kill, T take / drop,
E end turn; from scenario 5: L flare, U accuse, Y Anita's extra action, O Olivia's heal,
V Mike's free move); press on the piece that appears, drag and release to flick (Escape
cancels before the release). Decisions (keep a token, fight weapons, a Crossroads card, a
steal, an X token to move, a vote, stay or defect) are buttons in the panel, also keys
1-9. Swipe style: the mouse's speed at release is the flick; slingshot style: drag back,
the distance is the power. Press off the piece's centre to spin it.
Wheel zooms, right-drag pans, F fits the view (again: the whole city).
Tab switches the style, S the side a bullet
or knife is placed on, A / P the aim line / power meter, N the hand noise, R faces the
survivor toward the mouse (used at the end of the turn). C switches the aim assist on or
off: while a move or a gun is aimed, click the target (a point, a door, a zombie) and the
shot planner's success map is drawn around the piece as a heat map, filled in as a
background process computes it (`flick plan` prints the same map). Ctrl+Q quits.

Every game is recorded to a replay file, created when the game starts and rewritten after
every input (`--record FILE`, a new file; default replays/sNN-YYYYMMDD-HHMMSS.json, with -2,
-3... for games started in the same second, never one that exists): watch it with
`flick replay FILE`, the newest with `flick replay --last`.

Without a screen (tests, CI): SDL_VIDEODRIVER=dummy flick play 2 --frames 300
--screenshot shot.png --script turn.json  (the script format: flick/ui/script.py).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from flick.cli.args import seed


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play Flick 'em Up! Dead of Winter with the mouse (pygame window, hot-seat)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", nargs="?", default="1",
                   help="scenario number, name or YAML path (default 1)")
    p.add_argument("--players", type=int, default=None,
                   help="people playing hot-seat, 1-10 (default: 1 in co-op, one per team "
                        "otherwise)")
    p.add_argument("--seed", type=seed, default=1, help="the game's seed (default 1)")
    p.add_argument("--style", choices=("swipe", "slingshot"), default="swipe",
                   help="flick gesture style (Tab switches while playing)")
    p.add_argument("--hand", choices=("none", "steady", "shaky"), default="none",
                   help="hand noise on every flick, for honest solo play (default none); "
                        "the levels are the hand_noise section of the physics parameters")
    p.add_argument("--no-aim", action="store_true", help="hide the aim line while dragging")
    p.add_argument("--no-power", action="store_true", help="hide the power meter")
    p.add_argument("--size", default=None,
                   help="window size WxH pixels (default 1280x800, smaller when the screen "
                        "is: 1366x768 gets 1326x688; the window can be resized)")
    add_record_options(p)
    p.add_argument("--mulligans", type=int, default=0, metavar="N",
                   help="house rule: each player may take back N flicks (key Z; the last "
                        "flick, while its survivor still plays); recorded in the replay")
    p.add_argument("--frames", type=int, default=None,
                   help="quit after N frames (virtual clock: 1/60 s per frame)")
    p.add_argument("--screenshot", metavar="PNG", default=None,
                   help="save the last frame as PNG")
    p.add_argument("--script", metavar="FILE", default=None,
                   help="feed recorded input events from a JSON file (see flick/ui/script.py)")
    p.set_defaults(handler=handle)


def _size(text: str) -> tuple[int, int]:
    from flick.errors import FlickError

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise FlickError(f"--size must look like 1280x800, not {text!r}", exit_code=2) from None
    if w < 800 or h < 560:
        raise FlickError(f"--size {text}: the window needs at least 800x560", exit_code=2)
    return w, h


REPLAYS = "replays"  # where `flick play` keeps its games and `flick replay --last` looks


def default_record(number: int, now: float | None = None) -> str:
    """A new replay file, created empty at once (exclusively: `claim_record`), named
    replays/sNN-YYYYMMDD-HHMMSS.json, with -2, -3... when a game started in the same second
    has the name: two games started together never get the same file."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = os.path.join(REPLAYS, f"s{number:02d}-{stamp}")
    k = 1
    while True:
        path = base + ".json" if k == 1 else f"{base}-{k}.json"
        try:
            claim_record(path)
        except FileExistsError:
            k += 1
            continue
        return path


def claim_record(path: str) -> None:
    """Create `path` empty, failing with FileExistsError when it exists (O_EXCL: of two
    games claiming the name at once, one gets it); its folder is made when missing."""
    import errno

    folder = os.path.dirname(path)
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except FileExistsError:  # the folder's name is a file's: not the replay existing
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR),
                                     folder) from None
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))


def add_record_options(p: argparse.ArgumentParser) -> None:
    """--record FILE and --no-record, for the commands that play a game and keep it."""
    p.add_argument("--record", metavar="FILE", default=None,
                   help="replay file to write, a new one (default "
                        "replays/sNN-YYYYMMDD-HHMMSS.json)")
    p.add_argument("--no-record", action="store_true", help="do not write a replay file")


def record_path(args: argparse.Namespace, number: int) -> str | None:
    """Where the game's replay goes: None with --no-record, --record's file claimed at once,
    else a new file under replays/."""
    if args.no_record:
        return None
    if args.record:
        check_record(args.record)
        return str(args.record)
    return default_record(number)


def check_record(path: str) -> None:
    """Claim the replay path given with --record before any window opens: refused when it
    exists (it would be overwritten) or cannot be written."""
    from flick.errors import FlickError

    try:
        claim_record(path)
    except FileExistsError:
        raise FlickError(f"--record {path}: the file exists; a replay is never overwritten "
                         "(choose a new name, or leave --record out for a dated one)",
                         exit_code=2) from None
    except OSError as exc:
        raise FlickError(f"--record {path}: cannot write there: {exc.strerror}",
                         exit_code=2) from None


def _drop_claim(path: str | None) -> None:
    """Remove a claimed replay file the game never wrote (still empty)."""
    if path is None:
        return
    try:
        if os.path.getsize(path) == 0:
            os.remove(path)
    except OSError:
        pass


def fitted_size() -> tuple[int, int]:
    """1280x800, or less on a smaller screen (room left for the title bar and a panel)."""
    import pygame

    sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    if not sizes:
        return (1280, 800)
    dw, dh = sizes[0]
    return (max(800, min(1280, dw - 40)), max(560, min(800, dh - 80)))


def handle(args: argparse.Namespace) -> int:
    from flick.errors import FlickError
    from flick.scenario import load

    size = _size(args.size) if args.size else None
    scenario = load(args.scenario)
    players = args.players
    teams = len(scenario.teams)
    if players is None:
        players = 1 if scenario.mode == "co-op" else teams
        if scenario.players.counts:  # S9-S10: 6, 8 or 10 players, one survivor each
            players = max(players, min(scenario.players.counts))
    if not 1 <= players <= 10:
        raise FlickError(f"--players {players}: 1 to 10 people play", exit_code=2)
    if args.mulligans < 0:
        raise FlickError("--mulligans must be 0 or more", exit_code=2)
    if args.frames is not None and args.frames < 1:
        raise FlickError("--frames must be at least 1", exit_code=2)
    script = None
    if args.script:
        from flick.ui.script import load as load_script

        script = load_script(args.script)
    record = record_path(args, scenario.number)
    try:
        return play(scenario, args.seed, players, size=size, style=args.style, hand=args.hand,
                    show_aim=not args.no_aim, show_power=not args.no_power,
                    frames=args.frames, screenshot=args.screenshot, script=script,
                    record=record, mulligans=args.mulligans)
    finally:
        _drop_claim(record)  # the game never started: no empty replay is left behind


def play(scenario: Any, seed: int, players: int, **settings: Any) -> int:
    """Open the window and play `scenario` (a loaded Scenario); returns the exit code."""
    import pygame

    from flick.errors import FlickError
    from flick.game.game import Game
    from flick.game.state import GameOver
    from flick.ui.adapter import split_players
    from flick.ui.app import PlayApp, Settings

    if any(t.open_slots is not None for t in scenario.teams):
        from flick.game.scenarios.five_to_ten import team_sizes

        seats = team_sizes(scenario, players)  # S9-S10: one survivor per player
    else:
        seats = split_players(scenario, players)
    try:
        game = Game(scenario, seed, players=seats)
    except GameOver as end:
        raise FlickError(f"scenario {scenario.number}: the game cannot start here: it ends "
                         f"during set-up ({end.reason})") from None
    recorder = None
    if settings.get("record"):
        from flick.replay import Recorder, write

        recorder = Recorder(game, controller="human")
        write(settings["record"], game)  # the claimed file holds the game from its start
    pygame.display.init()
    pygame.font.init()
    if settings.get("size") is None:
        headless = settings.get("frames") is not None or settings.get("script") is not None
        settings["size"] = (1280, 800) if headless else fitted_size()
    try:
        pygame.display.set_caption(f"flick - S{scenario.number} {scenario.name}")
        pygame.display.set_mode(settings.get("size", (1280, 800)), pygame.RESIZABLE)
        app = PlayApp(game, Settings(hand_seed=seed, **settings), recorder)
        code = app.run()
    finally:
        pygame.quit()
    if settings.get("record"):  # the game the window ended with (a mulligan replays it)
        print(f"replay written to {settings['record']} ({len(app.game.inputs)} inputs)")
    return code
