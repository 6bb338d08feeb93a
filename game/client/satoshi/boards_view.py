"""The Prices Board, the Advancement Board and the two news decks with their discard piles.

Each board's frame and printed labels are painted once into a cached surface; the markers,
which the director may be sliding, are drawn live from the values it hands in (floats while
a marker moves). Deck cards are public in this game (they are numbered, players may count
them), so the decks show which numbers are left and which were drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.bitcoin.data import GameData
from game.client import palette as pal
from game.client import text
from game.client.widgets import panel

ZONES = (("Fiat wins", pal.BLUE), ("BTC wins", pal.ORANGE), ("All win", pal.GREEN))
DECK_NAMES = {"bitcoin_news": "Bitcoin News", "economic_news": "Economic News"}


def price_scale(value: float, floor: int) -> int:
    """The top of a price track: at least `floor`, always room above the marker (steps of 20)."""
    return max(floor, math.ceil((value + 12) / 20.0) * 20)


@dataclass
class Prices:
    """The Prices Board's markers as drawn now (floats while sliding)."""

    food: float
    internet: float
    bitcoin: float
    job_effect: int
    limits: tuple[int, int]
    difficulty: str


CARD_PX, CARD_ROW = 16, 15  # a news card's text: three rows fit, so a wrapped headline keeps its effect line


