"""The bots' choices in the competitive scenarios 6-10: the S6 escape in the RV,
hunting to keep the bin stocked, and who wins when the city is overrun (a betrayer too)."""

from __future__ import annotations

import math

from flick.game import Game
from flick.game.bots import betrayal, plans
from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.bots.goals import SUPPLIES
from flick.game.inputs import ChooseSurvivor, TakeDrop
from flick.game.scenarios import secret
from flick.game.state import Token
from flick.scenario import load
from tests.game.tables import put_inside


def _s6(seed: int = 4) -> tuple[Game, HeuristicBot]:
    game = Game(load(6), seed)
    game.bin = 12  # no kill needed for the next horde: the objective alone decides
    return game, HeuristicBot(seed, params=game.board.params)


def _team(game: Game, team: str) -> list:
    return [x for x in game.survivors.values() if x.team == team]


def test_s6_team_heads_into_the_rv_once_it_holds_key_and_fuel() -> None:
    game, bot = _s6()
    a = _team(game, "A")
    for x in a:
        x.inventory[:] = [t for t in x.inventory if t.kind not in ("key", "fuel")]
    s = a[1]
    assert bot.goal(game, s) != ("enter", "rv")  # nothing held yet: it searches
    a[0].inventory.append(Token("key", face_up=False, uid=901))
    game.stashes["rv"] = [Token("fuel", face_up=True, uid=902)]
    # A teammate carries the key and the fuel lies in the RV: the escape is 2 entries away.
    assert bot.goal(game, s) == ("enter", "rv")
    # The other team's face-down key is not the team's: B searches on.
    b = _team(game, "B")[1]
    a[0].inventory.pop()
    b_mate = _team(game, "B")[0]
    b_mate.inventory.append(Token("key", face_up=False, uid=903))
    assert bot.goal(game, s) != ("enter", "rv")
    assert bot.goal(game, b) == ("enter", "rv")


def test_s6_a_team_that_cannot_escape_hunts() -> None:
    game, bot = _s6()
    a = _team(game, "A")
    for x in a[1:]:
        x.life, x.alive = 0, False
    assert bot.goal(game, a[0]) == ("hunt", None)


def test_s6_s9_s10_hunt_for_the_next_horde_but_carriers_deliver() -> None:
    game, bot = _s6()
    s = next(x for x in _team(game, "A") if x.piece is not None)
    s.inventory[:] = [Token("gun", face_up=True, uid=910)]
    game.bin = 0
    assert bot.kills_needed(game) > 0
    assert bot.goal(game, s) == ("hunt", None)
    s.inventory.append(Token("fuel", face_up=False, uid=911))
    assert bot.goal(game, s) == ("enter", "rv")
    # S10: a survivor holding the 2 fuel would carry it, not hunt.
    g10 = Game(load(10), 3, players={"A": 3, "B": 3})
    bot10 = HeuristicBot(3, params=g10.board.params)
    x = next(v for v in g10.survivors.values() if v.piece is not None)
    x.inventory[:] = [Token("gun", face_up=True, uid=920)]
    g10.bin = 0
    x.inventory += [Token("fuel", face_up=False, uid=921), Token("fuel", face_up=False, uid=922)]
    assert not bot10.versus.hunts(g10, x)
    # Measured in S6 only: S7 and S10 keep their own plans.
    assert not plans.versus_rules(g10, x)
    g7 = Game(load(7), 3)
    y = next(v for v in g7.survivors.values() if v.piece is not None)
    assert not plans.versus_rules(g7, y)


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


def _s9() -> tuple[Game, HeuristicBot]:
    game = Game(load(9), 2, players={"A": 3, "B": 3})
    game.bin = 12
    return game, HeuristicBot(2, params=game.board.params)


def test_a_hidden_betrayer_does_not_win_for_its_team() -> None:
    game, bot = _s9()
    rs = game.rule_state
    b = next(x for x in game.survivors.values() if x.team == "B" and x.piece is not None)
    b.inventory[:] = [Token("food", face_up=False, uid=950), Token("fuel", face_up=False,
                                                                    uid=951)]
    rs.betrayers[:] = [n for n in rs.betrayers if game.survivors[n].team != "B"]
    assert bot.goal(game, b) == ("enter", "school")  # loyal: carry the supplies in
    rs.betrayers.append(b.name)
    assert bot.goal(game, b) == ("hunt", None)  # the betrayer keeps them out


def test_team_a_scavenger_betrayer_searches_for_a_supply() -> None:
    """Team A guards and hunts, and never picks up a supply; its betrayer with the Scavenger
    card (a supply held at the end) searches for one instead, and guards or hunts again once
    it holds one (S9 seed 100 x 40: betrayers won 9 games before, 12 after)."""
    game, bot = _s9()
    rs = game.rule_state
    a = next(x for x in game.survivors.values() if x.team == "A" and x.piece is not None)
    a.inventory[:] = [t for t in a.inventory if t.kind not in SUPPLIES]
    rs.betrayers[:] = [n for n in rs.betrayers if game.survivors[n].team != "A"] + [a.name]
    rs.objective[a.name] = "b03"  # Scavenger
    guard_or_hunt = (("enter", "school"), ("hunt", None))
    goal = bot.goal(game, a)
    assert goal[0] in ("object", "enter") and goal not in guard_or_hunt, goal
    rs.objective[a.name] = "b06"  # Vanish: no token asked, it guards or hunts like team A
    assert bot.goal(game, a) in guard_or_hunt
    rs.objective[a.name] = "b03"
    a.inventory.append(Token("fuel", face_up=False, uid=960))
    assert bot.goal(game, a) in guard_or_hunt


