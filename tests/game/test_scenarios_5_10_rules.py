"""Scenarios 5-10, rule by rule, on small hand-built cities (flick.game.scenarios and bots)."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    FightFlick,
    FightWeapon,
    Flick,
    Keep,
    Move,
    TakeDrop,
    input_from_json,
)
from flick.game.scenarios import crossroads, secret, supply
from flick.game.scenarios import objectives as competitive
from flick.game.scenarios.inputs import (
    Accuse,
    Allegiance,
    CrossroadsChoice,
    ExileFlick,
    ExtraAction,
    Flare,
    Heal,
    MoveX,
    PickToken,
    Steal,
    Vote,
)
from flick.game.state import GameOver, Noise
from flick.scenario.model import Scenario

RULES = ["shotgun", "sniper_rifle", "fight_survivor_vs_zombie", "take_in_city", "crossroads",
         "fight_survivor_vs_survivor", "stealing", "special_powers", "flare"]
BASE: dict[str, Any] = {
    "number": 91, "name": "Test town", "mode": "competitive", "players": {"min": 2, "max": 10},
    "story": "a test", "city": {"width": 90, "height": 90},
    "zombie_bin": {"x": 80, "y": 5, "zombies": 6, "tower_facing": "west"},
    "buildings": [{"name": "library", "x": 20, "y": 80, "facing": "south"},
                  {"name": "rv", "x": 70, "y": 80, "facing": "south"},
                  {"name": "school", "x": 45, "y": 10, "facing": "north"}],
    "zombies": [{"x": 45, "y": 45}],
    "teams": [
        {"name": "A", "base": "rv", "survivors": [
            {"name": "John", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Elijah", "life": 3, "x": 30, "y": 40, "power_side": True}]},
        {"name": "B", "base": "school", "survivors": [
            {"name": "Rosa", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Anita", "life": 3, "x": 70, "y": 30, "power_side": True}]}],
    "pretzel": {"survivor": "John"},
    "round_marker": {"start": 4, "first_round": "day"},
    "invasion": {"day": 1, "night": 1},
    "objectives": [
        {"id": "team_escape_in_rv", "team": "A", "text": "t",
         "params": {"base": "rv", "survivors": 2, "tokens": {"key": 1, "fuel": 1}}},
        {"id": "team_escape_in_rv", "team": "B", "text": "t",
         "params": {"base": "rv", "survivors": 2, "tokens": {"key": 1, "fuel": 1}}}],
    "losing": [{"id": "city_overrun", "text": "t"}],
    "skull": {"id": "skull_both_lose", "text": "t"},
    "special_rules": [{"id": r} for r in RULES],
    "provenance": {"rulebook": [], "reconstructed": ["all"]},
}


def table(**changes: Any) -> Scenario:
    data = copy.deepcopy(BASE)
    extra_rules = changes.pop("rules", [])
    data.update(changes)
    data["special_rules"] = data["special_rules"] + [{"id": r} for r in extra_rules]
    return Scenario.model_validate(data)


def put_inside(game: Game, name: str, building: str) -> Any:
    s = game.survivors[name]
    game.board.remove_survivor(s)
    s.building = building
    return s


def frozen(game: Game) -> Any:
    return (copy.deepcopy(game.rule_state), {n: copy.deepcopy(s.__dict__)
                                      for n, s in game.survivors.items()},
            copy.deepcopy(game.stashes), game.phase, game.actions_done,
            game.board.table.state_hash())


# ---- S5: Crossroads ---------------------------------------------------------------------------
def test_crossroads_deck_has_30_cards_with_known_effects() -> None:
    deck = crossroads.deck()
    assert len(deck) == 30
    assert all(set(o.effects) <= set(crossroads.EFFECTS) for c in deck.values()
               for o in c.options)
    g1, g2 = Game(table(), 3), Game(table(), 3)
    assert g1.rule_state.crossroads_deck == g2.rule_state.crossroads_deck
    assert sorted(g1.rule_state.crossroads_deck) == sorted(deck)


def test_crossroads_token_draws_a_card_and_the_choice_resolves_it() -> None:
    game = Game(table(), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("crossroads", face_up=False)]
    game.rule_state.crossroads_deck = ["c05", *game.rule_state.crossroads_deck]  # Second Wind
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    assert game.phase == "crossroads" and game.legal_kinds() == ["crossroads"]
    assert game.stashes["library"] == []  # the token leaves the game
    before = frozen(game)
    with pytest.raises(IllegalAction):
        game.apply(CrossroadsChoice(3))
    assert frozen(game) == before
    game.apply(CrossroadsChoice(0))
    assert game.phase == "act" and game.rules.max_actions(game) == 3
    assert any(e.type == "crossroads_choice" for e in game.events)


def test_crossroads_costs_must_be_payable_and_new_zombies_come_from_the_box_first() -> None:
    game = Game(table(), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("crossroads", face_up=False)]
    deck = game.rule_state.crossroads_deck
    game.rule_state.crossroads_deck = ["c09", *deck]  # lose 1 life or medicine
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    with pytest.raises(IllegalAction, match="medicine"):
        game.apply(CrossroadsChoice(1))
    game.apply(CrossroadsChoice(0))
    assert john.life == 2
    box, bin_ = game.box, game.bin
    assert crossroads.take_new_zombies(game, box + 1) == box + 1
    assert game.box == 0 and game.bin == bin_ - 1


def test_crossroads_new_zombies_rush_at_the_survivor() -> None:
    game = Game(table(), 2)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    city = game.zombie_counts()["city"]
    crossroads.resolve(game, john, {"new_zombies": 2})
    assert game.zombie_counts()["city"] == city + 2
    assert sum(game.zombie_counts().values()) == 18
    assert any(e.type == "rush" and e.data["reason"] == "crossroads" for e in game.events)


def test_found_survivor_joins_with_2_life_in_the_building() -> None:
    game = Game(table(mode="co-op", teams=[BASE["teams"][0]], pretzel=None,
                      reserve_survivors=["Mike", "Lily"],
                      objectives=[{"id": "find_survivors_and_tokens", "text": "t",
                                   "params": {"survivors_found": 2, "base": "rv",
                                              "tokens": {"fuel": 2}}}],
                      rules=["found_survivors"]), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("survivor", face_up=False)]
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    mike = game.survivors["Mike Cho"]
    assert mike.life == 2 and mike.building == "library" and mike.team == john.team
    assert game.rule_state.found == 1
    game.rule_state.found = 2
    game.stashes["rv"] = [game.new_token("fuel"), game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.reason == "objective"



def test_a_refused_action_takes_back_a_survivor_who_joined_during_it(monkeypatch: Any) -> None:
    """An illegal action changes nothing: a found survivor who joined before a check deep in
    the action failed is taken back (status, summary, generator, table all as before)."""
    game = Game(table(mode="co-op", teams=[BASE["teams"][0]], pretzel=None,
                      reserve_survivors=["Mike", "Lily"],
                      objectives=[{"id": "find_survivors_and_tokens", "text": "t",
                                   "params": {"survivors_found": 2, "base": "rv",
                                              "tokens": {"fuel": 2}}}],
                      rules=["found_survivors"]), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("survivor", face_up=False)]
    game.apply(ChooseSurvivor(john.name))
    real = supply.found_survivor

    def join_then_fail(game: Game, finder: Any, key: str) -> None:
        real(game, finder, key)
        game.rng.random()  # and the generator moved on
        raise IllegalAction("a check deep inside the action failed")

    monkeypatch.setattr(supply, "found_survivor", join_then_fail)

    def seen() -> Any:
        return (repr(game.status()), repr(game.summary()), str(game.rng.bit_generator.state),
                game.board.table.state_hash(), list(game.survivors))

    before = seen()
    with pytest.raises(IllegalAction, match="deep inside"):
        game.apply(TakeDrop(take=0))
    assert seen() == before and "Mike Cho" not in game.survivors
    monkeypatch.setattr(supply, "found_survivor", real)
    game.apply(TakeDrop(take=0))
    assert game.survivors["Mike Cho"].life == 2


def test_a_refused_action_takes_back_a_fight_it_started(monkeypatch: Any) -> None:
    """A survivor fight begun inside a refused action is gone after the refusal."""
    game = Game(table(), 4)
    put_inside(game, "Rosa Rodriguez", "library")
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    from flick.game import actions

    def enter_then_fail(game: Game, inp: Any) -> None:
        put_inside(game, john.name, "library")
        game.rules.on_enter(game, john, "library")
        assert game.phase == "fight"
        raise IllegalAction("refused after the fight began")

    monkeypatch.setattr(actions, "perform", enter_then_fail)
    before = frozen(game)
    with pytest.raises(IllegalAction, match="refused after"):
        game.apply(TakeDrop(take=0))
    assert frozen(game) == before and game.fight is None
    assert "fight" not in game.status() and game.legal_kinds() != ["fight_weapon"]


@pytest.mark.parametrize("side", ["left", "right"])
def test_the_knife_never_starts_on_or_sweeps_its_own_survivor(side: str) -> None:
    """The knife stands pointing the way it is flicked, a bullet-width clear of the base: a
    flick whose line the bots call clear of the survivor never touches the survivor first
    (laid along the facing, flicked 45 degrees across it, it clipped its own survivor)."""
    from flick.game.actions import _clear_of_base
    from flick.game.bots.aim import path_clear
    from flick.game.inputs import Knife

    base = (10.0, 10.0)
    for deg in range(0, 360, 15):
        a = math.radians(deg)
        start = _clear_of_base(base, (10.0, 14.6), a, 3.9, 3.0)
        ux, uy = math.cos(a), math.sin(a)
        closest = min(math.dist(base, (start[0] + t / 10 * ux, start[1] + t / 10 * uy))
                      for t in range(-30, 31))
        assert closest >= 3.9 - 1e-6 and start[0] == 10.0 and start[1] >= 14.6
    game = Game(table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    john.inventory = [game.new_token("knife")]
    b = game.board
    b.face(john, 0.0)
    saved = game._save()
    for deg in range(-165, 180, 30):
        game._restore(copy.deepcopy(saved))  # the same table for every flick
        start = b.beside(b.pos(john.piece), 0.0, side, b.bullet_d)
        a = math.radians(deg)
        target = (start[0] + 12 * math.cos(a), start[1] + 12 * math.sin(a))
        own = [o for o in b.obstacles() if o.pid == john.piece]
        if not path_clear(start, target, b.bullet_d / 2, own, set(), margin=0.3):
            continue  # a bot never aims through its own survivor
        angle, strength = impulse_to(b.params, "knife", start, target, arrive=150.0)
        game.apply(Knife(side, Flick(vector(angle, strength))))
        flick = [e for e in game.events if e.type == "flick"][-1]
        assert flick.data["first_touch"] != john.name, deg
        assert john.life == 3


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
        values = [bot._option_value(game, john, fx) for fx in options[card]]
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
    from flick.game.inputs import Shoot

    game = Game(table(zombies=[{"x": 20, "y": 55}, {"x": 8, "y": 40}]), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    john.inventory = [game.new_token("gun")]
    game.board.face(john, math.pi / 2)
    bot = HeuristicBot(1)
    target = min(game.board.zombies(), key=lambda z: game.board.pos(z)[1] * -1)
    game.bin = 10  # the next horde is in the bin
    assert bot._loud_rush_hits(game, john, exclude={target})
    assert bot._shot_at(game, john, target) is None
    game.bin = 0  # kills needed for the next horde
    assert isinstance(bot._shot_at(game, john, target), Shoot)
    john.life = 1
    assert bot._shot_at(game, john, target) is None

# ---- S6: survivor fights, stealing, the key -----------------------------------------------------
def _aim(game: Game, duel: Any, name: str) -> Flick:
    (sx, sy), kind = duel.weapon_piece_start(name)
    target = min(duel.targets(name), key=lambda n: math.dist((sx, sy), duel.position(n)))
    angle, strength = impulse_to(game.board.params, kind, (sx, sy), duel.position(target),
                                 arrive=160.0)
    return Flick(vector(angle, strength))


def test_survivor_fight_in_a_building_wounds_and_throws_the_loser_out() -> None:
    game = Game(table(), 4)
    rosa = put_inside(game, "Rosa Rodriguez", "library")
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    put_inside(game, john.name, "library")
    game.rules.on_enter(game, john, "library")
    duel = game.fight
    assert game.phase == "fight" and duel.kind == "duel"
    assert 75.0 <= duel.distance <= 90.0
    game.apply(FightWeapon("gun"))
    game.apply(FightWeapon("gun"))
    for _ in range(12):
        if game.phase != "fight":
            break
        game.apply(FightFlick(_aim(game, game.fight, game.fight.to_act)))
    assert game.phase != "fight"
    loser = rosa if rosa.building is None else john
    winner = john if loser is rosa else rosa
    assert loser.life == 2 and not loser.standing and loser.piece is not None
    assert winner.building == "library" and winner.life == 3
    assert game.board.door_depth(game.board.pos(loser.piece), "library") > 0


def test_stealing_takes_a_face_down_token_from_a_fallen_opponent() -> None:
    game = Game(table(), 1)
    rosa, john = game.survivors["Rosa Rodriguez"], game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    fuel = game.new_token("fuel", face_up=False)
    rosa.inventory = [fuel]
    game.board.table.set_pose(rosa.piece, 24.0, 40.0, 0.0)  # 1.4 cm from John
    game.board.table.lay_down(rosa.piece, math.pi)  # lying toward John
    rosa.standing = False
    game.wound(rosa, "gun")
    game.rules._steal(game)
    assert game.legal_kinds() == ["steal"]
    offer = game.rule_state.steal_offers[0]
    assert offer["thief"] == john.name and offer["uid"] == fuel.uid
    before = frozen(game)
    with pytest.raises(IllegalAction, match="X token"):
        game.apply(Steal("discard"))  # a fuel may not be discarded
    assert frozen(game) == before
    game.apply(Steal("take"))
    assert game.legal_kinds() != ["steal"] and game.phase == "act"
    assert fuel in john.inventory and fuel not in rosa.inventory
    assert any(e.type == "steal" and e.data["outcome"] == "taken" for e in game.events)



def _turn_noise_events(game: Game, name: str) -> int:
    return sum(1 for e in game.events if e.type == "noise" and e.data["survivor"] == name)


def test_the_steal_is_decided_right_when_the_shot_fells_before_the_turn_ends() -> None:
    """Rulebook p. 23: stealing happens when the survivor falls. The shot was the turn's last
    action, yet the game holds (phase "decide", only `steal`) before the zombies react."""
    from flick.game.inputs import Shoot

    game = Game(table(), 1)
    john, rosa = game.survivors["John Price"], game.survivors["Rosa Rodriguez"]
    game.board.table.set_pose(game.survivors["Elijah Jordan"].piece, 10.0, 75.0, 0.0)
    game.apply(ChooseSurvivor(john.name))
    game.board.face(john, 0.0)
    jx, jy = game.board.pos(john.piece)
    game.board.table.set_pose(rosa.piece, jx + 10.0, jy + 4.6, 0.0)
    fuel = game.new_token("fuel", face_up=False)
    rosa.inventory = [fuel]
    john.inventory = [game.new_token("gun")]
    game.actions_done = 1  # the shot is John's last action
    start = game.board.beside((jx, jy), 0.0, "left", game.board.bullet_d)
    angle, strength = impulse_to(game.board.params, "bullet", start, (jx + 10.0, jy + 4.6),
                                 arrive=150.0)
    game.apply(Shoot("left", Flick(vector(angle, strength))))
    assert rosa.life == 2
    assert game.phase == "decide" and game.legal_kinds() == ["steal"]
    assert _turn_noise_events(game, john.name) == 0  # the turn has not ended yet
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(EndTurn())
    assert game.rule_state.steal_offers[0]["thief"] == john.name
    game.apply(Steal("take"))
    assert fuel in john.inventory and fuel not in rosa.inventory
    assert _turn_noise_events(game, john.name) == 1 and game.phase in ("choose", "over")
    order = [e.type for e in game.events]
    assert order.index("steal") < order.index("noise")


def test_moving_the_x_token_is_decided_right_when_the_last_survivor_leaves() -> None:
    """S8: the X token moves as the last survivor leaves, before the turn ends."""
    game = Game(s8_table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    put_inside(game, john.name, "library")
    game.actions_done = 1
    board = game.board
    start = board.behind("library", board.disc)
    angle, strength = impulse_to(board.params, "movement_disc", start, board.front("library", 8.0))
    game.apply(Move(Flick(vector(angle, strength))))
    assert john.building is None and john.piece is not None
    assert game.phase == "decide" and game.legal_kinds() == ["move_x"]
    assert _turn_noise_events(game, john.name) == 0
    game.apply(MoveX("school"))
    assert game.rule_state.x_blocked == ["library"]
    assert _turn_noise_events(game, john.name) == 1 and game.phase in ("choose", "over")

def test_secret_tokens_and_the_rv_taking_key_and_fuel() -> None:
    game = Game(table(rules=["secret_tokens", "rv_unloads_key_and_fuel"]), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    john.inventory = [game.new_token("key"), game.new_token("fuel")]
    game.rules._secret_tokens(game)
    assert all(not t.face_up for t in john.inventory)
    assert game.status()["survivors"][john.name]["inventory"] == ["?", "?"]
    put_inside(game, john.name, "rv")
    game.rules.on_enter(game, john, "rv")
    assert john.inventory == [] and sorted(t.kind for t in game.stashes["rv"]) == ["fuel", "key"]
    put_inside(game, "Elijah Jordan", "rv")
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "A"


# ---- S7: flares, powers, bases -------------------------------------------------------------------
def test_flare_directs_the_reaction_and_its_face_sets_the_noise() -> None:
    game = Game(table(), 1)
    game.apply(ChooseSurvivor("John Price"))
    game.apply(EndTurn())
    elijah = game.survivors["Elijah Jordan"]
    assert game.rule_state.power_tokens[elijah.name]["flare"] == 2
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    game.apply(EndTurn())
    game.apply(ChooseSurvivor(elijah.name))
    assert "flare" in game.legal_kinds()
    start = game.board.beside(game.board.pos(elijah.piece), elijah.facing, "right", 2.0)
    angle, strength = impulse_to(game.board.params, "flare_token", start, (40.0, 45.0))
    game.apply(Flare(Flick(vector(angle, strength)), big=False))
    assert game.rule_state.flare is not None and game.rule_state.flare[2] == int(Noise.QUIET)
    assert game.rule_state.power_tokens[elijah.name]["flare"] == 1
    game.apply(EndTurn())
    react = [e for e in game.events if e.type == "flare_reaction"]
    assert react and react[-1].data["noise"] == "QUIET"


def test_powers_anita_john_kevin_olivia_loretta() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Anita", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Olivia", "life": 3, "x": 24, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [
            {"name": "Kevin", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Loretta", "life": 3, "x": 70, "y": 30, "power_side": True}]}],
        pretzel={"survivor": "Anita"}), 1)
    anita = game.survivors["Anita Wallace"]
    game.apply(ChooseSurvivor(anita.name))
    game.apply(ExtraAction())
    assert game.rules.max_actions(game) == 3
    assert game.rule_state.power_tokens[anita.name]["extra_action"] == 1
    game.apply(EndTurn())
    kevin = game.survivors["Kevin Jackson"]
    assert game.rules.turn_noise(game, kevin, Noise.QUIET) == Noise.SILENT
    assert game.rules.turn_noise(game, kevin, Noise.LOUD) == Noise.LOUD
    loretta = game.survivors["Loretta Clay"]
    loretta.inventory = [game.new_token("food"), game.new_token("food")]
    assert loretta.free_spaces() == 1
    game.apply(ChooseSurvivor(kevin.name))
    game.apply(EndTurn())
    olivia = game.survivors["Olivia Brown"]
    anita.life = 1
    olivia.inventory = [game.new_token("medicine")]
    game.apply(ChooseSurvivor(olivia.name))
    before = frozen(game)
    with pytest.raises(IllegalAction):
        game.apply(Heal("Kevin Jackson", olivia.name))  # not next to her
    assert frozen(game) == before
    game.apply(Heal(anita.name, olivia.name))
    assert anita.life == 2 and olivia.inventory == [] and game.actions_done == 0


def test_gabriel_looks_at_two_tokens_and_picks_one() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Gabriel", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Gabriel"}), 1)
    gabriel = put_inside(game, "Gabriel Diaz", "library")
    game.stashes["library"] = [game.new_token("food", False), game.new_token("gun", False)]
    game.apply(ChooseSurvivor(gabriel.name))
    game.apply(TakeDrop(take=0))
    assert game.phase == "pick"
    game.apply(PickToken(1))
    assert game.phase == "keep"
    game.apply(Keep(True))
    assert [t.kind for t in gabriel.inventory if t.kind != "pretzel"] == ["gun"]
    assert [(t.kind, t.face_up) for t in game.stashes["library"]] == [("food", False)]


def test_round_end_base_objective_and_skull_tie_break() -> None:
    sc = table(objectives=[
        {"id": "tokens_in_base", "team": "A", "text": "t",
         "params": {"base": "rv", "all_of": ["fuel", "food"], "at_round_end": True}},
        {"id": "tokens_in_base", "team": "B", "text": "t",
         "params": {"base": "school", "all_of": ["fuel", "food"], "at_round_end": True}}],
        skull={"id": "skull_most_tokens_in_base", "text": "t",
               "params": {"kinds": ["fuel", "food"], "tie": "most_held"}})
    game = Game(sc, 1)
    game.rule_state.initial_counts = {"fuel": 3, "food": 4}
    game.stashes["rv"] = [game.new_token("fuel") for _ in range(3)]
    competitive.check(game)  # not at a round's end: nothing
    with pytest.raises(GameOver) as end:
        competitive.check(game, round_end=True)
    assert end.value.winner == "A"
    game.stashes["school"] = [game.new_token("food") for _ in range(3)]
    game.survivors["Rosa Rodriguez"].inventory = [game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.at_skull(game)
    assert end.value.winner == "B"  # 3 each in the bases; B's survivors hold more


# ---- S8: X tokens, supply, recruits ----------------------------------------------------
def s8_table() -> Scenario:
    return table(rules=["x_tokens_block_buildings", "moving_x_tokens", "new_survivor"],
                 reserve_survivors=["Mike", "Lily", "Thomas"],
                 tokens={"pools": [{"shuffle": {"gun": 3}, "place": {}, "supply": 3}],
                         "fixed": [{"token": "x", "at": "school", "count": 1, "where": "front"}]},
                 objectives=[{"id": "outnumber", "team": t, "text": "t", "params": {"margin": 3}}
                             for t in ("A", "B")],
                 skull={"id": "skull_most_survivors", "text": "t",
                        "params": {"tie": "another_round"}})


def test_x_token_blocks_moves_on_last_exit_and_fills_from_the_supply() -> None:
    game = Game(s8_table(), 1)
    assert game.rule_state.x_blocked == ["school"] and "front:school" not in game.stashes
    john = game.survivors["John Price"]
    assert game.rules.entry_refused(game, john, "school") is not None
    assert game.rules.entry_refused(game, john, "library") is None
    put_inside(game, john.name, "library")
    game.rule_state.recruits["library"] = 1
    john.building = None
    game.board.place_survivor(john, game.board.front("library", 6.0), -math.pi / 2)
    n_supply = len(game.stashes["supply"])
    supply.after_exit(game, john, "library", by_disc=True)
    assert game.legal_kinds() == ["move_x"]
    before = frozen(game)
    with pytest.raises(IllegalAction, match="no X token"):
        game.apply(MoveX("rv"))
    assert frozen(game) == before
    game.apply(MoveX("school"))
    assert game.rule_state.x_blocked == ["library"]
    assert len(game.stashes["school"]) == 1 and not game.stashes["school"][0].face_up
    assert len(game.stashes["supply"]) == n_supply - 1
    recruits = [s for s in game.survivors.values() if s.team == "A"]
    assert len(recruits) == 3 and recruits[-1].life == 2 and recruits[-1].piece is not None


def test_outnumber_and_another_round_at_a_tied_skull() -> None:
    game = Game(s8_table(), 1)
    competitive.at_skull(game)  # 2 against 2: another round, no end
    assert game.events[-1].type == "another_round"
    for name in ("Mike", "Lily", "Thomas"):
        from flick.game.scenarios.rules import _full_name

        supply.new_board(game, _full_name(name), "A", 2)
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "A"


# ---- S9-S10: secret objectives, accusation, the betrayer ------------------------------
@pytest.mark.parametrize("players,size", [(6, 3), (8, 4), (10, 5)])
def test_team_sizes_and_dealing(players: int, size: int) -> None:
    from flick.game.scenarios.five_to_ten import team_sizes
    from flick.scenario import load

    sc = load(10)
    game = Game(sc, 5, players=team_sizes(sc, players))
    for team in ("A", "B"):
        assert len([s for s in game.survivors.values() if s.team == team]) == size
    assert len(set(game.survivors)) == 2 * size
    assert len(game.rule_state.objective) == 2 * size
    for team in ("A", "B"):
        assert sum(1 for n in game.rule_state.betrayers if game.survivors[n].team == team) <= 1
    assert game.turn_order.players == {"A": size, "B": size}


def _s10_with_betrayer(seed: int) -> Game:
    from flick.scenario import load

    game = Game(load(10), seed, players={"A": 3, "B": 3})
    a = [s.name for s in game.survivors.values() if s.team == game.current_team]
    game.rule_state.betrayers = [a[1]]
    game.rule_state.objective[a[1]] = "b01"
    return game


def test_accusing_the_betrayer_makes_it_a_third_team() -> None:
    game = _s10_with_betrayer(2)
    team = game.current_team
    names = [s.name for s in game.survivors.values() if s.team == team]
    accuser, betrayer = names[0], names[1]
    game.apply(ChooseSurvivor(accuser))
    game.apply(Accuse(betrayer))
    assert game.phase == "vote" and game.actions_done == 1
    for _ in names:
        game.apply(Vote(True))
    b = game.survivors[betrayer]
    assert b.team.startswith("betrayer") and b.life == 3 and not b.standing
    assert game.rule_state.objective[betrayer].startswith("b") and game.rule_state.x_token[betrayer]
    assert game.survivors[accuser].power_side
    assert list(game.turn_order.players)[-1] == b.team
    assert game.phase == "exile"
    game.apply(ExileFlick(Flick((300.0, 0.0))))
    assert game.phase in ("act", "choose")


def test_a_wrong_accusation_costs_life_or_a_defection() -> None:
    game = _s10_with_betrayer(3)
    team = game.current_team
    names = [s.name for s in game.survivors.values() if s.team == team]
    game.apply(ChooseSurvivor(names[0]))
    old = game.rule_state.objective[names[2]]
    game.apply(Accuse(names[2]))
    for _ in names:
        game.apply(Vote(True))
    assert game.phase == "allegiance" and game.rule_state.objective[names[2]] != old
    game.apply(Allegiance(defect=True))
    assert game.survivors[names[2]].team != team and game.survivors[names[0]].power_side


def test_bots_defect_when_wrongly_accused_by_the_weaker_clan() -> None:
    """The wrongly accused bot joins the side that then looks stronger (life left among
    the living): it stays with a clan still stronger after paying a life each, else defects."""
    from flick.game.bots.five_to_ten import HeuristicBot

    game = _s10_with_betrayer(3)
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


def test_a_vote_without_majority_changes_nothing() -> None:
    game = _s10_with_betrayer(4)
    names = [s.name for s in game.survivors.values() if s.team == game.current_team]
    game.apply(ChooseSurvivor(names[0]))
    game.apply(Accuse(names[1]))
    game.apply(Vote(True))
    game.apply(Vote(False))
    game.apply(Vote(False))
    assert game.survivors[names[1]].team == game.survivors[names[0]].team
    assert not game.rule_state.unmasked


def test_individual_wins_follow_team_outcome_and_objectives() -> None:
    game = _s10_with_betrayer(5)
    game.phase, game.winner = "over", "B"
    for row in secret.results(game):
        s = game.survivors[row["survivor"]]
        if row["betrayer"]:
            assert row["won"] == (row["original_team"] != "B" and row["objective_met"])
        else:
            assert row["won"] == (s.team == "B" and row["objective_met"])
    victim = next(iter(game.survivors.values()))
    victim.life, victim.alive = 0, False
    row = next(r for r in secret.results(game) if r["survivor"] == victim.name)
    assert not row["won"] and not row["alive"]  # dead and gone: out of the game


def test_new_inputs_round_trip_through_json() -> None:
    for inp in (CrossroadsChoice(1), Flare(Flick((1.0, 2.0)), big=False), Accuse("John Price"),
                Vote(True), ExileFlick(Flick((3.0, 4.0))), Allegiance(True)):
        assert input_from_json(inp.to_json()) == inp


def test_dangerous_days_and_nights_add_a_zombie_to_each_horde() -> None:
    game = Game(table(), 1, dangerous=True)
    assert (game.scenario.invasion.day, game.scenario.invasion.night) == (2, 2)


def _powers_table() -> Scenario:
    return table(teams=[
        {"name": "A", "survivors": [
            {"name": "John", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Thomas", "life": 3, "x": 10, "y": 60, "power_side": True},
            {"name": "Mike", "life": 3, "x": 10, "y": 20, "power_side": True}]},
        {"name": "B", "survivors": [
            {"name": "Rosa", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Lily", "life": 3, "x": 38, "y": 45, "power_side": True}]}],
        zombies=[{"x": 45, "y": 45}, {"x": 55, "y": 55}, {"x": 65, "y": 55},
                 {"x": 75, "y": 55}],
        pretzel={"survivor": "John"})


def test_powers_john_thomas_lily_rosa_mike() -> None:
    from flick.game.actions import reaction
    from flick.game.inputs import Move
    from flick.game.scenarios.inputs import FigureMove

    game = Game(_powers_table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    assert game.rules.max_actions(game) == 2
    reaction.kill_zombie(game, game.board.zombies()[-1], cause="gun", by=john.name)
    assert game.rules.max_actions(game) == 3  # John killed this turn
    game.apply(EndTurn())
    lily = game.survivors["Lily Mae"]
    game.apply(ChooseSurvivor(lily.name))
    game.apply(Move(Flick((900.0, 0.0)), angle=0.0))  # straight into the zombie: fails
    assert game.actions_done == 0 and "lily" in game.rule_state.turn_flags
    game.apply(EndTurn())
    thomas = put_inside(game, "Thomas Heart", "library")
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    game.apply(ChooseSurvivor(thomas.name))
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 0  # once per turn, free
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 1
    game.apply(EndTurn())
    rosa = game.survivors["Rosa Rodriguez"]
    game.apply(ChooseSurvivor(rosa.name))
    n = len(game.events)
    game.rules.react(game, rosa, Noise.LOUD)
    rushes = [e for e in game.events[n:] if e.type == "rush"]
    assert rushes and rushes[0].data["zombies"] == 2
    game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    before = game.board.pos(mike.piece)
    game.apply(FigureMove(Flick((0.0, 60.0))))
    assert game.phase == "choose" or game.active != mike.name
    assert mike.standing and game.board.table.is_standing(mike.piece)
    moved = [e for e in game.events if e.type == "move" and e.data.get("piece") == "figure"]
    assert moved
    if not moved[-1].data["success"]:
        assert game.board.pos(mike.piece) == pytest.approx(before)


def test_s9_holding_the_school_and_s10_colony_and_wipe_out() -> None:
    from flick.scenario import load

    game = Game(load(9), 1, players={"A": 3, "B": 3})
    b = [s for s in game.survivors.values() if s.team == "B"]
    put_inside(game, b[0].name, "school")
    b[0].inventory = [game.new_token("food"), game.new_token("fuel")]
    competitive.check(game)  # only at a round's end
    a0 = next(s for s in game.survivors.values() if s.team == "A")
    put_inside(game, a0.name, "school")
    competitive.check(game, round_end=True)  # team A is in the School too: not held
    a0.building = None
    with pytest.raises(GameOver) as end:
        competitive.check(game, round_end=True)
    assert end.value.winner == "B"
    with pytest.raises(GameOver) as end:
        competitive.at_skull(game)
    assert end.value.winner == "A"  # team A wins at the skull

    game = Game(load(10), 1, players={"A": 3, "B": 3})
    carrier = next(s for s in game.survivors.values() if s.team == "B")
    carrier.inventory = [game.new_token("fuel"), game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.entered_colony(game, carrier, "rv")
    assert end.value.winner == "B"
    for s in game.survivors.values():
        if s.team == "A":
            s.alive, s.life = False, 0
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "B"


def test_loretta_takes_a_second_token_for_free() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Loretta", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Loretta"}), 1)
    loretta = put_inside(game, "Loretta Clay", "library")
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    game.apply(ChooseSurvivor(loretta.name))
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 1  # the food's take is an action (issue 17.8)
    assert [t.kind for t in loretta.inventory].count("food") == 1


def test_the_unmasked_betrayer_may_pass_once_a_round() -> None:
    from flick.game.scenarios.inputs import PassTurn

    game = _s10_with_betrayer(6)
    team = game.current_team
    names = [s.name for s in game.survivors.values() if s.team == team]
    game.apply(ChooseSurvivor(names[0]))
    game.apply(Accuse(names[1]))
    for _ in names:
        game.apply(Vote(True))
    game.apply(ExileFlick(Flick((200.0, 50.0))))
    b = game.survivors[names[1]]
    while game.phase != "choose" or game.current_team != b.team:
        if game.phase == "choose":
            game.apply(ChooseSurvivor(game.available(game.current_team)[0].name))
        else:
            game.apply(EndTurn())
        assert not game.over
    assert "pass" in game.legal_kinds()
    game.apply(PassTurn())
    assert not game.rule_state.x_token[b.name] and b in game.available()
    assert game.current_team != b.team


def test_mike_free_move_waits_after_his_last_action() -> None:
    from flick.game.inputs import Move
    from flick.game.scenarios.inputs import FigureMove

    game = Game(_powers_table(), 1)
    for name in ("John Price", "Lily Mae"):
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    game.apply(ChooseSurvivor("Thomas Heart"))
    game.apply(EndTurn())
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    game.apply(Move(Flick((0.0, 150.0)), angle=math.pi / 2))
    game.apply(Move(Flick((0.0, 150.0)), angle=math.pi / 2))
    assert game.active == mike.name and game.legal_kinds() == ["figure_move", "end_turn"]
    with pytest.raises(IllegalAction):
        game.apply(Move(Flick((0.0, 150.0))))
    game.apply(FigureMove(Flick((0.0, 40.0))))
    assert game.active != mike.name