class PricesBoard:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self._frame: pygame.Surface | None = None

    def _paint(self) -> pygame.Surface:
        frame = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        panel(frame, frame.get_rect().inflate(0, -4).move(0, -2), pal.PANEL, radius=10, border=pal.PANEL_EDGE)
        text.blit(frame, "Prices Board", (12, 8), "small", pal.GOLD)
        return frame.convert_alpha() if pygame.display.get_surface() is not None else frame

    def rows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        r = self.rect
        food = pygame.Rect(r.left + 78, r.top + 50, r.width - 96, 14)
        internet = food.move(0, 44)
        bitcoin = pygame.Rect(food.left, r.top + 160, food.width, 22)
        return food, internet, bitcoin

    def draw(self, surface: pygame.Surface, prices: Prices) -> None:
        if self._frame is None:
            self._frame = self._paint()
        surface.blit(self._frame, self.rect.topleft)
        r = self.rect
        chip = f"Job effect ${prices.job_effect}"
        chip_rect = pygame.Rect(0, 0, text.width(chip, "tiny") + 14, 22)
        chip_rect.topright = (r.right - 10, r.top + 8)
        pygame.draw.rect(surface, pal.PURPLE, chip_rect, border_radius=11)
        text.blit(surface, chip, chip_rect.center, "tiny", pal.TEXT_DARK, anchor="center")
        food, internet, bitcoin = self.rows()
        for label, bar, value, colour in (("Food", food, prices.food, pal.GREEN),
                                          ("Internet", internet, prices.internet, pal.SKY)):
            self._track(surface, label, bar, value, price_scale(value, 60), colour)
        self._bitcoin(surface, bitcoin, prices)

    def _track(self, surface: pygame.Surface, label: str, bar: pygame.Rect, value: float, top: int,
               colour: pal.Colour) -> None:
        text.blit(surface, label, (self.rect.left + 12, bar.centery), "tiny", pal.TEXT_DIM, anchor="midleft")
        pygame.draw.rect(surface, pal.SUNKEN, bar, border_radius=7)
        filled = bar.copy()
        filled.width = max(8, round(bar.width * min(1.0, value / top)))
        pygame.draw.rect(surface, pal.darker(colour, 30), filled, border_radius=7)
        self._ticks(surface, bar, top)
        self._marker(surface, (filled.right, bar.centery), f"${round(value)}", colour)

    @staticmethod
    def _ticks(surface: pygame.Surface, bar: pygame.Rect, top: int) -> None:
        for k in range(0, top + 1, 10 if top <= 100 else 20):
            x = bar.left + bar.width * k / top
            pygame.draw.line(surface, pal.PANEL_EDGE, (x, bar.bottom + 1), (x, bar.bottom + 4))

    @staticmethod
    def _marker(surface: pygame.Surface, at: tuple[float, float], label: str, colour: pal.Colour) -> None:
        x, y = at
        pygame.draw.circle(surface, pal.TEXT_DARK, (x, y), 10)
        pygame.draw.circle(surface, colour, (x, y), 8)
        box = pygame.Rect(0, 0, text.width(label, "tiny") + 10, 18)
        box.midbottom = (round(x), round(y) - 10)
        pygame.draw.rect(surface, pal.TEXT, box, border_radius=5)
        text.blit(surface, label, box.center, "tiny", pal.TEXT_DARK, anchor="center")

    def _bitcoin(self, surface: pygame.Surface, bar: pygame.Rect, prices: Prices) -> None:
        low, high = prices.limits
        top = price_scale(max(prices.bitcoin, high + 28), 100)
        text.blit(surface, "Bitcoin", (self.rect.left + 12, bar.centery), "tiny", pal.GOLD, anchor="midleft")
        edges = [0, low, high, top]
        for (name, colour), a, b in zip(ZONES, edges, edges[1:], strict=False):
            zone = pygame.Rect(bar.left + bar.width * a / top, bar.top, bar.width * (b - a) / top + 1, bar.height)
            pygame.draw.rect(surface, pal.mix(pal.SUNKEN, colour, 0.45), zone)
            text.blit(surface, name, (zone.centerx, bar.bottom + 4), "tiny", pal.mix(colour, pal.TEXT, 0.4),
                      anchor="midtop")
        for limit in (low, high):
            x = bar.left + bar.width * limit / top
            pygame.draw.line(surface, pal.TEXT, (x, bar.top - 4), (x, bar.bottom + 2), 2)
            text.blit(surface, f"${limit}", (x, bar.top - 5), "tiny", pal.TEXT, anchor="midbottom")
        pygame.draw.rect(surface, pal.PANEL_EDGE, bar, 1)
        x = bar.left + bar.width * min(1.0, prices.bitcoin / top)
        difficulty = prices.difficulty.replace("_", " ")
        text.blit(surface, f"limits: {difficulty}", (self.rect.left + 12, bar.top - 26), "tiny", pal.TEXT_DIM)
        self._coin_marker(surface, (x, bar.centery), f"${round(prices.bitcoin)}")

    @staticmethod
    def _coin_marker(surface: pygame.Surface, at: tuple[float, float], label: str) -> None:
        x, y = at
        pygame.draw.circle(surface, pal.GOLD_DARK, (x, y), 13)
        pygame.draw.circle(surface, pal.GOLD, (x, y), 10)
        text.blit(surface, "B", (x, y + 1), 16, pal.GOLD_DARK, anchor="center")
        box = pygame.Rect(0, 0, text.width(label, "small") + 12, 24)
        box.midtop = (round(x), round(y) + 30)
        pygame.draw.rect(surface, pal.GOLD, box, border_radius=6)
        text.blit(surface, label, box.center, "small", pal.TEXT_DARK, anchor="center")


