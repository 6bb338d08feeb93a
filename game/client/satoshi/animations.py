"""The table's moving pieces, each a tween the Director queues: pawns, markers, money, cards, pop-ups.

Each class knows only how to move and draw itself; the Director (director.py) decides which to
queue for an engine event and reads the pending ones to know what the table shows meanwhile
(a payment not yet landed, a card not yet flipped).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.client import palette as pal
from game.client import text
from game.client.effects import Flight, Popup
from game.client.satoshi import layout
from game.client.satoshi.boards_view import PricesBoard, draw_card_back, draw_card_face
from game.client.satoshi.players_view import draw_bill
from game.client.tween import Point, Tween, along, ease_out_cubic, lerp

SLIDE = 0.45
FLIP = 0.5

POP_RISE = 12  # a pop-up by a price row or in a player's area rises only this far: it stays where it belongs


class StayPopup(Popup):
    """A pop-up that rises a little and fades, so it stays by its own row (never over a header)."""

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.started:
            return
        rise = POP_RISE * ease_out_cubic(self.t)
        alpha = 255 if self.t <= 0.6 else int(255 * (1 - (self.t - 0.6) / 0.4))
        art, rim = text.render(self.label, self.size, self.colour), text.render(self.label, self.size, pal.TEXT_DARK)
        rect = art.get_rect(center=(round(self.where[0]), round(self.where[1] - rise)))
        if alpha < 255:
            art, rim = art.copy(), rim.copy()
            art.set_alpha(alpha)
            rim.set_alpha(alpha)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 3)):
            surface.blit(rim, rect.move(dx, dy))
        surface.blit(art, rect)


def price_popup_point(item: str) -> Point:
    """Beside the price's own row of the Prices Board, right of its bar."""
    food, internet, bitcoin = PricesBoard(layout.PRICES).rows()
    bar = {"food": food, "internet": internet, "bitcoin": bitcoin}[item]
    return (bar.right - 24, bar.centery - (16 if item == "bitcoin" else 12))


def player_popup(player: int, players: int, label: str) -> tuple[Point, str]:
    """Where a pop-up in a player's area goes, and its type size: under the header (name and
    tag), clear of it after the rise, and inside the area even for a long job name."""
    rect = layout.player_rect(player, players)
    size = "small" if text.width(label, "small") + 12 <= rect.width else "tiny"
    half = text.width(label, size) / 2 + 6
    x = max(rect.left + half, min(rect.centerx + 20, rect.right - half))
    return (x, min(rect.top + 74, rect.bottom - 16)), size


class PawnHop(Tween):
    """A pawn hopping along its path, one small arc per space."""

    def __init__(self, player: int, points: list[Point], duration: float) -> None:
        super().__init__(duration)
        self.player, self.points = player, points

    def position(self) -> Point:
        if not self.started:
            return self.points[0]
        t = ease_out_cubic(self.t)
        x, y = along(self.points, t)
        steps = len(self.points) - 1
        hop = math.sin((t * steps % 1.0) * math.pi) * 9 if steps and t < 1 else 0.0
        return (x, y - hop)


class Slide(Tween):
    """A marker moving from `old` to `new` (a price, or a level index on the Advancement Board)."""

    def __init__(self, key: str, old: float, new: float, duration: float = SLIDE,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, on_done=on_done)
        self.key, self.old, self.new = key, old, new

    def value(self) -> float:
        return lerp(self.old, self.new, ease_out_cubic(self.t)) if self.started else self.old


class Transfer(Tween):
    """Accounting of one payment: the payer's counter drops when it starts, the payee's rises when it ends."""

    def __init__(self, payer: int, payee: int, currency: str, amount: int, duration: float,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, on_done=on_done)
        self.payer, self.payee, self.currency, self.amount = payer, payee, currency, amount


class BillFlight(Flight):
    """A dollar bill flying along an arc (Flight draws a coin; bills are paper)."""

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.running:
            return
        x, y = self.start_at[0] + (self.end_at[0] - self.start_at[0]) * self.t, 0.0
        y = self.start_at[1] + (self.end_at[1] - self.start_at[1]) * self.t - math.sin(self.t * math.pi) * self.lift
        tilt = abs(math.cos(self.t * 7))
        draw_bill(surface, pygame.Rect(round(x - 13), round(y - 8), max(6, round(26 * tilt)), 16))


class JobChange(Tween):
    """A job card arriving (taken) or leaving (quit); the area shows the card only when it should."""

    def __init__(self, player: int, job: str, taken: bool, duration: float = 0.3) -> None:
        super().__init__(duration)
        self.player, self.job, self.taken = player, job, taken


class CardFlip(Tween):
    """A news card turning over onto its discard pile."""

    def __init__(self, deck: str, rect: pygame.Rect, card: tuple[int, str, str],
                 before: tuple[int, str, str] | None, number: int) -> None:
        super().__init__(FLIP)
        self.deck, self.rect, self.card, self.before, self.number = deck, rect, card, before, number

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.running:
            return
        squash = abs(math.cos(self.t * math.pi))
        width = max(2, round(self.rect.width * squash))
        face = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        local = face.get_rect()
        if self.t < 0.5:
            draw_card_back(face, local, pal.GOLD if self.deck == "bitcoin_news" else pal.GREEN)
        else:
            draw_card_face(face, local.inflate(0, -4).move(0, -2), self.deck, self.card)
        art = pygame.transform.scale(face, (width, self.rect.height))
        lift = math.sin(self.t * math.pi) * 10
        surface.blit(art, art.get_rect(center=(self.rect.centerx, round(self.rect.centery - lift))))
