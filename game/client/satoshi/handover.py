"""Hidden roles on one screen: the deal, the hand-over screen and the role card on request.

The privacy rule (docs/PRIVACY.md): when several people share the device, a role shows only at
the deal and while its owner holds it up, and every screen looks the same whichever cards are
dealt. `DealScene` starts a game: the device goes round the people, each saying "I am NAME" and
holding up her covered card once. Before a person decides (her turn, or an offer waiting for
her answer) the table pushes `HandoverScene`: an opaque screen (the table is not drawn under it,
so nobody sees the previous player's things) asking to pass the device; "I am NAME" gives it to
her. It shows no card at all: answering an offer needs none, and her own card is a held key away
at the table (R). `RoleCardScene` is that card on request: covered, the same for every role,
until held. All of them read the card from `session.view_for(seat)`, a seat's own view.
"""

from __future__ import annotations

import pygame

from game.client import clearance, text
from game.client import palette as pal
from game.client.focus import FocusGroup
from game.client.satoshi import saves
from game.client.satoshi.role_card import limits
from game.client.satoshi.role_cover import RoleCover, advice
from game.client.satoshi.session import PAWN_COLOURS, TableSession
from game.client.scenes import LOGICAL, Scene, footer
from game.client.widgets import Button, panel
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


def card_rect(centre: tuple[int, int]) -> pygame.Rect:
    rect = CARD.copy()
    rect.center = centre
    return rect


def pass_screen(surface: pygame.Surface, session: TableSession, seat: int, lines: list[str]) -> None:
    """"Pass the device to NAME" in the seat's colour, with public lines under it (never a role)."""
    centre, colour, name = LOGICAL[0] // 2, seat_colour(session, seat), session.names[seat]
    draw_pawn(surface, (centre, 190), 48, colour)
    line = f"Pass the device to {name}"
    text.blit(surface, line, (centre, 320), text.fit(line, 1100, "title"), colour, anchor="center", shadow=True)
    for index, row in enumerate(lines):
        text.blit(surface, row, (centre, 400 + index * 40), "body", pal.TEXT if index == 0 else pal.TEXT_DIM,
                  anchor="center")


def seat_cover(session: TableSession, seat: int, centre: tuple[int, int]) -> RoleCover:
    """The seat's own card (from her own view) under the cover every role shares."""
    view = session.view_for(seat)
    return RoleCover(card_rect(centre), view.players[seat].role, limits(view))


