"""What the window's drawing reads: explicit models built by the window, one a frame.

`flick.ui.scene` draws the city (or a fight's staging table), the piece being flicked, the
hint and the game-over banner from a `TableModel` alone, never from the window: what it may
read is listed here. What the drawing keeps from frame to frame (the camera widened to follow
a shot, the corner chosen for the tower's inset, the labels' places, the aim's first touch)
lives in a `DrawMemory` the window owns and hands over with the model. The side panel
(`flick.ui.panel`) reads a `PanelModel` the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from flick.physics.state import PieceState
from flick.ui.commands import Toggle
from flick.ui.render import Camera
from flick.ui.table_view import Decor, TableView

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.ui.adapter import Spot
    from flick.ui.app import PlayApp
    from flick.ui.gesture import Gesture
    from flick.ui.labels import Layout
    from flick.ui.motion import Clip


@dataclass
class DrawMemory:
    """What the drawing keeps between frames."""

    follow_cam: tuple[Clip, Camera] | None = None  # the camera widened to follow a clip
    shown_cam: Camera | None = None  # the city camera of the last frame drawn
    label_layout: Layout | None = None  # where the last frame put the table's names
    aim_cache: Any = None  # (the aim's key, the first piece it touches)
    inset: tuple[Clip, pygame.Rect] | None = None  # the tower inset's corner for a rush


@dataclass(frozen=True)
class TableModel:
    """One frame of the table, as the window sees it now."""

    game: Game
    area: pygame.Rect  # the table's part of the window
    view: TableView  # the city's view (background, pieces)
    fight_view: TableView | None  # a fight's staging table
    cam: Camera  # the city camera
    fight_cam: Camera | None
    active_cam: Camera  # the one the pointer works through now
    clips: list[Clip]  # the motion still to show (the first is playing)
    clip_time: float  # s into the first clip
    pieces: list[PieceState]  # the table at rest now
    before_pieces: list[PieceState]  # the table before the last input
    decor: Mapping[int, Decor]  # names, lives, backpacks now
    old_decor: Mapping[int, Decor]  # as they were before the last input (no spoilers)
    action: str | None  # the action picked
    facing: float | None  # the facing chosen for the turn's end
    spot: Spot | None  # the piece to flick now
    gesture: Gesture | None  # the flick being dragged
    style: str
    show_aim: bool
    show_power: bool
    hint: str
    busy: bool  # a shot is playing
    on_fight_table: bool
    version: int  # bumped at every change of the game (the aim's cache key)
    font: pygame.font.Font  # the panel's fonts, for the table's own few words
    small: pygame.font.Font
    memory: DrawMemory = field(default_factory=DrawMemory)
    now: float = 0.0  # s, on the clock of the pointer's events (the meter falls with it)
    draw_assist: Callable[[pygame.Surface], None] = lambda surface: None


@dataclass(frozen=True)
class PanelModel:
    """What the side panel shows now, as the window sees it."""

    game: Game
    version: int  # the panel is drawn again when this changes
    busy: bool  # a shot is playing: the panel stays as it was (no spoilers)
    options: list[Any]  # the choices on offer (`flick.ui.choices.Option`)
    prompt: str  # the line asking for them
    action: str | None  # the action picked
    settings: list[tuple[str, Any]]  # the settings buttons: label, command
    sees: Mapping[str | None, bool]  # team -> does the player at the screen see its tokens
    viewer: str | None  # the survivor whose player is at the screen (S9-S10)
    player: str  # the turn's player as the header names it ("player 2")
    status: str  # the status line
    status_bad: bool  # a refusal (red)


def table_model(app: PlayApp) -> TableModel:
    """What the table's drawing reads this frame (`flick.ui.view_model`)."""
    return TableModel(
        game=app.game, area=app.area, view=app.view, fight_view=app.fight_view,
        cam=app.cam, fight_cam=app.cameras.fight, active_cam=app.active_cam(),
        clips=app.clips, clip_time=app.clip_time, pieces=app.pieces,
        before_pieces=app.before_pieces, decor=app.decor, old_decor=app.old_decor,
        action=app.action, facing=app.facing, spot=app.spot(), gesture=app.gesture,
        style=app.style, show_aim=app.show_aim, show_power=app.show_power,
        hint=app.hint(), busy=app.busy(), on_fight_table=app.on_fight_table(),
        version=app.version, font=app.panel.font, small=app.panel.small,
        memory=app.memory, now=app.now,
        draw_assist=lambda surface: app.assist.draw(app, surface))


def panel_model(app: PlayApp) -> PanelModel:
    """What the side panel reads this frame (`flick.ui.view_model`)."""
    cams = app.cameras
    fit = ("Whole city [F]" if app.cam == cams.fitted and app.cam != cams.overview()
           else "Fit view [F]")
    teams = [None, *(t.name for t in app.game.scenario.teams),
             *(s.team for s in app.game.survivors.values())]
    return PanelModel(
        game=app.game, version=app.version, busy=app.busy(), options=app.options(),
        prompt=app.prompt() if not app.busy() else "", action=app.action,
        settings=[(f"Style: {app.style} [Tab]", Toggle("style")),
                  (f"Side: {app.side} [S]", Toggle("side")),
                  (f"Hand: {app.hand} [N]", Toggle("hand")),
                  (f"Aim line {'on' if app.show_aim else 'off'} [A]", Toggle("aim")),
                  (f"Power {'on' if app.show_power else 'off'} [P]", Toggle("power")),
                  (fit, Toggle("fit"))],
        sees={t: app.sees_team(t) for t in teams}, viewer=app.viewer(),
        player=f"player {app.player_of(app.game.current_team)}",
        status=app.status, status_bad=app.status_bad)
