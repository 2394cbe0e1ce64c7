"""`flick play` under SDL's dummy driver: turns played by script change the game as the
gestures say; Escape cancels; illegal choices change nothing; the pass screen; the CLI's
screenshot and replay file; the replay viewer."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.errors import DataFileError
from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor, Eat, GoHungry, Keep, Move, Shoot
from flick.game.state import IllegalAction
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.commands import Apply
from flick.ui.gesture import SWIPE_GAIN
from flick.ui.script import parse
from tests.ui.gestures import swipe

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def run(number: int, events: list[dict[str, Any]], seed: int = 1,
        frames: int | None = None, **kw: Any) -> PlayApp:
    game = Game(load(number), seed)
    app = PlayApp(game, Settings(script=parse(events), frames=frames, **kw))
    app.run()
    return app


def start(number: int, name: str, seed: int = 1) -> tuple[float, float]:
    """Where a survivor stands at set-up (cm): the tests aim from the scenario's own layout."""
    game = Game(load(number), seed)
    return game.board.pos(game.survivors[name].piece)


CHOOSE_MIKE = [{"t": 0.1, "type": "down", "at": "survivor:Mike"},
               {"t": 0.12, "type": "up", "at": "survivor:Mike"}]


def test_a_scripted_move_moves_the_survivor_as_the_swipe_says() -> None:
    # Mike where S2 sets him up; a swipe south at 90 cm/s: 0.9 cm every 10 ms
    x0, y0 = start(2, "Mike Cho")
    app = run(2, [*CHOOSE_MIKE, {"t": 0.3, "type": "key", "key": "m"},
                  *swipe(0.5, (0.0, -0.9))])
    game = app.game
    assert isinstance(game.inputs[0], ChooseSurvivor) and game.inputs[0].survivor == "Mike Cho"
    move = game.inputs[1]
    assert isinstance(move, Move)
    ix, iy = move.flick.impulse
    # the swipe is measured on the screen: 90 cm/s of pointer over the table at the view's
    # zoom; the mouse moves in whole pixels (about 8 px per cm here): within 3 %
    speed = 90.0 * app.cam.scale * SWIPE_GAIN
    assert abs(ix) < 1e-6 and math.isclose(iy, -6.0 * speed, rel_tol=0.03)
    mike = game.survivors["Mike Cho"]
    x, y = game.board.pos(mike.piece)
    # on an open table a disc at v cm/s slides v^2 / (2 mu g): 13.8 cm at 90 cm/s
    slide = (iy / 6.0) ** 2 / (2 * 0.30 * 981.0)
    assert x == pytest.approx(x0, abs=0.1) and y == pytest.approx(y0 - slide, abs=0.3)
    assert "Mike's move succeeded." in app.event_log.lines
    assert not app.busy()  # the shot's animation played out before the script ended


def test_escape_cancels_before_release_and_nothing_is_flicked() -> None:
    events = [*CHOOSE_MIKE, {"t": 0.3, "type": "key", "key": "m"},
              {"t": 0.5, "type": "down", "at": "piece"},
              {"t": 0.52, "type": "move", "at": "piece", "d": [0, -3]},
              {"t": 0.53, "type": "key", "key": "escape"},
              {"t": 0.54, "type": "up", "at": "piece", "d": [0, -6]}]
    app = run(2, events)
    assert len(app.game.inputs) == 1  # only the choice of Mike
    assert app.game.phase == "act" and app.game.actions_done == 0
    assert app.status == "flick cancelled"


def test_slingshot_and_gun_side_follow_the_settings() -> None:
    # Tab: slingshot; S: bullet on the left; drag 4 cm back west -> a shot east
    events = [*CHOOSE_MIKE, {"t": 0.2, "type": "key", "key": "tab"},
              {"t": 0.25, "type": "key", "key": "s"},
              {"t": 0.3, "type": "key", "key": "m"},
              {"t": 0.5, "type": "down", "at": "piece"},
              {"t": 0.7, "type": "move", "at": "piece", "d": [-2, 0]},
              {"t": 0.9, "type": "up", "at": "piece", "d": [-4, 0]}]
    app = run(2, events)
    move = app.game.inputs[1]
    assert app.style == "slingshot" and app.side == "left"
    assert isinstance(move, Move) and move.flick.impulse[0] > 0
    # the mouse moves in whole pixels: due east within a degree
    assert abs(move.flick.impulse[1]) < 0.02 * move.flick.impulse[0]
    assert move.angle == pytest.approx(0.0, abs=0.02)


