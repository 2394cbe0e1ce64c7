"""The play window's loops and input feeds: a live window waits on events and draws only when
the picture changes (at most `FPS_CAP` frames a second while something moves); a headless run
has a virtual clock, exactly 1/60 s a frame, fed by a recorded script (`flick.ui.script`), so
it is deterministic. `handle_event` routes one pygame event: the widgets first (buttons, the
log's scroll bar, the help window), then the keys and the mouse to the modes."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import pygame

from flick.game.state import IllegalAction
from flick.ui import adapter
from flick.ui.modes import HelpMode
from flick.ui.motion import FRAME_S
from flick.ui.script import ScriptEvent

if TYPE_CHECKING:
    from flick.ui.app import PlayApp

FPS_CAP = 60  # frames a second at most, and only while something moves
IDLE_WAIT_S = 0.25  # nothing moving: wake this often at most (to notice the clock, nothing else)
# Window events after which the whole window is drawn again.
EXPOSED = frozenset({pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                     pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED})


def run_virtual(app: PlayApp) -> None:
    """Headless: exactly 1/60 s per frame, every frame drawn (deterministic)."""
    s = app.settings
    now = 0.0
    while not app.quit:
        now += FRAME_S
        feed_script(app, now)
        app.now = app.script.clock  # the clock the script's events are stamped with
        if s.frames is None and not app.script.events and not app.busy():
            app.quit = True
        if pygame.display.get_init():
            for ev in pygame.event.get():
                handle_event(app, ev, now)
        app.advance(FRAME_S)
        app.present()
        app.frame += 1
        if s.frames is not None and app.frame >= s.frames:
            break


def run_live(app: PlayApp) -> None:
    """A real window: wait on events (each stamped with the moment it arrives, not the
    frame's), at most `FPS_CAP` frames a second while something moves, and no redraw at
    all while nothing does (idle costs next to no CPU)."""
    period = 1.0 / FPS_CAP
    t0 = time.perf_counter()
    last = t0
    drawn: tuple[Any, ...] | None = None
    while not app.quit:
        moving = app.moving()
        now = time.perf_counter()
        wait = (last + period - now) if moving else IDLE_WAIT_S
        ev = pygame.event.wait(max(1, round(wait * 1000)))
        while ev.type != pygame.NOEVENT:
            app.now = time.perf_counter() - t0
            handle_event(app, ev, app.now)
            ev = pygame.event.poll()
        now = time.perf_counter()
        app.now = app.idle_at = now - t0  # (no event waiting now: a release is no later)
        if moving and now < last + period:
            continue  # more events may come before the frame is due
        if app.anim_at is not None:  # a shot was drawn while it was computed
            last, app.anim_at = max(last, app.anim_at), None
        app.advance(min(0.05, now - last))
        last = now
        key = app.scene_key()
        if key != drawn:
            app.present()
            app.frame += 1
            drawn = key


def handle_event(app: PlayApp, ev: Any, t: float) -> None:
    """One pygame event, `t` its own time (s): what a mouse gesture is measured with."""
    scripted = app.settings.script is not None
    if ev.type == pygame.QUIT:
        app.quit = True
    elif ev.type == pygame.VIDEORESIZE:
        app.resize(ev.w, ev.h)
    elif ev.type in EXPOSED:
        # the window (re)appeared: without a compositor its pixels are gone, draw it all
        app.exposed += 1
        app.full_update = True
    elif scripted:
        return  # a scripted run takes its input from the script alone
    elif app.widgets.process(ev):
        app.version += 1  # a widget took it (a button, the log's scroll bar, the help)
        for cmd in app.widgets.take_pressed():
            if app.spectator:
                app.refuse("a replay: nothing to press (Space plays, Right steps)")
            elif app.busy():
                app.refuse("wait: the shot is still playing")
            else:
                app.command(cmd)
        if app.help_open and app.widgets.help_tab() is None:  # its close button
            app.modes.pop(app, app.modes.find(HelpMode))
    elif ev.type == pygame.KEYDOWN:
        if ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL:
            app.quit = True
        elif getattr(ev, "unicode", "") == "?":
            app.key("?")
        else:
            app.key(pygame.key.name(ev.key))
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
        app.mouse_down(t, ev.pos, ev.button)
    elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 2, 3):
        app.mouse_up(t, ev.pos, ev.button)
    elif ev.type == pygame.MOUSEMOTION:
        app.mouse_move(t, ev.pos)
    elif ev.type == pygame.MOUSEWHEEL:
        app.wheel(pygame.mouse.get_pos(), ev.y)


def feed_script(app: PlayApp, now: float) -> None:
    if not app.busy():
        app.script.clock += FRAME_S
    while app.script.due():
        if app.busy():
            return
        ev = app.script.take()
        t = ev.t
        if ev.type == "key":
            try:
                pygame.key.key_code(ev.key)
            except ValueError:
                raise IllegalAction(f"script: unknown key {ev.key!r}") from None
            app.key(ev.key)
        elif ev.type == "command":
            app.command(ev.command)
        else:
            pos = script_pos(app, ev)
            if ev.type == "down":
                app.mouse_down(t, pos, ev.button)
            elif ev.type == "move":
                app.mouse_move(t, pos)
            elif ev.type == "up":
                app.mouse_up(t, pos, ev.button)
            elif ev.type == "wheel":
                app.wheel(pos, ev.y)


def script_pos(app: PlayApp, ev: ScriptEvent) -> tuple[int, int]:
    """Screen pixels of a scripted event's position (see `flick.ui.script`)."""
    if ev.pos is not None:
        return (round(ev.pos[0]), round(ev.pos[1]))
    cam = app.active_cam()
    if ev.cm is not None:
        x, y = ev.cm
    elif ev.at is not None:
        x, y = named_spot(app, ev.at)
    else:
        x, y = cam.to_cm(*app.mouse)
    px, py = cam.px(x + ev.d[0], y + ev.d[1])
    return (round(px), round(py))


def named_spot(app: PlayApp, at: str) -> tuple[float, float]:
    g = app.game
    if at == "piece":
        spot = app.spot()
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
