"""`hashed_features` against its definition (the module docstring), written out plainly."""

from __future__ import annotations

import zlib
from collections import OrderedDict
from typing import Any

import numpy as np

from flick.cards import features
from flick.cards.features import hashed_features


def _definition(obs: Any, size: int) -> list[float]:
    leaves: list[tuple[str, float]] = []

    def walk(o: Any, prefix: str) -> None:
        if isinstance(o, dict):
            for k, v in o.items():
                walk(v, f"{prefix}/{k}")
        elif isinstance(o, (list, tuple)):
            for i, v in enumerate(o):
                walk(v, f"{prefix}/{i}")
        elif isinstance(o, (set, frozenset)):
            for v in sorted(o, key=repr):
                leaves.append((f"{prefix}={v}", 1.0))
        elif isinstance(o, (int, float)):
            leaves.append((prefix, float(o)))
        else:
            leaves.append((f"{prefix}={o}", 1.0))

    walk(obs, "")
    vec = [0.0] * size
    for key, value in leaves:
        h = zlib.crc32(key.encode())
        vec[(h >> 1) % size] += value if h & 1 else -value
    return vec


class _Name(str):
    pass


OBSERVATIONS: list[Any] = [
    {},
    {"phase": "act", "active": None, "n": 3, "ok": True, "no": False, "x": -2.5,
     "list": [1, "a", None, [2.0, {"deep": "y"}]], "tup": (4, 5), "set": {3, "b"},
     "frozen": frozenset({1.5}), "odict": OrderedDict(b=1, a="z"), "np_int": np.int64(7),
     "np_float": np.float64(0.25), "name": _Name("sub"), "obj": object.__class__},
    [{"a": [1, 2]}, {"a": [3]}, "end"],
    "a lone string",
    12,
]


def test_hashed_features_follow_their_definition_at_several_sizes() -> None:
    for obs in OBSERVATIONS:
        for size in (1, 7, 256):
            assert hashed_features(obs, size) == _definition(obs, size)
            assert hashed_features(obs, size) == _definition(obs, size)  # from the kept slots


def test_hashed_features_stay_right_past_the_slots_kept(monkeypatch: Any) -> None:
    monkeypatch.setattr(features, "_SLOTS_MAX", 3)
    obs = {f"key{i}": [i, f"v{i}"] for i in range(20)}
    for _ in range(2):
        assert hashed_features(obs, 64) == _definition(obs, 64)
