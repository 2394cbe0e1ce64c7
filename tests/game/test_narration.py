"""The event log's words (flick.game.narration) for every event the engine emits, S1-S10."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from flick.game.game import Game
from flick.game.narration import SILENT, describe
from flick.game.state import Event
from tests.conftest import game_group
from tests.game.test_bot_games import GAMES

GAME_DIR = Path(__file__).resolve().parents[2] / "flick" / "game"

# Event data the engine gives as something other than a survivor's name.
VALUES: dict[str, Any] = {
    "success": True, "option": 0, "life": 2, "up": 1, "down": 0, "shown": True,
    "betrayer": True, "defect": True, "big": True, "distance": 12, "zombies": 2,
    "survivors": ["Kevin Lee", "Anita Black"], "opponents": ["Olivia Brook"],
    "tokens": ["food", "fuel"], "fell": [], "felled": 1, "killed": 1, "clubbed": 0,
    "winners": ["Kevin Lee"], "beaten": ["Olivia Brook"], "wounded": True,
}


def engine_events() -> dict[str, list[dict[str, Any]]]:
    """Every `game.event("type", key=...)` call in flick/game: its type and data keys."""
    found: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(GAME_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "event" and node.args:
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path.name}:{node.lineno}: an event " \
                    "type the test cannot read"
                data = {}
                for kw in node.keywords:
                    if kw.arg is None:
                        continue
                    if isinstance(kw.value, ast.Constant):
                        data[kw.arg] = kw.value.value
                    else:
                        data[kw.arg] = VALUES.get(kw.arg, "Kevin Lee")
                if data.get("stage") == "duel":  # a survivor fight fells survivors, by name
                    data["felled"] = ["Anita Black"]
                if first.value == "skull_count":
                    data = {k: {"red": 2, "blue": 1} for k in data}
                found.setdefault(first.value, []).append(data)
    return found


def test_every_event_type_the_engine_emits_is_told_or_deliberately_silent() -> None:
    events = engine_events()
    assert len(events) > 50  # the scan found the engine's events
    untold = sorted(f"{t} {data}" for t, calls in events.items() if t not in SILENT
                    for data in calls if describe(Event(t, data)) is None)
    assert untold == []
    # SILENT names only events the engine really emits (no stale entries).
    assert set(events) >= SILENT


@pytest.mark.parametrize("number", [pytest.param(n, marks=game_group(n)) for n in range(5, 11)])
def test_bot_games_of_scenarios_5_to_10_are_told_in_full(number: int,
                                                         played: Callable[..., Game]) -> None:
    # The whole games of tests.game.test_bot_games.py, shared for the session.
    seen: set[str] = set()
    for n, seed, players in GAMES:
        if n != number:
            continue
        game = played(n, seed, players)
        for i, ev in enumerate(game.events):
            line = describe(ev, game.events[i - 1] if i else None)
            seen.add(ev.type)
            assert line is not None or ev.type in SILENT, f"{ev.type} {ev.data}"
            assert line is None or "None" not in line, line
    assert {"turn", "flick"} <= seen
    # The shared games are the golden seeds (100, 101) since the suite was made faster: every
    # scenario's games, S6's too, draw a Crossroads card (S6 seed 1 no longer did), but S7's:
    # since a figure left lying across a city limit is moved wholly inside
    # ("in the city" is the whole figure) neither S7 game draws one.
    if number != 7:
        assert "crossroads" in seen


def test_the_exile_flick_names_the_unmasked_betrayer_not_the_active_survivor() -> None:
    unmasked = Event("unmasked", {"survivor": "Olivia Brook", "team": "betrayer Olivia",
                                  "by": "Kevin Lee"})
    # The engine credits the exile flick to the active survivor (here the accuser, Kevin).
    flick = Event("flick", {"piece": "survivor", "survivor": "Kevin Lee",
                            "first_touch": "Anita Black", "fell": ["Olivia Brook", "Anita Black"]})
    assert describe(flick, unmasked) == "The unmasked Olivia is flicked away, fallen; fell: Anita."
    # Any other flick of a figure is the active survivor's move.
    assert describe(flick, Event("turn", {})) == \
        "Kevin flicked the figure, first touching Anita; fell: Olivia, Anita."


@game_group(10)
def test_an_unmasking_in_a_bot_game_is_followed_by_the_exile_flick(
        played: Callable[..., Game]) -> None:
    # The first of the shared S10 games in which a betrayer is unmasked (seed 100 today); if
    # the rules or bots change so that none is, a few more S10 games (seeds 1-5) are played.
    tables = [(seed, players) for n, seed, players in GAMES if n == 10] + [
        (seed, 6) for seed in range(1, 6)]
    game = next(g for g in (played(10, seed, players) for seed, players in tables)
                if any(ev.type == "unmasked" for ev in g.events))
    types = [ev.type for ev in game.events]
    i = types.index("unmasked")
    betrayer = game.events[i].data["survivor"].split(" ")[0]
    assert types[i + 1] == "flick"
    line = describe(game.events[i + 1], game.events[i])
    assert line is not None and line.startswith(f"The unmasked {betrayer} is flicked away")


@pytest.mark.parametrize(("type_", "data", "line"), [
    ("flare", {"survivor": "Sparky Dog", "success": False, "big": True},
     "Sparky flicks a flare (big face: LOUD): it leaves the city, wasted."),
    ("vote", {"survivor": "Kevin Lee", "up": True}, "Kevin has voted."),
    ("vote_result", {"accused": "Olivia Brook", "shown": False, "up": 1, "down": 2},
     "Vote on Olivia: 1 up, 2 down: the card stays hidden."),
    ("vote_result", {"accused": "Olivia Brook", "shown": True, "betrayer": True, "up": 3,
                     "down": 0}, "Vote on Olivia: 3 up, 0 down: the card is shown - a BETRAYER!"),
    ("allegiance", {"survivor": "Anita Black", "defect": False},
     "Anita stays; accused and accuser lose a life."),
    ("pass", {"survivor": "Elijah Wood", "team": "betrayer Elijah"},
     "Elijah flips the X token and passes the turn."),
    ("x_moved", {"frm": "police_station", "to": "grocery", "supply_token": True},
     "The X token moves from the police station to the grocery."),
    ("recruit", {"survivor": "Mike Cho", "team": "red", "by": "Kevin Lee", "building": "gas"},
     "Mike joins team red (recruited by Kevin)."),
    ("fight", {"stage": "start", "kind": "duel", "building": "grocery",
               "survivors": ["Kevin Lee"], "opponents": ["Anita Black"], "distance": 14},
     "SURVIVOR FIGHT in the grocery: Kevin against Anita, 14 cm apart."),
    ("flick", {"piece": "bat", "survivor": "Kevin Lee", "stage": "duel",
               "felled": ["Anita Black"]}, "Kevin flicked the bat (Anita felled)."),
    ("skull_count", {"survivors": {"red": 2, "blue": 2}},
     "Skull: survivors counted - red 2, blue 2."),
])
def test_exact_wordings(type_: str, data: dict[str, Any], line: str) -> None:
    assert describe(Event(type_, data)) == line


def test_the_log_speaks_plain_words_never_the_engines_ids() -> None:
    # every event the engine emits, with the data its calls give (see engine_events)
    ids = re.compile(r"[a-z]_[a-z]|:\d|:block|\((too_close|rush|gun|bullet)\)")
    for t, calls in engine_events().items():
        for data in calls:
            line = describe(Event(t, data))
            assert line is None or not ids.search(line), f"{t}: {line}"


@pytest.mark.parametrize(("type_", "data", "previous", "line"), [
    ("wound", {"survivor": "Kevin Lee", "cause": "too_close", "life": 1}, None,
     "Kevin loses a life (too close to a zombie): 1 left."),
    ("kill", {"survivor": "Kevin Lee", "cause": "short_kill:gun", "zombie": 4}, None,
     "A zombie is killed (a short kill with the gun) by Kevin."),
    ("flick", {"survivor": "Kevin Lee", "piece": "knife", "first_touch": "zombie:7",
               "fell": []}, None,
     "Kevin flicked the knife, first touching a zombie; the zombie it touched stayed "
     "standing: no kill."),
    ("move", {"survivor": "Kevin Lee", "piece": "movement_disc", "success": False,
              "reason": "touched or left the city"},
     Event("flick", {"piece": "movement_disc", "first_touch": "rv:block"}),
     "Kevin's move failed: the movement disc touched the RV; Kevin stays put."),
])
def test_outcomes_are_told_in_plain_words(type_: str, data: dict[str, Any],
                                          previous: Event | None, line: str) -> None:
    assert describe(Event(type_, data), previous) == line
