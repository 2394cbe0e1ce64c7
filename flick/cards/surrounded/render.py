"""The Surrounded map as text: a grid of card boxes, north up.

A location box shows its number and name, the occupant printed on it, its container and its
effect; an occupant box shows the four faces against its edges (N on the top border, S on the
bottom, W and E on the sides), so what touches a location can be read straight off the grid.
Empty cells where the card in hand may go show their coordinates.

Two scales: the full boxes (17 columns a card) and compact glyphs (8 columns, 3 rows a card,
with a key under the map: the name cut to 6 letters, the printed occupant, the container as
one letter and `*` for an effect; the full text is `i N` away). `map_text(width=...)` draws
the largest scale that fits; a map wider than that even in glyphs shows the columns around
the cells in play, and says which columns it left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.engine import fit_lines
from flick.cards.surrounded import board, options
from flick.cards.surrounded import state as st
from flick.cards.surrounded.cards import Card, Occupant
from flick.cards.surrounded.explain import goal_status

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


SMALL = 6  # characters inside a compact glyph
CONTAINER_GLYPH = {"gas": "g", "weapon": "w", "medical": "m", "+2": "2", "+3": "3"}
KEY = ("key: location #N, name, printed occupant, container g/w/m gas/weapon/medical 2/3 "
       "+2/+3, * effect; occupants: faces L S W WW, m/l/b Move/Look/Burn; i N: full text")


def small_code(o: Occupant | None) -> str:
    """An occupant in 2 characters: L, S, W, WW, Lm, Sl, Sb (None: -)."""
    if o is None:
        return "-"
    base = {"leader": "L", "survivor": "S"}.get(o.kind, "W" * o.icons)
    return base + (o.ability[0] if o.ability else "")


def location_glyph(card: Card) -> list[str]:
    mark = CONTAINER_GLYPH.get(card.container or "", "-")
    eff = "*" if card.effect.text else " "
    info = f"{small_code(card.printed):<2} {mark} {eff}"
    return [
        "+" + f"#{card.number}".ljust(SMALL, "-") + "+",
        "|" + card.name.replace(" ", "")[:SMALL].ljust(SMALL) + "|",
        "+" + info.ljust(SMALL)[:SMALL] + "+",
    ]


def occupant_glyph(card: Card) -> list[str]:
    n, e, s, w = (small_code(f) for f in card.faces)
    return [
        "+" + n.center(SMALL, "-") + "+",
        w.ljust(2) + str(card.number).center(SMALL - 2) + e.rjust(2),
        "+" + s.center(SMALL, "-") + "+",
    ]


def map_text(state: SurroundedState, marks: set[int] | None = None,
             width: int | None = None, height: int | None = None) -> str:
    """The map as a grid of boxes; `marks` are empty cells to label with coordinates. With a
    `width` (and a `height` in rows), the largest scale that fits (see the module doc)."""
    cells = set(state.locs) | set(state.occs) | (marks or set())
    if not cells:
        return "(empty map)"
    xs = [board.xy(c)[0] for c in cells]
    ys = [board.xy(c)[1] for c in cells]
    x0, x1 = min(xs), max(xs)
    full = ((width is None or 5 + (INNER + 2) * (x1 - x0 + 1) <= width)
            and (height is None or 1 + HEIGHT * (max(ys) - min(ys) + 1) <= height))
    cell_w, height = (INNER + 2, HEIGHT) if full else (SMALL + 2, 3)
    note = ""
    if width is not None:
        fits = max((width - 5) // cell_w, 1)
        if x1 - x0 + 1 > fits:  # even the glyphs are too wide: the columns in play
            focus = [board.xy(c)[0] for c in (marks or cells)]
            mid = (min(focus) + max(focus)) // 2
            lo = min(max(mid - fits // 2, x0), x1 - fits + 1)
            note = (f"(columns x={lo}..{lo + fits - 1} of x={x0}..{x1}: the map is wider "
                    "than the screen)")
            x0, x1 = lo, lo + fits - 1
    lines = ["     " + "".join(f"x={x}".center(cell_w) for x in range(x0, x1 + 1))]
    if note:
        lines.insert(0, note)
    for y in range(max(ys), min(ys) - 1, -1):
        row: list[list[str]] = []
        for x in range(x0, x1 + 1):
            c = board.cell_of(x, y)
            if c in state.locs:
                card = state.cards[state.locs[c] - 1]
                row.append(location_box(card) if full else location_glyph(card))
            elif c in state.occs:
                card = state.cards[state.occs[c] - 1]
                row.append(occupant_box(card) if full else occupant_glyph(card))
            else:
                label = f"({x},{y})" if marks and c in marks else ""
                row.append(empty_box(label) if full else
                           ["", label, ""] if len(label) <= cell_w else ["", "*", ""])
        for i in range(height):
            head = f"y={y}".rjust(4) + " " if i == height // 2 else "     "
            lines.append((head + "".join(box[i].center(cell_w) if len(box[i]) < cell_w
                                         else box[i] for box in row)).rstrip())
    if not full:
        lines.append(KEY)
    return "\n".join(lines)


def render_state(state: SurroundedState, viewer: int | None = None,
                 width: int | None = None, height: int | None = None) -> str:
    """Scenario, map, the card in hand or on top of the deck, and (at the end) the scores;
    with a `width`, no line longer than it (the map drawn at a scale that fits); with a
    `height`, the full boxes only if the map takes at most that many rows less 10 (the text
    around it and the actions)."""
    sc = state.scenario
    out = [
        f"Scenario {sc.number}. {sc.name} ({state.difficulty}): {sc.goal(state.difficulty)}",
        f"Deck: {len(state.deck)} card(s)   Explores: {state.explores}   Abilities used: "
        + ", ".join(f"{k} {v}" for k, v in state.used.items()),
    ]
    marks: set[int] = set()
    if state.phase in (st.LOCATION, st.SPAWN, st.OCCUPANT) and state.legal_cache:
        marks = {a - st.PLACE for a in state.legal_cache}
    out.append(map_text(state, marks, width, None if height is None else height - 10))
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
        out.append("Abilities you may use now: " + ", ".join(options.available_abilities(state)))
    if state.phase == st.OVER:
        out.append(result_text(state))
    text = "\n".join(out)
    return text if width is None else fit_lines(text, width)


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
            f"  #{loc.card:>2} {card.name[:16]:<16} ({loc.x},{loc.y}) {occ or '(nobody)':<14} "
            f"{flags:<19} {loc.score:+d}"
        )
    lines.append("  (x: eliminated in battle)")
    items = ", ".join(f"{k} {v}" for k, v in r.items.items())
    lines.append(f"Score {r.score}: {r.rank}   Items: {items}")
    lines.append(("WON" if r.won else "LOST") + f": {state.scenario.goal(state.difficulty)}")
    lines.append(goal_status(state, r))
    return "\n".join(lines)
