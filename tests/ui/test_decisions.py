"""The window's decisions (`flick.ui.decisions`), played in `flick play` under SDL's dummy
driver: S9 starts behind the pass screen and shows a player's secret objective to that player
only; a flare flicked by script; an accusation, its vote and the betrayer's exile flick; a
steal decision; Crossroads, powers, survivor fights, Gabriel's pick, Olivia's heal; every
decision the bots make is one the window offers; the CLI for S9."""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from flick.game.actions.legal import legal_actions
from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor, EndTurn, FightWeapon
from flick.game.scenarios import inputs as ai
from flick.game.scenarios.five_to_ten import team_sizes
from flick.scenario import load
from flick.ui import adapter, decisions
from flick.ui.app import PlayApp, Settings
from flick.ui.commands import Apply
from flick.ui.gesture import SWIPE_GAIN
from flick.ui.modes import passing
from flick.ui.script import parse
from tests.conftest import game_group
from tests.ui.gestures import swipe

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def play(game: Game, events: list[dict[str, Any]], **kw: Any) -> PlayApp:
    app = PlayApp(game, Settings(script=parse(events), **kw))
    app.run()
    return app


def click(t: float, name: str) -> list[dict[str, Any]]:
    return [{"t": t, "type": "down", "at": f"survivor:{name}"},
            {"t": t + 0.02, "type": "up", "at": f"survivor:{name}"}]


def key(t: float, name: str) -> dict[str, Any]:
    return {"t": t, "type": "key", "key": name}


def s9(seed: int = 1) -> Game:
    sc = load(9)
    return Game(sc, seed, players=team_sizes(sc, 6))


def test_scenario_9_starts_behind_the_pass_screen_and_shows_the_objective_to_its_player(
) -> None:
    game = s9()
    app = PlayApp(game, Settings(frames=1))
    assert app.pass_screen and app.viewer() is None
    head, _ = passing.pass_label(app)
    assert head == "Pass to team B"
    app.key("space")  # the player must say which survivor is theirs, on the pass screen
    assert app.pass_screen and app.status_bad and game.inputs == []
    # no survivor chosen yet: no secret objective on the screen
    assert decisions.objective_lines(game, app.viewer()) == []
    app.command("choose:Kevin Jackson")
    assert game.active == "Kevin Jackson" and not app.pass_screen  # the same person chose
    lines = decisions.objective_lines(game, app.viewer())
    assert len(lines) == 1 and lines[0].startswith("Kevin's secret objective")
    assert "BETRAYER" not in lines[0]  # seed 1: Elijah is team B's betrayer, not Kevin
    app.select("end_turn")
    # Kevin's player sees the turn's outcome first, then the pass screen hides his objective
    assert app.modes.top.name == "turn_over" and app.viewer() is None
    app.key("space")
    assert game.current_team == "A" and app.pass_screen and app.viewer() is None


def test_flick_play_9_runs_with_six_players(tmp_path: Any) -> None:
    from flick.cli.play import play as play_cli

    shot = tmp_path / "s9.png"
    assert play_cli(load(9), 1, 6, frames=2, screenshot=str(shot)) == 0
    assert shot.stat().st_size > 0
    assert play_cli(load(10), 1, 8, frames=2) == 0
    with pytest.raises(Exception, match="6, 8, 10 players, not 7"):
        play_cli(load(9), 1, 7, frames=2)


@game_group(9)
def test_at_the_end_of_scenario_9_every_secret_objective_is_shown(played: Any) -> None:
    # the bots' whole game of S9, seed 100, 6 players: shared with the golden and game tests
    game = played(9, 100, 6)
    app = PlayApp(game, Settings(frames=1))
    lines = decisions.objective_lines(game, app.viewer())
    assert len(lines) == 6 and any("(betrayer)" in line for line in lines)
    assert all(line.endswith(("WINS", "does not win")) for line in lines)


def test_a_flare_is_flicked_from_the_thumb_with_the_face_chosen() -> None:
    game = Game(load(7), 1)  # team A plays first; Elijah carries 2 flares
    events = [key(0.05, "space"), *click(0.1, "Elijah"), key(0.3, "l"),
              {"t": 0.35, "type": "command", "command": "flare_face:small"},
              *swipe(0.5, (0.0, -0.6))]
    app = play(game, events)
    flare = game.inputs[1]
    assert isinstance(flare, ai.Flare) and flare.big is False
    ix, iy = flare.flick.impulse
    assert abs(ix) < 1e-6 and iy < 0  # straight south, as swiped
    # the flare token's mass is 1.5 g: 60 cm/s of swipe over the table at the view's zoom
    assert math.isclose(iy, -1.5 * 60.0 * app.cam.scale * SWIPE_GAIN, rel_tol=0.05)
    assert game.rule_state.power_tokens["Elijah Jordan"]["flare"] == 1
    ev = next(e for e in game.events if e.type == "flare")
    assert ev.data["big"] is False and ev.data["survivor"] == "Elijah Jordan"
    elijah = game.survivors["Elijah Jordan"]
    _, y0 = game.board.pos(elijah.piece)
    assert ev.data["at"][1] < y0  # it slid south of Elijah
    assert game.actions_done == 1 and app.action is None


