"""The bots' choices in the competitive scenarios 6-10 (issue 22.4): the S6 escape in the RV,
hunting to keep the bin stocked, and who wins when the city is overrun (a betrayer too)."""

from __future__ import annotations

from flick.game import Game
from flick.game.bots.five_to_ten import FiveToTenBot
from flick.game.scenarios import secret
from flick.game.state import Token
from flick.scenario import load


def _s6(seed: int = 4) -> tuple[Game, FiveToTenBot]:
    game = Game(load(6), seed)
    game.bin = 12  # no kill needed for the next horde: the objective alone decides
    return game, FiveToTenBot(seed, params=game.board.params)


def _team(game: Game, team: str) -> list:
    return [x for x in game.survivors.values() if x.team == team]


def test_s6_team_heads_into_the_rv_once_it_holds_key_and_fuel() -> None:
    game, bot = _s6()
    a = _team(game, "A")
    for x in a:
        x.inventory[:] = [t for t in x.inventory if t.kind not in ("key", "fuel")]
    s = a[1]
    assert bot._goal(game, s) != ("enter", "rv")  # nothing held yet: it searches
    a[0].inventory.append(Token("key", face_up=False, uid=901))
    game.stashes["rv"] = [Token("fuel", face_up=True, uid=902)]
    # A teammate carries the key and the fuel lies in the RV: the escape is 2 entries away.
    assert bot._goal(game, s) == ("enter", "rv")
    # The other team's face-down key is not the team's: B searches on.
    b = _team(game, "B")[1]
    a[0].inventory.pop()
    b_mate = _team(game, "B")[0]
    b_mate.inventory.append(Token("key", face_up=False, uid=903))
    assert bot._goal(game, s) != ("enter", "rv")
    assert bot._goal(game, b) == ("enter", "rv")


def test_s6_a_team_that_cannot_escape_hunts() -> None:
    game, bot = _s6()
    a = _team(game, "A")
    for x in a[1:]:
        x.life, x.alive = 0, False
    assert bot._goal(game, a[0]) == ("hunt", None)


def test_s6_s9_s10_hunt_for_the_next_horde_but_carriers_deliver() -> None:
    game, bot = _s6()
    s = next(x for x in _team(game, "A") if x.piece is not None)
    s.inventory[:] = [Token("gun", face_up=True, uid=910)]
    game.bin = 0
    assert bot._kills_needed(game) > 0
    assert bot._goal(game, s) == ("hunt", None)
    s.inventory.append(Token("fuel", face_up=False, uid=911))
    assert bot._goal(game, s) == ("enter", "rv")
    # S10: a survivor holding the 2 fuel goes for the other colony, the others hunt.
    g10 = Game(load(10), 3, players={"A": 3, "B": 3})
    bot10 = FiveToTenBot(3, params=g10.board.params)
    x = next(v for v in g10.survivors.values() if v.piece is not None)
    x.inventory[:] = [Token("gun", face_up=True, uid=920)]
    g10.bin = 0
    assert bot10._versus_hunts(g10, x)
    x.inventory += [Token("fuel", face_up=False, uid=921), Token("fuel", face_up=False, uid=922)]
    assert not bot10._versus_hunts(g10, x)
    # S7 keeps its own plan (no change there).
    g7 = Game(load(7), 3)
    y = next(v for v in g7.survivors.values() if v.piece is not None)
    assert not FiveToTenBot(3, params=g7.board.params)._versus_hunts(g7, y)


def test_no_betrayer_wins_when_the_city_is_overrun() -> None:
    game = Game(load(9), 2, players={"A": 3, "B": 3})
    rs = game.rule_state
    traitor = next(iter(game.survivors.values()))
    if traitor.name not in rs.betrayers:
        rs.betrayers.append(traitor.name)
    rs.objective[traitor.name] = "b06"  # Vanish: only the old team must fail
    game.phase, game.winner = "over", None  # the city overrun: no winner
    row = next(r for r in secret.results(game) if r["survivor"] == traitor.name)
    assert row["objective_met"] and not row["won"]
    other = next(t.name for t in game.scenario.teams if t.name != traitor.team)
    game.winner = other
    row = next(r for r in secret.results(game) if r["survivor"] == traitor.name)
    assert row["won"]


def test_steals_by_value() -> None:
    game, bot = _s6()
    a, b = _team(game, "A"), _team(game, "B")
    thief = a[0]
    thief.inventory[:] = [Token("gun", face_up=True, uid=930)]

    def offer(victim, kind: str, uid: int) -> str:
        victim.inventory[:] = [Token(kind, face_up=False, uid=uid)]
        game.rule_state.steal_offers[:] = [{"thief": thief.name, "victim": victim.name,
                                            "uid": uid}]
        return bot.decide(game).action

    assert offer(b[0], "key", 931) == "take"  # denied to the enemy, and the team's own aim
    assert offer(b[0], "x", 932) == "leave"  # an X clogs the enemy's inventory: left there
    assert offer(a[1], "x", 933) == "discard"  # ... and is thrown off a friend's
    assert offer(a[1], "fuel", 934) == "leave"  # a friend keeps its fuel
    while thief.free_spaces() > 0:
        thief.inventory.append(Token("food", face_up=True, uid=935 + len(thief.inventory)))
    assert offer(b[0], "key", 940) == "leave"  # no free space: nothing can be taken
