"""Finding Satoshi's menu: a new game, the games in progress, the rules, or a table of computers to watch."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client import text
from game.client.satoshi import saves
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Widget, column

if TYPE_CHECKING:
    from game.client.stage import Stage


def save_summary(app: Stage) -> str:
    """Who sits at the newest saved table and how far the game got, read from the save without replaying it."""
    game = saves.newest(app)
    return "" if game is None else game.label


class SatoshiMenuScene(MenuScene):
    heading = "Finding Satoshi"
    subtitle = "The Bitcoin Board Game by Channing Jones"
    top = 230

    def build(self) -> list[Widget]:
        self.items = [("New game", lambda: self.app.open("satoshi.setup"))]
        games = saves.listing(self.app)
        self.summary = save_summary(self.app) if games else ""
        if self.summary:
            self.items.append(("Resume last game", self.resume_game))
        if games:
            self.items.append((f"Games in progress ({len(games)})", self.list_games))
        self.items += [("How to play", lambda: self.app.open("satoshi.rules")),
                       ("Watch the computers", self.watch),
                       ("Back", self.back)]
        return column(self.items, LOGICAL[0] // 2, self.top, width=420, primary_first=True)

    def resume(self, result: object) -> None:
        """Back from a scene above: the save may have appeared or gone."""
        self.rebuild()

    def resume_game(self) -> None:
        """The table of the newest game in progress (a damaged save is set aside and explained in a toast)."""
        session = saves.resume(self.app)
        if session is None:
            self.rebuild()
        else:
            self.app.open("satoshi.table", session)

    def list_games(self) -> None:
        self.app.open("satoshi.saves")

    def watch(self) -> None:
        """The setup screen for a table of computers: seats, strengths, options and speed."""
        self.app.open("satoshi.setup", watch=True)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        notes = {"New game": "2 to 6 players, each a person or a computer",
                 "Resume last game": self.summary,
                 "How to play": "The rules, every board, table and card",
                 "Watch the computers": "Computer players of your choice play a whole game"}
        focused = self.items[self.group.focus][0] if self.group.focus < len(self.items) else ""
        if focused.startswith("Games in progress"):
            notes[focused] = "Every saved game: resume any of them, or delete one"
        note = notes.get(focused)
        if note:
            size = text.fit(note, LOGICAL[0] - 120, "body")
            text.blit(surface, note, (LOGICAL[0] / 2, 620), size, pal.TEXT_DIM, anchor="center")
        footer(surface, "Up / Down to choose  ·  Enter to open  ·  Esc to go back")
