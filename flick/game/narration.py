"""Events of a game told in words: one line of the event log per engine event.

Shared by the pygame window's log, the replay viewer and the headless `flick demo`.
"""

from __future__ import annotations

from typing import Any


def describe(ev: Any) -> str | None:
    """One line of the event log for an engine event (None: not worth a line)."""
    t, d = ev.type, ev.data
    who = str(d.get("survivor") or "").split(" ")[0]
    if t == "turn":
        return f"Turn {d.get('turn')}: {who} (team {d.get('team')})"
    if t == "flick":
        piece = str(d.get("piece", "")).replace("_", " ")
        first = d.get("first_touch")
        fell = d.get("fell") or []
        text = f"{who} flicked the {piece}"
        if first:
            text += f", first touching {_thing(first)}"
        if fell:
            text += f"; fell: {', '.join(_thing(f) for f in fell)}"
        if d.get("stage") == "fight":
            text += f" ({d.get('felled', 0)} zombie(s) felled)"
        return text + "."
    if t == "move":
        return f"{who}'s move " + ("succeeded." if d.get("success") else
                                   f"failed ({d.get('reason', 'touched something')}).")
    if t == "noise":
        return f"{who} made {d.get('noise')} noise this turn."
    if t == "rush":
        reason = {"loud": "LOUD noise", "quiet": "QUIET noise",
                  "new_horde": "a new horde"}.get(str(d.get("reason")), str(d.get("reason")))
        fell = d.get("fell") or []
        text = f"{d.get('zombies')} zombie(s) rush from the tower ({reason})"
        return text + (f"; {', '.join(fell)} fell." if fell else ".")
    if t == "kill":
        return f"A zombie is killed ({d.get('cause')})" + (f" by {who}." if who else ".")
    if t == "wound":
        return f"{who} loses a life ({d.get('cause')}): {d.get('life')} left."
    if t == "death":
        return f"{who} is dead ({d.get('cause')})."
    if t == "miss":
        return f"{who}'s {d.get('weapon')} touched nothing: the action is lost."
    if t in ("take", "drop", "leave", "reveal"):
        verb = {"take": "takes", "drop": "drops", "leave": "leaves face up",
                "reveal": "looks at"}[t]
        place = str(d.get("place", ""))
        place = "beside an object" if place.startswith("piece:") else place.replace("_", " ")
        return f"{who} {verb} a {d.get('token')} ({place})."
    if t == "enter":
        return f"{who} enters the {str(d.get('building')).replace('_', ' ')}."
    if t == "exit":
        return f"{who} leaves the {str(d.get('building')).replace('_', ' ')}."
    if t == "too_close":
        return f"Too close! {who} is next to a zombie: loses a life and falls."
    if t == "zombie_stands":
        return "The closest zombie was fallen: it stands up (no rush)."
    if t == "zombie_enters":
        return f"A zombie enters the {str(d.get('building')).replace('_', ' ')}."
    if t == "round_end":
        return f"End of round: the marker moves to {d.get('marker')}."
    if t == "fight":
        stage = d.get("stage")
        if stage == "start":
            return (f"FIGHT in the {str(d.get('building')).replace('_', ' ')}: "
                    f"{d.get('zombies')} zombie(s) {d.get('distance')} cm away.")
        if stage == "card":
            return f"Fight card: {d.get('card')}."
        if stage == "end":
            return f"The fight is over: {d.get('killed')} killed, {d.get('clubbed')} clubbed."
        if stage == "wait":
            return f"{who} waits."
        return f"Fight: {stage}."
    if t == "game_end":
        return f"GAME OVER: {d.get('winner') or 'the survivors lose'} ({d.get('reason')})."
    if t in ("overrun", "hunger", "rescue", "escort", "escort_lost", "barricade_removed",
             "pretzel", "driver", "rv_touched", "set_aside"):
        rest = ", ".join(f"{k} {v}" for k, v in d.items() if k != "round")
        return f"{t.replace('_', ' ').capitalize()}: {rest}."
    return None


def _thing(label: Any) -> str:
    text = str(label)
    if ":" in text:
        kind, _ = text.split(":", 1)
        return kind.replace("_", " ")
    return text.split(" ")[0]
