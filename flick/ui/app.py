"""`flick play`: the pygame table where people play Flick 'em Up! Dead of Winter hot-seat.

The window draws the game and collects gestures; every decision goes to the engine through
`Game.apply` (an illegal one is refused there and shown in the status line, nothing changes).
Flow: choose a survivor (click it or its board), choose an action (buttons or keys), press
on the piece that appears where the rules put it, drag, release (Escape cancels before the
release). The shot then plays at the physics' pace: `MotionRecorder` keeps the engine's own
run as 60 Hz frames and the window plays them back one per 1/60 s (no re-simulation); the
first ones are drawn while the engine still computes the rest (`flick.ui.stream`).

Headless: `frames` quits after so many frames, `screenshot` saves the last one, `script`
feeds recorded input events (`flick.ui.script`). With a script or a frame count the clock is
virtual (exactly 1/60 s per frame), so a scripted game is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from flick.game.game import Game
from flick.game.inputs import Input
from flick.game.state import IllegalAction
from flick.physics.state import PieceState
from flick.ui import adapter, choices, decisions, help, loop, mulligan, scene, view_model
from flick.ui.assist import Assist
from flick.ui.camera import WindowCameras
from flick.ui.choices import Aim, Option
from flick.ui.commands import (
    Apply,
    Command,
    FlareFace,
    KillWeapon,
    PickOption,
    SelectAction,
    Toggle,
    parse,
)
from flick.ui.event_log import EventLog
from flick.ui.feedback import Feedback, action_spot
from flick.ui.gesture import Gesture
from flick.ui.labels import Layout
from flick.ui.modes import HelpMode, ModeStack, PassScreen, TableMode, TurnOver, passing
from flick.ui.modes.help import BRIEFING
from flick.ui.modes.replay import ReplayMode
from flick.ui.motion import FRAME_S, Clip, MotionRecorder
from flick.ui.panel import Panel
from flick.ui.render import Camera, save_png
from flick.ui.script import Script, ScriptEvent
from flick.ui.sound import Sounds
from flick.ui.stream import Stream
from flick.ui.table_view import Decor, TableView, tower_home
from flick.ui.view_model import DrawMemory, PanelModel, TableModel
from flick.ui.widgets import HelpTab, Widgets

# The inputs that are a flick (what the mulligan house rule may take back).
FLICK_INPUTS = frozenset({"move", "shoot", "knife", "bat", "shotgun", "sniper", "flare",
                          "figure_move", "fight_flick", "exile_flick"})
# Window events after which the whole window is drawn again.
PANEL_W = 430  # the side panel's widest (a narrower window gets a narrower panel)
MIN_SIZE = (800, 560)


def panel_width(window_w: int) -> int:
    """The panel's width for a window `window_w` px wide: a third, 340-430 px."""
    return max(340, min(PANEL_W, window_w // 3 + 4))


@dataclass
class Settings:
    """How `flick play` runs: window, gesture style, hand noise, headless controls."""

    size: tuple[int, int] = (1280, 800)
    style: str = "swipe"
    hand: str = "none"
    show_aim: bool = True
    show_power: bool = True
    frames: int | None = None
    screenshot: str | None = None
    script: list[ScriptEvent] | None = None
    record: str | None = None
    hand_seed: int = 0
    briefing: bool | None = None  # the scenario's story and rules first (None: unless headless)
    sound: bool | None = None  # open the audio device (None: unless headless)
    mulligans: int = 0  # house rule: flicks each player may take back (Z), 0 = none


class PlayApp:
    """One window, one game."""

    def __init__(self, game: Game, settings: Settings, recorder: Any = None) -> None:
        self.game = game
        self.settings = settings
        self.recorder = recorder  # flick.replay.Recorder, written after every input
        self.screen = pygame.display.get_surface() or pygame.display.set_mode(settings.size)
        w, h = self.screen.get_size()
        pw = panel_width(w)
        self.cameras = WindowCameras(game, pygame.Rect(0, 0, w - pw, h))
        self.panel = Panel(pygame.Rect(w - pw, 0, pw, h))
        self.motion = MotionRecorder()
        self.motion.attach(game.board.table, "city")
        self.view = TableView(game.board.table, tower_home(game), game.bin)
        self.fight_view: TableView | None = None
        self.style = settings.style
        self.hand = settings.hand
        self.side = "right"
        self.show_aim = settings.show_aim
        self.show_power = settings.show_power
        self.rng = np.random.default_rng(settings.hand_seed)
        self.version = 0
        self.status = ""
        self.widgets = Widgets(self.screen.get_size())  # pygame-gui: log, toasts, help
        self.assist = Assist()  # the planner's heat map while aiming (C), off by default
        virtual = settings.frames is not None or settings.script is not None
        self.virtual = virtual  # a virtual clock: exactly 1/60 s a frame (headless runs)
        # When a shot's last frame was drawn while the shot was computed (perf_counter s):
        # the live loop times its next frame from it, then clears it.
        self.anim_at: float | None = None
        # the briefing (the help window's briefing tab) is shown once, at the first look at
        # the table: at once, or after the first pass screen
        self.briefing_due = (not virtual) if settings.briefing is None else settings.briefing
        self.sound = Sounds(open_device=(not virtual) if settings.sound is None
                            else settings.sound)
        self.feedback = Feedback(self.sound, self.widgets)  # effects and notes at their moment
        self.mulligans_used: dict[tuple[str, int], int] = {}  # (team, player) -> taken back
        self.last_flick: tuple[int, str | None] | None = None  # (inputs then, its survivor)
        mulligan.note_rule(self)
        self.aim = Aim()  # the action picked and its choices (short kill weapon, flare face)
        self.modes = ModeStack(TableMode())  # what the player deals with (the top mode)
        self.gesture: Gesture | None = None
        self.first_flick: Any = None  # the first bullet of a two-gun shot
        self.facing: float | None = None
        self.pan: tuple[tuple[int, int], Camera] | None = None
        self.clips: list[Clip] = []
        self.clip_time = 0.0
        self.speed = 1.0
        self.seen_team: str | None = None
        self.seen_key: Any = None  # who was last at the screen (the pass screen's memory)
        self.spectator = False  # a replay: no pass screens, every team's tokens shown
        self.buttons: list[Any] = []
        self.mouse = (0, 0)
        self.player_now: dict[str, int] = {}
        self.event_log = EventLog()
        self.decor: dict[int, Decor] = {}
        self.old_decor: dict[int, Decor] = {}
        self.pieces: list[PieceState] = []
        self.before_pieces: list[PieceState] = []  # the table before the last input
        self.memory = DrawMemory()  # what the drawing keeps between frames
        self.now = 0.0  # s: the clock the pointer's events are stamped with
        self.idle_at: float | None = None  # when the live loop last found no event waiting
        self.full_update = True  # the next frame goes to the screen whole
        self._drawn_modes: tuple[str, ...] = ()  # the modes of the last frame sent
        self.exposed = 0  # times the window was shown or uncovered (it is then drawn again)
        self.frame = 0
        self.quit = False
        self.script = Script(settings.script or [])
        self.sync_fight()
        self.refresh()
        passing.check(self)
        self.brief()

    # ---- state the panel reads ------------------------------------------------------------
    @property
    def status(self) -> str:
        """The status line: a note (neutral) or, after `refuse`, why a press did nothing."""
        return self._status

    @status.setter
    def status(self, text: str) -> None:
        self._status = text
        self.status_bad = False

    def refuse(self, text: str) -> None:
        """Say why a press or an input did nothing: in red on the panel, and in a toast
        beside the pointer, where the player is looking."""
        if text != self._status or not self.status_bad:
            self.version += 1
        self._status = text
        self.status_bad = True
        self.widgets.toast(text, self.mouse)

    # ---- the help window (F1 / ?: controls; F3: the briefing) -------------------------------
    def help_tabs(self) -> list[HelpTab]:
        return help.help_tabs(self.game.scenario)

    @property
    def help_open(self) -> bool:
        return self.modes.find(HelpMode) is not None

    @property
    def briefing_open(self) -> bool:
        mode = self.modes.find(HelpMode)
        return isinstance(mode, HelpMode) and self.widgets.help_tab() == BRIEFING

    @property
    def pass_screen(self) -> bool:
        """The table is hidden behind the pass screen (a turn-over banner may lie on it)."""
        return self.modes.find(PassScreen) is not None and not isinstance(
            self.modes.top, TurnOver)

    # ---- the aim: the action picked and its choices ------------------------------------------
    @property
    def action(self) -> str | None:
        return self.aim.action

    @action.setter
    def action(self, value: str | None) -> None:
        self.aim.action = value

    @property
    def short_weapon(self) -> str | None:
        return self.aim.short_weapon

    @property
    def flare_big(self) -> bool:
        return self.aim.flare_big

    def brief(self) -> None:
        """The briefing, once, when the player first sees the table (not under a pass
        screen, where the first key would close it unseen)."""
        if self.briefing_due and self.modes.top is self._bottom():
            self.briefing_due = False
            self.modes.push(self, HelpMode(BRIEFING))

    def _bottom(self) -> TableMode:
        bottom = next(iter(self.modes))
        assert isinstance(bottom, TableMode)  # the stack's bottom is always the table
        return bottom

    def hint(self) -> str:
        for mode in reversed(list(self.modes)):
            line = mode.hint(self)
            if line:
                return line
        return help.hint(self)

    def busy(self) -> bool:
        """A shot is animating (input waits)."""
        return bool(self.clips)

    def sees_team(self, team: str | None) -> bool:
        """Hidden information: in a competitive game only the team at the screen sees its own
        survivors' tokens and objective (the acting team while its turn-over banner shows,
        nobody behind the pass screen)."""
        if not adapter.competitive(self.game) or team is None or self.spectator:
            return True
        return team == self.seen_team and not self.pass_screen

    def player_of(self, team: str) -> int:
        if self.game.active is not None and team in self.player_now:
            return self.player_now[team]
        return self.game.turn_order.next_player.get(team, 0) + 1

    def log_lines(self) -> list[str]:
        """The event log as far as the table shows it: lines of a shot still animating wait
        until its motion has played out."""
        return self.event_log.shown(self.busy())

    def prompt(self) -> str:
        return choices.prompt(self.game, self.aim)

    def options(self) -> list[Option]:
        """The choices offered in the panel now, with the command each sends."""
        if self.busy():
            return []
        return choices.options(self.game, self.aim)

    # ---- camera (`flick.ui.camera.WindowCameras`) ------------------------------------------
    @property
    def area(self) -> pygame.Rect:
        """The table's part of the window."""
        return self.cameras.area

    @property
    def cam(self) -> Camera:
        """The city camera as shown now."""
        return self.cameras.city

    @cam.setter
    def cam(self, cam: Camera) -> None:
        self.cameras.rig.jump(cam)

    def active_cam(self) -> Camera:
        """The camera the pointer works through now (the fight table's while it shows)."""
        return self.cameras.active(self.on_fight_table())

    @property
    def label_layout(self) -> Layout | None:
        """Where the last frame put the table's names."""
        return self.memory.label_layout

    def table_model(self) -> TableModel:
        """What the table's drawing reads this frame (`flick.ui.view_model.table_model`)."""
        return view_model.table_model(self)

    def panel_model(self) -> PanelModel:
        """What the side panel reads this frame (`flick.ui.view_model.panel_model`)."""
        return view_model.panel_model(self)

    def draw(self) -> list[pygame.Rect]:
        """Draw the frame; the rectangles of the window that changed."""
        return scene.draw(self)

    def present(self) -> None:
        """Draw the frame and send what changed to the screen (the table; the panel only
        when it changed: under x11 copying pixels to the server is most of a frame's cost)."""
        rects = self.draw()
        modes = tuple(self.modes.names())
        if self.full_update or modes != self._drawn_modes:  # a window or screen came or went
            rects = [self.screen.get_rect()]
            self.full_update = False
            self._drawn_modes = modes
        screen = self.screen.get_rect()
        pygame.display.update([r.clip(screen) for r in rects])

    def on_fight_table(self) -> bool:
        if self.clips:
            return self.clips[0].table == "fight"
        return self.game.phase == "fight" and self.game.fight is not None

    # ---- applying inputs ----------------------------------------------------------------
    def apply(self, inp: Input) -> bool:
        """Send one input to the engine; False (and the reason shown) if it is illegal."""
        g = self.game
        team = g.current_team
        self.event_log.hold()
        before_player = g.turn_order.next_player.get(team, 0) + 1
        self.old_decor = dict(self.decor)
        self.before_pieces = self.pieces
        first_event = len(g.events)
        # the shot drawn as its frames are computed (the first within a few ms of release)
        stream = Stream(self, live=not self.virtual)
        try:
            with self.motion.drops(), stream:
                g.apply(inp)
        except IllegalAction as exc:
            self.refuse(str(exc))
            self.motion.take()
            self.version += 1
            return False
        if inp.kind == "choose":
            self.player_now[team] = before_player
            passing.chose(self, team)
        self.status = ""
        self.sync_fight()
        self.clips.extend(c for c in self.motion.take() if c.frames)
        # the animation goes on from the frame already on screen
        self.clips, self.clip_time = stream.resume(self.clips)
        self.anim_at = stream.drawn_at
        new = g.events[first_event:]
        self.last_flick = ((len(g.inputs), g.active) if inp.kind in FLICK_INPUTS
                            and g.active is not None else None)
        if any(e.type == "flick" for e in new) and not stream.heard:
            self.sound.play("flick")  # at the release; what follows when it is seen
        self.feedback.start(new, self.clips, action_spot(g, self.cam, self.mouse))
        if not self.clips:
            self.feedback.finish()
        if g.phase != "act" or self.action not in ("take_drop", "short_kill"):
            self.action = None
        self.gesture = None
        self.first_flick = None
        self.facing = None
        self.refresh()
        if self.recorder is not None and self.settings.record:
            self.save_replay()
        return True

    def save_replay(self) -> None:
        """Write the game so far to the replay file (`flick.replay.write`: atomically, so a
        crash or a closed window keeps every input)."""
        from flick.replay import write

        write(Path(str(self.settings.record)), self.game)

    def sync_fight(self) -> None:
        """A fight began: listen to its staging table and give it a view and a camera."""
        g = self.game
        if g.fight is not None:
            self.motion.attach(g.fight.table, "fight")
            if self.fight_view is None or self.fight_view.table is not g.fight.table:
                self.fight_view = TableView(g.fight.table)
                self.cameras.stage_fight()

    def refresh(self) -> None:
        """Re-read the game after a change: log lines, labels, pieces, pass screen. `apply`
        calls it; a caller that changed the game itself (a replay, a script) calls it too."""
        g = self.game
        self.event_log.catch_up(g.events)
        self.decor = adapter.decor(g)
        self.pieces = list(g.board.table.snapshot().pieces)
        self.view.bin_count = g.bin
        self.version += 1
        if not self.busy():
            self.cameras.refit()
            passing.check(self)

    def viewer(self) -> str | None:
        """The survivor of the player at the screen (scenarios 9-10), whose secret objective
        the panel shows; None before a survivor is chosen."""
        if self.pass_screen:
            return None
        return decisions.decider(self.game) or self.game.active

    def dismiss_pass(self) -> None:
        """The next player is at the screen: the table shows again (the briefing first, the
        first time; a turn-over banner still over it goes too)."""
        self.modes.pop(self, self.modes.find(TurnOver))
        self.modes.pop(self, self.modes.find(PassScreen))
        self.seen_team = self.game.current_team
        self.seen_key = passing.pass_key(self)
        self.version += 1
        self.brief()

    # ---- commands (buttons, keys) ---------------------------------------------------------
    def command(self, cmd: Command | str) -> None:
        """Carry out a button's, a key's or a script's command (text: `commands.parse`)."""
        if isinstance(cmd, str):
            cmd = parse(cmd, self.game)
        match cmd:
            case Apply(inp=inp):
                self.apply(inp)
            case SelectAction(action=action):
                self.select(action)
            case Toggle(what=what):
                self._bottom().toggle(self, what)
            case KillWeapon(weapon=weapon):
                self.aim.short_weapon = weapon
            case FlareFace(big=big):
                self.aim.flare_big = big
            case PickOption(index=i):
                opts = self.options()
                if 0 <= i < len(opts) and opts[i].enabled:
                    self.command(opts[i].command)
                elif 0 <= i < len(opts):
                    self.refuse(f"{opts[i].label}: {opts[i].why or 'not now'}")
        self.version += 1

    def select(self, action: str) -> None:
        """Pick an action of the active survivor (or end the turn): `TableMode.select`."""
        self._bottom().select(self, action)

    def spot(self) -> adapter.Spot | None:
        """The piece to flick now, where the rules put it, or None."""
        g = self.game
        if self.busy() or g.over or self.pass_screen:
            return None
        if g.phase == "fight" and g.fight is not None and g.fight.stage == "attack":
            return adapter.piece_spot(g, "fight", self.side)
        if g.phase == "exile" and g.rule_state.exile is not None:
            return adapter.piece_spot(g, "exile", self.side)
        if g.phase != "act" or self.action not in adapter.FLICKED_PIECE:
            return None
        side = self.side
        if self.action == "two_guns":  # the first bullet from the left, the second the right
            side = "left" if self.first_flick is None else "right"
        try:
            return adapter.piece_spot(g, self.action, side)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return None

    # ---- mouse and keys: the top mode first ------------------------------------------------
    def key(self, name: str) -> None:
        name = name.lower()
        if name == "f2":
            self.status = "sound off (F2)" if self.sound.toggle_mute() else "sound on (F2)"
            self.version += 1
            return
        for mode in reversed(list(self.modes)):
            if mode.key(self, name):
                return

    def mouse_down(self, t: float, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        for mode in reversed(list(self.modes)):
            if mode.mouse_down(self, t, pos, button):
                return

    def mouse_move(self, t: float, pos: tuple[int, int]) -> None:
        self.mouse = pos
        for mode in reversed(list(self.modes)):
            if mode.mouse_move(self, t, pos):
                return

    def mouse_up(self, t: float, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        for mode in reversed(list(self.modes)):
            if mode.mouse_up(self, t, pos, button):
                return

    def wheel(self, pos: tuple[int, int], y: int) -> None:
        if self.widgets.over_log(pos):
            self.widgets.scroll_log(y)
            self.version += 1
            return
        if self.panel.rect.collidepoint(pos):
            return
        self.cameras.zoom(pos, y, self.on_fight_table())

    # ---- the loop -------------------------------------------------------------------------
    def handle_event(self, ev: Any, t: float) -> None:
        """One pygame event, `t` its own time (s): `flick.ui.loop.handle_event`."""
        loop.handle_event(self, ev, t)

    def run(self) -> int:
        """Run the window until it is closed (or the frame count / script ends)."""
        s = self.settings
        virtual = s.frames is not None or s.script is not None
        if virtual:
            loop.run_virtual(self)
        else:
            loop.run_live(self)
        self.assist.close()  # its workers stop with the window (exit would wait for the map)
        if s.screenshot:
            save_png(self.screen, s.screenshot, "screenshot")  # atomic
        if self.recorder is not None and s.record:
            self.save_replay()
        return 0

    def moving(self) -> bool:
        """Something changes on screen by itself: a shot plays, a flick or a pan is dragged."""
        return (self.busy() or self.gesture is not None or self.pan is not None
                or self.assist.working() or self.widgets.busy() or self.cameras.rig.moving())

    def scene_key(self) -> tuple[Any, ...]:
        """What the picture depends on: the window redraws only when this changes."""
        gesture = self.gesture
        return (self.version, self.cam, self.cameras.fight, len(self.clips), self.clip_time,
                None if gesture is None else (len(gesture.samples), gesture.pointer,
                                              round(gesture.power(self.now), 2)),
                self.widgets.help_tab(), self.widgets.toast_text, tuple(self.modes.names()),
                self.style, self.side,
                self.hand, self.show_aim, self.show_power, self.status, self.facing,
                self.screen.get_size(), self.exposed, self.assist.version)

    def resize(self, w: int, h: int) -> None:
        """The window was resized: the table and the panel reflow, the city is fitted again."""
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        if pygame.display.get_surface() is not None and self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pw = panel_width(w)
        self.cameras.resize(pygame.Rect(0, 0, w - pw, h))
        self.panel = Panel(pygame.Rect(w - pw, 0, pw, h))
        self.widgets.resize((w, h))
        self.full_update = True
        self.version += 1

    def advance(self, dt: float) -> None:
        """Move the animation on by `dt` seconds of wall time."""
        self.assist.poll(self)  # the aim assist's cells that came back (never waits)
        self.widgets.update(dt)
        replay = self.modes.find(ReplayMode)
        if isinstance(replay, ReplayMode):
            replay.advance(self, dt)
        rig = self.cameras.rig
        rig.held = self.gesture is not None or self.pan is not None
        rig.advance(dt, self.area)
        if not self.clips:
            return
        self.clip_time += dt * self.speed
        while self.clips and self.clip_time >= self.clips[0].duration:
            self.feedback.run_over()
            self.clip_time -= self.clips[0].duration
            self.clips.pop(0)
        if self.clips:
            self.feedback.reached(int(self.clip_time / FRAME_S))
        else:
            self.clip_time = 0.0
            self.version += 1
            self.feedback.finish()
            self.cameras.refit()
            passing.check(self)

    # ---- the mulligan house rule (`flick.ui.mulligan`) -----------------------------------------
    def mulligan(self) -> bool:
        return mulligan.take_back(self)

    def mulligan_why_not(self) -> str:
        return mulligan.why_not(self)

