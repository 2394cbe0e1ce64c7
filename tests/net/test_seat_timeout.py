"""A player who does not decide within the seat timeout: a bot plays their seat, the lobby
says so, and the game goes on to its end (recorded as a replay that verifies)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.client import connect

from flick.game import Game
from flick.net.host import Host, HostConfig
from flick.scenario import load


async def _silent_player(record: Path) -> tuple[Game, list[dict[str, object]]]:
    game = Game(load(1), 1, players={"survivors": 2})
    host = Host(game, HostConfig(seat_timeout=0.05, wait_for=1, linger=0.0, record=record),
                log=lambda line: None)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(host.run(port=0, ready=ready.set_result))
    lobbies = []
    async with connect(f"ws://127.0.0.1:{await ready}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "name": "Ann", "seat": "survivors 1"}))
        async for raw in ws:  # Ann never sends a command
            msg = json.loads(raw)
            if msg["type"] == "lobby":
                lobbies.append(msg)
            if msg["type"] == "view" and msg["view"]["public"]["over"]:
                break
    await asyncio.wait_for(serving, 30)
    return game, lobbies


def test_a_silent_players_seat_is_played_by_a_bot_to_the_end(tmp_path: Path) -> None:
    from flick.cli import main

    game, lobbies = asyncio.run(_silent_player(tmp_path / "game.json"))
    assert game.over
    seat = [next(s for s in lobby["seats"] if s["id"] == "survivors 1") for lobby in lobbies]
    assert seat[0]["holder"] == "human"
    assert seat[-1]["holder"] == "bot" and seat[-1]["name"] == "Ann"
    assert main(["replay", "--verify", str(tmp_path / "game.json")]) == 0
