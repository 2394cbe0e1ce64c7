"""The heuristic bot's choices in scenarios 5-10 (`flick.game.bots.five_to_ten`)."""

from __future__ import annotations

import math

from flick.game import Game
from flick.game.bots import crossroads_choice
from flick.game.inputs import (
    ChooseSurvivor,
    Shoot,
)
from flick.game.scenarios import crossroads
from flick.game.scenarios.inputs import (
    Accuse,
    Allegiance,
    Vote,
)
from flick.game.state import Token
from flick.scenario import load
from tests.game.tables import (
    put_inside,
    s10_with_betrayer,
    table,
)


def test_bots_choose_crossroads_options_for_their_situation() -> None:
    """A survivor on its last life never takes the lost life; in the streets it avoids the
    LOUD option that would rush 3 zombies at it; a wanted token beats a weapon."""
    from flick.game.bots.five_to_ten import HeuristicBot

    game = Game(table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    bot = HeuristicBot(1)
    options = {c.id: [dict(o.effects) for o in c.options] for c in crossroads.deck().values()}

    def pick(card: str) -> int:
        values = [crossroads_choice.option_value(bot, game, john, fx) for fx in options[card]]
        return values.index(max(values))

    john.life = 1
    john.inventory = [game.new_token("medicine")]
    assert options["c09"][0] == {"life": -1} and pick("c09") == 1  # discard the medicine
    assert options["c20"][1] == {"life": -1} and pick("c20") == 0  # end the turn instead
    john.life = 3
    assert options["c22"][0] == {"noise": "LOUD"} and pick("c22") == 1  # outside: no LOUD
    john.inventory = []
    assert options["c08"][0]["gain"] == "fuel" and pick("c08") == 1  # fuel, but no LOUD
    put_inside(game, john.name, "library")
    game.stashes.setdefault("library", [])
    assert pick("c08") == 0  # inside, the rush cannot fell him: the fuel in hand


def test_bots_hold_a_loud_shot_when_the_rush_would_fell_them_and_no_kill_is_needed() -> None:
    """A gun shot with another standing zombie in rush reach: not when the bin holds the
    next horde (or the survivor has 1 life left); taken when kills are needed."""
    from flick.game.bots.five_to_ten import HeuristicBot

    game = Game(table(zombies=[{"x": 20, "y": 55}, {"x": 8, "y": 40}]), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    john.inventory = [game.new_token("gun")]
    game.board.face(john, math.pi / 2)
    bot = HeuristicBot(1)
    target = min(game.board.zombies(), key=lambda z: game.board.pos(z)[1] * -1)
    game.bin = 10  # the next horde is in the bin
    assert bot.separated.loud_rush_hits(game, john, exclude={target})
    assert bot.shot_at(game, john, target) is None
    game.bin = 0  # kills needed for the next horde
    assert isinstance(bot.shot_at(game, john, target), Shoot)
    john.life = 1
    assert bot.shot_at(game, john, target) is None


def test_bots_defect_when_wrongly_accused_by_the_weaker_clan() -> None:
    """The wrongly accused bot joins the side that then looks stronger (life left among
    the living): it stays with a clan still stronger after paying a life each, else defects."""
    from flick.game.bots.five_to_ten import HeuristicBot

    game = s10_with_betrayer(3)
    team = game.current_team
    names = [s.name for s in game.survivors.values() if s.team == team]
    game.apply(ChooseSurvivor(names[0]))
    game.apply(Accuse(names[2]))
    for _ in names:
        game.apply(Vote(True))
    assert game.phase == "allegiance"
    bot = HeuristicBot(3)
    others = [s for s in game.survivors.values() if s.team != team]
    for s in others:
        s.life = 1  # the other clan is nearly spent: staying is better
    assert bot.decide(game) == Allegiance(defect=False)
    for s in others:
        s.life = 3  # 3 against 3 at full life: joining makes it 4 against 2
    assert bot.decide(game) == Allegiance(defect=True)
    game.apply(bot.decide(game))
    assert game.survivors[names[2]].team != team


def test_hunt_when_the_next_horde_needs_the_kills() -> None:
    from flick.game.bots.five_to_ten import HeuristicBot

    game = Game(load(9), 2, players={"A": 3, "B": 3})
    bot = HeuristicBot(2, params=game.board.params)
    s = next(x for x in game.survivors.values() if x.piece is not None and x.weapons())
    s.inventory[:] = []
    s.inventory.append(Token("gun", face_up=True, uid=999))
    game.bin = 0  # the next horde (night: 4) finds none: every turn must kill
    assert bot.kills_needed(game) > 0
    assert bot.bin_urgent(game, s)
    assert bot.goal(game, s) == ("hunt", None)
    game.bin = 10
    assert not bot.bin_urgent(game, s)
