"""Sound: short synthesised effects, played when the animation shows what they are about, F2
mutes, and no audio device means silence, not an error."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from flick.game.game import Game
from flick.game.inputs import Flick, Move
from flick.game.state import Event
from flick.scenario import load
from flick.ui import sound
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


@pytest.mark.parametrize("name", sorted(sound.EFFECTS))
def test_every_effect_is_short_audible_and_always_the_same(name: str) -> None:
    wave = sound.EFFECTS[name]()
    assert 0.02 <= len(wave) / sound.RATE <= 0.7
    assert np.abs(wave).max() <= 1.0 and np.sqrt(np.mean(wave ** 2)) > 0.02
    assert np.array_equal(wave, sound.EFFECTS[name]())


def test_events_call_for_their_effects() -> None:
    events = [Event("flick", {"fell": [3]}), Event("kill", {}), Event("rush", {}),
              Event("wound", {}), Event("death", {}), Event("turn", {})]
    assert sound.for_events(events) == ["hit", "kill", "tower", "life_lost"]
    assert sound.for_events([Event("flick", {"fell": []})]) == []


def test_the_flick_is_heard_at_release_the_rest_when_the_motion_is_shown() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1, sound=False))
    assert not app.sound.audible  # no device opened: silent
    app.command("choose:Mike Cho")
    assert app.apply(Move(Flick((0.0, -2400.0), (0.0, 0.0)), -1.5708))
    assert app.sound.played == ["flick"]
    app._pending_sounds.append("fall")  # as if the move had knocked something over
    while app.busy():
        assert app.sound.played == ["flick"]
        app.advance(FRAME_S)
    heard = app.sound.played
    assert heard[0] == "flick" and heard[-1] == "fall"  # (a hit, too, if the disc struck)
    assert set(heard[1:-1]) <= {"hit"}
    app.key("f2")
    assert app.sound.muted and app.status == "sound off (F2)"
    app.key("f2")
    assert not app.sound.muted


def test_no_audio_device_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    quiet = sound.Sounds(open_device=True)
    assert not quiet.audible
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert not sound.has_audio_device()
    quiet.play("kill")  # nothing happens, nothing breaks
    assert quiet.played == ["kill"]
