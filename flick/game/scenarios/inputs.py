"""The inputs scenarios 5-10 add (Crossroads choices, flares, powers, accusations and votes,
the betrayer's pass and flick, a wrongly accused player's allegiance, stealing, moving an X
token), by name. They are defined with every other input in `flick.game.inputs` and listed
in its `INPUT_TYPES`, which `input_from_json` reads."""

from __future__ import annotations

from flick.game.inputs import (
    Accuse,
    Allegiance,
    CrossroadsChoice,
    ExileFlick,
    ExtraAction,
    FigureMove,
    Flare,
    Heal,
    MoveX,
    PassTurn,
    PickToken,
    Steal,
    Vote,
)

NEW_INPUTS = (
    CrossroadsChoice, Flare, ExtraAction, Heal, FigureMove, PickToken, Accuse, Vote,
    ExileFlick, Allegiance, PassTurn, Steal, MoveX,
)
__all__ = [
    "NEW_INPUTS",
    "Accuse",
    "Allegiance",
    "CrossroadsChoice",
    "ExileFlick",
    "ExtraAction",
    "FigureMove",
    "Flare",
    "Heal",
    "MoveX",
    "PassTurn",
    "PickToken",
    "Steal",
    "Vote",
]