def test_two_actions_end_the_turn_and_the_zombies_react() -> None:
    rosa = [{"t": 0.1, "type": "down", "at": "survivor:Rosa"},
            {"t": 0.12, "type": "up", "at": "survivor:Rosa"}]
    events = [*rosa, {"t": 0.3, "type": "key", "key": "g"}, *swipe(0.5, (8.0, 0.0), 3),
              {"t": 1.0, "type": "key", "key": "g"}, *swipe(1.2, (8.0, -1.0), 3)]
    app = run(2, events)
    game = app.game
    shots = [i for i in game.inputs if isinstance(i, Shoot)]
    assert len(shots) == 2 and all(s.side == "right" for s in shots)
    assert game.phase == "choose" and game.survivors["Rosa Rodriguez"].backpack == "night"
    assert any(e.type == "rush" for e in game.events)  # LOUD: a rush from the tower
    assert any("LOUD" in line for line in app.event_log.lines)


def test_illegal_choice_shows_why_and_changes_nothing() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    before = game.board.table.state_hash()
    app.select("move")  # no survivor chosen: no action bar, nothing happens
    assert app.action is None
    assert app.apply(ChooseSurvivor("Nobody")) is False
    assert "no survivor named" in app.status
    assert game.inputs == [] and game.board.table.state_hash() == before


def test_competitive_games_pass_the_table_between_teams() -> None:
    game = Game(load(6), 1, players={"A": 1, "B": 1})
    app = PlayApp(game, Settings(frames=2))
    assert app.pass_screen and not app.sees_team(game.current_team)
    app.draw()
    first = game.current_team
    app.key("space")
    assert not app.pass_screen and app.sees_team(first)
    other = next(t.name for t in game.scenario.teams if t.name != first)
    assert not app.sees_team(other)


def test_cli_writes_screenshot_and_a_replay_the_viewer_opens(tmp_path: Path) -> None:
    from flick import replay as rp
    from flick.cli import main
    from flick.ui.replay_viewer import build
    from flick.ui.replay_viewer import run as view

    script = tmp_path / "turn.json"
    script.write_text(json.dumps([*CHOOSE_MIKE, {"t": 0.3, "type": "key", "key": "m"},
                                  *swipe(0.5, (0.0, -0.9))]))
    png, record = tmp_path / "shot.png", tmp_path / "game.json"
    code = main(["play", "2", "--script", str(script), "--frames", "120",
                 "--screenshot", str(png), "--record", str(record)])
    assert code == 0
    assert pygame.image.load(str(png)).get_size() == (1280, 800)
    replay = rp.load(record)
    assert [i["input"] for i in replay.games[0].record.inputs] == ["choose", "move"]
    timeline = build(replay.games[0])
    assert timeline.mismatches == [] and len(timeline.steps) == 1
    assert timeline.steps[0].clip.frames
    out = tmp_path / "replay.png"
    assert view(record, frames=30, screenshot=str(out)) == 0
    assert out.exists()
    from flick.ui.replay_viewer import Viewer

    viewer = Viewer(timeline)
    viewer.key("down")
    viewer.key("down")
    assert viewer.speed == 0.25  # slow motion
    viewer.key("up")
    assert viewer.speed == 0.5
    viewer.key("space")
    assert not viewer.playing
    viewer.advance(1.0)
    assert viewer.time == 0.0  # paused: nothing moves
    viewer.key("space")
    viewer.advance(0.1)
    assert viewer.time == pytest.approx(0.05)  # half speed
    viewer.key("right")
    assert viewer.index == 0  # a single shot: nowhere further to go
    via_cli = tmp_path / "cli.png"
    assert main(["replay", str(record), "--frames", "5", "--screenshot", str(via_cli)]) == 0
    assert via_cli.exists()
    # another pymunk: the stored resting poses, moved in straight lines, one step per shot
    lg = replay.games[0]
    other = rp.LoadedGame(lg.record, lg.scenario, lg.params, lg.inputs, "another pymunk")
    stored = build(other)
    assert len(stored.steps) == len(lg.record.shots) == 1
    end = stored.steps[0].clip.poses_at(10**6)
    rest = {p.id: (p.x, p.y) for p in lg.state_after(0).pieces}
    assert {pid: (p.x, p.y) for pid, p in end.items()} == rest


def test_cli_refuses_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from flick.cli import main

    assert main(["play", "2", "--players", "11"]) == 2
    with pytest.raises(SystemExit) as refused:  # numpy's generators take no negative seed
        main(["play", "2", "--seed", "-5", "--no-record"])
    assert refused.value.code == 2
    assert "argument --seed: -5 is negative" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('[{"t": 0, "type": "fly"}]')
    assert main(["play", "2", "--script", str(bad), "--no-record"]) != 0
    assert "bad.json: event 1" in capsys.readouterr().err


