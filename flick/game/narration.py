"""Events of a game told in words: one line of the event log per engine event.

Shared by the pygame window's log, the replay viewer and the headless `flick demo`, for
every scenario (1-10). Every event type the engine emits has a line here or is listed in
`SILENT` with the reason it is not told.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Events deliberately not told in the log, and why.
SILENT = frozenset({
    "unsupported_rules",  # engine bookkeeping at set-up, not something that happens at the table
    "objectives_dealt",   # S9-S10: dealing secret cards face down; the pass screen shows each
                          # player its own, the log must not hint at who got what
    "survivor_token",     # S8: the board draws the face-up survivor token on its block
})


def describe(ev: Any, previous: Any | None = None) -> str | None:
    """One line of the event log for an engine event (None: not worth a line).

    `previous` is the event just before `ev` in the game's list: the engine credits the
    flick of an unmasked betrayer (S9-S10) to the active survivor, so that flick is told
    from the `unmasked` event it follows."""
    t, d = ev.type, ev.data
    who = str(d.get("survivor") or "").split(" ")[0]
    if t == "flick" and previous is not None and previous.type == "unmasked" \
            and d.get("piece") == "survivor" and not d.get("stage"):
        # The exile flick (secret.exile_flick) is the input right after the unmasking.
        text = f"The unmasked {_short(previous.data.get('survivor'))} is flicked away, fallen"
        fell = [f for f in d.get("fell") or [] if f != previous.data.get("survivor")]
        return text + (f"; fell: {', '.join(_thing(f) for f in fell)}." if fell else ".")
    line = _five_to_ten(t, d)
    if line is not None:
        return line
    if t == "turn":
        return f"Turn {d.get('turn')}: {who} (team {d.get('team')})"
    if t == "flick":
        piece = PIECE_NAMES.get(str(d.get("piece", "")), str(d.get("piece", "")).replace("_", " "))
        first = d.get("first_touch")
        fell = d.get("fell") or []
        text = f"{who} flicked the {piece}"
        if first:
            text += f", first touching {_thing(first)}"
        if fell:
            text += f"; fell: {', '.join(_thing(f) for f in fell)}"
        if first and first not in fell and str(first).startswith("zombie") \
                and d.get("piece") in WEAPON_PIECES and not d.get("stage"):
            text += "; the zombie it touched stayed standing: no kill"
        if d.get("stage") == "fight":
            text += f" ({d.get('felled', 0)} zombie(s) felled)"
        elif d.get("stage") == "duel":
            felled = [_short(n) for n in d.get("felled") or []]
            text += f" ({', '.join(felled)} felled)" if felled else " (nobody felled)"
        return text + "."
    if t == "move":
        if d.get("success"):
            return f"{who}'s move succeeded."
        return f"{who}'s move failed: {_move_failure(d, previous)}; {who} stays put."
    if t == "noise":
        return f"{who} made {d.get('noise')} noise this turn."
    if t == "rush":
        reason = {"loud": "LOUD noise", "quiet": "QUIET noise",
                  "new_horde": "a new horde"}.get(str(d.get("reason")), str(d.get("reason")))
        fell = d.get("fell") or []
        text = f"{d.get('zombies')} zombie(s) rush from the tower ({reason})"
        return text + (f"; {', '.join(fell)} fell." if fell else ".")
    if t == "kill":
        return f"A zombie is killed ({cause_words(d.get('cause'))})" + (
            f" by {who}." if who else ".")
    if t == "wound":
        return f"{who} loses a life ({cause_words(d.get('cause'))}): {d.get('life')} left."
    if t == "death":
        return f"{who} is dead ({cause_words(d.get('cause'))})."
    if t == "miss":
        return f"{who}'s {d.get('weapon')} touched nothing: the action is lost."
    if t in ("take", "drop", "leave", "reveal"):
        verb = {"take": "takes", "drop": "drops", "leave": "leaves face up",
                "reveal": "looks at"}[t]
        place = str(d.get("place", ""))
        place = "beside an object" if place.startswith("piece:") else place.replace("_", " ")
        return f"{who} {verb} a {d.get('token')} ({place})."
    if t == "enter":
        return f"{who} enters the {building_name(d.get('building'))}."
    if t == "exit":
        return f"{who} leaves the {building_name(d.get('building'))}."
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
        return (f"GAME OVER: {d.get('winner') or 'the survivors lose'} "
                f"({str(d.get('reason')).replace('_', ' ')}).")
    if t == "overrun":
        return (f"The city is overrun: {d.get('needed')} zombie(s) needed, "
                f"{d.get('bin')} left in the bin.")
    if t == "hunger":
        return (f"Hunger: {who} eats a food." if d.get("ate")
                else "Hunger: nobody eats; every survivor loses a life.")
    if t == "rescue":
        return f"{who} is rescued; {_short(d.get('escort'))} escorts her."
    if t == "escort":
        return f"{_short(d.get('escort'))} now escorts {who}."
    if t == "escort_lost":
        return f"{who} has no escort any more."
    if t == "barricade_removed":
        return f"A barricade of the {building_name(d.get('building'))} is gone."
    if t == "pretzel":
        return f"{who} now holds the pretzel."
    if t == "driver":
        return f"{who} is the RV's driver."
    if t == "rv_touched":
        return "A zombie touches the RV!"
    if t == "set_aside":
        n = len(d.get("pieces") or [])
        return f"{n} piece(s) in the way set aside for the shot."
    return None


# The pieces as a player names them.
PIECE_NAMES = {"movement_disc": "movement disc", "baseball_bat": "bat",
               "shotgun_pellet": "shotgun pellets", "flare_token": "flare",
               "survivor": "figure"}
WEAPON_PIECES = frozenset({"bullet", "knife", "shotgun_pellet"})
# Why a life was lost or a zombie killed, in words (the engine's causes).
CAUSES = {
    "too_close": "too close to a zombie", "rush": "knocked over by the rush",
    "bullet": "shot", "gun": "shot", "knife": "a thrown knife", "bat": "the bat",
    "shotgun": "the shotgun", "sniper": "the sniper rifle", "hunger": "hunger",
    "fight": "the fight", "duel": "the survivor fight", "unmasked": "unmasked",
    "accusation": "a wrong accusation", "olivia": "Olivia's power",
}
BUILDING_NAMES = {"rv": "RV"}


def cause_words(cause: Any) -> str:
    """A cause of the engine in words: "too_close" -> "too close to a zombie",
    "short_kill:gun" -> "a short kill with the gun"."""
    text = str(cause or "")
    if text.startswith("short_kill:"):
        return f"a short kill with the {text.split(':', 1)[1].replace('_', ' ')}"
    return CAUSES.get(text, text.replace("_", " "))


def building_name(name: Any) -> str:
    text = str(name or "")
    return BUILDING_NAMES.get(text, text.replace("_", " "))


def _move_failure(d: dict[str, Any], previous: Any | None) -> str:
    """Why a move failed, in words: the rules' refusal, else what the piece first touched
    (the flick just before), else that it left the city."""
    reason = str(d.get("reason") or "")
    if reason and reason != "touched or left the city":
        return reason
    piece = PIECE_NAMES.get(str(d.get("piece", "")), "movement disc")
    if previous is not None and previous.type == "flick" and previous.data.get("first_touch"):
        return f"the {piece} touched {_thing(previous.data['first_touch'])}"
    return f"the {piece} touched something or left the city"


def _short(name: Any) -> str:
    """A survivor's first name ("Kevin" for "Kevin Lee")."""
    return str(name or "").split(" ")[0]


