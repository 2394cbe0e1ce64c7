"""Where flick's data lives: the checkout's `assets/` and `scenarios/` folders.

flick is installed from its checkout (editable), so the data folders sit beside the package.
`FLICK_HOME` overrides the root for an installation that keeps the data elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path


def root() -> Path:
    """The folder holding `assets/` and `scenarios/`."""
    env = os.environ.get("FLICK_HOME")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent


def assets() -> Path:
    return root() / "assets"


def scenarios() -> Path:
    return root() / "scenarios"
