"""Survivors' attacks in Rise of the Zombies! (functions of the game state): weapon rolls with
natural results and modifiers, Final Attacks, instants, wounds and Kills on zombies.

All wounds of one roll go to one zombie; wounds beyond its Health are wasted. Attacking a
non-Group zombie in your Location moves its Engagement to you, even on a miss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import decks, zombies

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def attack_bonus(st: Table, s: int) -> int:
    """Survivor s's bonus to its attack rolls: this turn's (cards played) and its Readied
    Skills'."""
    return st.bonus[s] + sum(
        st.spec(c).eff("attack_bonus") for c in st.ready[s] if st.spec(c).type == "skill"
    )


def play_instant(st: Table, s: int, c: int) -> None:
    sp = st.spec(c)
    st.hand[s].remove(c)
    st.adisc.append(c)
    st.xp[s] -= sp.cost  # an Instant's Experience cost is paid when it is played
    st.say(f"The {st.name(s)} plays {sp.name}.")
    p = st.pos[s]
    if sp.eff("attack_bonus"):
        st.bonus[s] += sp.eff("attack_bonus")
    if sp.eff("wound_all"):
        for z in st.zombies_at(p):
            hit(st, s, z, sp.eff("wound_all"))
    if sp.eff("wound_one"):
        st.pending.append(D.Target(seat=s, mode="fixed", wounds=sp.eff("wound_one"), lo=0, hi=0))
    chart = sp.eff("ambush", None)
    if chart is not None:
        # the player discards its whole hand; every other survivor here may join
        rolls = len(st.hand[s])
        st.adisc.extend(st.hand[s])
        st.hand[s].clear()
        for t in st.here(p):
            if t != s and st.hand[t]:
                st.pending.append(D.Join(seat=t))
        st.pending.append(D.Target(seat=s, mode="chart", chart=c, left=rolls, lo=0, hi=0))


def weapon_roll(
    st: Table, pd: D.Target, target: int, is_surv: bool, roll: int
) -> None:
    """Survivor `pd.seat`'s attack roll `roll` at `target` (a survivor when `is_surv`), made
    for the Target `pd` heading the decisions, goes on: a weapon's roll (which the Historian
    may re-roll), the Historian's re-roll (mode "reroll") or a Companion's or an Ambush's
    roll on its chart (mode "chart"). Every roll of a Target is made while it heads the
    decisions, so the state's "roll" procedure goes on from any of them (a resume point,
    flick.cards.chance)."""
    s = pd.seat
    if pd.mode == "chart":
        chart_roll(st, pd, target, is_surv, roll)
        return
    st.pending.pop(0)
    if pd.mode == "reroll":
        st.say(f"  the Historian re-rolls: {roll}")
        resolve_weapon(st, s, pd.weapon, target, is_surv, roll)
        return
    if st.cat.survivors[st.sv[s]].ability == "reroll" and not st.reroll_used[s]:
        # the Historian sees the roll and may re-roll it
        st.pending.insert(0, D.Reroll(seat=s, weapon=pd.weapon, target=target,
                                      on_survivor=is_surv, roll=roll))
        return
    resolve_weapon(st, s, pd.weapon, target, is_surv, roll)


def chart_roll(st: Table, pd: D.Target, target: int, is_surv: bool, roll: int) -> None:
    """One roll of a Companion's or an Ambush's chart (`pd`, mode "chart"): its wounds on
    `target`; the Target stays while it has rolls left."""
    sp = st.spec(pd.chart)
    chart = sp.roll_chart() if sp.type == "companion" else sp.eff("ambush")
    w = chart.wounds[roll]
    st.say(f"  roll {roll}: {w} wound(s)")
    pd.left -= 1
    if pd.left <= 0:
        st.pending.pop(0)
    hurt(st, pd.seat, target, is_surv, w)


def hurt(st: Table, s: int, target: int, is_surv: bool, wounds: int) -> None:
    """`wounds` from survivor s on a zombie, or (Otis rule) on a survivor."""
    if is_surv:
        st.say(f"  the {st.name(target)} takes {wounds} wound(s)")
        zombies.wound_survivor(st, target, wounds)
    else:
        hit(st, s, target, wounds)


def roll_wounds(st: Table, s: int, w: int, roll: int) -> int | str:
    """Wounds (or 'reload' / 'final') of natural roll `roll` with weapon `w` of seat s."""
    _r, chart, _f, _n = st.weapon(s, w)
    nat = chart.natural[roll]
    if nat is not None:
        return nat  # natural results ignore every modifier
    return chart.wounds[min(max(roll + attack_bonus(st, s), 1), 12)]


def resolve_weapon(
    st: Table, s: int, w: int, target: int, is_surv: bool, roll: int
) -> None:
    res = roll_wounds(st, s, w, roll)
    wname = st.weapon(s, w)[3]
    st.say(f"The {st.name(s)} attacks with {wname}: rolls {roll} -> {res}")
    if res == "reload":
        st.put_card("reloaded", w, True)
        res = 0
    elif res == "again":
        # "Again - Perform another Attack. If your Survivor receives the effect, you may target
        # the same, or a different Zombie": one more roll with this weapon, free
        (lo, hi), _c, _f, _n = st.weapon(s, w)
        st.say("  Again: another attack")
        st.pending.insert(0, D.Target(seat=s, mode="weapon", weapon=w, lo=lo, hi=hi))
        return
    elif res == "attract":
        # "Attract - Draw a Zombie card and place it in the Location card of the Survivor ...
        # that activated the Attract effect" (not counted toward an Infestation or Spawn)
        z = decks.draw_zombie(st, choice=False)
        if z >= 0:
            st.say(f"  the noise attracts a zombie to {st.location_name(st.pos[s])}")
            fast: list[int] = []
            zombies.place_zombie(st, z, st.pos[s], s, fast)
            zombies.fast_attacks(st, fast)
        return
    elif res == "final":
        if not is_surv:
            engage(st, s, target)
        final_attack(st, s, w)
        return
    if is_surv:
        zombies.wound_survivor(st, target, int(res))
        zombies.swap(st)
    else:
        hit(st, s, target, int(res))


def final_attack(st: Table, s: int, w: int) -> None:
    sp = st.spec(w)
    st.ready[s].remove(w)
    st.adisc.append(w)
    st.say(f"The {st.name(s)} makes a Final Attack with {sp.name}.")
    st.pending.insert(0, D.Alloc(seat=s, wounds=sp.final, lo=sp.range[0], hi=sp.range[1]))


def engage(st: Table, s: int, z: int) -> None:
    """Attacking a non-Group zombie in your Location moves its Engagement to you."""
    if st.zpos[z] == st.pos[s] and not st.zspec(z).group:
        st.zeng[z] = s


def hit(st: Table, s: int, z: int, wounds: int) -> None:
    """`wounds` on zombie z by survivor s (extra wounds are wasted); a Kill gives s the XP."""
    if st.zpos[z] < 0:
        return
    engage(st, s, z)
    st.zwounds[z] += wounds
    zs = st.zspec(z)
    if st.zwounds[z] >= zs.health:
        p = st.zpos[z]
        st.zpos[z] = -1
        st.zeng[z] = -1
        st.zwounds[z] = 0
        st.zorder.remove(z)
        st.zdisc.append(z)
        st.xp[s] += zs.xp
        if zs.epic:
            st.epic["prisoners_killed"] = True
        st.say(f"  The {st.name(s)} kills {zs.name} (+{zs.xp} XP).")
        for t in st.here(p):
            st.passed[t] = False
