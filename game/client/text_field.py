"""A one-line text field: typing, a caret, selection, and the clipboard keys people expect.

A focused field owns the keyboard: `type` takes every key except Enter, Esc and Tab (the
scene's: done, leave the field, next widget), so Backspace, Space, letters and Ctrl+S
never reach a board or a shortcut behind it while a name is being typed. Scenes route
key and text events here first while the field has the focus (MenuScene uses Backspace
for "back"). Typed and pasted text goes through safeio.clean_text: no control characters
or lone surrogates, never longer than `limit`.

Keys: Left/Right (Shift selects), Home/End, Backspace/Delete (Ctrl: a whole word),
Ctrl+A selects all, Ctrl+C/X/V copy, cut and paste where a clipboard exists.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.widgets import Widget, focus_ring, panel
from game.safeio import clean_text

RELEASE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB)
COMMAND = pygame.KMOD_CTRL | pygame.KMOD_META


def clipboard_text() -> str:
    """The clipboard's text, or "" where there is no clipboard (headless, no display)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def put_clipboard(value: str) -> bool:
    try:
        pygame.scrap.put_text(value)
        return True
    except (pygame.error, AttributeError):
        return False


BLINK_MS = 530  # the caret shows this long, then hides as long


class TextField(Widget):
    """Text typed while focused; Enter runs `submit`; `on_change` hears every edit."""

    first = True  # a scene with a field starts with the keyboard in it

    def __init__(self, label: str, rect: pygame.Rect, submit: Callable[[], None] = lambda: None,
                 value: str = "", limit: int = 200, placeholder: str = "",
                 on_change: Callable[[str], None] | None = None) -> None:
        super().__init__(rect)
        self.label, self.limit, self.placeholder = label, limit, placeholder
        self.submit = submit
        self.on_change = on_change
        self._value = clean_text(value, limit)
        self.caret = len(self._value)
        self.anchor: int | None = None  # the other end of the selection, when there is one

    # --- the text ------------------------------------------------------------------------
    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, new: str) -> None:
        """Set from code (not an edit): cleaned, caret at the end, no selection."""
        self._value = clean_text(new, self.limit)
        self.caret, self.anchor = len(self._value), None

    def selection(self) -> tuple[int, int]:
        """The selected span (start, end); empty when start == end."""
        if self.anchor is None:
            return self.caret, self.caret
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected_text(self) -> str:
        start, end = self.selection()
        return self._value[start:end]

    def insert(self, typed: str) -> None:
        """Replace the selection with `typed` (cleaned; what does not fit the limit is dropped)."""
        typed = clean_text(typed.replace("\r\n", " ").replace("\n", " ").replace("\t", " "), self.limit)
        start, end = self.selection()
        room = self.limit - (len(self._value) - (end - start))
        typed = typed[:max(0, room)]
        self._edit(self._value[:start] + typed + self._value[end:], start + len(typed))

    def _edit(self, new: str, caret: int) -> None:
        changed = new != self._value
        self._value, self.caret, self.anchor = new, caret, None
        if changed and self.on_change:
            self.on_change(new)

    def _delete(self, step: int, word: bool) -> None:
        start, end = self.selection()
        if start == end:
            other = self._word_edge(self.caret, step) if word else max(0, min(len(self._value), self.caret + step))
            start, end = min(other, self.caret), max(other, self.caret)
        self._edit(self._value[:start] + self._value[end:], start)

    def _word_edge(self, at: int, step: int) -> int:
        """Where a Ctrl+arrow or Ctrl+Backspace stops: the far side of the next word."""
        value, i = self._value, at
        if step < 0:
            while i > 0 and value[i - 1] == " ":
                i -= 1
            while i > 0 and value[i - 1] != " ":
                i -= 1
        else:
            while i < len(value) and value[i] == " ":
                i += 1
            while i < len(value) and value[i] != " ":
                i += 1
        return i

    def _move(self, to: int, select: bool) -> None:
        if select and self.anchor is None:
            self.anchor = self.caret
        elif not select:
            self.anchor = None
        self.caret = max(0, min(len(self._value), to))

    # --- events --------------------------------------------------------------------------------
    def activate(self) -> None:
        self.submit()

    def click(self, pos: tuple[float, float]) -> None:
        """A click puts the caret where it lands (it never submits: Enter does)."""
        size = self._size()
        x = pos[0] - (self.rect.x + 12)
        best, best_distance = len(self._value), float("inf")
        for index in range(len(self._value) + 1):
            distance = abs(text.width(self._value[:index], size) - x)
            if distance < best_distance:
                best, best_distance = index, distance
        self.caret, self.anchor = best, None

    def owns(self, event: pygame.event.Event) -> bool:
        """True for every key and text event the field keeps while focused (all but Enter, Esc, Tab)."""
        if event.type == pygame.TEXTINPUT:
            return True
        return event.type == pygame.KEYDOWN and event.key not in RELEASE_KEYS

    def type(self, event: pygame.event.Event) -> bool:
        """Take a key or text event; True when the field kept it (every key but Enter, Esc and Tab)."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if not self.owns(event):
            return False
        key, mod = event.key, event.mod
        command, shift = bool(mod & COMMAND), bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_BACKSPACE:
            self._delete(-1, command)
        elif key == pygame.K_DELETE:
            self._delete(1, command)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            start, end = self.selection()
            if command:
                self._move(self._word_edge(self.caret, step), shift)
            elif start != end and not shift:
                self._move(start if step < 0 else end, False)
            else:
                self._move(self.caret + step, shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            self._move(0, shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            self._move(len(self._value), shift)
        elif command and key == pygame.K_a:
            self.anchor, self.caret = 0, len(self._value)
        elif command and key in (pygame.K_c, pygame.K_x):
            put_clipboard(self.selected_text() or self._value)
            if key == pygame.K_x:
                if self.selected_text():
                    self._delete(-1, False)
                else:
                    self._edit("", 0)
        elif command and key == pygame.K_v:
            self.insert(clipboard_text().strip())
        return True  # every other key (letters, Space, Ctrl+S...) is the field's while it is focused

    # --- drawing --------------------------------------------------------------------------------
    def _size(self) -> int:
        return text.fit(self._value + "|", self.rect.width - 24, "body")

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        text.blit(surface, self.label, (self.rect.x + 4, self.rect.y - 14), "small",
                  pal.GOLD if focused else pal.TEXT_DIM, anchor="midleft")
        panel(surface, self.rect, pal.SUNKEN if focused else (pal.PANEL_LIGHT if hovered else pal.PANEL), radius=8,
              border=pal.FOCUS if focused else pal.PANEL_EDGE)
        left, middle = self.rect.x + 12, self.rect.centery
        if not self._value:
            if self.placeholder:
                text.blit(surface, self.placeholder, (left, middle), text.fit(self.placeholder, self.rect.width - 24,
                                                                               "body"), pal.TEXT_DIM, anchor="midleft")
            if focused:
                self._draw_caret(surface, left, "body")
                focus_ring(surface, self.rect, 8)
            return
        size = self._size()
        start, end = self.selection()
        if focused and start != end:
            x0, x1 = left + text.width(self._value[:start], size), left + text.width(self._value[:end], size)
            height = text.font(size).get_height() * 0.9
            pygame.draw.rect(surface, pal.BLUE, pygame.Rect(x0, middle - height / 2, x1 - x0, height))
        text.blit(surface, self._value, (left, middle), size, pal.TEXT, anchor="midleft")
        if focused:
            self._draw_caret(surface, left + text.width(self._value[:self.caret], size), size)
            focus_ring(surface, self.rect, 8)

    def phase(self) -> int:
        """The caret's blink: the one thing about a field that changes with time alone."""
        return (pygame.time.get_ticks() // BLINK_MS) % 2

    def _draw_caret(self, surface: pygame.Surface, x: float, size: str | int) -> None:
        if self.phase():
            return
        half = text.pixels(size) * 0.42
        y = self.rect.centery
        pygame.draw.line(surface, pal.FOCUS, (x + 1, y - half), (x + 1, y + half), 2)
