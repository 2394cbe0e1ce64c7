"""The messages of network play, version 1: JSON objects with a `type`, validated with pydantic.

Client to host: `Hello` (join a game: a name, the password, a seat asked for, or the token of
a seat held before: a reconnection), `Start` (begin now; bots take the open seats) and
`Command` (one engine input of the seat's own, `flick.game.inputs` JSON form, with `seq`: the
number of inputs the client's view had played, so a command sent for a state that has moved
on is refused instead of played in another one).

Host to client: `Welcome` (the seat and its token), `Lobby` (the seats and who holds them),
`ViewMessage` (what this seat may see now: `flick.net.views`) and `Error` (a refused message
and why; nothing changed).

Every model is strict: an unknown key, a wrong type or a string too long is refused. A client
message is at most `MAX_CLIENT_BYTES` long (the host refuses a longer one with an error and
goes on); the transport closes a connection whose frame is beyond `MAX_FRAME_BYTES`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from flick.errors import FlickError

VERSION = 1
MAX_CLIENT_BYTES = 16 * 1024  # one command is a few hundred bytes
MAX_FRAME_BYTES = 1024 * 1024  # beyond this the connection is closed (code 1009)
MAX_HOST_BYTES = 8 * 1024 * 1024  # a view of a 10-player game with its events

Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")]
Short = Annotated[str, Field(max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# ---- client to host ---------------------------------------------------------------------------
class Hello(_Strict):
    """Join: `name`; `password` if the host asks one; `seat` asked for (None: the first open
    one); `token` of a seat held before (a reconnection: the seat is given back);
    `spectate`: watch only."""

    type: Literal["hello"] = "hello"
    version: Literal[1] = 1
    name: Name
    password: Short | None = None
    seat: Annotated[str, Field(max_length=60)] | None = None
    token: Annotated[str, Field(max_length=100)] | None = None
    spectate: bool = False


class Start(_Strict):
    """A seated player asks the host to begin now: bots take the seats still open."""

    type: Literal["start"] = "start"


class Command(_Strict):
    """One engine input of the sender's seat. `seq`: the inputs played in the view it was
    decided on (`SeatView.public.seq`)."""

    type: Literal["command"] = "command"
    seq: Annotated[int, Field(ge=0, le=10**6)]
    input: dict[str, Any]


ClientMessage = Annotated[Hello | Start | Command, Field(discriminator="type")]


# ---- host to client ---------------------------------------------------------------------------
class SeatInfo(_Strict):
    """One seat: `id` (S9-S10 a survivor's name, else "TEAM N"), its team and survivor, and
    who holds it: "open", "human" (a connected or dropped player) or "bot"."""

    id: str
    team: str
    survivor: str | None = None
    holder: Literal["open", "human", "bot"]
    name: str | None = None
    connected: bool = False


class Welcome(_Strict):
    """You are in: your seat (None for a spectator) and the token to reconnect to it."""

    type: Literal["welcome"] = "welcome"
    version: Literal[1] = 1
    seat: str | None
    token: str | None
    scenario: int
    scenario_name: str
    players: dict[str, int]


class Lobby(_Strict):
    type: Literal["lobby"] = "lobby"
    seats: list[SeatInfo]
    started: bool


class ViewMessage(_Strict):
    type: Literal["view"] = "view"
    view: dict[str, Any]  # a `flick.net.views.SeatView`, validated by the client with it


class Error(_Strict):
    """A message was refused (`code`: "malformed", "oversized", "rate", "seat", "stale",
    "illegal", "auth", "full", "version", "state") and nothing changed."""

    type: Literal["error"] = "error"
    code: str
    message: str


HostMessage = Annotated[Welcome | Lobby | ViewMessage | Error, Field(discriminator="type")]

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_HOST: TypeAdapter[Any] = TypeAdapter(HostMessage)


class BadMessage(FlickError):
    """A message that is not one of the protocol's: `code` says which refusal it is."""

    exit_code = 2

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _parse(text: str | bytes, adapter: TypeAdapter[Any], limit: int) -> Any:
    if isinstance(text, bytes):
        if len(text) > limit:
            raise BadMessage("oversized", f"a message is at most {limit} bytes, not {len(text)}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage("malformed", "a message is UTF-8 JSON text") from None
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise BadMessage("oversized", f"a message is at most {limit} bytes, not {size}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise BadMessage("malformed", f"not JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed", "a message is a JSON object with a type")
    if data.get("type") == "hello" and data.get("version", VERSION) != VERSION:
        raise BadMessage("version", f"this host speaks version {VERSION} of the protocol, "
                                    f"not {str(data.get('version'))[:20]}")
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise BadMessage("malformed", f"{where}: {first['msg']}"[:300]) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_client(text: str | bytes) -> Hello | Start | Command:
    """A client's message, checked; BadMessage says why one is refused."""
    return _parse(text, _CLIENT, MAX_CLIENT_BYTES)


def parse_host(text: str | bytes) -> Welcome | Lobby | ViewMessage | Error:
    """A host's message, checked (a client trusts nothing either)."""
    return _parse(text, _HOST, MAX_HOST_BYTES)


def dump(message: BaseModel) -> str:
    """A message's JSON text (no NaN: JSON has none)."""
    return json.dumps(message.model_dump(mode="json"), separators=(",", ":"), allow_nan=False)
