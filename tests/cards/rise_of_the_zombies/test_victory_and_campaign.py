"""Rise of the Zombies!: the end of a game (all aboard a clear Rescue Helicopter, time up, zombies
aboard), the turn clock, the Mutated Prisoners' Epic challenge and campaign points
(`turn_order`, `state`)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies.codes import act
from flick.cards.rise_of_the_zombies.data import default_catalog
from flick.cards.rise_of_the_zombies.state import campaign_points
from tests.cards.rise_of_the_zombies.tables import (
    Dice,
    extend_path,
    game,
    give,
    place_zombie,
    stack,
)


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
