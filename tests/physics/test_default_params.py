"""The shipped physics parameters (`PhysicsParams.default`): read once while the file is
unchanged, every caller given its own copy, and read again when the file changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from flick.paths import root
from flick.physics.params import PhysicsParams


def test_default_is_read_once_and_each_caller_gets_an_equal_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reads = []
    original = PhysicsParams.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[PhysicsParams], path: str | Path) -> PhysicsParams:
        reads.append(path)
        return original(cls, path)

    monkeypatch.setattr(PhysicsParams, "load", classmethod(counted))
    first, second = PhysicsParams.default(), PhysicsParams.default()
    assert first == second and first is not second
    assert first == PhysicsParams.load(root() / "assets" / "physics" / "default.yaml")
    assert len(reads) <= 2  # at most the first default() (if not read before) and the load


def test_a_changed_default_file_is_read_again(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    shutil.copytree(root() / "assets" / "physics", home / "assets" / "physics")
    monkeypatch.setenv("FLICK_HOME", str(home))
    before = PhysicsParams.default()
    path = home / "assets" / "physics" / "default.yaml"
    text = path.read_text()
    assert "gravity: 981.0" in text
    path.write_text(text.replace("gravity: 981.0", "gravity: 980.0", 1))
    os.utime(path, ns=(1, 1))  # a different time stamp whatever the clock's resolution
    after = PhysicsParams.default()
    assert after != before
