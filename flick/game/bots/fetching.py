"""The heuristic bot's fetching: what a base still needs, which token is worth taking, where to
search for it (shared among the team: each searcher keeps the place it set out for), what a
survivor keeps, and food at a hunger (S4: food goes to the RV, one kept back only for a hunger
at the end of the current round)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

from flick.game.bots import plans
from flick.game.bots.goals.base import Goal
from flick.game.bots.tuned import tuned
from flick.game.inputs import Eat, GoHungry, Input, Keep
from flick.game.state import TOKEN_KINDS, WEAPONS, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

T = tuned("fetching")  # the tuned numbers: assets/bots/fetching.yaml
FIGHT_CM: float = T["fight_cm"]
SURE_TOKEN_CM: float = T["sure_token_cm"]


class FetchingNeeds(Protocol):
    """What fetching asks of the bot."""

    def kills_needed(self, game: Game) -> int: ...


class Fetching:
    """Fetching tokens to a base and feeding the survivors (a tactic of `CoreBot`)."""

    def __init__(self, bot: FetchingNeeds) -> None:
        self.bot = bot
        self._claims_game: Game | None = None
        self._claims: dict[str, str] = {}

    def needs(self, game: Game, base: str, need: dict[str, int]) -> dict[str, int]:
        have: dict[str, int] = {}
        for t in game.stashes.get(base, []):
            have[t.kind] = have.get(t.kind, 0) + 1
        carried: dict[str, int] = {}
        for x in game.survivors.values():
            if x.alive:
                for t in x.inventory:
                    carried[t.kind] = carried.get(t.kind, 0) + 1
        return {k: v - have.get(k, 0) for k, v in need.items() if v - have.get(k, 0) > 0}

    def token_goal(self, game: Game, s: Survivor, base: str,
                    need: dict[str, int]) -> Goal:
        missing = self.needs(game, base, need)
        if any(self.deliverable(game, t, missing) for t in s.inventory):
            self._claims_of(game).pop(s.name, None)
            return Goal("enter", base)
        carried = {t.kind for x in game.survivors.values() if x.alive and x is not s
                   for t in x.inventory}
        wanted = {k for k in missing if k not in carried or missing[k] > 1}
        # S2 and S4: a face-down token is worth a search while it can still be a wanted
        # kind: once the rest of its pool has been seen, what it is follows (S2: 3 of the 4
        # revealed). Elsewhere a face-down token can matter beyond the base's need (S5's
        # separated survivors, S6-S10's keys and crossroads): every one is worth a look.
        # A face-up token that is needed is a sure thing: worth a 25 cm detour over a gamble.
        if plans.fetch_coop(game):
            unseen = self._unseen_kinds(game)

            def useful(t: Any) -> bool:
                return bool(self.could_be(game, t, unseen) & wanted)
        else:
            def useful(t: Any) -> bool:
                return (not t.face_up) or t.kind in wanted
        return self.search_goal(game, s, useful, skip=base, home=base,
                                 sure=lambda t: t.face_up and t.kind in wanted)

    @staticmethod
    def _unseen_kinds(game: Game) -> dict[int, set[str]]:
        """Per shuffled pool, the kinds some token of it still hides: the pool's kinds
        less those of its tokens seen face up (lying anywhere or carried; one eaten or lost
        is no longer seen, which widens the guess, never narrows it)."""
        left = [dict(pool.shuffle) for pool in game.scenario.tokens.pools]
        seen = [u for stash in game.stashes.values() for u in stash]
        seen += [u for x in game.survivors.values() for u in x.inventory]
        for u in seen:
            pool = game.token_pool.get(u.uid)
            if u.face_up and pool is not None and left[pool].get(u.kind, 0) > 0:
                left[pool][u.kind] -= 1
        return {i: {k for k, n in kinds.items() if n > 0} for i, kinds in enumerate(left)}

    def could_be(self, game: Game, t: Any,
                  unseen: dict[int, set[str]] | None = None) -> set[str]:
        """The kinds token `t` can be, to a player: its own when face up; for a face-down
        token dealt from a shuffled pool, what its pool still hides (`_unseen_kinds`, passed
        in when already worked out); any kind for another face-down token."""
        if t.face_up:
            return {t.kind}
        pool = game.token_pool.get(t.uid)
        if pool is None:
            return set(TOKEN_KINDS)
        return (unseen if unseen is not None else self._unseen_kinds(game))[pool]

    def _food_counts(self, game: Game) -> tuple[int, int, int, int] | None:
        """S4: the food the base needs, has, the survivors carry, and lies face up elsewhere;
        None when the objective wants no food."""
        for obj in game.scenario.objectives:
            if obj.id != "tokens_in_base" or "food" not in obj.params.get("tokens", {}):
                continue
            base = str(obj.params.get("base", obj.params.get("building", "rv")))
            need = int(obj.params["tokens"]["food"])
            have = sum(1 for t in game.stashes.get(base, []) if t.kind == "food")
            carried = sum(1 for x in game.survivors.values() if x.alive
                          for t in x.inventory if t.kind == "food")
            lying = sum(1 for key, stash in game.stashes.items() if key != base
                        for t in stash if t.face_up and t.kind == "food")
            return need, have, carried, lying
        return None

    def food_short(self, game: Game) -> bool:
        """S4: does the base lack food the known food (carried, lying face up) cannot
        spare one of?"""
        counts = self._food_counts(game)
        if counts is None:
            return False
        need, have, carried, lying = counts
        return have + carried + lying - 1 < need

    def _hungry_is_cheaper(self, game: Game) -> bool:
        """Going hungry costs every survivor a life; worth it when nobody dies of it and a
        food eaten now would be missing from the objective."""
        alive = [x for x in game.survivors.values() if x.alive]
        return bool(alive) and all(x.life >= 2 for x in alive) and (
            self.food_short(game) or self._late_food_short(game))

    def _late_food_short(self, game: Game) -> bool:
        """S4 (co-op fetch): at a hunger, the food that can still reach the base is what is
        in it and what the survivors carry (a face-up food still lying in a store was
        counted by `_food_short`, but 40 games at seed 100 ended 12 times with all 6 food
        taken, 2 eaten and 1 short in the RV): short when that, less the food eaten now,
        does not make the objective."""
        counts = self._food_counts(game) if plans.fetch_coop(game) else None
        if counts is None:
            return False
        need, have, carried, _ = counts
        return have + carried - 1 < need

    def deliverable(self, game: Game, t: Any, missing: dict[str, int]) -> bool:
        """Should this carried token go to the base? S4: food goes to the RV (keeping every
        food back for the two hungers left the RV empty in every game measured); only when
        a hunger comes at the end of this round is one food kept back to eat, and only
        while the group carries no more food than that."""
        if t.kind not in missing:
            return False
        if t.kind != "food" or not game.rules.has("hunger"):
            return True
        markers = game.rules.ids["hunger"].get("markers", [2, 1])
        left = sum(1 for m in markers if int(m) < game.round_marker)
        alive = [x for x in game.survivors.values() if x.alive]
        if all(x.life > left for x in alive) and self.food_short(game):
            return True  # the group can go hungry every time left: all food to the base
        to_eat = sum(1 for m in markers if int(m) == game.round_marker - 1)
        carried = sum(1 for x in game.survivors.values() if x.alive
                      for u in x.inventory if u.kind == "food")
        return carried > to_eat

    def search_goal(self, game: Game, s: Survivor, useful: Any, skip: str | None = None,
                     home: str | None = None, sure: Any = None) -> Goal:
        """Where `s` should go for a token worth taking: places are shared out between the
        searching survivors, nearest pairs first (greedy matching), so the group spreads over
        the city instead of crowding one door."""
        if game.board.piece_position(s) is None:
            return Goal("hunt", None)
        searchers = [x for x in game.survivors.values()
                     if x.alive and x.playable and game.board.piece_position(x) is not None
                     and (x is s or x.free_spaces() > 0)]
        pairs = []
        goals: dict[str, Goal] = {}
        for x in searchers:
            for d, key, goal in self.candidates(game, x, useful, skip, home, sure):
                pairs.append((d, x.name, key))
                goals[key] = goal
        # A survivor keeps the place it set out for while that place still holds something
        # useful (re-matching every turn as everyone moves sends survivors back and forth).
        claims = self._claims_of(game)
        valid = {name: key for name, key in claims.items()
                 if any(x.name == name for x in searchers)
                 and any(k == key for _, n, k in pairs if n == name)}
        mine = self.candidates(game, s, useful, skip, home, sure)
        if s.name in valid:
            return next(goal for _, key, goal in mine if key == valid[s.name])
        taken: set[str] = set(valid.values())
        busy: set[str] = set(valid)
        for _, name, key in sorted(pairs):
            if name in busy or key in taken:
                continue
            if name == s.name:
                claims[s.name] = key
                return goals[key]
            busy.add(name)
            taken.add(key)
        if mine:
            return mine[0][2]
        return Goal("hunt", None) if self.bot.kills_needed(game) > 0 else Goal("wait", None)

    def _claims_of(self, game: Game) -> dict[str, str]:
        """Which place each searching survivor set out for, in this game."""
        if self._claims_game is not game:
            self._claims_game = game
            self._claims = {}
        return self._claims

    def candidates(self, game: Game, s: Survivor, useful: Any, skip: str | None,
                    home: str | None = None, sure: Any = None,
                    ) -> list[tuple[float, str, Goal]]:
        """Places holding a useful token that `s` can reach, cheapest first (cost cm, key,
        goal): the way there, plus the way on to `home` (the base the token goes to), less
        25 cm where a `sure` token lies."""
        board = game.board
        here = board.piece_position(s)
        assert here is not None
        out: list[tuple[float, str, Goal]] = []
        for key, stash in sorted(game.stashes.items()):
            if key == skip or not any(useful(t) for t in stash):
                continue
            if key in board.buildings:
                if board.barricaded(key):
                    goal: Goal = Goal("barricade", key)
                elif game.rules.entry_refused(game, s, key) is not None:
                    continue
                else:
                    goal = Goal("enter", key)
                point = board.door_mid(key)
                d = 0.0 if s.building == key else math.dist(here, point)
            elif key.startswith("piece:") and game.rules.has("take_in_city"):
                pid = int(key.split(":", 1)[1])
                if not board.exists(pid):
                    continue
                goal = Goal("object", pid)
                d = math.dist(here, board.pos(pid))
            else:
                continue
            if home is not None and home in board.buildings:
                d += math.dist(point if key in board.buildings else board.pos(pid),
                               board.door_mid(home))
            if sure is not None and any(sure(t) for t in stash):
                d -= SURE_TOKEN_CM
            if key in board.buildings and key != s.building and \
                    game.rules.has("fight_survivor_vs_zombie"):
                # Entering a building with zombies inside starts a fight (a life at stake,
                # a LOUD turn with a gun): worth a detour of FIGHT_CM per zombie to avoid;
                # on its last life a survivor does not go (a lost fight is its death).
                inside = len(game.building_zombies.get(key, []))
                if inside and s.life <= 1:
                    continue
                d += FIGHT_CM * inside
            out.append((d, key, goal))
        out.sort(key=lambda c: (c[0], c[1]))
        return out

    def keep(self, game: Game) -> Input:
        """Keep what the objective needs and weapons; medicine (no use in scenarios 1-4)
        only while the inventory has room to spare."""
        s = game.active_survivor
        assert game.pending_take is not None
        key, index = game.pending_take
        token = game.stashes[key][index]
        spare = s.free_spaces() >= 2 or token.kind != "medicine"
        if any(o.id == "escort_to_building" for o in game.scenario.objectives) \
                and token.kind not in WEAPONS:
            # S3: supplies serve no objective; a free space searches one more place.
            return Keep(keep=False)
        return Keep(keep=s.free_spaces() > 0 and spare)

    def hunger(self, game: Game) -> Input:
        """Eat a carried food, or go hungry (every survivor loses a life) when no survivor
        would die of it and the food is worth more to the objective (the base still lacks
        food that the known food cannot spare)."""
        carriers = sorted((s for s in game.survivors.values()
                           if s.alive and any(t.kind == "food" for t in s.inventory)),
                          key=lambda s: s.name)
        if carriers and self._hungry_is_cheaper(game):
            return GoHungry()
        for s in carriers:
            slot = next(i for i, t in enumerate(s.inventory) if t.kind == "food")
            return Eat(s.name, slot)
        return GoHungry()
