"""The table mode: choose a survivor, pick an action, aim and flick its piece, fight.

The bottom of the mode stack. Keys pick actions and settings; a press on the lit piece
starts a `Gesture`, its release makes the engine input; a right-drag pans, the wheel zooms.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.actions import legal
from flick.game.inputs import EndTurn, FightWait
from flick.ui import adapter, help
from flick.ui.commands import Apply, PickOption, SelectAction, Toggle, parse
from flick.ui.gesture import HAND_NOISE, STYLES, Gesture
from flick.ui.modes.base import Mode
from flick.ui.modes.help import BRIEFING, HelpMode
from flick.ui.render import Camera
from flick.ui.scene import TEMPLATES

if TYPE_CHECKING:
    from flick.ui.app import PlayApp

# A key and the setting it flips.
TOGGLE_KEYS = {"tab": "style", "s": "side", "a": "aim", "p": "power", "f": "fit", "n": "hand"}
KEYS: dict[str, str] = {it[2]: it[0] for it in (*adapter.ACTIONS, *adapter.MORE_ACTIONS)}


class TableMode(Mode):
    """Playing at the table."""

    name = "table"

    def key(self, app: PlayApp, name: str) -> bool:
        g = app.game
        if name in ("f1", "?"):
            app.modes.push(app, HelpMode())
        elif name == "f3":
            app.modes.push(app, HelpMode(BRIEFING))
        elif name == "z":
            app.mulligan()
        elif name == "escape":
            if app.gesture is not None:
                app.gesture = None  # the misclick undo: nothing was flicked
                app.status = "flick cancelled"
            elif app.action is not None:
                app.action = None
                app.first_flick = None
        elif name in TOGGLE_KEYS:
            app.command(Toggle(TOGGLE_KEYS[name]))
        elif name == "c":
            app.assist.toggle(app)
        elif name == "w" and g.phase == "fight":
            app.command(Apply(FightWait()))
        elif name == "r" and g.phase == "act" and g.active is not None:
            self._face_mouse(app)
        elif name in ("=", "+", "plus", "equals"):
            app.cameras.zoom(app.area.center, 1, app.on_fight_table())
        elif name in ("-", "minus"):
            app.cameras.zoom(app.area.center, -1, app.on_fight_table())
        elif name.isdigit() and app.options():
            app.command(PickOption(int(name) - 1))
        elif name in KEYS:
            if app.busy():
                app.refuse("wait: the shot is still playing")
            else:
                app.command(SelectAction(KEYS[name]))
        app.version += 1
        return True

    def select(self, app: PlayApp, action: str) -> None:
        """Pick an action of the active survivor (or end the turn)."""
        g = app.game
        if g.phase != "act" or app.busy():
            return
        items = {it.id: it for it in adapter.action_items(g)}
        it = items.get(action)
        if it is None:
            return
        if not it.enabled:
            app.refuse(f"{it.label}: {it.why}")
            return
        if action == "end_turn":
            app.apply(EndTurn(app.facing))
            return
        if action == "extra_action":  # Anita: a token discarded, no gesture
            app.command(parse("extra_action", g))
            return
        app.action = action
        app.gesture = None
        app.first_flick = None
        if action == "short_kill":
            app.aim.short_weapon = adapter.quiet_weapon(g.active_survivor)
        app.status = ""

    def toggle(self, app: PlayApp, what: str) -> None:
        if what == "style":
            app.style = STYLES[(STYLES.index(app.style) + 1) % len(STYLES)]
        elif what == "side":
            app.side = "left" if app.side == "right" else "right"
        elif what == "hand":
            names = list(HAND_NOISE)
            app.hand = names[(names.index(app.hand) + 1) % len(names)]
        elif what == "aim":
            app.show_aim = not app.show_aim
        elif what == "power":
            app.show_power = not app.show_power
        elif what == "fit":  # the fitted view; pressed again there, the whole city
            app.cameras.toggle_fit()

    def _face_mouse(self, app: PlayApp) -> None:
        s = app.game.active_survivor
        if s.piece is None:
            return
        x, y = app.game.board.pos(s.piece)
        mx, my = app.cam.to_cm(*app.mouse)
        app.facing = math.atan2(my - y, mx - x)
        app.status = f"{s.short} will face {math.degrees(app.facing):.0f} deg at the turn's end"

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        if button == 3:
            app.pan = (pos, app.active_cam())
            return True
        if button != 1:
            return True
        for b in app.buttons:
            if b.rect.collidepoint(pos):
                app.command(b.command)
                return True
        if not app.area.collidepoint(pos):
            return True
        if app.busy():
            app.refuse("wait: the shot is still playing")
            return True
        if app.game.over:
            app.refuse("the game is over")
            return True
        self._press_table(app, t, pos)
        return True

    def _press_table(self, app: PlayApp, t: float, pos: tuple[int, int]) -> None:
        cam: Camera = app.active_cam()
        p = cam.to_cm(*pos)
        g = app.game
        spot = app.spot()
        if spot is not None:
            reach = app.view.footprints.get(spot.kind).reach
            grab = max(reach + 0.8, 12.0 / cam.scale)
            if math.dist(p, spot.centre) <= grab:
                app.gesture = Gesture(spot.kind, spot.centre, p, t, app.style, g.board.params,
                                      reach=reach,
                                      template=app.action in TEMPLATES and g.phase == "act",
                                      screen=(float(pos[0]), float(pos[1])))
                return
            if app.assist.aim_at(app, p):  # the aim assist's target
                return
            piece = help.PIECE_WORDS.get(spot.kind, spot.kind)
            app.refuse(f"press on the lit {piece} to flick it (not elsewhere)")
            return
        if g.phase == "choose":
            s = adapter.survivor_at(g, p, max(2.0, 10.0 / cam.scale))
            if s is not None:
                app.apply(adapter.choose(s.name))
            else:
                app.refuse("no survivor there: click a lit survivor (or its board)")
            return
        if g.phase == "act" and app.action == "short_kill":
            targets = legal.short_kill_targets(g)
            near = [z for z in targets if math.dist(g.board.pos(z), p) < 2.5]
            if near and app.short_weapon:
                app.apply(adapter.short_kill(near[0], app.short_weapon))
            else:
                app.refuse("short kill: click a lit zombie next to the survivor")
            return
        if g.phase == "act" and app.action is None:
            app.refuse("choose an action first: a button or its key (M move, G gun...)")
        else:
            app.refuse("nothing to press on the table now: " + help.hint(app))

    def mouse_move(self, app: PlayApp, t: float, pos: tuple[int, int]) -> bool:
        if app.pan is not None:
            (x0, y0), cam = app.pan
            moved = Camera(cam.scale, (cam.origin[0] + pos[0] - x0, cam.origin[1] + pos[1] - y0))
            app.cameras.show(moved, app.on_fight_table())
            return True
        if app.gesture is not None:
            app.gesture.move(t, app.active_cam().to_cm(*pos), (float(pos[0]), float(pos[1])))
        return True

    def mouse_up(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        if button == 3:
            app.pan = None
            return True
        if button != 1 or app.gesture is None:
            return True
        gesture, app.gesture = app.gesture, None
        flick = gesture.release(t, app.active_cam().to_cm(*pos), app.hand, app.rng,
                                screen=(float(pos[0]), float(pos[1])), since=app.idle_at)
        if flick is None:
            app.refuse(gesture.refused or "too gentle to be a flick: try again")
            return True
        g = app.game
        if g.phase in ("fight", "exile"):
            app.apply(adapter.flick_input(g, g.phase, app.side, flick))
            return True
        assert app.action is not None
        if app.action == "two_guns" and app.first_flick is None:
            app.first_flick = flick
            app.status = "first bullet aimed: now flick the second (right side)"
            app.version += 1
            return True
        if app.action == "two_guns":
            inp = adapter.flick_input(g, "two_guns", "left", app.first_flick, flick)
        else:
            inp = adapter.flick_input(g, app.action, app.side, flick, big=app.flare_big)
        app.apply(inp)
        return True

