"""The decisions of scenarios 5-10 as the window offers them: what the panel asks, the
buttons it shows and the engine input each button makes, and who has to be at the screen.

Phases (`flick.game.scenarios.five_to_ten`): "decide" (a steal offer, an X token to move),
"crossroads" (a Crossroads card's options), "pick" (Gabriel's 2 tokens), "vote",
"allegiance" (a wrongly accused player), "exile" (the unmasked betrayer's figure is flicked:
a gesture, not a button), and in "act" the panel's choices for Accuse (whom), Heal (whom,
whose medicine) and Flare (which face up). Nothing here changes a game.

Readings of this module (the rulebook is silent on the screen):
- The person at the screen for a decision: the thief for a steal, the next voter for a vote,
  the accused for the allegiance, the betrayer for its exile flick, otherwise the player
  whose turn it is. In scenarios 9-10 (secret objectives) the window shows the pass screen
  whenever that person changes; elsewhere in competitive games between teams, and before a
  steal offered to a survivor of another team (the thief alone sees the token).
- Scenarios 9-10: a player alone sees the face-down tokens on their own survivor's board;
  face-up tokens are seen by everybody.
- Votes are cast one by one behind the pass screen (the rulebook has the thumbs shown at
  once; hot-seat, one player at a time keeps them from following each other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.game.actions import legal
from flick.game.inputs import (
    Accuse,
    Allegiance,
    CrossroadsChoice,
    ExtraAction,
    Heal,
    Input,
    MoveX,
    PassTurn,
    PickToken,
    Steal,
    Vote,
)
from flick.game.scenarios.five_to_ten import RuleState

if TYPE_CHECKING:
    from flick.game.game import Game


def rule_state(game: Game) -> RuleState | None:
    """The S5-S10 rule state, or None for scenarios 1-4."""
    return game.rule_state if game.rules.five_to_ten else None


def secret(game: Game) -> bool:
    """Scenarios 9-10: every player has a secret objective."""
    return game.rules.has("secret_objectives")


def decider(game: Game) -> str | None:
    """The survivor whose player decides now, when it is not simply the turn's player."""
    a = rule_state(game)
    if a is None or game.over:
        return None
    if a.steal_offers:
        return str(a.steal_offers[0]["thief"])
    if game.phase == "vote" and a.vote is not None:
        from flick.game.scenarios.secret import next_voter

        return next_voter(game)
    if game.phase == "allegiance" and a.allegiance is not None:
        return str(a.allegiance["accused"])
    if game.phase == "exile" and a.exile is not None:
        return str(a.exile)
    return None


def prompt(game: Game) -> str:
    """The question the panel asks in a phase of scenarios 5-10 ('' if none)."""
    a = rule_state(game)
    if a is None:
        return ""
    if a.steal_offers:
        offer = a.steal_offers[0]
        victim = game.survivors[offer["victim"]]
        token = next((t for t in victim.inventory if t.uid == offer["uid"]), None)
        what = token.kind if token is not None else "gone"
        return (f"Steal: {short(game, offer['thief'])} looks at a face-down token of "
                f"{victim.short}: {what}")
    if a.x_pending:
        return f"Move an X token in front of the {a.x_pending[0].replace('_', ' ')}:"
    if game.phase == "crossroads" and a.crossroads_card is not None:
        from flick.game.scenarios.crossroads import deck

        card = deck()[a.crossroads_card]
        return f"Crossroads: {card.title}. {card.text}"
    if game.phase == "pick" and a.pick is not None:
        return "Gabriel looked at 2 tokens: take which?"
    if game.phase == "vote" and a.vote is not None:
        v = a.vote
        return (f"{short(game, v['accuser'])} accuses {short(game, v['accused'])}: "
                f"{short(game, decider(game) or '')} votes ({len(v['votes'])} of "
                f"{len(v['voters'])} cast)")
    if game.phase == "allegiance" and a.allegiance is not None:
        return (f"{short(game, a.allegiance['accused'])} was wrongly accused: stay or join "
                "the other team?")
    if game.phase == "exile" and a.exile is not None:
        return f"{short(game, a.exile)} is unmasked: flick the fallen figure away"
    return ""


def short(game: Game, name: str) -> str:
    s = game.survivors.get(name)
    return s.short if s is not None else name