class AdvancementBoard:
    """Software and Mining tracks; markers at float positions while sliding."""

    def __init__(self, rect: pygame.Rect, data: GameData) -> None:
        self.rect = rect
        self.data = data
        self._frame: pygame.Surface | None = None

    def boxes(self, track: str) -> list[pygame.Rect]:
        levels = self.data.software if track == "software" else self.data.mining
        top = self.rect.top + (36 if track == "software" else 132)
        width = (self.rect.width - 24) // len(levels)
        return [pygame.Rect(self.rect.left + 12 + k * width, top, width - 4, 62) for k in range(len(levels))]

    def _paint(self) -> pygame.Surface:
        frame = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        panel(frame, frame.get_rect().inflate(0, -4).move(0, -2), pal.PANEL, radius=10, border=pal.PANEL_EDGE)
        text.blit(frame, "Advancement Board", (12, 8), "small", pal.GOLD)
        origin = (-self.rect.left, -self.rect.top)
        for box, level in zip(self.boxes("software"), self.data.software, strict=True):
            self._box(frame, box.move(origin), level.version.split("/")[0], f"+${level.rise}",
                      "roll 4+" if level.roll else "", pal.SKY)
        text.blit(frame, "Software", (12, self.boxes("software")[0].bottom - self.rect.top + 4), "tiny", pal.SKY)
        for box, mining in zip(self.boxes("mining"), self.data.mining, strict=True):
            self._box(frame, box.move(origin), mining.level, f"+${mining.rise}",
                      f"{mining.btc} BTC" if mining.btc else "", pal.ORANGE)
        text.blit(frame, "Mining", (12, self.boxes("mining")[0].bottom - self.rect.top + 4), "tiny", pal.ORANGE)
        return frame.convert_alpha() if pygame.display.get_surface() is not None else frame

    @staticmethod
    def _box(frame: pygame.Surface, box: pygame.Rect, title: str, rise: str, extra: str, colour: pal.Colour) -> None:
        pygame.draw.rect(frame, pal.mix(pal.SUNKEN, colour, 0.25), box, border_radius=6)
        size = text.fit(title, box.width - 4, "small", smallest=11)
        text.blit(frame, title, (box.centerx, box.top + 5), size, pal.TEXT, anchor="midtop")
        text.blit(frame, rise, (box.centerx, box.top + 25), "tiny", pal.GOLD_LIGHT, anchor="midtop")
        if extra:
            size = text.fit(extra, box.width - 4, "tiny", smallest=10)
            text.blit(frame, extra, (box.centerx, box.top + 43), size, pal.TEXT_DIM, anchor="midtop")

    def draw(self, surface: pygame.Surface, software: float, mining: float) -> None:
        if self._frame is None:
            self._frame = self._paint()
        surface.blit(self._frame, self.rect.topleft)
        for track, value, colour in (("software", software, pal.SKY), ("mining", mining, pal.ORANGE)):
            boxes = self.boxes(track)
            low = max(0, min(len(boxes) - 1, math.floor(value)))
            high = min(len(boxes) - 1, low + 1)
            frac = value - low
            a, b = boxes[low], boxes[high]
            marker = pygame.Rect(a.left + (b.left - a.left) * frac, a.top, a.width, a.height)
            pygame.draw.rect(surface, colour, marker.inflate(4, 4), 3, border_radius=8)


@dataclass
class DeckShown:
    """One news deck as drawn: the numbers left, every number, and the face-up discard."""

    deck: str
    left: Sequence[int]
    every: Sequence[int]
    top_card: tuple[int, str, str] | None  # number, headline, effect


