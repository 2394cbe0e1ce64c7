"""Rise of the Zombies!: hidden information, the game's own card data, Experience costs of played
cards, simultaneous play, the optional companion redirect and the real-time clock."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from flick.cards.bots import RandomBot
from flick.cards.engine import IllegalActionError
from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies.codes import act
from flick.cards.rise_of_the_zombies.data import Catalog, default_catalog
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from tests.cards.rise_of_the_zombies.tables import Dice, game, give, stack


def costly(changes: dict[str, int]) -> Catalog:
    """The default cards with the Experience costs of some cards changed (a custom deck)."""
    cat = default_catalog()
    acts = tuple(
        dataclasses.replace(a, cost=changes[a.name]) if a.name in changes else a
        for a in cat.actions
    )
    return dataclasses.replace(cat, actions=acts)


# ---- hidden information -------------------------------------------------------------------
def _states(secret: bool, games: int = 6, every: int = 13) -> list[RiseOfTheZombies]:
    out = []
    for g in range(games):
        st = RiseOfTheZombies(["Scout", "Biker", "Historian"][: 1 + g % 3], seed=40 + g,
                              secret_hands=secret)
        bot = RandomBot(g)
        steps = 0
        while not st.is_terminal() and steps < 400:
            if steps % every == 0:
                out.append(st.clone())
            st.apply(bot.choose(st))
            steps += 1
    return out


def test_two_determinizations_give_the_same_observation_and_none_holds_a_secret() -> None:
    changed = 0
    states = _states(False) + _states(True)
    assert len(states) > 80
    for st in states:
        for p in range(st.num_players):
            obs = st.observation(p)
            text = json.dumps(obs)
            assert "rng" not in obs and "seed" not in obs
            assert "adeck" not in obs and "zdeck" not in obs
            assert obs["adeck_size"] == len(st.adeck) and obs["zdeck_size"] == len(st.zdeck)
            a = st.determinize(p, random.Random(1))
            b = st.determinize(p, random.Random(2))
            assert a.observation(p) == b.observation(p) == obs
            assert json.dumps(a.observation(p)) == text
            changed += a.adeck != b.adeck or a.hand != b.hand
            if st.secret_hands and st.num_players > 1:
                assert obs["hand"][p] == sorted(st.hand[p])
                assert all(obs["hand"][t] == len(st.hand[t])
                           for t in range(st.num_players) if t != p)
    assert changed > len(states) // 2  # the determinizations really differ where it is hidden


def test_secret_hands_determinize_redeals_the_other_hands_not_mine() -> None:
    st = RiseOfTheZombies(["Scout", "Biker", "Historian"], seed=3, secret_hands=True)
    twin = st.determinize(0, random.Random(5))
    assert twin.hand[0] == st.hand[0]
    assert [len(h) for h in twin.hand] == [len(h) for h in st.hand]
    assert twin.hand[1:] != st.hand[1:]
    assert sorted(twin.adeck + twin.hand[1] + twin.hand[2]) == sorted(
        st.adeck + st.hand[1] + st.hand[2])


# ---- the game's own card data --------------------------------------------------------------
def test_a_custom_deck_round_trips_through_json() -> None:
    cat = dataclasses.replace(costly({"Head Shot": 1}), minutes_per_turn=7)
    st = RiseOfTheZombies(["Scout"], seed=2, catalog=cat)
    back = RiseOfTheZombies.from_json(json.loads(json.dumps(st.to_json())))
    assert back.cat == cat and back.cat.minutes_per_turn == 7
    assert back.to_json() == st.to_json()
    plain = RiseOfTheZombies(["Scout"], seed=2)
    assert "catalog" not in plain.to_json()  # the default cards are not copied into every save
    assert RiseOfTheZombies.from_json(plain.to_json()).cat is default_catalog()


# ---- Experience costs of played cards ------------------------------------------------------
def test_instants_and_locations_cost_their_experience() -> None:
    st = game(["Scout"], catalog=costly({"Head Shot": 1, "City Hall": 2}))
    st.rng = Dice([1] * 20)
    shot = give(st, 0, "Head Shot")
    hall = give(st, 0, "City Hall")
    stack(st, ["Loner", "Crawlers", "Runner", "Spitter"])
    assert act(C.K_LOCATION, 0, hall) not in st.legal_actions()
    st.xp[0] = 2
    st.apply(act(C.K_LOCATION, 0, hall))
    assert st.xp[0] == 0 and st.pos[0] == 1
    assert act(C.K_INSTANT, 0, shot) not in st.legal_actions()  # a zombie is here, no XP
    assert any(st.zpos[z] == 1 for z in st.zorder)
    st.xp[0] = 1
    st.apply(act(C.K_INSTANT, 0, shot))
    assert st.xp[0] == 0


# ---- simultaneous play ---------------------------------------------------------------------
def test_survivors_act_in_any_order_and_done_can_be_taken_back() -> None:
    """The sample game: the Scoundrel places the Police Station and says he is done, the others
    follow him in, then the Scoundrel (done) takes it back and buys the Barricade there."""
    st = game()  # Cheerleader, Scoundrel, Scout, Paramedic
    st.rng = Dice([1] * 60)
    station = give(st, 1, "Police Station")
    barricade = give(st, 1, "Barricade")
    st.xp[1] = 3
    lights = {t: give(st, t, "Flashlight") for t in (0, 2, 3)}
    stack(st, ["Loner", "Crawlers", "Runner", "Spitter", "Creeper"])
    assert st.current_player() == 0 and st.actors() == [0, 1, 2, 3]
    st.apply_for(1, act(C.K_LOCATION, 0, station))  # the Scoundrel first, not the Cheerleader
    st.apply_for(1, C.PASS)
    assert st.passed[1] and st.phase == "play"
    for t in (2, 0, 3):  # the others follow him, in no seat order
        st.apply_for(t, act(C.K_FOLLOW, 0, lights[t]))
    assert st.pos == [1, 1, 1, 1]
    late = st.legal_actions_for(1)
    assert act(C.K_RESUME) in late and C.PASS not in late
    assert act(C.K_READY, 0, barricade) in late
    st.apply_for(1, act(C.K_READY, 0, barricade))
    assert barricade in st.attach[1] and st.xp[1] == 0 and not st.passed[1]
    for t in (1, 0, 2, 3):
        st.apply_for(t, C.PASS)
    assert st.turn == 2 and st.phase == "discard"  # everyone done: the Zombie Turn ran


def test_done_taken_back_then_done_again_and_who_may_act() -> None:
    st = game(["Scout", "Biker"])
    st.apply(C.PASS)  # the Scout is done
    assert st.current_player() == 1 and st.passed[0]
    assert st.legal_actions_for(0) == [act(C.K_RESUME)]  # nothing to play but taking it back
    st.apply_for(0, act(C.K_RESUME))
    assert not st.passed[0] and st.current_player() == 0
    st.apply_for(0, C.PASS)
    assert st.current_player() == 1 and st.turn == 1
    try:
        st.apply_for(0, C.PASS)  # done already: passing again is not an action
    except IllegalActionError:
        pass
    else:
        raise AssertionError("a second pass was accepted")
    give(st, 1, "Pistol")
    st.apply_for(1, C.PASS)
    # the Discard step runs in seat order: the Scout (no card) just drew, the Biker discards
    assert st.turn == 2 and st.phase == "discard" and st.actors() == [1]
    assert st.legal_actions_for(0) == []


# ---- the real-time clock -------------------------------------------------------------------
def test_the_real_clock_ends_the_game_mid_prompt_with_a_live_countdown() -> None:
    import io
    import queue
    import time

    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cli.rise_of_the_zombies import LiveInput, play_terminal

    st = RiseOfTheZombies(["Scout"], "insane", seed=3, clock="real", log=True)
    fake = [0.0]

    def now() -> float:  # every look at the clock is 30 real seconds later
        fake[0] += 30.0
        return fake[0]

    clock = RealClock(st.departure, now=now)
    lines: queue.Queue[str] = queue.Queue()  # nobody ever answers the prompt
    out = io.StringIO()
    live = LiveInput(clock, out, lines=lines.get, poll=0.001, tty=True)
    t0 = time.perf_counter()
    play_terminal(st, [None], read=live, out=out, clock=clock)
    assert time.perf_counter() - t0 < 0.5  # no real waiting for the 40 minutes
    lines.put("")  # let the reader thread end
    text = out.getvalue()
    assert st.is_terminal() and "departs" in st.end_reason and st.turn == 1
    assert st.minutes_used >= st.departure == 40
    assert "Time is up: the Rescue Helicopter has departed." in text
    assert live.redraws > 10 and "\0337\r[" in text  # the countdown redrawn while waiting
    assert "[39:00 left]" in text or "[38:30 left]" in text


def test_the_clock_counts_down_and_scales() -> None:
    from flick.cards.rise_of_the_zombies.clock import RealClock

    t = [100.0]
    c = RealClock(55, scale=60.0, now=lambda: t[0])
    assert c.text() == "55:00 left" and c.minutes_left() == 55.0
    t[0] += 30.0  # 30 real seconds at 60x: 30 game minutes
    assert c.minutes_used() == 30.0 and c.text() == "25:00 left"
    assert c.seconds_to_departure() == 25.0
    t[0] += 25.0
    st = RiseOfTheZombies(["Scout", "Biker"], seed=1, clock="real")
    assert c.minutes_left() == 0.0 and c.sync(st) and "departs" in st.end_reason


def test_real_time_is_the_default_for_people_and_bots_may_use_it(
    monkeypatch: object, capsys: object
) -> None:
    import flick.cli.rise_of_the_zombies as cli
    from flick.cli import main

    seen = []
    monkeypatch.setattr(cli, "play_terminal",  # type: ignore[attr-defined]
                        lambda state, seats, **kw: seen.append((state.clock, kw["scale"])))
    assert main(["cards", "rise-of-the-zombies", "--survivors", "Scout"]) == 0
    assert main(["cards", "rise-of-the-zombies", "--survivors", "Scout", "--clock", "turns",
                 "--time-scale", "3"]) == 0
    assert seen == [("real", 1.0), ("turns", 3.0)]
    capsys.readouterr()  # type: ignore[attr-defined]
    assert main(["cards", "rise-of-the-zombies", "--games", "1", "--json", "--bots",
                 "greedy"]) == 0
    turns = json.loads(capsys.readouterr().out.splitlines()[0])  # type: ignore[attr-defined]
    assert turns["minutes_used"] % 5 == 0
    assert main(["cards", "rise-of-the-zombies", "--games", "1", "--json", "--clock", "real",
                 "--time-scale", "1e9"]) == 0
    real = json.loads(capsys.readouterr().out.splitlines()[0])  # type: ignore[attr-defined]
    assert real["minutes_used"] >= real["departure_minutes"] and not real["victory"]


def test_humans_switch_survivor_and_take_back_done_at_the_terminal() -> None:
    import io

    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout", "Biker"], seed=3, log=True)
    script = ["done", "s1", "take back", "done", "done"]
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not script:
            raise KeyboardInterrupt
        step = script.pop(0)
        if step == "s1":
            return "s1"
        seat = int(prompt.split()[1].rstrip(",")) - 1
        labels = [label for _a, label in st.labelled_actions_for(seat)]
        want = "done playing" if step == "done" else "take back"
        return str(next(i for i, lab in enumerate(labels, 1) if lab.startswith(want)))

    st.phase = "play"  # skip the Discard step: nobody discards
    st.actor = 0
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):  # the script ends in the next turn: quit
        play_terminal(st, [None, None], read=read, out=out)
    assert st.events is not None and "The Scout is not done after all." in st.events
    assert st.turn == 2  # both were done at last: the Zombie Turn ran
    assert "(s1 to switch survivor, " in out.getvalue() and prompts[2].startswith("Player 1,")


# ---- the Otis rule -------------------------------------------------------------------------
def test_otis_the_target_reacts_first_then_the_declared_attack_goes_on() -> None:
    """The rulebook's scene: the Cheerleader attacks the Paramedic, who answers with her own
    attack before the Cheerleader's roll becomes real."""
    st = game(["Scout", "Biker"], otis=True)
    st.rng = Dice([6, 6])
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))  # the Scout's Knife at the Biker
    assert st.current_player() == 1 and st.wounds == [0, 0]
    react = st.legal_actions()
    assert act(C.K_LET) in react and act(C.K_ATTACK, C.NONE, C.NONE) in react
    st.apply(act(C.K_ATTACK, C.NONE, C.NONE))  # the Biker's Chain at the Scout, at once
    assert st.wounds == [2, 1]  # Chain 6 -> 2 first, then the Knife 6 -> 1
    assert not st.pending and st.current_player() == 0 and st.free_used == [True, True]


