"""The legal actions of Rise of the Zombies! and their labels (functions of the game state).

Identical cards give identical actions, so only the first card of each kind in a hand is
offered (a hand of two Pistols offers one "discard Pistol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import zombies
from flick.cards.rise_of_the_zombies.codes import (
    K_ATTACK,
    K_COMPANION,
    K_DECLINE,
    K_DISCARD,
    K_DONE,
    K_FINAL,
    K_FOLLOW,
    K_GIVE,
    K_HEAL,
    K_HELI,
    K_INSTANT,
    K_JOIN,
    K_KEEP,
    K_LET,
    K_LOCATION,
    K_MEDIC,
    K_PASS,
    K_PLACE_EPIC,
    K_READY,
    K_REDIRECT,
    K_REROLL,
    K_RESUME,
    K_SET_ASIDE,
    K_TAKE,
    K_TARGET,
    K_TARGET_SURV,
    K_UNREADY,
    K_USE,
    NONE,
    PASS,
    act,
)

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def is_blocked(st: Table, s: int) -> bool:
    """Cannot Advance: Engaged with a Blocks zombie, or a Blocks Group zombie is here
    (one that does not Engage this survivor - Crossbow - does not block)."""
    p = st.pos[s]
    lone = None
    for z in st.zorder:
        if st.zpos[z] != p:
            continue
        zs = st.zspec(z)
        if not zs.blocks:
            continue
        if zs.group:
            if lone is None:
                lone = zombies.crossbow_lone(st, s)
            if not lone:
                return True
        elif st.zeng[z] == s:
            return True
    return False


def distinct(st: Table, cards: list[int], pred: Any = None) -> list[int]:
    """The first card of each kind among `cards` (identical cards give identical actions)."""
    seen: set[int] = set()
    out = []
    ac = st.cat.action_cards
    for c in cards:
        k = ac[c]
        if k in seen or (pred is not None and not pred(st.cat.actions[k])):
            continue
        seen.add(k)
        out.append(c)
    return out


def discard_actions(st: Table, s: int) -> list[int]:
    return [*sorted(act(K_DISCARD, 0, c) for c in distinct(st, st.hand[s])), act(K_DONE)]


def targets(st: Table, s: int, lo: int, hi: int) -> list[int]:
    p = st.pos[s]
    zp = st.zpos
    return [z for z in st.zorder if lo <= abs(zp[z] - p) <= hi]


def surv_targets(st: Table, s: int, lo: int, hi: int) -> list[int]:
    if not st.otis:
        return []
    p = st.pos[s]
    return [
        t
        for t in range(st.num_players)
        if t != s and st.alive[t] and lo <= abs(st.pos[t] - p) <= hi
    ]


def heal_targets(st: Table, s: int) -> list[tuple[int, int]]:
    out = []
    for t in st.here(st.pos[s]):
        if st.wounds[t] > 0:
            out.append((t, NONE))
        for c in st.ready[t]:
            if st.cwounds[c] > 0 and st.spec(c).type == "companion":
                out.append((t, c))
    return out


def play_actions(st: Table, s: int) -> list[int]:
    acts = [PASS]
    p = st.pos[s]
    hand = st.hand[s]
    ready = st.ready[s]
    actions = st.cat.actions
    ac = st.cat.action_cards
    xp = st.xp[s]
    zp = st.zpos
    dists = [abs(zp[z] - p) for z in st.zorder]
    here_z = 0 in dists
    others = [t for t in st.here(p) if t != s] if st.num_players > 1 else []

    def in_range(lo: int, hi: int) -> bool:
        for d in dists:
            if lo <= d <= hi:
                return True
        return bool(st.otis and surv_targets(st, s, lo, hi))

    # one pass over the hand, one card of each kind (identical cards, identical actions)
    attack_pay: list[int] = []
    follow_pay: list[int] = []
    locations: list[int] = []
    kinds_seen: set[int] = set()
    for c in hand:
        k = ac[c]
        if k in kinds_seen:
            continue
        kinds_seen.add(k)
        sp = actions[k]
        if sp.attack:
            attack_pay.append(c)
        if sp.follow:
            follow_pay.append(c)
        t = sp.type
        if sp.cost > xp and t in ("location", "instant"):
            continue  # "To Ready or play the card, pay the cost": played cards cost too
        if t == "location":
            locations.append(c)
        elif t == "instant":
            if here_z or sp.eff("attack_bonus") or (st.otis and others):
                acts.append(K_INSTANT << 16 | c)
        elif sp.cost <= xp:
            acts.append(K_READY << 16 | c)
    if not st.free_used[s]:
        attack_pay.append(NONE)
    if not st.moved[s]:
        blocked = is_blocked(st, s)
        if cardio_ok(st, s):
            follow_pay.append(NONE)
        frontier = len(st.path) - 1
        if p == frontier and not blocked and not st.placed:
            if len(st.path) < 7:
                for c in locations:
                    acts.append(K_LOCATION << 16 | c)
            elif len(st.path) == 7:
                for c in follow_pay:
                    acts.append(act(K_HELI, 0, c))
        if follow_pay:
            if p < frontier and not blocked:
                acts.extend(act(K_FOLLOW, 0, c) for c in follow_pay)
            if p > 0:
                acts.extend(act(K_FOLLOW, 1, c) for c in follow_pay)
    weapons = [NONE] if st.cat.survivors[st.sv[s]].weapon is not None else []
    movable: list[int] = []
    comps: list[int] = []
    healable = None
    for c in ready:
        sp = actions[ac[c]]
        t = sp.type
        if t == "weapon":
            if st.weapon_user[c] < 0 or st.weapon_user[c] == s:
                weapons.append(c)
            if not st.moved_card[c]:
                movable.append(c)
        elif t == "item":
            if not st.moved_card[c]:
                movable.append(c)
            if sp.eff("draw") or (
                sp.eff("heal") and (healable or (healable := heal_targets(st, s)))
            ):
                acts.append(K_USE << 16 | c)
        elif t == "companion" and not st.comp_attacked[c]:
            comps.append(c)
    if dists or st.otis:
        for w in weapons:
            (lo, hi), _chart, final, _n = st.weapon(s, w)
            # a Final Attack is allowed even after a Reload result
            if final and w != NONE and (
                any(lo <= d <= hi for d in dists) or surv_targets(st, s, lo, hi)
            ):
                acts.append(K_FINAL << 16 | w)
            if (w != NONE and st.reloaded[w]) or not in_range(lo, hi):
                continue
            base = K_ATTACK << 16 | w << 8
            for c in attack_pay:
                acts.append(base | c)
        for c in comps:
            if in_range(*actions[ac[c]].range):
                acts.append(K_COMPANION << 16 | c)
    if (
        not st.free_used[s]
        and st.cat.survivors[st.sv[s]].ability == "free_attack_heal"
        and (healable or heal_targets(st, s))
    ):
        acts.append(K_MEDIC << 16)
    if movable:
        movable = distinct(st, movable)
        for c in movable:
            acts.append(K_UNREADY << 16 | c)
    if others:
        givable = (
            distinct(st,
                [
                    c
                    for c in hand
                    if actions[ac[c]].type in ("weapon", "item") and not st.moved_card[c]
                ]
            )
            + movable
        )
        for g in givable:
            for o in others:
                acts.append(K_GIVE << 16 | g << 8 | o)
    acts.sort()
    return acts


def cardio_ok(st: Table, s: int) -> bool:
    if st.cardio_used[s]:
        return False
    return any(st.spec(c).eff("free_follow") for c in st.ready[s] if st.spec(c).type == "skill")


def pending_actions(st: Table, pd: D.Decision) -> list[int]:
    s = pd.seat
    if isinstance(pd, D.Aim):
        if isinstance(pd, D.Target) and pd.left <= 0:
            return []  # an Ambush nobody discarded a card for: no roll
        surv = surv_targets(st, s, pd.lo, pd.hi)  # the Otis rule: every attack
        w = pd.window
        if w is not None and w[2] in surv:
            return [act(*w)]  # after the reaction window: the declared target
        out = [act(K_TARGET, 0, z) for z in targets(st, s, pd.lo, pd.hi)]
        return sorted(out + [act(K_TARGET_SURV, 0, t) for t in surv])
    if isinstance(pd, D.React):
        return sorted([*reactions(st, s), act(K_LET)])
    if isinstance(pd, D.Heal):
        return sorted(act(K_HEAL, t, c) for t, c in heal_targets(st, s))
    if isinstance(pd, D.Reroll):
        return [act(K_REROLL), act(K_KEEP)]
    if isinstance(pd, D.Epic):
        return [act(K_PLACE_EPIC), act(K_SET_ASIDE)]
    if isinstance(pd, D.Join):
        return [act(K_JOIN), act(K_DECLINE)]
    if isinstance(pd, D.Redirect):
        return sorted([act(K_REDIRECT, 0, c) for c in st.companions(s)] + [act(K_TAKE)])
    raise AssertionError(f"unknown pending decision {pd.kind!r}")


def reactions(st: Table, t: int) -> list[int]:
    """The attacks survivor t may react with (Otis rule reaction window)."""
    kinds = (K_ATTACK, K_FINAL, K_COMPANION, K_INSTANT)
    return [x for x in play_actions(st, t) if x >> 16 in kinds]


def action_to_string(st: Table, action: int, seat: int | None = None) -> str:
    """The label of `action` of `seat` (default: the player to act)."""
    kind, a, b = action >> 16, (action >> 8) & 255, action & 255
    who = st.current_player() if seat is None else seat
    card = st.spec(b).name if b != NONE and b < len(st.cat.action_cards) else ""
    if kind == K_PASS:
        return "done playing cards (you can take it back while anyone still acts)"
    if kind == K_RESUME:
        return "take back 'done': play more cards"
    if kind == K_DISCARD:
        return f"discard {card}"
    if kind == K_DONE:
        return "done discarding: draw up to your Health"
    if kind == K_READY:
        sp = st.spec(b)
        where = " to this Location" if sp.type == "attachment" else ""
        return f"ready {card} ({sp.type}, cost {sp.cost} XP){where}"
    if kind == K_LOCATION:
        sp = st.spec(b)
        epic = ", Epic" if sp.epic else ""
        return (
            f"place {card} as Location {len(st.path) + 1} and Advance into it "
            f"(draw +{sp.draw}, infestation +{sp.infestation}{epic})"
        )
    pay = "Cardio" if b == NONE else f"discarding {card}"
    if kind == K_HELI:
        return f"place the Rescue Helicopter and Advance into it ({pay})"
    if kind == K_FOLLOW:
        dest = st.pos[who] + (1 if a == 0 else -1)
        way = "Advance" if a == 0 else "Retreat"
        return f"{way} to {st.location_name(dest)} ({pay})"
    if kind == K_ATTACK:
        wname = st.weapon(who, a)[3]
        pay = "Free Attack" if b == NONE else f"discarding {card} for its Attack symbol"
        return f"attack with {wname} ({pay})"
    if kind == K_FINAL:
        return f"Final Attack with {card} ({st.spec(b).final} wounds, then discard it)"
    if kind == K_INSTANT:
        return f"play {card}"
    if kind == K_USE:
        return f"discard the readied {card} for its effect"
    if kind == K_GIVE:
        return f"give {st.spec(a).name} to the {st.name(b)}"
    if kind == K_UNREADY:
        return f"move the readied {card} back to your hand"
    if kind == K_COMPANION:
        return f"attack with your {card}"
    if kind == K_MEDIC:
        return "use your Free Attack to heal 1 wound in your Location"
    if kind == K_TARGET:
        zs = st.zspec(b)
        left = zs.health - st.zwounds[b]
        eng = st.zeng[b]
        on = " Group" if zs.group else f" on the {st.name(eng)}" if eng >= 0 else ""
        return (
            f"target {zs.name} in {st.location_name(st.zpos[b])} "
            f"({left}/{zs.health} health, {zs.xp} XP{on})"
        )
    if kind == K_TARGET_SURV:
        return f"target the {st.name(b)} (Otis rule)"
    if kind == K_HEAL:
        patient = st.name(a) if b == NONE else f"{st.name(a)}'s {card}"
        return f"heal the {patient}"
    if kind == K_REROLL:
        return f"re-roll the {_roll(st)} (Historian)"
    if kind == K_KEEP:
        return f"keep the roll of {_roll(st)}"
    if kind == K_PLACE_EPIC:
        return "place the Mutated Prisoners (Epic; they count toward the Infestation)"
    if kind == K_SET_ASIDE:
        return "set the Mutated Prisoners aside (out of the game)"
    if kind == K_JOIN:
        return f"join the Ambush: discard your {len(st.hand[who])} cards"
    if kind == K_DECLINE:
        return "do not join the Ambush"
    if kind == K_REDIRECT:
        left = st.spec(b).health - st.cwounds[b]
        return f"redirect 1 wound to your {card} ({left} health left)"
    if kind == K_LET:
        pd = st.pending[0] if st.pending else None
        by = pd.by if isinstance(pd, D.React) else 0
        return f"let the {st.name(by)}'s attack happen (no reaction)"
    if kind == K_TAKE:
        pd = st.pending[0] if st.pending else None
        n = pd.wounds if isinstance(pd, D.Redirect) else 0
        return f"take the {n} wound(s) yourself"
    return f"action {action}"


def _roll(st: Table) -> int:
    """The roll the Historian sees (the first decision, a re-roll)."""
    pd = st.pending[0]
    assert isinstance(pd, D.Reroll)
    return pd.roll
