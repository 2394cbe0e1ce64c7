"""What each seat of a networked game may see: the public table and its own secrets, never
another seat's.

Seats: in scenarios 9-10 (a secret objective for each player, one survivor each) a seat is a
player and is named by their survivor; elsewhere a seat is "TEAM N", the team's N-th player in
its turn order (the team's players share their survivors, as at the table).

Whose decision it is (`to_act`): the player the rules ask (the thief of a steal, the next
voter, a wrongly accused player, an unmasked betrayer flicking its figure away), else the
player whose turn it is. At a team's turn in scenarios 9-10 the first seat (in seat order)
whose survivor may be chosen now plays (this project's reading of "each team determines its
own turn order").

Hidden (this project's reading of the rulebook's hidden information): face-down tokens (a
building's, and those on another team's boards; in scenarios 9-10 those on any other
player's board), each player's secret objective and whether they are a betrayer (an unmasked
one is public), the kind of token a player looks at before keeping it (or stealing it, or
Gabriel's pick), the seed (it decides every hidden token). The events of the log that name a
taken, dropped, stolen or revealed token's kind say "token" instead in the public view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flick.game.actions import legal
from flick.game.inputs import (
    Accuse,
    Allegiance,
    ChooseSurvivor,
    CrossroadsChoice,
    Eat,
    EndTurn,
    ExtraAction,
    FightWait,
    FightWeapon,
    GoHungry,
    Input,
    Keep,
    MoveX,
    PassTurn,
    PickToken,
    ShortKill,
    Steal,
    TakeDrop,
    Vote,
)
from flick.game.state import Survivor, Token
from flick.net.seat_view import Objective, PublicState, SeatState, SeatView, SurvivorView

if TYPE_CHECKING:
    from flick.game.game import Game

__all__ = ["Objective", "PublicState", "SeatState", "SeatView", "SurvivorView"]

# events whose `token`, `tokens` or `outcome` may name a face-down token's kind
SECRET_EVENT_KEYS = {"take": ("token",), "drop": ("token",), "reveal": ("token",),
                     "steal": ("outcome", "token")}
# phases where the decision is a flick (composed by the player), not a choice
FLICK_KINDS = ("move", "shoot", "knife", "bat", "shotgun", "sniper", "flare", "figure_move",
               "fight_flick", "exile_flick", "short_kill", "take_drop", "heal")


@dataclass(frozen=True)
class Seat:
    id: str
    team: str
    player: int  # 0-based in its team's turn order
    survivor: str | None = None


def secret_game(game: Game) -> bool:
    return game.rules.has("secret_objectives")


def seats_of(game: Game) -> list[Seat]:
    """The game's seats, in order (see the module docstring)."""
    if secret_game(game):
        out = []
        count: dict[str, int] = {}
        for s in game.survivors.values():
            if not s.playable:
                continue
            k = count.get(s.team, 0)
            count[s.team] = k + 1
            out.append(Seat(s.name, s.team, k, s.name))
        return out
    return [Seat(f"{team} {k + 1}", team, k) for team, n in game.players_set_up.items()
            for k in range(n)]


def decider_survivor(game: Game) -> str | None:
    """The survivor whose player the rules ask now, when it is not the turn's player."""
    if not game.rules.five_to_ten or game.over:
        return None
    a = game.rule_state
    if a.steal_offers:
        return str(a.steal_offers[0]["thief"])
    if game.phase == "vote" and a.vote is not None:
        v = a.vote
        return str(v["voters"][len(v["votes"])])
    if game.phase == "allegiance" and a.allegiance is not None:
        return str(a.allegiance["accused"])
    if game.phase == "exile" and a.exile is not None:
        return str(a.exile)
    return None


def to_act(game: Game, seats: list[Seat]) -> str | None:
    """The seat whose decision the game waits for (None when it is over)."""
    if game.over:
        return None
    name = decider_survivor(game)
    if secret_game(game):
        by_survivor = {s.survivor: s.id for s in seats}
        if name is not None:
            return by_survivor.get(name)
        if game.phase == "choose":
            for seat in seats:
                s = game.survivors.get(seat.survivor or "")
                if s is not None and s.team == game.current_team \
                        and s in game.available(game.current_team) \
                        and game.choose_refused(s.name) is None:
                    return seat.id
            if "pass" in game.legal_kinds():
                return next((seat.id for seat in seats if seat.survivor in
                             game.rule_state.unmasked and game.survivors[seat.survivor].team
                             == game.current_team), None)
        if game.active is not None:
            return by_survivor.get(game.active)
        return next((seat.id for seat in seats if seat.survivor in game.survivors
                     and game.survivors[seat.survivor].alive
                     and game.survivors[seat.survivor].team == game.current_team), None)
    team = game.survivors[name].team if name is not None else game.current_team
    order = game.turn_order
    n = order.players.get(team, 1)
    nxt = order.next_player.get(team, 0)
    player = nxt if game.phase == "choose" and name is None else (nxt - 1) % n
    return f"{team} {player + 1}"


