"""Rise of the Zombies!: cards, Experience and trading, movement and new Locations in a Player Turn
(`play`, `moves`)."""

from __future__ import annotations

import pytest

from flick.cards.engine import IllegalActionError
from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import turn_order, zombies
from flick.cards.rise_of_the_zombies.codes import act
from tests.cards.rise_of_the_zombies.tables import (
    Dice,
    extend_path,
    game,
    give,
    place_zombie,
    stack,
)


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
