"""Each player's area: name and colour, whose turn, Fiat $ and BTC, savings, jobs, role card.

Everything comes from the public table view, so a hidden role reads as a face-down card.
The one exception is `own_role`: with a single human at the table her own card is shown in
her own area, read by the table from `session.view_for(seat)`, never from the full state.
Money and jobs are handed in as the director shows them, so counters tick as coins land.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.bitcoin.data import GameData
from game.bitcoin.state import HIDDEN, SATOSHI, Player
from game.client import palette as pal
from game.client import text
from game.client.satoshi import layout
from game.client.satoshi.track_view import draw_pawn
from game.client.widgets import panel


@dataclass
class Seated:
    """One seat as drawn now."""

    name: str
    kind: str  # "human" or a computer strength
    colour: pal.Colour
    player: Player  # from the public view: role HIDDEN unless revealed
    usd: int
    btc: int
    jobs: Sequence[str]
    own_role: str = ""  # the single human's own role, from her own view
    pop: float = 0.0  # seconds left of the money counter's pop


SHADOW = 6  # room under an area for its panel's shadow


def _fast(picture: pygame.Surface) -> pygame.Surface:
    """A per-pixel-alpha picture in the display's format (much quicker to blit), when there is a display."""
    return picture.convert_alpha() if pygame.display.get_surface() is not None else picture


def role_words(role: str) -> str:
    return "Satoshi" if role == SATOSHI else "Bitcoin Geek"


class PlayersView:
    def __init__(self, data: GameData, players: int, savings: bool) -> None:
        self.data = data
        self.count = players
        self.savings = savings
        self._cache: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}

    def forget(self) -> None:
        """Repaint every area on the next draw."""
        self._cache.clear()

    def rect(self, seat: int) -> pygame.Rect:
        return layout.player_rect(seat, self.count)

    def draw(self, surface: pygame.Surface, seats: Sequence[Seated], turn: int | None, deciding: int | None,
             over: bool) -> None:
        """Each area from its cached picture, repainted only when something shown in it changed."""
        for index, seat in enumerate(seats):
            rect = self.rect(index)
            key = (seat.name, seat.kind, seat.colour, seat.player, seat.usd, seat.btc, tuple(seat.jobs),
                   seat.own_role, round(seat.pop, 2), index == turn, index == deciding, over, rect.size)
            cached = self._cache.get(index)
            if cached is None or cached[0] != key:
                picture = pygame.Surface((rect.width, rect.height + SHADOW), pygame.SRCALPHA)
                self._area(picture, pygame.Rect(0, 0, rect.width, rect.height), seat, index == turn,
                           index == deciding, over)
                cached = self._cache[index] = (key, _fast(picture))
            surface.blit(cached[1], rect.topleft)

    def _area(self, surface: pygame.Surface, rect: pygame.Rect, seat: Seated, turn: bool, deciding: bool,
              over: bool) -> None:
        border = pal.GOLD if turn else pal.SKY if deciding else pal.PANEL_EDGE
        panel(surface, rect, pal.PANEL_LIGHT if turn else pal.PANEL, radius=10, border=border)
        if turn:
            pygame.draw.rect(surface, pal.GOLD, rect, 3, border_radius=10)
        pygame.draw.rect(surface, seat.colour, (rect.left + 3, rect.top + 8, 5, rect.height - 16), border_radius=2)
        draw_pawn(surface, (rect.left + 24, rect.top + 17), 9, seat.colour, seat.name[:1].upper())
        name_px = text.fit(seat.name, 110, "small", smallest=14)
        text.blit(surface, seat.name, (rect.left + 40, rect.top + 17), name_px, pal.TEXT, anchor="midleft")
        tag = "TURN" if turn else "ANSWERS" if deciding else seat_tag(seat)
        tag_colour = pal.GOLD if turn else pal.SKY if deciding else pal.TEXT_DIM
        text.blit(surface, tag, (rect.right - 10, rect.top + 17), "tiny", tag_colour, anchor="midright")
        self._money(surface, rect, seat)
        self._jobs(surface, rect, seat)
        self._role(surface, rect, seat, over)

    def _money(self, surface: pygame.Surface, rect: pygame.Rect, seat: Seated) -> None:
        y = rect.top + 42
        grow = 1.0 + 0.35 * max(0.0, seat.pop) / 0.25
        bill = pygame.Rect(rect.left + 14, y - 8, 24, 15)
        draw_bill(surface, bill)
        text.blit(surface, f"${seat.usd}", (bill.right + 5, y), round(22 * grow), pal.TEXT, anchor="midleft")
        x = rect.left + 104
        draw_btc(surface, (x, y), 8)
        text.blit(surface, f"{seat.btc} BTC", (x + 12, y), round(22 * grow), pal.GOLD_LIGHT, anchor="midleft")
        if self.savings:
            text.blit(surface, f"saved {seat.player.savings}", (rect.right - 8, y + 1), "tiny", pal.TEXT_DIM,
                      anchor="midright")

    def _jobs(self, surface: pygame.Surface, rect: pygame.Rect, seat: Seated) -> None:
        """Job cards stacked full width: the name large enough to read, main or 2nd on the right."""
        if not seat.jobs:
            first = job_card_rect(rect, 0)
            text.blit(surface, "no job", (rect.left + 14, first.centery), "tiny", pal.TEXT_DIM, anchor="midleft")
        for k, job_id in enumerate(seat.jobs[:2]):
            card = job_card_rect(rect, k)
            job = self.data.jobs[job_id]
            colour = pal.GREEN if job.is_fiat else pal.GOLD
            pygame.draw.rect(surface, pal.SHADOW, card.move(0, 2), border_radius=5)
            pygame.draw.rect(surface, pal.TEXT, card, border_radius=5)
            pygame.draw.rect(surface, colour, (card.left, card.top, 7, card.height), border_top_left_radius=5,
                             border_bottom_left_radius=5)
            rank = "main" if k == 0 else "2nd"
            rank_width = text.width(rank, "tiny")
            size = text.fit(job.name, card.width - rank_width - 24, "tiny", smallest=12)
            text.blit(surface, job.name, (card.left + 11, card.centery + 1), size, pal.TEXT_DARK, anchor="midleft")
            text.blit(surface, rank, (card.right - 6, card.centery + 1), "tiny", pal.darker(colour, 70),
                      anchor="midright")

    def _role(self, surface: pygame.Surface, rect: pygame.Rect, seat: Seated, over: bool) -> None:
        y = role_line_y(rect)
        player = seat.player
        x = rect.left + 14
        if player.role != HIDDEN and (player.revealed or over):
            colour = pal.GOLD if player.role == SATOSHI else pal.SKY
            x = badge(surface, (x, y), role_words(player.role), colour)
        else:
            card = pygame.Rect(x, y - 9, 14, 18)
            pygame.draw.rect(surface, pal.PURPLE, card, border_radius=3)
            pygame.draw.rect(surface, pal.TEXT, card.inflate(-6, -6), 1, border_radius=2)
            x = card.right + 5
            if seat.own_role:  # the lone human's own card, read from her own view
                label = f"your role: {role_words(seat.own_role)}"
                x = badge(surface, (x, y), label, pal.GOLD if seat.own_role == SATOSHI else pal.SKY)
            else:
                text.blit(surface, "role hidden", (x, y), "tiny", pal.TEXT_DIM, anchor="midleft")
                x += text.width("role hidden", "tiny")
        if player.guessed:
            badge(surface, (x + 6, y), "guessed", pal.VERMILION)