def sees_inventory(game: Game, seat: Seat | None, s: Survivor) -> bool:
    """May `seat` know the face-down tokens on `s`'s board?"""
    if seat is None:
        return False
    if secret_game(game):
        return seat.survivor == s.name
    if game.scenario.mode == "competitive":
        return s.team == seat.team
    return True


def _tokens(ts: list[Token]) -> list[str]:
    return [t.kind if t.face_up else "?" for t in ts]


def public_state(game: Game, seats: list[Seat]) -> PublicState:
    snap = game.board.table.snapshot()
    a = game.rule_state
    vote = None
    if game.rules.five_to_ten and a.vote is not None:
        vote = {"accuser": a.vote["accuser"], "accused": a.vote["accused"],
                "voters": list(a.vote["voters"]), "votes": list(a.vote["votes"])}
    return PublicState(
        seq=len(game.inputs), scenario=int(game.scenario.number), phase=game.phase,
        current_team=game.current_team, active=game.active, actions_done=game.actions_done,
        noise=game.noise.name, round_marker=game.round_marker, round_colour=game.round_colour,
        round_number=game.round_number, turns=game.turns, to_act=to_act(game, seats),
        legal=game.legal_kinds(), zombies=game.zombie_counts(),
        zombies_inside={k: len(v) for k, v in game.building_zombies.items() if v},
        stashes={k: _tokens(v) for k, v in game.stashes.items() if v},
        survivors=[SurvivorView(name=s.name, team=s.team, life=s.life, alive=s.alive,
                                playable=s.playable, default_weapon=s.default_weapon,
                                building=s.building, backpack=s.backpack, standing=s.standing,
                                inventory=_tokens(s.inventory), piece=s.piece)
                   for s in game.survivors.values()],
        pieces=[(p.id, p.kind, p.x, p.y, p.angle, bool(p.standing)) for p in snap.pieces],
        city=(float(snap.city[0]), float(snap.city[1])),
        buildings=[(b.id, b.name, b.x, b.y, b.angle, tuple(b.parts)) for b in snap.buildings],
        table_hash=snap.hash(),
        unmasked=list(a.unmasked) if game.rules.five_to_ten else [],
        vote=vote, over=game.over, winner=game.winner, end_reason=game.end_reason)


def public_event(event: dict[str, Any]) -> dict[str, Any]:
    """An event of the log as everybody may read it (a hidden token's kind removed)."""
    hidden = SECRET_EVENT_KEYS.get(str(event.get("type")), ())
    return {k: ("token" if k in hidden else v) for k, v in event.items()
            if k not in hidden or k == "token"}


def _looking_at(game: Game, seat: Seat, acting: bool) -> list[str]:
    if not acting:
        return []
    if game.phase == "keep" and game.pending_take is not None:
        place, index = game.pending_take
        stash = game.stashes.get(place, [])
        return [stash[index].kind] if 0 <= index < len(stash) else []
    a = game.rule_state
    if game.rules.five_to_ten and a.steal_offers:
        offer = a.steal_offers[0]
        victim = game.survivors[offer["victim"]]
        return [t.kind for t in victim.inventory if t.uid == offer["uid"]]
    if game.phase == "pick" and a.pick is not None:
        kinds = {t.uid: t.kind for t in game.stashes.get(a.pick["key"], [])}
        return [kinds.get(uid, "?") for uid in a.pick["uids"]]
    return []


