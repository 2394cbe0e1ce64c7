"""Short sound effects made by the program itself (numpy-synthesised, no downloaded assets):
a flick, a hit, a fall, the tower's rush, a kill, a life lost, a failed move. F2 mutes.
Without an audio device (a server, a test run) the window is simply silent.

`EFFECTS` makes each as a mono float wave in [-1, 1] at `RATE` Hz; `Sounds` turns them into
pygame sounds when the mixer opens, `for_events` says which effect the game's events call
for and `cues` when each is heard: at the moment of its event in the animation (a fall as
the figure lies down), never before it is seen (no spoilers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

RATE = 22050  # Hz
VOLUME = 0.5


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _noise(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, n)  # fixed seeds: the same sounds


def flick() -> np.ndarray:
    """A finger's snap: a 35 ms click of noise and a high tone, falling away fast."""
    t = _t(0.035)
    return (0.6 * _noise(len(t), 1) + 0.4 * np.sin(2 * np.pi * 2200 * t)) * np.exp(-t / 0.008)


def hit() -> np.ndarray:
    """Plastic on plastic: a short knock at 900 Hz over a 180 Hz body."""
    t = _t(0.09)
    body = np.sin(2 * np.pi * 180 * t) * np.exp(-t / 0.03)
    knock = np.sin(2 * np.pi * 900 * t) * np.exp(-t / 0.01)
    return 0.7 * body + 0.3 * knock


def fall() -> np.ndarray:
    """A figure toppling: a tone sliding down from 420 to 140 Hz, then a thud."""
    t = _t(0.28)
    freq = 420 - 280 * t / t[-1]
    slide = np.sin(2 * np.pi * np.cumsum(freq) / RATE) * np.exp(-t / 0.12)
    thud = np.zeros_like(t)
    k = int(0.2 * RATE)
    tt = t[: len(t) - k]
    thud[k:] = np.sin(2 * np.pi * 90 * tt) * np.exp(-tt / 0.03)
    return 0.6 * slide + 0.6 * thud


def tower() -> np.ndarray:
    """The zombie tower: a rattling rumble (low noise beating at 18 Hz), 0.6 s."""
    t = _t(0.6)
    noise = np.convolve(_noise(len(t), 2), np.ones(24) / 24, mode="same")
    rattle = 0.55 + 0.45 * np.sin(2 * np.pi * 18 * t)
    return 3.0 * noise * rattle * np.exp(-t / 0.35)


def kill() -> np.ndarray:
    """A zombie down: two falling notes."""
    t = _t(0.12)
    a = np.sin(2 * np.pi * 660 * t) * np.exp(-t / 0.05)
    b = np.sin(2 * np.pi * 440 * t) * np.exp(-t / 0.06)
    return np.concatenate([a, b]) * 0.8


def failed() -> np.ndarray:
    """A move that failed: a dull falling two-tone bump, 0.3 s."""
    t = _t(0.15)
    a = np.sin(2 * np.pi * 330 * t) * np.exp(-t / 0.07)
    b = np.sin(2 * np.pi * 196 * t) * np.exp(-t / 0.07)
    return np.concatenate([a, b]) * 0.7


def life_lost() -> np.ndarray:
    """A wound: a low buzz (a square-ish wave at 110 Hz), 0.35 s."""
    t = _t(0.35)
    return 0.5 * np.tanh(4 * np.sin(2 * np.pi * 110 * t)) * np.exp(-t / 0.15)


EFFECTS: dict[str, Callable[[], np.ndarray]] = {
    "flick": flick, "hit": hit, "fall": fall, "tower": tower, "kill": kill,
    "life_lost": life_lost, "failed": failed,
}


def for_events(events: Iterable[Any]) -> list[str]:
    """The effects the game's events call for, in order, each at most once."""
    out: list[str] = []
    for e in events:
        name = {"rush": "tower", "kill": "kill", "wound": "life_lost", "death": "life_lost",
                "fall": "fall"}.get(e.type)
        if e.type == "flick" and e.data.get("fell"):
            name = "hit"
        if e.type == "move" and not e.data.get("success", True):
            name = "failed"
        if name and name not in out:
            out.append(name)
    return out


