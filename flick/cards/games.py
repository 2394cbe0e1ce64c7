"""The card games flick knows: name -> module.

Each game package exposes `new_state(seed: int) -> State`: a default game (used by the generic
engine test and the random-play benchmark). Its front end, with `register(sub)` (which adds
`flick cards <name>`), is the module `flick.cli.<name>`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {
    "surrounded": "flick.cards.surrounded",
    "something_to_fear": "flick.cards.something_to_fear",
    "rise_of_the_zombies": "flick.cards.rise_of_the_zombies",
}


def module(name: str) -> ModuleType:
    return importlib.import_module(GAMES[name])
