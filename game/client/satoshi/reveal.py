"""The end of a Finding Satoshi game: every role card turned up one by one, the winners celebrated.

The scene plays steps in order: the final price and the winning condition, then each role
card flips (in a two-player game the card set aside too); when everybody wins, Satoshi's card
comes last, bigger and in a ring of light, because that is the one way Satoshi wins. Then the
winners are named with a shower of physics coins, and the standings and the buttons appear.

A click or a key completes the running step; `app.speed` sets the pace and 0 shows the final
picture at once; reduced motion drops the card flips' squeeze and the rays' turning. Everything
shown comes from `session.state.outcome` and the final state, which the engine has revealed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.bitcoin.state import SATOSHI, Outcome
from game.client import palette as pal
from game.client import text
from game.client.focus import FocusGroup
from game.client.physics import CoinPhysics
from game.client.satoshi.handover import seat_colour
from game.client.satoshi.role_card import draw_card, role_name
from game.client.satoshi.session import TableSession
from game.client.scenes import LOGICAL, Scene, footer
from game.client.tween import ease_out_back, ease_out_cubic
from game.client.widgets import Button
from game.wording import listing

INTRO, FLIP, SATOSHI_FLIP, CELEBRATE = 0.9, 0.75, 1.6, 2.4  # seconds at speed 1
ROW_TOP = 178
ROW_WIDTH = 1180
CARD_GAP = 14
SHOWER = pygame.Rect(0, 0, LOGICAL[0], LOGICAL[1] - 10)


@dataclass(frozen=True)
class Card:
    """One role card on the table at the end: whose (seat, or -1 for the card set aside) and which role."""

    seat: int
    role: str
    label: str


@dataclass(frozen=True)
class Step:
    kind: str  # "intro", "flip", "celebrate"
    seconds: float
    card: int = -1  # index into the cards, for flips


def condition_line(outcome: Outcome) -> str:
    """The winning condition that decided the game, in words."""
    low, high = outcome.limits
    price = f"The Bitcoin price ended at ${outcome.price}"
    if outcome.condition == "everyone":
        return f"{price}: at ${high} or more everybody wins, Satoshi too."
    if outcome.condition == "bitcoin":
        return f"{price}: from ${low} to ${high - 1} the Bitcoin Geek with the most Bitcoins wins."
    return f"{price}: under ${low} the Bitcoin Geek with the most Fiat money wins."


def winners_line(outcome: Outcome, names: tuple[str, ...]) -> str:
    if outcome.condition == "everyone":
        return "Everybody wins!"
    who = [names[w] for w in outcome.winners]
    if not who:
        return "Nobody wins"
    if len(who) == 1:
        return f"{who[0]} win!" if who[0] == "You" else f"{who[0]} wins!"
    return f"{listing(who)} win!"


def detail_line(outcome: Outcome, names: tuple[str, ...]) -> str:
    end = (f"{names[outcome.finisher]} reached End." if 0 <= outcome.finisher < len(names)
           else "The round limit was reached.")
    if outcome.tie_break == "shared":
        return f"{end} Still tied after the tie-break: the win is shared."
    if outcome.tie_break:
        return f"{end} The tie was broken by {outcome.tie_break}."
    return end


class RevealScene(Scene):
    """The end-of-game reveal over the table; `finished` once it has played; then Play again / Menu."""

    overlay = True

    def __init__(self, session: TableSession, *, watch: bool = False,
                 on_close: Callable[[], None] | None = None) -> None:
        self.session = session
        self.watch = watch
        self.on_close = on_close
        state = session.state
        assert state.outcome is not None, "the reveal needs a finished game"
        self.outcome: Outcome = state.outcome
        self.everyone = self.outcome.condition == "everyone"
        self.cards = self._cards()
        self.steps = self._steps()
        self.step = 0
        self.elapsed = 0.0
        self.clock = 0.0
        self.flipped: set[int] = set()
        self.celebrated = False
        self.finished = False
        self.closed = False
        self.physics = CoinPhysics()
        self.rng = random.Random(session.seed)
        self.headline = winners_line(self.outcome, session.names)
        self.group = FocusGroup([])

    # --- what is revealed ----------------------------------------------------------------
    def _cards(self) -> list[Card]:
        state = self.session.state
        cards = [Card(i, p.role, self.session.names[i]) for i, p in enumerate(state.players)]
        if state.aside:
            cards.append(Card(-1, state.aside, "Set aside"))
        return cards

    def flip_order(self) -> list[int]:
        """Card indices in the order they turn up: seat order, Satoshi last when everybody wins."""
        order = list(range(len(self.cards)))
        if self.everyone:
            order.sort(key=lambda i: self.cards[i].role == SATOSHI)
        return order

    def _steps(self) -> list[Step]:
        steps = [Step("intro", INTRO)]
        for index in self.flip_order():
            climax = self.everyone and self.cards[index].role == SATOSHI
            steps.append(Step("flip", SATOSHI_FLIP if climax else FLIP, index))
        steps.append(Step("celebrate", CELEBRATE))
        return steps

    # --- playing -------------------------------------------------------------------------
    def enter(self) -> None:
        from game.client.review.keep import keep_satoshi

        keep_satoshi(self.app, self.session, watch=self.watch)  # kept for review (a watched game too, marked)
        if self.app.speed <= 0:
            self.complete_all()

    @property
    def current(self) -> Step | None:
        return self.steps[self.step] if self.step < len(self.steps) else None

    def complete_step(self) -> None:
        """Finish the running step now (a click or a key)."""
        step = self.current
        if step is None:
            return
        if step.kind == "flip":
            self.flipped.add(step.card)
            if self.cards[step.card].role == SATOSHI and self.everyone:
                self._satoshi_burst(step.card)
        elif step.kind == "celebrate":
            self.celebrated = True
        self.step += 1
        self.elapsed = 0.0
        self._begin()

    def complete_all(self) -> None:
        while self.current is not None:
            self.complete_step()

    def _begin(self) -> None:
        """A step starts: sounds and coins for it; the end when none is left."""
        step = self.current
        if step is None:
            self._finish()
            return
        animated = self.app.speed > 0
        if step.kind == "flip" and animated:
            self.app.audio.play("swap" if self.cards[step.card].role == SATOSHI else "click")
        if step.kind == "celebrate" and animated:
            self.app.audio.play("win")
            count = 24 if self.app.reduced_motion else (90 if self.everyone else 60)
            self.physics.shower(count, SHOWER, radius=15, rng=self.rng)

    def _satoshi_burst(self, index: int) -> None:
        if self.app.speed > 0 and not self.app.reduced_motion:
            centre = self.card_rect(index).center
            self.physics.shower(30, pygame.Rect(centre[0] - 160, 0, 320, SHOWER.bottom), radius=12, rng=self.rng)

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.group = FocusGroup(self._buttons(), horizontal=True, feedback=self.app.audio.play)
        if self.on_close is not None and not self.closed:
            self.closed = True
            self.on_close()

    def update(self, dt: float) -> None:
        speed = max(0.0, self.app.speed)
        self.clock += dt
        self.physics.step(dt * (speed if speed > 0 else 1.0))
        step = self.current
        if step is None:
            return
        if speed <= 0:  # switched to instant while it played
            self.complete_all()
            return
        self.elapsed += dt * speed
        if self.elapsed >= step.seconds:
            self.complete_step()

    def idle(self, dt: float) -> None:
        self.physics.step(dt)

    def progress(self) -> float:
        step = self.current
        return 0.0 if step is None else min(1.0, self.elapsed / max(step.seconds, 1e-6))

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if not self.finished:
            skip = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            skip = skip or (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.complete_all()
            elif skip:
                self.complete_step()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.menu()
            return
        self.group.handle(event)

    def _buttons(self) -> list[Button]:
        width, height, gap = 260, 52, 20
        top = LOGICAL[1] - 100
        left = LOGICAL[0] // 2 - width - gap // 2
        return [Button("Play again", self.play_again, pygame.Rect(left, top, width, height), primary=True),
                Button("Menu", self.menu, pygame.Rect(left + width + gap, top, width, height))]

    def play_again(self) -> None:
        """The same seats and options with a new seed, on a fresh table."""
        session = TableSession.start(replace(self.session.setup, seed=None))
        self.app.pop()
        self.app.switch("satoshi.table", session, watch=self.watch)

    def menu(self) -> None:
        """Back to the Finding Satoshi menu (opened anew when the game was started from elsewhere)."""
        if self.app.showing("satoshi.menu"):
            self.app.pop_to(lambda scene: self.app.is_scene(scene, "satoshi.menu"))
            return
        self.app.pop_to(lambda scene: False)
        self.app.open("satoshi.menu")

    # --- layout --------------------------------------------------------------------------
    def card_size(self) -> tuple[int, int]:
        count = len(self.cards)
        width = min(170, (ROW_WIDTH - (count - 1) * CARD_GAP) // count)
        return width, int(width * 1.4)

    def card_rect(self, index: int) -> pygame.Rect:
        width, height = self.card_size()
        count = len(self.cards)
        total = count * width + (count - 1) * CARD_GAP
        left = (LOGICAL[0] - total) // 2 + index * (width + CARD_GAP)
        return pygame.Rect(left, ROW_TOP, width, height)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # the whole screen is the reveal's: over a dimmed table its rows and lines crossed the
        # table's words, cut (game.client.clearance), so the table is hidden behind the bare backdrop
        surface.blit(self.app.backdrop, (0, 0))
        for index in range(len(self.cards)):  # the light first: it must not cover a card or a line of text
            if self._is_climax(index) and self._flip_amount(index) > 0:
                rect = self.card_rect(index)
                self._draw_rays(surface, rect.center, rect.height * 0.85 * self._pop(index), self._flip_amount(index))
        centre = LOGICAL[0] // 2
        heading = self.headline if self.celebrated else "Game over"
        colour = pal.GOLD if self.celebrated else pal.TEXT
        text.blit(surface, heading, (centre, 52), text.fit(heading, 1180, "title"), colour, anchor="center",
                  shadow=True)
        line = condition_line(self.outcome)
        text.blit(surface, line, (centre, 110), text.fit(line, 1200, "body"), pal.TEXT, anchor="center")
        detail = detail_line(self.outcome, self.session.names)
        text.blit(surface, detail, (centre, 142), "small", pal.TEXT_DIM, anchor="center")
        for index in range(len(self.cards)):
            self._draw_card(surface, index)
        if self.finished:
            self._draw_standings(surface)
        self.physics.draw(surface)
        step = self.current
        if step is not None and step.kind == "celebrate":
            self._draw_banner(surface, self.progress())
        if self.finished:
            self.group.draw(surface)
            footer(surface, "Enter: choose   ·   Left/Right: move   ·   Esc: menu")
        else:
            footer(surface, "Click or press a key to go on   ·   Esc: show everything")

    def _flip_amount(self, index: int) -> float:
        if index in self.flipped:
            return 1.0
        step = self.current
        if step is None or step.kind != "flip" or step.card != index:
            return 0.0
        t = self.progress()
        if self.app.reduced_motion:
            return 1.0 if t >= 0.5 else 0.0
        return ease_out_cubic(t)

    def _is_climax(self, index: int) -> bool:
        return self.everyone and self.cards[index].role == SATOSHI

    def _draw_card(self, surface: pygame.Surface, index: int) -> None:
        card = self.cards[index]
        rect = self.card_rect(index)
        flip = self._flip_amount(index)
        climax = self._is_climax(index)
        if climax and flip > 0:
            pop = self._pop(index)
            rect = rect.inflate(rect.width * (pop - 1), rect.height * (pop - 1))
        low, high = self.outcome.limits
        draw_card(surface, rect, card.role, low, high, flip, compact=True)
        name_colour = seat_colour(self.session, card.seat) if card.seat >= 0 else pal.TEXT_DIM
        base = self.card_rect(index)
        label_y = base.bottom + (32 if climax and flip > 0 else 20)
        text.blit(surface, card.label, (base.centerx, label_y), text.fit(card.label, base.width, "body"), name_colour,
                  anchor="center")
        if self.celebrated and card.seat in self.outcome.winners:
            self._draw_winner_tag(surface, (base.centerx, label_y + 28))

    def _pop(self, index: int) -> float:
        """How much bigger Satoshi's card grows as it turns up (it springs, then stays a little bigger)."""
        step = self.current
        if step is not None and step.kind == "flip" and step.card == index:
            return 1.0 + 0.08 * ease_out_back(self.progress(), 3.0)
        return 1.08

    def _draw_rays(self, surface: pygame.Surface, centre: tuple[int, int], radius: float, strength: float) -> None:
        """A ring of gold light behind Satoshi's card: the climax of an everybody-wins game."""
        size = int(radius * 2.4)
        glow = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        turn = 0.0 if self.app.reduced_motion else self.clock * 0.6
        for k in range(14):
            angle = turn + k * math.tau / 14
            tip = (c + math.cos(angle) * c, c + math.sin(angle) * c)
            left = (c + math.cos(angle - 0.09) * c * 0.2, c + math.sin(angle - 0.09) * c * 0.2)
            right = (c + math.cos(angle + 0.09) * c * 0.2, c + math.sin(angle + 0.09) * c * 0.2)
            pygame.draw.polygon(glow, (*pal.GOLD, int(110 * strength)), [left, tip, right])
        pygame.draw.circle(glow, (*pal.GOLD_LIGHT, int(70 * strength)), (c, c), c * 0.45)
        surface.blit(glow, glow.get_rect(center=centre))

    def _draw_winner_tag(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        tag = pygame.Rect(0, 0, 96, 26)
        tag.center = centre
        pygame.draw.rect(surface, pal.GOLD, tag, border_radius=13)
        text.blit(surface, "WINNER", tag.center, "tiny", pal.TEXT_DARK, anchor="center")

    def _draw_banner(self, surface: pygame.Surface, t: float) -> None:
        grow = ease_out_back(min(1.0, t / 0.18))
        fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
        y = ROW_TOP + self.card_size()[1] // 2
        band = pygame.Surface((LOGICAL[0], 150), pygame.SRCALPHA)
        band.fill((0, 0, 0, int(150 * fade)))
        surface.blit(band, (0, y - 75))
        size = text.fit(self.headline, 1200, "huge")
        art = text.render(self.headline, size, pal.GOLD)
        scaled = (max(1, int(art.get_width() * grow)), max(1, int(art.get_height() * grow)))
        art = pygame.transform.smoothscale(art, scaled)
        art.set_alpha(int(255 * fade))
        surface.blit(art, art.get_rect(center=(LOGICAL[0] // 2, y)))

    def _draw_standings(self, surface: pygame.Surface) -> None:
        state = self.session.state
        height = self.card_size()[1]
        top = ROW_TOP + height + 86
        columns = [("Player", 250, "midleft"), ("Role", 470, "midleft"), ("Dollars", 720, "midright"),
                   ("Bitcoins", 850, "midright"), ("Savings", 980, "midright"), ("Result", 1030, "midleft")]
        savings = state.options.savings
        if not savings:  # no savings without the advanced rule: no empty column
            columns = [c if c[0] != "Result" else ("Result", 960, "midleft") for c in columns if c[0] != "Savings"]
        row_h = min(30, (LOGICAL[1] - 110 - top) // (len(state.players) + 1))
        table = pygame.Rect(220, top - 6, 920, row_h * (len(state.players) + 1) + 12)
        pygame.draw.rect(surface, pal.SUNKEN, table, border_radius=12)
        for title, x, anchor in columns:
            text.blit(surface, title, (x, top + row_h // 2), "small", pal.TEXT_DIM, anchor=anchor)
        for seat, player in enumerate(state.players):
            y = top + row_h * (seat + 1) + row_h // 2
            won = seat in self.outcome.winners
            cells = [self.session.names[seat], role_name(player.role), f"${player.usd}", f"{player.btc} BTC",
                     *([f"{player.savings} BTC"] if savings else []), "won" if won else ""]
            for (_, x, anchor), cell in zip(columns, cells, strict=True):
                colour = seat_colour(self.session, seat) if x == columns[0][1] else (pal.GOLD if won else pal.TEXT)
                text.blit(surface, cell, (x, y), text.fit(cell, 200, "small"), colour, anchor=anchor)