@dataclass(frozen=True)
class Cue:
    """An effect to play when the animation reaches `frame` of its `clip`-th run (counted
    from the first run of the input)."""

    name: str
    clip: int
    frame: int


def cues(events: Sequence[Any], clips: Sequence[Any]) -> list[Cue]:
    """When each effect of an input's `events` is heard, over its motion `clips` (in play
    order): a figure's fall at the frame it lies down (a hit with the first of them), the
    tower as the rush's run begins, and what the rules decided (a kill, a life lost, a failed
    move) as the run that caused it ends: the shot's before the rush, the rush's after it."""
    if not clips:
        return [Cue(name, 0, 0) for name in for_events(events)]
    rush_at = next((i for i, e in enumerate(events) if e.type == "rush"), len(events))
    rush_clip = next((i for i, c in enumerate(clips) if c.tower or c.table == "tower"),
                     len(clips) - 1)
    shot_clip = 0 if rush_clip > 0 or rush_at == len(events) else rush_clip
    out: list[Cue] = []
    for i, clip in enumerate(clips):
        falls = sorted(clip.falls().values())
        if falls and not (clip.tower or clip.table == "tower"):
            out.append(Cue("hit", i, max(0, falls[0] - 1)))
        out += [Cue("fall", i, k) for k in falls[:3]]
    if rush_at < len(events):
        out.append(Cue("tower", rush_clip, 0))
    end = {i: max(0, len(c.frames) - 1) for i, c in enumerate(clips)}
    for name in for_events(events[:rush_at]):
        if name not in ("hit", "tower", "fall"):
            out.append(Cue(name, shot_clip, end[shot_clip]))
    for name in for_events(events[rush_at:]):
        if name not in ("hit", "tower", "fall"):
            out.append(Cue(name, len(clips) - 1, end[len(clips) - 1]))
    return sorted(out, key=lambda c: (c.clip, c.frame))


def has_audio_device() -> bool:
    """Is there a sound card or a sound server to open? (Linux: /dev/snd or PulseAudio /
    PipeWire's socket; elsewhere assumed.)"""
    import os
    import sys

    if os.environ.get("SDL_AUDIODRIVER", "").lower() in {"dummy", "disk"}:
        return False
    if not sys.platform.startswith("linux"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    return (os.path.isdir("/dev/snd") or bool(os.environ.get("PULSE_SERVER"))
            or (bool(runtime) and (os.path.exists(os.path.join(runtime, "pulse", "native"))
                                   or os.path.exists(os.path.join(runtime, "pipewire-0")))))


class Sounds:
    """The effects as pygame sounds; silent (but still counting what it would play) when
    there is no audio device or when muted."""

    def __init__(self, open_device: bool = True) -> None:
        self.muted = False
        self.played: list[str] = []  # every effect asked for (heard or not), newest last
        self._sounds: dict[str, Any] = {}
        if open_device:
            self._open()

    @property
    def audible(self) -> bool:
        return bool(self._sounds) and not self.muted

    def _open(self) -> None:
        if not has_audio_device():
            return  # (asking the mixer anyway makes ALSA print its complaints)
        try:
            import pygame

            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            channels = pygame.mixer.get_init()
            if channels is None:
                return
            for name, make in EFFECTS.items():
                wave = np.clip(make() * VOLUME, -1.0, 1.0)
                pcm = (wave * 32767).astype(np.int16)
                if channels[2] > 1:
                    pcm = np.repeat(pcm[:, None], channels[2], axis=1)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
        except Exception:  # pygame.error: no audio device, no driver; the window stays silent
            self._sounds = {}

    def play(self, name: str) -> None:
        self.played.append(name)
        if self.audible and name in self._sounds:
            self._sounds[name].play()

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted
