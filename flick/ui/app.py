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

import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pygame

from flick.game.actions import legal
from flick.game.game import Game
from flick.game.inputs import Eat, FightWait, FightWeapon, GoHungry, Input, Keep, TakeDrop
from flick.game.narration import describe
from flick.game.state import IllegalAction
from flick.physics.state import PieceState
from flick.ui import adapter, decisions, help, scene, sound
from flick.ui.assist import Assist
from flick.ui.camera import CameraRig, first_view, fit_box
from flick.ui.gesture import HAND_NOISE, STYLES, Gesture
from flick.ui.motion import FRAME_S, Clip, MotionRecorder
from flick.ui.panel import Option, Panel
from flick.ui.render import Camera, save_png
from flick.ui.scene import TEMPLATES
from flick.ui.script import ScriptEvent
from flick.ui.sound import Sounds
from flick.ui.stream import Stream
from flick.ui.table_view import Decor, TableView
from flick.ui.widgets import HelpTab, Widgets

# The inputs that are a flick (what the mulligan house rule may take back).
FLICK_INPUTS = frozenset({"move", "shoot", "knife", "bat", "shotgun", "sniper", "flare",
                          "figure_move", "fight_flick", "exile_flick"})
# Window events after which the whole window is drawn again.
EXPOSED = frozenset({pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                     pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED})
BRIEFING_TAB = "Briefing"  # the help window's tab with the scenario's story and rules
PANEL_W = 430  # the side panel's widest (a narrower window gets a narrower panel)
MIN_SIZE = (800, 560)
HINT_STRIP = 32  # px at the table's top that the hint strip covers
FPS_CAP = 60  # frames a second at most, and only while something moves
IDLE_WAIT_S = 0.25  # nothing moving: wake this often at most (to notice the clock, nothing else)


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
        self.area = pygame.Rect(0, 0, w - pw, h)
        self.panel = Panel(pygame.Rect(w - pw, 0, pw, h))
        self.motion = MotionRecorder()
        self.motion.attach(game.board.table, "city")
        self.view = TableView(game.board.table, _tower_home(game), game.bin)
        self.fight_view: TableView | None = None
        self.fight_cam: Camera | None = None
        self.rig = CameraRig(self.fit())  # the city camera: eases, never jumps by itself
        self.fitted_cam: Camera | None = self.cam  # the view the window chose (F, resize)
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
        self._anim_at: float | None = None  # when a shot's last frame was drawn mid-compute
        # the briefing (the help window's briefing tab) is shown once, at the first look at
        # the table: at once, or after the first pass screen
        self.briefing_due = (not virtual) if settings.briefing is None else settings.briefing
        self.sound = Sounds(open_device=(not virtual) if settings.sound is None
                            else settings.sound)
        self._pending_sounds: list[str] = []  # heard when the animation reaches them
        self.mulligans_used: dict[tuple[str, int], int] = {}  # (team, player) -> taken back
        self._last_flick: tuple[int, str | None] | None = None  # (inputs then, its survivor)
        self._note_rule()
        self.action: str | None = None
        self.gesture: Gesture | None = None
        self.first_flick: Any = None  # the first bullet of a two-gun shot
        self.short_weapon: str | None = None
        self.facing: float | None = None
        self.pan: tuple[tuple[int, int], Camera] | None = None
        self.clips: list[Clip] = []
        self.clip_time = 0.0
        self.speed = 1.0
        self.seen_team: str | None = None
        self.seen_key: Any = None  # who was last at the screen (the pass screen's memory)
        self.pass_screen = False
        self.flare_big = True  # the flare's face up: big LOUD, small QUIET
        self.buttons: list[Any] = []
        self.mouse = (0, 0)
        self.player_now: dict[str, int] = {}
        self.log: list[str] = []
        self._logged = 0
        self._shown = 0  # log lines shown while a shot animates
        self._decor: dict[int, Decor] = {}
        self._old_decor: dict[int, Decor] = {}
        self._pieces: list[PieceState] = []
        self._before_pieces: list[PieceState] = []  # the table before the last input
        self._aim_cache: Any = None  # (the aim's key, the first piece it touches)
        self._full_update = True  # the next frame goes to the screen whole
        self.exposed = 0  # times the window was shown or uncovered (it is then drawn again)
        self.follow_cam: tuple[Clip, Camera] | None = None  # widened to follow a clip
        self.shown_cam: Camera | None = None  # the city camera of the last frame drawn
        self.frame = 0
        self.quit = False
        self._script = list(settings.script or [])
        self._script_clock = 0.0
        self._sync_fight()
        self._refresh()
        self._check_pass()
        self._brief()

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
    @property
    def help_open(self) -> bool:
        return self.widgets.help_tab() is not None

    @property
    def briefing_open(self) -> bool:
        return self.widgets.help_tab() == BRIEFING_TAB

    def help_tabs(self) -> list[HelpTab]:
        """The help window's tabs: the controls, the legend and the rules that cost lives,
        this scenario's briefing."""
        sc = self.game.scenario
        return [HelpTab("Controls", help.CONTROLS),
                HelpTab("Legend and rules", help.LEGEND),
                HelpTab(BRIEFING_TAB, [(f"Scenario {sc.number}: {sc.name}", []),
                                       *help.briefing_lines(sc)])]

    def open_help(self, tab: str = "Controls") -> None:
        tabs = self.help_tabs()
        self.widgets.open_help(tabs, [t.title for t in tabs].index(tab))
        self.version += 1

    def close_help(self) -> None:
        self.widgets.close_help()
        self.version += 1

    def _brief(self) -> None:
        """The briefing, once, when the player first sees the table (not under a pass
        screen, where the first key would close it unseen)."""
        if self.briefing_due and not self.pass_screen:
            self.briefing_due = False
            self.open_help(BRIEFING_TAB)

    def hint(self) -> str:
        return help.hint(self)

    def busy(self) -> bool:
        """A shot is animating (input waits)."""
        return bool(self.clips)

    def sees_team(self, team: str | None) -> bool:
        """Hidden information: in a competitive game only the team to play sees its own
        survivors' tokens and objective."""
        if not adapter.competitive(self.game) or team is None:
            return True
        return team == self.game.current_team and not self.pass_screen

    def player_of(self, team: str) -> int:
        if self.game.active is not None and team in self.player_now:
            return self.player_now[team]
        return self.game.turn_order.next_player.get(team, 0) + 1

    def log_lines(self) -> list[str]:
        """The event log as far as the table shows it: lines of a shot still animating wait
        until its motion has played out."""
        return self.log[: self._shown] if self.busy() else self.log

    def prompt(self) -> str:
        g = self.game
        more = decisions.prompt(g)
        if more:
            return more
        if g.phase == "keep":
            return "You looked at the token: keep it?"
        if g.phase == "hunger":
            return "Hunger: eat a food, or every survivor loses 1 life"
        if g.phase == "fight" and g.fight is not None:
            who = g.fight.to_act.split(" ")[0]
            if g.fight.stage == "weapon":
                return f"Fight: {who} chooses a weapon"
            return f"Fight: {who} attacks (flick the weapon)" + (
                " or waits" if "fight_wait" in g.legal_kinds() else "")
        if self.action == "take_drop":
            return "Take / drop off (an exchange is one action):"
        if self.action == "short_kill":
            return "Short kill: pick the weapon, then click a zombie next to you"
        if self.action == "flare":
            return "Flare: pick the face up, then flick it from the thumb"
        if self.action == "figure_move":
            return "Mike's free move: flick the figure itself (it ends the turn)"
        if self.action == "accuse":
            return "Accuse a player of your team of being the betrayer (1 action):"
        if self.action == "heal":
            return "Olivia heals (no action): whom, with whose medicine?"
        return ""

    def options(self) -> list[Option]:
        """The choices offered in the panel now, with the command each sends."""
        g = self.game
        if self.busy() or g.over:
            return []
        more = decisions.options(g)
        if more:
            return [Option(label, cmd, ok) for label, cmd, ok in more]
        if g.phase == "keep":
            return [Option("Keep it", "keep:1"), Option("Leave it face up", "keep:0")]
        if g.phase == "hunger":
            out = [Option(f"{s.short} eats a food", f"eat:{s.name}:{i}")
                   for s in g.survivors.values() if s.alive
                   for i, t in enumerate(s.inventory) if t.kind == "food"]
            return [*out, Option("Go hungry", "hungry")]
        if g.phase == "fight" and g.fight is not None:
            if g.fight.stage == "weapon":
                return [Option(w, f"fight_weapon:{w}") for w in adapter.fight_choices(g)]
            if "fight_wait" in g.legal_kinds():
                return [Option("Wait (reveal a card)", "fight_wait")]
            return []
        if g.phase != "act":
            return []
        if self.action == "take_drop":
            s = g.active_survivor
            out = []
            for key in legal.places(g):
                stash = g.stashes.get(key, [])
                where = adapter.place_name(g, key)
                for i, t in enumerate(stash):
                    label = adapter.token_label(t.kind, t.face_up)
                    out.append(Option(f"Take {label} ({where})", f"take:{key}:{i}:"))
                for j, t in enumerate(s.inventory):
                    out.append(Option(f"Drop {t.kind} ({where})", f"take:{key}::{j}"))
                if s.free_spaces() == 0:
                    for i, t in enumerate(stash):
                        for j, mine in enumerate(s.inventory):
                            out.append(Option(
                                f"Swap {mine.kind} for {adapter.token_label(t.kind, t.face_up)}",
                                f"take:{key}:{i}:{j}"))
            return out
        if self.action == "short_kill":
            s = g.active_survivor
            return [Option(f"with {w}" + (" *" if w == self.short_weapon else ""),
                           f"kill_weapon:{w}") for w in dict.fromkeys(s.weapons())]
        if self.action == "flare":
            left = decisions.power_tokens(g, g.active or "").get("flare", 0)
            return [Option(("* " if self.flare_big else "") + f"Big face: LOUD ({left} left)",
                           "flare_face:big"),
                    Option(("" if self.flare_big else "* ") + "Small face: QUIET",
                           "flare_face:small")]
        if self.action == "accuse":
            return [Option(label, cmd, ok) for label, cmd, ok in decisions.accuse_options(g)]
        if self.action == "heal":
            return [Option(label, cmd, ok) for label, cmd, ok in decisions.heal_options(g)]
        return []

    # ---- camera -------------------------------------------------------------------------
    def city_box(self) -> tuple[float, float, float, float]:
        """The table the game is played on (cm): the city and the tower's bin, 3 cm around."""
        w, h = self.game.board.city
        zb = self.game.scenario.zombie_bin
        x0, y0 = min(0.0, zb.x - 9), min(0.0, zb.y - 9)
        x1, y1 = max(w, zb.x + 9), max(h, zb.y + 9)
        return (x0 - 3, y0 - 3, x1 + 3, y1 + 3)

    @property
    def cam(self) -> Camera:
        """The city camera as shown now."""
        return self.rig.cam

    @cam.setter
    def cam(self, cam: Camera) -> None:
        self.rig.jump(cam)

    def view_rect(self) -> pygame.Rect:
        """The table's part of the window below the hint strip."""
        a = self.area
        return pygame.Rect(a.x, a.y + HINT_STRIP, a.width, a.height - HINT_STRIP)

    def overview(self) -> Camera:
        """The whole city in the table's part of the window."""
        return fit_box(*self.city_box(), self.area)

    def fit(self) -> Camera:
        """The fitted view (`flick.ui.camera.first_view`): the whole city where it fits at
        8 px/cm or closer; else the objective's buildings and the survivors."""
        if self.game.over:  # the game's end: all of it
            return self.overview()
        return first_view(self.city_box(), self.objective_box(), self.view_rect())

    def objective_box(self) -> tuple[float, float, float, float]:
        """The box (cm) around the buildings the objectives name and every survivor."""
        g = self.game
        names: set[str] = set()
        for o in g.scenario.objectives:
            for v in o.params.values():
                for name in (v if isinstance(v, list) else [v]):
                    if isinstance(name, str) and name in g.board.buildings:
                        names.add(name)
        spots = [g.board.table.position(block) for name in names
                 for block in g.board.building_parts(name)[:2]]
        spots += [g.board.pos(s.piece) for s in g.survivors.values()
                  if s.alive and s.piece is not None and g.board.exists(s.piece)]
        if not spots:
            return self.city_box()
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        return (min(xs), min(ys), max(xs), max(ys))

    def focus_points(self) -> list[tuple[float, float]]:
        """What must stay in view now: the survivor in play (its piece to flick too), or
        the survivors the team to play may choose."""
        g = self.game
        s = g.survivors.get(g.active) if g.active else None
        if s is not None and s.piece is not None and g.board.exists(s.piece):
            return [g.board.pos(s.piece)]
        if s is not None and s.building is not None:
            return [adapter.inside_spot(g, s)]
        if g.phase == "choose" and not g.over:
            return [g.board.pos(q.piece) for q in g.available(g.current_team)
                    if q.piece is not None and g.board.exists(q.piece)]
        return []

    def focus(self) -> tuple[float, float]:
        """Where the play is (cm): the middle of `focus_points`, else of the city."""
        spots = self.focus_points()
        if not spots:
            x0, y0, x1, y1 = self.city_box()
            return ((x0 + x1) / 2, (y0 + y1) / 2)
        return (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))

    def refit(self) -> None:
        """Keep the play in view: the camera glides only when what matters now would be out
        of the view (the player's own zoom and pan are kept); the game's end shows it all."""
        if self.game.over:
            if self.rig.target == self.fitted_cam:
                self.rig.glide(self.overview())
                self.fitted_cam = self.rig.target
            return
        self.rig.keep_in_view(self.focus_points(), self.city_box(), self.view_rect())

    def zoom(self, at: tuple[int, int], steps: int) -> None:
        self.cam = self.cam.zoomed(at, steps)

    def active_cam(self) -> Camera:
        return self.fight_cam if self.on_fight_table() and self.fight_cam else self.cam

    def draw(self) -> list[pygame.Rect]:
        """Draw the frame; the rectangles of the window that changed."""
        return scene.draw(self)

    def present(self) -> None:
        """Draw the frame and send what changed to the screen (the table; the panel only
        when it changed: under x11 copying pixels to the server is most of a frame's cost)."""
        rects = self.draw()
        if self._full_update:
            rects = [self.screen.get_rect()]
            self._full_update = False
        pygame.display.update(rects)

    def on_fight_table(self) -> bool:
        if self.clips:
            return self.clips[0].table == "fight"
        return self.game.phase == "fight" and self.game.fight is not None

    # ---- applying inputs ----------------------------------------------------------------
    def apply(self, inp: Input) -> bool:
        """Send one input to the engine; False (and the reason shown) if it is illegal."""
        g = self.game
        team = g.current_team
        self._shown = len(self.log)
        before_player = g.turn_order.next_player.get(team, 0) + 1
        self._old_decor = dict(self._decor)
        self._before_pieces = self._pieces
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
            if self.seen_key is not None and self.seen_key[0] == "player":
                # S9-S10: the player at the screen chose their own survivor
                self.seen_key = ("survivor", g.active)
        self.status = ""
        self._sync_fight()
        self.clips.extend(c for c in self.motion.take() if c.frames)
        # the animation goes on from the frame already on screen
        self.clips, self.clip_time = stream.resume(self.clips)
        self._anim_at = stream.drawn_at
        new = g.events[first_event:]
        self._last_flick = ((len(g.inputs), g.active) if inp.kind in FLICK_INPUTS
                            and g.active is not None else None)
        if any(e.type == "flick" for e in new) and not stream.heard:
            self.sound.play("flick")  # at the release; what follows when it is seen
        self._pending_sounds += sound.for_events(new)
        if not self.clips:
            self._play_pending()
        if g.phase != "act" or self.action not in ("take_drop", "short_kill"):
            self.action = None
        self.gesture = None
        self.first_flick = None
        self.facing = None
        self._refresh()
        if self.recorder is not None and self.settings.record:
            self._save_replay()
        return True

    def _save_replay(self) -> None:
        """Write the game so far to the replay file, atomically (a temporary file beside it,
        synced to disk, renamed over it): a crash or a closed window keeps every input."""
        from flick.replay import write

        path = Path(str(self.settings.record))
        tmp = path.with_name(f".{path.name}.tmp")
        write(tmp, self.game)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def _sync_fight(self) -> None:
        """A fight began: listen to its staging table and give it a view and a camera."""
        g = self.game
        if g.fight is not None:
            self.motion.attach(g.fight.table, "fight")
            if self.fight_view is None or self.fight_view.table is not g.fight.table:
                self.fight_view = TableView(g.fight.table)
                self.fight_cam = self._fight_camera()

    def _fight_camera(self) -> Camera:
        from flick.game.scenarios.fight import FIGHT_LINE_Y, STAGE

        f = self.game.fight
        assert f is not None
        cx = STAGE[0] / 2
        return fit_box(cx - 35, FIGHT_LINE_Y - 12, cx + 35, FIGHT_LINE_Y + f.distance + 10,
                       self.area)

    def _refresh(self) -> None:
        """Re-read the game after a change: log lines, labels, pieces, pass screen."""
        g = self.game
        for i in range(self._logged, len(g.events)):
            line = describe(g.events[i], g.events[i - 1] if i else None)
            if line:
                self.log.append(line)
        self._logged = len(g.events)
        if len(self.log) > 200:
            cut = len(self.log) - 200
            self.log = self.log[cut:]
            self._shown = max(0, self._shown - cut)
        self._decor = adapter.decor(g)
        self._pieces = list(g.board.table.snapshot().pieces)
        self.view.bin_count = g.bin
        self.version += 1
        if not self.busy():
            self.refit()
            self._check_pass()

    def pass_key(self) -> Any:
        """Who must be at the screen now (see `flick.ui.decisions`), or None when the window
        need not pass: scenarios 9-10, every change of the deciding player; other competitive
        games, every change of team (at the choice of a survivor, or a steal offered to
        another team's survivor)."""
        g = self.game
        if not adapter.competitive(g) or g.over:
            return None
        who = decisions.decider(g)
        if decisions.secret(g):
            who = who or (g.active if g.phase == "act" else None)
            if who is not None:
                return ("survivor", who)
            if g.phase == "choose":
                return ("player", g.current_team, self.player_of(g.current_team))
            return None
        if who is not None and g.phase == "decide":
            return ("team", g.survivors[who].team)
        if g.phase == "choose":
            return ("team", g.current_team)
        return None

    def pass_label(self) -> tuple[str, str]:
        """The pass screen's heading and line."""
        g = self.game
        who = decisions.decider(g)
        if who is not None:
            s = g.survivors[who]
            return (f"Pass to {s.short}'s player (team {s.team})",
                    "the others look away. Click or press Space when ready.")
        return (f"Pass to team {g.current_team}",
                f"player {self.player_of(g.current_team)} - the others look away. "
                "Click or press Space when ready.")

    def viewer(self) -> str | None:
        """The survivor of the player at the screen (scenarios 9-10), whose secret objective
        the panel shows; None before a survivor is chosen."""
        if self.pass_screen:
            return None
        return decisions.decider(self.game) or self.game.active

    def _check_pass(self) -> None:
        key = self.pass_key()
        if key is not None and key != self.seen_key:
            self.pass_screen = True
            self.close_help()
            self.version += 1

    # ---- commands (buttons, keys) ---------------------------------------------------------
    def command(self, cmd: str) -> None:
        g = self.game
        head, _, rest = cmd.partition(":")
        if head == "toggle":
            self._toggle(rest)
        elif head == "action":
            self.select(rest)
        elif head == "keep":
            self.apply(Keep(rest == "1"))
        elif head == "eat":
            name, _, slot = rest.rpartition(":")
            self.apply(Eat(name, _number(slot, cmd)))
        elif head == "hungry":
            self.apply(GoHungry())
        elif head == "fight_weapon":
            self.apply(FightWeapon(rest))
        elif head == "fight_wait":
            self.apply(FightWait())
        elif head == "take":
            parts = rest.rsplit(":", 2)
            if len(parts) != 3:
                raise IllegalAction(f"command {cmd!r}: give take:PLACE:TAKE:DROP")
            key, take, drop = parts
            place = None if key == (g.active_survivor.building if g.active else None) else key
            self.apply(TakeDrop(_number(take, cmd) if take else None,
                                _number(drop, cmd) if drop else None, place))
        elif head == "kill_weapon":
            self.short_weapon = rest
        elif head == "option":
            opts = self.options()
            if rest.isdigit() and int(rest) < len(opts):
                self.command(opts[int(rest)].command)
        elif head == "choose":
            self.apply(adapter.choose(rest))
        elif head == "flare_face":
            self.flare_big = rest != "small"
        elif decisions.command_input(head, rest) is not None:
            self.apply(decisions.command_input(head, rest))  # type: ignore[arg-type]
        else:
            raise IllegalAction(f"unknown command {cmd!r}")
        self.version += 1

    def _toggle(self, what: str) -> None:
        if what == "style":
            self.style = STYLES[(STYLES.index(self.style) + 1) % len(STYLES)]
        elif what == "side":
            self.side = "left" if self.side == "right" else "right"
        elif what == "hand":
            names = list(HAND_NOISE)
            self.hand = names[(names.index(self.hand) + 1) % len(names)]
        elif what == "aim":
            self.show_aim = not self.show_aim
        elif what == "power":
            self.show_power = not self.show_power
        elif what == "fit":  # the fitted view; pressed again there, the whole city
            fitted = self.fit()
            if self.rig.target == fitted and self.overview() != fitted:
                self.rig.glide(self.overview())
                self.fitted_cam = None
            else:
                self.rig.glide(fitted)
                self.fitted_cam = fitted
            if self.game.fight is not None:
                self.fight_cam = self._fight_camera()

    def select(self, action: str) -> None:
        """Pick an action of the active survivor (or end the turn)."""
        g = self.game
        if g.phase != "act" or self.busy():
            return
        items = {it.id: it for it in adapter.action_items(g)}
        it = items.get(action)
        if it is None:
            return
        if not it.enabled:
            self.refuse(f"{it.label}: {it.why}")
            return
        if action == "end_turn":
            self.apply(adapter.end_turn(self.facing))
            return
        if action == "extra_action":  # Anita: a token discarded, no gesture
            self.command("extra_action")
            return
        self.action = action
        self.gesture = None
        self.first_flick = None
        if action == "short_kill":
            self.short_weapon = adapter.quiet_weapon(g.active_survivor)
        self.status = ""

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

    # ---- mouse and keys -------------------------------------------------------------------
    KEYS: ClassVar[dict[str, str]] = {it[2]: it[0]
                                      for it in (*adapter.ACTIONS, *adapter.MORE_ACTIONS)}

    def key(self, name: str) -> None:
        name = name.lower()
        if self.help_open:
            if name == "f3" and not self.briefing_open:
                self.open_help(BRIEFING_TAB)
            elif name in ("escape", "f1", "?", "f3", "space", "return"):
                self.close_help()
            return
        if name in ("f1", "?"):
            self.open_help()
            return
        if name == "f3" and not self.pass_screen:
            self.open_help(BRIEFING_TAB)
            return
        if name == "z" and not self.pass_screen:
            self.mulligan()
            return
        if name == "f2":
            self.status = "sound off (F2)" if self.sound.toggle_mute() else "sound on (F2)"
            self.version += 1
            return
        if self.pass_screen:
            if name in ("space", "return", "enter"):
                self._dismiss_pass()
            return
        if name == "escape":
            if self.gesture is not None:
                self.gesture = None  # the misclick undo: nothing was flicked
                self.status = "flick cancelled"
            elif self.action is not None:
                self.action = None
                self.first_flick = None
        elif name == "tab":
            self._toggle("style")
        elif name == "s":
            self._toggle("side")
        elif name == "a":
            self._toggle("aim")
        elif name == "p":
            self._toggle("power")
        elif name == "f":
            self._toggle("fit")
        elif name == "c":
            self.assist.toggle(self)
        elif name == "n":
            self._toggle("hand")
        elif name == "w" and self.game.phase == "fight":
            self.command("fight_wait")
        elif name == "r" and self.game.phase == "act" and self.game.active is not None:
            self._face_mouse()
        elif name in ("=", "+", "plus", "equals"):
            self.zoom(self.area.center, 1)
        elif name in ("-", "minus"):
            self.zoom(self.area.center, -1)
        elif name.isdigit() and self.options():
            i = int(name) - 1
            opts = self.options()
            if 0 <= i < len(opts) and opts[i].enabled:
                self.command(opts[i].command)
        elif name in self.KEYS:
            if self.busy():
                self.refuse("wait: the shot is still playing")
            else:
                self.select(self.KEYS[name])
        self.version += 1

    def _face_mouse(self) -> None:
        s = self.game.active_survivor
        if s.piece is None:
            return
        x, y = self.game.board.pos(s.piece)
        mx, my = self.cam.to_cm(*self.mouse)
        self.facing = math.atan2(my - y, mx - x)
        self.status = f"{s.short} will face {math.degrees(self.facing):.0f} deg at the turn's end"

    def _dismiss_pass(self) -> None:
        self.pass_screen = False
        self.seen_team = self.game.current_team
        self.seen_key = self.pass_key()
        self.version += 1
        self._brief()

    def mouse_down(self, t: float, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if self.help_open:  # a click beside the help window closes it
            self.close_help()
            return
        if self.pass_screen:
            self._dismiss_pass()
            return
        if button == 3:
            self.pan = (pos, self.active_cam())
            return
        if button != 1:
            return
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                self.command(b.command)
                return
        if not self.area.collidepoint(pos):
            return
        if self.busy():
            self.refuse("wait: the shot is still playing")
            return
        if self.game.over:
            self.refuse("the game is over")
            return
        cam = self.active_cam()
        p = cam.to_cm(*pos)
        g = self.game
        spot = self.spot()
        if spot is not None:
            reach = self.view.footprints.get(spot.kind).reach
            grab = max(reach + 0.8, 12.0 / cam.scale)
            if math.dist(p, spot.centre) <= grab:
                params = g.board.params
                self.gesture = Gesture(spot.kind, spot.centre, p, t, self.style, params,
                                       reach=reach,
                                       template=self.action in TEMPLATES and g.phase == "act",
                                       screen=(float(pos[0]), float(pos[1])))
                return
            if self.assist.aim_at(self, p):  # the aim assist's target
                return
            piece = help.PIECE_WORDS.get(spot.kind, spot.kind)
            self.refuse(f"press on the lit {piece} to flick it (not elsewhere)")
            return
        if g.phase == "choose":
            s = adapter.survivor_at(g, p, max(2.0, 10.0 / cam.scale))
            if s is not None:
                self.apply(adapter.choose(s.name))
            else:
                self.refuse("no survivor there: click a lit survivor (or its board)")
            return
        if g.phase == "act" and self.action == "short_kill":
            targets = legal.short_kill_targets(g)
            near = [z for z in targets if math.dist(g.board.pos(z), p) < 2.5]
            if near and self.short_weapon:
                self.apply(adapter.short_kill(near[0], self.short_weapon))
            else:
                self.refuse("short kill: click a lit zombie next to the survivor")
            return
        if g.phase == "act" and self.action is None:
            self.refuse("choose an action first: a button or its key (M move, G gun...)")
        else:
            self.refuse("nothing to press on the table now: " + help.hint(self))

    def mouse_move(self, t: float, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.pan is not None:
            (x0, y0), cam = self.pan
            moved = Camera(cam.scale, (cam.origin[0] + pos[0] - x0, cam.origin[1] + pos[1] - y0))
            if self.on_fight_table():
                self.fight_cam = moved
            else:
                self.cam = moved
            return
        if self.gesture is not None:
            self.gesture.move(t, self.active_cam().to_cm(*pos), (float(pos[0]), float(pos[1])))

    def mouse_up(self, t: float, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if button == 3:
            self.pan = None
            return
        if button != 1 or self.gesture is None:
            return
        gesture, self.gesture = self.gesture, None
        flick = gesture.release(t, self.active_cam().to_cm(*pos), self.hand, self.rng,
                                screen=(float(pos[0]), float(pos[1])))
        if flick is None:
            self.status = "too gentle to be a flick: try again"
            self.version += 1
            return
        g = self.game
        if g.phase == "fight":
            self.apply(adapter.flick_input(g, "fight", self.side, flick))
            return
        if g.phase == "exile":
            self.apply(adapter.flick_input(g, "exile", self.side, flick))
            return
        assert self.action is not None
        if self.action == "two_guns" and self.first_flick is None:
            self.first_flick = flick
            self.status = "first bullet aimed: now flick the second (right side)"
            self.version += 1
            return
        if self.action == "two_guns":
            inp = adapter.flick_input(g, "two_guns", "left", self.first_flick, flick)
        else:
            inp = adapter.flick_input(g, self.action, self.side, flick, big=self.flare_big)
        self.apply(inp)

    def wheel(self, pos: tuple[int, int], y: int) -> None:
        if self.widgets.over_log(pos):
            self.widgets.scroll_log(y)
            self.version += 1
            return
        if self.panel.rect.collidepoint(pos):
            return
        if self.on_fight_table() and self.fight_cam is not None:
            self.fight_cam = self.fight_cam.zoomed(pos, y)
        else:
            self.zoom(pos, y)

    # ---- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Run the window until it is closed (or the frame count / script ends)."""
        s = self.settings
        virtual = s.frames is not None or s.script is not None
        if virtual:
            self._run_virtual()
        else:
            self._run_live()
        self.assist.close()  # its workers stop with the window (exit would wait for the map)
        if s.screenshot:
            save_png(self.screen, s.screenshot, "screenshot")  # atomic
        if self.recorder is not None and s.record:
            self._save_replay()
        return 0

    def _run_virtual(self) -> None:
        """Headless: exactly 1/60 s per frame, every frame drawn (deterministic)."""
        s = self.settings
        now = 0.0
        while not self.quit:
            now += FRAME_S
            self._feed_script(now)
            if s.frames is None and not self._script and not self.busy():
                self.quit = True
            if pygame.display.get_init():
                for ev in pygame.event.get():
                    self.handle_event(ev, now)
            self.advance(FRAME_S)
            self.present()
            self.frame += 1
            if s.frames is not None and self.frame >= s.frames:
                break

    def moving(self) -> bool:
        """Something changes on screen by itself: a shot plays, a flick or a pan is dragged."""
        return (self.busy() or self.gesture is not None or self.pan is not None
                or self.assist.working() or self.widgets.busy() or self.rig.moving())

    def scene_key(self) -> tuple[Any, ...]:
        """What the picture depends on: the window redraws only when this changes."""
        gesture = self.gesture
        return (self.version, self.cam, self.fight_cam, len(self.clips), self.clip_time,
                None if gesture is None else (len(gesture.samples), gesture.pointer),
                self.widgets.help_tab(), self.widgets.toast_text, self.pass_screen,
                self.style, self.side,
                self.hand, self.show_aim, self.show_power, self.status, self.facing,
                self.screen.get_size(), self.exposed, self.assist.version)

    def _run_live(self) -> None:
        """A real window: wait on events (each stamped with the moment it arrives, not the
        frame's), at most `FPS_CAP` frames a second while something moves, and no redraw at
        all while nothing does (idle costs next to no CPU)."""
        period = 1.0 / FPS_CAP
        t0 = time.perf_counter()
        last = t0
        drawn: tuple[Any, ...] | None = None
        while not self.quit:
            moving = self.moving()
            now = time.perf_counter()
            wait = (last + period - now) if moving else IDLE_WAIT_S
            ev = pygame.event.wait(max(1, round(wait * 1000)))
            while ev.type != pygame.NOEVENT:
                self.handle_event(ev, time.perf_counter() - t0)
                ev = pygame.event.poll()
            now = time.perf_counter()
            if moving and now < last + period:
                continue  # more events may come before the frame is due
            if self._anim_at is not None:  # a shot was drawn while it was computed
                last, self._anim_at = max(last, self._anim_at), None
            self.advance(min(0.05, now - last))
            last = now
            key = self.scene_key()
            if key != drawn:
                self.present()
                self.frame += 1
                drawn = key

    def handle_event(self, ev: Any, t: float) -> None:
        """One pygame event, `t` its own time (s): what a mouse gesture is measured with."""
        scripted = self.settings.script is not None
        if ev.type == pygame.QUIT:
            self.quit = True
        elif ev.type == pygame.VIDEORESIZE:
            self.resize(ev.w, ev.h)
        elif ev.type in EXPOSED:
            # the window (re)appeared: without a compositor its pixels are gone, draw it all
            self.exposed += 1
            self._full_update = True
        elif scripted:
            return  # a scripted run takes its input from the script alone
        elif self.widgets.process(ev):
            self.version += 1  # a widget took it (the log's scroll bar, the help window)
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL:
                self.quit = True
            elif getattr(ev, "unicode", "") == "?":
                self.key("?")
            else:
                self.key(pygame.key.name(ev.key))
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
            self.mouse_down(t, ev.pos, ev.button)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 2, 3):
            self.mouse_up(t, ev.pos, ev.button)
        elif ev.type == pygame.MOUSEMOTION:
            self.mouse_move(t, ev.pos)
        elif ev.type == pygame.MOUSEWHEEL:
            self.wheel(pygame.mouse.get_pos(), ev.y)

    def resize(self, w: int, h: int) -> None:
        """The window was resized: the table and the panel reflow, the city is fitted again."""
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        if pygame.display.get_surface() is not None and self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pw = panel_width(w)
        self.area = pygame.Rect(0, 0, w - pw, h)
        self.panel = Panel(pygame.Rect(w - pw, 0, pw, h))
        self.widgets.resize((w, h))
        self.cam = self.fitted_cam = self.fit()
        if self.game.fight is not None:
            self.fight_cam = self._fight_camera()
        self._full_update = True
        self.version += 1

    def _feed_script(self, now: float) -> None:
        if not self.busy():
            self._script_clock += FRAME_S
        while self._script and self._script[0].t <= self._script_clock + 1e-9:
            if self.busy():
                return
            ev = self._script.pop(0)
            t = ev.t
            if ev.type == "key":
                try:
                    pygame.key.key_code(ev.key)
                except ValueError:
                    raise IllegalAction(f"script: unknown key {ev.key!r}") from None
                self.key(ev.key)
            elif ev.type == "command":
                self.command(ev.command)
            else:
                pos = self.script_pos(ev)
                if ev.type == "down":
                    self.mouse_down(t, pos, ev.button)
                elif ev.type == "move":
                    self.mouse_move(t, pos)
                elif ev.type == "up":
                    self.mouse_up(t, pos, ev.button)
                elif ev.type == "wheel":
                    self.wheel(pos, ev.y)

    def script_pos(self, ev: ScriptEvent) -> tuple[int, int]:
        """Screen pixels of a scripted event's position (see `flick.ui.script`)."""
        if ev.pos is not None:
            return (round(ev.pos[0]), round(ev.pos[1]))
        cam = self.active_cam()
        if ev.cm is not None:
            x, y = ev.cm
        elif ev.at is not None:
            x, y = self._named(ev.at)
        else:
            x, y = cam.to_cm(*self.mouse)
        px, py = cam.px(x + ev.d[0], y + ev.d[1])
        return (round(px), round(py))

    def _named(self, at: str) -> tuple[float, float]:
        g = self.game
        if at == "piece":
            spot = self.spot()
            if spot is None:
                raise IllegalAction("script: no piece to flick now (choose an action first)")
            return spot.centre
        if at.startswith("survivor:"):
            name = at.split(":", 1)[1]
            for s in g.survivors.values():
                if name in (s.name, s.short):
                    if s.piece is not None:
                        return g.board.pos(s.piece)
                    if s.building is not None:
                        return adapter.inside_spot(g, s)
            raise IllegalAction(f"script: no survivor {name!r} on the table")
        if at == "zombie:nearest" and g.active is not None:
            here = g.board.piece_position(g.active_survivor)
            zs = g.board.zombies()
            if zs and here is not None:
                z = min(zs, key=lambda q: math.dist(g.board.pos(q), here))
                return g.board.pos(z)
        raise IllegalAction(f"script: unknown place {at!r}")

    def advance(self, dt: float) -> None:
        """Move the animation on by `dt` seconds of wall time."""
        self.assist.poll(self)  # the aim assist's cells that came back (never waits)
        self.widgets.update(dt)
        self.rig.held = self.gesture is not None or self.pan is not None
        self.rig.advance(dt, self.area)
        if not self.clips:
            return
        self.clip_time += dt * self.speed
        while self.clips and self.clip_time >= self.clips[0].duration:
            self.clip_time -= self.clips[0].duration
            self.clips.pop(0)
        if not self.clips:
            self.clip_time = 0.0
            self.version += 1
            self._play_pending()
            self.refit()
            self._check_pass()

    # ---- the mulligan house rule -----------------------------------------------------------
    def mulligan_why_not(self) -> str:
        """Why the last flick cannot be taken back now ('' when it can)."""
        g = self.game
        if self.settings.mulligans <= 0:
            return "no mulligans in this game (the house rule: flick play --mulligans N)"
        if self.busy():
            return "wait for the shot to finish"
        if self._last_flick is None or g.over:
            return "nothing to take back: only the last flick, while its survivor still plays"
        n, who = self._last_flick
        if len(g.inputs) != n or g.active != who:
            return "nothing to take back: only the last flick, while its survivor still plays"
        if self.mulligans_left() <= 0:
            return f"no mulligans left for player {self.player_of(g.current_team)}"
        return ""

    def mulligans_left(self) -> int:
        g = self.game
        key = (g.current_team, self.player_of(g.current_team))
        return self.settings.mulligans - self.mulligans_used.get(key, 0)

    def mulligan(self) -> bool:
        """House rule: take the last flick back. The game is played again from the start
        without it (same seed, same inputs: exactly the state before it), so the replay holds
        only the flicks that count and still verifies; its players' controller notes the rule
        and how many were taken."""
        why = self.mulligan_why_not()
        if why:
            self.refuse(why)
            return False
        g = self.game
        key = (g.current_team, self.player_of(g.current_team))
        again = Game(g.scenario, g.seed, players=dict(g.turn_order.players),
                     params=g.board.table.params)
        recorder = None
        if self.recorder is not None:
            from flick.replay import Recorder

            recorder = Recorder(again, controller="human")
        for inp in g.inputs[:-1]:
            again.apply(inp)
        self.mulligans_used[key] = self.mulligans_used.get(key, 0) + 1
        self._swap_game(again, recorder)
        left = self.mulligans_left()
        self.status = f"flick taken back (mulligan): {left} left for player {key[1]}"
        if self.recorder is not None and self.settings.record:
            self._save_replay()
        return True

    def _swap_game(self, game: Game, recorder: Any) -> None:
        self.game = game
        self.recorder = recorder
        self._note_rule()
        self.motion = MotionRecorder()
        self.motion.attach(game.board.table, "city")
        self.view = TableView(game.board.table, _tower_home(game), game.bin)
        self.fight_view = None
        self._sync_fight()
        self.clips, self.clip_time = [], 0.0
        self.log, self._logged, self._shown = [], 0, 0
        self.action, self.gesture, self.first_flick, self._last_flick = None, None, None, None
        self._refresh()

    def _note_rule(self) -> None:
        """The replay's players' controller names the mulligan house rule when it is on."""
        if self.recorder is not None and self.settings.mulligans > 0:
            used = sum(self.mulligans_used.values())
            self.recorder.controller = (f"human (house rule: {self.settings.mulligans} "
                                        f"mulligans a player, {used} taken)")

    def _play_pending(self) -> None:
        for name in self._pending_sounds:
            self.sound.play(name)
        self._pending_sounds = []


def _number(text: str, cmd: str) -> int:
    """A whole number in a command (from a script: it may be malformed)."""
    if not text.isdigit():
        raise IllegalAction(f"command {cmd!r}: {text!r} is not a number")
    return int(text)


def _tower_home(game: Game) -> Any:
    from flick.scenario.place import TowerPose, tower_size

    zb = game.scenario.zombie_bin
    width, depth = tower_size()
    return TowerPose(zb.x, zb.y, math.radians(zb.tower_facing), width, depth)
