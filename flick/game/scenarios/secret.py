"""Scenarios 9-10: secret objectives, the betrayer, accusation and vote (rulebook pp. 32-33).

Set-up: the betrayer objectives are set aside, the other 20 shuffled; each team's pile has as
many cards as the team has players, one betrayer card is shuffled in, each player is dealt 1
card and the last card of each pile leaves the game unseen. So each team has a betrayer with
probability n/(n+1).

Accusation (1 action): the active player accuses a player of their team; every player of the
team votes (`Vote`), in the team's order. More thumbs up than down: the accused shows the card.
- A betrayer is unmasked: a team of one playing third; loses 1 life if it has more than 1;
  its figure is laid fallen and flicked in the direction of its choice (`ExileFlick`); it
  draws a betrayer objective; it takes an X token, which it may flip to pass its turn
  (`PassTurn`; the X is face up again at each round's start); the accuser turns its board to
  the power side.
- A wrongly accused player draws a new objective and stays (`Allegiance(defect=False)`: the
  accused and the accuser each lose 1 life if they have more than 1) or joins the other team
  (`defect=True`: the accuser turns its board to the power side).

Winning: a player wins by completing their objective and being on the winning team; a betrayer
(unmasked or not) wins if the team it was dealt into fails and (this project's reading) its
betrayer card's condition holds, and (this project's reading) only when another team won: a
game with no winner (the city overrun: "the survivors have lost") is lost by every player.
A player whose survivor died is out of the game and does not win (this project's reading of
"dead and gone").
Cards and conditions: `assets/cards/objectives.yaml`.

Readings (this project's): an unmasked betrayer figure inside a building is first put fallen
in front of the door, then flicked; the defector's player count moves with it in the turn
order; the voters are the team's players whose survivors are alive (the accused votes too).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flick import datafile
from flick.game.actions import reaction, shots
from flick.game.inputs import Accuse, Allegiance, ExileFlick, PassTurn, Vote
from flick.game.state import WEAPONS, IllegalAction, Survivor
from flick.paths import assets

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.scenarios.five_to_ten import AllegianceState, VoteState

CONDITIONS = ("alive", "life_at_least", "carry", "carry_of", "weapons_at_least",
              "kills_at_least", "in_building", "outside", "team_alive_at_least",
              "enemies_dead_at_least", "former_team_dead_at_least", "unmasked_betrayer",
              "any_of")


@lru_cache(maxsize=1)
def cards() -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """(objectives, betrayer objectives) by id, read and checked from the assets."""
    return read_cards(assets() / "cards" / "objectives.yaml")


def read_cards(path: Path) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The objective cards of a file; a damaged file raises DataFileError naming
    FILE:LINE:COLUMN (flick.datafile), exit 2."""
    marked = datafile.read_file(path)
    data = marked.data if isinstance(marked.data, dict) else {}
    out = []
    for section, size in (("objectives", 20), ("betrayer_objectives", 6)):
        deck: dict[str, dict[str, Any]] = {}
        for i, raw in enumerate(data.get(section) or []):
            if not isinstance(raw, dict) or not {"id", "title", "text"} <= set(raw):
                raise datafile.fail(marked, (section, i),
                                    f"{section} card {i + 1} needs id, title, text and condition")
            cond = raw.get("condition") or {}
            _check_condition(marked, (section, i, "condition"), cond)
            deck[str(raw["id"])] = {"title": raw["title"], "text": raw["text"],
                                    "condition": cond}
        if len(deck) != size:
            raise datafile.fail(marked, (section,), f"{section} has {size} cards, not "
                                                    f"{len(deck)}", key=True)
        out.append(deck)
    return out[0], out[1]


def _check_condition(marked: datafile.Marked, at: tuple[str | int, ...], cond: Any) -> None:
    if not isinstance(cond, dict):
        raise datafile.fail(marked, at, "a condition is a mapping")
    bad = [k for k in cond if k not in CONDITIONS]
    if bad:
        raise datafile.fail(marked, (*at, bad[0]), f"unknown condition(s) {bad}; known: "
                                                   f"{', '.join(CONDITIONS)}", key=True)
    for j, sub in enumerate(cond.get("any_of", [])):
        _check_condition(marked, (*at, "any_of", j), sub)


