"""What a Surrounded player may ask at the table: a card's full text and what it does now, the
rules of the step being played, and the end of the game with its counts.

`glossary` numbers the scenario, the card in hand (or on top of the deck) and every card on
the map (by card number); each entry says what is printed on the card and, for a location,
what it would score if the game ended now (the same battle and scoring as the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board
from flick.cards.surrounded.cards import Card, Occupant
from flick.cards.surrounded.scoring import LocationResult, Resolution, resolve
from flick.cards.surrounded.state import PHASE_NAMES

if TYPE_CHECKING:
    from flick.cards.surrounded.state import SurroundedState


def phase(state: SurroundedState) -> str:
    return PHASE_NAMES[state.phase]

CONTAINERS = {
    "gas": "a gas can (1 point and 1 gas can when the location is surrounded)",
    "weapon": "a weapon (1 point and 1 weapon when the location is surrounded)",
    "medical": "a medical kit (1 point and 1 medical kit when the location is surrounded)",
    "+2": "+2 (2 points when the location is surrounded)",
    "+3": "+3 (3 points when the location is surrounded)",
}
ABILITIES = {
    "move": "Move (move 1 occupant card to another valid space at a location it touches)",
    "look": "Look (peek at both sides of the top or bottom card of the deck)",
    "burn": "Burn (return any card of the map to the top or bottom of the deck)",
}

STEP_HELP = {
    "choose": (
        "Your turn: decide to Explore or Occupy before you see the next card.\n"
        "- Explore: place the top card as a location next to an occupant card, then the next "
        "card spawns a Walker: its occupant side goes next to the new location with a Walker "
        "face against it (anywhere valid if it cannot).\n"
        "- Occupy: flip the top card to its occupant side and place it next to a location.\n"
        "You must Explore if the top card's location shows a Walker or no occupant card fits; "
        "you must Occupy if no location fits or only 1 card is left."
    ),
    "location": "Place the new location next to at least one occupant card (never next to "
                "another location: the map is a checkerboard, and it stays connected).",
    "spawn": "Spawn a Walker: place this occupant card next to the new location with a Walker "
             "face against it.",
    "occupant": "Place the occupant card next to at least one location (never next to another "
                "occupant card).",
    "ability": (
        "You may use the ability of 1 human on the occupant card placed this turn that touches "
        "a location (at most 1 ability a turn; the map must stay connected):\n"
        "- Move: move 1 occupant card to another valid space at a location it touches.\n"
        "- Look: peek at both sides of the top or bottom card of the deck.\n"
        "- Burn: return any card of the map to the top or bottom of the deck."
    ),
    "over": "The game is over: every location resolved its battle and was scored.",
}
END_HELP = (
    "At the end each location fights: each Walker icon eliminates a human there (Walkers left "
    "over overrun it); 2+ remaining leaders eliminate each other. Score: survivor +1, leader "
    "+1 and +1 per survivor with it, Walker -1 per icon; a surrounded location (an occupant "
    "card on every edge) opens its container. A location's occupants are the faces touching "
    "its edges and the one printed on it."
)


def occupant_words(o: Occupant | None) -> str:
    if o is None:
        return "nobody"
    base = {"leader": "a Leader", "survivor": "a Survivor"}.get(
        o.kind, "a Walker" if o.icons == 1 else "2 Walkers")
    return base + (f" with {o.ability.capitalize()}" if o.ability else "")


def location_text(card: Card) -> str:
    printed = occupant_words(card.printed)
    box = CONTAINERS.get(card.container or "", "no container")
    effect = card.effect.text or "none"
    return (f"Location #{card.number} {card.name}. On it: {printed}. Container: {box}. "
            f"Effect: {effect}.")


def occupant_text(card: Card) -> str:
    faces = "; ".join(f"{board.DIR_NAMES[d]}: {occupant_words(f)}"
                      for d, f in enumerate(card.faces))
    return f"Occupants of #{card.number} (its face against each edge): {faces}."


def _both_sides(card: Card) -> str:
    return location_text(card) + "\n" + occupant_text(card)


def now(state: SurroundedState) -> Resolution | None:
    """The map scored as if the game ended now (None: no location yet)."""
    if not state.locs:
        return None
    if phase(state) == "over":
        return state.result()
    return resolve(state.locs, state.occs, state.cards, state.scenario, state.difficulty,
                   state.explores)


def glossary(state: SurroundedState) -> list[tuple[str, str]]:
    sc = state.scenario
    res = now(state)
    entries = [(f"Scenario {sc.number}. {sc.name}",
                f"Scenario {sc.number}, {sc.name} ({state.difficulty}): "
                f"{sc.goal(state.difficulty)}\n" + goal_status(state, res))]
    if state.deck and phase(state) != "over":
        top = state.cards[state.deck[-1] - 1]
        where = "in hand" if phase(state) in ("spawn", "occupant") else "top of the deck"
        entries.append((f"#{top.number} {top.name} ({where})", _both_sides(top)))
    by_loc = {r.card: r for r in res.locations} if res else {}
    for cell, k in sorted(state.locs.items(), key=lambda ck: ck[1]):
        card = state.cards[k - 1]
        x, y = board.xy(cell)
        text = location_text(card) + f"\nAt ({x},{y})."
        r = by_loc.get(k)
        if r is not None:
            occ = ", ".join(occupant_words(Occupant(o.kind, o.icons, o.ability))
                            + ("" if o.remaining_icons == o.icons else
                               " (eliminated)" if o.remaining_icons == 0 else " (1 left)")
                            for o in r.occupants) or "nobody"
            when = "At the end" if phase(state) == "over" else "If the game ended now"
            text += (f"\n{when}: occupants {occ}; "
                     f"{'surrounded' if r.surrounded else 'not surrounded'}"
                     f"{', overrun' if r.overrun else ''}; score {r.score:+d}.")
        entries.append((f"#{k} {card.name} (location)", text))
    for cell, k in sorted(state.occs.items(), key=lambda ck: ck[1]):
        card = state.cards[k - 1]
        x, y = board.xy(cell)
        touching = [f"#{state.locs[cell + board.STEP[d]]} to the {board.DIR_NAMES[d]}"
                    for d in range(4) if cell + board.STEP[d] in state.locs]
        entries.append((f"#{k} occupants", occupant_text(card) + f"\nAt ({x},{y}); touches "
                        + (", ".join(touching) or "no location") + "."))
    return entries


def goal_status(state: SurroundedState, res: Resolution | None) -> str:
    """The goal's count on the map as it stands (or at the end)."""
    if res is None:
        return "No location is scored yet."
    sc = state.scenario
    t = sc.threshold(state.difficulty)
    when = "At the end" if phase(state) == "over" else "Now"
    kind = sc.kind
    counts = {
        "perimeter_walkers": f"{res.perimeter_walkers} Walkers on the outer edges (at most {t})",
        "perimeter_abilities": f"{res.perimeter_abilities} occupants with abilities on the "
                               f"outer edges (at most {t})",
        "width": f"the map is {res.width} cards wide (at least {t})",
        "explores": f"{state.explores} Explores (at least {t})",
    }
    def remaining(r: LocationResult, who: str) -> int:
        return sum(o.kind == who and o.remaining_icons > 0 for o in r.occupants)

    scores = [r.score for r in res.locations]
    if kind == "max_leaders":
        counts[kind] = (f"{sum(remaining(r, 'leader') for r in res.locations)} remaining "
                        f"leaders (at most {t})")
    elif kind == "leader_locations":
        counts[kind] = (f"{sum(remaining(r, 'leader') > 0 for r in res.locations)} locations "
                        f"with a remaining leader (at least {t})")
    elif kind == "empty_locations":
        empty = sum(not r.overrun and all(o.remaining_icons == 0 for o in r.occupants)
                    for r in res.locations)
        counts[kind] = f"{empty} locations with no remaining occupants (at least {t})"
    elif kind == "same_score":
        most = max((scores.count(v) for v in scores), default=0)
        counts[kind] = f"at most {most} locations share a score (at least {t} needed)"
    elif kind == "rich_locations":
        counts[kind] = (f"{sum(v >= 5 for v in scores)} locations score 5 or more "
                        f"(at least {t})")
    elif kind == "betrayer":
        counts[kind] = f"score {res.score} (less than {t} needed)"
    if kind in counts:
        detail = counts[kind]
    elif kind.startswith("limit_"):
        used = ", ".join(f"{k} {v}" for k, v in state.used.items())
        detail = f"abilities used: {used}"
    else:
        items = ", ".join(f"{k} {v}" for k, v in res.items.items())
        detail = f"score {res.score}; containers opened: {items}"
    verdict = "goal met" if res.won else "goal not met"
    return f"{when}: {detail}; {verdict}."


def outcome(state: SurroundedState) -> str:
    """WON/LOST with the goal's count, then the score and each location's score."""
    res = state.result()
    sc = state.scenario
    lines = [("WON" if res.won else "LOST") + f": {sc.goal(state.difficulty)}",
             goal_status(state, res),
             f"Score {res.score}: {res.rank}"]
    for r in res.locations:
        lines.append(f"  #{r.card} {state.cards[r.card - 1].name}: {r.score:+d}"
                     + (" (surrounded)" if r.surrounded else "")
                     + (" (overrun)" if r.overrun else ""))
    return "\n".join(lines)


def rules_help(state: SurroundedState) -> str:
    sc = state.scenario
    return (f"The Walking Dead: Surrounded, scenario {sc.number} ({sc.name}, "
            f"{state.difficulty}): {sc.goal(state.difficulty)}\n\n"
            + STEP_HELP.get(phase(state), "") + "\n\n" + END_HELP)