def _five_to_ten(t: str, d: dict[str, Any]) -> str | None:
    """Lines for the events of scenarios 5-10 (None: not one of them)."""
    def who(key: str = "survivor") -> str:
        return _short(d.get(key))

    def place(key: str) -> str:
        return str(d.get(key, "")).replace("_", " ")

    if t == "fight":
        stage = d.get("stage")
        if d.get("kind") == "duel" and stage == "start":
            return (f"SURVIVOR FIGHT in the {place('building')}: "
                    f"{', '.join(_short(n) for n in d.get('survivors', []))} against "
                    f"{', '.join(_short(n) for n in d.get('opponents', []))}, "
                    f"{d.get('distance')} cm apart.")
        if d.get("kind") == "duel" and stage == "end":
            beaten = [_short(n) for n in d.get("beaten") or []]
            return "The survivor fight is over" + (
                f": {', '.join(beaten)} beaten." if beaten else ".")
        if stage == "out":
            hurt = ", loses a life" if d.get("wounded") else ""
            return f"{who()} is flicked out of the building{hurt}."
        if stage == "bat_miss":
            # The wound (and in a survivor fight, being flicked out) has its own line.
            return f"{who()}'s bat missed."
        return None
    if t == "flare":
        face = "big face: LOUD" if d.get("big") else "small face: QUIET"
        where = "it lands in the city" if d.get("success") else "it leaves the city, wasted"
        return f"{who()} flicks a flare ({face}): {where}."
    if t == "vote_result":
        # A vote's thumb is not told until the result: the rulebook has the thumbs shown at
        # once, so a later voter must not read the earlier ones in the log.
        text = f"Vote on {who('accused')}: {d.get('up')} up, {d.get('down')} down"
        if not d.get("shown"):
            return text + ": the card stays hidden."
        return text + ": the card is shown - " + (
            "a BETRAYER!" if d.get("betrayer") else "not a betrayer.")
    if t == "skull_count":
        what, score = ("tokens", d["tokens"]) if "tokens" in d else ("survivors", d.get(
            "survivors", {}))
        counts = ", ".join(f"{team} {n}" for team, n in score.items())
        return f"Skull: {what} counted - {counts}."
    make = _LINES.get(t)
    return make(d, who, place) if make is not None else None


