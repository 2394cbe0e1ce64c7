"""Action codes of Rise of the Zombies!: `kind << 16 | a << 8 | b`, each argument a byte.

Arguments are card numbers (Action cards and Zombie cards each numbered from 0 in deck order of
the data file), seats, or `NONE` (the Inherent Weapon, the Free Attack, Cardio, the survivor
itself). Plain ints keep the random-play benchmark fast; `action_to_string` names each one.
"""

from __future__ import annotations

SAFE, HELI = -1, -2  # path entries of the two fixed Location cards
NONE = 255  # "inherent weapon", "Free Attack", "Cardio", "the survivor itself" in action codes

(K_PASS, K_DISCARD, K_DONE, K_READY, K_LOCATION, K_HELI, K_FOLLOW, K_ATTACK, K_FINAL,
 K_INSTANT, K_USE, K_GIVE, K_UNREADY, K_COMPANION, K_MEDIC, K_TARGET, K_TARGET_SURV, K_HEAL,
 K_REROLL, K_KEEP, K_PLACE_EPIC, K_SET_ASIDE, K_JOIN, K_DECLINE, K_RESUME, K_REDIRECT,
 K_TAKE, K_LET) = range(28)

PASS = 0  # "done playing cards for now"


def act(kind: int, a: int = 0, b: int = 0) -> int:
    """The action code of `kind` with arguments a, b (each 0..255)."""
    return kind << 16 | a << 8 | b
