"""A level's share code, shown large over the scene below and copied where a clipboard exists.

The code is always on screen as well, in groups of five a person can read aloud or copy by
hand: many machines (headless, some Wayland set-ups) have no clipboard pygame can reach.
"""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client import text
from game.client.scenes import LOGICAL, MenuScene, shade
from game.client.text_field import put_clipboard
from game.client.widgets import Widget, panel, row
from game.coinland.levels import Level
from game.coinland.sharecode import ShareCodeError, encode

DIALOG = pygame.Rect(190, 170, 900, 430)
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
        super().enter()
        self.copy()

    def build(self) -> list[Widget]:
        return row([("Copy", self.copy), ("Close", self.back)], DIALOG.centerx, DIALOG.bottom - 80, width=200)

    def copy(self) -> None:
        if not self.code:
            self.app.audio.play("invalid")
            return
        self.copied = put_clipboard(self.code)
        self.app.audio.play("tick")

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        panel(surface, DIALOG, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, "Share code", (DIALOG.centerx, DIALOG.top + 50), "title", pal.GOLD, anchor="center",
                  shadow=True)
        name = f"{self.level.name}  ·  size {self.level.size}"
        text.blit(surface, name, (DIALOG.centerx, DIALOG.top + 104), text.fit(name, DIALOG.width - 60, "body"),
                  pal.TEXT_DIM, anchor="center")
        if self.problem:
            for index, line in enumerate(text.wrap(self.problem, DIALOG.width - 80, "body")[:3]):
                text.blit(surface, line, (DIALOG.centerx, DIALOG.top + 160 + index * 34), "body", pal.BAD,
                          anchor="center")
        for index, line in enumerate(code_lines(self.code) if self.code else []):
            text.blit(surface, line, (DIALOG.centerx, DIALOG.top + 160 + index * 44),
                      text.fit(line, DIALOG.width - 60, "heading"), pal.TEXT, anchor="center")
        note = ("Copied to the clipboard. " if self.copied else "No clipboard here: copy it by hand. ") + \
            "Friends paste it under Enter code."
        text.blit(surface, note if self.code else "", (DIALOG.centerx, DIALOG.bottom - 112), "small",
                  pal.GOOD if self.copied else pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
        text.blit(surface, "Esc closes", (LOGICAL[0] / 2, DIALOG.bottom + 26), "small", pal.TEXT_DIM, anchor="center")
