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
    cells = list(state.locs) + list(state.occs)
    return (min(c % board.STRIDE for c in cells) - 2, min(c // board.STRIDE for c in cells) - 2)


def _cell_index(state: SurroundedState, cell: int, corner: tuple[int, int],
                side: int = 0) -> int:
    side = side or _side(state)
    cx, cy = cell % board.STRIDE - corner[0], cell // board.STRIDE - corner[1]
    if not (0 <= cx < side and 0 <= cy < side):
        raise ValueError(f"surrounded: cell {board.xy(cell)} is outside the action window")
    return cy * side + cx


def num_distinct_actions(state: SurroundedState) -> int:
    """How many dense action ids (see above): 5 plain actions, then per window cell: a
    placement, two Burns, eight Moves."""
    return _PLAIN + 11 * _side(state) ** 2


def action_to_id(state: SurroundedState, action: int,
                 corner: tuple[int, int] | None = None) -> int:
    """The dense id of `action` (`corner`: the window's, when the caller has it already)."""
    if 0 <= action < _PLAIN:
        return action
    return _window_id(state, action, corner or _corner(state), _side(state))


def _window_id(state: SurroundedState, action: int, corner: tuple[int, int], side: int) -> int:
    """The dense id of a placement, Burn or Move in the window of `corner` and `side`."""
    cells = side * side
    if action >= BURN:
        v = action - BURN
        return _PLAIN + cells + 2 * _cell_index(state, v >> 1, corner, side) + (v & 1)
    if action >= MOVE:
        v = action - MOVE
        src, dst = v >> 16, v & (CELLS - 1)
        if dst - src not in _MOVE_STEPS:
            raise ValueError(f"surrounded: {action} is not a Move of two steps")
        return (_PLAIN + 3 * cells + 8 * _cell_index(state, src, corner, side)
                + _MOVE_STEPS.index(dst - src))
    if action >= PLACE:
        return _PLAIN + _cell_index(state, action - PLACE, corner, side)
    raise ValueError(f"surrounded: {action} is not an action code")


def action_ids(state: SurroundedState, codes: list[int]) -> list[int]:
    """The dense ids of `codes`, sorted (the window's corner found once for all of them)."""
    return list(id_actions(state, codes))


def id_actions(state: SurroundedState, codes: list[int]) -> dict[int, int]:
    """`codes` keyed by their dense ids, in the order of the ids (one window corner)."""
    plain = [(c, c) for c in codes if 0 <= c < _PLAIN]
    if len(plain) == len(codes):
        return dict(sorted(plain))
    corner, side = _corner(state), _side(state)
    return dict(sorted(plain + [(_window_id(state, c, corner, side), c) for c in codes
                                if not 0 <= c < _PLAIN]))


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