_Who = Callable[..., str]
_LINES: dict[str, Callable[[dict[str, Any], _Who, _Who], str]] = {
    "flare_reaction": lambda d, who, place: f"The zombies react to the flare ({d.get('noise')}).",
    "accuse": lambda d, who, place: (f"{who()} accuses {who('accused')} of being the betrayer: "
                                     "a vote."),
    "vote": lambda d, who, place: f"{who()} has voted.",
    "unmasked": lambda d, who, place: f"{who()} is unmasked by {who('by')}: now a team of one.",
    "allegiance": lambda d, who, place: (
        f"{who()} joins team {d.get('team')}." if d.get("defect")
        else f"{who()} stays; accused and accuser lose a life."),
    "pass": lambda d, who, place: f"{who()} flips the X token and passes the turn.",
    "steal_offer": lambda d, who, place: f"{who()} may steal from the fallen {who('victim')}.",
    "steal": lambda d, who, place: (f"{who()} looks at a token of {who('victim')}: "
                                    f"{d.get('outcome')}."),
    "crossroads": lambda d, who, place: f"{who()} draws a Crossroads card: {d.get('title')}.",
    "crossroads_choice": lambda d, who, place: (f"{who()} chooses option "
                                                f"{int(d.get('option', 0)) + 1}."),
    "power": lambda d, who, place: f"{who()}'s power: {d.get('effect')}.",
    "heal": lambda d, who, place: f"{who()} heals: {d.get('life')} life.",
    "x_to_move": lambda d, who, place: f"An X token must move in front of the {place('to')}.",
    "x_moved": lambda d, who, place: (f"The X token moves from the {place('frm')} to the "
                                      f"{place('to')}."),
    "recruit": lambda d, who, place: (f"{who()} joins team {d.get('team')} (recruited by "
                                      f"{who('by')})."),
    "found": lambda d, who, place: (f"{who('by')} finds {who()}." if d.get("survivor")
                                    else f"{who('by')} finds nobody."),
    "gain": lambda d, who, place: f"{who()} gains a {place('token')}.",
    "no_room": lambda d, who, place: f"{who()} has no room for a {place('token')}: not taken.",
    "box_empty": lambda d, who, place: f"No {place('token')} left in the box.",
    "player_out": lambda d, who, place: f"{who()}'s player is out of the game.",
    "colony_entered": lambda d, who, place: f"{who()} enters the colony ({place('building')}).",
    "unload": lambda d, who, place: f"{who()} unloads {', '.join(d.get('tokens', []))} in the RV.",
    "rv_reveal": lambda d, who, place: (f"{who()} enters the RV and shows "
                                        f"{', '.join(d.get('tokens', []))}."),
    "discard": lambda d, who, place: f"{who()} discards a {place('token')}.",
    "fall": lambda d, who, place: f"{who()} falls.",
    "another_round": lambda d, who, place: "A tie on survivors: one more round is played.",
}


def _thing(label: Any) -> str:
    """A piece's label in an event as a player names it: "zombie:12" -> "a zombie",
    "rv:block" -> "the RV", "Kevin Lee" -> "Kevin"."""
    text = str(label)
    if ":" in text:
        kind, part = text.split(":", 1)
        if part == "block":  # a building's support block: the building
            return f"the {building_name(kind)}"
        word = PIECE_NAMES.get(kind, kind.replace("_", " "))
        return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
    if text == text.lower():  # a building or an object by its id
        return f"the {building_name(text)}"
    return text.split(" ")[0]
