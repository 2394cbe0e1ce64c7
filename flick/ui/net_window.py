"""`flick join`'s window: one player's seat of a networked game (`flick.net`).

The window knows only what the host sends this seat (`flick.net.seat_view.SeatView`): the
table's poses, the public state, this seat's own tokens, objective and choices. It draws the
city from those poses (a shot moves its pieces in straight lines to where they came to rest,
as the host sent them), the side panel (whose decision it is, the round, this seat's
survivors, tokens and secret objective, the log) and, when the decision is this seat's, its
choices as buttons (keys 1-9) and the flick: press on your survivor (or the unmasked betrayer
to exile), drag back and release (slingshot: the drag's length is the power). The action bar
offers what the rules allow the survivor now (the host says which) of a move, a gun shot,
the knife, the bat, the shotgun and the sniper, all aimed by the same drag (S switches the
side of the bullet, knife or template; the bat and the templates lie along the drag), and
ending the turn; the host checks every input with the rules and a refusal is shown in red.

Short kills (each zombie next to the survivor, with each of its weapons) and take / drop
offs (each token of the place by its index, each carried token) come among the choices.

Not here (the hot-seat window, `flick play`, has them): two guns, flares and powers that
need aiming (their choices still come as buttons when they are plain choices), the fight's
staging table and the physics' own frames of a shot. Only the first nine choices are shown.

The network runs in a thread (asyncio, `flick.net.client.Client`); messages reach the
window through a queue, inputs go back through the thread's loop. A dropped connection is
opened again with the seat's token.
"""

from __future__ import annotations

import asyncio
import math
import queue
import threading
from dataclasses import dataclass
from typing import Any

import pygame

from flick.net.client import Client, NetError
from flick.net.messages import Error, Lobby, ViewMessage
from flick.net.seat_view import SeatView
from flick.physics.state import PieceState
from flick.ui.adapter import TEAM_COLOURS
from flick.ui.camera import fit_box
from flick.ui.event_log import EventLog
from flick.ui.motion import FRAME_S, Clip
from flick.ui.render import Camera, save_png, wrap
from flick.ui.table_view import Decor, TableView, TextCache

PANEL = 400
POWER = 90.0  # g*cm/s of impulse per cm of drag back (a 10 cm drag moves a disc ~25 cm)
MAX_IMPULSE = 5000.0
SHOT_S = 0.6  # s a shot's straight-line motion takes on screen
GRAB_CM = 4.0  # how near the piece a press must be to start a flick
# the action bar's flicked actions: (action, as the rules name it, label)
DRAG_ACTIONS = (("move", "move", "Move (M)"), ("gun", "gun", "Gun (G)"),
                ("knife", "knife", "Knife (K)"), ("bat", "bat", "Bat (B)"),
                ("shotgun", "shotgun", "Shotgun (H)"), ("sniper", "sniper", "Sniper (N)"))
ACTION_KEYS = {"m": "move", "g": "gun", "k": "knife", "b": "bat", "h": "shotgun", "n": "sniper"}
# the window's events after which it is drawn again
SEEN_EVENTS = frozenset({pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEMOTION,
                         pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                         pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                         pygame.WINDOWRESTORED})


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    inp: dict[str, Any] | None = None
    action: str | None = None  # one of DRAG_ACTIONS' actions, or "start"


class Network(threading.Thread):
    """The client's asyncio loop in a thread: messages to `inbox`, inputs from `send`."""

    def __init__(self, client: Client, inbox: queue.Queue[Any], start_game: bool) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.inbox = inbox
        self.start_game = start_game
        self.loop: asyncio.AbstractEventLoop | None = None

    def run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from websockets.exceptions import ConnectionClosed

        self.loop = asyncio.get_running_loop()
        try:
            await self.client.connect()
        except NetError as exc:
            self.inbox.put(("fatal", str(exc)))
            return
        self.inbox.put(("welcome", self.client.welcome))
        if self.start_game:
            await self.client.start()
        while True:
            try:
                async for msg in self.client.messages():
                    self.inbox.put(("message", msg, self.client.view))
            except ConnectionClosed:
                view = self.client.view
                if view is not None and view.public.over:
                    return
                self.inbox.put(("status", "connection lost: joining again with the token"))
                for attempt in range(30):
                    await asyncio.sleep(min(2.0, 0.2 * (attempt + 1)))
                    try:
                        await self.client.connect()
                        break
                    except NetError:
                        continue
                else:
                    self.inbox.put(("fatal", "lost the host"))
                    return

    def send(self, inp: dict[str, Any], seq: int) -> None:
        if self.loop is not None:
            asyncio.run_coroutine_threadsafe(self.client.send_input(inp, seq), self.loop)

    def ask_start(self) -> None:
        if self.loop is not None:
            asyncio.run_coroutine_threadsafe(self.client.start(), self.loop)


