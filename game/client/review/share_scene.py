"""Sharing a puzzle walk: the level's code and the walk, copied where a clipboard exists.

Both are shown on screen too (many machines have no clipboard pygame can reach); anyone can
replay the walk with `python -m game review CODE --walk "..."`.
"""

from __future__ import annotations

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.share_dialog import code_lines
from game.client.scenes import MenuScene, shade
from game.client.text_field import put_clipboard
from game.client.widgets import Widget, panel, row

DIALOG = pygame.Rect(140, 170, 1000, 450)


def share_text(code: str, walk: str) -> str:
    return f"{code} walk {walk}" if walk else code


class ShareWalkScene(MenuScene):
    overlay = True

    def __init__(self, name: str, code: str, walk: str) -> None:
        self.name, self.code, self.walk = name, code, walk
        self.copied = False

    def enter(self) -> None:
        super().enter()
        self.copy()

    def build(self) -> list[Widget]:
        return row([("Copy", self.copy), ("Close", self.back)], DIALOG.centerx, DIALOG.bottom - 76, width=200)

    def copy(self) -> None:
        self.copied = put_clipboard(share_text(self.code, self.walk))
        self.app.audio.play("tick")

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        panel(surface, DIALOG, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, "Share this walk", (DIALOG.centerx, DIALOG.top + 46), "title", pal.GOLD,
                  anchor="center", shadow=True)
        text.blit(surface, self.name, (DIALOG.centerx, DIALOG.top + 100),
                  text.fit(self.name, DIALOG.width - 60, "body"), pal.TEXT_DIM, anchor="center")
        y = DIALOG.top + 140
        for line in code_lines(self.code):
            text.blit(surface, line, (DIALOG.centerx, y), text.fit(line, DIALOG.width - 60, "heading"), pal.TEXT,
                      anchor="center")
            y += 44
        walk = f"Walk: {self.walk}" if self.walk else "Walk: (no move)"
        for line in text.wrap(walk, DIALOG.width - 80, "small")[:4]:
            text.blit(surface, line, (DIALOG.centerx, y), "small", pal.TEXT, anchor="center")
            y += 28
        note = ("Copied to the clipboard." if self.copied else "No clipboard here: copy it by hand.") + \
            "  Replay it: python -m game review CODE --walk \"...\""
        text.blit(surface, note, (DIALOG.centerx, DIALOG.bottom - 104), text.fit(note, DIALOG.width - 60, "small"),
                  pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
