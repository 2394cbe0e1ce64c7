"""Hostile messages to the host: garbage, a wrong seat, an unknown key, an oversized message,
a stale command replayed, an illegal input, a flood, a frame beyond the transport's limit.
Each is refused with an error to its sender (or the connection closed) and the game goes on
unchanged; the seat's next legal command is played."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from flick.game import Game
from flick.net.host import Host, HostConfig
from flick.net.messages import MAX_CLIENT_BYTES, MAX_FRAME_BYTES
from flick.scenario import load


async def _next(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if msg["type"] == kind:
            return msg


def _cmd(seq: int, inp: dict[str, Any], **more: Any) -> str:
    return json.dumps({"type": "command", "seq": seq, "input": inp, **more})


async def _hostile() -> None:
    game = Game(load(1), 2, players={"survivors": 2})
    host = Host(game, HostConfig(linger=0.0, seat_timeout=30.0), log=lambda line: None)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(host.run(port=0, ready=ready.set_result))
    uri = f"ws://127.0.0.1:{await ready}"
    async with connect(uri, max_size=None) as ann, connect(uri, max_size=None) as bob:
        await ann.send(json.dumps({"type": "hello", "name": "Ann", "seat": "survivors 1"}))
        await _next(ann, "welcome")
        await bob.send(json.dumps({"type": "hello", "name": "Bob", "seat": "survivors 2"}))
        await _next(bob, "welcome")
        view = (await _next(ann, "view"))["view"]
        assert view["public"]["to_act"] == "survivors 1" and view["seat"]["your_turn"]
        choose = view["seat"]["choices"][0]
        before = (len(game.inputs), game.board.table.state_hash())

        async def refused(ws: Any, text: str | bytes, code: str) -> None:
            await ws.send(text)
            error = await _next(ws, "error")
            assert error["code"] == code, error
            assert (len(game.inputs), game.board.table.state_hash()) == before

        await refused(bob, "{not json", "malformed")
        await refused(bob, b"\xff\xfe", "malformed")
        await refused(bob, json.dumps([1, 2]), "malformed")
        await refused(bob, _cmd(0, choose), "seat")  # Ann's decision, not Bob's
        await refused(ann, _cmd(0, choose, extra=1), "malformed")  # an unknown key
        await refused(ann, _cmd(0, {"input": "choose", "survivor": "x" * MAX_CLIENT_BYTES}),
                      "oversized")
        await refused(ann, _cmd(0, {"input": "warp"}), "malformed")
        await refused(ann, _cmd(0, {"input": "end_turn"}), "illegal")  # nobody chosen yet
        await refused(ann, json.dumps({"type": "hello", "name": "Ann"}), "state")
        await refused(ann, json.dumps({"type": "hello", "version": 2, "name": "A"}), "version")

        await ann.send(_cmd(0, choose))  # legal: played
        view = (await _next(ann, "view"))["view"]
        assert view["public"]["seq"] == 1 and view["public"]["active"] == choose["survivor"]
        before = (len(game.inputs), game.board.table.state_hash())
        await refused(ann, _cmd(0, choose), "stale")  # the same command again

        # a flood: refused (one error a second), then the connection is closed
        for _ in range(300):
            try:
                await bob.send(_cmd(1, {"input": "end_turn"}))
            except ConnectionClosed:
                break
        codes = []
        try:
            while True:
                msg = json.loads(await asyncio.wait_for(bob.recv(), 10))
                if msg["type"] == "error":
                    codes.append(msg["code"])
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008
        assert "rate" in codes and set(codes) <= {"rate", "seat"}
        assert (len(game.inputs), game.board.table.state_hash()) == before

        await ann.send(_cmd(1, {"input": "end_turn"}))  # the game goes on
        view = (await _next(ann, "view"))["view"]
        assert view["public"]["seq"] == 2

        # a frame beyond the transport's limit closes that connection only
        await ann.send("x" * (MAX_FRAME_BYTES + 1))
        try:
            await asyncio.wait_for(_next(ann, "never"), 10)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1009
        assert len(game.inputs) == 2
    serving.cancel()
    await asyncio.gather(serving, return_exceptions=True)


def test_hostile_messages_are_refused_and_the_game_goes_on() -> None:
    asyncio.run(_hostile())