class NetWindow:
    def __init__(self, client: Client, size: tuple[int, int], start_game: bool = False) -> None:
        self.screen = pygame.display.get_surface() or pygame.display.set_mode(size)
        w, h = self.screen.get_size()
        self.area = pygame.Rect(0, 0, w - PANEL, h)
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.net = Network(client, self.inbox, start_game)
        self.view: SeatView | None = None
        self.lobby: Lobby | None = None
        self.seat: str | None = None
        self.table_view: TableView | None = None
        self.cam: Camera | None = None
        self.poses: dict[int, PieceState] = {}
        self.clips: list[Clip] = []
        self.clip_time = 0.0
        self.event_log = EventLog()
        self.status = "connecting..."
        self.bad = False
        self.action = "move"
        self.side = "right"
        self.drag: tuple[tuple[float, float], tuple[int, int]] | None = None  # piece cm, px
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self.text = TextCache()
        self.font = pygame.font.Font(None, 21)
        self.small = pygame.font.Font(None, 18)
        self.head = pygame.font.Font(None, 27)
        self.quit = False
        self.last_event: Any = None
        self.sent_at: int | None = None
        self._drawn: Any = None  # what the last frame drawn showed

    # ---- messages ---------------------------------------------------------------------------
    def poll(self) -> None:
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return
            if item[0] == "fatal":
                self.say(item[1], bad=True)
            elif item[0] == "status":
                self.say(item[1])
            elif item[0] == "welcome":
                self.seat = item[1].seat
                self.say(f"joined: seat {self.seat}" if self.seat else "watching")
                if self.seat is not None:  # to join again after a drop: flick join --token
                    print(f"seat {self.seat} token {item[1].token}", flush=True)
            elif item[0] == "message":
                msg, view = item[1], item[2]
                if isinstance(msg, Lobby):
                    self.lobby = msg
                elif isinstance(msg, Error):
                    self.say(f"refused: {msg.message}", bad=True)
                    self.sent_at = None
                elif isinstance(msg, ViewMessage) and view is not None:
                    self.on_view(view)

    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.bad = text, bad

    def on_view(self, view: SeatView) -> None:
        from flick.physics import PhysicsParams, Table
        from flick.replay.loading import table_state

        pub = view.public
        now = {p[0]: PieceState(*p) for p in pub.pieces}
        if self.table_view is None:
            table = Table(PhysicsParams.default(), city=pub.city)
            table.restore(table_state(pub.city, pub.pieces, pub.buildings))
            self.table_view = TableView(table)
            wc, hc = pub.city
            self.cam = fit_box(-3, -3, wc + 3, hc + 3, self.area)
        else:
            before = dict(self.poses)
            for shot in view.shots:
                if shot.get("table") != "city":
                    continue
                after = {int(p[0]): PieceState(int(p[0]), str(p[1]), float(p[2]),
                                               float(p[3]), float(p[4]), bool(p[5]))
                         for p in shot.get("poses", [])}
                self.clips.append(_straight(before, after))
                before = after
        self.poses = now
        self._narrate(view.events)
        if self.view is None or pub.seq != self.view.public.seq:
            self.sent_at = None
            if self.bad:
                self.say("")
        self.view = view
        if view.seat.your_turn and not self.bad:
            self.say("your decision")
        if pub.over:
            self.say(f"game over: {pub.end_reason}, winner {pub.winner or 'nobody'}")

    def _narrate(self, events: list[dict[str, Any]]) -> None:
        from flick.game.state import Event

        for data in events:
            event = Event(str(data.get("type")), {k: v for k, v in data.items() if k != "type"})
            self.event_log.tell(event, self.last_event)
            self.last_event = event

    # ---- input ------------------------------------------------------------------------------
    def send(self, inp: dict[str, Any]) -> None:
        if self.view is None or self.sent_at == self.view.public.seq:
            return
        self.sent_at = self.view.public.seq
        self.net.send(inp, self.view.public.seq)
        self.say(f"sent: {inp.get('input')}")

    def flick_piece(self) -> tuple[float, float] | None:
        """Where the piece this seat may flick now stands (cm), or None."""
        v = self.view
        if v is None or not v.seat.your_turn or self.clips or v.public.over:
            return None
        pub = v.public
        name = None
        if pub.phase == "act" and any(a == self.action and aid in v.seat.actions
                                      for a, aid, _ in DRAG_ACTIONS):
            name = pub.active
        elif pub.phase == "exile":
            name = next((n for n in reversed(pub.unmasked)), None)
        s = next((s for s in pub.survivors if s.name == name), None)
        if s is None or s.piece is None or s.piece not in self.poses:
            return None
        p = self.poses[s.piece]
        return (p.x, p.y)

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                self.press(b)
                return
        spot = self.flick_piece()
        if button == 1 and spot is not None and self.cam is not None:
            x, y = self.cam.to_cm(*pos)
            if math.hypot(x - spot[0], y - spot[1]) <= GRAB_CM:
                self.drag = (spot, pos)
            else:
                self.say("press on your survivor's piece, drag back and release", bad=True)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        if self.drag is None or self.cam is None or self.view is None:
            return
        spot, _ = self.drag
        self.drag = None
        x, y = self.cam.to_cm(*pos)
        dx, dy = spot[0] - x, spot[1] - y
        length = math.hypot(dx, dy)
        if length < 0.5:
            self.say("drag back from the piece to flick it", bad=True)
            return
        strength = min(MAX_IMPULSE, POWER * length)
        flick = {"impulse": [strength * dx / length, strength * dy / length],
                 "offset": [0.0, 0.0]}
        angle = math.atan2(dy, dx)
        if self.view.public.phase == "exile":
            self.send({"input": "exile_flick", "flick": flick})
        elif self.action == "gun":
            self.send({"input": "shoot", "side": self.side, "flick": flick})
        elif self.action == "knife":
            self.send({"input": "knife", "side": self.side, "flick": flick})
        elif self.action == "bat":
            self.send({"input": "bat", "angle": angle, "flick": flick})
        elif self.action in ("shotgun", "sniper"):
            self.send({"input": self.action, "side": self.side, "angle": angle,
                       "impulse": strength})
        else:
            self.send({"input": "move", "flick": flick, "angle": angle})

    def press(self, b: Button) -> None:
        if b.action == "start":
            self.net.ask_start()
        elif b.action is not None and any(b.action == a for a, _, _ in DRAG_ACTIONS):
            self.action = b.action
        elif b.inp is not None:
            self.send(b.inp)

    def key(self, name: str) -> None:
        if name.isdigit() and name != "0":
            choices = [b for b in self.buttons if b.inp is not None]
            k = int(name) - 1
            if k < len(choices):
                self.press(choices[k])
        elif name in ACTION_KEYS:
            self.action = ACTION_KEYS[name]
        elif name == "s":
            self.side = "left" if self.side == "right" else "right"
        elif name == "e" and self.view is not None and self.view.seat.your_turn:
            self.send({"input": "end_turn"})
        elif name == "f" and self.view is not None:
            wc, hc = self.view.public.city
            self.cam = fit_box(-3, -3, wc + 3, hc + 3, self.area)

    # ---- drawing -----------------------------------------------------------------------------
    def decor(self) -> dict[int, Decor]:
        out: dict[int, Decor] = {}
        if self.view is None:
            return out
        pub = self.view.public
        teams = list(dict.fromkeys(s.team for s in pub.survivors))
        for s in pub.survivors:
            if s.piece is None:
                continue
            out[s.piece] = Decor(name=s.name.split()[0],
                                 colour=TEAM_COLOURS[teams.index(s.team) % len(TEAM_COLOURS)],
                                 life=s.life, backpack=s.backpack,
                                 used=s.backpack != pub.round_colour,
                                 active=s.name == pub.active)
        return out

    def draw(self) -> None:
        screen = self.screen
        screen.fill((22, 24, 30))
        if self.table_view is not None and self.cam is not None:
            screen.set_clip(self.area)
            screen.blit(self.table_view.background(self.area.size, self.cam, None), (0, 0))
            pieces: Any = self.poses.values()
            if self.clips:
                pieces = self.clips[0].poses_at(int(self.clip_time / FRAME_S)).values()
            self.table_view.draw_pieces(screen, self.cam, pieces, self.decor())
            spot = self.flick_piece()
            if spot is not None:
                pygame.draw.circle(screen, (255, 210, 60), self.cam.px(*spot),
                                   max(6, int(GRAB_CM * self.cam.scale * 0.6)), 2)
            if self.drag is not None:
                start = self.cam.px(*self.drag[0])
                pygame.draw.line(screen, (255, 120, 80), start, self.mouse, 3)
                back = (2 * start[0] - self.mouse[0], 2 * start[1] - self.mouse[1])
                pygame.draw.line(screen, (255, 230, 120), start, back, 1)
            screen.set_clip(None)
        self._panel()

    def _line(self, text: str, y: int, colour: tuple[int, int, int] = (226, 232, 238),
              font: Any = None) -> int:
        font = font or self.small
        x = self.screen.get_width() - PANEL + 12
        for part in wrap(text, font, PANEL - 24):
            self.text.blit(self.screen, font, part, (x, y), colour, "topleft")
            y += font.get_linesize()
        return y

    def _panel(self) -> None:
        w, h = self.screen.get_size()
        pygame.draw.rect(self.screen, (30, 34, 42), pygame.Rect(w - PANEL, 0, PANEL, h))
        accent, dim = (255, 200, 60), (150, 158, 170)
        y = self._line(f"flick - network game, {'seat ' + self.seat if self.seat else 'watching'}",
                       8, accent, self.head)
        y = self._line(self.status, y + 2, (255, 110, 100) if self.bad else (150, 210, 150))
        self.buttons = []
        v = self.view
        bx = w - PANEL + 12
        if v is None:
            if self.lobby is not None:
                for seat in self.lobby.seats:
                    y = self._line(f"{seat.id}: {seat.name or seat.holder}", y, dim)
                if self.seat is not None and not self.lobby.started:
                    self.buttons.append(Button(pygame.Rect(bx, y + 6, 300, 28),
                                               "Start now (bots take the open seats)",
                                               action="start"))
            self._draw_buttons()
            return
        pub, mine = v.public, v.seat
        y = self._line(f"Round {pub.round_number} ({pub.round_colour}), marker "
                       f"{pub.round_marker}; zombies in the city {pub.zombies.get('city', 0)}, "
                       f"bin {pub.zombies.get('bin', 0)}", y + 4)
        who = "you" if mine.your_turn else (pub.to_act or "-")
        y = self._line(f"Team {pub.current_team} plays; phase {pub.phase}; decision: {who}",
                       y, accent if mine.your_turn else (226, 232, 238))
        if mine.objective is not None:
            o = mine.objective
            y = self._line(f"Your secret objective{' (BETRAYER)' if o.betrayer else ''}: "
                           f"{o.title} - {o.text}", y + 4, (200, 170, 255))
        if mine.result is not None:
            r = mine.result
            y = self._line(f"Your objective: {'met' if r['objective_met'] else 'not met'}; "
                           f"{'you win' if r['won'] else 'you do not win'}", y, accent)
        for s in pub.survivors:
            if not s.alive:
                continue
            kinds = mine.tokens.get(s.name, s.inventory)
            y = self._line(f"{s.name} ({s.team}) life {s.life}, {s.default_weapon}"
                           f"{', ' + ', '.join(kinds) if kinds else ''}"
                           f"{', in the ' + s.building if s.building else ''}", y, dim)
        if mine.looking_at:
            y = self._line(f"You look at: {', '.join(mine.looking_at)}", y + 2, accent)
        y += 6
        if mine.your_turn and not self.clips:
            if pub.phase == "act":
                offered = [(a, label) for a, aid, label in DRAG_ACTIONS if aid in mine.actions]
                for k, (action, label) in enumerate(offered):
                    rect = pygame.Rect(bx + (k % 3) * 125, y + (k // 3) * 30, 119, 26)
                    self.buttons.append(Button(rect, ("> " if self.action == action
                                                      else "") + label, action=action))
                y += 30 * ((len(offered) + 2) // 3) + 2
            for k, inp in enumerate(mine.choices[:9]):
                self.buttons.append(Button(pygame.Rect(bx, y, PANEL - 24, 26),
                                           f"{k + 1}) {_label(inp)}", inp=inp))
                y += 30
        self._draw_buttons()
        y += 4
        lines: list[str] = []
        for entry in self.event_log.lines:
            lines += wrap(entry, self.small, PANEL - 24)
        room = max(0, (h - y - 8) // self.small.get_linesize())
        for line in lines[-room:] if room else []:
            self.text.blit(self.screen, self.small, line, (bx, y), dim, "topleft")
            y += self.small.get_linesize()

    def _draw_buttons(self) -> None:
        for b in self.buttons:
            hover = b.rect.collidepoint(self.mouse)
            pygame.draw.rect(self.screen, (70, 90, 130) if hover else (52, 60, 78), b.rect,
                             border_radius=4)
            self.text.blit(self.screen, self.small, b.label, (b.rect.x + 8, b.rect.y + 6),
                           (240, 240, 240), "topleft")

    # ---- loop ---------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        if not self.clips:
            return
        self.clip_time += dt
        while self.clips and self.clip_time >= self.clips[0].duration:
            self.clip_time -= self.clips[0].duration
            self.clips.pop(0)
        if not self.clips:
            self.clip_time = 0.0

    def step(self, dt: float) -> bool:
        """One frame: the host's messages, the window's events, the animation; the window
        is drawn only when something changed (True then)."""
        self.poll()
        events = [ev for ev in pygame.event.get() if ev.type in SEEN_EVENTS]
        for ev in events:
            if ev.type == pygame.QUIT:
                self.quit = True
            elif ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL:
                    self.quit = True
                self.key(pygame.key.name(ev.key))
            elif ev.type == pygame.MOUSEMOTION:
                self.mouse = ev.pos
            elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                self.mouse_down(ev.pos, ev.button)
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                self.mouse_up(ev.pos)
            elif ev.type == pygame.MOUSEWHEEL and self.cam is not None:
                self.cam = self.cam.zoomed(pygame.mouse.get_pos(), ev.y)
        self.advance(dt)
        key = (id(self.view), len(self.clips), self.status, self.lobby, self.action,
               self.side, self.cam, self.mouse if self.drag else None)
        if not (self.clips or key != self._drawn or events):
            return False
        self.draw()
        pygame.display.flip()
        self._drawn = key
        return True

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        self.net.start()
        clock = pygame.time.Clock()
        count = 0
        while not self.quit:
            self.step(min(0.05, clock.tick(60) / 1000.0))
            count += 1
            if frames is not None and count >= frames:
                break
        if screenshot:
            save_png(self.screen, screenshot, "screenshot")
        return 0


def _straight(before: dict[int, PieceState], after: dict[int, PieceState]) -> Clip:
    """A shot shown as every piece moving in a straight line from rest to rest."""
    clip = Clip("city", dict(before))
    n = max(2, round(SHOT_S / FRAME_S))
    for f in range(1, n + 1):
        u = f / n
        frame = {}
        for pid, b in after.items():
            a = before.get(pid, b)
            turn = (b.angle - a.angle + math.pi) % (2 * math.pi) - math.pi
            frame[pid] = (b.kind, a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u,
                          a.angle + turn * u, b.standing if u > 0.5 else a.standing)
        clip.frames.append(frame)
    gone = set(before) - set(after)
    if gone:
        clip.gone[n - 1] = gone
    return clip


def _label(inp: dict[str, Any]) -> str:
    kind = str(inp.get("input"))
    rest = ", ".join(f"{k} {v}" for k, v in inp.items() if k != "input" and v is not None)
    return f"{kind.replace('_', ' ')}{': ' + rest if rest else ''}"


def run_window(uri: str, name: str, *, password: str | None = None, seat: str | None = None,
               token: str | None = None, spectate: bool = False, ssl: Any = None,
               start: bool = False, size: tuple[int, int] | None = None,
               frames: int | None = None, screenshot: str | None = None) -> int:
    """Open the window and play (or watch) the seat until it is closed."""
    client = Client(uri, name, password=password, seat=seat, spectate=spectate, token=token,
                    ssl=ssl)
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption(f"flick - {name} at {uri}")
        pygame.display.set_mode(size or (1280, 800))
        window = NetWindow(client, size or (1280, 800), start_game=start)
        return window.run(frames=frames, screenshot=screenshot)
    finally:
        pygame.quit()
