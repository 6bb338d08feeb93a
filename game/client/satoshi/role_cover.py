"""A role card under a cover that looks the same for every role until its owner holds it up.

The privacy rule of a shared screen (docs/PRIVACY.md): a role shows only while its owner asks
for it. `RoleCover` draws the back every role card shares, with the same words under it for
every role; only while it is held (the R key, Space or Enter on it, or a mouse button pressed on
it) does it draw the face. Letting go covers it again at once, and so does losing the window's
focus (a key released in another window never arrives). Lifting takes no time, so the timing
of the screen cannot differ between roles either.
"""

from __future__ import annotations

import pygame

from game.bitcoin.state import SATOSHI
from game.client import palette as pal
from game.client import text
from game.client.satoshi.role_card import card_back, draw_card
from game.client.widgets import ACTIVATE_KEYS, Widget, focus_ring

HOLD_KEYS = (pygame.K_r,)  # held anywhere on the scene: the card shows while it is down
COVER_WORDS = "Hold R, or press and hold the card, to look"
RELEASE_EVENTS = (pygame.MOUSEBUTTONUP, pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWLEAVE)


def advice(role: str) -> str:
    """A reminder of how to play the role, beside the lifted card (never while covered)."""
    if role == SATOSHI:
        return ("Push the Bitcoin price up and keep your secret: any player may use one guess "
                "to find out who Satoshi is.")
    return ("Watch the Bitcoin price: it decides whether Fiat money or Bitcoins win. "
            "Once in the game you may guess who Satoshi is.")


class RoleCover(Widget):
    """One seat's role card: covered (the shared back and COVER_WORDS) unless `held`."""

    def __init__(self, rect: pygame.Rect, role: str, limits: tuple[int, int], words: str = COVER_WORDS) -> None:
        super().__init__(rect, True, words)
        self.role, self.limits, self.words = role, limits, words
        self.held = False

    def activate(self) -> None:
        """Space or Enter on the focused card holds it up until the key is released."""
        self.held = True

    def click(self, pos: tuple[float, float]) -> None:
        self.held = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys and releases the focus group does not see; True when the event was about the card."""
        if event.type == pygame.KEYDOWN and event.key in HOLD_KEYS:
            self.held = True
            return True
        if event.type == pygame.KEYUP and event.key in (*HOLD_KEYS, *ACTIVATE_KEYS):
            was, self.held = self.held, False
            return was
        if event.type in RELEASE_EVENTS:
            was, self.held = self.held, False
            return was
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        low, high = self.limits
        if self.held:
            draw_card(surface, self.rect, self.role, low, high)
        else:
            card_back(surface, self.rect)
        if focused:
            focus_ring(surface, self.rect, max(8, self.rect.width // 12))
        size = text.fit(self.words, max(self.rect.width + 160, 360), "small")
        text.blit(surface, self.words, (self.rect.centerx, self.rect.bottom + 22), size,
                  pal.TEXT if hovered or focused else pal.TEXT_DIM, anchor="center")
