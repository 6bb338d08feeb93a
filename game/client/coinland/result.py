"""The end of a puzzle, game or match, and the pause between the two games of a match."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.hud import seat_label, star
from game.client.coinland.rating import MAX_STARS, stars
from game.client.coinland.sessions import MatchSession
from game.client.scenes import LOGICAL, MenuScene, shade
from game.client.widgets import Widget, column, panel
from game.coinland.match import RolesSwapped
from game.coinland.state import HOARDER

if TYPE_CHECKING:
    from game.client.coinland.play import PlayScene

DIALOG = pygame.Rect(290, 100, 700, 610)


class ResultScene(MenuScene):
    """Scores, stars and what next; the board and any celebration stay visible behind."""

    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.clock = 0.0

    def build(self) -> list[Widget]:
        items = []
        if self.play.puzzle:
            nxt = self.play.next_level() if self.play.next_level else None
            if nxt is not None:
                items.append(("Next level", lambda: self._go(nxt)))
            items.append(("Try again", self._retry))
            items.append(("Level list", self._leave))
        else:
            items.append(("Play again", self._again))
            items.append(("Back to the menu", self._leave))
        items.append(("Look at the board", self.app.pop))
        top = DIALOG.bottom - 30 - len(items) * 62
        return column(items, LOGICAL[0] // 2, top, width=380, height=50, gap=12, primary_first=True)

    def enter(self) -> None:
        super().enter()
        self.heading, self.lines, self.stars = summary(self.play)

    def _retry(self) -> None:
        self.result = "retry"
        self.app.pop()

    def _leave(self) -> None:
        self.app.pop()
        self.app.pop()

    def _go(self, scene) -> None:
        self.app.pop()
        self.app.replace(scene)

    def _again(self) -> None:
        from game.client.coinland.setup import restart_like

        self.app.pop()
        self.app.replace(restart_like(self.play))

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 120)
        panel(surface, DIALOG, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, self.heading, (DIALOG.centerx, DIALOG.top + 58), "title", pal.GOLD, anchor="center",
                  shadow=True)
        y = DIALOG.top + 120
        for line in self.lines:
            text.blit(surface, line, (DIALOG.centerx, y), text.fit(line, DIALOG.width - 40, "body"), anchor="center")
            y += 36
        if self.stars is not None:
            for k in range(MAX_STARS):
                bounce = 0.0 if self.app.reduced_motion else abs(math.sin(self.clock * 3 + k)) * 6
                star(surface, (DIALOG.centerx + (k - 1) * 70, y + 26 - bounce), 26, k < self.stars)
        self.group.draw(surface)


def summary(play: PlayScene) -> tuple[str, list[str], int | None]:
    """Heading, lines and stars (None outside puzzles) for the end of a game."""
    session, state = play.session, play.state
    if play.puzzle:
        par = play.puzzle.par
        score = state.purses[HOARDER]
        count = stars(score, par)
        lines = [f"You kept {score} coin{'s' if score != 1 else ''}."]
        if par is not None:
            missing = f"Par is {par}: {par - score} more to find."
            lines.append("Par! The best walk there is." if score >= par else missing)
        if getattr(play, "new_best", False):
            lines.append("A new best for this level!")
        return ("Level complete" if par is None or score >= par else "Walk finished"), lines, count
    if isinstance(session, MatchSession):
        assert session.match is not None
        match = session.match
        a, b = match.hoarder_scores
        lines = [f"As Hoarder, {seat_label(session, 0)} kept {a} and {seat_label(session, 1)} kept {b}."]
        winner = match.winner
        heading = "Match drawn" if winner is None else f"{seat_label(session, winner)} win" + (
            "" if seat_label(session, winner) == "You" else "s")
        lines.append("The higher Hoarder score wins the match.")
        return heading, lines, None
    a, b = state.purses
    winner = play.winner_seat()
    lines = [f"{seat_label(session, 0)}: {a} coins   ·   {seat_label(session, 1)}: {b} coins"]
    if winner is None:
        return "A draw", lines, None
    name = seat_label(session, winner)
    return (f"{name} win" + ("" if name == "You" else "s")), lines, None


class InterludeScene(MenuScene):
    """Game 1 is over: its score, and the role swap announced before game 2 starts."""

    overlay = True

    def __init__(self, play: PlayScene, event: RolesSwapped) -> None:
        self.play = play
        self.event = event

    def build(self) -> list[Widget]:
        return column([("Start game 2", self._go)], LOGICAL[0] // 2, DIALOG.bottom - 100, width=380,
                      primary_first=True)

    def _go(self) -> None:
        self.result = "interlude-done"
        self.app.pop()

    def back(self) -> None:
        self._go()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 110)
        session = self.play.session
        assert isinstance(session, MatchSession) and session.match is not None
        panel(surface, DIALOG, pal.PANEL, radius=22, border=pal.GOLD)
        text.blit(surface, "Roles swap!", (DIALOG.centerx, DIALOG.top + 60), "title", pal.GOLD, anchor="center",
                  shadow=True)
        first = session.match.hoarder_seat(0)
        score = session.match.results[0] if session.match.results else 0
        hoarder = seat_label(session, self.event.hoarder_seat)
        lines = [f"Game 1 is over: {seat_label(session, first)} kept {score} coins as Hoarder.",
                 f"In game 2 {hoarder} {'are' if hoarder == 'You' else 'is'} the Hoarder",
                 f"and {seat_label(session, 1 - self.event.hoarder_seat)} keeps the gates.",
                 "The higher Hoarder score wins the match."]
        for index, line in enumerate(lines):
            text.blit(surface, line, (DIALOG.centerx, DIALOG.top + 150 + index * 44),
                      text.fit(line, DIALOG.width - 50, "body"), pal.TEXT if index < 3 else pal.TEXT_DIM,
                      anchor="center")
        table = pygame.Rect(DIALOG.left + 80, DIALOG.top + 340, DIALOG.width - 160, 110)
        pygame.draw.rect(surface, pal.SUNKEN, table, border_radius=12)
        rows = [("Game 1", seat_label(session, first), str(score)),
                ("Game 2", hoarder, "to play")]
        for index, (game, who, kept) in enumerate(rows):
            y = table.top + 30 + index * 50
            colour = pal.PLAYER_COLOURS[first if index == 0 else self.event.hoarder_seat]
            text.blit(surface, game, (table.left + 24, y), "body", pal.TEXT_DIM, anchor="midleft")
            text.blit(surface, who, (table.left + 140, y), text.fit(who, 260, "body"), colour, anchor="midleft")
            text.blit(surface, kept, (table.right - 24, y), "body", pal.GOLD, anchor="midright")
        self.group.draw(surface)
