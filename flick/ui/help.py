"""What the window tells a new player: the controls overlay (F1 or `?`), the one-line hint for
the step the game is at, the scenario's briefing (story, objective, special rules) shown at
the start and kept on the panel, and which doors may not be entered now.

`hint(app)`, `briefing_lines(scenario)` and `closed_doors(game)` are plain text and data;
`draw_help` / `draw_briefing` draw the overlays onto the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from flick.ui.render import wrap

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
        "F1 or ? this help   Esc closes it   F2 sound on / off",
        "Z takes back your last flick (house rule: flick play --mulligans N a player)",
        "Ctrl+Q quits (the replay is already saved after every input)",
        "Wheel over the panel scrolls the event log",
    )),
)

PIECE_WORDS = {
    "movement_disc": "movement disc", "bullet": "bullet", "shotgun_pellet": "shotgun pellet",
    "knife": "knife", "baseball_bat": "bat (by its knob)", "flare_token": "flare",
    "survivor": "figure",
}


def hint(app: Any) -> str:
    """One line: what to do now."""
    g = app.game
    if app.help_open:
        return "Esc, F1 or ? closes the help"
    if app.briefing_open:
        return "click or press any key to start"
    if app.pass_screen:
        return "the next player takes the mouse: click or press Space"
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


def _overlay(screen: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((10, 12, 16, 215))
    screen.blit(shade, rect.topleft)
    box = rect.inflate(-40, -40)
    pygame.draw.rect(screen, (255, 200, 60), box, 2, border_radius=10)
    return box


def draw_sections(screen: pygame.Surface, box: pygame.Rect, title: str,
                  sections: list[tuple[str, list[str]]] | tuple[Any, ...], font: Any,
                  head: Any, big: Any) -> int:
    """Title and sections of wrapped lines inside `box`; the y below the last line."""
    x, y = box.x + 18, box.y + 14
    screen.blit(big.render(title, True, (255, 200, 60)), (x, y))
    y += big.get_linesize() + 4
    for heading, lines in sections:
        if y > box.bottom - 20:
            break
        screen.blit(head.render(heading, True, (255, 200, 60)), (x, y))
        y += head.get_linesize()
        for line in lines:
            for part in wrap(line, font, box.width - 40):
                if y > box.bottom - 20:
                    break
                screen.blit(font.render(part, True, (226, 232, 238)), (x + 6, y))
                y += font.get_linesize()
        y += 6
    return y


def draw_help(app: Any, screen: pygame.Surface) -> None:
    """The controls overlay over the whole window."""
    box = _overlay(screen, screen.get_rect())
    p = app.panel
    draw_sections(screen, box, "How to play - F1 / ? / Esc closes", CONTROLS, p.font, p.head,
                  p.head)


def draw_briefing(app: Any, screen: pygame.Surface) -> None:
    """The scenario's story, objective and rules, before the first turn."""
    box = _overlay(screen, screen.get_rect())
    sc = app.game.scenario
    p = app.panel
    y = draw_sections(screen, box, f"Scenario {sc.number}: {sc.name}", briefing_lines(sc),
                      p.font, p.head, p.head)
    screen.blit(p.font.render("Click or press any key to start.  F1 or ? shows every control.",
                              True, (255, 200, 60)), (box.x + 24, min(y + 4, box.bottom - 22)))
