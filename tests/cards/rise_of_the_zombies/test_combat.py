"""Rise of the Zombies!: survivors' attacks: free and paid attacks, ranges, charts and modifiers,
Final Attacks, Ambush, the Historian, the Paramedic, companions, the Otis rule (`combat`,
`play`)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import combat, moves, turn_order
from flick.cards.rise_of_the_zombies.codes import act
from tests.cards.rise_of_the_zombies.tables import (
    Dice,
    extend_path,
    game,
    give,
    place_zombie,
)


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


def test_companion_attacks_and_its_kill_gives_the_owner_xp() -> None:
    st = game(["Cheerleader"])
    comp = give(st, 0, "Companion", ready=True)
    z = place_zombie(st, "Runner", 0, 0)
    st.rng = Dice([6])
    st.apply(act(C.K_COMPANION, 0, comp))
    assert st.zpos[z] == -1 and st.xp[0] == 1
    assert act(C.K_COMPANION, 0, comp) not in st.legal_actions()


def test_ambush_with_no_card_to_discard_rolls_nothing() -> None:
    st = game(["Scoundrel", "Scout"])
    herd = place_zombie(st, "Herd", 0)
    amb = give(st, 0, "Ambush")
    st.rng = Dice([])  # any roll would fail
    st.apply(act(C.K_INSTANT, 0, amb))  # the Scout has no cards: nobody joins
    assert st.zwounds[herd] == 0 and st.pending == []


def test_otis_rule_lets_survivors_attack_each_other() -> None:
    st = game(["Scout", "Biker"], otis=True)
    st.rng = Dice([6])
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))
    assert st.current_player() == 1 and st.pending[0].kind == "react"  # the Biker may react
    st.apply(act(C.K_LET))
    assert st.wounds[1] == 1 and st.xp[0] == 0
    plain = game(["Scout", "Biker"])
    assert not any(a >> 16 == C.K_ATTACK for a in plain.legal_actions())
