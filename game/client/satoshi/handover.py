"""Hidden roles on one screen: the hand-over screen and the role card on demand.

When several people share the device, each one's role card may only be seen by her. Before a
human decides (her turn, or an offer waiting for her answer) the table pushes `HandoverScene`:
an opaque screen (the table is not drawn under it, so nobody sees the previous player's things)
asking to pass the device. "I am NAME" shows her role card on the same screen; "Play my turn"
tells the session she has the device and uncovers the table.

`RoleCardScene` shows a seat's own card on demand, behind an "only NAME should look" step when
several humans play. Both read the card from `session.view_for(seat)`: a seat's own view,
never another player's.
"""

from __future__ import annotations

import pygame

from game.bitcoin.state import SATOSHI
from game.client import palette as pal
from game.client import text
from game.client.satoshi import saves
from game.client.satoshi.role_card import draw_card, limits
from game.client.satoshi.session import PAWN_COLOURS, TableSession
from game.client.scenes import LOGICAL, Scene, footer, shade
from game.client.widgets import Button, FocusGroup, panel
from game.wording import possessive

CARD = pygame.Rect(0, 0, 300, 420)
BUTTON_W, BUTTON_H = 380, 56


def seat_colour(session: TableSession, seat: int) -> pal.Colour:
    """The seat's pawn colour, lifted a little so that text in it reads on the dark table."""
    return pal.mix(PAWN_COLOURS[session.setup.seats[seat].colour][1], pal.TEXT, 0.2)


def draw_pawn(surface: pygame.Surface, centre: tuple[float, float], radius: int, colour: pal.Colour) -> None:
    """A chunky pawn in the seat's colour (with a dark rim, so the white pawn shows too)."""
    x, y = centre
    pygame.draw.ellipse(surface, pal.SHADOW, (x - radius, y + radius * 0.9, radius * 2, radius * 0.7))
    body = [(x - radius * 0.8, y + radius * 1.15), (x - radius * 0.35, y - radius * 0.1),
            (x + radius * 0.35, y - radius * 0.1), (x + radius * 0.8, y + radius * 1.15)]
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, pal.TEXT_DARK, body, 2)
    pygame.draw.circle(surface, colour, (x, y - radius * 0.45), radius * 0.6)
    pygame.draw.circle(surface, pal.TEXT_DARK, (x, y - radius * 0.45), radius * 0.6, 2)


def advice(role: str) -> str:
    """A reminder of how to play the role, beside the card."""
    if role == SATOSHI:
        return ("Push the Bitcoin price up and keep your secret: any player may use one guess "
                "to find out who Satoshi is.")
    return ("Watch the Bitcoin price: it decides whether Fiat money or Bitcoins win. "
            "Once in the game you may guess who Satoshi is.")


def card_rect(centre: tuple[int, int]) -> pygame.Rect:
    rect = CARD.copy()
    rect.center = centre
    return rect


