"""Rise of the Zombies!: the rulebook's examples, every trait and rule, the data file, the CLI."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from flick.cards.bots import play_out
from flick.cards.engine import IllegalActionError
from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import combat, make_bot, moves, new_state, turn_order, zombies
from flick.cards.rise_of_the_zombies.codes import act
from flick.cards.rise_of_the_zombies.data import default_catalog, load, parse_chart
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies, campaign_points
from flick.errors import DataFileError, FlickError

SAMPLE = ["Cheerleader", "Scoundrel", "Scout", "Paramedic"]


class Dice(random.Random):
    """A generator whose d6 rolls are scripted (shuffles and choices stay seeded)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def take(st: RiseOfTheZombies, name: str) -> int:
    """Pull an Action card called `name` out of the deck (or discard pile)."""
    for pile in (st.adeck, st.adisc):
        for c in pile:
            if st.spec(c).name == name:
                pile.remove(c)
                return c
    raise AssertionError(f"no free {name} card")


def give(st: RiseOfTheZombies, s: int, name: str, ready: bool = False) -> int:
    c = take(st, name)
    (st.ready if ready else st.hand)[s].append(c)
    return c


def stack(st: RiseOfTheZombies, names: list[str]) -> list[int]:
    """Put zombies on top of the Zombie deck so they are drawn in the order given."""
    ids = []
    for n in names:
        z = next(z for z in st.zdeck if st.zspec(z).name == n and z not in ids)
        ids.append(z)
    for z in ids:
        st.zdeck.remove(z)
    st.zdeck.extend(reversed(ids))
    return ids


def to_play(st: RiseOfTheZombies) -> None:
    """Finish the Discard step (nobody discards)."""
    while st.phase == "discard" and not st.pending:
        st.apply(act(C.K_DONE))


def place_zombie(st: RiseOfTheZombies, name: str, pos: int, seat: int = -1) -> int:
    z = next(z for z in st.zdeck if st.zspec(z).name == name)
    st.zdeck.remove(z)
    st.zpos[z], st.zwounds[z], st.zeng[z] = pos, 0, seat
    st.zorder.append(z)
    return z


def extend_path(st: RiseOfTheZombies, names: list[str]) -> None:
    for n in names:
        st.path.append(take(st, n))
        st.attach.append([])


def game(names: list[str] = SAMPLE, difficulty: str = "standard", **kw: object) -> RiseOfTheZombies:
    st = RiseOfTheZombies(names, difficulty, seed=1, log=True, **kw)
    to_play(st)
    # clear the dealt hands so each test controls them
    for s in range(st.num_players):
        st.adisc.extend(st.hand[s])
        st.hand[s] = []
    st.actor = 0
    return st


# ---- tables -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "n", "minutes"),
    [("introductory", 5, 95), ("introductory", 3, 85), ("introductory", 1, 75),
     ("standard", 4, 70), ("standard", 8, 85), ("standard", 2, 55),
     ("expert", 6, 60), ("expert", 3, 50), ("expert", 2, 45),
     ("insane", 5, 50), ("insane", 4, 45), ("insane", 1, 40)],
)
def test_departure_times(difficulty: str, n: int, minutes: int) -> None:
    assert default_catalog().departure_minutes(difficulty, n) == minutes
    names = [s.name for s in default_catalog().survivors[:n]]
    assert RiseOfTheZombies(names, difficulty).departure == minutes


def test_group_counters_of_the_rulebook() -> None:
    cat = default_catalog()
    assert cat.group[1][0] == 8
    assert cat.group[3] == (5, 1)
    assert cat.group[4] == (4, 2)
    assert cat.group[5] == (4, 3)
    st = RiseOfTheZombies([*SAMPLE, "Historian"], seed=2)
    assert [len(h) for h in st.hand] == [4] * 5  # dealt Health cards each


def test_group_counter_swap_after_deaths_keeps_the_time() -> None:
    st = game(["Scout", "Biker", "Scoundrel"], "expert")
    assert (st.departure, st.health(), st.modifier()) == (50, 5, 1)
    st.wounds[2] = 2
    zombies.wound_survivor(st, 0, 5)
    zombies.wound_survivor(st, 1, 9)
    assert st.health() == 5  # replaced only after the step
    zombies.swap(st)
    assert st.health() == 8 and st.modifier() == 0
    assert st.remaining(2) == 6  # wounds stay on the card
    assert st.departure == 50


def test_group_counter_swap_happens_after_the_step_not_mid_step() -> None:
    st = game(["Scout", "Biker"])  # health 6
    st.wounds = [5, 5]
    st.pos = [0, 0]
    z = place_zombie(st, "Shamblers", 0)
    st.rng = Dice([6, 6])  # 2 wounds each
    zombies.zombie_attack(st, z)
    assert st.alive == [False, False]  # the second one is not saved by the first one's death


# ---- infestation, the rulebook's examples ------------------------------------------------------
def test_infestation_3_shamblers_loner_pack() -> None:
    st = game(["Scout", "Biker"])  # +0
    extend_path(st, ["City Hall"])
    st.pos = [1, 1]
    st.furthest = [1, 1]
    st.hand[0].append(take(st, "School Bus"))
    ids = stack(st, ["Shamblers", "Loner", "The Pack", "Runner"])
    st.apply(act(C.K_LOCATION, 0, st.hand[0][0]))
    assert zombies.infestation_value(st, 2, 0) == 3
    assert st.zombies_at(2) == ids[:3]
    assert st.zdeck[-1] == ids[3]  # stopped at 4 XP >= 3
    shamblers, loner, pack = ids[:3]
    assert st.zeng[loner] == 0 and st.zeng[pack] == 0 and st.zeng[shamblers] == -1
    assert len(st.hand[0]) == 1  # School Bus: 1 Dangerous Location draw


