"""What the window tells a new player: the help window's texts (the controls; the legend of
every mark on the table and the base rules that cost lives; the scenario's briefing: story,
objective, special rules), the one-line hint for the step the game is at, and which doors may
not be entered now.

All plain text and data; `flick.ui.widgets` shows it in a pygame-gui window (F1 or `?`; F3
opens it on the briefing, which is also shown once when a player first sees the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.ui.widgets import HelpTab

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.scenario.model import Scenario

# Every control of the window, as the overlay lists them (heading, lines).
CONTROLS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("A turn", (
        "Click a lit survivor (or its board in the panel) to use it this turn.",
        "Pick an action: a panel button or its key - M move, G gun, 2 two guns, K knife,",
        "  B bat, H shotgun, I sniper, X short kill, T take / drop, E end the turn;",
        "  from scenario 5: L flare, U accuse, Y extra action, O heal, V Mike's free move.",
        "Press on the piece that appears (the lit disc, bullet or weapon), drag, release.",
        "Decisions (keep a token, fight weapons, cards, votes) are panel buttons, keys 1-9.",
    )),
    ("The flick", (
        "Swipe style: press on the piece and move the mouse the way it should go; the",
        "  pointer's speed at release is the flick (screen speed, the same at any zoom).",
        "Slingshot style: press, drag back away from the target, release; the length of",
        "  the drag is the power.",
        "Press off the piece's centre to spin it. Escape cancels before you let go.",
        "The pale corridor is the piece's width along the aim; a ringed piece is the first",
        "  one a straight path would touch.",
    )),
    ("Keys", (
        "Tab swipe / slingshot    S side of the bullet or knife    N hand noise",
        "A aim corridor on / off   P power meter on / off   R face toward the mouse",
        "C aim assist: the planner's odds as a heat map; click the target while aiming",
        "  a move (a door: in) or a gun; it fills in as it is computed",
        "Wheel or + / - zoom   right-drag pan   F fit the view (again: whole city)",
        "F1 or ? this help   F3 the scenario's briefing   Esc closes either   F2 sound",
        "Z takes back your last flick (house rule: flick play --mulligans N a player)",
        "Ctrl+Q quits (the replay is already saved after every input)",
        "Wheel over the panel scrolls the event log",
    )),
)

# What each mark on the table means, and the base rules that cost lives (rulebook, "Actions",
# "Zombies' reaction" and "Zombie Rush"), as the help window's legend tab lists them.
LEGEND: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Figures", (
        "Coloured standee on a round base: a survivor, in its team's colour, its name below.",
        "Green standee with two red eyes: a zombie. Pale green, lying down: a fallen zombie.",
        "A figure drawn lying along its length has fallen (its head is the small ring).",
        "Red pips over a survivor: its life tokens. When the last one goes, it dies.",
        "Small square beside a survivor: its backpack, yellow for day, blue for night; "
        "white-edged when it can be used this round, crossed once used.",
        "Thick gold ring: the survivor playing now. Thin gold halo: what you may click now.",
    )),
    ("Tokens and buildings", (
        "Grey chip with ?: a face-down token; 2? means two of them. White chip: face up "
        "(Fd food, Fu fuel, M medicine, G gun, Kn knife, B bat, SG shotgun, SR sniper rifle, "
        "L life, X not allowed, K key, S survivor).",
        "A building's door is its open side between the two support blocks (the arrow); a "
        "door drawn grey and crossed in red may not be entered now.",
        "Green dots inside a building: zombies inside it (pale: fallen).",
        "The tower stands on the zombie bin (its count); the red arrow is its exit.",
        "The dark edge around the city is the city limit: a piece past it is out.",
    )),
    ("While aiming", (
        "Two gold lines: the piece's width along the aim. Gold ring at the end: where it "
        "would stop on an open table (the power meter says how far).",
        "Red ring: the first piece a straight path would touch; red dot: where.",
        "Aim assist (C): each cell's colour is the chance that a flick there succeeds.",
    )),
    ("What costs lives", (
        "Too close! A standing survivor next to a standing zombie loses 1 life and is laid "
        "down (the survivor playing is safe during its own turn).",
        "A gun is LOUD: at the turn's end the closest zombie turns to the survivor and 3 "
        "zombies rush from the tower behind it. A move or a knife or bat is QUIET: only the "
        "closest zombie rushes (a fallen one just stands up).",
        "A survivor knocked over by a rush loses 1 life.",
        "A bullet that first touches a fallen figure, an object or a building wounds nothing.",
        "A move fails if the disc touches anything or leaves the city: the survivor stays "
        "where it was and the action is spent.",
    )),
)

PIECE_WORDS = {
    "movement_disc": "movement disc", "bullet": "bullet", "shotgun_pellet": "shotgun pellet",
    "knife": "knife", "baseball_bat": "bat (by its knob)", "flare_token": "flare",
    "survivor": "figure",
}


def hint(app: Any) -> str:
    """One line: what to do now at the table (the modes over it say their own:
    `flick.ui.modes`)."""
    g = app.game
    if g.over:
        return "the game is over: Ctrl+Q closes the window; flick replay --last shows it again"
    if app.busy():
        return "the shot is playing..."
    spot = app.spot()
    if spot is not None:
        piece = PIECE_WORDS.get(spot.kind, spot.kind.replace("_", " "))
        if app.gesture is not None:
            return ("release to flick; Esc cancels" if app.style == "swipe" else
                    "drag back from the target; release to shoot; Esc cancels")
        if app.style == "swipe":
            return f"press on the lit {piece} and swipe toward the target; Esc cancels"
        return f"press on the lit {piece}, drag back to aim, release to flick; Esc cancels"
    if g.phase == "choose":
        return "click a lit survivor (or its board in the panel) to use it"
    if g.phase == "act" and app.action is None:
        return "pick an action: a button or its key (M move, G gun...); E ends the turn"
    prompt = app.prompt()
    if prompt:
        return prompt.split("\n")[0]
    return "F1 or ? shows every control"


def briefing_lines(scenario: Scenario) -> list[tuple[str, list[str]]]:
    """The scenario's story, objective, instant defeat and special rules, as sections."""
    sc = scenario
    goal = [(f"Team {o.team}: " if o.team else "") + o.text for o in sc.objectives]
    out = [("Story", [sc.story.strip()]), ("Objective", goal)]
    lose = [c.text for c in sc.instant_defeat] + [f"At the skull: {sc.skull.text}"]
    out.append(("You lose", lose))
    rules = [r.text for r in sc.special_rules if r.text]
    if rules:
        out.append(("Special rules", rules))
    return out


