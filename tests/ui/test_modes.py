"""The window's modes: the briefing waits for the player behind a pass screen and can be
reopened; the acting player sees the turn's outcome before the table is passed; the pass screen
names who takes the mouse and their survivors; in scenarios 9-10 a player picks their own
survivor on the pass screen, so no other player's secret objective is shown; buttons carry
their noise and, when refused, the reason as a tooltip; face-down tokens alike are one button."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor, EndTurn, Input
from flick.game.scenarios.five_to_ten import team_sizes
from flick.scenario import load
from flick.ui import decisions
from flick.ui.app import PlayApp, Settings
from flick.ui.commands import Apply, SelectAction
from flick.ui.modes import HelpMode, PassScreen, TurnOver

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def test_the_briefing_waits_behind_the_first_pass_screen_and_reopens_with_f3() -> None:
    app = PlayApp(Game(load(6), 1), Settings(frames=1, briefing=True))  # competitive
    assert app.pass_screen and not app.briefing_open  # not drawn under the pass screen
    app.key("space")  # the first player is at the screen: now the briefing
    assert not app.pass_screen and app.briefing_open
    app.key("space")  # the same key that passed the screen would have closed it unseen
    assert not app.briefing_open
    app.key("f3")
    assert app.briefing_open and app.widgets.help_tab() == "Briefing"
    app.key("f3")
    assert not app.help_open


def test_the_acting_player_sees_the_turns_outcome_before_the_pass_screen() -> None:
    game = Game(load(6), 1)
    app = PlayApp(game, Settings(frames=1))
    app.key("space")
    first = game.available(game.current_team)[0].name
    app.command(Apply(ChooseSurvivor(first)))
    app.command(SelectAction("end_turn"))
    while app.busy():
        app.advance(1 / 60)
    top = app.modes.top
    assert isinstance(top, TurnOver) and top.lines  # the banner, over the table
    assert not app.pass_screen  # the table is still shown to the player who played
    assert any("noise" in line or "zombie" in line.lower() for line in top.lines)
    app.draw()
    app.key("space")
    assert app.pass_screen  # now the next team's pass screen


def test_the_pass_screen_names_the_next_team_and_its_survivors() -> None:
    game = Game(load(6), 1)
    app = PlayApp(game, Settings(frames=1))
    screen = app.modes.find(PassScreen)
    assert isinstance(screen, PassScreen)
    head, lines = screen.lines(app)
    team = game.current_team
    assert team in head
    mine = [s.short for s in game.survivors.values() if s.team == team]
    assert all(name in lines[0] for name in mine)
    others = [s.short for s in game.survivors.values() if s.team != team]
    assert not any(name in " ".join(lines) for name in others)
    app.draw()


def test_scenario_9_players_pick_their_own_survivor_on_the_pass_screen() -> None:
    sc = load(9)
    game = Game(sc, 1, players=team_sizes(sc, 6))
    app = PlayApp(game, Settings(frames=1))
    screen = app.modes.find(PassScreen)
    assert isinstance(screen, PassScreen)
    team = game.current_team
    names = screen.choosing(app)
    assert names and all(game.survivors[n].team == team for n in names)
    app.draw()
    buttons = app.widgets.button_specs("pass")
    assert [b.command for b in buttons[:len(names)]] == [
        Apply(ChooseSurvivor(n)) for n in names]
    # nobody's objective is on the table while the pass screen waits
    assert decisions.objective_lines(game, app.viewer()) == []
    i = next(i for i, b in enumerate(buttons[:len(names)]) if b.enabled)  # the pretzel first
    assert all(b.tooltip for b in buttons[:len(names)] if not b.enabled)
    chosen = names[i]
    app.mouse_down(0.0, buttons[i].rect.center, 1)
    assert game.active == chosen and not app.pass_screen
    lines = decisions.objective_lines(game, app.viewer())
    assert len(lines) == 1 and lines[0].startswith(game.survivors[chosen].short)


def test_an_action_button_says_its_noise_and_a_refused_one_why() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")  # Mike has no gun
    app.draw()
    specs = {b.command: b for b in app.widgets.button_specs("panel")}
    move, gun = specs[SelectAction("move")], specs[SelectAction("gun")]
    assert "quiet" in move.label and move.enabled
    assert "LOUD" in gun.label and not gun.enabled
    why = next(a.reason for a in _actions(game) if a.id == "gun")
    assert gun.tooltip == why and why  # the reason in full, not cut


def _actions(game: Game) -> list:  # type: ignore[type-arg]
    from flick.game.actions.legal import legal_actions

    return list(legal_actions(game).actions)


def test_face_down_tokens_in_one_place_are_one_take_button() -> None:
    game = Game(load(5), 1)
    app = PlayApp(game, Settings(frames=1))
    key = next(k for k, stash in game.stashes.items()
               if sum(not t.face_up for t in stash) >= 2 and not k.startswith("piece:"))
    s = next(s for s in game.available(game.current_team))
    _put_inside(game, s.name, key)
    app.refresh()
    app.command(SelectAction("take_drop"))
    labels = [o.label for o in app.options()]
    assert len(labels) == len(set(labels))  # no two buttons alike
    assert sum(label.startswith("Take ?") or "face down" in label for label in labels) == 1


def _put_inside(game: Game, name: str, building: str) -> None:
    """`name` chosen and standing inside `building` (as the rules tests place survivors)."""
    inp: Input = ChooseSurvivor(name)
    game.apply(inp)
    s = game.survivors[name]
    if s.piece is not None:
        game.board.table.remove(s.piece)
        s.piece = None
    s.building = building


def test_help_on_the_pass_screen_goes_back_to_the_pass_screen() -> None:
    app = PlayApp(Game(load(6), 1), Settings(frames=1))
    app.key("f1")
    assert isinstance(app.modes.top, HelpMode)
    app.key("escape")
    assert app.pass_screen


def test_ending_the_turn_ends_it_once() -> None:
    game = Game(load(1), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command(Apply(ChooseSurvivor(game.available(game.current_team)[0].name)))
    app.command(Apply(EndTurn()))
    assert [i.kind for i in game.inputs] == ["choose", "end_turn"]


def test_a_failed_move_is_told_beside_the_survivor_when_its_motion_has_played() -> None:
    from flick.game.inputs import Flick, Move
    from flick.ui.motion import FRAME_S

    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    mike = game.survivors["Mike Cho"]
    assert mike.piece is not None
    at = app.cam.px(*game.board.pos(mike.piece))
    assert app.apply(Move(Flick((0.0, -20000.0), (0.0, 0.0)), -1.5708))  # out of the city
    assert app.busy() and app.widgets.toast_text == ""  # not before it is seen
    while app.busy():
        app.advance(FRAME_S)
    assert "move failed" in app.widgets.toast_text
    box = app.widgets.toast_box
    assert box is not None and abs(box.rect.x - at[0]) < 60 and abs(box.rect.y - at[1]) < 60