def test_an_accusation_is_voted_and_the_unmasked_betrayer_flicked() -> None:
    game = s9()  # seed 1: Elijah is team B's betrayer
    # S9: the player at the pass screen picks their own survivor there
    events = [{"t": 0.1, "type": "command", "command": "choose:Kevin Jackson"}, key(0.3, "u")]
    t = 0.4
    events.append({"t": t, "type": "command", "command": "accuse:Elijah Jordan"})
    for _ in range(3):  # Kevin, Olivia, Elijah vote in turn, each behind the pass screen
        t += 0.1
        events.append(key(t, "space"))
        t += 0.05
        events.append({"t": t, "type": "command", "command": "option:0"})  # thumb up
    events += [key(t + 0.1, "space"), *swipe(t + 0.2, (1.0, 0.0)),
               # Kevin ends his turn; the betrayer, a team of one, passes (flips its X)
               key(t + 0.5, "space"), key(t + 0.6, "e"), key(t + 0.7, "space"),
               {"t": t + 0.8, "type": "command", "command": "option:0"}]
    app = play(game, events)
    kinds = [i.kind for i in game.inputs]
    assert kinds == ["choose", "accuse", "vote", "vote", "vote", "exile_flick", "end_turn",
                     "pass"]
    assert game.rule_state.x_token["Elijah Jordan"] is False
    assert "Elijah flips the X token and passes the turn." in app.event_log.lines
    assert adapter.team_colour(game, "betrayer Elijah") not in (
        adapter.team_colour(game, "A"), adapter.team_colour(game, "B"))
    assert [e.data["survivor"] for e in game.events if e.type == "vote"] == [
        "Kevin Jackson", "Olivia Brown", "Elijah Jordan"]
    assert "Elijah Jordan" in game.rule_state.unmasked
    assert game.survivors["Elijah Jordan"].team == "betrayer Elijah"
    exile = game.inputs[5]
    assert isinstance(exile, ai.ExileFlick) and exile.flick.impulse[0] > 0
    assert game.rule_state.exile is None
    assert game.phase == "choose" and app.gesture is None


def test_a_steal_decision_takes_the_token_looked_at() -> None:
    game = Game(load(6), 2)
    bot = HeuristicBot(2, params=game.board.params)
    while not game.rule_state.steal_offers:  # bots play until a felled survivor may be robbed
        game.apply(bot.decide(game))
    offer = dict(game.rule_state.steal_offers[0])
    thief, victim = game.survivors[offer["thief"]], game.survivors[offer["victim"]]
    token = next(t for t in victim.inventory if t.uid == offer["uid"])
    app = PlayApp(game, Settings(frames=1))
    assert app.pass_screen  # only the thief's player sees the token looked at
    assert app.viewer() is None
    app.key("space")
    assert token.kind in app.prompt()
    labels = [o.label for o in app.options()]
    assert labels[:2] == ["Take it", "Leave it"]
    n = len(game.inputs)
    app.key("1")  # the first option: take it
    assert isinstance(game.inputs[n], ai.Steal) and game.inputs[n].action == "take"
    assert token in thief.inventory and token not in victim.inventory
    assert not game.rule_state.steal_offers and game.phase != "decide"


def bots_until(number: int, seed: int, ready: Any, tries: int = 12) -> Game:
    """Bots play `number` until `ready(game)` (the situation a test needs), from `seed` or,
    where the bots' game from that seed ends without it, from the next seeds: the test is of
    the window, not of where the bots happen to take one game."""
    for s in range(seed, seed + tries):
        game = Game(load(number), s)
        bot = HeuristicBot(s, params=game.board.params)
        while not game.over and not ready(game):
            game.apply(bot.decide(game))
        if ready(game):
            return game
    raise AssertionError(f"scenario {number}: no bot game from seeds {seed}..{seed + tries - 1} "
                         "reached the situation")


def test_a_crossroads_option_is_chosen_in_the_panel() -> None:
    game = bots_until(5, 1, lambda g: g.phase == "crossroads")
    card = game.rule_state.crossroads_card
    app = PlayApp(game, Settings(frames=1))
    opts = app.options()
    assert opts and opts[0].label.startswith("1) ") and "Crossroads" in app.prompt()
    n = len(game.inputs)
    app.key("1")
    assert isinstance(game.inputs[n], ai.CrossroadsChoice) and game.inputs[n].option == 0
    assert game.rule_state.crossroads_card is None and game.phase != "crossroads"
    assert any(e.type == "crossroads_choice" and e.data["card"] == card for e in game.events)


