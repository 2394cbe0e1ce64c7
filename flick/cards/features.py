"""A fixed-size numeric view of any observation (for the game-AI adapters).

`hashed_features(obs, size)` is feature hashing: every leaf of the observation (a dict, list
and scalar tree, as `State.observation(player)` returns) adds, at the bucket its path picks,
its value (numbers, booleans as 0/1) or 1 (strings and None, keyed with their value), with a
sign the path also picks. The vector has the same length for every state of every game and is
built from the observation alone, so it shows nothing the observation hides. crc32 keeps it
the same across processes (Python's str hash is salted).
"""

from __future__ import annotations

import zlib
from typing import Any

# For each vector size, a leaf's key -> (its bucket, its sign): the same keys come back state
# after state. Emptied when full.
_SLOTS: dict[int, dict[str, tuple[int, bool]]] = {}
_SLOTS_MAX = 1 << 16

Slots = dict[str, tuple[int, bool]]


def _add(vec: list[float], slots: Slots, key: str, value: float) -> None:
    """One leaf into the vector: `value` at the bucket of `key`, with its sign."""
    slot = slots.get(key)
    if slot is None:
        if len(slots) >= _SLOTS_MAX:
            slots.clear()
        h = zlib.crc32(key.encode())
        slot = slots[key] = ((h >> 1) % len(vec), bool(h & 1))
    i, positive = slot
    vec[i] += value if positive else -value


def _walk(obs: Any, prefix: str, vec: list[float], slots: Slots) -> None:
    """Every leaf under `obs`, in the tree's order, into the vector. The common types are told
    apart by their exact type first (the branches the isinstance tests would take)."""
    t = type(obs)
    if t is dict:
        for key, value in obs.items():
            _walk(value, f"{prefix}/{key}", vec, slots)
        return
    if t is list or t is tuple:
        for i, value in enumerate(obs):
            _walk(value, f"{prefix}/{i}", vec, slots)
        return
    if t is str or obs is None:
        key, value = f"{prefix}={obs}", 1.0
    elif t is int or t is bool or t is float:
        key, value = prefix, float(obs)
    elif isinstance(obs, dict):
        for key, value in obs.items():
            _walk(value, f"{prefix}/{key}", vec, slots)
        return
    elif isinstance(obs, (list, tuple)):
        for i, value in enumerate(obs):
            _walk(value, f"{prefix}/{i}", vec, slots)
        return
    elif isinstance(obs, (set, frozenset)):
        for value in sorted(obs, key=repr):
            _add(vec, slots, f"{prefix}={value}", 1.0)
        return
    elif isinstance(obs, (int, float)):  # booleans too (0/1)
        key, value = prefix, float(obs)
    else:
        key, value = f"{prefix}={obs}", 1.0
    slot = slots.get(key)
    if slot is None:
        _add(vec, slots, key, value)
    else:
        vec[slot[0]] += value if slot[1] else -value


def hashed_features(obs: Any, size: int) -> list[float]:
    """The observation as `size` floats (see the module docstring)."""
    vec = [0.0] * size
    slots = _SLOTS.get(size)
    if slots is None:
        slots = _SLOTS[size] = {}
    _walk(obs, "", vec, slots)
    return vec
