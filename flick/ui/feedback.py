"""What the playback of one input makes heard and told: each sound effect at the moment of its
event in the animation (`flick.ui.sound.cues`), and the outcome that matters at once (a kill,
a life lost, a failed move and why) in a note beside its survivor when the motion has played.
Nothing is heard or told before it is seen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flick.ui import sound
from flick.ui.outcome import action_note


class Feedback:
    """The sounds (`flick.ui.sound.Sounds`) and notes (`flick.ui.widgets.Widgets`) of the
    input being played back."""

    def __init__(self, sounds: Any, widgets: Any) -> None:
        self.sounds = sounds
        self.widgets = widgets
        self.cues: list[sound.Cue] = []
        self.note: tuple[str, tuple[int, int]] = ("", (0, 0))
        self.runs_over = 0  # runs of the input's animation already played to their end

    def start(self, events: Sequence[Any], clips: Sequence[Any],
              spot: tuple[int, int]) -> None:
        """An input was applied: its `events`, its motion `clips`, where it happened (px)."""
        self.cues = sound.cues(events, clips)
        self.note = (action_note(events), spot)
        self.runs_over = 0

    def run_over(self) -> None:
        """A run of the animation played to its end."""
        self._play(10 ** 9)
        self.runs_over += 1

    def reached(self, frame: int) -> None:
        """The animation shows `frame` of its current run."""
        self._play(frame)

    def finish(self) -> None:
        """The whole motion has played: everything left is heard, the note told."""
        for cue in self.cues:
            self.sounds.play(cue.name)
        self.cues = []
        text, at = self.note
        if text:
            self.widgets.note(text, at)
        self.note = ("", (0, 0))

    def _play(self, frame: int) -> None:
        due = [c for c in self.cues if c.clip < self.runs_over
               or (c.clip == self.runs_over and c.frame <= frame)]
        for cue in due:
            self.sounds.play(cue.name)
        self.cues = [c for c in self.cues if c not in due]


def action_spot(game: Any, cam: Any, otherwise: tuple[int, int]) -> tuple[int, int]:
    """Where on screen the last action happened: its survivor (`otherwise`, the pointer,
    when it has none on the table)."""
    g = game
    s = g.survivors.get(g.active) if g.active else None
    if s is None and g.inputs and getattr(g.inputs[-1], "survivor", None) in g.survivors:
        s = g.survivors[g.inputs[-1].survivor]
    if s is not None and s.piece is not None and g.board.exists(s.piece):
        x, y = cam.px(*g.board.pos(s.piece))
        return (round(x), round(y))
    return otherwise