def options(game: Game) -> list[tuple[str, Input, bool]]:
    """(label, engine input, enabled) of the buttons of a phase of scenarios 5-10."""
    a = rule_state(game)
    if a is None or game.over:
        return []
    if a.steal_offers:
        offer = a.steal_offers[0]
        victim = game.survivors[offer["victim"]]
        token = next((t for t in victim.inventory if t.uid == offer["uid"]), None)
        thief = game.survivors[offer["thief"]]
        return [("Take it", Steal("take"), thief.free_spaces() > 0),
                ("Leave it", Steal("leave"), True),
                ("Discard it (X only)", Steal("discard"),
                 token is not None and token.kind == "x")]
    if a.x_pending:
        return [(f"X from the {b.replace('_', ' ')}", MoveX(b), True) for b in a.x_blocked]
    if game.phase == "crossroads" and a.crossroads_card is not None:
        from flick.game.scenarios.crossroads import deck, payable

        card = deck()[a.crossroads_card]
        s = game.active_survivor
        return [(f"{i + 1}) {o.text}" + ("" if payable(game, s, o) else " (cannot pay)"),
                 CrossroadsChoice(i), payable(game, s, o)) for i, o in enumerate(card.options)]
    if game.phase == "pick" and a.pick is not None:
        stash = game.stashes.get(a.pick["key"], [])
        kinds = {t.uid: t.kind for t in stash}
        return [(f"Take the {kinds.get(uid, '?')}", PickToken(i), True)
                for i, uid in enumerate(a.pick["uids"])]
    if game.phase == "vote":
        return [("Thumb up (show the card)", Vote(True), True),
                ("Thumb down", Vote(False), True)]
    if game.phase == "allegiance":
        return [("Stay with my team", Allegiance(False), True),
                ("Join the other team", Allegiance(True), True)]
    if game.phase == "choose" and "pass" in game.legal_kinds():
        return [("Pass the turn (flip the X token)", PassTurn(), True)]
    return []


def accuse_options(game: Game) -> list[tuple[str, Input, bool]]:
    """Whom the active survivor may accuse (`flick.game.actions.legal.accusable`)."""
    return [(f"Accuse {short(game, name)}", Accuse(name), True)
            for name in legal.accusable(game)]


def heal_options(game: Game) -> list[tuple[str, Input, bool]]:
    """Olivia's heals (`flick.game.actions.legal.heals`): each survivor she may heal, with her
    medicine or theirs."""
    return [(f"Heal {short(game, target)} ({short(game, source)}'s medicine)",
             Heal(target, source), True) for target, source in legal.heals(game)]


def power_tokens(game: Game, name: str) -> dict[str, int]:
    a = rule_state(game)
    return dict(a.power_tokens.get(name, {})) if a is not None else {}


def command_input(head: str, rest: str) -> Input | None:
    """The engine input of a scenario 5-10 command in its text form (`flick.ui.commands`),
    or None if not one of them."""
    if head == "steal":
        return Steal(rest)
    if head == "move_x":
        return MoveX(rest)
    if head == "crossroads" and rest.isdigit():
        return CrossroadsChoice(int(rest))
    if head == "pick" and rest.isdigit():
        return PickToken(int(rest))
    if head == "vote":
        return Vote(rest == "1")
    if head == "allegiance":
        return Allegiance(rest == "1")
    if head == "pass":
        return PassTurn()
    if head == "accuse":
        return Accuse(rest)
    if head == "heal":
        target, _, source = rest.partition(":")
        return Heal(target, source)
    if head == "extra_action":
        return ExtraAction()
    return None


def objective_lines(game: Game, name: str | None) -> list[str]:
    """The secret objective of `name`'s player (scenarios 9-10), for that player's eyes; at
    the game's end every player's card and whether they won (nothing is secret then)."""
    if not secret(game):
        return []
    from flick.game.scenarios.secret import card, results

    if game.over:
        return [f"{short(game, r['survivor'])} ({'betrayer' if r['betrayer'] else r['team']}):"
                f" {r['title']} - {'met' if r['objective_met'] else 'not met'}, "
                f"{'WINS' if r['won'] else 'does not win'}" for r in results(game)]
    rules = rule_state(game)
    if name is None or rules is None or name not in rules.objective:
        return []

    c = card(game, name)
    betrayer = name in rules.betrayers
    head = f"{short(game, name)}'s secret objective" + (" (BETRAYER)" if betrayer else "")
    return [f"{head}: {c['title']} - {c.get('text', '')}"]
