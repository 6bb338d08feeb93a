"""The list of Finding Satoshi games in progress, and the question asked before a game is thrown away.

`SavesScene` lists every saved game (date, seats, round), newest first: Enter resumes one, its
Delete button (or the Delete key) asks first. `ConfirmScene` is the small overlay that asks; the
table's "Quit game" uses it too, so no game is ever lost without a yes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import clearance, text
from game.client import palette as pal
from game.client.satoshi import saves
from game.client.scenes import LOGICAL, MenuScene, footer
from game.client.widgets import Button, Widget, column, panel

ROWS = 7  # games shown at once; the list scrolls with the focus
ROW_H, ROW_GAP = 56, 12


ANSWER_H, ANSWER_GAP = 54, 14  # the answers' buttons


class ConfirmScene(MenuScene):
    """A question on a panel over the scene below; Esc gives the `cancel` answer (the last by default)."""

    overlay = True

    def __init__(self, question: str, detail: str, answers: Sequence[tuple[str, Callable[[], None]]],
                 cancel: int = -1) -> None:
        self.heading = question
        self.detail = detail
        self.answers = list(answers)
        self.cancel = cancel

    def enter(self) -> None:
        # the panel where it cuts no word of the screen below (game.client.clearance): as wide as
        # the question needs, or wider to cover a list's rows whole; else that screen is hidden
        height = 170 + len(self.answers) * (ANSWER_H + ANSWER_GAP) - ANSWER_GAP + 36
        self.box, self.clear = clearance.first_place([(980, height), (1240, height)],
                                                     clearance.texts_under(self.app, self))
        super().enter()

    def build(self) -> list[Widget]:
        return column(self.answers, self.box.centerx, self.box.top + 170, width=460, height=ANSWER_H,
                      gap=ANSWER_GAP, primary_first=True)

    def back(self) -> None:
        self.answers[self.cancel][1]()

    def draw(self, surface: pygame.Surface) -> None:
        clearance.veil(surface, self.app.backdrop, self.clear, 190)
        box = self.box
        panel(surface, box, pal.PANEL, radius=18, border=pal.PANEL_EDGE)
        text.blit(surface, self.heading, (box.centerx, box.top + 50), "title", pal.GOLD, anchor="center",
                  shadow=True)
        for index, line in enumerate(text.wrap(self.detail, 900, "body")[:2]):
            text.blit(surface, line, (box.centerx, box.top + 104 + index * 30), "body", pal.TEXT_DIM,
                      anchor="center")
        self.group.draw(surface)


class SavesScene(MenuScene):
    """Games in progress: resume any, delete one after a yes."""

    heading = "Games in progress"
    top = 170

    def __init__(self) -> None:
        self.games: list[saves.SavedGame] = []
        self.first = 0  # the first game shown (the list scrolls with the focus)

    def build(self) -> list[Widget]:
        self.games = saves.listing(self.app)
        self.first = max(0, min(self.first, len(self.games) - ROWS))
        widgets: list[Widget] = []
        left, width = 110, LOGICAL[0] - 220 - 170
        for row, game in enumerate(self.games[self.first:self.first + ROWS]):
            top = self.top + row * (ROW_H + ROW_GAP)
            label = game.label + (f"  ·  {game.problem}" if game.problem else "")
            widgets.append(Button(label, lambda game=game: self.open(game), pygame.Rect(left, top, width, ROW_H),
                                  size="small"))
            widgets.append(Button("Delete", lambda game=game: self.ask_delete(game),
                                  pygame.Rect(left + width + 14, top, 156, ROW_H), size="small"))
        bottom = self.top + ROWS * (ROW_H + ROW_GAP) + 10
        widgets.append(Button("Back", self.back, pygame.Rect(LOGICAL[0] // 2 - 150, bottom, 300, 52)))
        return widgets

    def resume(self, result: object) -> None:
        self.rebuild()

    def open(self, game: saves.SavedGame) -> None:
        session = saves.resume(self.app, game.path)
        if session is None:
            self.rebuild()
            return
        self.app.open("satoshi.table", session)

    def ask_delete(self, game: saves.SavedGame) -> None:
        def delete() -> None:
            saves.discard(self.app, path=game.path)
            self.app.pop()
            self.rebuild()

        self.app.push(ConfirmScene("Delete this game?", f"{game.label}. It cannot be brought back.",
                                   [("Keep it", self.app.pop), ("Delete it", delete)], cancel=0))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            index = self.group.focus // 2 + self.first
            if self.group.focus < 2 * min(ROWS, len(self.games) - self.first) and index < len(self.games):
                self.ask_delete(self.games[index])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP) and self._scroll(event.key):
            return
        super().handle(event)

    def _scroll(self, key: int) -> bool:
        """Moving past the last (or first) row shown brings the next game into view."""
        shown = min(ROWS, len(self.games) - self.first)
        row = self.group.focus // 2
        if key == pygame.K_DOWN and row == shown - 1 and self.first + shown < len(self.games) \
                and self.group.focus < 2 * shown:
            self.first += 1
            self.rebuild()
            return True
        if key == pygame.K_UP and row == 0 and self.first > 0 and self.group.focus < 2:
            self.first -= 1
            self.rebuild()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        text.blit(surface, self.heading, (LOGICAL[0] / 2, 80), "title", pal.GOLD, anchor="center", shadow=True)
        count = len(self.games)
        note = (f"{count} saved {'game' if count == 1 else 'games'}, newest first" if count
                else "No game in progress. Games with a person at the table are saved after every move.")
        text.blit(surface, note, (LOGICAL[0] / 2, 130), "small", pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
        footer(surface, "Up / Down choose  ·  Enter resumes  ·  Delete asks to delete  ·  Esc back")
