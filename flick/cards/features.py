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


def _leaves(obs: Any, prefix: str, out: list[tuple[str, float]]) -> None:
    if isinstance(obs, dict):
        for key, value in obs.items():
            _leaves(value, f"{prefix}/{key}", out)
    elif isinstance(obs, (list, tuple)):
        for i, value in enumerate(obs):
            _leaves(value, f"{prefix}/{i}", out)
    elif isinstance(obs, (set, frozenset)):
        for value in sorted(obs, key=repr):
            out.append((f"{prefix}={value}", 1.0))
    elif isinstance(obs, (int, float)):  # booleans too (0/1)
        out.append((prefix, float(obs)))
    else:
        out.append((f"{prefix}={obs}", 1.0))


def hashed_features(obs: Any, size: int) -> list[float]:
    """The observation as `size` floats (see the module docstring)."""
    vec = [0.0] * size
    leaves: list[tuple[str, float]] = []
    _leaves(obs, "", leaves)
    for key, value in leaves:
        h = zlib.crc32(key.encode())
        vec[(h >> 1) % size] += value if h & 1 else -value
    return vec
