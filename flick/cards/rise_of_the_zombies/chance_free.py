"""Rise of the Zombies!: which decisions surely meet no chance event, the hint that lets an
explicit-chance state run them in place instead of on a copy (`State._chance_free`,
flick.cards.engine). A function of the state as it is before the decision; it changes nothing.

Every decision ends by settling (`turns.settle`): it resolves the sub-decisions with one
option, runs waiting zombie work, and ends the Play Cards step once everyone is done, which
runs the Zombie Turn (dice, random picks, Spawn draws). So a decision is free of chance only
when it leaves no zombie work waiting, nothing to settle that could roll, and someone still to
act. With those, the kinds that cannot reach a draw, a die or a pick:
- discarding a card in the Discard step (ending the step draws: not free);
- readying, handing over or un-readying a card, Medic's heal, a heal chosen;
- "done" while another survivor is not done yet (the last one ends the step);
- an Instant without Ambush (its rolls), its wounds on zombies only (no Otis rule: a wounded
  survivor may die, and its zombies Engage someone at random);
- a Final Attack (its wounds are allotted, not rolled) without the Otis rule;
- an attack declared with two targets or more: its target is chosen next, the roll after
  (with one, settling picks it and rolls at once);
- a Follow into a Location already reached (a first Advance draws Dangerous Location cards)
  that leaves behind no zombie Engaged with the survivor where two others could be picked;
- taking back "done" (`apply_for`'s K_RESUME).
Anything else (a Location placed, drawing, a target chosen, Ambush, Redirect...) is not hinted.
A wrong hint would cost time, never the game: the engine rebuilds the state and runs the
decision on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.cards.rise_of_the_zombies.codes import (
    HELI,
    K_ATTACK,
    K_DISCARD,
    K_FINAL,
    K_FOLLOW,
    K_GIVE,
    K_HEAL,
    K_INSTANT,
    K_MEDIC,
    K_PASS,
    K_READY,
    K_RESUME,
    K_UNREADY,
    K_USE,
    SAFE,
)
from flick.cards.rise_of_the_zombies.moves import targets

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table

_ALWAYS = frozenset({K_READY, K_GIVE, K_UNREADY, K_MEDIC})  # in the Play Cards step


def chance_free(st: Table, procedure: tuple[Any, ...]) -> bool:
    """True when `procedure` (the state's: "act" or "for") surely meets no chance event."""
    what = procedure[0]
    if what == "act":
        action = procedure[1]
        s = st.current_player()
    elif what == "for":
        s, action = procedure[1], procedure[2]
        if action >> 16 == K_RESUME:
            return True  # counted, nothing settled
    else:
        return False  # the set-up and the resume points' procedures draw
    if st.over or st.zq:
        return False
    kind = action >> 16
    if st.pending:
        # a heal chosen, nothing else waiting, someone still to act after settling
        return (kind == K_HEAL and len(st.pending) == 1 and st.phase == "play"
                and st.actor >= 0 and not st.passed[st.actor])
    if st.phase != "play":
        return kind == K_DISCARD
    if what == "act" and st.passed[s]:
        return False  # (settling would look for the next actor)
    if kind in _ALWAYS:
        return True
    if kind == K_PASS:
        passed = st.passed
        return any(not passed[t] for t in range(st.num_players) if t != s)
    b = action & 255
    if kind == K_INSTANT:
        return not st.otis and st.spec(b).eff("ambush", None) is None
    if kind == K_USE:
        return not st.spec(b).eff("draw")
    if kind == K_FINAL:
        return not st.otis
    if kind == K_ATTACK:
        return not st.otis and _targets(st, s, (action >> 8) & 255) >= 2
    if kind == K_FOLLOW:
        return _follow_free(st, s, st.pos[s] + (1 if (action >> 8) & 255 == 0 else -1))
    return False


def _targets(st: Table, s: int, weapon: int) -> int:
    """How many zombies `weapon` of survivor s can target now."""
    (lo, hi), _chart, _final, _name = st.weapon(s, weapon)
    return len(targets(st, s, lo, hi))


def _follow_free(st: Table, s: int, dest: int) -> bool:
    """A Follow into `dest` draws nothing and picks no one at random (`play.move`)."""
    if dest > st.furthest[s]:
        card = st.path[dest]
        draws = st.cat.helicopter[0] if card == HELI else 0 if card == SAFE else st.spec(
            card).draw
        if draws:
            return False
    old = st.pos[s]
    if sum(1 for t in st.here(old) if t != s) < 2:
        return True  # a zombie left behind Engages the one survivor there, or none
    zeng = st.zeng
    return not any(zeng[z] == s for z in st.zorder)

