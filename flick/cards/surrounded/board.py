"""The map's grid: cells, neighbours, where a card may go, connectivity and outer edges.

A cell is one int, `(y + OFFSET) * STRIDE + (x + OFFSET)`, with y growing upward (north), so
the four neighbours are `cell + STEP[d]` for d = N, E, S, W. Plain ints and dicts keep the random
play fast (tens of thousands of decisions per second in pure Python).

The checkerboard rule: the starting location is at (0, 0), every new card touches a card and
no card of its own type, and the map stays connected; together these keep every location on a
cell with x + y even and every occupant card on a cell with x + y odd. So a location may go on
any empty cell touching an occupant card, an occupant card on any empty cell touching a
location, and no other check is needed (a Move or Burn keeps the parity too).
"""

from __future__ import annotations

from collections.abc import Iterable

STRIDE = 256
OFFSET = 128
ORIGIN = OFFSET * STRIDE + OFFSET
N, E, S, W = 0, 1, 2, 3
STEP = (STRIDE, 1, -STRIDE, -1)
OPPOSITE = (S, W, N, E)
DIR_NAMES = ("north", "east", "south", "west")
# A map of 18 cards spans at most 18 cells; Burn can let it drift, so it is re-centred
# (translated) long before a coordinate could leave the grid.
DRIFT_LIMIT = 100


def cell_of(x: int, y: int) -> int:
    return (y + OFFSET) * STRIDE + (x + OFFSET)


def xy(cell: int) -> tuple[int, int]:
    return cell % STRIDE - OFFSET, cell // STRIDE - OFFSET


def neighbours(cell: int) -> tuple[int, int, int, int]:
    return (cell + STRIDE, cell + 1, cell - STRIDE, cell - 1)


def free_cells_around(
    cards: Iterable[int], taken: dict[int, int], other: dict[int, int]
) -> list[int]:
    """Empty cells touching any cell of `cards` (sorted); `taken`/`other` are the two layers."""
    out = set()
    for c in cards:
        for n in (c + STRIDE, c + 1, c - STRIDE, c - 1):
            if n not in taken and n not in other:
                out.add(n)
    return sorted(out)


def connected(cells: set[int]) -> bool:
    """Whether the cards on `cells` form one group through edge-to-edge adjacency."""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        for n in (c + STRIDE, c + 1, c - STRIDE, c - 1):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def cut_cells(cells: set[int]) -> set[int]:
    """Articulation points: cards whose removal would split the map (Tarjan, iterative)."""
    if len(cells) <= 2:
        return set()
    start = min(cells)
    disc: dict[int, int] = {start: 0}
    low: dict[int, int] = {start: 0}
    parent: dict[int, int] = {}
    cuts: set[int] = set()
    root_children = 0
    counter = 1
    stack = [(start, iter(neighbours(start)))]
    while stack:
        node, it = stack[-1]
        advanced = False
        for n in it:
            if n not in cells:
                continue
            if n not in disc:
                parent[n] = node
                disc[n] = low[n] = counter
                counter += 1
                if node == start:
                    root_children += 1
                stack.append((n, iter(neighbours(n))))
                advanced = True
                break
            if n != parent.get(node):
                low[node] = min(low[node], disc[n])
        if advanced:
            continue
        stack.pop()
        if stack:
            p = stack[-1][0]
            low[p] = min(low[p], low[node])
            if p != start and low[node] >= disc[p]:
                cuts.add(p)
    if root_children > 1:
        cuts.add(start)
    return cuts


def outer_edges(cells: set[int]) -> set[tuple[int, int]]:
    """The map's outer edges as (cell, direction): edges of a card "beyond which no other
    cards have been placed" (rulebook, The Map), read literally: no card anywhere further in
    that direction, in the same column or row. An edge facing an empty cell of a bay open to
    the outside, with a card beyond the bay, is not an outer edge; edges around interior
    empty spaces never are (cards lie beyond them), as the rulebook's parenthesis says."""
    top: dict[int, int] = {}
    bottom: dict[int, int] = {}
    east: dict[int, int] = {}
    west: dict[int, int] = {}
    for c in cells:
        x, y = c % STRIDE, c // STRIDE
        top[x] = max(top.get(x, y), y)
        bottom[x] = min(bottom.get(x, y), y)
        east[y] = max(east.get(y, x), x)
        west[y] = min(west.get(y, x), x)
    out: set[tuple[int, int]] = set()
    for c in cells:
        x, y = c % STRIDE, c // STRIDE
        for d, last in ((N, top[x] == y), (E, east[y] == x), (S, bottom[x] == y),
                        (W, west[y] == x)):
            if last:
                out.add((c, d))
    return out


def width(cells: Iterable[int]) -> int:
    """Columns the map spans, in cards (scenario 15, Cut a Path)."""
    xs = [c % STRIDE for c in cells]
    return max(xs) - min(xs) + 1 if xs else 0


def translation_needed(cells: Iterable[int]) -> int:
    """The cell shift that brings a drifting map back around the origin, or 0."""
    pts = [xy(c) for c in cells]
    if not pts or all(abs(x) < DRIFT_LIMIT and abs(y) < DRIFT_LIMIT for x, y in pts):
        return 0
    x0 = min(p[0] for p in pts)
    y0 = min(p[1] for p in pts)
    # keep the parity of x + y so the checkerboard stays on even cells for locations
    dx, dy = -x0, -y0
    if (dx + dy) % 2:
        dx += 1
    return dy * STRIDE + dx