@pytest.mark.parametrize("events, expected", [
    ([{"t": 0, "type": "down", "pos": [1e300, 5]}], "event 1: `pos` must be [x, y] numbers"),
    ([{"t": 0, "type": "down", "cm": [float("nan"), 5]}], "event 1: `cm` must be [x, y]"),
    ([{"t": 0, "type": "wheel", "pos": [5, 5], "y": 10**6}], "event 1: wheel `y` must be"),
])
def test_malformed_script_values_are_refused(events: list[dict], expected: str) -> None:
    with pytest.raises(DataFileError, match=re.escape(expected)):
        parse(events, "turn.json")


@pytest.mark.parametrize("event, expected", [
    ({"type": "key", "key": "notakey"}, "script: unknown key 'notakey'"),
    ({"type": "command", "command": "fly:away"}, "unknown command 'fly:away'"),
    ({"type": "command", "command": "take:x"}, "command 'take:x': give take:PLACE:TAKE:DROP"),
    ({"type": "command", "command": "eat:Mike:x"}, "command 'eat:Mike:x': 'x' is not a number"),
])
def test_a_script_event_the_window_cannot_follow_is_a_clear_error(
    event: dict[str, Any], expected: str
) -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(script=parse([{"t": 0.05, **event}])))
    before = game.board.table.state_hash()
    with pytest.raises(IllegalAction, match=re.escape(expected)):
        app.run()
    assert game.inputs == [] and game.board.table.state_hash() == before