def test_mikes_free_move_flicks_his_figure() -> None:
    game = bots_until(7, 1, lambda g: "figure_move" in g.legal_kinds())
    mike = game.survivors[game.active]
    assert mike.short == "Mike"
    play(game, [key(0.05, "space"), key(0.1, "v"), *swipe(0.3, (0.8, 0.0))])
    inp = game.inputs[-1]
    assert isinstance(inp, ai.FigureMove) and inp.flick.impulse[0] > 0
    assert abs(inp.flick.impulse[1]) < 1e-6
    ev = [e for e in game.events if e.type == "move" and e.data.get("piece") == "figure"]
    assert ev and ev[-1].data["survivor"] == mike.name
    assert game.active != mike.name or game.phase != "act"  # the free move ended his turn


def test_anitas_extra_action_token_gives_a_third_action() -> None:
    game = bots_until(8, 1, lambda g: g.phase == "choose" and g.current_team == "A")
    app = PlayApp(game, Settings(frames=1))
    app.key("space")
    app.command("choose:Anita Wallace")
    items = {it.id: it for it in adapter.action_items(game)}
    assert items["extra_action"].enabled
    app.key("y")
    assert isinstance(game.inputs[-1], ai.ExtraAction)
    assert game.rule_state.power_tokens["Anita Wallace"]["extra_action"] == 1
    assert legal_actions(game).per_turn == 3


def test_a_survivor_fight_is_staged_and_played_from_the_panel(tmp_path: Any) -> None:
    game = bots_until(6, 2, lambda g: g.phase == "fight" and getattr(g.fight, "kind", "") == "duel")
    shot = tmp_path / "duel.png"
    app = play(game, [key(0.05, "space")], screenshot=str(shot))
    assert app.on_fight_table() and shot.stat().st_size > 0
    fighter = game.fight.to_act
    weapons = [o.command for o in app.options()]
    assert weapons and all(isinstance(c, Apply) and isinstance(c.inp, FightWeapon)
                           for c in weapons)
    app.key("1")
    assert game.fight.weapons.get(fighter) == weapons[0].inp.weapon  # type: ignore[union-attr]
    while game.fight.stage == "weapon":  # every fighter takes its first weapon
        app.key("1")
    shooter = game.fight.to_act
    spot = app.spot()
    assert spot is not None and spot.table == "fight"
    # flick the weapon straight at the other side (+y for the entering side, -y otherwise)
    ahead = 1.0 if shooter in game.fight.sides[0] else -1.0
    cam = app.active_cam()
    n = len(game.inputs)
    x, y = spot.centre
    app.mouse_down(1.0, cam.px(x, y), 1)
    for k in range(1, 6):
        app.mouse_move(1.0 + 0.01 * k, cam.px(x, y + ahead * 2.0 * k))
    app.mouse_up(1.06, cam.px(x, y + ahead * 12.0), 1)
    flick = game.inputs[n]
    assert flick.kind == "fight_flick" and flick.flick.impulse[1] * ahead > 0
    assert any(e.type == "flick" and e.data.get("stage") == "duel"
               and e.data.get("survivor") == shooter for e in game.events)


def test_a_wrongly_accused_player_defects_behind_the_pass_screen() -> None:
    game = s9(3)  # seed 3: team B has no betrayer
    assert not [b for b in game.rule_state.betrayers if game.survivors[b].team == "B"]
    events = [{"t": 0.1, "type": "command", "command": "choose:Thomas Heart"}, key(0.3, "u"),
              {"t": 0.4, "type": "command", "command": "accuse:Elijah Jordan"}]
    t = 0.4
    for _ in range(3):
        events += [key(t + 0.1, "space"), {"t": t + 0.15, "type": "command", "command": "vote:1"}]
        t += 0.15
    app = play(game, events)
    assert game.phase == "allegiance" and app.pass_screen  # Elijah's player decides alone
    assert passing.pass_label(app)[0].startswith("Pass to Elijah's player")
    app.key("space")
    assert [o.command for o in app.options()] == [Apply(ai.Allegiance(False)),
                                                  Apply(ai.Allegiance(True))]
    app.key("2")  # join the other team
    assert isinstance(game.inputs[-1], ai.Allegiance) and game.inputs[-1].defect
    assert game.survivors["Elijah Jordan"].team == "A"
    assert game.survivors["Thomas Heart"].power_side  # the accuser turns its board