def test_private_home_is_2_plus_3_plus_2_is_7_and_fast_attacks() -> None:
    st = game(SAMPLE)
    scoundrel = 1
    home = give(st, scoundrel, "Private Home")
    ids = stack(st, ["Shamblers", "Creeper", "Runner", "Responders", "Hulker", "Loner"])
    st.actor = scoundrel
    st.apply(act(C.K_LOCATION, 0, home))
    assert zombies.infestation_value(st, 1, st.spec(home).infestation) == 2 + 3 + 2 == 7
    assert st.zombies_at(1) == ids[:5]  # 2+1+1+2+2 = 8 >= 7
    creeper, runner, hulker = ids[1], ids[2], ids[4]
    assert all(st.zeng[z] == scoundrel for z in (creeper, runner, hulker))
    # "The Creeper has the Fast trait. That means that as soon as she appears, she attacks
    # the Scoundrel!" - the only Fast Attack of the five zombies drawn (the Runner is not Fast)
    assert "  Creeper attacks the Scoundrel" in "\n".join(st.events)
    assert "  Runner attacks" not in "\n".join(st.events)
    assert sum(" attacks the " in e for e in st.events) == 1
    assert len(st.hand[scoundrel]) == 1  # Private Home draws 1
    # the others follow by discarding Follow cards, without a new Infestation
    cheer = 0
    light = give(st, cheer, "Flashlight")
    st.actor = cheer
    before = list(st.zorder)
    st.apply(act(C.K_FOLLOW, 0, light))
    assert st.pos[cheer] == 1 and st.zorder == before
    assert len(st.hand[cheer]) == 1  # drew 1 on the first Advance


def test_helicopter_is_8_plus_2_and_needs_the_7th_location() -> None:
    st = game(SAMPLE)
    extend_path(st, ["City Hall", "School Bus", "Corner Store", "Police Station", "Downtown",
                     "Private Home"])
    st.pos = [6, 6, 6, 6]
    f = give(st, 0, "Flashlight")
    heli = act(C.K_HELI, 0, f)
    assert heli in st.legal_actions()
    ids = stack(st, ["Herd", "Hulk", "Spitter", "Loner", "Runner", "Creeper", "Crawlers"])
    st.rng = Dice([1] * 10)
    st.apply(heli)
    assert zombies.infestation_value(st, 7, 0) == 8 + 2
    assert st.path[-1] == C.HELI and st.pos[0] == 7
    assert st.zombies_at(7) == ids[:6]  # 4 + 3 + 1 + 0 + 1 + 1 = 10
    assert st.zdeck[-1] == ids[6]


def test_rescue_helicopter_placement_rules() -> None:
    st = game(SAMPLE)
    extend_path(st, ["City Hall", "School Bus", "Corner Store", "Police Station", "Downtown"])
    st.pos = [5, 5, 5, 5]
    give(st, 0, "Flashlight")
    assert not any(a >> 16 == C.K_HELI for a in st.legal_actions())  # not in the 7th yet
    extend_path(st, ["Private Home"])
    st.pos = [6, 6, 6, 6]
    place_zombie(st, "Hulker", 6, 0)
    assert not any(a >> 16 == C.K_HELI for a in st.legal_actions())  # blocked


# ---- traits -----------------------------------------------------------------------------------
def test_blocks_engaged_zombie_stops_advance_not_retreat() -> None:
    st = game(SAMPLE)
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [1, 1, 1, 1]
    give(st, 0, "Flashlight")
    place_zombie(st, "Hulker", 1, 0)
    kinds = [(a >> 16, (a >> 8) & 255) for a in st.legal_actions()]
    assert (C.K_FOLLOW, 1) in kinds and (C.K_FOLLOW, 0) not in kinds
    st.actor = 1
    give(st, 1, "Flashlight")
    assert (C.K_FOLLOW, 0) in [(a >> 16, (a >> 8) & 255) for a in st.legal_actions()]


def test_blocks_group_zombie_blocks_everyone_but_a_lone_crossbow() -> None:
    st = game(["Paramedic", "Scout"])
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [1, 1]
    place_zombie(st, "Herd", 1)
    assert moves.is_blocked(st, 0) and moves.is_blocked(st, 1)
    give(st, 0, "Crossbow", ready=True)
    give(st, 1, "Crossbow", ready=True)
    assert not moves.is_blocked(st, 0)
    assert moves.is_blocked(st, 1)  # the Scout's Knife is also a Readied Weapon


def test_blocks_engaged_with_shamblers_and_crawler_can_move() -> None:
    st = game(SAMPLE)
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [1, 1, 1, 1]
    place_zombie(st, "Shamblers", 1)
    place_zombie(st, "Crawlers", 1, 0)
    assert not moves.is_blocked(st, 0)


def test_fast_zombie_attacks_when_it_spawns_among_survivors() -> None:
    st = game(["Scout"])
    stack(st, ["Ambusher"])
    st.rng = Dice([6])
    zombies.zombie_turn(st)
    assert st.wounds[0] == 1
    assert "Ambusher attacks the Scout: 6 -> 1" in "\n".join(st.events)


def test_sample_game_helicopter_10_points_howler_brings_frank_2_fast_attacks() -> None:
    # "He draws the 10 points of Zombies and suffers 2 Fast Attacks. ... We see a Howler who
    # brings Frank to their ranks. We are also swarmed by Crawlers, 2 Shamblers, Spitters, an
    # Ambusher, a Creeper, and a Herd."
    st = game(SAMPLE)
    extend_path(st, ["City Hall", "School Bus", "Corner Store", "Police Station", "Downtown",
                     "Private Home"])
    st.pos = [6, 6, 6, 6]
    st.furthest = [6, 6, 6, 6]
    f = give(st, 2, "Flashlight")
    names = ["Howler", "Frank", "Crawlers", "Shamblers", "Shamblers", "Spitter", "Ambusher",
             "Creeper", "Herd", "Loner"]
    ids = stack(st, names)
    st.actor = 2
    st.rng = Dice([1] * 10)
    st.apply(act(C.K_HELI, 0, f))
    assert st.zombies_at(7) == ids[:9]  # 1 + (Frank attracted) + 1 + 2 + 2 + 1 + 1 + 1 + 4 = 13
    assert st.zdeck[-1] == ids[9]  # 9 points before the Herd: the Herd was the last drawn
    fast = [e for e in st.events if " attacks the Scout" in e]
    assert len(fast) == 2
    assert any("Ambusher" in e for e in fast) and any("Creeper" in e for e in fast)


