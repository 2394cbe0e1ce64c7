"""The Surrounded map as text: a grid of card boxes, north up.

A location box shows its number and name, the occupant printed on it, its container and its
effect; an occupant box shows the four faces against its edges (N on the top border, S on the
bottom, W and E on the sides), so what touches a location can be read straight off the grid.
Empty cells where the card in hand may go show their coordinates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board
from flick.cards.surrounded.cards import Card

if TYPE_CHECKING:
    from flick.cards.surrounded.state import SurroundedState

INNER = 15  # characters inside a box
HEIGHT = 5


def _fit(text: str, width: int = INNER) -> str:
    return text[:width].ljust(width)


def location_box(card: Card) -> list[str]:
    top = "+" + "-" * INNER + "+"
    printed = card.printed.code if card.printed else "-"
    box = card.container or "no box"
    effect = card.effect.text or ""
    return [
        top,
        "|" + _fit(f"#{card.number} {card.name}") + "|",
        "|" + _fit(f"on:{printed} [{box}]") + "|",
        "|" + _fit(effect) + "|",
        top,
    ]


def occupant_box(card: Card) -> list[str]:
    n, e, s, w = (f.code for f in card.faces)
    return [
        "+" + n.center(INNER, "-") + "+",
        "|" + f"#{card.number} occupants".center(INNER) + "|",
        w.ljust(4)[:4] + " " * (INNER - 6) + e.rjust(4)[:4],
        "|" + " " * INNER + "|",
        "+" + s.center(INNER, "-") + "+",
    ]


def empty_box(label: str = "") -> list[str]:
    blank = " " * (INNER + 2)
    return [blank, blank, label.center(INNER + 2), blank, blank]


def map_text(state: SurroundedState, marks: set[int] | None = None) -> str:
    """The map as a grid of boxes; `marks` are empty cells to label with coordinates."""
    cells = set(state.locs) | set(state.occs) | (marks or set())
    if not cells:
        return "(empty map)"
    xs = [board.xy(c)[0] for c in cells]
    ys = [board.xy(c)[1] for c in cells]
    lines = ["     " + "".join(f"x={x}".center(INNER + 2) for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        row: list[list[str]] = []
        for x in range(min(xs), max(xs) + 1):
            c = board.cell_of(x, y)
            if c in state.locs:
                row.append(location_box(state.cards[state.locs[c] - 1]))
            elif c in state.occs:
                row.append(occupant_box(state.cards[state.occs[c] - 1]))
            elif marks and c in marks:
                row.append(empty_box(f"({x},{y})"))
            else:
                row.append(empty_box())
        for i in range(HEIGHT):
            head = f"y={y}".rjust(4) + " " if i == HEIGHT // 2 else "     "
            lines.append((head + "".join(box[i] for box in row)).rstrip())
    return "\n".join(lines)


def render_state(state: SurroundedState, viewer: int | None = None) -> str:
    """Scenario, map, the card in hand or on top of the deck, and (at the end) the scores."""
    from flick.cards.surrounded import state as st

    sc = state.scenario
    out = [
        f"Scenario {sc.number}. {sc.name} ({state.difficulty}): {sc.goal(state.difficulty)}",
        f"Deck: {len(state.deck)} card(s)   Explores: {state.explores}   Abilities used: "
        + ", ".join(f"{k} {v}" for k, v in state.used.items()),
    ]
    marks: set[int] = set()
    if state.phase in (st.LOCATION, st.SPAWN, st.OCCUPANT) and state._legal:
        marks = {a - st.PLACE for a in state._legal}
    out.append(map_text(state, marks))
    for event in state.events or ():
        out.append(event)
    if state.looked is not None:
        where, k = state.looked
        card = state.cards[k - 1]
        out.append(f"Look: the {where} card is #{k} {card.name}; its occupants (N/E/S/W): "
                   + " / ".join(f.code for f in card.faces))
    if state.deck and state.phase != st.OVER:
        top = state.cards[state.deck[-1] - 1]
        if state.phase in (st.SPAWN, st.OCCUPANT):
            faces = " / ".join(f.code for f in top.faces)
            out.append(f"In hand: #{top.number} occupant side, faces N/E/S/W: {faces}")
        else:
            printed = top.printed.code if top.printed else "nobody"
            out.append(
                f"Top of the deck: #{top.number} {top.name} (on it: {printed}; container: "
                f"{top.container or 'none'}; effect: {top.effect.text or 'none'})"
            )
    if state.phase == st.ABILITY and state.placed is not None:
        out.append("Abilities you may use now: " + ", ".join(state.available_abilities()))
    if state.phase == st.OVER:
        out.append(result_text(state))
    return "\n".join(out)


def result_text(state: SurroundedState) -> str:
    r = state.result()
    lines = ["", "End of the game. Location by location:"]
    for loc in r.locations:
        card = state.cards[loc.card - 1]
        occ = " ".join(
            ("L" if o.kind == "leader" else "S" if o.kind == "survivor" else "W" * o.icons)
            + ("" if o.remaining_icons == o.icons else ("x" if o.remaining_icons == 0 else "-1"))
            for o in loc.occupants
        )
        flags = ("surrounded " if loc.surrounded else "") + ("overrun" if loc.overrun else "")
        lines.append(
            f"  #{loc.card:>2} {card.name:<16} ({loc.x},{loc.y}) {occ or '(nobody)':<22} "
            f"{flags:<20} {loc.score:+d}"
        )
    lines.append("  (x: eliminated in battle)")
    items = ", ".join(f"{k} {v}" for k, v in r.items.items())
    lines.append(f"Score {r.score}: {r.rank}   Items: {items}")
    lines.append(("WON" if r.won else "LOST") + f": {state.scenario.goal(state.difficulty)}")
    return "\n".join(lines)
