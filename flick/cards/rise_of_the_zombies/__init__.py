"""Rise of the Zombies!: 1-8 survivors race a game clock along a path of Location cards to the
Rescue Helicopter. Rules in `state`, card data in `data` (from `assets/cards/`), bots in `bots`,
the `flick cards rise-of-the-zombies` command in `cli`."""

from __future__ import annotations

import argparse

from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies, campaign_points

__all__ = ["RiseOfTheZombies", "campaign_points", "new_state", "register"]


def new_state(seed: int) -> RiseOfTheZombies:
    """A default game: the sample game's four survivors at Standard difficulty, turn clock."""
    return RiseOfTheZombies(seed=seed)


def register(sub: argparse._SubParsersAction) -> None:
    from flick.cards.rise_of_the_zombies.cli import register as _register

    _register(sub)
