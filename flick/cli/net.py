"""`flick host` and `flick join`: Flick 'em Up! Dead of Winter over the network.

    flick host 1 --players 2 --port 8765               a co-op game for two, on port 8765
    flick host 9 --players 6 --wait-for 2 --password s3cret --seat-timeout 90
    flick join 192.168.1.20:8765 --name Ann             the window, for Ann's seat
    flick join 192.168.1.20:8765 --name Bob --seat "B 1"
    flick join 192.168.1.20:8765 --name Cy --spectate   watch
    flick join localhost:8765 --name Bot --headless --bot   a bot plays a seat, no window

The host holds the one game and is its authority: each player's window sends its own seat's
decisions, the host checks them with the rules and sends every player what they may see
(their own secret objective and face-down tokens, nobody else's). Bots take the seats nobody
took when the game starts: when every seat is taken, when --wait-for players are seated, or
when a seated player presses Start. A player who drops joins again with the token printed
when they joined (`--token`) and gets their seat back; after --seat-timeout seconds of
waiting a bot plays the seat until they are back. The host records the game as a replay
(`flick replay --verify FILE`).

On the internet: give --password (every player joins with it) and --cert/--key (TLS; players
join with wss://HOST:PORT, and --cafile when the certificate is self-signed).
"""

from __future__ import annotations

import argparse
from typing import Any

from flick.cli.args import seed