# ---- dealing --------------------------------------------------------------------------------
def deal(game: Game) -> None:
    """One pile per team (n objectives + 1 betrayer card), 1 card to each player."""
    normal, betrayal = cards()
    rs = game.rule_state
    ids = sorted(normal)
    deck = [ids[int(i)] for i in game.rng.permutation(len(ids))]
    bids = sorted(betrayal)
    bdeck = [bids[int(i)] for i in game.rng.permutation(len(bids))]
    for team in [t.name for t in game.scenario.teams]:
        players = [s for s in game.survivors.values() if s.team == team]
        pile = [deck.pop(0) for _ in players] + [bdeck.pop(0)]
        pile = [pile[int(i)] for i in game.rng.permutation(len(pile))]
        for s in players:
            card = pile.pop(0)
            rs.objective[s.name] = card
            if card in betrayal:
                rs.betrayers.append(s.name)
        game.event("objectives_dealt", team=team, players=len(players))
    rs.obj_deck, rs.betrayer_deck = deck, bdeck
    for s in game.survivors.values():
        rs.original_team[s.name] = s.team


# ---- conditions ------------------------------------------------------------------------------
def kills(game: Game, name: str) -> int:
    return sum(1 for e in game.events if e.type == "kill" and e.data.get("survivor") == name)


def holds(game: Game, s: Survivor, cond: dict[str, Any]) -> bool:
    """Does `s`'s board meet every part of `cond` now?"""
    team = s.team
    survivors = list(game.survivors.values())
    carried: dict[str, int] = {}
    for t in s.inventory if s.alive else []:
        carried[t.kind] = carried.get(t.kind, 0) + 1
    former = game.rule_state.original_team.get(s.name, team)
    checks = {
        "alive": lambda v: s.alive == bool(v),
        "life_at_least": lambda v: s.alive and s.life >= int(v),
        "carry": lambda v: all(carried.get(k, 0) >= int(n) for k, n in v.items()),
        "carry_of": lambda v: sum(carried.get(k, 0) for k in v["kinds"]) >= int(v["count"]),
        "weapons_at_least": lambda v: sum(carried.get(k, 0) for k in WEAPONS) >= int(v),
        "kills_at_least": lambda v: kills(game, s.name) >= int(v),
        "in_building": lambda v: s.alive and s.building is not None and (
            v == "any" or s.building == v),
        "outside": lambda v: s.alive and (s.building is None) == bool(v),
        "team_alive_at_least": lambda v: sum(1 for x in survivors if x.alive
                                             and x.team == team) >= int(v),
        "enemies_dead_at_least": lambda v: sum(
            1 for x in survivors if not x.alive and game.rule_state.original_team.get(x.name) not in
            (former, None)) >= int(v),
        "former_team_dead_at_least": lambda v: sum(
            1 for x in survivors if not x.alive and x.name != s.name
            and game.rule_state.original_team.get(x.name) == former) >= int(v),
        "unmasked_betrayer": lambda v: (s.name in game.rule_state.unmasked_by) == bool(v),
        "any_of": lambda v: any(holds(game, s, sub) for sub in v),
    }
    return all(checks[k](v) for k, v in cond.items())


def card(game: Game, name: str) -> dict[str, Any]:
    normal, betrayal = cards()
    cid = game.rule_state.objective[name]
    return normal.get(cid) or betrayal[cid]


def results(game: Game) -> list[dict[str, Any]]:
    """Each player's objective and whether they won (for `flick sim`), at the game's end."""
    out = []
    for s in game.survivors.values():
        if s.name not in game.rule_state.objective:
            continue
        c = card(game, s.name)
        met = holds(game, s, c["condition"])
        betrayer = s.name in game.rule_state.betrayers
        original = game.rule_state.original_team.get(s.name, s.team)
        # Dead and gone: a player whose survivor died is out of the game and cannot win.
        out_of_game = not s.alive and game.rules.has("dead_and_gone")
        if betrayer:
            # "The betrayer wins if their own team fails ... (i.e. they want the other team
            # to win)"; a city overrun is "the survivors have lost": every player, the
            # betrayer too (this project's reading). A betrayer wins only with a winner.
            won = game.over and game.winner is not None and game.winner != original and met
        else:
            won = game.over and game.winner is not None and game.winner == s.team and met
        won = won and not out_of_game
        out.append({"survivor": s.name, "team": s.team, "original_team": original,
                    "alive": s.alive,
                    "objective": game.rule_state.objective[s.name], "title": c["title"],
                    "betrayer": betrayer, "unmasked": s.name in game.rule_state.unmasked,
                    "objective_met": met, "won": bool(won)})
    return out


