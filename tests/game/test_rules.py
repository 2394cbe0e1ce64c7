"""Flick 'em Up! rules, one by one, on small hand-built cities (flick.game)."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    FightFlick,
    FightWait,
    FightWeapon,
    Flick,
    GoHungry,
    Keep,
    Knife,
    Move,
    Shoot,
    ShortKill,
    TakeDrop,
    input_from_json,
)
from flick.game.scenarios.deck import ATTACK, FIGHT_CARDS, WALK, FightDeck
from flick.game.state import Noise
from flick.game.turns import TurnOrder
from flick.scenario.model import Scenario

BASE: dict[str, Any] = {
    "number": 90, "name": "Test table", "mode": "co-op", "players": {"min": 1, "max": 10},
    "story": "a test", "city": {"width": 90, "height": 90},
    "zombie_bin": {"x": 80, "y": 5, "zombies": 6, "tower_facing": "west"},
    "buildings": [{"name": "library", "x": 20, "y": 80, "facing": "south"},
                  {"name": "rv", "x": 70, "y": 80, "facing": "south"}],
    "zombies": [],
    "teams": [{"name": "survivors", "survivors": [
        {"name": "John", "life": 3, "x": 20, "y": 40, "facing": "north"},
        {"name": "Rosa", "life": 3, "x": 60, "y": 20, "facing": "north"}]}],
    "round_marker": {"start": 4, "first_round": "day"},
    "invasion": {"day": 2, "night": 3},
    "objectives": [{"id": "tokens_in_base", "text": "t",
                    "params": {"base": "rv", "tokens": {"fuel": 8}}}],
    "losing": [{"id": "survivors_dead", "text": "t", "params": {"count": 2}},
               {"id": "city_overrun", "text": "t"}],
    "skull": {"id": "skull_survivors_lose", "text": "t"},
    "provenance": {"rulebook": [], "reconstructed": ["all"]},
}


def scenario(**changes: Any) -> Scenario:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return Scenario.model_validate(data)


def game(**changes: Any) -> Game:
    return Game(scenario(**changes), seed=1)


def aimed(g: Game, kind: str, start: tuple[float, float], target: tuple[float, float],
          arrive: float = 0.0) -> Flick:
    angle, strength = impulse_to(g.board.params, kind, start, target, arrive=arrive)
    return Flick((strength * math.cos(angle), strength * math.sin(angle)))


def frozen(g: Game) -> tuple[Any, ...]:
    """Everything an illegal input must leave untouched."""
    return (g.board.table.state_hash(), g.phase, g.active, g.actions_done, len(g.inputs),
            len(g.events), [(s.name, s.life, s.building, s.backpack, len(s.inventory))
                            for s in g.survivors.values()], g.bin)


def pos(g: Game, name: str) -> tuple[float, float]:
    piece = g.survivors[name].piece
    assert piece is not None
    return g.board.pos(piece)


# ---- illegal inputs change nothing ----------------------------------------------------------
def test_illegal_inputs_raise_and_change_nothing() -> None:
    g = game()
    before = frozen(g)
    with pytest.raises(IllegalAction, match="no survivor named"):
        g.apply(ChooseSurvivor("Nobody"))
    with pytest.raises(IllegalAction, match="not allowed now"):
        g.apply(Move(Flick((100.0, 0.0))))
    assert frozen(g) == before
    g.apply(ChooseSurvivor("John Price"))
    before = frozen(g)
    with pytest.raises(IllegalAction, match="inside a building"):
        g.apply(TakeDrop(take=0))
    assert frozen(g) == before
    far = g.board.table.add("zombie", x=20.0, y=70.0)
    before = frozen(g)
    with pytest.raises(IllegalAction, match="not next to"):
        g.apply(ShortKill(zombie=far, weapon="gun"))
    with pytest.raises(IllegalAction, match="beyond any finger"):
        g.apply(Move(Flick((1e6, 0.0))))
    with pytest.raises(IllegalAction, match="has no knife"):
        g.apply(Knife("left", Flick((100.0, 0.0))))
    assert frozen(g) == before
    # Two actions end the turn; a third is refused as out of phase, and John is used up.
    g.apply(EndTurn())
    with pytest.raises(IllegalAction, match="already used this round"):
        g.apply(ChooseSurvivor("John Price"))
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    g.apply(Move(aimed(g, "movement_disc", pos(g, "Rosa Rodriguez"), (70.0, 20.0))))
    g.apply(Move(aimed(g, "movement_disc", pos(g, "Rosa Rodriguez"), (75.0, 30.0))))
    assert g.phase == "choose" or g.rounds_played == 1
    assert g.active is None


# ---- move --------------------------------------------------------------------------------------
def test_move_slides_as_friction_predicts_and_the_figure_follows() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(aimed(g, "movement_disc", (20.0, 40.0), (20.0, 60.0)), angle=math.pi / 2))
    x, y = pos(g, "John Price")
    assert abs(x - 20.0) < 0.5 and abs(y - 60.0) < 1.5  # v^2/(2 mu g) within 1.5 cm
    assert g.survivors["John Price"].facing == pytest.approx(math.pi / 2, abs=0.05)
    assert g.noise == Noise.QUIET


def test_failed_move_puts_everything_back() -> None:
    g = game(zombies=[{"x": 20, "y": 50}])
    z = g.board.zombies()[0]
    zombie_before = g.board.pos(z)
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(aimed(g, "movement_disc", (20.0, 40.0), (20.0, 56.0), arrive=80.0)))
    assert pos(g, "John Price") == (20.0, 40.0)
    assert g.board.pos(z) == zombie_before and g.board.table.is_standing(z)
    assert [e.data["success"] for e in g.events if e.type == "move"] == [False]


def test_move_out_of_the_city_fails() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(aimed(g, "movement_disc", (20.0, 40.0), (-10.0, 40.0))))
    assert pos(g, "John Price") == (20.0, 40.0)


def test_enter_and_exit_a_building_through_its_door() -> None:
    g = game(teams=[{"name": "survivors", "survivors": [
        {"name": "John", "life": 3, "x": 20, "y": 66, "facing": "north"},
        {"name": "Rosa", "life": 3, "x": 60, "y": 20}]}])
    g.apply(ChooseSurvivor("John Price"))
    door = g.board.door_mid("library")
    g.apply(Move(aimed(g, "movement_disc", (20.0, 66.0), (door[0], door[1] + 2.5))))
    john = g.survivors["John Price"]
    assert john.building == "library" and john.piece is None
    assert any(e.type == "enter" for e in g.events)
    out = g.board.front("library", 8.0)
    g.apply(Move(aimed(g, "movement_disc", g.board.behind("library", g.board.disc), out)))
    assert john.building is None and john.piece is not None
    assert g.board.door_depth(pos(g, "John Price"), "library") > 0
    assert any(e.type == "exit" for e in g.events)


# ---- too close ---------------------------------------------------------------------------------
def test_too_close_wounds_others_but_not_the_active_survivor() -> None:
    g = game(zombies=[{"x": 20, "y": 44.5}, {"x": 60, "y": 24.5}])
    g.apply(ChooseSurvivor("John Price"))
    g.apply(EndTurn())
    # John ended his turn next to a zombie: no longer immune, he is wounded and laid down;
    # Rosa too (she was never active).
    john, rosa = g.survivors["John Price"], g.survivors["Rosa Rodriguez"]
    assert john.life == 2 and not g.board.table.is_standing(john.piece)
    assert rosa.life == 2
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    assert g.board.table.is_standing(rosa.piece)  # chosen: stood up
    life = rosa.life
    g.apply(Move(aimed(g, "movement_disc", pos(g, "Rosa Rodriguez"), (75.0, 20.0))))
    assert rosa.life == life  # immune while active


# ---- weapons -----------------------------------------------------------------------------------
def test_gun_wounds_the_first_figure_it_fells_and_is_loud() -> None:
    g = game(zombies=[{"x": 20, "y": 58}, {"x": 70, "y": 60}, {"x": 5, "y": 5}])
    bin_before = g.bin
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "left", g.board.bullet_d)
    g.apply(Shoot("left", aimed(g, "bullet", start, (20.0, 58.0), arrive=150.0)))
    assert g.bin == bin_before + 1
    assert len(g.board.zombies()) == 2
    assert g.noise == Noise.LOUD
    g.apply(EndTurn())
    rush = [e for e in g.events if e.type == "rush"]
    assert rush and rush[0].data["reason"] == "loud" and rush[0].data["zombies"] == 2


def test_bullet_that_fells_a_survivor_wounds_it() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "right", g.board.bullet_d)
    g.board.table.set_pose(g.survivors["Rosa Rodriguez"].piece, start[0], 55.0, 0.0)
    g.apply(Shoot("right", aimed(g, "bullet", start, (start[0], 55.0), arrive=150.0)))
    rosa = g.survivors["Rosa Rodriguez"]
    assert rosa.life == 2 and not rosa.standing


def test_a_miss_is_a_lost_action_but_still_loud() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "left", g.board.bullet_d)
    g.apply(Shoot("left", aimed(g, "bullet", start, (5.0, 40.0))))
    assert g.noise == Noise.LOUD and any(e.type == "miss" for e in g.events)


def test_two_guns_need_two_guns() -> None:
    g = game()
    g.apply(ChooseSurvivor("John Price"))
    with pytest.raises(IllegalAction, match="2 guns"):
        g.apply(Shoot("left", Flick((100.0, 0.0)), second=Flick((0.0, 100.0))))
    g.survivors["John Price"].inventory.append(g.new_token("gun"))
    g.apply(Shoot("left", Flick((-300.0, 0.0)), second=Flick((300.0, 0.0))))
    assert sum(1 for e in g.events if e.type == "flick") == 2


def test_knife_is_quiet_and_short_kill_needs_next_to() -> None:
    g = game(zombies=[{"x": 20, "y": 45.5}])
    g.survivors["John Price"].inventory.append(g.new_token("knife"))
    z = g.board.zombies()[0]
    g.apply(ChooseSurvivor("John Price"))
    g.apply(ShortKill(z, "knife"))
    assert g.bin == 7 and g.noise == Noise.QUIET
    assert any(e.type == "kill" for e in g.events)


# ---- take / drop ---------------------------------------------------------------------------------
def _inside(g: Game, name: str, building: str) -> None:
    s = g.survivors[name]
    g.board.remove_survivor(s)
    s.building = building


def test_take_drop_exchange_and_face_down_tokens() -> None:
    g = game()
    _inside(g, "John Price", "library")
    g.stashes["library"] += [g.new_token("fuel"), g.new_token("food", face_up=False)]
    g.apply(ChooseSurvivor("John Price"))
    g.apply(TakeDrop(take=0))
    assert [t.kind for t in g.survivors["John Price"].inventory] == ["fuel"]
    g.apply(TakeDrop(take=0))  # the face-down one: looked at, then a choice
    assert g.phase == "keep"
    with pytest.raises(IllegalAction):
        g.apply(EndTurn())
    g.apply(Keep(False))
    assert g.stashes["library"][0].face_up and g.stashes["library"][0].kind == "food"
    assert g.active is None  # two actions: the turn is over


def test_full_inventory_needs_an_exchange() -> None:
    g = game()
    _inside(g, "John Price", "library")
    john = g.survivors["John Price"]
    john.inventory += [g.new_token("medicine"), g.new_token("medicine")]
    g.stashes["library"].append(g.new_token("fuel"))
    g.apply(ChooseSurvivor("John Price"))
    with pytest.raises(IllegalAction, match="full"):
        g.apply(TakeDrop(take=0))
    g.apply(TakeDrop(take=0, drop=1))
    assert sorted(t.kind for t in john.inventory) == ["fuel", "medicine"]
    assert [t.kind for t in g.stashes["library"]] == ["medicine"]


def test_objective_tokens_in_the_rv_win() -> None:
    g = game(objectives=[{"id": "tokens_in_base", "text": "t",
                          "params": {"base": "rv", "tokens": {"fuel": 1}}}])
    _inside(g, "John Price", "rv")
    g.survivors["John Price"].inventory.append(g.new_token("fuel"))
    g.apply(ChooseSurvivor("John Price"))
    g.apply(TakeDrop(drop=0))
    assert g.over and g.winner == "survivors" and g.end_reason == "objective"
    with pytest.raises(IllegalAction, match="over"):
        g.apply(EndTurn())


# ---- rounds, horde, end ----------------------------------------------------------------
def test_round_end_marker_backpacks_and_new_horde() -> None:
    g = game()
    for name in ("John Price", "Rosa Rodriguez"):
        g.apply(ChooseSurvivor(name))
        g.apply(EndTurn())
    assert g.round_marker == 3 and g.round_colour == "night"
    assert g.bin == 3 and len(g.board.zombies()) == 3  # the night marker: 3 zombies rushed
    assert all(s.backpack == "night" for s in g.survivors.values())
    assert [e.data["reason"] for e in g.events if e.type == "rush"] == ["new_horde"]
    assert g.phase == "choose"


def test_overrun_and_skull_end_the_game() -> None:
    g = game(zombie_bin={"x": 80, "y": 5, "zombies": 2, "tower_facing": "west"})
    for name in ("John Price", "Rosa Rodriguez"):
        g.apply(ChooseSurvivor(name))
        g.apply(EndTurn())
    assert g.over and g.end_reason == "city_overrun" and g.winner is None
    g = game(round_marker={"start": 1, "first_round": "day"})
    for name in ("John Price", "Rosa Rodriguez"):
        g.apply(ChooseSurvivor(name))
        g.apply(EndTurn())
    assert g.over and g.end_reason == "skull"


def test_deaths_end_the_game_and_tokens_go_to_the_grocery_store() -> None:
    b = [*BASE["buildings"], {"name": "grocery_store", "x": 50, "y": 5, "facing": "north"}]
    g = game(buildings=b)
    rosa = g.survivors["Rosa Rodriguez"]
    rosa.inventory.append(g.new_token("fuel", face_up=False))
    g.apply(ChooseSurvivor("John Price"))
    g.wound(rosa, "test", amount=3)
    assert not rosa.alive and rosa.piece is None
    assert [(t.kind, t.face_up) for t in g.stashes["grocery_store"]] == [("fuel", True)]


def test_zombies_enter_only_occupied_buildings() -> None:
    from flick.game.actions.reaction import zombies_enter_buildings

    g = game()
    door = g.board.door_mid("library")
    z = g.board.table.add("zombie", x=door[0], y=door[1] + 0.5)
    zombies_enter_buildings(g)
    assert g.board.exists(z)  # nobody and nothing inside
    g.stashes["library"].append(g.new_token("food"))
    zombies_enter_buildings(g)
    assert not g.board.exists(z) and g.building_zombies["library"] == [True]
    assert g.zombie_counts()["city"] == 1


# ---- turn order ------------------------------------------------------------------------------
def test_competitive_turn_order_alternates_and_pretzel_team_starts_rounds() -> None:
    order = TurnOrder({"A": 2, "B": 3})
    seq = []
    for i in range(6):
        team = order.next_team({"A", "B"}, round_start=i == 0, pretzel_team="B")
        seq.append((team, order.take_turn(team)))
    assert seq == [("B", 0), ("A", 0), ("B", 1), ("A", 1), ("B", 2), ("A", 0)]
    order.last_team = None
    assert order.next_team({"A", "B"}, round_start=True, pretzel_team="B") == "B"
    assert order.next_team({"A"}, round_start=False, pretzel_team="B") == "A"


def test_pretzel_holder_must_be_used_first() -> None:
    g = game(pretzel={"survivor": "Rosa"})
    with pytest.raises(IllegalAction, match="pretzel"):
        g.apply(ChooseSurvivor("John Price"))
    g.apply(ChooseSurvivor("Rosa Rodriguez"))


# ---- scenario rules --------------------------------------------------------------------
def test_s1_no_entry_driver_and_zombie_touching_the_rv() -> None:
    rules = [{"id": "no_building_entry"}, {"id": "rv_driver"}]
    g = game(special_rules=rules, instant_defeat=[{"id": "zombie_touches_rv", "text": "t"}],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 66},
                 {"name": "Rosa", "life": 3, "x": 70, "y": 66}]}])
    g.apply(ChooseSurvivor("John Price"))
    door = g.board.door_mid("library")
    g.apply(Move(aimed(g, "movement_disc", (20.0, 66.0), (door[0], door[1] + 2.5))))
    assert g.survivors["John Price"].building is None  # refused: back where he was
    g.apply(EndTurn())
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    rv = g.board.door_mid("rv")
    g.apply(Move(aimed(g, "movement_disc", (70.0, 66.0), (rv[0], rv[1] + 2.5))))
    rosa = g.survivors["Rosa Rodriguez"]
    assert rosa.building == "rv" and not rosa.playable
    assert any(e.type == "driver" for e in g.events)
    g2 = game(special_rules=rules, instant_defeat=[{"id": "zombie_touches_rv", "text": "t"}])
    g2.apply(ChooseSurvivor("John Price"))
    a, _, _ = g2.board.building_parts("rv")
    bx, by = g2.board.pos(a)
    z = g2.board.table.add("zombie", x=bx, y=by - 12.0)
    g2.apply(EndTurn())
    from flick.game.actions.reaction import check_rv_touched

    g2.board.table.set_pose(z, bx, by - 2.8, 0.0)
    with pytest.raises(Exception, match="zombie_touches_rv"):
        check_rv_touched(g2, None)


def test_s2_fight_deck_and_a_fight_in_a_building() -> None:
    assert sorted(FIGHT_CARDS) == sorted([WALK] * 5 + [ATTACK] * 2)
    import numpy as np

    deck = FightDeck.shuffled(np.random.default_rng(3))
    assert sorted(deck.cards) == sorted(FIGHT_CARDS)
    g = game(special_rules=[{"id": "fight_survivor_vs_zombie"}])
    _inside(g, "John Price", "library")
    g.building_zombies["library"] = [True]
    g.apply(ChooseSurvivor("John Price"))
    assert g.phase == "fight" and g.fight is not None and 75 <= g.fight.distance <= 90
    with pytest.raises(IllegalAction, match="cannot fight with"):
        g.apply(FightWeapon("knife"))
    g.apply(FightWeapon("gun"))
    with pytest.raises(IllegalAction, match="not allowed now"):
        g.apply(FightWait())
    # Miss on purpose until the deck's ATTACK ends the fight: 1 life lost, turn over.
    for _ in range(8):
        if g.phase != "fight":
            break
        g.apply(FightFlick(Flick((-400.0, 0.0))))
    cards = [e.data["card"] for e in g.events if e.data.get("stage") == "card"]
    assert cards[-1] == ATTACK and all(c == WALK for c in cards[:-1])
    assert g.survivors["John Price"].life == 2 and g.active is None
    assert g.building_zombies["library"] == [True]


def test_s2_fight_won_with_an_aimed_bullet() -> None:
    g = game(special_rules=[{"id": "fight_survivor_vs_zombie"}])
    _inside(g, "John Price", "library")
    g.building_zombies["library"] = [True]
    g.apply(ChooseSurvivor("John Price"))
    g.apply(FightWeapon("gun"))
    fight = g.fight
    assert fight is not None
    (sx, sy), _ = fight.weapon_piece_start("John Price")
    target = fight.table.position(fight.zombies[0])
    g.apply(FightFlick(aimed(g, "bullet", (sx, sy), target, arrive=150.0)))
    assert g.phase == "act" and g.building_zombies["library"] == [] and g.bin == 7


def test_s3_survivor_token_makes_an_escort_whose_actions_are_loud() -> None:
    g = game(special_rules=[{"id": "rescued_figure", "params": {"survivor": "Anita"}}],
             reserve_survivors=["Anita"])
    anita = g.survivors["Anita Wallace"]
    assert not anita.playable and anita.life == 2 and anita.piece is None
    _inside(g, "John Price", "library")
    g.stashes["library"].append(g.new_token("survivor", face_up=False))
    g.apply(ChooseSurvivor("John Price"))
    g.apply(TakeDrop(take=0))
    assert g.rules.escort == "John Price" and anita.building == "library"
    out = g.board.front("library", 9.0)
    g.apply(Move(aimed(g, "movement_disc", g.board.behind("library", g.board.disc), out)))
    assert anita.piece is not None and anita.building is None
    assert g.board.distance(anita.piece, g.survivors["John Price"].piece) < g.board.disc
    assert [e.data["noise"] for e in g.events if e.type == "noise"] == ["LOUD"]


def test_s4_barricades_block_the_door_until_pushed_out_and_hunger() -> None:
    door_y = 80.0 - 0.0
    g = game(special_rules=[{"id": "barricades"},
                            {"id": "hunger", "params": {"markers": [3]}}],
             barricades=[{"x": 20, "y": door_y + 1.2, "angle": 0, "building": "library"}],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 60},
                 {"name": "Rosa", "life": 3, "x": 60, "y": 20}]}])
    assert g.board.barricaded("library")
    assert g.rules.entry_refused(g, g.survivors["John Price"], "library") is not None
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 60.0), math.pi / 2, "left", g.board.bullet_d)
    bar = g.board.barricades()[0]
    g.apply(Shoot("left", aimed(g, "bullet", start, g.board.pos(bar), arrive=250.0)))
    assert g.noise == Noise.LOUD
    pushed = not g.board.exists(bar)
    assert pushed == (not g.board.barricaded("library"))
    g.apply(EndTurn())
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    g.apply(EndTurn())
    assert g.phase == "hunger"  # the marker reached 3
    lives = [s.life for s in g.survivors.values()]
    g.apply(GoHungry())
    assert [s.life for s in g.survivors.values()] == [v - 1 for v in lives]


def test_inputs_round_trip_through_json() -> None:
    for inp in (Move(Flick((1.0, 2.0), (0.5, 0.0)), angle=0.3, set_aside=(4, 5)),
                Shoot("left", Flick((3.0, 4.0)), second=Flick((5.0, 6.0))),
                TakeDrop(take=1, drop=0, place="car"), Keep(True), FightWait(),
                EndTurn(facing=1.0)):
        assert input_from_json(inp.to_json()) == inp


def test_s4_a_disc_clearing_the_last_barricade_takes_the_survivor_in() -> None:
    g = game(special_rules=[{"id": "barricades"}],
             barricades=[{"x": 20, "y": 81.2, "angle": 0, "building": "library"}],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 66},
                 {"name": "Rosa", "life": 3, "x": 60, "y": 20}]}])
    g.apply(ChooseSurvivor("John Price"))
    bar = g.board.barricades()[0]
    g.apply(Move(aimed(g, "movement_disc", (20.0, 66.0), g.board.pos(bar), arrive=150.0)))
    assert not g.board.exists(bar) and not g.board.barricaded("library")
    assert g.survivors["John Price"].building == "library"
    assert g.noise == Noise.LOUD  # the disc touched a barricade


def test_an_object_blocking_a_door_may_be_set_aside_for_the_attempt() -> None:
    g = game(barrels=[{"x": 20, "y": 76}],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 62},
                 {"name": "Rosa", "life": 3, "x": 60, "y": 20}]}])
    barrel = g.board.named_object("barrel_1")
    assert barrel is not None
    far = g.board.table.add("barrel", x=50.0, y=50.0)
    g.apply(ChooseSurvivor("John Price"))
    door = g.board.door_mid("library")
    flick = aimed(g, "movement_disc", (20.0, 62.0), (door[0], door[1] + 2.5))
    with pytest.raises(IllegalAction, match="not blocking"):
        g.apply(Move(flick, set_aside=(far,)))
    g.apply(Move(flick, set_aside=(barrel,)))
    assert g.survivors["John Price"].building == "library"
    assert g.board.pos(barrel) == (20.0, 76.0)  # put back where it stood


def test_shotgun_wounds_every_figure_a_pellet_fells() -> None:
    from flick.game.inputs import Shotgun

    g = game(zombies=[{"x": 19, "y": 50}, {"x": 23, "y": 51}])
    g.survivors["John Price"].inventory.append(g.new_token("shotgun"))
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "left", g.board.pellet_d)
    # A pellet weighs 0.6 g: it must arrive fast (about 4 m/s) to fell an 8 g figure.
    angle, strength = impulse_to(g.board.params, "shotgun_pellet", start, (20.0, 50.5),
                                 arrive=400.0)
    g.apply(Shotgun("left", angle, strength))
    fell = [e for e in g.events if e.type == "flick"][-1].data["fell"]
    kills = [e for e in g.events if e.type == "kill"]
    assert kills and all(e.data["cause"] == "shotgun" for e in kills)
    assert len(kills) == sum(1 for f in fell if str(f).startswith("zombie"))
    assert g.noise == Noise.LOUD
    assert not [p for p in g.board.table.pieces() if g.board.kind(p) == "shotgun_pellet"]


def test_sniper_flicks_along_the_template() -> None:
    from flick.game.inputs import Sniper

    g = game(zombies=[{"x": 20, "y": 85}])
    g.survivors["John Price"].inventory.append(g.new_token("sniper"))
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "right", g.board.bullet_d)
    z = g.board.zombies()[0]
    angle, strength = impulse_to(g.board.params, "bullet", start, g.board.pos(z), arrive=150.0)
    g.apply(Sniper("right", angle, strength))
    assert not g.board.exists(z) and g.bin == 7
    with pytest.raises(IllegalAction, match="impulse"):
        g.apply(Sniper("right", angle, -5.0))


def test_quiet_reaction_stands_a_fallen_closest_zombie_or_rushes_a_standing_one() -> None:
    g = game(zombies=[{"x": 20, "y": 60, "standing": False}, {"x": 70, "y": 70}])
    fallen = g.board.zombies()[0]
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(aimed(g, "movement_disc", (20.0, 40.0), (25.0, 40.0))))
    g.apply(EndTurn())
    assert g.board.table.is_standing(fallen)
    assert not [e for e in g.events if e.type == "rush"]
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    g.apply(Move(aimed(g, "movement_disc", pos(g, "Rosa Rodriguez"), (65.0, 20.0))))
    g.apply(EndTurn())
    rushes = [e for e in g.events if e.type == "rush"]
    assert [(e.data["reason"], e.data["zombies"]) for e in rushes[:1]] == [("quiet", 1)]


def test_take_from_a_vehicle_next_to_the_survivor_in_scenario_3() -> None:
    g = game(special_rules=[{"id": "take_in_city"}],
             vehicles=[{"name": "car", "x": 20, "y": 44.5, "angle": 0}])
    car = g.board.named_object("car")
    g.stashes[f"piece:{car}"] = [g.new_token("fuel")]
    g.apply(ChooseSurvivor("John Price"))
    g.apply(TakeDrop(take=0, place="car"))
    assert [t.kind for t in g.survivors["John Price"].inventory] == ["fuel"]
    g2 = game(vehicles=[{"name": "car", "x": 20, "y": 44.5, "angle": 0}])
    g2.apply(ChooseSurvivor("John Price"))
    with pytest.raises(IllegalAction, match="not a rule of this scenario"):
        g2.apply(TakeDrop(take=0, place="car"))


def test_the_pretzel_goes_to_the_closest_survivor_when_its_holder_dies() -> None:
    g = game(pretzel={"survivor": "Rosa"},
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 40},
                 {"name": "Rosa", "life": 1, "x": 60, "y": 20},
                 {"name": "Lily", "life": 3, "x": 66, "y": 24}]}],
             losing=[{"id": "survivors_dead", "text": "t", "params": {"count": 3}}])
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    g.wound(g.survivors["Rosa Rodriguez"], "test")
    assert g.pretzel_holder() is g.survivors["Lily Mae"]


def test_bat_succeeds_on_first_touching_a_zombie_and_fails_on_an_object() -> None:
    from flick.game.inputs import Bat

    g = game(zombies=[{"x": 20, "y": 56}], barrels=[{"x": 60, "y": 34}])
    g.survivors["John Price"].inventory.append(g.new_token("bat"))
    g.survivors["Rosa Rodriguez"].inventory.append(g.new_token("bat"))
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Bat(math.pi / 2, aimed(g, "baseball_bat", (20.0, 40.0), (20.0, 56.0),
                                   arrive=120.0)))
    move = [e for e in g.events if e.type == "move"][-1].data
    assert move["success"] and pos(g, "John Price")[1] > 45.0
    assert g.bin == 6  # the bat fells, it does not wound
    g.apply(EndTurn())
    g.apply(ChooseSurvivor("Rosa Rodriguez"))
    g.apply(Bat(math.pi / 2, aimed(g, "baseball_bat", (60.0, 20.0), (60.0, 34.0),
                                   arrive=120.0)))
    assert [e for e in g.events if e.type == "move"][-1].data["success"] is False
    assert pos(g, "Rosa Rodriguez") == (60.0, 20.0)
    barrel = g.board.named_object("barrel_1")
    assert barrel is not None and g.board.table.is_standing(barrel)


def test_shooting_from_inside_a_building_and_not_with_zombies_inside() -> None:
    g = game(zombies=[{"x": 20, "y": 62}])
    _inside(g, "John Price", "library")
    g.apply(ChooseSurvivor("John Price"))
    start = g.board.behind("library", g.board.bullet_d)
    assert g.board.door_depth(start, "library") < -g.board.bullet_d  # behind the building
    z = g.board.zombies()[0]
    g.apply(Shoot("left", aimed(g, "bullet", start, g.board.pos(z), arrive=150.0)))
    assert not g.board.exists(z) and g.bin == 7
    g2 = game()
    _inside(g2, "John Price", "library")
    g2.building_zombies["library"] = [False]
    g2.apply(ChooseSurvivor("John Price"))
    with pytest.raises(IllegalAction, match="zombies are inside"):
        g2.apply(Shoot("left", Flick((0.0, -500.0))))


def test_competitive_game_alternates_teams_and_the_pretzel_team_starts_each_round() -> None:
    g = Game(scenario(mode="competitive", pretzel={"survivor": "Rosa"}, teams=[
        {"name": "A", "survivors": [{"name": "John", "life": 3, "x": 20, "y": 40},
                                    {"name": "Lily", "life": 3, "x": 30, "y": 40}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 20},
                                    {"name": "Mike", "life": 3, "x": 70, "y": 20}]}]),
        seed=2, players={"A": 2, "B": 1})
    seen = []
    for _ in range(8):
        team = g.current_team
        pick = next(s for s in g.available(team)
                    if g.pretzel_holder() is None or not g.round_first_turn
                    or s is g.pretzel_holder())
        seen.append((g.rounds_played, team, pick.short))
        g.apply(ChooseSurvivor(pick.name))
        g.apply(EndTurn())
    teams = [t for _, t, _ in seen]
    assert teams == ["B", "A", "B", "A", "B", "A", "B", "A"]
    assert seen[0][2] == "Rosa" and seen[4] == (1, "B", "Rosa")  # pretzel first each round
    with pytest.raises(IllegalAction, match="belongs to team"):
        g.apply(ChooseSurvivor("John Price" if g.current_team == "B" else "Rosa Rodriguez"))


def test_status_hides_face_down_tokens() -> None:
    g = game()
    g.stashes["library"] += [g.new_token("fuel", face_up=False), g.new_token("food")]
    st = g.status()
    assert st["stashes"]["library"] == ["?", "food"]
    assert st["phase"] == "choose" and st["legal"] == ["choose"]
    assert set(st["available"]) == {"John Price", "Rosa Rodriguez"}


def test_status_shows_each_survivor_as_its_json_with_tokens_shown_and_standing() -> None:
    g = game()
    rosa = g.survivors["Rosa Rodriguez"]
    rosa.inventory += [g.new_token("fuel", face_up=False), g.new_token("food")]
    rosa.building, rosa.standing = "library", False
    for s in g.survivors.values():
        shown = g.status()["survivors"][s.name]
        want = {**s.to_json(), "standing": s.standing,
                "inventory": [t.kind if t.face_up else "?" for t in s.inventory]}
        assert shown == want and list(shown) == list(want)
    assert g.status()["survivors"]["Rosa Rodriguez"]["inventory"] == ["?", "food"]


def test_s1_objective_a_survivor_in_the_rv_and_few_zombies_wins() -> None:
    g = game(zombies=[{"x": 10, "y": 10}, {"x": 30, "y": 10}, {"x": 50, "y": 10},
                      {"x": 80, "y": 40}],
             objectives=[{"id": "survivor_in_rv_few_zombies", "text": "t",
                          "params": {"building": "rv", "max_zombies_in_city": 3}}])
    _inside(g, "Rosa Rodriguez", "rv")
    g.apply(ChooseSurvivor("John Price"))
    assert not g.over  # 4 zombies in the city
    z = min(g.board.zombies(), key=lambda p: g.board.distance(g.survivors["John Price"].piece, p))
    start = g.board.beside((20.0, 40.0), math.pi / 2, "left", g.board.bullet_d)
    g.board.table.set_pose(z, start[0], 55.0, 0.0)
    g.apply(Shoot("left", aimed(g, "bullet", start, (start[0], 55.0), arrive=150.0)))
    assert g.over and g.end_reason == "objective" and g.winner == "survivors"


def test_eating_discards_one_food() -> None:
    from flick.game.inputs import Eat

    g = game(special_rules=[{"id": "hunger", "params": {"markers": [3]}}])
    john = g.survivors["John Price"]
    john.inventory.append(g.new_token("food"))
    for name in ("John Price", "Rosa Rodriguez"):
        g.apply(ChooseSurvivor(name))
        g.apply(EndTurn())
    assert g.phase == "hunger"
    with pytest.raises(IllegalAction, match="no food"):
        g.apply(Eat("Rosa Rodriguez", 0))
    g.apply(Eat("John Price", 0))
    assert john.inventory == [] and john.life == 3 and g.phase == "choose"


def test_two_survivors_fight_one_zombie_in_turn_and_the_bat_may_wait() -> None:
    g = game(special_rules=[{"id": "fight_survivor_vs_zombie"}])
    _inside(g, "John Price", "library")
    _inside(g, "Rosa Rodriguez", "library")
    g.survivors["Rosa Rodriguez"].inventory.append(g.new_token("bat"))
    g.building_zombies["library"] = [True]
    g.apply(ChooseSurvivor("John Price"))
    fight = g.fight
    assert fight is not None and fight.fighters == ["John Price", "Rosa Rodriguez"]
    g.apply(FightWeapon("gun"))
    g.apply(FightWeapon("bat"))
    assert fight.to_act == "John Price"
    g.apply(FightFlick(Flick((-300.0, 0.0))))  # a miss
    assert fight.to_act == "Rosa Rodriguez" and "fight_wait" in g.legal_kinds()
    g.apply(FightWait())
    cards = [e.data["card"] for e in g.events if e.data.get("stage") == "card"]
    assert len(cards) == 1  # one card for the pair of attacks
    if cards[0] == WALK:
        assert fight.table.position(fight.zombies[0])[1] < fight.spots["John Price"][1] \
            + fight.distance - 8.0


def test_a_fallen_escort_hands_the_rescued_figure_to_the_nearest_standing_survivor() -> None:
    from flick.game.scenarios.escort import keep_escort, rescue

    g = game(special_rules=[{"id": "rescued_figure", "params": {"survivor": "Anita"}}],
             reserve_survivors=["Anita"],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "John", "life": 3, "x": 20, "y": 40},
                 {"name": "Rosa", "life": 3, "x": 30, "y": 40}]}])
    g.apply(ChooseSurvivor("John Price"))
    john, rosa = g.survivors["John Price"], g.survivors["Rosa Rodriguez"]
    rescue(g, john)
    anita = g.survivors["Anita Wallace"]
    assert g.rules.escort == "John Price" and anita.piece is not None
    assert g.board.next_to(anita.piece, john.piece)
    g.board.table.lay_down(john.piece, 0.0)
    john.standing = False
    keep_escort(g)
    assert g.rules.escort == "Rosa Rodriguez"
    assert g.board.next_to(anita.piece, rosa.piece)


def test_the_disc_slides_clear_of_a_piece_against_the_survivor() -> None:
    g = game(barrels=[{"x": 23.2, "y": 40}])  # 0.3 cm from John's base, inside the disc
    g.apply(ChooseSurvivor("John Price"))
    g.apply(Move(aimed(g, "movement_disc", (20.0, 40.0), (5.0, 40.0))))
    assert [e.data["success"] for e in g.events if e.type == "move"] == [True]
    assert pos(g, "John Price")[0] < 10.0
    barrel = g.board.named_object("barrel_1")
    assert barrel is not None and g.board.pos(barrel) == (23.2, 40.0)  # not even nudged


def test_the_tower_turns_around_a_building_between_it_and_the_survivor() -> None:
    from flick.game.actions.reaction import around_building

    g = game()
    john = g.survivors["John Price"]
    # The library's door is at (20, 80) facing south; the survivor is south of it, a tower
    # north of the building would throw its zombies into the building's back.
    behind = (20.0, 88.0)
    facing = around_building(g, john, behind, (20.0, 40.0))
    assert abs(facing - (-math.pi / 2)) > 0.3  # not straight at the survivor
    clear = around_building(g, john, (60.0, 60.0), (20.0, 40.0))
    assert clear == pytest.approx(math.atan2(-20.0, -40.0))