class DecksView:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        half = (rect.width - 10) // 2
        self.halves = (pygame.Rect(rect.left, rect.top, half, rect.height),
                       pygame.Rect(rect.left + half + 10, rect.top, half, rect.height))

    def discard_rect(self, index: int) -> pygame.Rect:
        half = self.halves[index]
        return pygame.Rect(half.left + 62, half.top + 8, half.width - 70, half.height - 42)

    def draw(self, surface: pygame.Surface, decks: Sequence[DeckShown]) -> None:
        for index, (half, deck) in enumerate(zip(self.halves, decks, strict=False)):
            panel(surface, half, pal.PANEL, radius=10, border=pal.PANEL_EDGE)
            colour = pal.GOLD if deck.deck == "bitcoin_news" else pal.GREEN
            pile = pygame.Rect(half.left + 10, half.top + 10, 44, 62)
            for k in range(min(3, len(deck.left)), 0, -1):
                draw_card_back(surface, pile.move(-2 * k + 2, -2 * k + 2), colour)
            if not deck.left:
                pygame.draw.rect(surface, pal.PANEL_EDGE, pile, 2, border_radius=5)
            text.blit(surface, f"{len(deck.left)} left", (pile.centerx, pile.bottom + 3), "tiny", pal.TEXT_DIM,
                      anchor="midtop")
            discard = self.discard_rect(index)
            if deck.top_card:
                draw_card_face(surface, discard, deck.deck, deck.top_card)
            else:
                pygame.draw.rect(surface, pal.SUNKEN, discard, border_radius=6)
                text.blit(surface, f"{DECK_NAMES[deck.deck]}: no card drawn", discard.center, "tiny", pal.TEXT_DIM,
                          anchor="center")
            self._chips(surface, half, deck, colour)

    @staticmethod
    def _chips(surface: pygame.Surface, half: pygame.Rect, deck: DeckShown, colour: pal.Colour) -> None:
        x = half.left + 62
        y = half.bottom - 28
        text.blit(surface, "left:", (x, y + 10), "tiny", pal.TEXT_DIM, anchor="midleft")
        x += text.width("left:", "tiny") + 6
        for number in deck.every:
            chip = pygame.Rect(x, y, 22, 20)
            if number in deck.left:
                pygame.draw.rect(surface, colour, chip, border_radius=5)
                text.blit(surface, str(number), chip.center, "tiny", pal.TEXT_DARK, anchor="center")
            else:
                pygame.draw.rect(surface, pal.PANEL_EDGE, chip, 1, border_radius=5)
                text.blit(surface, str(number), chip.center, "tiny", pal.TEXT_DIM, anchor="center")
                pygame.draw.line(surface, pal.TEXT_DIM, chip.bottomleft, chip.topright)
            x += 26


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect, colour: pal.Colour) -> None:
    pygame.draw.rect(surface, pal.SHADOW, rect.move(0, 2), border_radius=5)
    pygame.draw.rect(surface, pal.darker(colour, 90), rect, border_radius=5)
    pygame.draw.rect(surface, colour, rect.inflate(-8, -8), 2, border_radius=4)
    pygame.draw.circle(surface, colour, rect.center, 7, 2)


def draw_card_face(surface: pygame.Surface, rect: pygame.Rect, deck: str, card: tuple[int, str, str]) -> None:
    """The face of a news card: its deck, number, headline (wrapped) and effect."""
    number, headline, effect = card
    colour = pal.GOLD if deck == "bitcoin_news" else pal.GREEN
    pygame.draw.rect(surface, pal.SHADOW, rect.move(0, 3), border_radius=6)
    pygame.draw.rect(surface, pal.TEXT, rect, border_radius=6)
    pygame.draw.rect(surface, colour, (rect.left, rect.top, rect.width, 18), border_top_left_radius=6,
                     border_top_right_radius=6)
    text.blit(surface, f"{DECK_NAMES[deck]} {number}", (rect.left + 8, rect.top + 9), "tiny", pal.TEXT_DARK,
              anchor="midleft")
    rows, shown = card_lines(rect, headline, effect)
    for k, line in enumerate(rows):
        text.blit(surface, line, (rect.left + 6, rect.top + 21 + CARD_ROW * k), CARD_PX, pal.TEXT_DARK)
    if shown:  # the effect always shows, on its own last line: a long headline gives way, never the effect
        text.blit(surface, shown, (rect.left + 6, rect.top + 21 + CARD_ROW * len(rows)), CARD_PX,
                  pal.darker(colour, 80))


def card_lines(rect: pygame.Rect, headline: str, effect: str) -> tuple[list[str], str]:
    """The headline rows and the effect row that fit on a news card of `rect`: the effect is
    always kept (clipped only if it alone is too wide); the headline gets the rows left."""
    width = rect.width - 12
    rows = max(1, (rect.height - 21 - 2) // CARD_ROW)
    headline_rows = text.wrap(f"\"{headline}\"", width, CARD_PX)
    keep = rows - (1 if effect else 0)
    if len(headline_rows) > keep:
        headline_rows = [*headline_rows[:max(0, keep - 1)], _clip(" ".join(headline_rows[keep - 1:]), width)]
        headline_rows = headline_rows[:keep]
    return headline_rows, _clip(effect, width) if effect else ""


def _clip(line: str, width: int) -> str:
    if text.width(line, CARD_PX) <= width:
        return line
    while line and text.width(line + "…", CARD_PX) > width:
        line = line[:-1]
    return line.rstrip() + "…"
