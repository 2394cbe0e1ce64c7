"""What each player may see of a Something to Fear game: text, data, labels, determinization.

Open to all: the Encounter row, the Mob, every Stash, every discard pile, the number of cards
in each hand and deck, the Tie-breaker, the Characters once revealed, the Characters that
Abraham returned to a hand (they came face-up from the discard pile). Hidden: the other
players' hands and chosen cards before the reveal, the order of every deck, and the cards
Michonne looks at (only her player sees them, and knows them afterwards on the deck).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from flick.cards.engine import IllegalActionError
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import scoring

if TYPE_CHECKING:
    from flick.cards.something_to_fear.state import StfState


def card_name(state: StfState, card: int) -> str:
    c = state.data.cards[card]
    name = state.data.types[c.type].name
    return f"{name} ({c.personal_damage})" if c.type == "wound" else name


def card_json(state: StfState, card: int) -> dict[str, Any]:
    """A card as the published JSON of a game: id, type, mob_damage, personal_damage."""
    c = state.data.cards[card]
    return {
        "id": c.id,
        "type": c.type,
        "mob_damage": c.mob_damage,
        "personal_damage": c.personal_damage,
    }


def char_name(state: StfState, number: int) -> str:
    return f"{state.data.characters[number - 1].name} ({number})"


def _cards(state: StfState, cards: list[int]) -> str:
    return ", ".join(card_name(state, c) for c in cards) or "-"


def action_label(state: StfState, action: int) -> str:
    """The label of `action` for the player who takes it (may name their hidden cards)."""
    p = state.actor
    if state.pending_wound >= 0:
        wound = card_name(state, state.pending_wound)
        return f"give the {wound} to player {action - A.GIVE_WOUND + 1}"
    if state.pending_governor >= 0:
        verb = "take" if action else "leave"
        return f"The Governor: {verb} the Tie-breaker"
    ph = state.phase
    if ph == A.SELECT:
        return f"play {char_name(state, action)}"
    if ph == A.EUGENE:
        return (
            "Eugene: shuffle your discard pile and reveal a card" if action else "Eugene: act as #1"
        )
    if ph == A.CARL:
        return "Carl: reverse the order (lowest first)" if action else "Carl: keep the order"
    if ph == A.MAGGIE:
        if action == A.DECLINE:
            return "Maggie: do not cancel anyone (take a normal turn)"
        q, i = divmod(action - A.MAGGIE_AT, 10)
        return f"Maggie: cancel player {q + 1}; they secure {card_name(state, state.row[i])}"
    if ph == A.MAGGIE_REPLY:
        card = card_name(state, state.row[action - A.ROW])
        return f"choose {card} for player {state.maggie + 1} (Maggie)"
    if ph == A.MAGGIE_WEAPON:
        if action == A.DECLINE:
            return "keep the Weapon for a later turn"
        card = card_name(state, state.mob[action - A.WEAPON_MOB])
        return f"destroy the Weapon now to secure {card} from the Mob"
    step = state.steps[0] if state.steps else -1
    if action == A.DECLINE:
        return {
            A.WEAPON: "end your turn",
            A.PEEK: "Michonne: keep the row as it is",
            A.SECURE: "secure nothing",
            A.SECURE_ANDREA: "secure nothing",
        }.get(step, "skip the ability")
    if step in (A.SECURE, A.SECURE_ANDREA):
        if action >= A.MOB:
            return f"secure {card_name(state, state.mob[action - A.MOB])} from the Mob"
        return f"secure {card_name(state, state.row[action - A.ROW])}"
    if step == A.WEAPON:
        card = card_name(state, state.mob[action - A.WEAPON_MOB])
        return f"destroy a Weapon to secure {card} from the Mob"
    if step == A.STEAL:
        q, s = divmod(action - A.STEAL_AT, 100)
        return f"Jesus: steal {card_name(state, state.stash[q][s])} from player {q + 1}"
    if step == A.DESTROY:
        return (
            f"Carl: destroy {card_name(state, state.stash[p][action - A.DESTROY_AT])} in your Stash"
        )
    if step == A.SWAP:
        s, rest = divmod(action - A.SWAP_AT, 1000)
        q, t = divmod(rest, 100)
        return (
            f"Ezekiel: swap your {card_name(state, state.stash[p][s])} for "
            f"{card_name(state, state.stash[q][t])} of player {q + 1}"
        )
    if step == A.PEEK:
        i, j = divmod(action - A.PEEK_AT, 10)
        old, new = card_name(state, state.row[i]), card_name(state, state.peek[j])
        return f"Michonne: replace {old} in the row with {new}"
    if step == A.RICK:
        i, j = divmod(action - A.RICK_AT, 100)
        row, mob = card_name(state, state.row[i]), card_name(state, state.mob[j])
        return f"Rick: swap {row} in the row with {mob} of the Mob"
    if step == A.ABRAHAM:
        h, d = divmod(action - A.ABRAHAM_AT, 10)
        gone, back = char_name(state, h), char_name(state, d)
        return f"Abraham: discard {gone} from your hand, take {back} back"
    return f"action {action}"


def public_label(state: StfState, action: int) -> str:
    """The label of `action` as the other players see it (a Character choice stays hidden)."""
    if state.phase == A.SELECT and state.pending_wound < 0:
        return "chooses a Character (face-down)"
    return action_label(state, action)


def render(state: StfState, viewer: int | None = None) -> str:
    """The table as text, as `viewer` sees it (None: everything)."""
    n = state.num_players
    lines = [
        f"== Something to Fear: round {min(state.round, 9)}/9"
        f"{' (Expert Survivor)' if state.expert else ''}; "
        f"Tie-breaker: player {state.tiebreaker + 1}"
        f"{'; order reversed (Carl)' if state.reversed else ''} =="
    ]
    lines.append(f"Encounter row: {_cards(state, state.row)}")
    lines.append(
        f"Mob ({scoring.mob_damage(state.data, state.mob)} damage): {_cards(state, state.mob)}"
    )
    known = state.known_top(viewer) if viewer is not None else len(state.deck)
    top = (
        [card_name(state, c) for c in reversed(state.deck[len(state.deck) - known :])]
        if known
        else []
    )
    lines.append(
        f"Encounter deck: {len(state.deck)} cards"
        + (f"; you know the top: {', '.join(top)}" if top and viewer is not None else "")
    )
    if state.destroyed:
        lines.append(f"Destroyed: {_cards(state, state.destroyed)}")
    revealed = state.phase != A.SELECT
    for q in range(n):
        you = " (you)" if q == viewer else ""
        tb = " [Tie-breaker]" if q == state.tiebreaker else ""
        if revealed:
            played = char_name(state, state.selected[q])
            if state.eugene_card[q]:
                played += f" -> revealed {char_name(state, state.eugene_card[q])}"
            if q == state.maggie_target:
                played += " (cancelled by Maggie)"
        elif state.selected[q] and (viewer is None or viewer == q):
            played = f"chose {char_name(state, state.selected[q])}"
        elif state.selected[q]:
            played = "has chosen"
        else:
            played = "choosing" if state.phase == A.SELECT else "-"
        if viewer is None or viewer == q:
            hand = ", ".join(char_name(state, c) for c in state.hand[q]) or "-"
        else:
            shown = [char_name(state, c) for c in state.known_hand[q]]
            hand = f"{len(state.hand[q])} cards" + (f" incl. {', '.join(shown)}" if shown else "")
        discard = ", ".join(str(c) for c in state.discard[q]) or "-"
        res = state.results()[q]
        lines.append(
            f"Player {q + 1}{you}{tb}: {played}; hand {hand}; deck {len(state.char_deck[q])}; "
            f"discard {discard}"
        )
        lines.append(
            f"   Stash: {_cards(state, state.stash[q])}  [{res.walkers} walkers, "
            f"damage {res.damage}, score {res.score if res.alive else 'dead'}]"
        )
    if state.peek and (viewer is None or viewer == state.turn_actor):
        lines.append(f"Michonne looks at: {_cards(state, state.peek)}")
    if state.phase == A.END:
        win = state.winners()
        lines.append(
            "Game over. Winner(s): "
            + (", ".join(f"player {w + 1}" for w in win) or "nobody survived")
        )
    elif state.pending_wound >= 0:
        lines.append(
            f"Player {state.actor + 1} secured a {card_name(state, state.pending_wound)}: "
            "give it away"
        )
    elif state.pending_governor >= 0:
        lines.append(
            f"Player {state.actor + 1} secured The Governor: take the Tie-breaker or leave it"
        )
    else:
        lines.append(f"To act: player {state.actor + 1}")
        if state.phase == A.TURN and state.to_act:
            later = sorted(state.to_act, key=state.order_key)  # as of now: a Governor may move it
            lines.append("Then: " + ", ".join(f"player {q + 1}" for q in later))
    return "\n".join(lines)


def observation(state: StfState, player: int) -> dict[str, Any]:
    """What `player` may see, as data (see the module docstring)."""
    ids = [c.id for c in state.data.cards]
    revealed = state.phase != A.SELECT
    known = state.known_top(player)
    return {
        "game": state.game_name,
        "player": player,
        "round": state.round,
        "phase": A.PHASE_NAMES[state.phase],
        "step": A.STEP_NAMES.get(state.steps[0]) if state.phase == A.TURN and state.steps else None,
        "to_act": state.current_player(),
        "expert": state.expert,
        "tiebreaker": state.tiebreaker,
        "reversed": state.reversed,
        "row": [ids[c] for c in state.row],
        "mob": [ids[c] for c in state.mob],
        "destroyed": [ids[c] for c in state.destroyed],
        "deck_size": len(state.deck),
        "deck_top_known": [ids[c] for c in reversed(state.deck[len(state.deck) - known :])]
        if known
        else [],
        "peek": [ids[c] for c in state.peek] if player == state.turn_actor else [],
        "peek_size": len(state.peek),
        "pending_wound": ids[state.pending_wound] if state.pending_wound >= 0 else None,
        "pending_governor": state.pending_governor,
        "hand": list(state.hand[player]),
        "players": [
            {
                "seat": q,
                "stash": [ids[c] for c in state.stash[q]],
                "discard": list(state.discard[q]),
                "hand_size": len(state.hand[q]),
                "hand_known": list(state.hand[q]) if q == player else list(state.known_hand[q]),
                "deck_size": len(state.char_deck[q]),
                "selected": state.selected[q]
                if (revealed or q == player)
                else (-1 if state.selected[q] else 0),
                "number": state.number[q] if revealed else 0,
                "eugene_card": state.eugene_card[q],
            }
            for q in range(state.num_players)
        ],
    }


def determinize(state: StfState, player: int, rng: random.Random) -> StfState:
    """A copy of `state` with everything hidden from `player` dealt again at random."""
    if state.chance_event() is not None:
        raise IllegalActionError("something_to_fear: no determinization while chance decides")
    new = state.clone()
    new.rng = random.Random(rng.getrandbits(64))
    new.explicit_chance = False  # one sampled world: its chance from its own generator
    new.forget_legal()
    # Encounter deck: keep the known top cards, reshuffle the rest (with Michonne's cards if
    # someone else is looking at them).
    deck = new.deck
    known = new.known_top(player)
    keep = deck[len(deck) - known :] if known else []
    pool = deck[: len(deck) - known]
    foreign_peek = bool(new.peek) and player != new.turn_actor
    if foreign_peek:
        pool += new.peek
    # Sorting first makes the result depend only on what `player` knows, not on the real order.
    pool.sort()
    rng.shuffle(pool)
    if foreign_peek:
        new.peek = pool[: len(new.peek)]
        pool = pool[len(new.peek) :]
    new.deck = pool + keep
    hidden_choice = new.phase == A.SELECT
    for q in range(new.num_players):
        if q == player:
            new.char_deck[q].sort()
            rng.shuffle(new.char_deck[q])  # you know your cards, not the order you draw them
            continue
        fixed = list(new.known_hand[q])
        chose = hidden_choice and new.selected[q] != 0
        in_hand = new.hand[q] + ([new.selected[q]] if chose else [])
        unknown = sorted([c for c in in_hand if c not in fixed] + new.char_deck[q])
        rng.shuffle(unknown)
        take = len(in_hand) - len(fixed)
        dealt = fixed + unknown[:take]
        new.char_deck[q] = unknown[take:]
        if chose:
            pick = rng.randrange(len(dealt))
            new.selected[q] = dealt.pop(pick)
        new.hand[q] = sorted(dealt)
    return new