def rule_lines(scenario: Scenario) -> list[str]:
    """The panel's short reminder: instant defeat and the special rules' texts."""
    out = [f"Lose at once: {c.text}" for c in scenario.instant_defeat]
    return out + [_first_sentence(r.text.removeprefix("New rule. "))
                  for r in scenario.special_rules if r.text]


def _first_sentence(text: str) -> str:
    head = text.split(". ", 1)[0]
    return head if head.endswith(".") else head + "."



def closed_doors(game: Game) -> dict[str, str]:
    """Buildings whose door no survivor may pass now, with the rules' reason."""
    survivors = [s for s in game.survivors.values() if s.alive]
    if not survivors:
        return {}
    who = game.survivors.get(game.active or "") or survivors[0]
    out = {}
    for name in game.board.buildings:
        why = game.rules.entry_refused(game, who, name)
        if why:
            out[name] = why
    return out


def help_tabs(scenario: Scenario) -> list[HelpTab]:
    """The help window's tabs: the controls, the legend and the rules that cost lives, this
    scenario's briefing."""
    sc = scenario
    return [HelpTab("Controls", CONTROLS),
            HelpTab("Legend and rules", LEGEND),
            HelpTab("Briefing", [(f"Scenario {sc.number}: {sc.name}", []),
                                 *briefing_lines(sc)])]