def test_zombie_attacks_example_four_engaged_cards_roll_four_attacks() -> None:
    # "Your Survivor is Engaged against a Loner, Hulker, Shamblers, and The Pack. Roll an Attack
    # for each of the 4 Zombie cards against your Survivor."
    st = game(["Scout", "Biker"])
    for name in ("Loner", "Hulker", "Shamblers", "The Pack"):
        place_zombie(st, name, 0, -1 if name == "Shamblers" else 0)
    st.pos = [0, 1]
    st.rng = Dice([1] * 4)  # a fifth roll would raise IndexError
    for z in list(st.zorder):
        zombies.zombie_attack(st, z)
    assert sum(" attacks the Scout" in e for e in st.events) == 4


def test_machete_with_slayer_is_an_almost_automatic_hit() -> None:
    # "The Scout is using his machete and Slayer Skill combo which gives him +1 on all of his
    # Attack die rolls. That means an almost automatic hit, and a chance of straight out
    # killing anything!"
    st = game(["Scout"])
    mach = give(st, 0, "Machete", ready=True)
    assert combat.roll_wounds(st, 0, mach, 2) == 0
    give(st, 0, "Slayer", ready=True)
    hits = [combat.roll_wounds(st, 0, mach, r) for r in range(1, 7)]
    assert hits[0] == 0 and all(w >= 1 for w in hits[1:]) and hits[5] == 3


def test_again_attacks_twice_and_stops_if_the_survivor_died() -> None:
    st = game(["Scout"])
    z = place_zombie(st, "Frank", 0, 0)
    st.rng = Dice([6, 6])
    zombies.zombie_attack(st, z)
    assert st.wounds[0] == 4
    st.wounds[0] = 7
    st.rng = Dice([6])  # a second roll would raise IndexError
    zombies.zombie_attack(st, z)
    assert not st.alive[0]


def test_attract_draws_one_more_zombie_not_counted_for_infestation() -> None:
    st = game(["Scout"])  # +0: Location 2 has Infestation 2
    loc = give(st, 0, "City Hall")
    ids = stack(st, ["Howler", "Loner", "Runner", "Spitter"])
    st.rng = Dice([1, 1, 1])
    st.apply(act(C.K_LOCATION, 0, loc))
    assert st.zombies_at(1) == ids[:3]  # Howler 1 + (Loner attracted) + Runner 1 = 2
    assert st.zdeck[-1] == ids[3]


def test_group_zombies_engage_and_attack_every_survivor() -> None:
    st = game(SAMPLE)
    z = place_zombie(st, "Shamblers", 0)
    st.rng = Dice([3, 3, 3, 3])
    zombies.zombie_attack(st, z)
    assert st.wounds == [1, 1, 1, 1]


def test_zombie_moves_into_survivors_and_engages_randomly() -> None:
    st = game(["Scout", "Biker"])
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [2, 2]
    z = place_zombie(st, "Creeper", 0)
    zombies.zombie_turn(st)
    assert st.zpos[z] == 1
    zombies.zombie_turn(st)
    assert st.zpos[z] == 2 and st.zeng[z] in (0, 1)


# ---- spawning ---------------------------------------------------------------------------------
def test_spawn_behind_the_rearmost_survivor() -> None:
    st = game(["Scout", "Biker", "Scoundrel"])
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [2, 2, 1]
    (z,) = stack(st, ["Crawlers"])
    st.rng = Dice([1] * 10)
    zombies.zombie_turn(st)
    assert st.zpos[z] == 0  # Scoundrel in City Hall: spawn in the Safe House
    st.pos = [2, 2, 2]
    (z,) = stack(st, ["Spitter"])
    zombies.zombie_turn(st)
    assert st.zpos[z] == 1  # all in the School Bus: spawn in City Hall
    st.pos = [0, 2, 2]
    (z,) = stack(st, ["Loner"])
    zombies.zombie_turn(st)
    assert st.zpos[z] == 0 and st.zeng[z] == 0  # Safe House with a survivor in it


def test_graveyard_spawns_two_zombies() -> None:
    st = game(["Scout"])
    extend_path(st, ["Graveyard", "City Hall"])
    st.pos = [2]
    a, b = stack(st, ["Loner", "Crawlers"])
    st.rng = Dice([1] * 10)
    zombies.zombie_turn(st)
    assert st.zpos[a] == 1 and st.zpos[b] == 1


# ---- attacks ----------------------------------------------------------------------------------
def test_free_attack_once_and_attack_symbols_pay_for_more() -> None:
    st = game(["Scout"])
    z = place_zombie(st, "Herd", 0)
    axe = give(st, 0, "Fire Axe")
    st.rng = Dice([4, 4])
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))
    assert st.zwounds[z] == 1 and st.free_used[0]
    assert act(C.K_ATTACK, C.NONE, C.NONE) not in st.legal_actions()
    st.apply(act(C.K_ATTACK, C.NONE, axe))
    assert st.zwounds[z] == 2 and axe in st.adisc