def test_an_undecodable_script_file_is_a_clear_error(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    from flick.cli import main

    bad = tmp_path / "binary.json"
    bad.write_bytes(b"\xff\xfe[")
    assert main(["play", "2", "--script", str(bad), "--no-record"]) == 2
    err = capsys.readouterr().err
    assert "binary.json: not a text (UTF-8) file" in err and "Traceback" not in err


def test_a_fight_is_played_on_the_staging_table() -> None:
    from flick.game.inputs import FightFlick, FightWeapon
    from flick.game.scenarios.fight import fight_weapons

    game = Game(load(2), 0)
    game.apply(ChooseSurvivor("Mike Cho"))
    # Set-up by hand (bots' routes change): a standing zombie in the School, and the fight
    # the engine starts when Mike walks in.
    game.building_zombies["school"] = [True]
    game.start_fight("school")
    events = [{"t": 0.1, "type": "key", "key": "1"}, *swipe(0.5, (0.0, 4.0))]
    app = PlayApp(game, Settings(script=parse(events)))
    assert app.on_fight_table() and app.fight_view is not None
    app.run()
    weapon, flick = game.inputs[-2:]
    assert isinstance(weapon, FightWeapon)
    assert weapon.weapon == fight_weapons(game.survivors["Mike Cho"])[0]
    assert isinstance(flick, FightFlick) and flick.flick.impulse[1] > 500  # at the zombie
    assert any(e.type == "flick" and e.data.get("stage") == "fight" for e in game.events)


def test_the_zoom_keys_and_the_wheel_zoom_the_table_shown() -> None:
    # On the fight's staging table + and the wheel zoom it, and leave the city's view alone;
    # back in the city they zoom the city.
    game = Game(load(2), 0)
    game.apply(ChooseSurvivor("Mike Cho"))
    game.building_zombies["school"] = [True]
    game.start_fight("school")
    app = PlayApp(game, Settings(frames=1))
    assert app.on_fight_table()
    city, fight = app.cam, app.active_cam()
    app.key("+")
    app.wheel(app.area.center, 1)
    assert app.cam == city and app.active_cam().scale > fight.scale
    game.fight = None
    app.key("-")
    assert app.cam.scale < city.scale


def test_take_a_face_down_token_and_keep_it_from_the_panel() -> None:
    from flick.game.inputs import TakeDrop

    game = Game(load(2), 0)
    game.apply(ChooseSurvivor("Mike Cho"))
    mike = game.survivors["Mike Cho"]
    # Set-up by hand: Mike inside the School (as after a move through its door), where
    # scenario 2 put one face-down token.
    game.board.remove_survivor(mike)
    mike.building = "school"
    app = PlayApp(game, Settings(frames=1))
    app.key("t")
    options = app.options()
    assert [o.label for o in options] == ["Take face down (school)"]
    app.key("1")  # the first option, by its number
    assert isinstance(game.inputs[-1], TakeDrop) and game.inputs[-1].take == 0
    assert game.phase == "keep"
    assert [o.command for o in app.options()] == [Apply(Keep(True)), Apply(Keep(False))]
    kind = game.stashes["school"][0].kind
    app.command("keep:1")
    assert isinstance(game.inputs[-1], Keep) and game.inputs[-1].keep
    assert [t.kind for t in mike.inventory] == [kind]
    assert f"Mike takes a {kind} (school)." in app.event_log.lines


def test_two_guns_fire_both_bullets_in_one_action() -> None:
    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    game.survivors["Rosa Rodriguez"].inventory.append(game.new_token("gun"))  # a 2nd gun
    events = [{"t": 0.1, "type": "key", "key": "2"}, *swipe(0.3, (8.0, 0.0), 3),
              *swipe(0.8, (0.0, -8.0), 3)]
    app = PlayApp(game, Settings(script=parse(events)))
    app.select("two_guns")
    rosa = game.board.pos(game.survivors["Rosa Rodriguez"].piece)
    left = app.spot()
    app.first_flick = object()
    right = app.spot()
    app.first_flick, app.action = None, None
    assert left is not None and right is not None
    facing = game.survivors["Rosa Rodriguez"].facing

    def leftward(p: tuple[float, float]) -> float:  # > 0: left of Rosa's facing
        return (math.cos(facing) * (p[1] - rosa[1]) - math.sin(facing) * (p[0] - rosa[0]))

    assert leftward(left.centre) > 0 > leftward(right.centre)
    app.run()
    shot = game.inputs[-1]
    assert isinstance(shot, Shoot) and shot.side == "left" and shot.second is not None
    assert shot.flick.impulse[0] > 0 and shot.second.impulse[1] < 0  # east, then south
    assert sum(1 for e in game.events if e.type == "flick") == 2


def test_short_kill_by_clicking_a_zombie_next_to_the_survivor() -> None:
    from flick.game.inputs import ShortKill

    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Mike Cho"))
    mike = game.board.pos(game.survivors["Mike Cho"].piece)
    zombie = game.board.zombies()[0]
    # Set-up by hand: a zombie 1 cm from Mike's base (next to him)
    game.board.table.set_pose(zombie, mike[0] + 3.6, mike[1], 0.0)
    events = [{"t": 0.1, "type": "key", "key": "x"},
              {"t": 0.2, "type": "down", "at": "zombie:nearest"},
              {"t": 0.25, "type": "up", "at": "zombie:nearest"}]
    app = PlayApp(game, Settings(script=parse(events)))
    app.run()
    kill = game.inputs[-1]
    assert isinstance(kill, ShortKill) and kill.zombie == zombie
    assert kill.weapon == "bat"  # a quiet weapon by default
    assert zombie not in game.board.zombies() and game.noise.name == "QUIET"


def test_hunger_offers_the_food_carried_or_going_hungry() -> None:

    game = Game(load(4), 1)
    rosa = game.survivors["Rosa Rodriguez"]
    rosa.inventory.append(game.new_token("food"))
    # Set-up by hand: the end of a round with a hunger marker (scenario 4)
    game.phase = "hunger"
    app = PlayApp(game, Settings(frames=1))
    assert [o.command for o in app.options()] == [Apply(Eat("Rosa Rodriguez", 0)),
                                                  Apply(GoHungry())]
    lives = {s.name: s.life for s in game.survivors.values()}
    app.key("1")
    assert isinstance(game.inputs[-1], Eat) and game.inputs[-1].survivor == rosa.name
    assert rosa.inventory == []
    assert {s.name: s.life for s in game.survivors.values()} == lives


def test_end_turn_faces_the_survivor_toward_the_mouse() -> None:
    from flick.game.inputs import EndTurn

    x0, y0 = start(2, "Mike Cho")
    events = [*CHOOSE_MIKE, {"t": 0.2, "type": "move", "cm": [x0, y0 + 10.0]},  # due north
              {"t": 0.3, "type": "key", "key": "r"}, {"t": 0.4, "type": "key", "key": "e"}]
    app = run(2, events)
    end = app.game.inputs[-1]
    assert isinstance(end, EndTurn) and end.facing == pytest.approx(math.pi / 2, abs=0.02)
    assert app.game.survivors["Mike Cho"].facing == pytest.approx(math.pi / 2, abs=0.02)
    assert app.game.phase == "choose"


def test_the_bat_is_flicked_by_its_knob_and_an_off_centre_press_spins_it() -> None:
    from flick.game.inputs import Bat, Flick
    from flick.ui import adapter

    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Mike Cho"))  # Mike's default weapon is the bat
    spec = game.board.params.pieces["baseball_bat"]
    knob = spec.length / 2 - spec.knob_diameter / 2
    straight = adapter.flick_input(game, "bat", "right", Flick((0.0, 900.0), (0.0, 0.0)))
    assert isinstance(straight, Bat) and straight.angle == pytest.approx(math.pi / 2)
    assert straight.flick.offset == pytest.approx((0.0, -knob))  # the knob, at the back
    spun = adapter.flick_input(game, "bat", "right", Flick((0.0, 900.0), (0.6, 0.0)))
    assert isinstance(spun, Bat)
    assert spun.flick.offset == pytest.approx((0.6, -knob))  # sideways: spin
