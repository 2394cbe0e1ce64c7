"""Scenarios 9-10: secret objectives, accusation, the vote and the betrayer
(`flick.game.scenarios.secret`)."""

from __future__ import annotations

import pytest

from flick.game import Game
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    Flick,
)
from flick.game.scenarios import secret
from flick.game.scenarios.inputs import (
    Accuse,
    Allegiance,
    ExileFlick,
    Vote,
)
from flick.scenario import load
from tests.game.tables import s10_with_betrayer


@pytest.mark.parametrize("players,size", [(6, 3), (8, 4), (10, 5)])
def test_team_sizes_and_dealing(players: int, size: int) -> None:
    from flick.game.scenarios.five_to_ten import team_sizes

    sc = load(10)
    game = Game(sc, 5, players=team_sizes(sc, players))
    for team in ("A", "B"):
        assert len([s for s in game.survivors.values() if s.team == team]) == size
    assert len(set(game.survivors)) == 2 * size
    assert len(game.rule_state.objective) == 2 * size
    for team in ("A", "B"):
        assert sum(1 for n in game.rule_state.betrayers if game.survivors[n].team == team) <= 1
    assert game.turn_order.players == {"A": size, "B": size}


def test_accusing_the_betrayer_makes_it_a_third_team() -> None:
    game = s10_with_betrayer(2)
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
    game = s10_with_betrayer(3)
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


def test_a_vote_without_majority_changes_nothing() -> None:
    game = s10_with_betrayer(4)
    names = [s.name for s in game.survivors.values() if s.team == game.current_team]
    game.apply(ChooseSurvivor(names[0]))
    game.apply(Accuse(names[1]))
    game.apply(Vote(True))
    game.apply(Vote(False))
    game.apply(Vote(False))
    assert game.survivors[names[1]].team == game.survivors[names[0]].team
    assert not game.rule_state.unmasked


def test_individual_wins_follow_team_outcome_and_objectives() -> None:
    game = s10_with_betrayer(5)
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


def test_the_unmasked_betrayer_may_pass_once_a_round() -> None:
    from flick.game.scenarios.inputs import PassTurn

    game = s10_with_betrayer(6)
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