def test_range_0_to_2_reaches_two_locations_away_only() -> None:
    st = game(["Paramedic"])
    extend_path(st, ["City Hall", "School Bus", "Corner Store"])
    cross = give(st, 0, "Crossbow", ready=True)
    near = place_zombie(st, "Hulk", 2)
    far = place_zombie(st, "Hulk", 3)
    assert moves.targets(st, 0, 0, 2) == [near]
    st.rng = Dice([3])
    st.apply(act(C.K_ATTACK, cross, C.NONE))  # one target in range: no question asked
    assert st.zwounds[near] == 1 and st.zwounds[far] == 0
    assert st.zeng[near] == -1  # attacked from afar: not Engaged


def test_rifle_natural_1_reloads_ignoring_modifiers_but_final_attack_allowed() -> None:
    st = game(["Scout"])
    rifle = give(st, 0, "Rifle", ready=True)
    give(st, 0, "Slayer", ready=True)
    st.bonus[0] = 1  # In the Zone
    z = place_zombie(st, "Herd", 0)
    st.rng = Dice([1])
    st.apply(act(C.K_ATTACK, rifle, C.NONE))
    assert st.reloaded[rifle] and st.zwounds[z] == 0
    legal = st.legal_actions()
    assert not any(a >> 16 == C.K_ATTACK and (a >> 8) & 255 == rifle for a in legal)
    assert act(C.K_FINAL, 0, rifle) in legal
    st.apply(act(C.K_FINAL, 0, rifle))
    assert st.zwounds[z] == 3 and rifle in st.adisc


def test_modifiers_apply_to_unnatural_rolls() -> None:
    st = game(["Scout"])
    mach = give(st, 0, "Machete", ready=True)
    give(st, 0, "Slayer", ready=True)
    assert combat.roll_wounds(st, 0, mach, 6) == 3  # 6 + 1 = 7+: 3 wounds
    assert combat.roll_wounds(st, 0, C.NONE, 3) == 1  # Knife 3 + 1 = 4


def test_chainsaw_natural_1_is_an_immediate_final_attack() -> None:
    st = game(["Scout"])
    saw = give(st, 0, "Chainsaw", ready=True)
    z = place_zombie(st, "Herd", 0)
    st.rng = Dice([1])
    st.apply(act(C.K_ATTACK, saw, C.NONE))
    assert st.zwounds[z] == 3 and saw not in st.ready[0] and saw in st.adisc


def test_final_attack_splits_wounds_among_targets_in_range() -> None:
    st = game(["Scout"])
    extend_path(st, ["City Hall"])
    rifle = give(st, 0, "Rifle", ready=True)
    howler = place_zombie(st, "Howler", 1)
    herd = place_zombie(st, "Herd", 0)
    st.apply(act(C.K_FINAL, 0, rifle))
    st.apply(act(C.K_TARGET, 0, howler))
    assert st.zpos[howler] == -1 and st.xp[0] == 1
    assert st.zwounds[herd] == 2  # the last target left: the rest goes to it


def test_extra_wounds_are_wasted() -> None:
    st = game(["Scout"])
    shotgun = give(st, 0, "Shotgun", ready=True)
    creeper = place_zombie(st, "Creeper", 0, 0)
    other = place_zombie(st, "Crawlers", 0, 0)
    st.zwounds[creeper] = 1
    st.rng = Dice([6])
    st.apply(act(C.K_ATTACK, shotgun, C.NONE))
    st.apply(act(C.K_TARGET, 0, creeper))
    assert st.zpos[creeper] == -1 and st.zpos[other] == 0 and st.zwounds[other] == 0


def test_attacking_moves_engagement_even_on_a_miss() -> None:
    st = game(["Scout", "Biker"])
    hulk = place_zombie(st, "Hulk", 0, 1)
    st.rng = Dice([1])
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))
    assert st.zeng[hulk] == 0


def test_wall_of_fire_and_head_shot() -> None:
    st = game(["Scout", "Biker"])
    a = place_zombie(st, "Crawlers", 0, 1)
    b = place_zombie(st, "Hulk", 0, 1)
    wall = give(st, 0, "Wall of Fire")
    st.apply(act(C.K_INSTANT, 0, wall))
    assert st.zpos[a] == -1 and st.zwounds[b] == 1 and st.zeng[b] == 0
    shot = give(st, 0, "Head Shot")
    st.apply(act(C.K_INSTANT, 0, shot))
    assert st.zwounds[b] == 2


def test_ambush_joiners_discard_their_hands_one_roll_per_card() -> None:
    st = game(["Scoundrel", "Scout"])
    herd = place_zombie(st, "Herd", 0)
    amb = give(st, 0, "Ambush")
    give(st, 0, "Pistol")
    give(st, 0, "Pistol")
    give(st, 1, "Canteen")
    st.rng = Dice([6, 6, 6])
    st.apply(act(C.K_INSTANT, 0, amb))
    assert st.current_player() == 1 and st.legal_actions() == [act(C.K_JOIN), act(C.K_DECLINE)]
    st.apply(act(C.K_JOIN))
    assert st.zwounds[herd] == 9 and st.hand == [[], []]


def test_in_the_zone_adds_one_this_turn() -> None:
    st = game(["Scout"])
    place_zombie(st, "Herd", 0)
    zone = give(st, 0, "In the Zone")
    st.apply(act(C.K_INSTANT, 0, zone))
    assert combat.roll_wounds(st, 0, C.NONE, 3) == 1
    turn_order.start_player_turn(st)
    assert combat.roll_wounds(st, 0, C.NONE, 3) == 0


def test_historian_rerolls() -> None:
    st = game(["Historian"])
    rifle = give(st, 0, "Scoped Rifle", ready=True)
    z = place_zombie(st, "Herd", 0)
    st.rng = Dice([1, 5])
    st.apply(act(C.K_ATTACK, rifle, C.NONE))
    assert st.legal_actions() == [act(C.K_REROLL), act(C.K_KEEP)]
    st.apply(act(C.K_REROLL))
    assert st.zwounds[z] == 2 and not st.reloaded[rifle]


