"""The side panel: round and day/night, the zombies, whose turn, the action buttons, the
gesture settings, every survivor's board, the objective, the zombies' reaction explained
and the event log.

`Panel.draw` renders into a cached surface and only redraws when what it shows changed (the
app bumps `version`), so the 60 fps loop pays for the panel only when something happened.
It returns the clickable buttons, each with the command it sends to the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from flick.game.actions.legal import legal_actions
from flick.game.inputs import ChooseSurvivor
from flick.ui import adapter, decisions, help
from flick.ui.choices import Option
from flick.ui.commands import Apply, Command, SelectAction
from flick.ui.render import Colour, wrap
from flick.ui.table_view import DAY_COLOUR, LIFE_COLOUR, NIGHT_COLOUR, TextCache
from flick.ui.widgets import LOG_LINE_PX, ButtonSpec

MIN_LOG_LINES = 4  # the event log keeps this many lines; the scenario's rules shrink first

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.ui.view_model import PanelModel

BG: Colour = (30, 34, 42)
FG: Colour = (226, 232, 238)
DIM: Colour = (130, 138, 150)
ACCENT: Colour = (255, 200, 60)
BAD: Colour = (255, 110, 100)


@dataclass(frozen=True)
class Button:
    """A clickable rectangle (screen px) and the command it sends (a survivor's board row in
    the choose phase; the panel's buttons are pygame-gui widgets, `ButtonSpec`)."""

    rect: pygame.Rect
    command: Command


# What each action makes heard (rulebook, "Zombies' reaction": LOUD any gun fired; QUIET a
# move or a non-gun weapon); the short kill is as loud as the weapon named, the flare as its
# face up.
NOISE = {"move": "quiet", "gun": "LOUD", "two_guns": "LOUD", "shotgun": "LOUD",
         "sniper": "LOUD", "knife": "quiet", "bat": "quiet", "figure_move": "quiet",
         "flare": "LOUD/quiet"}


class Panel:
    """The side panel of `flick play`."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        if not pygame.font.get_init():
            pygame.font.init()
        self.small = pygame.font.Font(None, 17)
        self.font = pygame.font.Font(None, 20)
        self.head = pygame.font.Font(None, 26)
        self.text = TextCache()
        self._surface: pygame.Surface | None = None
        self._version = -1
        self._buttons: list[ButtonSpec] = []
        self.board_clicks: list[Button] = []  # the survivors' boards, to choose one
        self.changed = True  # re-rendered by the last draw (its pixels must reach the screen)
        self.log_rect: pygame.Rect | None = None  # where the event log goes (screen px)

    def draw(self, surface: pygame.Surface, app: PanelModel) -> list[ButtonSpec]:
        """Blit the panel (re-rendered if `app.version` changed); its buttons (pygame-gui
        widgets the app shows: `flick.ui.widgets`).

        No spoilers: while a shot or a rush plays, the panel stays as it was before it (whose
        turn, lives, tokens, the log) and offers no buttons; it changes when the animation
        has shown what happened."""
        stale = self._surface is None or self._version != app.version
        self.changed = stale and (self._surface is None or not app.busy)
        if self.changed:
            self._surface = pygame.Surface(self.rect.size)
            self._buttons = self._render(self._surface, app)
            self._version = app.version
        assert self._surface is not None
        surface.blit(self._surface, self.rect)
        return self._buttons  # as they were while a shot plays (pressing waits: the app)

    # ---- rendering ----------------------------------------------------------------------
    def _render(self, s: pygame.Surface, app: PanelModel) -> list[ButtonSpec]:
        game: Game = app.game
        s.fill(BG)
        w = self.rect.width
        specs: list[ButtonSpec] = []
        self.board_clicks = []
        x, y = 12, 8
        sc = game.scenario
        y = self._line(s, f"S{sc.number}  {sc.name}", x, y, self.head, ACCENT) + 2
        # round marker and day / night
        colour = DAY_COLOUR if game.round_colour == "day" else NIGHT_COLOUR
        badge = pygame.Rect(x, y, 62, 20)
        pygame.draw.rect(s, colour, badge, border_radius=4)
        pygame.draw.rect(s, FG, badge, 1, border_radius=4)
        self.text.blit(s, self.font, game.round_colour.upper(), badge.center, FG)
        z = game.zombie_counts()
        self.text.blit(s, self.font, f"Round marker {game.round_marker} (skull at 0)",
                       (x + 70, y + 10), FG, "midleft")
        y += 24
        y = self._line(s, f"Zombies: {z['city']} in the city, {z['bin']} in the bin"
                       + (f", {z['box']} in the box" if z["box"] else ""), x, y, self.font, FG)
        y = self._turn(s, app, x, y)
        # action buttons or the current choice
        options: Sequence[Option] = app.options
        prompt = app.prompt if not app.busy else ""
        if prompt:
            for part in prompt.split("\n"):
                for line in wrap(part, self.font, w - 2 * x):
                    y = self._line(s, line, x, y, self.font, ACCENT)
        if options:
            # two buttons a row, or one a row when a label would not fit half the width
            per_row = 2 if all(self.small.size(o.label)[0] < (w - 30) // 2 - 16
                               for o in options) else 1
            bw = (w - 30) // 2 if per_row == 2 else w - 24
            for i, opt in enumerate(options):
                r = pygame.Rect(x + (i % per_row) * (bw + 6), y, bw, 24)
                specs.append(ButtonSpec(r.move(self.rect.topleft), opt.label, opt.command,
                                        opt.enabled, opt.why))
                if i % per_row == per_row - 1 or i == len(options) - 1:
                    y += 28
        items = adapter.action_items(game) if game.phase == "act" and not app.busy else []
        if items:
            y = self._line(s, "Actions [key] and their noise (hover: why not):", x, y,
                           self.small, DIM)
            bw = (w - 36) // 3
            for i, it in enumerate(items):
                r = pygame.Rect(x + (i % 3) * (bw + 6), y, bw, 22)
                noise = NOISE.get(it.id, "")
                label = f"{it.label} [{it.key.upper()}]" + (f" {noise}" if noise else "")
                # a refused one is greyed, its reason the tooltip; a press says it too
                tip = (it.why if not it.enabled else
                       "as loud as the weapon named: LOUD with a gun, quiet otherwise"
                       if it.id == "short_kill" else "")
                specs.append(ButtonSpec(r.move(self.rect.topleft), label, SelectAction(it.id),
                                        it.enabled, tip, it.id == app.action))
                if i % 3 == 2 or i == len(items) - 1:
                    y += 25
        # settings
        settings = app.settings
        bw = (w - 36) // 3
        for i, (label, cmd) in enumerate(settings):
            r = pygame.Rect(x + (i % 3) * (bw + 6), y + (i // 3) * 23, bw, 20)
            specs.append(ButtonSpec(r.move(self.rect.topleft), label, cmd))
        y += 50
        y = self._boards(s, app, x, y, specs) + 4
        objective = [o.text for o in game.scenario.objectives if app.sees.get(o.team, True)]
        objective += decisions.objective_lines(game, app.viewer)
        y = self._section(s, "Objective", objective, x, y, w)
        rules = help.rule_lines(game.scenario)
        reaction = (["(the shot is still moving)"] if app.busy
                    else adapter.reaction_lines(game))
        status = wrap(app.status, self.small, w - 2 * x)[:3] if app.status else []
        bottom = self.rect.height - 8 - 15 * max(1, len(status))
        if rules:  # in full, or a line each when the event log would get no room
            after = 22 + 15 * sum(len(wrap(r, self.small, w - 2 * x)) for r in reaction)
            room = bottom - y - after - 26 - LOG_LINE_PX * MIN_LOG_LINES
            y = self._section(s, "Scenario rules", self._within(rules, room, w - 2 * x), x, y,
                              w)
        y = self._section(s, "Zombies' reaction", reaction, x, y, w)
        # the event log: a pygame-gui text box (`flick.ui.widgets`) fills the rest of the
        # panel; it wraps at words and scrolls with its bar or the wheel
        self._line(s, "Events (newest last; the wheel scrolls)", x, y, self.font, ACCENT)
        y += 18
        self.log_rect = pygame.Rect(self.rect.x + x - 4, self.rect.y + y,
                                    w - 2 * x + 8, max(0, bottom - y - 2))
        for i, line in enumerate(status):
            self.text.blit(s, self.small, line, (x, bottom + 3 + 15 * i),
                           BAD if app.status_bad else FG, "topleft")
        return specs

    def _turn(self, s: pygame.Surface, app: PanelModel, x: int, y: int) -> int:
        game: Game = app.game
        if game.over:
            winner = game.winner or "nobody: the survivors lose"
            reason = str(game.end_reason or "").replace("_", " ")
            for part in wrap(f"Game over - winner: {winner} ({reason})", self.font,
                             self.rect.width - 2 * x):
                y = self._line(s, part, x, y, self.font, ACCENT)
            return y
        team = game.current_team
        colour = adapter.team_colour(game, team)
        if game.active is not None:
            a = game.active_survivor
            where = f" in the {a.building.replace('_', ' ')}" if a.building else ""
            most = legal_actions(game).per_turn
            # a fight or a kept token belongs to the action that led to it
            n = min(most, game.actions_done + (game.phase in ("act", "fight", "keep")))
            text = (f"{a.name}{where}: action {n} of {most}, "
                    f"noise {game.noise.name}")
            tokens = decisions.power_tokens(game, a.name)
            if any(tokens.values()):
                text += " | " + ", ".join(f"{k.replace('_', ' ')} x{v}"
                                          for k, v in tokens.items() if v)
        else:
            text = "Choose a survivor: click it (or its board)"
        head = "Team " + team if adapter.competitive(game) else "Survivors"
        if decisions.secret(game):  # one survivor a player: the player is named by it
            who = game.survivors[game.active].short if game.active else "the next player"
            player = f"{who}'s player" if game.active else who
        else:
            player = app.player
        y = self._line(s, f"{head} - {player}", x, y, self.font, colour)
        return self._line(s, text, x, y, self.font, FG) + 4

    def _boards(self, s: pygame.Surface, app: PanelModel, x: int, y: int,
                specs: list[ButtonSpec]) -> int:
        """One line per survivor: team, backpack, name, life, weapon, tokens; in the choose
        phase a board is a button choosing that survivor."""
        game: Game = app.game
        for sv in game.survivors.values():
            colour = adapter.team_colour(game, sv.team)
            alpha = FG if sv.alive else DIM
            pygame.draw.rect(s, colour, (x, y + 2, 6, 14))
            bp = DAY_COLOUR if sv.backpack == "day" else NIGHT_COLOUR
            pygame.draw.rect(s, bp, (x + 10, y + 3, 12, 12), border_radius=2)
            pygame.draw.rect(s, FG if sv.backpack == game.round_colour and sv.alive else DIM,
                             (x + 10, y + 3, 12, 12), 1, border_radius=2)
            name = sv.short + ("" if sv.alive else " (dead)") + ("" if sv.playable else " *")
            self.text.blit(s, self.font, name, (x + 28, y + 1), alpha, "topleft")
            for i in range(sv.life):
                pygame.draw.circle(s, LIFE_COLOUR, (x + 110 + i * 10, y + 9), 4)
            if decisions.secret(game):
                # S9-S10: every player alone sees their own board's face-down tokens
                mine = game.over or sv.name == app.viewer
                inv = ", ".join(adapter.token_label(t.kind, True) if mine or t.face_up
                                else "?" for t in sv.inventory)
            elif app.sees.get(sv.team, True):
                inv = ", ".join(adapter.token_label(t.kind, True) for t in sv.inventory)
            else:
                inv = ", ".join("?" for _ in sv.inventory)
            where = f" @{sv.building.replace('_', ' ')}" if sv.building else ""
            text = f"{sv.default_weapon} | {inv or '-'}{where}"
            self.text.blit(s, self.small, text[:44], (x + 160, y + 3), alpha, "topleft")
            r = pygame.Rect(x, y, self.rect.width - 2 * x, 17)
            if sv.alive and game.phase == "choose" and sv.team == game.current_team \
                    and not decisions.secret(game):  # S9-S10: chosen on the pass screen
                self.board_clicks.append(Button(r.move(self.rect.topleft),
                                                Apply(ChooseSurvivor(sv.name))))
            y += 18
        return y

    def _within(self, lines: list[str], room: int, width: int) -> list[str]:
        """`lines` as a section (title, wrapped lines) at most `room` px tall if they can be:
        in full, else the first line of each (cut at a word, marked), else as many as fit."""
        if 22 + 15 * sum(len(wrap(t, self.small, width)) for t in lines) <= room:
            return lines
        short = [self._cut(t, width) for t in lines]
        keep = max(1, (room - 22) // 15)
        if len(short) > keep and not short[keep - 1].endswith("..."):  # more rules left out
            short[keep - 1] = self._cut(short[keep - 1] + " ...", width)
        return short[:keep]

    def _cut(self, text: str, width: int) -> str:
        """`text` on one line of `width` px: cut at a word and marked when it is longer."""
        if self.small.size(text)[0] <= width:
            return text
        words = text.split(" ")
        while len(words) > 1 and self.small.size(" ".join(words) + "...")[0] > width:
            words.pop()
        return " ".join(words) + "..."

    def _section(self, s: pygame.Surface, title: str, lines: list[str], x: int, y: int,
                 w: int) -> int:
        y = self._line(s, title, x, y, self.font, ACCENT)
        for line in lines:
            for part in wrap(line, self.small, w - 2 * x):
                self.text.blit(s, self.small, part, (x, y), FG, "topleft")
                y += 15
        return y + 4

    def _line(self, s: pygame.Surface, text: str, x: int, y: int, font: pygame.font.Font,
              colour: Colour) -> int:
        self.text.blit(s, font, text, (x, y), colour, "topleft")
        return y + font.get_linesize()
