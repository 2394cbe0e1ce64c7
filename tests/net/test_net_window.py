"""The network window (`flick join`) fed the host's views without a network: it offers the
seat's choices as buttons, sends a flick made by a drag, animates a shot and, once the shot
has played, draws the table as the host left it (an idle window is not drawn again)."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from flick.game import Game, input_from_json
from flick.net import views
from flick.net.client import Client
from flick.net.messages import ViewMessage
from flick.scenario import load


@pytest.fixture
def window() -> Any:
    from flick.ui.net_window import NetWindow

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1100, 700))
    win = NetWindow(Client("ws://127.0.0.1:1", "Ann"), (1100, 700))
    yield win
    pygame.quit()


def _feed(win: Any, game: Game, seat: views.Seat, shots: list[dict[str, Any]]) -> None:
    seats = views.seats_of(game)
    view = views.seat_view(game, seats, seat, 0, shots)
    win.inbox.put(("message", ViewMessage(view=view.model_dump(mode="json")), view))


def test_the_window_offers_the_choices_animates_a_shot_and_draws_the_end(window: Any) -> None:
    from flick.replay import Recorder

    game = Game(load(1), 4, players={"survivors": 2})
    recorder = Recorder(game)
    seat = views.seats_of(game)[0]
    sent: list[dict[str, Any]] = []
    window.net.send = lambda inp, seq: sent.append(inp)
    _feed(window, game, seat, [])
    assert window.step(1 / 60)
    labels = [b.label for b in window.buttons if b.inp is not None]
    assert labels and all(lab.split(") ", 1)[1].startswith("choose: survivor") for lab in labels)
    window.press(next(b for b in window.buttons if b.inp is not None))
    assert sent[-1]["input"] == "choose"
    game.apply(input_from_json(sent[-1]))
    _feed(window, game, seat, [])
    window.step(1 / 60)
    spot = window.flick_piece()
    assert spot is not None  # the chosen survivor, to flick
    press = tuple(int(v) for v in window.cam.px(*spot))
    window.mouse_down(press, 1)
    window.mouse_up((press[0] - 60, press[1]))
    assert sent[-1]["input"] == "move" and sent[-1]["flick"]["impulse"][0] > 0  # dragged back
    shots_before = len(recorder.shots)
    game.apply(input_from_json(sent[-1]))
    shots = [{k: s[k] for k in ("input", "table", "type", "fell", "hash", "poses")}
             for s in recorder.shots[shots_before:]]
    assert shots
    _feed(window, game, seat, shots)
    window.step(1 / 60)
    assert window.clips  # the shot plays
    drawn = False
    for _ in range(200):
        drawn = window.step(1 / 60)
        if not window.clips:
            break
    # a frame is drawn once the shot has played: the table as the host left it, the choices
    assert not window.clips and drawn
    assert any(b.inp is not None for b in window.buttons)
    assert not window.step(1 / 60)  # nothing changed: not drawn again


@pytest.mark.parametrize(("key", "kind", "fields"), [
    ("k", "knife", {"side", "flick"}), ("b", "bat", {"angle", "flick"}),
    ("h", "shotgun", {"side", "angle", "impulse"}), ("n", "sniper", {"side", "angle", "impulse"}),
])
def test_a_drag_after_a_weapon_key_sends_that_weapon(window: Any, key: str, kind: str,
                                                      fields: set[str]) -> None:
    game = Game(load(1), 4, players={"survivors": 2})
    seat = views.seats_of(game)[0]
    sent: list[dict[str, Any]] = []
    window.net.send = lambda inp, seq: sent.append(inp)
    _feed(window, game, seat, [])
    window.step(1 / 60)
    game.apply(input_from_json(next(b.inp for b in window.buttons if b.inp is not None)))
    _feed(window, game, seat, [])
    window.step(1 / 60)
    assert not any(b.action == kind for b in window.buttons)  # not carried: not offered
    game.active_survivor.inventory.append(game.new_token(kind))
    _feed(window, game, seat, [])
    window.step(1 / 60)
    window.key(key)
    window.key("s")  # the other side
    window.step(1 / 60)
    assert any(b.label.startswith("> ") and b.action == kind for b in window.buttons)
    spot = window.flick_piece()
    assert spot is not None
    press = tuple(int(v) for v in window.cam.px(*spot))
    window.mouse_down(press, 1)
    window.mouse_up((press[0], press[1] + 50))  # dragged back down the screen
    inp = sent[-1]
    assert inp["input"] == kind and set(inp) - {"input"} == fields
    assert inp.get("side", "left") == "left"
    parsed = input_from_json(inp)  # a well-formed input of that kind
    assert parsed.kind == kind