class HandoverScene(Scene):
    """Full screen "Pass the device to NAME", then "I am NAME" gives her the table. No card here."""

    def __init__(self, session: TableSession, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.name = session.names[seat]

    @property
    def answering(self) -> bool:
        """The device goes to this seat to answer another player's offer."""
        offer = self.session.state.offer
        return self.session.state.phase == "offer" and offer is not None and offer.to == self.seat

    def enter(self) -> None:
        centre = LOGICAL[0] // 2
        rect = pygame.Rect(0, 0, BUTTON_W + 80, BUTTON_H)
        rect.midtop = (centre, 540)
        later = pygame.Rect(0, 0, 300, 46)
        later.midtop = (centre, rect.bottom + 22)
        label = f"I am {self.name}: " + ("answer the offer" if self.answering else "play my turn")
        self.group = FocusGroup([Button(label, self._play, rect, primary=True),
                                 Button("Save and quit to menu", self._save_and_quit, later, size="small")],
                                feedback=self.app.audio.play)

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
        self.group.handle(event)

    def still(self) -> bool:
        """Nothing moves while the device goes round: the screen waits at no cost."""
        return True

    def lines(self) -> list[str]:
        """What the screen says under its title: public facts only, the same for every role."""
        if self.answering:
            proposer = self.session.names[self.session.state.turn]
            return [f"{self.name} has an offer from {proposer} to answer.",
                    "Role cards stay covered; at the table, hold R to look at your own."]
        return [f"Round {self.session.state.round}: {possessive(self.name)} turn.",
                "Role cards stay covered; at the table, hold R to look at your own."]

    def draw(self, surface: pygame.Surface) -> None:
        pass_screen(surface, self.session, self.seat, self.lines())
        self.group.draw(surface)
        footer(surface, "Enter: confirm   ·   Tab: next button")


class DealScene(Scene):
    """The start of a shared game: each person in turn takes the device and holds up her card once."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.seats = list(session.screen_humans)  # a phone shows its own card
        self.index = 0
        self.looking = False  # her covered card is on screen (after "I am NAME")
        self.cover: RoleCover | None = None

    @property
    def seat(self) -> int:
        return self.seats[self.index]

    def enter(self) -> None:
        self._build()

    def _build(self) -> None:
        centre, name = LOGICAL[0] // 2, self.session.names[self.seat]
        rect = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
        if not self.looking:
            self.cover = None
            rect.midtop = (centre, 540)
            widgets = [Button(f"I am {name}", self._look, rect, primary=True)]
        else:
            self.cover = seat_cover(self.session, self.seat, (centre, 380))
            last = self.index == len(self.seats) - 1
            rect.midtop = (centre, 660)
            done = "Done: start the game" if last else "Done: pass the device on"
            widgets = [self.cover, Button(done, self._next, rect, primary=True)]
        self.group = FocusGroup(widgets, feedback=self.app.audio.play)

    def _look(self) -> None:
        self.looking = True
        self._build()

    def _next(self) -> None:
        if self.index + 1 < len(self.seats):
            self.index += 1
            self.looking = False
            self._build()
            return
        self.session.dealt = True
        self.session.shown_to = self.seat  # the last person dealt holds the device
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.cover is not None and self.cover.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.looking:
            self.looking = False  # back to "Pass the device to NAME"
            self._build()
            return
        self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.looking:
            people = len(self.seats)
            pass_screen(surface, self.session, self.seat,
                        [f"Dealing the role cards: {self.index + 1} of {people} people.",
                         "Each looks at her own card once, in secret; then the game begins."])
        else:
            centre, name = LOGICAL[0] // 2, self.session.names[self.seat]
            title = f"{possessive(name)} role card"
            colour = seat_colour(self.session, self.seat)
            size = text.fit(title, 1000, "title")
            text.blit(surface, title, (centre, 70), size, colour, anchor="center", shadow=True)
            text.blit(surface, "Nobody else should look while it is held up.", (centre, 130), "body", pal.TEXT_DIM,
                      anchor="center")
            if self.cover is not None and self.cover.held:
                _advice(surface, self.cover, (centre + 180, 240))
        self.group.draw(surface)
        footer(surface, "Enter: confirm   ·   Tab: next   ·   hold R: look at the card" if self.looking
               else "Enter: confirm")


class RoleCardScene(Scene):
    """A seat's own card on request: covered, the same for every role, until held up.

    `release_closes`: opened by holding R at the table; letting go covers the card and closes."""

    overlay = True

    def __init__(self, session: TableSession, seat: int, release_closes: bool = False) -> None:
        self.session = session
        self.seat = seat
        self.name = session.names[seat]
        self.release_closes = release_closes
        self.panel = pygame.Rect(0, 0, 640, 660)
        self.panel.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        self.clear = True

    def enter(self) -> None:
        # the card's panel where it cuts no word of the table (game.client.clearance), else the
        # table is hidden behind the bare backdrop while the card is up
        self.panel, self.clear = clearance.first_place([self.panel.size], clearance.texts_under(self.app, self))
        self.cover = seat_cover(self.session, self.seat, (self.panel.centerx, self.panel.top + 320))
        self.cover.held = self.release_closes  # the R key that opened it is still down
        rect = pygame.Rect(0, 0, 300, 52)
        rect.midbottom = (self.panel.centerx, self.panel.bottom - 22)
        self.group = FocusGroup([self.cover, Button("Close", self.app.pop, rect, primary=True)],
                                feedback=self.app.audio.play)

    @property
    def shown(self) -> bool:
        return self.cover.held

    def handle(self, event: pygame.event.Event) -> None:
        if self.cover.handle(event):
            if self.release_closes and not self.cover.held:
                self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        clearance.veil(surface, self.app.backdrop, self.clear, 235)
        colour = seat_colour(self.session, self.seat)
        panel(surface, self.panel, pal.PANEL, radius=22, border=colour)
        centre = self.panel.centerx
        text.blit(surface, f"{possessive(self.name)} role card", (centre, self.panel.top + 40), "heading", colour,
                  anchor="center")
        text.blit(surface, f"Only {self.name} should look.", (centre, self.panel.top + 84), "body", pal.TEXT_DIM,
                  anchor="center")
        self.group.draw(surface)


def _advice(surface: pygame.Surface, cover: RoleCover, at: tuple[int, int]) -> None:
    """How to play the lifted card, beside it (drawn only while it is held up)."""
    y = at[1]
    for row in text.wrap(advice(cover.role), 300, "small"):
        text.blit(surface, row, (at[0], y), "small", pal.TEXT_DIM, anchor="midleft")
        y += 28

