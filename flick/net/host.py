"""The host of a networked game: the one authority over the `Game`, on a WebSocket server.

Flow: clients say `Hello` (name, password, seat); each gets a seat and a token (the lobby);
the game starts when every seat is taken, when `wait_for` players are seated, or when a
seated player sends `Start`; bots (`HeuristicBot`) take the seats still open. From then on the
host sends every connection its own view (`flick.net.views`) after each input, and plays the
decisions of bot seats itself. A `Command` is played only if it is its seat's decision now,
for the state it was decided on (`seq`), and legal (`Game.apply` raises `IllegalAction` and
changes nothing); else the sender gets an `Error` and nothing changes.

Faults: a client that drops keeps its seat; `Hello` with its token gives the seat back and
the current view (the catch-up). When a human seat's decision has waited `seat_timeout`
seconds, a bot plays the seat until its player comes back.

Limits per connection: a message of at most `MAX_CLIENT_BYTES` (longer: refused; a frame
beyond `MAX_FRAME_BYTES` closes the connection), `rate` messages a second on average with
bursts of `burst` (more: refused; a flood of `FLOOD_CLOSE` refused messages closes it).

The game is recorded (`flick.replay.Recorder`) and written as an ordinary replay when it
ends (and when the host stops): `flick replay --verify FILE` re-runs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import ssl as ssl_module
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from flick.errors import FlickError
from flick.game import Game, HeuristicBot, IllegalAction, input_from_json
from flick.net import views
from flick.net.messages import (
    MAX_FRAME_BYTES,
    BadMessage,
    Command,
    Error,
    Hello,
    Lobby,
    SeatInfo,
    Start,
    ViewMessage,
    Welcome,
    dump,
    parse_client,
)
from flick.replay import Recorder, write

HELLO_TIMEOUT = 10.0  # s for a new connection to say Hello
FLOOD_CLOSE = 200  # refused messages (rate) after which a connection is closed
MAX_BAD_HELLOS = 3
MAX_CONNECTIONS = 64  # players and spectators
SAVE_EVERY = 5.0  # s between two writes of the replay during the game


@dataclass
class HostConfig:
    password: str | None = None
    seat_timeout: float = 60.0  # s a human seat's decision may wait before a bot plays it
    wait_for: int | None = None  # start once this many players are seated (None: all seats)
    rate: float = 20.0  # messages a second, on average
    burst: float = 40.0
    record: Path | None = None
    linger: float = 5.0  # s the host stays up after the end for the clients to read it
    bot_pause: float = 0.0  # s between two bot decisions (to watch them)


@dataclass
class Holder:
    kind: str = "open"  # "open", "human", "bot"
    name: str | None = None
    token: str | None = None
    conn: Conn | None = None
    timed_out: bool = False  # a bot plays the human's seat for now


@dataclass(eq=False)
class Conn:
    ws: ServerConnection
    seat: str | None = None
    name: str = ""
    events_sent: int = 0
    shots_sent: int = 0
    outbox: list[str] = field(default_factory=list)
    view_due: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    allowance: float = 0.0
    stamp: float = 0.0
    refused: int = 0
    last_rate_error: float = -1.0


class Host:
    """A networked game: `await Host(game, config).run(port)` serves it to the end."""

    def __init__(self, game: Game, config: HostConfig | None = None,
                 log: Callable[[str], None] = print) -> None:
        if game.inputs:
            raise ValueError("the host starts a new game")
        self.game = game
        self.config = config or HostConfig()
        self.log = log
        self.recorder = Recorder(game, controller="network")
        self.seats = views.seats_of(game)
        self.by_id = {s.id: s for s in self.seats}
        self.holders = {s.id: Holder() for s in self.seats}
        self.tokens: dict[str, str] = {}
        self.conns: set[Conn] = set()
        self.started = False
        self.bot = HeuristicBot(game.seed, params=game.board.params)
        self.changed = asyncio.Event()
        self.decision_since = time.monotonic()
        self._decision_key: tuple[int, str | None] = (-1, None)
        self.done = asyncio.Event()
        self.port = 0
        self.replay_written: Path | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._written_at = time.monotonic()

    def _later(self, coro: Any) -> None:
        """Run `coro` in the background (a reference kept until it is done)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ---- the server ------------------------------------------------------------------------
    async def run(self, host: str = "127.0.0.1", port: int = 0,
                  ssl: ssl_module.SSLContext | None = None,
                  ready: Callable[[int], None] | None = None) -> Game:
        """Serve until the game is over (and `linger` seconds after); returns the game."""
        async with serve(self._connection, host, port, ssl=ssl, max_size=MAX_FRAME_BYTES,
                         max_queue=16, ping_interval=20, ping_timeout=20) as server:
            self.port = _port(server)
            if ready is not None:
                ready(self.port)
            try:
                await self._play()
                await self._linger()
            finally:
                self.write_replay()
        return self.game

    async def _linger(self) -> None:
        end = time.monotonic() + self.config.linger
        while self.conns and time.monotonic() < end:
            self.changed.clear()
            await self._changed_within(max(0.01, end - time.monotonic()))

    async def _changed_within(self, seconds: float) -> None:
        """Wait until something changed, `seconds` at most."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.changed.wait()

    def write_replay(self, final: bool = True) -> None:
        """Write the game so far (atomically); `final`: once, at the end, and say so."""
        if self.config.record is None or not self.game.inputs or self.replay_written:
            return
        write(self.config.record, self.game)
        self._written_at = time.monotonic()
        if final:
            self.replay_written = self.config.record
            self.log(f"replay written to {self.config.record} ({len(self.game.inputs)} inputs)")

    async def _connection(self, ws: ServerConnection) -> None:
        conn = Conn(ws, allowance=self.config.burst, stamp=time.monotonic())
        writer = asyncio.create_task(self._writer(conn))
        try:
            if await self._greet(conn):
                async for raw in ws:
                    self._receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self.conns.discard(conn)
            holder = self.holders.get(conn.seat or "")
            if holder is not None and holder.conn is conn:
                holder.conn = None
                self.log(f"{conn.name} ({conn.seat}) left")
                self._lobby_changed()
            self.changed.set()

    async def _greet(self, conn: Conn) -> bool:
        """Read the Hello and give the seat; False when the connection is refused."""
        for _ in range(MAX_BAD_HELLOS):
            try:
                raw = await asyncio.wait_for(conn.ws.recv(), HELLO_TIMEOUT)
            except TimeoutError:
                await conn.ws.close(1008, "no hello")
                return False
            msg = self._parse(conn, raw)
            if msg is None:
                continue
            if not isinstance(msg, Hello):
                self.send(conn, Error(code="state", message="say hello first"))
                continue
            refusal = self._admit(conn, msg)
            if refusal is not None:
                self.send(conn, refusal)
                await self._flush(conn)
                await conn.ws.close(1008, refusal.code)
                return False
            return True
        await conn.ws.close(1008, "no hello")
        return False

    def _admit(self, conn: Conn, hello: Hello) -> Error | None:
        pw = self.config.password
        if pw is not None and not hmac.compare_digest(
                (hello.password or "").encode(), pw.encode()):
            return Error(code="auth", message="wrong password")
        if len(self.conns) >= MAX_CONNECTIONS:
            return Error(code="full", message=f"the host takes {MAX_CONNECTIONS} connections")
        conn.name = hello.name
        seat: str | None = None
        if hello.token is not None:
            seat = self.tokens.get(hello.token)
            if seat is None:
                return Error(code="auth", message="unknown token: join without one for a "
                                                  "new seat")
            holder = self.holders[seat]
            if holder.conn is not None:  # the old connection is a ghost: replaced
                old = holder.conn
                old.seat = None
                self._later(old.ws.close(1000, "replaced by a reconnection"))
            holder.kind, holder.timed_out, holder.conn = "human", False, conn
            self.log(f"{hello.name} is back at {seat}")
        elif not hello.spectate:
            if hello.seat is not None:
                if hello.seat not in self.holders:
                    return Error(code="seat", message=f"no seat {hello.seat!r}; seats: "
                                 + ", ".join(self.holders))
                if self.holders[hello.seat].kind != "open" or self.started:
                    return Error(code="full", message=f"seat {hello.seat} is taken")
                seat = hello.seat
            else:
                seat = next((s for s, h in self.holders.items() if h.kind == "open"), None)
                if seat is None or self.started:
                    return Error(code="full", message="every seat is taken: join with "
                                                      "--spectate to watch")
            token = secrets.token_urlsafe(18)
            self.tokens[token] = seat
            self.holders[seat] = Holder("human", hello.name, token, conn)
            self.log(f"{hello.name} takes {seat}")
        conn.seat = seat
        self.conns.add(conn)
        held = self.holders.get(seat or "")
        self.send(conn, Welcome(seat=seat, token=held.token if held else None,
                                scenario=int(self.game.scenario.number),
                                scenario_name=self.game.scenario.name,
                                players=dict(self.game.players_set_up)))
        conn.events_sent = max(0, len(self.game.events) - 50)  # the catch-up's recent log
        conn.shots_sent = len(self.recorder.shots)
        self._lobby_changed()
        self._maybe_start()
        if self.started:  # the game so far: the catch-up
            conn.view_due = True
            conn.wake.set()
        return None

    # ---- messages in --------------------------------------------------------------------------
    def _allowed(self, conn: Conn) -> bool:
        """The rate limit (a token bucket); a refused message is answered at most once a
        second, and a flood closes the connection."""
        now = time.monotonic()
        conn.allowance = min(self.config.burst,
                             conn.allowance + (now - conn.stamp) * self.config.rate)
        conn.stamp = now
        if conn.allowance >= 1.0:
            conn.allowance -= 1.0
            return True
        conn.refused += 1
        if conn.refused >= FLOOD_CLOSE:
            self._later(conn.ws.close(1008, "flood"))
        elif now - conn.last_rate_error >= 1.0:
            conn.last_rate_error = now
            self.send(conn, Error(code="rate", message=f"more than {self.config.rate:g} "
                                  "messages a second: refused"))
        return False

    def _parse(self, conn: Conn, raw: str | bytes) -> Hello | Start | Command | None:
        """The client's message, or None when it is over the rate or malformed (the client
        told why)."""
        if not self._allowed(conn):
            return None
        try:
            return parse_client(raw)
        except BadMessage as bad:
            self.send(conn, Error(code=bad.code, message=str(bad)))
            return None

    def _receive(self, conn: Conn, raw: str | bytes) -> None:
        msg = self._parse(conn, raw)
        if msg is None:
            return
        if isinstance(msg, Hello):
            self.send(conn, Error(code="state", message="already joined"))
        elif isinstance(msg, Start):
            if conn.seat is None:
                self.send(conn, Error(code="seat", message="a spectator does not start games"))
            else:
                self._start()
        else:
            error = self._command(conn, msg)
            if error is not None:
                self.send(conn, error)

    def _command(self, conn: Conn, cmd: Command) -> Error | None:
        g = self.game
        if conn.seat is None:
            return Error(code="seat", message="a spectator sends no commands")
        if not self.started:
            return Error(code="state", message="the game has not started")
        if g.over:
            return Error(code="state", message="the game is over")
        who = views.to_act(g, self.seats)
        if who != conn.seat:
            return Error(code="seat", message=f"it is {who}'s decision, not {conn.seat}'s")
        if cmd.seq != len(g.inputs):
            return Error(code="stale", message=f"command for input {cmd.seq}; the game is at "
                                               f"input {len(g.inputs)}")
        try:
            inp = input_from_json(cmd.input)
        except FlickError as exc:
            return Error(code="malformed", message=str(exc)[:300])
        try:
            g.apply(inp)
        except IllegalAction as exc:
            return Error(code="illegal", message=str(exc)[:300])
        self._played()
        return None

    # ---- the game ------------------------------------------------------------------------------
    def _maybe_start(self) -> None:
        seated = sum(1 for h in self.holders.values() if h.kind == "human")
        wait = self.config.wait_for
        if not self.started and (seated == len(self.holders)
                                 or (wait is not None and seated >= wait)):
            self._start()

    def _start(self) -> None:
        if self.started:
            return
        self.started = True
        for holder in self.holders.values():
            if holder.kind == "open":
                holder.kind = "bot"
        self.log("the game starts: " + ", ".join(
            f"{s} {h.name or 'bot'}" for s, h in self.holders.items()))
        self._lobby_changed()
        self._played()

    def _played(self) -> None:
        """After an input (or the start): every connection gets its new view; the replay
        file is brought up to date every `SAVE_EVERY` seconds (a host killed outright keeps
        the game up to then)."""
        if time.monotonic() - self._written_at >= SAVE_EVERY:
            self.write_replay(final=False)
        for conn in self.conns:
            conn.view_due = True
            conn.wake.set()
        self.changed.set()

    async def _play(self) -> None:
        g = self.game
        while not g.over:
            self.changed.clear()
            if not self.started:
                await self.changed.wait()
                continue
            who = views.to_act(g, self.seats)
            key = (len(g.inputs), who)
            if key != self._decision_key:
                self._decision_key = key
                self.decision_since = time.monotonic()
            holder = self.holders.get(who or "")
            if holder is None:
                raise RuntimeError(f"no seat decides in phase {g.phase!r}")
            if holder.kind == "bot" or holder.timed_out:
                if self.config.bot_pause:
                    await asyncio.sleep(self.config.bot_pause)
                g.apply(self.bot.decide(g))
                self._played()
                await asyncio.sleep(0)  # the connections send their views
                continue
            wait = self.decision_since + self.config.seat_timeout - time.monotonic()
            if wait <= 0:
                holder.timed_out = True
                self.log(f"{who} took too long: a bot plays the seat until its player is back")
                self._lobby_changed()
                continue
            await self._changed_within(wait)
        self.log(f"game over: {g.end_reason}, winner {g.winner}")
        self._played()

    # ---- messages out --------------------------------------------------------------------------
    def send(self, conn: Conn, message: Any) -> None:
        conn.outbox.append(dump(message))
        conn.wake.set()

    def lobby(self) -> Lobby:
        return Lobby(started=self.started, seats=[
            SeatInfo(id=s.id, team=s.team, survivor=s.survivor,
                     holder="bot" if h.timed_out else h.kind,  # type: ignore[arg-type]
                     name=h.name, connected=h.conn is not None)
            for s, h in ((s, self.holders[s.id]) for s in self.seats)])

    def _lobby_changed(self) -> None:
        text = dump(self.lobby())
        for conn in self.conns:
            conn.outbox.append(text)
            conn.wake.set()

    def view_for(self, conn: Conn, public: views.PublicState) -> views.SeatView:
        seat = self.by_id.get(conn.seat or "")
        shots = [{k: shot[k] for k in ("input", "table", "type", "fell", "hash", "poses")}
                 for shot in self.recorder.shots[conn.shots_sent:]]
        events = [views.public_event(e.to_json()) for e in self.game.events[conn.events_sent:]]
        conn.events_sent = len(self.game.events)
        conn.shots_sent = len(self.recorder.shots)
        return views.SeatView(public=public,
                              seat=views.seat_state(self.game, self.seats, seat),
                              events=events, shots=shots)

    async def _writer(self, conn: Conn) -> None:
        """Send the connection's messages in order; a view is made when it is sent (the newest
        state, with what happened since the last one)."""
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            await self._flush(conn)

    async def _flush(self, conn: Conn) -> None:
        try:
            while conn.outbox:
                await conn.ws.send(conn.outbox.pop(0))
            if conn.view_due and self.started and conn in self.conns:
                conn.view_due = False
                public = views.public_state(self.game, self.seats)
                view = self.view_for(conn, public)
                await conn.ws.send(dump(ViewMessage(view=view.model_dump(mode="json"))))
        except ConnectionClosed:
            pass


def _port(server: Server) -> int:
    for sock in server.sockets:
        return int(sock.getsockname()[1])
    raise FlickError("the host has no listening socket")
