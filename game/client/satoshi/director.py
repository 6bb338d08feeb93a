"""Animation driven by the engine's events: pawns hop, the die rolls, cards flip, money flies.

The pieces themselves live in animations.py and dice.py; this module decides which to queue.

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

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from game.bitcoin import events as ev
from game.bitcoin.events import BANK
from game.client import palette as pal
from game.client.effects import Flight, Popup
from game.client.satoshi import layout
from game.client.satoshi.animations import (
    BillFlight,
    CardFlip,
    JobChange,
    PawnHop,
    Slide,
    StayPopup,
    Transfer,
    player_popup,
    price_popup_point,
)
from game.client.satoshi.boards_view import DecksView
from game.client.satoshi.dice import DieRoll, DieShown
from game.client.satoshi.track_view import TrackView
from game.client.tween import Point, Shake, Timeline, Tween, Wait

PAWN_BASE, PAWN_PER_STEP = 0.18, 0.04
FLIGHT, FLIGHT_GAP = 0.35, 0.08


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
