"""Rise of the Zombies!: Infestation, with the rulebook's examples (`zombies.infestation_value`, a
new Location, the Rescue Helicopter)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import zombies
from flick.cards.rise_of_the_zombies.codes import act
from tests.cards.rise_of_the_zombies.tables import (
    SAMPLE,
    Dice,
    extend_path,
    game,
    give,
    place_zombie,
    stack,
    take,
)


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
