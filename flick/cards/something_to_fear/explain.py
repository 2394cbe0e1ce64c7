"""What a Something to Fear player may ask at the table: the text of a Character or an
Encounter type and what it does now (who holds how many, what they score, the Mob's damage),
the rules of the step being played, and the end of the game with its counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import scoring
from flick.cards.something_to_fear.scoring import set_points

if TYPE_CHECKING:
    from flick.cards.something_to_fear.state import StfState

# The rulebook's words for each Encounter type's ability (Encounter Card Detail).
ABILITY = {
    "governor": "When you secure The Governor, take the Tie-breaker card.",
    "walker": "The player with the most Walkers scores 25 points at game end, the second-most "
              "10 (ties share; no second place in a 2-player game).",
    "walker_horde": "Counts as three Walkers toward your Walker total.",
    "weapon": "On your turn: you may destroy this card to secure a card from the Mob (also "
              "at once when you secure it).",
    "wound": "When you secure this card, give it to another player instead.",
}

STEP_HELP = {
    A.SELECT: "Select a Character from your hand, face-down; all are revealed together. "
              "Characters act from the highest number (#9) to the lowest (#1) unless Carl "
              "reverses the order; ties go to the player nearest the Tie-breaker holder, "
              "clockwise.",
    A.EUGENE: "Eugene (on reveal): you may shuffle your discard pile and reveal one card; you "
              "take your turn in the order of the new card's number.",
    A.CARL: "Carl (on reveal): you may reverse the turn order (lowest first) this round.",
    A.MAGGIE: "Maggie (on reveal, lowest card played): you may cancel an opponent's card: "
              "choose an Encounter card for that player to secure; they choose yours.",
    A.MAGGIE_REPLY: "Maggie cancelled your card: choose the Encounter card she secures.",
    A.MAGGIE_WEAPON: "You secured a Weapon: you may destroy it now to secure a card from the "
                     "Mob.",
    A.TURN: "Your turn: use your Character's ability, or just secure one card from the "
            "Encounter row instead. Cards left in the row at the end of the round escape to "
            "the Mob.",
    A.END: "The game is over.",
}
END_HELP = (
    "At game end every player takes the Mob's damage (the Mob Damage of the cards in the Mob) "
    "plus the Personal Damage of the cards in their own Stash; over 20 and you did not "
    "survive. Survivors score their sets; ties go to the Tie-breaker holder, then the most "
    "Walkers."
)


def type_text(state: StfState, key: str) -> str:
    t = state.data.types[key]
    if t.sets:
        points = (f"collected in sets of three: {t.sets[0]} points for one, {t.sets[1]} for "
                  f"two, {t.sets[2]} for three (a fourth starts a new set)")
    elif t.each:
        points = f"{t.each} points each"
    else:
        points = "no points of its own"
    dmg = f"{t.mob_damage} Mob Damage to every player if it is in the Mob at game end"
    if key == "wound":
        dmg = "2-4 Personal Damage (printed on each Wound) to its owner; 0 in the Mob"
    elif t.personal_damage:
        dmg += f"; {t.personal_damage} Personal Damage to its owner"
    if t.walkers:
        points += f"; counts as {t.walkers} Walker{'s' if t.walkers > 1 else ''}"
    return (f"{t.name}: {points}. {dmg}. " + ABILITY.get(key, "")).strip()


def where_now(state: StfState, key: str) -> str:
    """Who holds cards of type `key` now, what they score, how many are in the row/Mob."""
    data = state.data
    t = data.types[key]
    parts = []
    row = sum(data.cards[c].type == key for c in state.row)
    mob = sum(data.cards[c].type == key for c in state.mob)
    if row:
        parts.append(f"{row} in the Encounter row")
    if mob:
        parts.append(f"{mob} in the Mob ({mob * t.mob_damage if key != 'wound' else 0} "
                     "damage)")
    for q, stash in enumerate(state.stash):
        k = sum(data.cards[c].type == key for c in stash)
        if not k:
            continue
        pts = (set_points(k, t.sets) if t.sets else k * t.each)
        parts.append(f"player {q + 1} holds {k}" + (f" ({pts} points)" if pts else ""))
    return "Now: " + ("; ".join(parts) or "none on the table") + "."


def glossary(state: StfState, viewer: int | None) -> list[tuple[str, str]]:
    entries: list[tuple[str, str]] = []
    for c in state.data.characters:
        mine = ""
        if viewer is not None:
            where = ("in your hand" if c.number in state.hand[viewer] else
                     "in your discard pile" if c.number in state.discard[viewer] else
                     "in your deck")
            mine = f"\nYours: {where}."
        bolt = " (lightning bolt: on reveal)" if c.on_reveal else ""
        entries.append((f"{c.name} ({c.number})",
                        f"{c.number}: {c.name}{bolt}. {c.text}{mine}"))
    for key, t in state.data.types.items():
        entries.append((t.name, type_text(state, key) + "\n" + where_now(state, key)))
    holder = state.tiebreaker
    entries.append(("Tie-breaker", "Tie-breaker: ties between equal Characters go to the "
                    "player nearest its holder, clockwise; tied scores go to its holder. "
                    f"Now: player {holder + 1} holds it."))
    return entries


def rules_help(state: StfState) -> str:
    return ("The Walking Dead: Something to Fear: nine rounds; choose a Character, secure "
            "Encounter cards for points, keep the Mob's damage low.\n\n"
            + STEP_HELP.get(state.phase, "") + "\n\n" + END_HELP)


def outcome(state: StfState) -> str:
    """Winners first, then the Mob's damage and each player's damage and score."""
    win = state.winners()
    res = state.results()
    lines = ["Winner(s): " + (", ".join(f"player {w + 1}" for w in win) or "nobody survived"),
             f"The Mob deals {scoring.mob_damage(state.data, state.mob)} damage to every "
             f"player (over {state.data.death_over} kills)."]
    for q, r in enumerate(res):
        fate = f"{r.score} points" if r.alive else "did not survive"
        walkers = f"{r.walkers} Walker" + ("" if r.walkers == 1 else "s")
        lines.append(f"  player {q + 1}: damage {r.damage} ({r.mob_damage} Mob + "
                     f"{r.personal_damage} personal), {walkers}, {fate}"
                     + (" [Tie-breaker]" if q == state.tiebreaker else ""))
    return "\n".join(lines)