def test_betrayer_strikes_while_its_card_wants_teammates_dead() -> None:
    game, bot = _s9()
    rs = game.rule_state
    s = next(iter(game.survivors.values()))
    rs.objective[s.name] = "b05"  # Wrecker: 2 of the team it betrayed dead
    assert betrayal.strike_chance(game, s) == 0.7
    rs.objective[s.name] = "b06"  # Vanish: nothing more asked
    assert betrayal.strike_chance(game, s) == 0.4
    rs.objective[s.name] = "o02"  # Fuel Runner: its own card wants a fuel
    assert "fuel" in bot.wanted_kinds(game, s)


def test_accusation_by_the_chance_of_betrayal() -> None:
    game, _ = _s9()
    rs = game.rule_state
    team = [x for x in game.survivors.values() if x.team == "A"]
    me, suspect, other = team
    # 3 players: 4 cards dealt from, 1 betrayer card; the other 2 players and the card put
    # away share it: 1/3 each.
    assert abs(betrayal.betrayer_odds(game, me, suspect.name) - 1 / 3) < 1e-9
    game.event("turn", survivor=suspect.name, round=1)
    game.event("wound", survivor=other.name, cause="gun", life=other.life - 1)
    p = betrayal.betrayer_odds(game, me, suspect.name)
    assert abs(p - 2 / 3) < 1e-9  # odds 1/2 x 4
    game.event("vote_result", accused=other.name, shown=True, betrayer=False, up=2, down=1)
    assert betrayal.betrayer_odds(game, me, other.name) == 0.0
    assert betrayal.betrayer_odds(game, me, suspect.name) > p  # fewer places left for the card
    rs.unmasked.append(other.name)
    assert betrayal.betrayer_odds(game, me, suspect.name) == 0.0


def test_shelter_from_a_quiet_rush_on_the_last_action() -> None:
    game, bot = _s6()
    board = game.board
    s = next(x for x in _team(game, "A") if x.piece is not None)
    b = "grocery_store"
    board.table.set_pose(s.piece, *board.front(b, 14.0), 0.0)
    z = min(board.zombies(), key=lambda p: math.dist(board.pos(p), board.front(b, 14.0)))
    zx, zy = board.front(b, 14.0)
    board.table.set_pose(z, zx + 22.0, zy + 6.0, 0.0)
    game.building_zombies[b] = []
    for x in game.survivors.values():
        if x.building == b:
            x.building = None
    game.actions_done = game.rules.max_actions(game) - 1
    move = bot.versus.shelter(game, s)
    assert move is not None and move.kind == "move"
    game.actions_done = 0  # not the last action: no shelter yet
    assert bot.versus.shelter(game, s) is None


def test_over_full_survivor_drops_before_an_exchange() -> None:
    """The pretzel is handed to the closest survivor when its holder dies, whatever that
    survivor holds, so an inventory can hold 3 tokens in 2 spaces. An exchange then still
    leaves no space (the engine refuses it: seen in S7 game seed 118, where the bot's
    exchange stopped `flick sim`); the bot drops a token first."""
    game = Game(load(7), 3)
    bot = HeuristicBot(3, params=game.board.params)
    s = put_inside(game, next(x.name for x in game.survivors.values()
                              if x.team == game.current_team and x.piece is not None),
                   "gas_station")
    holder = next(x for x in game.survivors.values() if any(t.kind == "pretzel"
                                                            for t in x.inventory))
    pretzel = next(t for t in holder.inventory if t.kind == "pretzel")
    holder.inventory.remove(pretzel)
    s.inventory[:] = [Token("medicine", face_up=True, uid=950),
                      Token("gun", face_up=True, uid=951), pretzel]
    assert s.free_spaces() < 0
    game.stashes["gas_station"] = [Token("food", face_up=True, uid=952)]
    game.apply(ChooseSurvivor(s.name))
    inp = bot.decide(game)
    game.apply(inp)  # legal: the engine raises IllegalAction on the old exchange
    assert isinstance(inp, TakeDrop) and inp.take is None and inp.drop is not None
    assert [t.kind for t in s.inventory].count("medicine") == 0


def test_s6_inside_a_survivor_kills_for_the_next_two_hordes() -> None:
    # As in S5: a rush cannot fell a survivor inside, so it kills for the horde after the
    # next too, half of it this round (S6 seeds 100-400 x 40: 108 of 160 won, against 76).
    game, bot = _s6()
    assert game.round_colour == "day" and game.round_marker >= 3
    game.bin = 3  # the night's horde (3) is covered; the day's after it (2) is not
    s = next(x for x in _team(game, game.current_team) if x.piece is not None)
    game.apply(ChooseSurvivor(s.name))
    assert bot.kills_needed(game) == 0  # in the streets: only the next horde counts
    game.board.remove_survivor(s)
    s.building = "police_station"
    assert bot.kills_needed(game) == 1  # inside: half of the 2 the two hordes lack