# ---- accusation and vote --------------------------------------------------------------------
def accuse(game: Game, s: Survivor, inp: Accuse) -> None:
    """1 action: accuse a player of the active survivor's team; the team votes next."""
    if not game.rules.has("betrayer"):
        raise IllegalAction("accusations belong to scenarios 9 and 10")
    target = game.survivor(inp.accused)
    if target is s or target.team != s.team or not target.alive:
        raise IllegalAction(f"{target.name} is not a living player of {s.name}'s team")
    if target.name in game.rule_state.unmasked:
        raise IllegalAction(f"{target.name} is already unmasked")
    voters = [x.name for x in game.survivors.values() if x.alive and x.team == s.team]
    game.rule_state.vote = {"accuser": s.name, "accused": target.name, "voters": voters,
                            "votes": []}
    game.event("accuse", survivor=s.name, accused=target.name)
    game.phase = "vote"


def current_vote(game: Game) -> VoteState:
    """The vote under way (phase "vote")."""
    v = game.rule_state.vote
    if v is None:
        raise IllegalAction("no vote is under way")
    return v


def current_allegiance(game: Game) -> AllegianceState:
    """The allegiance choice to make (phase "allegiance")."""
    a = game.rule_state.allegiance
    if a is None:
        raise IllegalAction("no allegiance is to be chosen")
    return a


def exiled(game: Game) -> Survivor:
    """The unmasked betrayer to flick away (phase "exile")."""
    name = game.rule_state.exile
    if name is None:
        raise IllegalAction("no betrayer is to be exiled")
    return game.survivors[name]


def next_voter(game: Game) -> str:
    v = current_vote(game)
    return v["voters"][len(v["votes"])]


def vote(game: Game, inp: Vote) -> bool:
    """Record a thumb; True when the vote (and what follows) is settled."""
    v = current_vote(game)
    if not isinstance(inp.up, bool):
        raise IllegalAction("a vote is up (true) or down (false)")
    voter = next_voter(game)
    v["votes"].append(inp.up)
    game.event("vote", survivor=voter, up=inp.up)
    if len(v["votes"]) < len(v["voters"]):
        return False
    up = sum(v["votes"])
    down = len(v["votes"]) - up
    accused = game.survivors[v["accused"]]
    accuser = game.survivors[v["accuser"]]
    if up <= down:
        game.event("vote_result", accused=accused.name, shown=False, up=up, down=down)
        game.rule_state.vote = None
        return True
    is_betrayer = accused.name in game.rule_state.betrayers
    game.event("vote_result", accused=accused.name, shown=True, betrayer=is_betrayer,
               up=up, down=down)
    game.rule_state.vote = None
    if is_betrayer:
        _unmask(game, accused, accuser)
        return game.phase != "exile"
    if game.rule_state.obj_deck:
        game.rule_state.objective[accused.name] = game.rule_state.obj_deck.pop(0)
    game.rule_state.allegiance = {"accused": accused.name, "accuser": accuser.name}
    game.phase = "allegiance"
    return False


def _unmask(game: Game, b: Survivor, accuser: Survivor) -> None:
    rs = game.rule_state
    team = f"betrayer {b.short}"
    rs.unmasked.append(b.name)
    rs.unmasked_by[accuser.name] = b.name
    b.team = team
    order = game.turn_order
    order.players[team] = 1
    order.next_player[team] = 0
    if b.life > 1:
        game.wound(b, "unmasked")
    if rs.betrayer_deck:
        rs.objective[b.name] = rs.betrayer_deck.pop(0)
    rs.x_token[b.name] = True
    accuser.power_side = True
    board = game.board
    if b.building is not None:
        spot = board.free_spot(board.front(b.building, board.disc + board.figure_r + 2.0), 0.0)
        b.building = None
        board.place_survivor(b, spot, b.facing, standing=False)
    elif b.piece is not None:
        board.table.lay_down(b.piece, b.facing)
        b.standing = False
    game.event("unmasked", survivor=b.name, team=team, by=accuser.name)
    if b.piece is not None:
        rs.exile = b.name
        game.phase = "exile"


