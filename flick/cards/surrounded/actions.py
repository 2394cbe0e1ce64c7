"""The actions of Surrounded as plain ints (sorted in this order), the phases of a turn, and
the dense action ids the game-AI adapters use (`flick.cards.engine.State.action_to_id`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board

if TYPE_CHECKING:
    from flick.cards.surrounded.state import SurroundedState

EXPLORE, OCCUPY, SKIP, LOOK_TOP, LOOK_BOTTOM = 0, 1, 2, 3, 4
PLACE = 16  # PLACE + cell
MOVE = 1 << 17  # MOVE + (src << 16) + dst
BURN = 1 << 34  # BURN + 2 * cell + (1 if to the bottom)
CELLS = 1 << 16

# ---- phases ---------------------------------------------------------------------------------
CHOOSE, LOCATION, SPAWN, OCCUPANT, ABILITY, OVER = range(6)
PHASE_NAMES = ("choose", "location", "spawn", "occupant", "ability", "over")


# Dense action ids (`action_to_id`): the five plain actions keep their numbers; cells are
# numbered in a square window of side len(cards) + 4 whose corner is two cells south-west of
# the map's bounding box (a connected map of k cards spans at most k columns and k rows; a
# placement is one cell beyond it, a Move two), so ids are read in the state they are legal in.
# A Move is its source cell and one of the eight cells two steps away.
_MOVE_STEPS = (2, -2, 2 * board.STRIDE, -2 * board.STRIDE, board.STRIDE + 1,
               board.STRIDE - 1, -board.STRIDE + 1, -board.STRIDE - 1)
_PLAIN = 5  # EXPLORE .. LOOK_BOTTOM


def place(cell: int) -> int:
    return PLACE + cell


def move(src: int, dst: int) -> int:
    return MOVE + (src << 16) + dst


def burn(cell: int, bottom: bool) -> int:
    return BURN + 2 * cell + (1 if bottom else 0)


def _side(state: SurroundedState) -> int:
    return len(state.cards) + 4


def _corner(state: SurroundedState) -> tuple[int, int]:
    return state.window_corner()


def num_distinct_actions(state: SurroundedState) -> int:
    """How many dense action ids (see above): 5 plain actions, then per window cell: a
    placement, two Burns, eight Moves."""
    return _PLAIN + 11 * _side(state) ** 2


def action_to_id(state: SurroundedState, action: int,
                 corner: tuple[int, int] | None = None) -> int:
    """The dense id of `action` (`corner`: the window's, when the caller has it already)."""
    return _pairs(state, [action], corner)[0][0]


def action_ids(state: SurroundedState, codes: list[int]) -> list[int]:
    """The dense ids of `codes`, sorted (the window's corner found once for all of them)."""
    return sorted(i for i, _ in _pairs(state, codes))


def id_actions(state: SurroundedState, codes: list[int]) -> dict[int, int]:
    """The state's legal `codes` keyed by their dense ids, in the order of the ids (one window
    corner). The commonest lists, plain actions only (a turn's choice) or placements only,
    are numbered in one pass: a plain action is its own id, and a placement's id grows with
    its code (the window's cells in row order; every legal placement touches a card, so its
    cell is in the window); any other list as `action_to_id` does it, code by code."""
    if codes:
        ordered = sorted(codes)
        lo, hi = ordered[0], ordered[-1]
        if lo >= 0 and hi < _PLAIN:
            return dict(zip(ordered, ordered, strict=True))
        if lo >= PLACE and hi < MOVE:
            x0, y0 = state.window_corner()
            side = len(state.cards) + 4
            stride = board.STRIDE
            if y0 <= (lo - PLACE) // stride and (hi - PLACE) // stride < y0 + side:
                # id = _PLAIN + side * (row - y0) + column - x0, with code - PLACE =
                # stride * row + column
                base, skip = _PLAIN - PLACE - side * y0 - x0, stride - side
                return dict(zip([base + c - (c - PLACE) // stride * skip for c in ordered],
                                ordered, strict=True))
    return dict(sorted(_pairs(state, codes)))


def _pairs(state: SurroundedState, codes: list[int],
           corner: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """(dense id, code) of each of `codes`; the window's corner is found once, when a code
    needs it."""
    out = []
    side = cells = x0 = y0 = 0
    stride = board.STRIDE
    for code in codes:
        if code < PLACE:  # a plain action, or no action
            if 0 <= code < _PLAIN:
                out.append((code, code))
                continue
            raise ValueError(f"surrounded: {code} is not an action code")
        if not side:
            x0, y0 = corner or _corner(state)
            side = _side(state)
            cells = side * side
        if code < MOVE:
            cell, base, scale, extra = code - PLACE, _PLAIN, 1, 0
        elif code < BURN:
            v = code - MOVE
            cell = v >> 16
            step = (v & (CELLS - 1)) - cell
            if step not in _MOVE_STEPS:
                raise ValueError(f"surrounded: {code} is not a Move of two steps")
            base, scale, extra = _PLAIN + 3 * cells, 8, _MOVE_STEPS.index(step)
        else:
            v = code - BURN
            cell, base, scale, extra = v >> 1, _PLAIN + cells, 2, v & 1
        cx, cy = cell % stride - x0, cell // stride - y0
        if not (0 <= cx < side and 0 <= cy < side):
            raise ValueError(f"surrounded: cell {board.xy(cell)} is outside the action window")
        out.append((base + scale * (cy * side + cx) + extra, code))
    return out


def id_to_action(state: SurroundedState, action_id: int) -> int:
    if not 0 <= action_id < num_distinct_actions(state):
        raise ValueError(f"surrounded: action id {action_id} is out of range")
    if action_id < _PLAIN:
        return action_id
    side = _side(state)
    cells = side * side
    x0, y0 = _corner(state)

    def cell(index: int) -> int:
        cy, cx = divmod(index, side)
        return (cy + y0) * board.STRIDE + cx + x0

    rest = action_id - _PLAIN
    if rest < cells:
        return place(cell(rest))
    rest -= cells
    if rest < 2 * cells:
        return burn(cell(rest >> 1), bool(rest & 1))
    src, k = divmod(rest - 2 * cells, 8)
    return move(cell(src), cell(src) + _MOVE_STEPS[k])
