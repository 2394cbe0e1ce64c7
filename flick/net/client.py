"""A client of a networked game, without a window: join, take a seat, send the seat's
inputs, receive its views; reconnect with the seat's token after a drop and catch up.

    client = Client("ws://127.0.0.1:8765", name="Ann")
    await client.connect()                    # Welcome: client.seat, client.token
    async for view in client.views():         # SeatView after every input
        if view.seat.your_turn:
            await client.send_input({"input": "end_turn"})

`play(client, bot)` drives a seat with a `ViewBot` to the end of the game, reconnecting
when the connection drops (`flick join --headless --bot`).
"""

from __future__ import annotations

import asyncio
import ssl as ssl_module
from collections.abc import AsyncIterator, Callable
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from flick.errors import FlickError
from flick.net.messages import (
    MAX_HOST_BYTES,
    BadMessage,
    Command,
    Error,
    Hello,
    Lobby,
    Start,
    ViewMessage,
    Welcome,
    dump,
    parse_host,
)
from flick.net.seat_view import SeatView


class NetError(FlickError):
    """The host refused us or cannot be reached (one line, exit 1)."""


class Client:
    def __init__(self, uri: str, name: str, *, password: str | None = None,
                 seat: str | None = None, spectate: bool = False, token: str | None = None,
                 ssl: ssl_module.SSLContext | None = None,
                 on_raw: Callable[[str], None] | None = None) -> None:
        self.uri = uri
        self.name = name
        self.password = password
        self.want_seat = seat
        self.spectate = spectate
        self.token = token
        self.ssl = ssl
        self.on_raw = on_raw  # every message received, as text (logs, tests)
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.lobby: Lobby | None = None
        self.view: SeatView | None = None
        self.errors: list[Error] = []

    @property
    def seat(self) -> str | None:
        return self.welcome.seat if self.welcome else None

    def hello(self) -> Hello:
        """Our Hello; a name, password, seat or token the protocol refuses is a NetError."""
        try:
            return Hello(name=self.name, password=self.password, seat=self.want_seat,
                         token=self.token, spectate=self.spectate and self.token is None)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            why = "1 to 40 characters, no control characters" if where == "name" \
                else first["msg"]
            raise NetError(f"--{where}: {why}", exit_code=2) from None

    async def connect(self) -> Welcome:
        """Open the connection and join (with the token if we hold one: the same seat)."""
        self.hello()
        try:
            self.ws = await connect(self.uri, ssl=self.ssl, max_size=MAX_HOST_BYTES,
                                    open_timeout=10, ping_interval=20, ping_timeout=20)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            hint = (" (a host started with --cert speaks TLS: join with --tls or --cafile)"
                    if isinstance(exc, InvalidHandshake) and self.uri.startswith("ws://")
                    else "")
            raise NetError(f"cannot reach {self.uri}: {exc}{hint}") from None
        await self.ws.send(dump(self.hello()))
        while True:
            msg = await self._recv()
            if isinstance(msg, Welcome):
                self.welcome = msg
                self.token = msg.token or self.token
                return msg
            if isinstance(msg, Error):
                raise NetError(f"the host refused us: {msg.message}")

    async def _recv(self) -> Any:
        assert self.ws is not None
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as closed:
            if self.welcome is None:
                raise NetError(f"the host closed the connection: {closed}") from None
            raise
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        if self.on_raw is not None:
            self.on_raw(text)
        try:
            msg = parse_host(raw)
        except BadMessage as bad:
            raise NetError(f"the host sent a message this client does not read: {bad}") \
                from None
        if isinstance(msg, ViewMessage):
            self.view = SeatView.model_validate(msg.view)
        elif isinstance(msg, Lobby):
            self.lobby = msg
        elif isinstance(msg, Error):
            self.errors.append(msg)
        return msg

    async def messages(self) -> AsyncIterator[Any]:
        """Every message from the host until the connection closes (ConnectionClosed)."""
        while True:
            yield await self._recv()

    async def views(self) -> AsyncIterator[SeatView]:
        async for msg in self.messages():
            if isinstance(msg, ViewMessage) and self.view is not None:
                yield self.view

    async def send_input(self, inp: dict[str, Any], seq: int | None = None) -> None:
        """Send one input of our seat, decided on the view at `seq` (default: the last
        view's)."""
        if seq is None:
            seq = self.view.public.seq if self.view is not None else 0
        await self.send_raw(dump(Command(seq=seq, input=inp)))

    async def start(self) -> None:
        await self.send_raw(dump(Start()))

    async def send_raw(self, text: str | bytes) -> None:
        assert self.ws is not None, "connect first"
        await self.ws.send(text)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def play(client: Client, decide: Callable[[SeatView], dict[str, Any] | None], *,
               start: bool = False, retries: int = 20,
               on_send: Callable[[SeatView, dict[str, Any]], None] | None = None,
               on_view: Callable[[SeatView], None] | None = None) -> SeatView:
    """Play the client's seat with `decide` until the game is over; returns the last view.
    A dropped connection is opened again with the seat's token (up to `retries` times, a
    second apart), and the host's view then catches the client up."""
    if client.welcome is None:
        await client.connect()
    if start:
        await client.start()
    answered: int | None = None
    failures = 0
    while True:
        try:
            async for msg in client.messages():
                view = client.view
                if isinstance(msg, Error) and msg.code in ("illegal", "stale", "malformed"):
                    answered = None  # decide again on the newest view
                    failures += 1
                    if failures > 50:
                        raise NetError(f"the host refused 50 of our commands: {msg.message}")
                if view is None:
                    continue
                if isinstance(msg, ViewMessage) and on_view is not None:
                    on_view(view)
                if view.public.over:
                    await client.close()
                    return view
                if view.seat.your_turn and answered != view.public.seq \
                        and (isinstance(msg, ViewMessage | Error)):
                    inp = decide(view)
                    if inp is not None:
                        answered = view.public.seq
                        if on_send is not None:
                            on_send(view, inp)
                        await client.send_input(inp, view.public.seq)
        except ConnectionClosed:
            if client.view is not None and client.view.public.over:
                return client.view
            for attempt in range(retries):
                await asyncio.sleep(min(1.0, 0.1 * (attempt + 1)))
                try:
                    await client.connect()
                    break
                except NetError:
                    continue
            else:
                raise NetError(f"lost the host at {client.uri} and could not reconnect") \
                    from None
            answered = None