def exile_flick(game: Game, inp: ExileFlick) -> None:
    """The unmasked betrayer's fallen figure is flicked where its player chooses."""
    b = exiled(game)
    assert b.piece is not None
    result = shots._flick(game, b.piece, inp.flick)
    if b.piece is not None and game.board.exists(b.piece) and \
            game.board.table.is_standing(b.piece):
        game.board.table.lay_down(b.piece, b.facing)
    reaction.after_flick(game, result)
    b.standing = False
    game.rule_state.exile = None


def allegiance(game: Game, inp: Allegiance) -> None:
    a = current_allegiance(game)
    accused, accuser = game.survivors[a["accused"]], game.survivors[a["accuser"]]
    game.rule_state.allegiance = None
    if not inp.defect:
        game.event("allegiance", survivor=accused.name, defect=False)
        for x in (accused, accuser):
            if x.alive and x.life > 1:
                game.wound(x, "accusation")
        return
    teams = [t.name for t in game.scenario.teams]
    old = accused.team
    new = next(t for t in teams if t != old)
    accused.team = new
    order = game.turn_order
    if order.players.get(old, 1) > 1:
        order.players[old] -= 1
        order.next_player[old] %= order.players[old]
    order.players[new] = order.players.get(new, 0) + 1
    game.rule_state.original_team[accused.name] = new
    accuser.power_side = True
    game.event("allegiance", survivor=accused.name, defect=True, team=new)


def pass_turn(game: Game, inp: PassTurn) -> None:
    """An unmasked betrayer flips its X token face down to pass its turn."""
    del inp
    team = game.current_team
    who = [s for s in game.available(team) if s.name in game.rule_state.unmasked]
    if not who or not game.rule_state.x_token.get(who[0].name):
        raise IllegalAction("only an unmasked betrayer with its X token face up may pass")
    game.rule_state.x_token[who[0].name] = False
    game.turn_order.take_turn(team)
    game.round_first_turn = False
    game.event("pass", survivor=who[0].name, team=team)


def new_round(game: Game) -> None:
    for name in game.rule_state.x_token:
        game.rule_state.x_token[name] = True


def evidence(game: Game) -> dict[str, int]:
    """Public evidence of betrayal: how often each survivor wounded a teammate with a weapon
    during its own turn (what every player at the table saw)."""
    out: dict[str, int] = {}
    turn_of: str | None = None
    weapons = {"gun", "knife", "bat", "shotgun", "sniper"}
    first_team = game.rule_state.original_team
    for e in game.events:
        if e.type == "turn":
            turn_of = e.data.get("survivor")
        elif e.type == "wound" and turn_of and e.data.get("cause") in weapons:
            victim = e.data.get("survivor")
            a = game.survivors.get(turn_of)
            v = game.survivors.get(victim or "")
            if a is not None and v is not None and victim != turn_of and \
                    first_team.get(a.name) == first_team.get(v.name):
                out[turn_of] = out.get(turn_of, 0) + 1
    return out


def players_table(games: list[dict[str, Any]]) -> Any:
    """A rich table of S9-S10 players' results over `games` (summaries with `players`):
    loyal players and betrayers, how many met their objective and how many won."""
    # Imported here: rich is for this printed report only (`flick sim`); the rules never load it.
    from rich.table import Table

    table = Table(title="Players (secret objectives)")
    for col in ("role", "players", "objective met", "won"):
        table.add_column(col, justify="left" if col == "role" else "right")
    rows: dict[str, list[int]] = {}
    for g in games:
        for p in g.get("players", []):
            role = "betrayer" + (" (unmasked)" if p["unmasked"] else "") if p["betrayer"] \
                else "loyal"
            r = rows.setdefault(role, [0, 0, 0])
            r[0] += 1
            r[1] += int(p["objective_met"])
            r[2] += int(p["won"])
    for role, (n, met_, won) in sorted(rows.items()):
        table.add_row(role, str(n), f"{met_} ({met_ / n:.0%})", f"{won} ({won / n:.0%})")
    return table