def test_paramedic_heals_with_her_free_attack() -> None:
    st = game(["Paramedic", "Scout"])
    st.wounds[1] = 2
    st.apply(act(C.K_MEDIC))
    assert st.wounds[1] == 1 and st.free_used[0]


# ---- cards, experience, trading ---------------------------------------------------------------
def test_ready_costs_experience_and_items_heal_and_draw() -> None:
    st = game(["Scout"])
    beauty = give(st, 0, "Beauty")
    assert act(C.K_READY, 0, beauty) not in st.legal_actions()
    st.xp[0] = 4
    st.apply(act(C.K_READY, 0, beauty))
    assert st.xp[0] == 1 and beauty in st.ready[0]
    can = give(st, 0, "Canteen")
    st.apply(act(C.K_READY, 0, can))
    st.wounds[0] = 3
    st.apply(act(C.K_USE, 0, can))
    assert st.wounds[0] == 2 and len(st.hand[0]) == 1  # heal 1, draw 1 beyond hand size


def test_draw_step_fills_the_hand_to_current_health() -> None:
    st = game(["Scout"])  # health 8
    st.wounds[0] = 3
    turn_order.start_player_turn(st)
    assert len(st.hand[0]) == 5


def test_trading_puts_the_card_in_the_hand_and_one_user_a_turn() -> None:
    st = game(["Cheerleader", "Scoundrel"])
    pistol = give(st, 0, "Pistol", ready=True)
    place_zombie(st, "Herd", 0)
    st.rng = Dice([1])
    st.apply(act(C.K_ATTACK, pistol, C.NONE))
    st.apply(act(C.K_GIVE, pistol, 1))
    assert pistol in st.hand[1] and pistol not in st.ready[0]
    st.actor = 1
    st.apply(act(C.K_READY, 0, pistol))
    assert not any(a >> 16 == C.K_ATTACK and (a >> 8) & 255 == pistol for a in st.legal_actions())
    assert act(C.K_GIVE, pistol, 0) not in st.legal_actions()  # once per card a turn


def test_give_only_weapons_and_items_to_survivors_in_your_location() -> None:
    st = game(["Cheerleader", "Scoundrel", "Scout"])
    extend_path(st, ["City Hall"])
    st.pos = [0, 0, 1]
    slayer = give(st, 0, "Slayer")
    light = give(st, 0, "Flashlight")
    legal = st.legal_actions()
    assert act(C.K_GIVE, light, 1) in legal and act(C.K_GIVE, light, 2) not in legal
    assert act(C.K_GIVE, slayer, 1) not in legal


def test_companion_takes_wounds_and_dies_at_zero_health() -> None:
    """"you can redirect the Wounds targeting you to your Companion ... 1 at a time": Frank
    (Again) rolls 6 twice, 2 wounds each; the Scout redirects one, takes one, then redirects
    both of the second attack: the Companion dies at its second wound, the rest is his."""
    st = game(["Scout"])
    st.rng = Dice([6, 6])
    comp = give(st, 0, "Companion", ready=True)
    z = place_zombie(st, "Frank", 0, seat=0)
    zombies.zombie_attack(st, z)
    assert st.pending[0].kind == "redirect" and st.wounds[0] == 0
    assert st.legal_actions() == [act(C.K_REDIRECT, 0, comp), act(C.K_TAKE)]
    st.apply(act(C.K_REDIRECT, 0, comp))
    assert st.cwounds[comp] == 1 and st.pending[0].wounds == 1
    st.apply(act(C.K_TAKE))
    assert st.wounds[0] == 1 and st.pending[0].wounds == 2  # Frank's Again attack
    st.apply(act(C.K_REDIRECT, 0, comp))
    assert comp not in st.ready[0] and comp in st.removed and st.wounds[0] == 2
    assert not st.pending and not st.zq


def test_companion_redirect_is_a_choice() -> None:
    st = game(["Scout"])
    st.rng = Dice([6])
    comp = give(st, 0, "Companion", ready=True)
    z = place_zombie(st, "Shamblers", 0)
    zombies.zombie_attack(st, z)
    assert st.pending and act(C.K_REDIRECT, 0, comp) in st.legal_actions()
    st.apply(act(C.K_TAKE))
    assert st.cwounds[comp] == 0 and st.wounds[0] > 0 and comp in st.ready[0]


def test_barricade_lowers_zombie_attacks() -> None:
    st = game(["Scout"])
    st.xp[0] = 3
    bar = give(st, 0, "Barricade")
    st.apply(act(C.K_READY, 0, bar))
    assert st.attach[0] == [bar]
    z = place_zombie(st, "Loner", 0, 0)
    st.rng = Dice([4])
    zombies.zombie_attack(st, z)
    assert st.wounds[0] == 0  # 4 - 1 = 3: no wound


def test_one_move_and_one_new_location_per_turn() -> None:
    st = game(["Scout", "Biker"])
    a, b = give(st, 0, "City Hall"), give(st, 0, "School Bus")
    st.apply(act(C.K_LOCATION, 0, a))
    legal = st.legal_actions()
    assert act(C.K_LOCATION, 0, b) not in legal
    assert not any(x >> 16 == C.K_FOLLOW for x in legal)
    st.actor = 1
    give(st, 1, "Corner Store")
    st.pos[1] = 1
    assert not any(x >> 16 == C.K_LOCATION for x in st.legal_actions())


def test_illegal_action_raises_and_changes_nothing() -> None:
    st = game(["Scout"])
    before = st.to_json()
    with pytest.raises(IllegalActionError):
        st.apply(act(C.K_LOCATION, 0, 3))
    assert st.to_json() == before