def test_gabriel_picks_one_of_two_tokens_and_an_x_token_is_moved() -> None:
    game = bots_until(7, 1, lambda g: g.phase == "pick")
    app = PlayApp(game, Settings(frames=1))
    app.key("space")
    labels = [o.label for o in app.options()]
    assert len(labels) == 2 and all(label.startswith("Take the ") for label in labels)
    app.key("2")
    assert isinstance(game.inputs[-1], ai.PickToken) and game.inputs[-1].choice == 1
    assert game.phase != "pick"
    game = bots_until(8, 1, lambda g: bool(g.rule_state.x_pending))
    to = game.rule_state.x_pending[0]
    app = PlayApp(game, Settings(frames=1))
    app.key("space")
    source = app.options()[0].command.inp.source  # type: ignore[union-attr]
    app.key("1")
    assert isinstance(game.inputs[-1], ai.MoveX) and game.inputs[-1].source == source
    assert to in game.rule_state.x_blocked and not game.rule_state.x_pending


def test_olivia_heals_from_the_panel_without_spending_an_action() -> None:
    # The situation is built directly (the bots' S7 games reach it first from seed 12, after
    # 191 inputs and 11 whole games from seeds 1-11: ~55 s): two turns ended at once, then
    # Olivia chosen with one wound and a medicine of her own; John, wounded with his own
    # medicine but not next to her (no figure is next to another at the start), is not offered.
    game = Game(load(7), 1)
    for name in ("Elijah Jordan", "Gabriel Diaz"):  # Elijah holds the pretzel: he plays first
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    game.apply(ChooseSurvivor("Olivia Brown"))
    olivia, john = game.survivors["Olivia Brown"], game.survivors["John Price"]
    for s in (olivia, john):
        s.life -= 1
        s.inventory.append(game.new_token("medicine"))
    assert game.phase == "act" and game.active == "Olivia Brown"
    assert [c for _, c, _ in decisions.heal_options(game)] == [
        ai.Heal("Olivia Brown", "Olivia Brown")]
    app = PlayApp(game, Settings(frames=1))
    app.key("space")
    app.key("o")
    command = app.options()[0].command  # Olivia heals a patient with whose medicine
    assert command == Apply(decisions.heal_options(game)[0][1])
    heal = command.inp  # type: ignore[union-attr]
    patient_name, source_name = heal.target, heal.source
    patient, source = game.survivors[patient_name], game.survivors[source_name]
    life, done = patient.life, game.actions_done
    meds = sum(t.kind == "medicine" for t in source.inventory)
    app.key("1")
    assert isinstance(game.inputs[-1], ai.Heal)
    assert patient.life == life + 1 and game.actions_done == done
    assert sum(t.kind == "medicine" for t in source.inventory) == meds - 1


# What the window offers for each kind of engine input: an action button (by id), a panel
# option (an engine input of that kind), or the piece to flick.
ACTION_OF = {"move": "move", "shoot": "gun", "knife": "knife", "bat": "bat",
             "shotgun": "shotgun", "sniper": "sniper", "short_kill": "short_kill",
             "take_drop": "take_drop", "end_turn": "end_turn", "flare": "flare",
             "accuse": "accuse", "extra_action": "extra_action", "heal": "heal",
             "figure_move": "figure_move"}
OPTION_OF = {"keep", "eat", "go_hungry", "fight_weapon", "fight_wait", "steal", "move_x",
             "crossroads", "pick_token", "vote", "allegiance", "pass"}


@pytest.mark.parametrize("number", [5, 6, 7, 8, 9, 10])
def test_every_decision_the_bots_make_is_offered_by_the_window(number: int) -> None:
    sc = load(number)
    game = Game(sc, 1, players=team_sizes(sc, 6) if number >= 9 else None)
    bot = HeuristicBot(1, params=game.board.params)
    app = PlayApp(game, Settings(frames=1))
    missing = []
    for _ in range(400):
        if game.over:
            break
        inp = bot.decide(game)
        if app.pass_screen or app.modes.top.name == "turn_over":
            app.dismiss_pass()  # the person at the screen is the right one
        if inp.kind in OPTION_OF:
            ok = any(o.enabled and isinstance(o.command, Apply)
                     and o.command.inp.kind == inp.kind for o in app.options())
        elif inp.kind in ("fight_flick", "exile_flick"):
            ok = app.spot() is not None
        elif inp.kind in ACTION_OF:
            aid = ACTION_OF[inp.kind]
            if inp.kind == "shoot" and getattr(inp, "second", None) is not None:
                aid = "two_guns"
            ok = any(it.id == aid and it.enabled for it in adapter.action_items(game))
        else:
            ok = inp.kind == "choose" and game.survivors[inp.survivor].alive
        if not ok:
            missing.append((game.phase, inp.kind))
        game.apply(inp)
        app.refresh()
    assert missing == []
