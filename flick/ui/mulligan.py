"""The mulligan house rule (`flick play --mulligans N`): each player may take back N flicks.

A flick is taken back by playing the game again from the start without it (same seed, same
inputs: exactly the state before it), so the replay holds only the flicks that count and
still verifies; the replay's players' controller notes the rule and how many were taken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.game.game import Game
from flick.ui.motion import MotionRecorder
from flick.ui.table_view import TableView, tower_home

if TYPE_CHECKING:
    from flick.ui.app import PlayApp


def why_not(app: PlayApp) -> str:
    """Why the last flick cannot be taken back now ('' when it can)."""
    g = app.game
    if app.settings.mulligans <= 0:
        return "no mulligans in this game (the house rule: flick play --mulligans N)"
    if app.busy():
        return "wait for the shot to finish"
    if app.last_flick is None or g.over:
        return "nothing to take back: only the last flick, while its survivor still plays"
    n, who = app.last_flick
    if len(g.inputs) != n or g.active != who:
        return "nothing to take back: only the last flick, while its survivor still plays"
    if left(app) <= 0:
        return f"no mulligans left for player {app.player_of(g.current_team)}"
    return ""


def left(app: PlayApp) -> int:
    g = app.game
    key = (g.current_team, app.player_of(g.current_team))
    return app.settings.mulligans - app.mulligans_used.get(key, 0)


def take_back(app: PlayApp) -> bool:
    """House rule: take the last flick back. The game is played again from the start
    without it (same seed, same inputs: exactly the state before it), so the replay holds
    only the flicks that count and still verifies; its players' controller notes the rule
    and how many were taken."""
    why = why_not(app)
    if why:
        app.refuse(why)
        return False
    g = app.game
    key = (g.current_team, app.player_of(g.current_team))
    again = Game(g.scenario, g.seed, players=dict(g.players_set_up),
                 params=g.board.table.params)
    recorder = None
    if app.recorder is not None:
        from flick.replay import Recorder

        recorder = Recorder(again, controller="human")
    for inp in g.inputs[:-1]:
        again.apply(inp)
    app.mulligans_used[key] = app.mulligans_used.get(key, 0) + 1
    swap_game(app, again, recorder)
    remaining = left(app)
    app.status = f"flick taken back (mulligan): {remaining} left for player {key[1]}"
    if app.recorder is not None and app.settings.record:
        app.save_replay()
    return True


def swap_game(app: PlayApp, game: Game, recorder: Any) -> None:
    app.game = game
    app.recorder = recorder
    note_rule(app)
    app.motion = MotionRecorder()
    app.motion.attach(game.board.table, "city")
    app.view = TableView(game.board.table, tower_home(game), game.bin)
    app.fight_view = None
    app.sync_fight()
    app.clips, app.clip_time = [], 0.0
    app.event_log.clear()
    app.action, app.gesture, app.first_flick, app.last_flick = None, None, None, None
    app.refresh()


def note_rule(app: PlayApp) -> None:
    """The replay's players' controller names the mulligan house rule when it is on."""
    if app.recorder is not None and app.settings.mulligans > 0:
        used = sum(app.mulligans_used.values())
        app.recorder.controller = (f"human (house rule: {app.settings.mulligans} "
                                    f"mulligans a player, {used} taken)")
