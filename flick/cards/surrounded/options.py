"""Surrounded: the legal actions of the step in progress: a turn's Explore or Occupy, the cells
a card may be placed in, the abilities' uses (Look, Move, Burn). Functions of the state
(`table.SurroundedTable`), which they do not change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board
from flick.cards.surrounded.actions import (
    CHOOSE,
    EXPLORE,
    LOCATION,
    LOOK_BOTTOM,
    LOOK_TOP,
    OCCUPANT,
    OCCUPY,
    OVER,
    PLACE,
    SKIP,
    SPAWN,
    burn,
    move,
)

if TYPE_CHECKING:
    from flick.cards.surrounded.table import SurroundedTable


def turn_options(st: SurroundedTable) -> list[int]:
    """EXPLORE and/or OCCUPY as the start-of-turn rules allow (empty: nothing fits)."""
    can_loc = bool(st.location_cells())
    can_occ = bool(st.occupant_cells())
    if len(st.deck) == 1:
        return [OCCUPY] if can_occ else []
    if not can_loc:
        return [OCCUPY] if can_occ else []
    if not can_occ or st.cards[st.deck[-1] - 1].printed_walker:
        return [EXPLORE]
    return [EXPLORE, OCCUPY]


def available_abilities(st: SurroundedTable) -> list[str]:
    """Abilities of humans on this turn's occupant card that touch a location, within the
    scenario's limits."""
    if st.placed is None:
        return []
    faces = st.cards[st.occs[st.placed] - 1].faces
    found = []
    for d in range(4):
        f = faces[d]
        if f.ability and f.ability not in found and st.placed + board.STEP[d] in st.locs:
            found.append(f.ability)
    if not found:
        return []
    total = st.scenario.total_ability_limit(st.difficulty)
    if total is not None and sum(st.used.values()) >= total:
        return []
    out = []
    for a in found:
        cap = st.scenario.ability_limit(a, st.difficulty)
        if cap is None or st.used[a] < cap:
            out.append(a)
    return out


def ability_actions(st: SurroundedTable) -> list[int]:
    """The ability step's actions: SKIP and every use of an ability available (none: no
    decision)."""
    abilities = available_abilities(st)
    if not abilities:
        return []
    acts: list[int] = []
    if "look" in abilities and st.deck:
        acts.append(LOOK_TOP)
        if len(st.deck) > 1:
            acts.append(LOOK_BOTTOM)
    if "move" in abilities or "burn" in abilities:
        cells = set(st.locs) | set(st.occs)
        cuts = board.cut_cells(cells)
        if "move" in abilities:
            acts.extend(moves(st, cells, cuts))
        if "burn" in abilities and len(cells) > 1 and st.deck:
            burned = st.burned
            for c in sorted(cells - cuts):
                if (st.locs.get(c) or st.occs[c]) in burned:
                    continue
                acts.append(burn(c, False))
                acts.append(burn(c, True))
    if not acts:
        return []
    return [SKIP, *sorted(acts)]


def moves(st: SurroundedTable, cells: set[int], cuts: set[int]) -> list[int]:
    """Every Move: an occupant card to another empty cell by a location it touches."""
    out = []
    locs, occs = st.locs, st.occs
    for src in occs:
        dsts = set()
        for s1 in board.STEP:
            loc = src + s1
            if loc in locs:
                for s2 in board.STEP:
                    d = loc + s2
                    if d != src and d not in locs and d not in occs:
                        dsts.add(d)
        for d in dsts:
            # the map without src, with d: connected? (cheap when src is not a cut card)
            if src in cuts:
                rest = cells - {src}
                rest.add(d)
                if not board.connected(rest):
                    continue
            out.append(move(src, d))
    return out


def legal(st: SurroundedTable) -> list[int]:
    """The legal actions of the step in progress (the player's, the only seat)."""
    p = st.phase
    if p == OVER:
        return []
    if p == CHOOSE:
        return turn_options(st)
    if p == LOCATION:
        return [PLACE + c for c in st.location_cells()]
    if p == SPAWN:
        cells = st.spawn_cells(st.deck[-1]) or st.occupant_cells()
        return [PLACE + c for c in cells]
    if p == OCCUPANT:
        return [PLACE + c for c in st.occupant_cells()]
    return ability_actions(st)
