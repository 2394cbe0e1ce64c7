"""The window's widgets from pygame-gui: the scrolling event log, refusal toasts beside the
pointer, button tooltips and the help window (tabs: controls, legend and rules, briefing).

pygame-gui lays text out with its own HTML-like text boxes (wrapped at words, scrolled with a
scroll bar and the wheel), so nothing here measures or cuts text by hand. Its look is the
theme `assets/ui/theme.json`. The widgets know nothing of the game: the app hands them text.
"""

from __future__ import annotations

import html
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITabContainer, UITextBox, UIWindow

from flick import paths

TOAST_S = 3.0  # a refusal stays this long beside the pointer
TOAST_W = 300  # px: the toast's width (its height follows its text)
LOG_LINE_PX = 19  # px: one line of the log box's 13-point font
# The fonts the theme uses, loaded once up front (pygame-gui warns about fonts it meets late).
FONTS: list[dict[str, str | int | float]] = [
    {"name": "noto_sans", "point_size": size, "style": style}
         for size in (12, 13, 14, 16, 18) for style in ("regular", "bold")]


def escape(text: str) -> str:
    """Plain text as pygame-gui's HTML-like markup."""
    return html.escape(text, quote=False)


@dataclass(frozen=True)
class ButtonSpec:
    """A button to show: where (screen px), its label, what it sends when pressed (any
    value: the app's command), whether it can be pressed, its tooltip, and whether it is
    the one in use (drawn selected)."""

    rect: pygame.Rect
    label: str
    command: Any
    enabled: bool = True
    tooltip: str = ""
    selected: bool = False

    def key(self) -> tuple[Any, ...]:
        return (tuple(self.rect), self.label, repr(self.command), self.enabled, self.tooltip,
                self.selected)


@dataclass(frozen=True)
class HelpTab:
    """One tab of the help window: a title and its sections (heading, lines)."""

    title: str
    sections: Sequence[tuple[str, Sequence[str]]]

    def markup(self) -> str:
        parts = []
        for head, lines in self.sections:
            parts.append(f"<font color='#FFC83C' size=4.5><b>{escape(head)}</b></font>")
            parts += [escape(line) for line in lines]
            parts.append("")
        return "<br>".join(parts)


