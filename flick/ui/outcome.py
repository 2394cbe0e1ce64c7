"""A turn's outcome in a few plain lines: what the player who played it should see before the
table is passed on (kills, lives lost, a failed move and why, the noise and the rush)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flick.game.narration import describe

# The events worth the banner (the log keeps every one).
TOLD = frozenset({"kill", "wound", "death", "move", "miss", "noise", "rush", "too_close",
                  "zombie_stands", "zombie_enters", "enter", "exit", "take", "drop",
                  "round_end", "overrun", "hunger", "game_end", "fight"})
MOST_LINES = 8


def outcome_lines(events: Sequence[Any]) -> list[str]:
    """The banner's lines for the events of one turn (at most `MOST_LINES`, the last kept
    when there are more: how the turn ended matters most)."""
    lines = []
    for i, ev in enumerate(events):
        if ev.type not in TOLD:
            continue
        if ev.type == "fight" and ev.data.get("stage") not in ("start", "end"):
            continue
        line = describe(ev, events[i - 1] if i else None)
        if line:
            lines.append(line)
    if len(lines) > MOST_LINES:
        lines = ["...", *lines[-(MOST_LINES - 1):]]
    return lines


# What a player must not miss of one input, told beside the action as it ends.
NOTED = frozenset({"kill", "wound", "death", "miss", "too_close", "zombie_enters"})


def action_note(events: Sequence[Any]) -> str:
    """The outcome of one input that matters at once (a kill, a life lost, a failed move and
    why), in one short text ('' when nothing of the kind happened)."""
    lines = []
    for i, ev in enumerate(events):
        failed = ev.type == "move" and not ev.data.get("success", True)
        if ev.type in NOTED or failed:
            line = describe(ev, events[i - 1] if i else None)
            if line and line not in lines:
                lines.append(line)
    return " ".join(lines[:3])
