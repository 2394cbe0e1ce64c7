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
from flick.physics.state import PieceState
from flick.scenario import load
from flick.ui import sound
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S, Clip

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
    while app.busy():
        app.advance(FRAME_S)
    app.key("f2")
    assert app.sound.muted and app.status == "sound off (F2)"
    app.key("f2")
    assert not app.sound.muted


def test_each_effect_is_heard_at_the_frame_of_its_event_not_at_the_end() -> None:
    start = {1: PieceState(1, "zombie", 10.0, 10.0, 0.0, True),
             2: PieceState(2, "bullet", 0.0, 10.0, 0.0, True)}
    frames = [{2: ("bullet", 1.0 * k, 10.0, 0.0, True)} for k in range(30)]
    frames[12][1] = ("zombie", 10.4, 10.0, 0.0, False)  # the zombie lies down at frame 12
    shot = Clip("city", start, frames)
    events = [Event("flick", {"fell": ["zombie:1"]}), Event("kill", {})]
    cues = sound.cues(events, [shot])
    assert sound.Cue("fall", 0, 12) in cues and sound.Cue("hit", 0, 11) in cues
    assert sound.Cue("kill", 0, 29) in cues  # the rules' verdict as the shot ends
    # a rush after the shot: the tower as its run begins, its wound as it ends
    rush = Clip("city", {}, [{} for _ in range(40)], tower=[(0, 0), (1, 0), (1, 1), (0, 1)])
    events += [Event("rush", {}), Event("wound", {})]
    cues = sound.cues(events, [shot, rush])
    assert sound.Cue("tower", 1, 0) in cues and sound.Cue("life_lost", 1, 39) in cues
    assert sound.Cue("kill", 0, 29) in cues


def test_the_window_plays_the_fall_when_the_figure_falls() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1, sound=False))
    app.command("choose:Mike Cho")
    start = {1: PieceState(1, "zombie", 10.0, 10.0, 0.0, True)}
    frames: list[dict] = [{} for _ in range(30)]
    frames[12] = {1: ("zombie", 10.4, 10.0, 0.0, False)}
    app.clips = [Clip("city", start, frames)]
    app.feedback.start([Event("flick", {"fell": ["zombie:1"]})], app.clips, (0, 0))
    heard_at = {}
    for k in range(40):
        app.advance(FRAME_S)
        for name in app.sound.played:
            heard_at.setdefault(name, k)
    assert 9 <= heard_at["fall"] <= 13  # with the fall, not after the run (30 frames)


def test_a_failed_move_has_its_sound() -> None:
    assert "failed" in sound.for_events([Event("move", {"success": False})])
    assert "failed" not in sound.for_events([Event("move", {"success": True})])


def test_no_audio_device_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    quiet = sound.Sounds(open_device=True)
    assert not quiet.audible
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert not sound.has_audio_device()
    quiet.play("kill")  # nothing happens, nothing breaks
    assert quiet.played == ["kill"]