def test_otis_final_attacks_head_shots_and_companions_can_target_survivors() -> None:
    st = game(["Scout", "Biker"], otis=True)
    st.rng = Dice([6] * 6)
    gun = give(st, 0, "Shotgun", ready=True)
    shot = give(st, 0, "Head Shot")
    comp = give(st, 0, "Companion", ready=True)
    legal = st.legal_actions()
    assert {act(C.K_FINAL, 0, gun), act(C.K_INSTANT, 0, shot),
            act(C.K_COMPANION, 0, comp)} <= set(legal)
    st.apply(act(C.K_INSTANT, 0, shot))  # the Biker is the only target: chosen at once
    assert st.pending[0].kind == "react" and st.current_player() == 1
    st.apply(act(C.K_LET))
    assert st.wounds[1] == 1
    st.apply(act(C.K_FINAL, 0, gun))
    st.apply(act(C.K_LET))  # one window for the whole Final Attack
    assert st.wounds[1] == 4 and not st.pending
    st.apply(act(C.K_COMPANION, 0, comp))
    st.apply(act(C.K_LET))
    assert st.wounds[1] == 5  # Companion chart 6 -> 1
    plain = game(["Scout", "Biker"])
    gun = give(plain, 0, "Shotgun", ready=True)
    assert act(C.K_FINAL, 0, gun) not in plain.legal_actions()  # no zombie, no Otis: no target


