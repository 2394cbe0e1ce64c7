"""Counting the copies a card game's state makes of itself (`State.clone`)."""

from __future__ import annotations

from typing import Any

import pytest


class CountedClones:
    """`cls.clone` wrapped for the test (through `monkeypatch`): `count` is how many copies
    were made since (a test may set it back to 0)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, cls: type[Any]) -> None:
        self.count = 0
        original = cls.clone

        def counted(state: Any) -> Any:
            self.count += 1
            return original(state)

        monkeypatch.setattr(cls, "clone", counted)
