"""Sharing a puzzle walk: the level's code and the walk, copied where a clipboard exists.

Both are shown on screen too (many machines have no clipboard pygame can reach); anyone can
replay the walk with `python -m game review CODE --walk "..."`.
"""

from __future__ import annotations

import pygame

from game.client import clearance, text
from game.client import palette as pal
from game.client.coinland.share_dialog import code_lines
from game.client.scenes import MenuScene
from game.client.text_field import put_clipboard
from game.client.widgets import Widget, panel, row

# the panel's sizes, tried in order for a place clear of the words below (game.client.clearance)
SIZES = ((1000, 450), (780, 450), (1200, 450))


def share_text(code: str, walk: str) -> str:
    return f"{code} walk {walk}" if walk else code


class ShareWalkScene(MenuScene):
    overlay = True

    def __init__(self, name: str, code: str, walk: str) -> None:
        self.name, self.code, self.walk = name, code, walk
        self.copied = False

    def enter(self) -> None:
        self.box, self.clear = clearance.first_place(SIZES, clearance.texts_under(self.app, self))
        super().enter()
        self.copy()

    def build(self) -> list[Widget]:
        return row([("Copy", self.copy), ("Close", self.back)], self.box.centerx, self.box.bottom - 76, width=200)

    def copy(self) -> None:
        self.copied = put_clipboard(share_text(self.code, self.walk))
        self.app.audio.play("tick")

    def draw(self, surface: pygame.Surface) -> None:
        clearance.veil(surface, self.app.backdrop, self.clear, 150)
        box = self.box
        panel(surface, box, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, "Share this walk", (box.centerx, box.top + 46), "title", pal.GOLD,
                  anchor="center", shadow=True)
        text.blit(surface, self.name, (box.centerx, box.top + 100),
                  text.fit(self.name, box.width - 60, "body"), pal.TEXT_DIM, anchor="center")
        y = box.top + 140
        for line in code_lines(self.code):
            text.blit(surface, line, (box.centerx, y), text.fit(line, box.width - 60, "heading"), pal.TEXT,
                      anchor="center")
            y += 44
        walk = f"Walk: {self.walk}" if self.walk else "Walk: (no move)"
        for line in text.wrap(walk, box.width - 80, "small")[:4]:
            text.blit(surface, line, (box.centerx, y), "small", pal.TEXT, anchor="center")
            y += 28
        note = ("Copied to the clipboard." if self.copied else "No clipboard here: copy it by hand.") + \
            "  Replay it: python -m game review CODE --walk \"...\""
        text.blit(surface, note, (box.centerx, box.bottom - 104), text.fit(note, box.width - 60, "small"),
                  pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
