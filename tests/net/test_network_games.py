"""Whole networked games: `flick host` and two `flick join --headless --bot` clients, each a
separate process on 127.0.0.1, to the end of a game of scenario 1 and of scenario 9.

Each checks that the clients end on the host's public state (the host's replay re-run), that
the replay verifies; scenario 1 kills a client mid-game and joins again with its token;
scenario 9 checks that no message to a seat holds another seat's secret objective."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
DEADLINE = 60.0


def _flick(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "flick", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=ENV, cwd=ROOT)


def _line(proc: subprocess.Popen[str], start: str) -> str:
    """Read the process's output up to the first line starting with `start`."""
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith(start):
            return line
    raise AssertionError(f"no line {start!r} in:\n{''.join(seen)}")


def _host(tmp: Path, *argv: str) -> tuple[subprocess.Popen[str], str]:
    host = _flick("host", *argv, "--port", "0", "--bind", "127.0.0.1",
                  "--record", str(tmp / "game.json"))
    address = _line(host, "listening on ws://").split()[2].removeprefix("ws://")
    return host, address


def _finish(proc: subprocess.Popen[str]) -> str:
    out, _ = proc.communicate(timeout=DEADLINE)
    assert proc.returncode == 0, out
    return out


def _host_public(tmp: Path) -> tuple[Any, dict[str, Any]]:
    """The host's game re-run from its replay, and its public state as the views give it."""
    from flick.game import Game, input_from_json
    from flick.net import views
    from flick.replay import load

    game_record = load(tmp / "game.json").games[0]
    data = json.loads((tmp / "game.json").read_text())["games"][0]
    players = {p["team"]: p["players"] for p in data["players"]}
    game = Game(game_record.scenario, data["seed"], players=players)
    for inp in data["inputs"]:
        game.apply(input_from_json(inp))
    public = views.public_state(game, views.seats_of(game)).model_dump(mode="json")
    return game, public


def _verify(tmp: Path) -> None:
    from flick.cli import main

    assert main(["replay", "--verify", str(tmp / "game.json")]) == 0


def test_a_game_of_scenario_1_with_a_client_killed_and_back(tmp_path: Path) -> None:
    host, address = _host(tmp_path, "1", "--players", "2", "--seed", "1",
                          "--seat-timeout", "30")
    common = ["--headless", "--bot"]
    ann = _flick("join", address, "--name", "Ann", "--seat", "survivors 1", *common,
                 "--out", str(tmp_path / "ann.json"))
    bob = _flick("join", address, "--name", "Bob", "--seat", "survivors 2", "--bot-seed", "5",
                 *common, "--out", str(tmp_path / "bob.json"))
    token = _line(ann, "seat survivors 1 token ").split()[-1]
    _line(ann, "sent ")  # mid-game: Ann has played
    ann.kill()
    ann.wait(timeout=DEADLINE)
    assert ann.stdout is not None
    ann.stdout.close()
    back = _flick("join", address, "--name", "Ann", "--token", token, *common,
                  "--bot-seed", "7", "--out", str(tmp_path / "ann.json"))
    said = _finish(back)
    assert "seat survivors 1" in said and "game over:" in said
    _finish(bob)
    hosted = _finish(host)
    assert "Ann is back at survivors 1" in hosted and "replay written" in hosted
    game, public = _host_public(tmp_path)
    assert game.over
    for name in ("ann", "bob"):
        view = json.loads((tmp_path / f"{name}.json").read_text())
        assert view["public"] == public
    _verify(tmp_path)


def test_a_game_of_scenario_9_keeps_each_seats_secret_objective(tmp_path: Path) -> None:
    from flick.game import Game, input_from_json
    from flick.game.scenarios.secret import cards

    host, address = _host(tmp_path, "9", "--players", "6", "--seed", "3", "--wait-for", "2")
    seats = {"ann": "Lily Mae", "bob": "Thomas Heart"}  # one of each team (seed 3's deal)
    clients = {name: _flick("join", address, "--name", name, "--seat", seat, "--headless",
                            "--bot", "--bot-seed", str(k), "--out", str(tmp_path / f"{name}.json"),
                            "--log", str(tmp_path / f"{name}.log"))
               for k, (name, seat) in enumerate(seats.items())}
    for proc in clients.values():
        _finish(proc)
    _finish(host)
    from flick.net import views
    from flick.replay import load

    # every objective each survivor held during the game (a wrongly accused one draws anew)
    data = json.loads((tmp_path / "game.json").read_text())["games"][0]
    again = Game(load(tmp_path / "game.json").games[0].scenario, data["seed"],
                 players={p["team"]: p["players"] for p in data["players"]})
    held: dict[str, set[str]] = {s: set() for s in again.survivors}
    for inp in [None, *data["inputs"]]:
        if inp is not None:
            again.apply(input_from_json(inp))
        for s, card in again.rule_state.objective.items():
            held[s].add(card)
    assert again.over
    public = views.public_state(again, views.seats_of(again)).model_dump(mode="json")
    normal, betrayal = cards()
    deck = {**normal, **betrayal}
    for name, seat in seats.items():
        mine = held[seat]
        others = {c for s, cs in held.items() if s != seat for c in cs} - mine
        assert others
        text = (tmp_path / f"{name}.log").read_text()
        assert text.count("\n") > 10
        mine_words = {deck[c]["title"] for c in mine} | {deck[c]["text"] for c in mine}
        for card in others:
            assert f'"{card}"' not in text, f"{seat} was sent {card}"
            for word in (deck[card]["title"], deck[card]["text"]):
                if word not in mine_words:
                    assert json.dumps(word) not in text, f"{seat} was sent {word!r}"
        view = json.loads((tmp_path / f"{name}.json").read_text())
        assert view["public"] == public
        assert view["seat"]["objective"]["id"] == again.rule_state.objective[seat]
    _verify(tmp_path)
