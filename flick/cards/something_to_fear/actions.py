"""Action numbers of Something to Fear and the phases / turn steps that give them meaning.

An action is a small int whose meaning depends on the decision being made (the phase, or the
step of the acting player's turn). Cards of one kind (type and damage) are interchangeable,
so actions that would take, steal, swap or destroy a card name the *first* card of its kind:
this keeps the choice lists short without losing any play.
"""

from __future__ import annotations

# phases: what kind of decision the game waits for
SELECT = 0  # every player picks a Character face-down, seat by seat, hidden until all have
EUGENE = 1  # Eugene on reveal: reveal a card from the discard pile?
CARL = 2  # Carl on reveal: reverse the player order?
MAGGIE = 3  # Maggie on reveal (strictly lowest card): cancel an opponent?
MAGGIE_REPLY = 4  # the cancelled opponent picks the card Maggie secures
TURN = 5  # a player's turn, one step at a time (see the steps below)
END = 6  # the game is over
MAGGIE_WEAPON = 7  # Maggie's target secured a Weapon: use it now (rulebook: "immediately")?

PHASE_NAMES = {
    SELECT: "select",
    EUGENE: "eugene",
    CARL: "carl",
    MAGGIE: "maggie",
    MAGGIE_REPLY: "maggie_reply",
    TURN: "turn",
    END: "end",
    MAGGIE_WEAPON: "maggie_weapon",
}

# steps of a turn, by Character number
SECURE = 10  # secure a card from the Encounter row
SECURE_ANDREA = 11  # secure from the Mob or the Encounter row
STEAL = 12  # Jesus: steal a card from another Stash
DESTROY = 13  # Carl: destroy a card in your Stash
SWAP = 14  # Ezekiel: swap a card of your Stash with one of another Stash
PEEK = 15  # Michonne: look at the top 3 of the deck, maybe replace a row card
ABRAHAM = 16  # Abraham: after securing a Walker, trade a hand card for a discarded one
RICK = 17  # Rick: swap a row card with a Mob card
WEAPON = 18  # destroy a Weapon in your Stash to secure a card from the Mob (repeatable)

STEP_NAMES = {
    SECURE: "secure",
    SECURE_ANDREA: "secure_andrea",
    STEAL: "steal",
    DESTROY: "destroy",
    SWAP: "swap",
    PEEK: "peek",
    ABRAHAM: "abraham",
    RICK: "rick",
    WEAPON: "weapon",
}

# The steps of each Character's turn, by the number of the Character *played* (a Eugene who
# reveals another card takes his turn at that card's number but with his own steps). Every step
# can be declined (action 0): the abilities are optional ("you may") and so is the basic
# ability, "you may secure one card from the Encounter row instead".
TURN_STEPS: dict[int, tuple[int, ...]] = {
    1: (SECURE, WEAPON),  # Eugene (no revealed card, or the discard pile was empty): acts as #1
    2: (SECURE, STEAL, WEAPON),
    3: (SECURE, DESTROY, WEAPON),
    4: (SECURE, WEAPON),
    5: (SECURE, SWAP, WEAPON),
    6: (PEEK, SECURE, WEAPON),
    7: (SECURE, ABRAHAM, WEAPON),
    8: (SECURE_ANDREA, WEAPON),
    9: (RICK, SECURE, WEAPON),
}

# action numbers
DECLINE = 0  # skip an optional ability / end the turn
# 1..9: select that Character (SELECT)
USE = 10  # use an on-reveal ability (Eugene reveals, Carl reverses), take the Tie-breaker
ROW = 100  # + row index: secure that card
MOB = 200  # + Mob index: secure that card from the Mob (Andrea)
WEAPON_MOB = 400  # + Mob index: destroy a Weapon to secure that card from the Mob
GIVE_WOUND = 500  # + seat: give the Wound just secured to that player
STEAL_AT = 1000  # + seat * 100 + stash index
DESTROY_AT = 2000  # + stash index
PEEK_AT = 4000  # + row index * 10 + index among the looked-at cards
RICK_AT = 5000  # + row index * 100 + Mob index
MAGGIE_AT = 6000  # + seat * 10 + row index: that opponent secures that card
ABRAHAM_AT = 7000  # + hand Character * 10 + discarded Character
SWAP_AT = 10000  # + own stash index * 1000 + seat * 100 + their stash index