def register(sub: argparse._SubParsersAction) -> None:
    from flick.cli.play import add_record_options

    h = sub.add_parser("host", help="host a game over the network (players join with "
                                    "`flick join`)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    h.add_argument("scenario", nargs="?", default="1",
                   help="scenario number, name or YAML path (default 1)")
    h.add_argument("--players", type=int, default=None,
                   help="seats, 1-10 (default: 2 in co-op, one per team otherwise; "
                        "scenarios 9-10: 6, 8 or 10, one survivor each)")
    h.add_argument("--port", type=int, default=8765,
                   help="TCP port to listen on (default 8765; 0: any free port, printed)")
    h.add_argument("--bind", default="0.0.0.0",
                   help="address to listen on (default 0.0.0.0: every interface; "
                        "127.0.0.1: this machine only)")
    h.add_argument("--seed", type=seed, default=None,
                   help="the game's seed (default: a random one; it is secret, since it "
                        "decides every face-down token, and is written in the replay)")
    h.add_argument("--password", default=None, help="players join with this password")
    h.add_argument("--cert", default=None, help="TLS certificate (PEM): wss:// instead of ws://")
    h.add_argument("--key", default=None, help="the TLS certificate's private key (PEM)")
    h.add_argument("--seat-timeout", type=float, default=60.0, metavar="S",
                   help="seconds a player's decision may wait before a bot plays their "
                        "seat (until they are back; default 60)")
    h.add_argument("--wait-for", type=int, default=None, metavar="N",
                   help="start once N players are seated (default: when every seat is "
                        "taken or a player presses Start)")
    add_record_options(h)
    h.add_argument("--bot-pause", type=float, default=0.0, metavar="S",
                   help="seconds between two bot decisions, to follow them (default 0)")
    h.set_defaults(handler=handle_host)

    j = sub.add_parser("join", help="join a game hosted with `flick host` (a window, or a "
                                    "headless bot)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    j.add_argument("address", help="HOST:PORT of the host, or ws://HOST:PORT / wss://HOST:PORT")
    j.add_argument("--name", required=True, help="your name at the table (1-40 characters)")
    j.add_argument("--password", default=None, help="the host's password")
    j.add_argument("--seat", default=None,
                   help='the seat to take ("survivors 2", "B 1"; scenarios 9-10: a '
                        "survivor's name; default the first open one)")
    j.add_argument("--token", default=None,
                   help="the token printed when you joined: your seat back after a drop")
    j.add_argument("--spectate", action="store_true", help="watch; take no seat")
    j.add_argument("--tls", action="store_true", help="wss:// (the host runs with --cert)")
    j.add_argument("--cafile", default=None,
                   help="trust this certificate (PEM; a host's self-signed one); implies --tls")
    j.add_argument("--start", action="store_true",
                   help="ask the host to start at once (bots take the open seats)")
    j.add_argument("--headless", action="store_true",
                   help="no window: print the game's log (with --bot a bot plays the seat)")
    j.add_argument("--bot", action="store_true",
                   help="a bot plays your seat from what your seat sees (with --headless)")
    j.add_argument("--bot-seed", type=seed, default=0, help="the bot's seed (default 0)")
    j.add_argument("--out", metavar="FILE", default=None,
                   help="write the last view (JSON) there when the game ends")
    j.add_argument("--log", metavar="FILE", default=None,
                   help="append every message from the host to FILE, one a line")
    j.add_argument("--size", default=None, help="window size WxH pixels (default 1280x800)")
    j.set_defaults(handler=handle_join)


def handle_host(args: argparse.Namespace) -> int:
    import asyncio
    import secrets
    from pathlib import Path

    from flick.cli.play import record_path
    from flick.errors import FlickError
    from flick.game import Game
    from flick.net.host import Host, HostConfig
    from flick.scenario import load

    scenario = load(args.scenario)
    players = _seats(scenario, args.players)
    if not 0 <= args.port <= 65535:
        raise FlickError(f"--port {args.port}: 0 to 65535", exit_code=2)
    if args.seat_timeout <= 0 or args.seat_timeout != args.seat_timeout:
        raise FlickError("--seat-timeout is a number of seconds above 0", exit_code=2)
    if args.wait_for is not None and args.wait_for < 1:
        raise FlickError("--wait-for is at least 1", exit_code=2)
    if (args.cert is None) != (args.key is None):
        raise FlickError("--cert and --key go together", exit_code=2)
    ssl = _server_tls(args.cert, args.key) if args.cert else None
    record = record_path(args, scenario.number)
    game_seed = args.seed if args.seed is not None else secrets.randbits(63)
    game = Game(scenario, game_seed, players=players)
    config = HostConfig(password=args.password, seat_timeout=args.seat_timeout,
                        wait_for=args.wait_for, bot_pause=max(0.0, args.bot_pause),
                        record=Path(record) if record else None)
    host = Host(game, config, log=lambda line: print(line, flush=True))
    scheme = "wss" if ssl else "ws"

    def ready(port: int) -> None:
        seats = ", ".join(s.id for s in host.seats)
        print(f"listening on {scheme}://{args.bind}:{port} - scenario {scenario.number} "
              f"{scenario.name}, seats: {seats}", flush=True)

    from flick.replay.journal import terminate_as_interrupt

    try:
        with terminate_as_interrupt():  # SIGTERM like Ctrl+C: the replay is written
            asyncio.run(host.run(args.bind, args.port, ssl=ssl, ready=ready))
    except OSError as exc:
        raise FlickError(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") \
            from None
    finally:
        if record and not game.inputs:
            from flick.cli.play import _drop_claim

            _drop_claim(record)
    return 0


def _seats(scenario: Any, players: int | None) -> dict[str, int]:
    from flick.errors import FlickError
    from flick.ui.adapter import split_players

    if players is None:
        players = 2 if scenario.mode == "co-op" else len(scenario.teams)
        if scenario.players.counts:
            players = max(players, min(scenario.players.counts))
    if not 1 <= players <= 10:
        raise FlickError(f"--players {players}: 1 to 10 people play", exit_code=2)
    if any(t.open_slots is not None for t in scenario.teams):
        from flick.game.scenarios.five_to_ten import team_sizes

        return team_sizes(scenario, players) or {}
    return dict(split_players(scenario, players))


def _server_tls(cert: str, key: str) -> Any:
    import ssl

    from flick.errors import FlickError

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise FlickError(f"--cert {cert} --key {key}: {exc}", exit_code=2) from None
    return context


def uri_of(address: str, tls: bool) -> str:
    """ws://HOST:PORT from HOST:PORT (wss:// with TLS); a ws(s):// address as it is."""
    from flick.errors import FlickError

    if address.startswith(("ws://", "wss://")):
        return address
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise FlickError(f"{address!r}: give HOST:PORT (e.g. 192.168.1.20:8765)", exit_code=2)
    return f"{'wss' if tls else 'ws'}://{host}:{int(port)}"


def handle_join(args: argparse.Namespace) -> int:
    from flick.errors import FlickError

    tls = args.tls or args.cafile is not None
    uri = uri_of(args.address, tls)
    ssl = None
    if uri.startswith("wss://"):
        import ssl as ssl_module

        ssl = ssl_module.create_default_context(cafile=args.cafile)
    if args.bot and not args.headless:
        raise FlickError("--bot plays without a window: add --headless", exit_code=2)
    if args.spectate and (args.bot or args.seat or args.token):
        raise FlickError("--spectate takes no seat: no --bot, --seat or --token", exit_code=2)
    if args.headless:
        return _headless(args, uri, ssl)
    from flick.cli.play import _size
    from flick.ui.net_window import run_window

    return run_window(uri, args.name, password=args.password, seat=args.seat,
                      token=args.token, spectate=args.spectate, ssl=ssl, start=args.start,
                      size=_size(args.size) if args.size else None)


def _headless(args: argparse.Namespace, uri: str, ssl: Any) -> int:
    import asyncio
    import json

    from flick.errors import FlickError
    from flick.net.bot import ViewBot
    from flick.net.client import Client, play
    from flick.net.seat_view import SeatView

    if not args.bot and not args.spectate:
        raise FlickError("--headless plays a seat with --bot (or watches with --spectate)",
                         exit_code=2)
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    last: list[Any] = []

    def on_raw(text: str) -> None:
        if log is not None:
            log.write(text + "\n")
            log.flush()

    def narrate(view: SeatView) -> None:
        if not args.spectate:  # a bot's seat: its own decisions only (the log loads the rules)
            return
        from flick.game.narration import describe
        from flick.game.state import Event

        for data in view.events:
            event = Event(str(data.get("type")), {k: v for k, v in data.items() if k != "type"})
            line = describe(event, last[0] if last else None)
            last[:] = [event]
            if line:
                print(f"  {line}", flush=True)

    def on_send(view: SeatView, inp: dict[str, Any]) -> None:
        print(f"sent {inp.get('input')} at input {view.public.seq}", flush=True)

    bot = ViewBot(args.bot_seed)

    def decide(view: SeatView) -> dict[str, Any] | None:
        return bot.decide(view) if args.bot else None

    async def main() -> SeatView:
        client = Client(uri, args.name, password=args.password, seat=args.seat,
                        spectate=args.spectate, token=args.token, ssl=ssl, on_raw=on_raw)
        welcome = await client.connect()
        if welcome.seat is not None:
            print(f"seat {welcome.seat} token {welcome.token}", flush=True)
        else:
            print("watching", flush=True)
        return await play(client, decide, start=args.start, on_send=on_send,
                          on_view=narrate)

    try:
        view = asyncio.run(main())
    finally:
        if log is not None:
            log.close()
    pub = view.public
    print(f"game over: {pub.end_reason}, winner {pub.winner}", flush=True)
    if view.seat.result is not None:
        r = view.seat.result
        print(f"your objective {r['title']}: {'met' if r['objective_met'] else 'not met'}, "
              f"{'you win' if r['won'] else 'you do not win'}", flush=True)
    if args.out:
        from flick import atomic

        atomic.write_text(args.out, json.dumps(view.model_dump(mode="json")))
    return 0
