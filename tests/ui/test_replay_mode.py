"""`flick replay` shows a game this flick can re-simulate in the play window itself, in replay
mode: the recorded inputs applied again one by one with their own motion, an input's log lines
only once its motion has played (the rush's after the rush), the table at the end exactly as
recorded, help on F1, no pass screens."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick import replay as rp
from flick.game.game import Game
from flick.ui.app import PlayApp, Settings
from flick.ui.modes import HelpMode
from flick.ui.modes.replay import ReplayMode
from flick.ui.motion import FRAME_S
from tests.conftest import game_group

pytestmark = [pytest.mark.usefixtures("display"), game_group(6)]


def _watching(cli_run: Callable[..., Any]) -> tuple[PlayApp, ReplayMode, Any]:
    run = cli_run(["sim", "6", "--seed", "100", "--json"], record=True)  # a golden game
    lg = rp.load(run.record).games[0]
    rec = lg.record
    app = PlayApp(Game(lg.scenario, rec.seed, players=lg.players, params=lg.params),
                  Settings(frames=1, briefing=False))
    mode = ReplayMode(lg.inputs, list(rec.after), "test")
    app.modes.push(app, mode)
    return app, mode, rec


def test_inputs_replay_with_their_motion_and_their_lines_after_it(
        cli_run: Callable[..., Any]) -> None:
    app, mode, rec = _watching(cli_run)
    assert not app.pass_screen  # a competitive game, watched: no pass screens
    mode.playing = False
    seen_rush = False
    for _ in range(40):
        before = list(app.log_lines())
        app.key("right")
        rush = any(c.tower for c in app.clips)
        while app.busy():
            assert app.log_lines() == before  # nothing told before it is shown
            app.advance(FRAME_S)
        seen_rush |= rush
        if seen_rush and len(app.log_lines()) > len(before):
            break
    assert seen_rush and mode.mismatches == []
    assert app.game.board.table.state_hash() == rec.after[mode.index - 1]


def test_the_end_is_the_recorded_table_and_back_goes_one_input(
        cli_run: Callable[..., Any]) -> None:
    app, mode, rec = _watching(cli_run)
    app.key("end")
    assert mode.index == len(rec.after) and app.game.over
    assert app.game.board.table.state_hash() == rec.after[-1]
    app.key("left")
    assert app.game.board.table.state_hash() == rec.after[-2]
    app.key("f1")
    assert isinstance(app.modes.top, HelpMode)
    app.key("escape")
    assert app.modes.top is mode
    app.draw()
    assert app.hint().startswith("replay")  # the window says it is a replay
