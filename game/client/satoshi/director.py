"""Animation driven by the engine's events: pawns hop, the die rolls, cards flip, money flies.

`Director.play(events)` turns one action's events into a queue of stages (game/client/tween.py):
the pawn hopping space by space (180 ms + 40 ms per step, ease-out cubic), a square die thrown
with pymunk onto the table and landing on its face, a news card flipping onto its discard pile,
price and advancement markers sliding, coins (BTC) and bills ($) flying between players and the
bank, job cards appearing and leaving. While a stage is pending, the director tells the table
what to show instead of the engine's newest state (`money`, `price`, `advance`, `jobs`, ...),
derived from the pending tweens themselves, so the numbers can never drift: when the queue is
empty, everything drawn is the engine's state. `finish()` completes it all at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame
import pymunk

from game.bitcoin import events as ev
from game.bitcoin.events import BANK
from game.client import palette as pal
from game.client import text
from game.client.effects import Flight, Popup
from game.client.satoshi import layout
from game.client.satoshi.boards_view import DecksView, PricesBoard, draw_card_back, draw_card_face
from game.client.satoshi.players_view import draw_bill
from game.client.satoshi.track_view import TrackView
from game.client.tween import Point, Shake, Timeline, Tween, Wait, along, ease_out_cubic, lerp

PAWN_BASE, PAWN_PER_STEP = 0.18, 0.04
FLIGHT, FLIGHT_GAP = 0.35, 0.08
SLIDE = 0.45
FLIP = 0.5
ROLL, ROLL_REST = 1.0, 0.35


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


class DieRoll(Tween):
    """A square die thrown onto the table (pymunk): it bounces, spins, settles, then shows its face."""

    def __init__(self, area: pygame.Rect, value: int, colour: pal.Colour, rng: random.Random,
                 physics: bool = True) -> None:
        super().__init__(ROLL + ROLL_REST if physics else 0.6)
        self.area, self.value, self.colour, self.physics = area, value, colour, physics
        self.rng = rng
        self.face = value
        self.flicker = 0.0
        self.space: pymunk.Space | None = None
        self.body: pymunk.Body | None = None
        self.size = 30

    def start(self) -> None:
        if self.physics and self.space is None:
            self._throw()
        super().start()

    def _throw(self) -> None:
        space = pymunk.Space()
        space.gravity = (0, 1500)
        a = self.area
        for p, q in (((a.left, a.top - 300), (a.left, a.bottom)), ((a.left, a.bottom), (a.right, a.bottom)),
                     ((a.right, a.bottom), (a.right, a.top - 300))):
            wall = pymunk.Segment(space.static_body, p, q, 3)
            wall.elasticity, wall.friction = 0.5, 0.9
            space.add(wall)
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (self.size, self.size)))
        body.position = (a.left + 24, a.top + 10)
        body.velocity = (self.rng.uniform(380, 520), self.rng.uniform(-420, -260))
        body.angular_velocity = self.rng.uniform(-14, 14)
        box = pymunk.Poly.create_box(body, (self.size, self.size), 4)
        box.elasticity, box.friction = 0.45, 0.8
        space.add(body, box)
        self.space, self.body = space, body

    def step(self, dt: float) -> None:
        super().step(dt)
        if self.space is None or self.done or not self.started:
            return
        rolling = self.elapsed - self.delay < ROLL
        if rolling:
            for _ in range(2):
                self.space.step(dt / 2)
            self.flicker += dt
            if self.flicker > 0.08:
                self.flicker = 0.0
                self.face = self.rng.randint(1, 6)
        else:
            self.face = self.value

    def resting(self) -> tuple[Point, float]:
        if self.body is None:
            return (float(self.area.centerx), float(self.area.centery)), 0.0
        settled = self.elapsed - self.delay >= ROLL
        angle = 0.0 if settled else math.degrees(self.body.angle)
        return (self.body.position.x, self.body.position.y), angle

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.running:
            return
        centre, angle = self.resting()
        draw_die(surface, centre, self.size, self.face if self.physics else self.value, angle, self.colour)


class DieShown(Tween):
    """The die at rest with its face, a little while after the roll (decoration)."""

    def __init__(self, centre: Point, value: int, colour: pal.Colour, label: str) -> None:
        super().__init__(1.6)
        self.centre, self.value, self.colour, self.label = centre, value, colour, label

    def draw(self, surface: pygame.Surface, context: object = None) -> None:
        if not self.started:
            return
        draw_die(surface, self.centre, 30, self.value, 0.0, self.colour)
        text.blit(surface, self.label, (self.centre[0], self.centre[1] + 24), "tiny", pal.TEXT, anchor="midtop",
                  shadow=True)


def draw_die(surface: pygame.Surface, centre: Point, size: int, value: int, angle: float, colour: pal.Colour) -> None:
    """A white die with pips, rotated by `angle` degrees, rimmed in the roller's colour."""
    face = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    rect = pygame.Rect(2, 2, size, size)
    pygame.draw.rect(face, colour, rect, border_radius=7)
    pygame.draw.rect(face, pal.TEXT, rect.inflate(-4, -4), border_radius=6)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(value, [(0, 0)])
    step = size * 0.25
    for dx, dy in pips:
        pygame.draw.circle(face, pal.TEXT_DARK, (rect.centerx + dx * step, rect.centery + dy * step), 3)
    art = pygame.transform.rotate(face, angle) if angle else face
    pygame.draw.ellipse(surface, pal.SHADOW, (centre[0] - size / 2, centre[1] + size / 2 - 4, size, 9))
    surface.blit(art, art.get_rect(center=(round(centre[0]), round(centre[1]))))


