"""A level's share code, shown large over the scene below and copied where a clipboard exists.

The code is always on screen as well, in groups of five a person can read aloud or copy by
hand: many machines (headless, some Wayland set-ups) have no clipboard pygame can reach.
"""

from __future__ import annotations

import pygame

from game.client import clearance, text
from game.client import palette as pal
from game.client.scenes import MenuScene
from game.client.text_field import put_clipboard
from game.client.widgets import Widget, panel, row
from game.coinland.levels import Level
from game.coinland.sharecode import ShareCodeError, encode

# the panel's sizes, tried in order for a place clear of the words below (game.client.clearance):
# as wide as a level list's rows, wider to cover them, narrower to leave a play screen's side panels
SIZES = ((900, 450), (960, 450), (780, 450))
GROUPS_PER_LINE = 5


def code_lines(code: str, per_line: int = GROUPS_PER_LINE) -> list[str]:
    """The code broken between its dash-separated groups, `per_line` groups a line."""
    groups = code.split("-")
    return ["-".join(groups[i:i + per_line]) + ("-" if i + per_line < len(groups) else "")
            for i in range(0, len(groups), per_line)]


class ShareScene(MenuScene):
    """An overlay with the code of `level`; Copy puts it on the clipboard (again), Esc closes."""

    overlay = True

    def __init__(self, level: Level) -> None:
        self.level = level
        self.copied = False
        try:
            self.code, self.problem = encode(level), ""
        except ShareCodeError as error:  # a level file with a value no code carries (a purse over 255)
            self.code, self.problem = "", f"No code for this level: {error}."

    def enter(self) -> None:
        self.box, self.clear = clearance.first_place(SIZES, clearance.texts_under(self.app, self))
        super().enter()
        self.copy()

    def build(self) -> list[Widget]:
        return row([("Copy", self.copy), ("Close", self.back)], self.box.centerx, self.box.bottom - 96, width=200)

    def copy(self) -> None:
        if not self.code:
            self.app.audio.play("invalid")
            return
        self.copied = put_clipboard(self.code)
        self.app.audio.play("tick")

    def draw(self, surface: pygame.Surface) -> None:
        clearance.veil(surface, self.app.backdrop, self.clear, 150)
        box = self.box
        panel(surface, box, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, "Share code", (box.centerx, box.top + 50), "title", pal.GOLD, anchor="center",
                  shadow=True)
        name = f"{self.level.name}  ·  size {self.level.size}"
        text.blit(surface, name, (box.centerx, box.top + 104), text.fit(name, box.width - 60, "body"),
                  pal.TEXT_DIM, anchor="center")
        if self.problem:
            for index, line in enumerate(text.wrap(self.problem, box.width - 80, "body")[:3]):
                text.blit(surface, line, (box.centerx, box.top + 160 + index * 34), "body", pal.BAD,
                          anchor="center")
        for index, line in enumerate(code_lines(self.code) if self.code else []):
            text.blit(surface, line, (box.centerx, box.top + 160 + index * 44),
                      text.fit(line, box.width - 60, "heading"), pal.TEXT, anchor="center")
        note = ("Copied to the clipboard. " if self.copied else "No clipboard here: copy it by hand. ") + \
            "Friends paste it under Enter code."
        text.blit(surface, note if self.code else "", (box.centerx, box.bottom - 128), "small",
                  pal.GOOD if self.copied else pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
        # inside the panel: below it, the line would lie over the words of the screen below
        text.blit(surface, "Esc closes", (box.centerx, box.bottom - 24), "small", pal.TEXT_DIM, anchor="center")