def job_card_rect(area: pygame.Rect, k: int) -> pygame.Rect:
    """Where a player's main (k 0) or second (k 1) job card lies in her area."""
    height = 18 if area.height < 140 else 24
    return pygame.Rect(area.left + 12, area.top + 53 + k * (height + 3), area.width - 22, height)


def role_line_y(area: pygame.Rect) -> int:
    """The middle of the area's bottom line: the role card, "role hidden" or the role, "guessed"."""
    return area.bottom - 14


def badge(surface: pygame.Surface, at: tuple[int, int], label: str, colour: pal.Colour,
          size: str | int = "tiny") -> int:
    """A rounded label left-anchored at `at` (vertical centre); returns its right edge."""
    box = pygame.Rect(at[0], at[1] - 10, text.width(label, size) + 12, 20)
    pygame.draw.rect(surface, colour, box, border_radius=8)
    text.blit(surface, label, box.center, size, pal.TEXT_DARK, anchor="center")
    return box.right


def draw_bill(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dollar bill: green paper with a ring and a "$"."""
    pygame.draw.rect(surface, (34, 110, 64), rect, border_radius=3)
    pygame.draw.rect(surface, (140, 210, 150), rect, 1, border_radius=3)
    text.blit(surface, "$", rect.center, max(10, rect.height - 2), (200, 240, 200), anchor="center")


def draw_btc(surface: pygame.Surface, centre: tuple[float, float], radius: int) -> None:
    """A small bitcoin: gold disc with a "B" (the font has no bitcoin sign)."""
    pygame.draw.circle(surface, pal.GOLD_DARK, centre, radius + 1)
    pygame.draw.circle(surface, pal.GOLD, centre, radius - 1)
    text.blit(surface, "B", (centre[0], centre[1] + 1), max(9, radius * 2 - 2), pal.GOLD_DARK, anchor="center")


def seat_tag(seat: Seated) -> str:
    """"you" for the lone human (the only one whose own role is shown), else who plays the seat."""
    if seat.kind != "human":
        return seat.kind
    return "you" if seat.own_role else "human"


def aside_rect(players: int) -> pygame.Rect:
    """Under the seats: where a two-player game's set-aside role card lies."""
    last = layout.player_rect(players - 1, players)
    return pygame.Rect(layout.PLAYERS.left, last.bottom + 14, layout.PLAYERS.width, 156)


def draw_aside(surface: pygame.Surface, rect: pygame.Rect, role: str) -> None:
    """The third role card of a two-player game: face down (so Satoshi may not be in play), or
    face up once the game is over. `role` is what the public view holds: HIDDEN until then."""
    panel(surface, rect, pal.PANEL, radius=10, border=pal.PANEL_EDGE)
    text.blit(surface, "Set aside", (rect.left + 12, rect.top + 16), "small", pal.TEXT, anchor="midleft")
    card = pygame.Rect(rect.left + 14, rect.top + 34, 44, 62)
    pygame.draw.rect(surface, pal.SHADOW, card.move(0, 3), border_radius=6)
    face_up = role not in (HIDDEN, "")
    if face_up:
        colour = pal.GOLD if role == SATOSHI else pal.SKY
        pygame.draw.rect(surface, colour, card, border_radius=6)
        words = [f"The card set aside was {role_words(role)}."]
    else:
        pygame.draw.rect(surface, pal.PURPLE, card, border_radius=6)
        pygame.draw.rect(surface, pal.TEXT, card.inflate(-12, -12), 2, border_radius=4)
        words = ["One role card lies face down all game.", "Satoshi may not be in play at all."]
    y = rect.top + 34
    for line in words:
        for row in text.wrap(line, rect.right - card.right - 22, "tiny"):
            text.blit(surface, row, (card.right + 10, y), "tiny", pal.TEXT if face_up else pal.TEXT_DIM)
            y += 19