class Director:
    """Owns the queue of one table's animations and what it overrides while they play."""

    def __init__(self, track: TrackView, decks: DecksView, players: int, sound: Callable[..., None],
                 reduced_motion: Callable[[], bool], colours: Sequence[pal.Colour],
                 tops: dict[str, tuple[int, str, str] | None]) -> None:
        self.track = track
        self.decks = decks
        self.players = players
        self._sound = sound
        self.reduced_motion = reduced_motion
        self.colours = colours
        self.tops = dict(tops)  # the face-up discard of each deck, as queued so far
        self.timeline = Timeline()
        self.decor: list[Tween] = []
        self.shake = Shake()
        self.pops = [0.0] * players
        self.quiet = False
        self.rng = random.Random(5)

    def sound(self, name: str, **options: Any) -> None:
        if not self.quiet:
            self._sound(name, **options)

    def decorate(self, tween: Tween) -> None:
        """A pop-up or a resting die; none while everything is being completed at once (no pile-up)."""
        if not self.quiet:
            self.decor.append(tween)

    def anchor(self, who: int) -> Point:
        return layout.BANK if who == BANK else layout.money_anchor(who, self.players)

    # --- state ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def finish(self) -> None:
        """Complete every queued animation now (a click or a key never waits)."""
        self.quiet = True
        try:
            self.timeline.finish()
        finally:
            self.quiet = False

    def update(self, dt: float, speed: float) -> None:
        self.timeline.update(dt, speed)
        for tween in self.decor:
            tween.step(dt * max(speed, 1.0))
        self.decor = [t for t in self.decor if not t.done]
        self.pops = [max(0.0, p - dt) for p in self.pops]
        self.shake.update(dt)

    # --- what to show instead of the newest state ---------------------------------------------
    def pawn_positions(self) -> dict[int, Point]:
        out: dict[int, Point] = {}
        for tween in self.timeline.pending():
            if isinstance(tween, PawnHop) and tween.player not in out:
                out[tween.player] = tween.position()
        return out

    def money(self, seat: int, currency: str, final: int) -> int:
        shown = final
        for tween in self.timeline.pending():
            if isinstance(tween, Transfer) and tween.currency == currency:
                if tween.payee == seat and not tween.done:
                    shown -= tween.amount
                if tween.payer == seat and not tween.started:
                    shown += tween.amount
        return max(0, shown)

    def _slid(self, key: str, final: float) -> float:
        for tween in self.timeline.pending():
            if isinstance(tween, Slide) and tween.key == key:
                return tween.value()
        return final

    def price(self, item: str, final: int) -> float:
        return self._slid(f"price:{item}", final)

    def advance(self, track: str, final: int) -> float:
        return self._slid(f"advance:{track}", final)

    def jobs(self, seat: int, final: Sequence[str]) -> list[str]:
        shown = list(final)
        for tween in reversed(self.timeline.pending()):
            if isinstance(tween, JobChange) and tween.player == seat and not tween.done:
                if tween.taken and tween.job in shown:
                    shown.remove(tween.job)
                elif not tween.taken and tween.job not in shown:
                    shown.append(tween.job)
        return shown

    def deck(self, deck: str, left: Sequence[int], top: tuple[int, str, str] | None
             ) -> tuple[list[int], tuple[int, str, str] | None]:
        """The cards left and the face-up discard as shown: a card still to flip is in the deck."""
        shown, first = list(left), None
        for tween in self.timeline.pending():
            if isinstance(tween, CardFlip) and tween.deck == deck and not tween.done:
                if tween.number not in shown:
                    shown.append(tween.number)
                if first is None:
                    first = tween
        return sorted(shown), (first.before if first is not None else top)

    # --- queueing --------------------------------------------------------------------------
    def play(self, events: Sequence[object]) -> None:
        for event in events:
            handler = self._handlers.get(type(event).__name__)
            if handler is not None:
                handler(self, event)

    def _pawn(self, event: ev.PawnMoved) -> None:
        start = self.track.track.start
        path = list(event.path) or [start]
        points = [self.track.centre(event.origin), *(self.track.centre(s) for s in path)]
        hop = PawnHop(event.player, points, PAWN_BASE + PAWN_PER_STEP * len(path))
        hop.on_start = lambda: self.sound("click")
        self.timeline.add(hop)

    def _die(self, event: ev.DieRolled) -> None:
        colour = self.colours[event.player] if 0 <= event.player < len(self.colours) else pal.TEXT
        roll = DieRoll(layout.DIE_AREA, event.value, colour, self.rng, physics=not self.reduced_motion())
        label = f"{event.total} ({event.purpose})" if event.total != event.value else event.purpose

        def rest() -> None:
            centre, _ = roll.resting()
            self.decorate(DieShown(centre, event.value, colour, label))
            self.sound("gate")

        roll.on_done = rest
        self.timeline.add(roll)

    def _card(self, event: ev.CardDrawn) -> None:
        index = 0 if event.deck == "bitcoin_news" else 1
        card = (event.number, event.headline, event.effect)
        flip = CardFlip(event.deck, self.decks.discard_rect(index), card, self.tops.get(event.deck), event.number)
        flip.on_start = lambda: self.sound("swap")
        self.tops[event.deck] = card
        self.timeline.add(flip)

    def _reshuffle(self, event: ev.DeckReshuffled) -> None:
        self.tops[event.deck] = None

    def _price(self, event: ev.PriceChanged) -> None:
        if event.old == event.new:
            return
        colour = pal.GOOD if event.new > event.old else pal.BAD
        where = self._price_point(event.item)

        def popup() -> None:
            sign = "+" if event.new > event.old else "-"
            self.decorate(StayPopup(where, f"{sign}${abs(event.new - event.old)}", colour, 0.9, size="body"))
            if event.item == "bitcoin" and abs(event.new - event.old) >= 10 and not self.reduced_motion():
                self.shake.kick(0.35)

        self.timeline.add(Slide(f"price:{event.item}", event.old, event.new, on_done=popup))

    @staticmethod
    def _price_point(item: str) -> Point:
        return price_popup_point(item)

    def _advance(self, event: ev.AdvancementMoved) -> None:
        data = self.track.data
        if event.track == "software":
            old, new = data.software_index(event.old), data.software_index(event.new)
        else:
            old, new = data.mining_index(event.old), data.mining_index(event.new)
        self.timeline.add(Slide(f"advance:{event.track}", old, new, on_done=lambda: self.sound("swap")))

    def _money(self, event: ev.MoneyPaid) -> None:
        if event.amount <= 0:
            return
        start, end = self.anchor(event.payer), self.anchor(event.payee)
        pieces = min(event.amount, 2 if self.reduced_motion() else 5)
        duration = FLIGHT + FLIGHT_GAP * (pieces - 1)
        flights: list[Tween] = [Transfer(event.payer, event.payee, event.currency, event.amount, duration,
                                         on_done=self._landed(event.payee, event.currency))]
        for k in range(pieces):
            kind = Flight if event.currency == "btc" else BillFlight
            flights.append(kind(start, end, 9, FLIGHT, delay=FLIGHT_GAP * k,
                                on_start=lambda: self.sound("fee")))
        self.timeline.add(*flights)

    def _landed(self, payee: int, currency: str) -> Callable[[], None]:
        def land() -> None:
            if payee != BANK:
                self.pops[payee] = 0.25
            self.sound("coin" if currency == "btc" else "click", combo=2)
        return land

    def _job(self, event: ev.JobTaken | ev.JobQuit) -> None:
        taken = isinstance(event, ev.JobTaken)
        self.timeline.add(JobChange(event.player, event.job, taken))
        name = self.track.data.jobs[event.job].name
        self._popup_at_player(event.player, f"{'+' if taken else '-'} {name}", pal.GOOD if taken else pal.BAD)

    def _popup_at_player(self, player: int, label: str, colour: pal.Colour) -> None:
        if not 0 <= player < self.players:
            return
        where, size = player_popup(player, self.players, label)
        self.timeline.join(Wait(0.0, on_done=lambda: self.decorate(StayPopup(where, label, colour, 1.0,
                                                                                  size=size))))

    def _tile(self, event: ev.TileLanded) -> None:
        x, y = self.track.centre(event.space)
        label = event.kind.replace("_", " ").capitalize()
        self.timeline.add(Wait(0.05, on_done=lambda: self.decorate(Popup((x, y - 16), label, pal.TEXT, 1.0,
                                                                              size="small"))))

    def _expenses(self, event: ev.LivingExpenses) -> None:
        if event.missed:
            self._popup_at_player(event.player, "misses the move", pal.BAD)

    def _guess(self, event: ev.GuessMade) -> None:
        self._popup_at_player(event.player, "right guess!" if event.correct else "wrong guess",
                              pal.GOOD if event.correct else pal.BAD)
        self.timeline.add(Wait(0.3))

    def _revealed(self, event: ev.RoleRevealed) -> None:
        if event.role == "satoshi":
            self._popup_at_player(event.player, "Satoshi!", pal.GOLD)

    def _event(self, event: ev.PersonalEventHappened) -> None:
        self._popup_at_player(event.player, event.title, pal.YELLOW)
        self.timeline.add(Wait(0.25))

    _handlers: ClassVar[dict[str, Callable[[Director, Any], None]]] = {
        "PawnMoved": _pawn, "DieRolled": _die, "CardDrawn": _card, "DeckReshuffled": _reshuffle,
        "PriceChanged": _price, "AdvancementMoved": _advance, "MoneyPaid": _money, "JobTaken": _job,
        "JobQuit": _job, "TileLanded": _tile, "LivingExpenses": _expenses, "GuessMade": _guess,
        "RoleRevealed": _revealed, "PersonalEventHappened": _event,
    }

    # --- drawing ------------------------------------------------------------------------------
    def draw_cards(self, surface: pygame.Surface) -> None:
        for tween in self.timeline.current():
            if isinstance(tween, CardFlip):
                tween.draw(surface)

    def draw_flying(self, surface: pygame.Surface) -> None:
        """Dice, money in the air and pop-ups: over everything but the panels."""
        for tween in self.decor:
            tween.draw(surface)
        for tween in self.timeline.current():
            if isinstance(tween, Flight | DieRoll):
                tween.draw(surface)
