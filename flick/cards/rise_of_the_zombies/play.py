"""Rise of the Zombies!: applying a survivor's action to the state: a card played (readied,
placed, an attack declared, used, given), the decision waiting answered (targets, wounds,
heals, re-rolls, reactions, the Mutated Prisoners, Redirect, Join), a survivor moving and a
Location placed. Each function takes the state and changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import combat, decks, moves, zombies
from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies.codes import (
    HELI,
    K_ATTACK,
    K_COMPANION,
    K_FINAL,
    K_FOLLOW,
    K_GIVE,
    K_HELI,
    K_INSTANT,
    K_JOIN,
    K_LET,
    K_LOCATION,
    K_MEDIC,
    K_PLACE_EPIC,
    K_READY,
    K_REDIRECT,
    K_REROLL,
    K_TARGET_SURV,
    K_UNREADY,
    K_USE,
    NONE,
    SAFE,
)

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def apply_play(st: Table, s: int, kind: int, a: int, b: int) -> None:
    hand = st.hand[s]
    if kind == K_READY:
        sp = st.spec(b)
        hand.remove(b)
        st.xp[s] -= sp.cost
        if sp.type == "attachment":
            st.attach[st.pos[s]].append(b)
        else:
            st.ready[s].append(b)
            st.put_card("cwounds", b, 0)
        st.say(f"The {st.name(s)} readies {sp.name}.")
    elif kind == K_LOCATION:
        hand.remove(b)
        st.xp[s] -= st.spec(b).cost  # "To Ready or play the card, pay the cost"
        place_location(st, s, b)
    elif kind == K_HELI:
        pay(st, s, b)
        place_location(st, s, HELI)
    elif kind == K_FOLLOW:
        pay(st, s, b)
        move(st, s, st.pos[s] + (1 if a == 0 else -1))
    elif kind == K_ATTACK:
        if b == NONE:
            st.free_used[s] = True
        else:
            hand.remove(b)
            st.adisc.append(b)
        if a != NONE:
            st.put_card("weapon_user", a, s)
        (lo, hi), _c, _f, _n = st.weapon(s, a)
        st.pending.append(D.Target(seat=s, mode="weapon", weapon=a, lo=lo, hi=hi))
    elif kind == K_FINAL:
        combat.final_attack(st, s, b)
    elif kind == K_INSTANT:
        combat.play_instant(st, s, b)
    elif kind == K_USE:
        sp = st.spec(b)
        st.ready[s].remove(b)
        st.adisc.append(b)
        st.say(f"The {st.name(s)} uses {sp.name}.")
        if sp.eff("heal"):  # (asked once the action settles: after the draws)
            st.pending.append(D.Heal(seat=s, wounds=sp.eff("heal")))
        if sp.eff("draw"):
            go_on_drawing(st, s, sp.eff("draw"))
    elif kind == K_MEDIC:
        st.free_used[s] = True
        st.pending.append(D.Heal(seat=s, wounds=1))
    elif kind == K_GIVE:
        src = hand if a in hand else st.ready[s]
        src.remove(a)
        st.hand[b].append(a)
        st.put_card("moved_card", a, True)
        st.passed[b] = False
        st.say(f"The {st.name(s)} gives {st.spec(a).name} to the {st.name(b)}.")
    elif kind == K_UNREADY:
        st.ready[s].remove(b)
        hand.append(b)
        st.put_card("moved_card", b, True)
    elif kind == K_COMPANION:
        st.put_card("comp_attacked", b, True)
        lo, hi = st.spec(b).range
        st.pending.append(D.Target(seat=s, mode="chart", chart=b, left=1, lo=lo, hi=hi))


def go_on_drawing(st: Table, s: int, left: int) -> None:
    """Survivor s draws the `left` cards it has still to draw in the Play Cards step (a card
    used for its draws, a first Advance into a Location), then the Infestation of a Location
    just placed goes on: all that is left of the action but settling it, so each draw is a
    resume point (the state's procedure ("draws", s, cards left); flick.cards.chance)."""
    decks.draw_actions(st, s, left, ("draws", s))
    if st.infest is not None:
        zombies.continue_infestation(st)


def pay(st: Table, s: int, card: int) -> None:
    if card == NONE:
        st.cardio_used[s] = True
    else:
        st.hand[s].remove(card)
        st.adisc.append(card)


def react(st: Table, s: int, kind: int, a: int, b: int) -> None:
    """The target of an attack reacts first: its own attack (made now, ahead of the
    waiting one) or K_LET."""
    st.pending.pop(0)
    if kind == K_LET:
        return
    st.say(f"The {st.name(s)} reacts!")
    before = {id(q) for q in st.pending}
    with st.resume_held():  # work follows the reaction's play: it cannot go on from a draw
        apply_play(st, s, kind, a, b)
    new = [q for q in st.pending if id(q) not in before]
    for q in new:
        q.reaction = True
    st.pending = new + [q for q in st.pending if id(q) in before]


def apply_pending(st: Table, s: int, kind: int, a: int, b: int) -> None:
    pd = st.pending[0]
    if isinstance(pd, D.Aim):
        if pd.window is not None:
            pd.window = None  # the attack declared before the reaction window goes on
        elif (
            kind == K_TARGET_SURV
            and not pd.reaction
            and not pd.reacted
            and moves.reactions(st, b)
        ):
            pd.window = (kind, a, b)
            pd.reacted = True  # one window an attack (a Final Attack's wounds included)
            st.pending.insert(0, D.React(seat=b, by=s))
            return
    if isinstance(pd, D.React):
        react(st, s, kind, a, b)
    elif isinstance(pd, D.Target):
        surv = kind == K_TARGET_SURV
        if pd.mode == "fixed":
            st.pending.pop(0)
            combat.hurt(st, s, b, surv, pd.wounds)
        else:  # a roll, a resume point: `combat.weapon_roll` goes on from it ("roll")
            label = "an attack roll" if pd.mode == "weapon" else "a Companion or Ambush roll"
            roll = st.chance_die(label, ("roll", b, surv))
            combat.weapon_roll(st, pd, b, surv, roll)
    elif isinstance(pd, D.Alloc):
        pd.wounds -= 1
        if pd.wounds <= 0:
            st.pending.pop(0)
        combat.hurt(st, s, b, kind == K_TARGET_SURV, 1)
    elif isinstance(pd, D.Heal):
        st.pending.pop(0)
        if b == NONE:
            st.wounds[a] = max(0, st.wounds[a] - pd.wounds)
        else:
            st.put_card("cwounds", b, max(0, st.cwounds[b] - pd.wounds))
        st.say(f"  heals the {st.name(a)}" + ("" if b == NONE else "'s companion"))
    elif isinstance(pd, D.Reroll):
        if kind == K_REROLL:  # a roll of a Target in its place: a resume point ("roll")
            st.reroll_used[s] = True
            again = D.Target(seat=s, mode="reroll", weapon=pd.weapon, lo=0, hi=0)
            st.pending[0] = again
            roll = st.chance_die("the Historian's re-roll", ("roll", pd.target, pd.on_survivor))
            combat.weapon_roll(st, again, pd.target, pd.on_survivor, roll)
        else:
            st.pending.pop(0)
            combat.resolve_weapon(st, s, pd.weapon, pd.target, pd.on_survivor, pd.roll)
    elif isinstance(pd, D.Epic):
        st.pending.pop(0)
        inf = st.infest
        assert inf is not None  # an Epic zombie is met only during an Infestation
        z = inf.prisoners
        inf.prisoners = -1
        if kind == K_PLACE_EPIC:
            st.epic["prisoners_placed"] = True
            inf.got += st.zspec(z).xp
            zombies.place_zombie(st, z, inf.pos, inf.seat, inf.fast, infesting=True)
        else:
            st.aside.append(z)
            st.say("  the Mutated Prisoners are set aside.")
        zombies.continue_infestation(st)
    elif isinstance(pd, D.Redirect):
        if kind == K_REDIRECT:
            pd.wounds -= 1
            zombies.redirect(st, s, b)
            if pd.wounds > 0 and st.companions(s):
                return
        st.pending.pop(0)
        zombies.wound_survivor(st, s, pd.wounds)  # the rest (all of it if K_TAKE)
    elif isinstance(pd, D.Join):
        st.pending.pop(0)
        if kind == K_JOIN:
            n = len(st.hand[s])
            st.adisc.extend(st.hand[s])
            st.hand[s].clear()
            for q in st.pending:
                if isinstance(q, D.Target) and q.mode == "chart":
                    q.left += n
                    break


def move(st: Table, s: int, dest: int) -> None:
    """Move s into path position dest: Disengage from zombies left behind, get Engaged by
    unengaged zombies there, draw Dangerous Location cards on a first Advance (the draws
    last, `go_on_drawing`: all that follows in the action is the Infestation of a Location
    just placed, then settling it)."""
    old = st.pos[s]
    st.moved[s] = True
    st.pos[s] = dest
    st.say(f"The {st.name(s)} moves to {st.location_name(dest)}.")
    for z in st.zorder:
        if st.zeng[z] == s:
            st.zeng[z] = -1
            zombies.engage_random(st, z, old)
    for z in st.zorder:
        if st.zpos[z] == dest and st.zeng[z] < 0 and not st.zspec(z).group:
            st.zeng[z] = s
    if dest > st.furthest[s]:
        st.furthest[s] = dest
        c = st.path[dest]
        n = st.cat.helicopter[0] if c == HELI else 0 if c == SAFE else st.spec(c).draw
        go_on_drawing(st, s, n)


def place_location(st: Table, s: int, card: int) -> None:
    st.path.append(card)
    st.attach.append([])
    st.placed = True
    i = len(st.path) - 1
    if card == HELI:
        text = st.cat.helicopter[1]
    else:
        sp = st.spec(card)
        text = sp.infestation
        if sp.epic:
            st.epic["locations"] += 1  # "if you choose to place" it: playing it is the choice
    st.say(f"The {st.name(s)} places {st.location_name(i)} (Location {i + 1}).")
    for t in range(st.num_players):
        if st.alive[t]:
            st.passed[t] = False
    need = zombies.infestation_value(st, i, text)
    st.infest = D.Infestation(pos=i, need=need, got=0, seat=s, fast=[])
    assert i > st.furthest[s]  # a first Advance: its draws, then the Infestation goes on
    move(st, s, i)  # (`go_on_drawing`)
