"""The heuristic bot is made of tactic objects it holds (`CoreBot.TACTICS`, `HeuristicBot.TACTICS`),
not of mixins: each tactic is its own object, reached through the bot, and a tactic swapped in
the registry is the one the bot plays with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from flick.game import Game, HeuristicBot
from flick.game.bots.fighting import Fighting
from flick.game.bots.heuristic import CoreBot
from flick.scenario import load


def test_the_bot_holds_one_object_per_tactic_of_its_registry() -> None:
    bot = HeuristicBot(5)
    assert set(CoreBot.TACTICS) == {"walking", "fetching", "inside", "fighting"}
    assert set(HeuristicBot.TACTICS) == set(CoreBot.TACTICS) | {"sheltering", "separated",
                                                                "versus"}
    for name, kind in HeuristicBot.TACTICS.items():
        tactic = getattr(bot, name)
        assert type(tactic) is kind
        assert tactic.bot is bot
    # No mixins: the bots inherit from nothing but each other, and no tactic is a bot.
    assert HeuristicBot.__mro__ == (HeuristicBot, CoreBot, object)
    assert not any(issubclass(kind, CoreBot) for kind in HeuristicBot.TACTICS.values())
    # Two bots never share a tactic (a tactic keeps per-game memory, e.g. fetching's claims).
    assert HeuristicBot(5).fetching is not bot.fetching


def test_a_tactic_swapped_in_the_registry_is_the_one_that_plays() -> None:
    """A bot whose `fighting` counts its shots: the shots the bot takes in an S1 game go
    through it (the core tactics ask `bot.fighting`, never a method of their own class)."""
    calls: list[int] = []

    class CountingFighting(Fighting):
        def shot_at(self, *args: Any, **kwargs: Any) -> Any:
            calls.append(1)
            return super().shot_at(*args, **kwargs)

    class CountingBot(HeuristicBot):
        TACTICS: ClassVar[Mapping[str, Any]] = {**HeuristicBot.TACTICS,
                                                "fighting": CountingFighting}

    game = Game(load(1), 100)
    bot = CountingBot(100, params=game.board.params)
    for _ in range(40):
        if game.over:
            break
        game.apply(bot.decide(game))
    assert isinstance(bot.fighting, CountingFighting)
    assert calls  # S1 shoots the zombies threatening its survivors