# ---- victory, time, epic, campaign --------------------------------------------------------------
def test_all_in_a_clear_helicopter_ends_the_game_at_once() -> None:
    st = game(["Scout", "Scientist"])
    extend_path(st, ["City Hall", "School Bus", "Corner Store", "Police Station", "Downtown",
                     "Private Home"])
    st.path.append(C.HELI)
    st.attach.append([])
    st.pos = [7, 6]
    light = give(st, 1, "Flashlight")
    st.actor = 1
    st.apply(act(C.K_FOLLOW, 0, light))
    assert st.is_terminal() and st.escaped == [True, True]
    res = st.result()
    assert res["victory"] and res["epic_overcome"] == 1 and res["campaign_points"] == 3


def test_time_runs_out_survivors_outside_the_helicopter_die() -> None:
    st = game(["Scout", "Biker"])
    extend_path(st, ["City Hall"] * 1 + ["School Bus", "Corner Store", "Police Station",
                                         "Downtown", "Private Home"])
    st.path.append(C.HELI)
    st.attach.append([])
    st.pos = [7, 5]
    st.minutes_used = st.departure - st.minutes_per_turn
    st.apply(C.PASS)
    st.apply(C.PASS)
    assert st.is_terminal() and st.escaped == [True, False] and st.alive == [True, False]
    assert st.result()["campaign_points"] == 1


def test_zombies_in_the_helicopter_at_departure_kill_everyone() -> None:
    st = game(["Scout"])
    extend_path(st, ["City Hall", "School Bus", "Corner Store", "Police Station", "Downtown",
                     "Private Home"])
    st.path.append(C.HELI)
    st.attach.append([])
    st.pos = [7]
    place_zombie(st, "Herd", 7)
    st.tick(st.departure + 0.5)  # the real clock
    assert st.is_terminal() and st.escaped == [False] and not st.result()["victory"]


def test_turn_clock_charges_minutes_per_player_turn() -> None:
    st = game(["Scout"])
    st.apply(C.PASS)
    assert st.minutes_used == 5 and st.turn == 2


def test_mutated_prisoners_can_be_set_aside_or_placed() -> None:
    st = game(["Scout"])
    loc = give(st, 0, "City Hall")
    pris, runner, run2 = stack(st, ["Mutated Prisoners", "Runner", "Ambusher"])
    st.rng = Dice([1] * 5)
    st.apply(act(C.K_LOCATION, 0, loc))
    assert st.legal_actions() == [act(C.K_PLACE_EPIC), act(C.K_SET_ASIDE)]
    st.apply(act(C.K_SET_ASIDE))
    assert pris in st.aside and st.zombies_at(1) == [runner, run2]
    assert not st.epic["prisoners_placed"]


def test_campaign_example_is_4_points_adequate() -> None:
    games = [campaign_points(5, 3, 0), campaign_points(5, 2, 0), campaign_points(5, 5, 1)]
    assert games == [1, 0, 3]
    assert default_catalog().evaluate(sum(games)) == "Adequate"
    ev = default_catalog().evaluate
    assert [ev(p) for p in (12, 8, 11, 5, 7, 3, 2, 1, 0)] == [
        "Legendary", "Great", "Great", "Good", "Good", "Adequate", "Poor", "Dismal", "Dismal"]


def test_otis_rule_lets_survivors_attack_each_other() -> None:
    st = game(["Scout", "Biker"], otis=True)
    st.rng = Dice([6])
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))
    assert st.current_player() == 1 and st.pending[0].kind == "react"  # the Biker may react
    st.apply(act(C.K_LET))
    assert st.wounds[1] == 1 and st.xp[0] == 0
    plain = game(["Scout", "Biker"])
    assert not any(a >> 16 == C.K_ATTACK for a in plain.legal_actions())


# ---- data file --------------------------------------------------------------------------------
def test_card_data_marks_every_value_and_counts_168_cards() -> None:
    cat = default_catalog()
    assert len(cat.action_cards) + len(cat.zombie_cards) + len(cat.survivors) + 2 == 168
    assert len(cat.survivors) == 13


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [("attack: \"1-3:0, 4-6:1\", traits: [], count: 4", "attack: \"1-3:0\", traits: [], count: 4",
      "roll 4 has no result"),
     ("rulebook: [name, xp], provisional: [health, attack, traits, count]}",
      "rulebook: [name, xp], provisional: [health, attack, traits]}", "not marked"),
     ("traits: [fast], count: 4", "traits: [sneaky], count: 4", "unknown trait"),
     ("effect: {heal: 2}", "effect: {heal: two}", "whole number"),
     ('effect: {ambush: "1:0, 2-3:1, 4-5:2, 6:3"}', "effect: {ambush: 3}",
      "attack chart '3': row '3' is not 'rolls:result'")],
)
def test_bad_card_data_names_file_and_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = (Path(__file__).parents[3] / "assets/cards/rise_of_the_zombies.yaml").read_text()
    assert old in text
    bad = tmp_path / "zombies.yaml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DataFileError, match=rf"zombies.yaml:\d+:\d+: .*{problem}"):
        load(bad)


def test_chart_parsing() -> None:
    c = parse_chart("(1):reload, 2-4:1, 5+:2")
    assert c.natural[1] == "reload" and c.wounds[2:8] == (1, 1, 1, 2, 2, 2)
    assert parse_chart("1-3:0, 4-6:1").wounds[9] == 1  # above the chart: its top row


def test_bad_setup_is_a_clear_error() -> None:
    with pytest.raises(FlickError, match="1 to 8"):
        RiseOfTheZombies([s.name for s in default_catalog().survivors[:9]])
    with pytest.raises(FlickError, match="unknown difficulty"):
        RiseOfTheZombies(["Scout"], "nightmare")


# ---- bots, determinism, JSON, CLI ---------------------------------------------------------------
def test_greedy_games_are_deterministic_and_end() -> None:
    a, b = new_state(11), new_state(11)
    play_out(a, make_bot("greedy", 1))
    play_out(b, make_bot("greedy", 1))
    assert a.to_json() == b.to_json() and a.is_terminal()