# ---- survivor-side Again and Attract -------------------------------------------------------
def test_a_survivor_again_attacks_once_more_and_attract_draws_into_its_location() -> None:
    from flick.cards.rise_of_the_zombies.data import parse_chart

    cat = default_catalog()
    chart = parse_chart("(1):attract, 2-3:0, 4-5:1, (6):again")
    acts = tuple(dataclasses.replace(a, chart=chart) if a.name == "Pistol" else a
                 for a in cat.actions)
    st = game(["Scout", "Biker"], catalog=dataclasses.replace(cat, actions=acts))
    pistol = give(st, 0, "Pistol", ready=True)
    z = next(z for z in st.zdeck if st.zspec(z).name == "Hulker")
    st.zdeck.remove(z)
    st.zpos[z], st.zeng[z] = 1, -1
    st.zorder.append(z)
    st.path.append(next(c for c in st.adeck if st.spec(c).type == "location"))
    st.adeck.remove(st.path[-1])
    st.attach.append([])
    st.rng = dice = Dice([6, 4, 1, 1, 1, 1])
    st.apply(act(C.K_ATTACK, pistol, C.NONE))  # Free Attack at the Hulker next door: 6, Again
    # Again: a second roll (4 -> 1 wound) at the only target in range, chosen by itself
    assert st.zwounds[z] == 1 and len(dice.rolls) == 4 and not st.pending
    assert st.events is not None and "  Again: another attack" in st.events
    before = len(st.zorder)
    stack(st, ["Loner"])
    bat = give(st, 0, "Baseball Bat")
    st.apply(act(C.K_ATTACK, pistol, bat))  # paid with the Bat's Attack symbol: roll 1
    assert len(st.zorder) == before + 1
    loner = st.zorder[-1]
    assert st.zspec(loner).name == "Loner" and st.zpos[loner] == 0 and st.zeng[loner] == 0


