"""The pass screen: the window is handed to the next player; the table is hidden.

It names who takes the mouse and their survivors. In scenarios 9-10 (a secret objective for
each player, one survivor each), when the team's next player is to choose, the pass screen
asks them to click their own survivor: the choice is made there, so nobody else's secret
objective is shown on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from flick.game.inputs import ChooseSurvivor
from flick.ui import adapter, decisions
from flick.ui.commands import Apply
from flick.ui.modes.base import Mode
from flick.ui.modes.help import HelpMode
from flick.ui.modes.turn_over import TurnOver
from flick.ui.outcome import outcome_lines
from flick.ui.render import Camera
from flick.ui.widgets import ButtonSpec

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.ui.app import PlayApp

GROUP = "pass"


class PassScreen(Mode):
    """Covers the table until the next player says they are ready (Space or a click)."""

    name = "pass"
    covers_table = True

    def enter(self, app: PlayApp) -> None:
        app.widgets.show_buttons(GROUP, [])

    def exit(self, app: PlayApp) -> None:
        app.widgets.show_buttons(GROUP, [])

    def choosing(self, app: PlayApp) -> list[str]:
        """Scenarios 9-10: the survivors the player at the screen may be (their own one is
        chosen here); [] when the pass screen only waits."""
        key = pass_key(app)
        if key is None or key[0] != "player":
            return []
        g = app.game
        return [s.name for s in g.available(g.current_team)]

    def buttons(self, app: PlayApp) -> list[ButtonSpec]:
        names = self.choosing(app)
        w, h = app.screen.get_size()
        bw = 220
        x0 = w // 2 - (len(names) * (bw + 12) - 12) // 2
        g = app.game
        specs = [ButtonSpec(pygame.Rect(x0 + i * (bw + 12), h // 2 + 70, bw, 36),
                            f"I play {g.survivors[n].short}", Apply(ChooseSurvivor(n)),
                            g.choose_refused(n) is None, g.choose_refused(n) or "")
                 for i, n in enumerate(names)]
        if names:  # what else the player may do instead of choosing (S9-S10: pass the turn)
            specs += [ButtonSpec(pygame.Rect(w // 2 - 160, h // 2 + 120 + 44 * i, 320, 36),
                                 o.label, o.command, o.enabled, o.why)
                      for i, o in enumerate(app.options())]
        return specs

    def key(self, app: PlayApp, name: str) -> bool:
        if name in ("f1", "?"):
            app.modes.push(app, HelpMode())
        elif name in ("space", "return", "enter"):
            if self.choosing(app):
                app.refuse("click your own survivor's button (your team-mates look away)")
            else:
                app.dismiss_pass()
        return True

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        for spec in self.buttons(app):
            if spec.rect.collidepoint(pos):
                app.command(spec.command)
                return True
        if self.choosing(app):
            app.refuse("click your own survivor's button (your team-mates look away)")
        else:
            app.dismiss_pass()
        return True

    def hint(self, app: PlayApp) -> str | None:
        if self.choosing(app):
            return "the next player: click your own survivor's button"
        return "the next player takes the mouse: click or press Space"

    def lines(self, app: PlayApp) -> tuple[str, list[str]]:
        """The heading and the lines under it."""
        g = app.game
        head, line = pass_label(app)
        team = g.current_team
        names = self.choosing(app)
        if names:
            mine = ", ".join(g.survivors[n].short for n in names)
            return (head, [f"Team {team}: which survivor is yours? ({mine})",
                           "Your team-mates look away while you choose: your secret "
                           "objective shows on the table after it."])
        key = pass_key(app)
        if key is not None and key[0] == "survivor":
            s = g.survivors[key[1]]
            return (head, [f"{s.name} (team {s.team}) is yours.", line])
        survivors = [s.short for s in g.survivors.values() if s.team == team and s.alive]
        return (head, [f"Team {team}'s survivors: {', '.join(survivors)}.", line])

    def draw(self, app: PlayApp, screen: pygame.Surface) -> None:
        g = app.game
        screen.fill((16, 18, 24))
        colour = adapter.team_colour(g, g.current_team)
        font = app.view.fonts(Camera(12.0, (0, 0))).title
        w, h = screen.get_size()
        head, lines = self.lines(app)
        app.view.text.blit(screen, font, head, (w / 2, h / 2 - 40), colour)
        for i, line in enumerate(lines):
            app.view.text.blit(screen, app.panel.font, line, (w / 2, h / 2 + 8 + 24 * i),
                               (226, 232, 238))
        specs: list[Any] = self.buttons(app)
        app.widgets.show_buttons(GROUP, specs)


def pass_key(app: PlayApp) -> Any:
    """Who must be at the screen now (see `flick.ui.decisions`), or None when the window
    need not pass: scenarios 9-10, every change of the deciding player; other competitive
    games, every change of team (at the choice of a survivor, or a steal offered to
    another team's survivor)."""
    g = app.game
    if not adapter.competitive(g) or g.over:
        return None
    who = decisions.decider(g)
    if decisions.secret(g):
        who = who or (g.active if g.phase == "act" else None)
        if who is not None:
            return ("survivor", who)
        if g.phase == "choose":
            return ("player", g.current_team, app.player_of(g.current_team))
        return None
    if who is not None and g.phase == "decide":
        return ("team", g.survivors[who].team)
    if g.phase == "choose":
        return ("team", g.current_team)
    return None


def pass_label(app: PlayApp) -> tuple[str, str]:
    """The pass screen's heading and line."""
    g = app.game
    who = decisions.decider(g)
    if who is not None:
        s = g.survivors[who]
        return (f"Pass to {s.short}'s player (team {s.team})",
                "the others look away. Click or press Space when ready.")
    return (f"Pass to team {g.current_team}",
            f"player {app.player_of(g.current_team)} - the others look away. "
            "Click or press Space when ready.")


def chose(app: PlayApp, team: str) -> None:
    """A survivor was chosen: in scenarios 9-10 by the player at the screen (on the pass
    screen: it is theirs now), who sees the table as that survivor's player."""
    if app.modes.find(PassScreen) is not None or (
            app.seen_key is not None and app.seen_key[0] == "player"):
        app.seen_key, app.seen_team = ("survivor", app.game.active), team
        app.modes.pop(app, app.modes.find(TurnOver))
        app.modes.pop(app, app.modes.find(PassScreen))
        app.brief()


def check(app: PlayApp) -> None:
    """Pass the table when someone else must be at the screen: the pass screen, and over
    it the banner of the turn just played (its player sees the outcome first)."""
    key = pass_key(app)
    if key is None or key == app.seen_key or app.modes.find(PassScreen) is not None \
            or app.spectator:
        return
    app.modes.pop(app, app.modes.find(HelpMode))
    app.modes.push(app, PassScreen())
    lines = turn_outcome(app.game)
    if lines and app.seen_key is not None and app.game.active is None:
        app.modes.push(app, TurnOver(lines))  # a turn ended: its player sees how
    app.version += 1


def turn_outcome(game: Game) -> list[str]:
    """The last turn's outcome in words: what its player should see before passing."""
    g = game
    start = max((i for i, e in enumerate(g.events) if e.type == "turn"), default=0)
    return outcome_lines(g.events[start:])