def test_cli_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    assert main(["cards", "rise-of-the-zombies", "--games", "2", "--seed", "5", "--json",
                 "--bots", "greedy"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and [g["seed"] for g in lines] == [5, 6]
    assert set(lines[0]) == {"game", "seed", "difficulty", "departure_minutes", "minutes_used",
                             "survivors", "path", "epic_overcome", "victory", "campaign_points"}
    assert set(lines[0]["survivors"][0]) == {"name", "alive", "in_helicopter", "health", "wounds",
                                             "xp"}
    assert lines[0]["path"][0] == "Safe House" and lines[0]["game"] == "rise_of_the_zombies"


def test_cli_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    assert main(["cards", "rise-of-the-zombies", "--time-scale", "0", "--games", "1"]) == 2
    assert main(["cards", "rise-of-the-zombies", "--survivors", "Scout,Zed", "--games", "1"]) == 2
    assert "unknown survivor" in capsys.readouterr().err


def test_terminal_play_with_the_real_clock_runs_out() -> None:
    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout"], "insane", seed=3, clock="real", log=True)
    times = [0.0, 10.0, 41 * 60.0]
    clock = RealClock(st.departure, now=lambda: times.pop(0) if len(times) > 1 else times[0])
    out = io.StringIO()
    play_terminal(st, [None], read=lambda prompt: str(len(st.legal_actions())), out=out,
                  clock=clock)
    assert st.is_terminal() and st.minutes_used > st.departure
    assert "departs" in st.end_reason and "Helicopter has departed" in out.getvalue()


def test_cli_campaign_rates_three_games(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    args = ["cards", "rise-of-the-zombies", "--survivors", "Scout", "--difficulty",
            "introductory", "--campaign", "--games", "1", "--seed", "3", "--json"]
    assert main(args) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and [g["seed"] for g in lines[:3]] == [3, 4, 5]
    total = sum(g["campaign_points"] for g in lines[:3])
    assert lines[3] == {"campaign": [g["campaign_points"] for g in lines[:3]], "total": total,
                        "evaluation": default_catalog().evaluate(total)}


def test_rollout_bot_picks_a_legal_move() -> None:
    from flick.cards.rise_of_the_zombies.bots import RolloutBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    bot = RolloutBot(4)
    bot.rollouts = 1
    a = bot.choose(st)
    assert a in st.legal_actions()


def test_unready_then_discard_for_the_attack_symbol() -> None:
    st = game(["Scout"])
    pistol = give(st, 0, "Pistol", ready=True)
    z = place_zombie(st, "Herd", 0)
    st.rng = Dice([4, 4])
    st.apply(act(C.K_ATTACK, pistol, C.NONE))
    st.apply(act(C.K_UNREADY, 0, pistol))
    assert pistol in st.hand[0]
    st.apply(act(C.K_ATTACK, C.NONE, pistol))  # the Knife, paid with the Pistol's symbol
    assert st.zwounds[z] == 2 and pistol in st.adisc
    assert act(C.K_READY, 0, pistol) not in st.legal_actions()


def test_dangerous_draws_only_on_the_first_advance() -> None:
    st = game(["Scout", "Biker"])
    extend_path(st, ["Police Station"])
    for _ in range(3):
        give(st, 0, "Flashlight")
    st.apply(act(C.K_FOLLOW, 0, st.hand[0][0]))
    assert st.pos[0] == 1 and len(st.hand[0]) == 2 + 2  # Police Station: +2
    st.moved[0] = False
    st.apply(act(C.K_FOLLOW, 1, st.hand[0][0]))
    st.moved[0] = False
    st.apply(act(C.K_FOLLOW, 0, st.hand[0][0]))
    assert len(st.hand[0]) == 2  # no new draws when re-entering


def test_companion_attacks_and_its_kill_gives_the_owner_xp() -> None:
    st = game(["Cheerleader"])
    comp = give(st, 0, "Companion", ready=True)
    z = place_zombie(st, "Runner", 0, 0)
    st.rng = Dice([6])
    st.apply(act(C.K_COMPANION, 0, comp))
    assert st.zpos[z] == -1 and st.xp[0] == 1
    assert act(C.K_COMPANION, 0, comp) not in st.legal_actions()


def test_render_shows_clock_path_zombies_and_hands() -> None:
    st = game(["Scout", "Biker"])
    place_zombie(st, "Hulker", 0, 1)
    give(st, 0, "Flashlight")
    text = st.render()
    assert "55 of 55 minutes left (turn clock)" in text
    assert "1. Safe House: survivors Scout, Biker" in text
    assert "Hulker 3/3 health" in text and "on the Biker" in text
    assert "hand: Flashlight" in text


def test_determinize_reshuffles_only_the_decks() -> None:
    st = game(["Scout", "Biker"])
    twin = st.determinize(0, random.Random(9))
    assert sorted(twin.adeck) == sorted(st.adeck) and twin.adeck != st.adeck
    assert sorted(twin.zdeck) == sorted(st.zdeck) and twin.hand == st.hand


def test_a_new_location_wakes_survivors_who_passed_so_they_can_follow() -> None:
    st = game(["Scout", "Biker"])
    light = give(st, 0, "Flashlight")
    loc = give(st, 1, "City Hall")
    st.apply(C.PASS)
    assert st.current_player() == 1
    stack(st, ["Loner", "Crawlers", "Runner"])
    st.rng = Dice([1] * 5)
    st.apply(act(C.K_LOCATION, 0, loc))
    st.apply(C.PASS)
    assert st.current_player() == 0 and st.turn == 1
    st.apply(act(C.K_FOLLOW, 0, light))
    assert st.pos == [1, 1]


def test_leaving_disengages_and_zombies_left_engage_who_remains() -> None:
    st = game(["Scout", "Biker"])
    extend_path(st, ["City Hall"])
    crawlers = place_zombie(st, "Crawlers", 0, 0)
    light = give(st, 0, "Flashlight")
    st.apply(act(C.K_FOLLOW, 0, light))
    assert st.zeng[crawlers] == 1  # the Biker is the only survivor left there
    st.pos[1] = 1
    zombies.engage_random(st, crawlers, 0)
    assert st.zeng[crawlers] == -1  # nobody there: it Engages no one


def test_ambush_with_no_card_to_discard_rolls_nothing() -> None:
    st = game(["Scoundrel", "Scout"])
    herd = place_zombie(st, "Herd", 0)
    amb = give(st, 0, "Ambush")
    st.rng = Dice([])  # any roll would fail
    st.apply(act(C.K_INSTANT, 0, amb))  # the Scout has no cards: nobody joins
    assert st.zwounds[herd] == 0 and st.pending == []


def test_mutated_prisoners_drawn_by_a_spawn_are_set_aside_and_replaced() -> None:
    st = game(["Scout"])
    pris, loner = stack(st, ["Mutated Prisoners", "Loner"])
    st.rng = Dice([1] * 5)
    zombies.zombie_turn(st)
    assert pris in st.aside and st.zpos[pris] == -1 and st.zpos[loner] == 0


def test_clone_goes_on_exactly_like_the_original() -> None:
    from flick.cards.bots import RandomBot

    st = RiseOfTheZombies(seed=4)
    greedy = make_bot("greedy", 4)
    for _ in range(60):
        st.apply(greedy.choose(st))
    twin = st.clone()
    assert twin.to_json() == st.to_json()
    a, b = RandomBot(2), RandomBot(2)
    for _ in range(200):
        if st.is_terminal():
            break
        st.apply(a.choose(st))
        twin.apply(b.choose(twin))
    assert twin.to_json() == st.to_json()
    twin.hand[0].append(-1)  # the copy shares no list with the original
    assert -1 not in st.hand[0]


def test_search_bot_scores_candidates_and_picks_a_legal_action() -> None:
    from flick.cards.rise_of_the_zombies.search import SearchBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    give(st, 0, "Flashlight")
    place_zombie(st, "Loner", 0, 0)
    bot = SearchBot(4)
    bot.rollouts = 1
    cands = bot.candidates(st, 0, st.legal_actions(), make_bot("greedy", 0).choose(st))
    assert C.PASS in cands and any(a >> 16 == C.K_LOCATION for a in cands)
    assert bot.choose(st) in st.legal_actions()
    # a finished game scores 2 per escaped survivor; a living survivor scores less than that
    assert 0.0 < bot.value(st) < 1.0
    st.over, st.escaped = True, [True, False]
    assert bot.value(st) == 1.0


def test_campaign_survivor_groups_change_between_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main
    from flick.cli.rise_of_the_zombies import survivor_groups

    assert survivor_groups("Scout, Biker", True) == [["Scout", "Biker"]] * 3
    assert survivor_groups("Scout", False) == [["Scout"]]
    with pytest.raises(FlickError, match="only a --campaign"):
        survivor_groups("Scout;Biker", False)
    with pytest.raises(FlickError, match="3 games"):
        survivor_groups("Scout;Biker", True)
    groups = "Scout,Biker;Historian;Scientist,Biker,Scout"
    args = ["cards", "rise-of-the-zombies", "--survivors", groups, "--campaign", "--games", "1",
            "--seed", "3", "--json", "--bots", "greedy"]
    assert main(args) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [[s["name"] for s in g["survivors"]] for g in lines[:3]] == [
        ["Scout", "Biker"], ["Historian"], ["Scientist", "Biker", "Scout"]]
    assert lines[3]["total"] == sum(g["campaign_points"] for g in lines[:3])


def test_secret_hands_pass_the_screen_between_humans() -> None:
    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout", "Biker"], seed=3, log=True)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "press Enter" in prompt:
            return ""
        if len(prompts) > 40:
            raise KeyboardInterrupt
        return "1"

    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play_terminal(st, [None, None], read=read, out=out, secret_hands=True)
    text = out.getvalue()
    assert "Pass the screen to player 2 (the Biker)" in text
    assert any("Player 2, press Enter" in p for p in prompts)
    scout_hand = ", ".join(st.spec(c).name for c in st.hand[0])
    table = st.render(1)
    assert "kept secret" in table and f"hand: {scout_hand}\n" not in table + "\n"
    assert "kept secret" not in st.render()


def test_value_model_features_and_fit() -> None:
    from flick.cards.rise_of_the_zombies import value as V

    st = RiseOfTheZombies(seed=2)
    x = V.features(st)
    assert len(x) == len(V.NAMES) == len(V.WEIGHTS) and x[0] == 1.0
    assert 0.0 < V.win_chance(st) < 1.0
    worse = st.clone()
    worse.wounds = [3, 3, 3, 3]  # same table, every survivor one wound from death
    assert V.win_chance(worse) < V.win_chance(st)
    worse.over, worse.escaped = True, [True, False, False, False]
    assert V.win_chance(worse) == 0.25
    # the fit recovers the sign of a feature that decides the outcome
    rng = random.Random(0)
    xs = [[1.0, rng.random()] for _ in range(400)]
    ys = [1.0 if r[1] > 0.5 else 0.0 for r in xs]
    w = V.fit(xs, ys)
    assert w[1] > 5 and w[0] < 0


def test_search_bot_keeps_the_greedy_choice_without_a_clear_gain() -> None:
    from flick.cards.rise_of_the_zombies.search import SearchBot

    st = game(["Scout", "Biker"])
    give(st, 0, "City Hall")
    give(st, 0, "Head Shot")
    place_zombie(st, "Hulker", 0, 0)
    bot = SearchBot(1)
    bot.rollouts, bot.margin = 2, 10.0  # no gain can exceed 10 (values are 0..2)
    assert bot.choose(st) == make_bot("greedy", 1).choose(st)