class HandoverScene(Scene):
    """Full screen "Pass the device to NAME"; then her role card and "Play my turn"."""

    def __init__(self, session: TableSession, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.name = session.names[seat]
        self.shown = False  # the card is face up (after "I am NAME")

    @property
    def answering(self) -> bool:
        """The device goes to this seat to answer another player's offer."""
        offer = self.session.state.offer
        return self.session.state.phase == "offer" and offer is not None and offer.to == self.seat

    def enter(self) -> None:
        self._build()

    def _build(self) -> None:
        centre = LOGICAL[0] // 2
        if self.shown:
            label = "Answer the offer" if self.answering else "Play my turn"
            rect = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
            rect.midtop = (centre + 220, 560)
            widgets = [Button(label, self._play, rect, primary=True),
                       Button("Hide my card", self._hide, rect.move(0, BUTTON_H + 14))]
        else:
            rect = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
            rect.midtop = (centre, 540)
            later = pygame.Rect(0, 0, 300, 46)
            later.midtop = (centre, rect.bottom + 22)
            widgets = [Button(f"I am {self.name}", self._show, rect, primary=True),
                       Button("Save and quit to menu", self._save_and_quit, later, size="small")]
        self.group = FocusGroup(widgets, feedback=self.app.audio.play)

    def _show(self) -> None:
        self.shown = True
        self._build()

    def _hide(self) -> None:
        self.shown = False
        self._build()

    def _play(self) -> None:
        self.session.handed_over()
        self.app.pop()

    def _save_and_quit(self) -> None:
        """Stop here: the game waits in the save (the table autosaves anyway), and the table closes."""
        saves.autosave(self.app, self.session)
        self.app.pop()
        below = self.app.scene
        if below is not None and getattr(below, "session", None) is self.session:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.shown:
            self._hide()
            return
        self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        colour = seat_colour(self.session, self.seat)
        if self.shown:
            self._draw_card_side(surface, colour)
        else:
            self._draw_pass(surface, colour)
        self.group.draw(surface)
        footer(surface, "Enter: confirm   ·   Tab: next button" + ("   ·   Esc: hide the card" if self.shown else ""))

    def _draw_pass(self, surface: pygame.Surface, colour: pal.Colour) -> None:
        centre = LOGICAL[0] // 2
        draw_pawn(surface, (centre, 190), 48, colour)
        line = f"Pass the device to {self.name}"
        text.blit(surface, line, (centre, 320), text.fit(line, 1100, "title"), colour, anchor="center", shadow=True)
        lines = []
        if self.answering:
            offer = self.session.state.offer
            assert offer is not None
            lines.append(f"{self.name} has an offer from {self.session.names[self.session.state.turn]} to answer.")
        lines.append("Everyone else, please look away: the next screen shows a secret role card.")
        for index, row in enumerate(lines):
            text.blit(surface, row, (centre, 400 + index * 40), "body", pal.TEXT if index == 0 else pal.TEXT_DIM,
                      anchor="center")

    def _draw_card_side(self, surface: pygame.Surface, colour: pal.Colour) -> None:
        view = self.session.view_for(self.seat)
        low, high = limits(view)
        card = card_rect((LOGICAL[0] // 2 - 230, LOGICAL[1] // 2 - 10))
        draw_card(surface, card, view.players[self.seat].role, low, high)
        left = LOGICAL[0] // 2 + 30
        text.blit(surface, self.name, (left, 200), text.fit(self.name, 440, "title"), colour, anchor="midleft",
                  shadow=True)
        lines = ["This is your secret role card.", "Keep it to yourself!"]
        if self.answering:
            lines.append("You have an offer to answer.")
        for index, row in enumerate(lines):
            text.blit(surface, row, (left, 270 + index * 38), "body", pal.TEXT if index != 1 else pal.TEXT_DIM,
                      anchor="midleft")
        y = 300 + len(lines) * 38
        for row in text.wrap(advice(view.players[self.seat].role), 440, "small"):
            text.blit(surface, row, (left, y), "small", pal.TEXT_DIM, anchor="midleft")
            y += 28


class RoleCardScene(Scene):
    """A seat's own role card on demand; with several humans, a "only NAME should look" step first."""

    overlay = True

    def __init__(self, session: TableSession, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.name = session.names[seat]
        self.shown = len(session.humans) <= 1
        self.panel = pygame.Rect(0, 0, 640, 620)
        self.panel.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)

    def enter(self) -> None:
        self._build()

    def _build(self) -> None:
        rect = pygame.Rect(0, 0, 300, 52)
        rect.midbottom = (self.panel.centerx, self.panel.bottom - 24)
        if self.shown:
            widgets = [Button("Close", self.app.pop, rect, primary=True)]
        else:
            widgets = [Button(f"I am {self.name}: show it", self._show, rect, primary=True)]
        self.group = FocusGroup(widgets, feedback=self.app.audio.play)

    def _show(self) -> None:
        self.shown = True
        self._build()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        if self.group.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.shown:
            self.app.pop()  # a click anywhere else closes the card

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 235 if not self.shown else 190)
        panel(surface, self.panel, pal.PANEL, radius=22, border=seat_colour(self.session, self.seat))
        centre = self.panel.centerx
        colour = seat_colour(self.session, self.seat)
        if self.shown:
            view = self.session.view_for(self.seat)
            low, high = limits(view)
            text.blit(surface, f"{possessive(self.name)} role card", (centre, self.panel.top + 40), "heading", colour,
                      anchor="center")
            card = CARD.copy()
            card.midtop = (centre, self.panel.top + 72)
            draw_card(surface, card, view.players[self.seat].role, low, high)
        else:
            draw_pawn(surface, (centre, self.panel.top + 150), 40, colour)
            line = f"Only {self.name} should look"
            text.blit(surface, line, (centre, self.panel.top + 290), text.fit(line, 580, "heading"), colour,
                      anchor="center")
            text.blit(surface, "The next screen shows a secret role card.", (centre, self.panel.top + 350), "body",
                      pal.TEXT_DIM, anchor="center")
        self.group.draw(surface)