def test_random_simultaneous_games_end_and_round_trip() -> None:
    """Random survivors acting out of turn (apply_for), Otis and secret hands on and off: every
    game ends, every state rebuilt from its JSON goes on the same, the decisions are reached."""
    kinds: set[str] = set()
    for g in range(30):
        names = ["Scout", "Biker", "Historian", "Paramedic", "Scoundrel"][: 1 + g % 5]
        st = RiseOfTheZombies(names, seed=g, otis=bool(g % 2), secret_hands=g % 3 == 0)
        bot, rng = RandomBot(g), random.Random(g)
        steps = 0
        while not st.is_terminal():
            assert steps < 5000
            steps += 1
            if st.pending:
                kinds.add(st.pending[0].kind)
            seat = rng.choice(st.actors())
            legal = st.legal_actions_for(seat)
            assert legal  # whoever may act has something to do
            if steps % 97 == 0:
                twin = RiseOfTheZombies.from_json(json.loads(json.dumps(st.to_json())))
                a = legal[rng.randrange(len(legal))]
                twin.apply_for(seat, a)
                st.apply_for(seat, a)
                assert twin.to_json() == st.to_json()
            else:
                st.apply_for(seat, bot.choose(st) if seat == st.current_player()
                             else legal[rng.randrange(len(legal))])
    assert {"target", "react", "redirect"} <= kinds
