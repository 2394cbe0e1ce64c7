"""Rise of the Zombies!: the zombies' traits (Blocks, Fast, Again, Attract, Group) and their
attacks and Engagement (`zombies`)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import combat, moves, zombies
from flick.cards.rise_of_the_zombies.codes import act
from tests.cards.rise_of_the_zombies.tables import (
    SAMPLE,
    Dice,
    extend_path,
    game,
    give,
    place_zombie,
    stack,
)


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