def choices(game: Game, seat: Seat) -> list[Input]:
    """The inputs `seat` may send now other than flicks (their aim is the player's)."""
    from flick.game.scenarios.crossroads import deck, payable

    a = game.rule_state
    phase = game.phase
    kinds = game.legal_kinds()
    out: list[Input] = []
    if game.rules.five_to_ten and a.steal_offers:
        return [Steal("take"), Steal("leave"), Steal("discard")]
    if game.rules.five_to_ten and a.x_pending:
        return [MoveX(b) for b in a.x_blocked]
    if phase == "choose":
        names = [s.name for s in game.available(game.current_team)
                 if seat.survivor in (None, s.name) and game.choose_refused(s.name) is None]
        out += [ChooseSurvivor(n) for n in names]
        if "pass" in kinds:
            out.append(PassTurn())
    elif phase == "act":
        out.append(EndTurn())
        out += _short_kills_and_take_drops(game)
        if "accuse" in kinds:
            out += [Accuse(name) for name in legal.accusable(game)]
        if "extra_action" in kinds:
            out.append(ExtraAction())
    elif phase == "keep":
        out += [Keep(True), Keep(False)]
    elif phase == "vote":
        out += [Vote(True), Vote(False)]
    elif phase == "allegiance":
        out += [Allegiance(False), Allegiance(True)]
    elif phase == "crossroads" and a.crossroads_card is not None:
        card = deck()[a.crossroads_card]
        s = game.active_survivor
        out += [CrossroadsChoice(i) for i, o in enumerate(card.options) if payable(game, s, o)]
    elif phase == "pick" and a.pick is not None:
        out += [PickToken(i) for i in range(len(a.pick["uids"]))]
    elif phase == "hunger":
        out.append(GoHungry())
        out += [Eat(s.name, i) for s in game.survivors.values() if s.alive
                for i, t in enumerate(s.inventory) if t.kind == "food"]
    elif phase == "fight" and game.fight is not None:
        if "fight_weapon" in kinds:
            out += [FightWeapon(w) for w in dict.fromkeys(game.active_survivor.weapons())
                    if w in ("gun", "knife", "bat")]
        if "fight_wait" in kinds:
            out.append(FightWait())
    return out


def _short_kills_and_take_drops(game: Game) -> list[Input]:
    """The active survivor's short kills (each zombie next to it, with each of its weapons)
    and take / drop offs (each token of each place it reaches by its index, face-down ones
    too: the index says nothing of the kind; each token it carries) the rules allow now."""
    allowed = {a.id for a in legal.legal_actions(game).actions if a.allowed}
    s = game.active_survivor
    out: list[Input] = []
    if "short_kill" in allowed:
        out += [ShortKill(z, w) for z in legal.short_kill_targets(game)
                for w in dict.fromkeys(s.weapons())]
    if "take_drop" in allowed:
        for key in legal.places(game):
            place = None if key == s.building else key
            out += [TakeDrop(i, None, place) for i in range(len(game.stashes.get(key, [])))]
            out += [TakeDrop(None, j, place) for j in range(len(s.inventory))]
    return out


def seat_state(game: Game, seats: list[Seat], seat: Seat | None) -> SeatState:
    acting = seat is not None and to_act(game, seats) == seat.id
    objective = None
    result = None
    if seat is not None and seat.survivor is not None and secret_game(game) \
            and seat.survivor in game.rule_state.objective:
        from flick.game.scenarios.secret import card, results

        c = card(game, seat.survivor)
        objective = Objective(id=game.rule_state.objective[seat.survivor], title=c["title"],
                              text=c.get("text", ""),
                              betrayer=seat.survivor in game.rule_state.betrayers)
        if game.over:
            result = next((r for r in results(game) if r["survivor"] == seat.survivor), None)
    return SeatState(
        seat=seat.id if seat is not None else None, your_turn=acting,
        tokens={s.name: [t.kind for t in s.inventory] for s in game.survivors.values()
                if sees_inventory(game, seat, s)},
        objective=objective,
        looking_at=_looking_at(game, seat, acting) if seat is not None else [],
        choices=[i.to_json() for i in choices(game, seat)] if acting and seat else [],
        actions=[a.id for a in legal.legal_actions(game).actions if a.allowed]
        if acting and game.phase == "act" else [],
        result=result)


def seat_view(game: Game, seats: list[Seat], seat: Seat | None, events_from: int,
              shots: list[dict[str, Any]]) -> SeatView:
    """The view of `seat` (None: a spectator): the public state, the seat's own part, the
    events from `events_from` and the given shots."""
    return SeatView(public=public_state(game, seats), seat=seat_state(game, seats, seat),
                    events=[public_event(e.to_json()) for e in game.events[events_from:]],
                    shots=shots)