class Widgets:
    """The pygame-gui manager of one window and the widgets it shows."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.manager = pygame_gui.UIManager(size, str(paths.assets() / "ui" / "theme.json"),
                                           enable_live_theme_updates=False)
        with warnings.catch_warnings():  # the theme's own fonts are loaded already
            warnings.simplefilter("ignore", UserWarning)
            self.manager.preload_fonts(FONTS)
        self.log_box: UITextBox | None = None
        self._log_lines: list[str] = []
        self._log_rect: pygame.Rect | None = None
        self.toast_box: UITextBox | None = None
        self.toast_text = ""
        self._toast_left = 0.0
        self.help_window: UIWindow | None = None
        self.help_tabs: UITabContainer | None = None
        self.help_titles: list[str] = []
        self._buttons: dict[str, list[tuple[UIButton, ButtonSpec]]] = {}
        self._button_keys: dict[str, list[tuple[Any, ...]]] = {}
        self.pressed: list[Any] = []  # commands of buttons pressed, for the app to carry out
        self._gone: list[pygame.Rect] = []  # where widgets were removed: drawn over next frame

    # ---- the window ---------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.manager.set_window_resolution(size)
        self.close_help()

    def process(self, event: pygame.event.Event) -> bool:
        """Give pygame-gui the event; True when a widget used it (the table must not). The
        wheel is the app's to route (`scroll_log` over the log, a zoom over the table): it
        knows where the pointer is even when no motion event said so."""
        if event.type == pygame.MOUSEWHEEL:
            return False
        used = bool(self.manager.process_events(event))
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.help_window:
            self.help_window = self.help_tabs = None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for group in self._buttons.values():
                for button, spec in group:
                    if button is event.ui_element and spec.enabled:
                        self.pressed.append(spec.command)
                        used = True
        return used

    # ---- buttons --------------------------------------------------------------------------
    def show_buttons(self, group: str, specs: list[ButtonSpec]) -> None:
        """Show the buttons of `group` (the panel's, the pass screen's...) as `specs` say;
        a button whose spec is unchanged keeps its widget (a new one costs a few ms)."""
        keys = [spec.key() for spec in specs]
        old = self._buttons.get(group, [])
        old_keys = self._button_keys.get(group, [])
        if old_keys == keys:
            return
        kept: dict[tuple[Any, ...], list[tuple[UIButton, ButtonSpec]]] = {}
        for (button, spec), key in zip(old, old_keys, strict=True):
            kept.setdefault(key, []).append((button, spec))
        made = []
        for spec, key in zip(specs, keys, strict=True):
            if kept.get(key):
                made.append(kept[key].pop(0))
                continue
            button = UIButton(spec.rect, spec.label, self.manager,
                              tool_tip_text=escape(spec.tooltip) if spec.tooltip else None,
                              object_id="#selected" if spec.selected else None)
            if not spec.enabled:
                button.disable()
            made.append((button, spec))
        for rest in kept.values():
            for button, _ in rest:
                self._gone.append(button.rect.copy())
                button.kill()
        self._buttons[group] = made
        self._button_keys[group] = keys

    def button_specs(self, group: str) -> list[ButtonSpec]:
        return [spec for _, spec in self._buttons.get(group, [])]

    def take_pressed(self) -> list[Any]:
        out, self.pressed = self.pressed, []
        return out

    def update(self, dt: float) -> None:
        if self.toast_box is not None:
            self._toast_left -= dt
            if self._toast_left <= 0:
                self._gone.append(self.toast_box.rect.copy())
                self.toast_box.kill()
                self.toast_box, self.toast_text = None, ""
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw the widgets; the rectangles they cover."""
        self.manager.update(0.0)  # widgets made since the last update get their images
        self.manager.draw_ui(surface)
        boxes = [w.rect for w in (self.log_box, self.toast_box, self.help_window)
                 if w is not None and w.visible]
        boxes += [b.rect for group in self._buttons.values() for b, _ in group]
        gone, self._gone = self._gone, []
        return [pygame.Rect(r) for r in boxes] + gone

    def busy(self) -> bool:
        """Something of the widgets changes by itself (a toast counting down)."""
        return self.toast_box is not None

    # ---- the event log --------------------------------------------------------------------
    def show_log(self, lines: list[str], rect: pygame.Rect | None) -> None:
        """The event log in `rect` (screen px), newest at the bottom and scrolled to it, unless
        the player scrolled back to read; None hides it."""
        if rect is None or rect.height < 40:
            if self.log_box is not None and self.log_box.visible:
                self.log_box.hide()
            return
        if self.log_box is not None and not self.log_box.visible:
            self.log_box.show()
        if self.log_box is None or self._log_rect != rect:
            if self.log_box is not None:
                self.log_box.kill()
            self.log_box = UITextBox(self._log_markup(lines), rect, self.manager,
                                     object_id="#event_log")
            self._log_lines, self._log_rect = list(lines), rect.copy()
            self._to_bottom()
            return
        if lines == self._log_lines:
            return
        old = self._log_lines
        at_bottom = self.log_scrolled_to_end()
        bar = self.log_box.scroll_bar
        layout = self.log_box.text_box_layout
        read_at = (bar.start_percentage * layout.layout_rect.height
                   if bar is not None and layout is not None else 0.0)
        if len(lines) > len(old) and lines[: len(old)] == old:
            self.log_box.append_html_text("<br>" * bool(old)
                                          + "<br>".join(escape(x) for x in lines[len(old):]))
        else:
            self.log_box.set_text(self._log_markup(lines))
        self._log_lines = list(lines)
        if at_bottom:
            self._to_bottom()
        else:  # the player scrolled back to read: the same line stays at the top
            box = self.log_box
            box.update(0.0)
            if box.scroll_bar is not None and box.text_box_layout is not None:
                height = max(1.0, box.text_box_layout.layout_rect.height)
                box.scroll_bar.set_scroll_from_start_percentage(read_at / height)
                box.update(0.0)

    def log_text(self) -> list[str]:
        """The log's lines as the box holds them."""
        return list(self._log_lines)

    def over_log(self, pos: tuple[int, int]) -> bool:
        return self.log_box is not None and self.log_box.visible and bool(
            self.log_box.rect.collidepoint(pos))

    def scroll_log(self, notches: int) -> None:
        """Scroll the log by wheel notches (up is positive: older lines), 3 lines a notch."""
        box = self.log_box
        if box is None or box.scroll_bar is None or box.text_box_layout is None:
            return
        bar = box.scroll_bar
        step = 3 * LOG_LINE_PX / max(1.0, box.text_box_layout.layout_rect.height)
        bar.set_scroll_from_start_percentage(
            min(max(0.0, bar.start_percentage - notches * step), 1.0 - bar.visible_percentage))
        box.update(0.0)

    def log_scrolled_to_end(self) -> bool:
        box = self.log_box
        if box is None or box.scroll_bar is None:
            return True
        bar = box.scroll_bar
        return bool(bar.start_percentage + bar.visible_percentage >= 0.999)

    def _to_bottom(self) -> None:
        box = self.log_box
        if box is not None:
            box.rebuild()
            if box.scroll_bar is not None:
                box.scroll_bar.set_scroll_from_start_percentage(1.0)
                box.update(0.0)

    @staticmethod
    def _log_markup(lines: list[str]) -> str:
        return "<br>".join(escape(x) for x in lines)

    # ---- refusals -------------------------------------------------------------------------
    def note(self, text: str, at: tuple[int, int]) -> None:
        """Tell an action's outcome in a box beside where it happened (`at`)."""
        self.toast(text, at, "#note")

    def toast(self, text: str, at: tuple[int, int], style: str = "#toast") -> None:
        """Say `text` in a box beside the pointer at `at` (kept inside the window)."""
        if self.toast_box is not None:
            self._gone.append(self.toast_box.rect.copy())
            self.toast_box.kill()
        w, h = self.manager.window_resolution
        rect = pygame.Rect(0, 0, TOAST_W, -1)
        rect.topleft = (min(at[0] + 18, w - TOAST_W - 4), min(at[1] + 18, h - 80))
        self.toast_box = UITextBox(escape(text), rect, self.manager, object_id=style)
        if self.toast_box.rect.bottom > h:  # the height follows the text: keep it on screen
            self.toast_box.set_position((rect.x, max(0, at[1] - 18 - self.toast_box.rect.h)))
        self.toast_text = text
        self._toast_left = TOAST_S

    # ---- the help window -------------------------------------------------------------------
    def open_help(self, tabs: Sequence[HelpTab], tab: int = 0) -> None:
        """The help window, over the table, on tab `tab`."""
        self.close_help()
        w, h = self.manager.window_resolution
        rect = pygame.Rect(0, 0, min(760, w - 40), min(620, h - 40))
        rect.center = (w // 2, h // 2)
        self.help_window = UIWindow(rect, self.manager, window_display_title="flick: help",
                                    object_id="#help_window", resizable=False)
        inner = self.help_window.get_container().get_rect()
        self.help_tabs = UITabContainer(pygame.Rect(0, 0, inner.width, inner.height),
                                        self.manager, container=self.help_window)
        self.help_titles = [t.title for t in tabs]
        for i, t in enumerate(tabs):
            self.help_tabs.add_tab(t.title, f"#help_tab_{i}")
            box = self.help_tabs.get_tab_container(i)
            assert box is not None
            size = box.get_container().get_rect().size
            UITextBox(t.markup(), pygame.Rect((0, 0), size), self.manager, container=box,
                      object_id="#help_text")
        self.help_tabs.switch_current_container(tab)
        for i, entry in enumerate(self.help_tabs.tabs):  # its title shown as the one chosen
            if i == tab:
                entry["button"].select()
            else:
                entry["button"].unselect()

    def help_tab(self) -> str | None:
        """The title of the help tab shown, or None when the window is closed."""
        if self.help_window is None or self.help_tabs is None:
            return None
        shown = self.help_tabs.current_container_index
        return None if shown is None else self.help_titles[shown]

    def close_help(self) -> None:
        if self.help_window is not None:
            self._gone.append(self.help_window.rect.copy())
            self.help_window.kill()
        self.help_window = self.help_tabs = None
