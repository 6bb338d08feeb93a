"""Animation driven by the rules engine's events: what a move looks and sounds like.

`Director.play(events)` queues, in order: the pawn sliding along its path (180 ms + 40 ms
per cell, ease-out cubic), the fee coins flying from payer to payee (one every 80 ms,
each with a tick), the collected coin bursting with pymunk and flying to the purse
(whose counter ticks up with a pop), gates drawn as a 220 ms stroke, and pop-ups.
Meanwhile it tells the board what to draw instead of the engine's newest state: where
pawns are, which coins are still there and which gates are not drawn yet. `finish()`
completes everything at once, so a click is never kept waiting.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.client import palette as pal
from game.client.coinland.board_view import BoardView
from game.client.effects import Banner, Flight, Popup
from game.client.physics import CoinPhysics
from game.client.tween import Point, Shake, Timeline, Tween, Wait, along, ease_out_cubic
from game.coinland.events import CoinCollected, EndDeclared, FeePaid, GateDrawn, Passed, PawnMoved
from game.hexgrid import Cell, Edge

PAWN_BASE, PAWN_PER_CELL = 0.18, 0.04
GATE_STROKE = 0.22
FEE_GAP, FEE_FLIGHT = 0.08, 0.35


class PawnSlide(Tween):
    def __init__(self, player: int, points: list[Point], duration: float) -> None:
        super().__init__(duration)
        self.player, self.points = player, points

    def position(self) -> Point:
        return along(self.points, ease_out_cubic(self.t)) if self.started else self.points[0]


class GateStroke(Tween):
    """A gate drawn from one end to the other."""

    def __init__(self, gate: Edge, colour: pal.Colour, style: str, duration: float = GATE_STROKE,
                 on_start: Callable[[], None] | None = None) -> None:
        super().__init__(duration, on_start=on_start)
        self.gate, self.colour, self.style = gate, colour, style

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        if self.started:
            view.draw_gate(surface, self.gate, self.colour, self.style, progress=ease_out_cubic(self.t))


class GateFlash(Tween):
    """The gates a Hoarder pays for glow while their fee flies."""

    def __init__(self, gates: tuple[Edge, ...], duration: float) -> None:
        super().__init__(duration)
        self.gates = gates

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        if not self.running:
            return
        for gate in self.gates:
            p, q = view.edge_points(gate, 1.0)
            pygame.draw.line(surface, pal.YELLOW, p, q, max(3, int(view.hex * 0.08)))


class Director:
    """Owns the timeline, the physics coins and the decorations of one board scene."""

    def __init__(self, view: BoardView, purses: tuple[int, int], anchor: Callable[[int], Point],
                 sound: Callable[..., None], reduced_motion: Callable[[], bool],
                 style: Callable[[int], tuple[pal.Colour, str]]) -> None:
        self.view = view
        self.anchor = anchor  # where player p's purse counter is on screen
        self._sound = sound
        self.quiet = False
        self.reduced_motion = reduced_motion
        self.style = style  # gate colour and style of player p
        self.timeline = Timeline()
        self.physics = CoinPhysics()
        self.decor: list[Tween] = []  # pop-ups and banners: never block anything
        self.shake = Shake()
        self.shown_purses = list(purses)
        self.pops = [0.0, 0.0]  # seconds left of each purse counter's pop
        self.pending_coins: set[Cell] = set()  # collected in the engine, still drawn until the pawn arrives
        self.hidden_gates: set[Edge] = set()  # drawn in the engine, not yet stroked on screen
        self.combo = [0, 0]
        self.rng = random.Random(11)

    def sound(self, name: str, **options: Any) -> None:
        if not self.quiet:
            self._sound(name, **options)

    # --- state --------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a move is still being shown (decorations do not count)."""
        return self.timeline.busy or self.physics.busy

    @property
    def moving(self) -> bool:
        """True while anything is on the move: a move being shown, a pop-up, a banner, coins in the
        air (a celebration's too), a shake, a purse counter popping. False: the board is at rest."""
        return (self.busy or bool(self.decor) or bool(self.physics.coins) or self.shake.strength > 0
                or any(pop > 0 for pop in self.pops))

    def sync(self, purses: tuple[int, int]) -> None:
        """Show the engine's purses (after a skip, an undo or a new game)."""
        self.shown_purses = list(purses)

    def finish(self, purses: tuple[int, int]) -> None:
        """Complete the move on screen now: a click or key never waits for an animation."""
        self.quiet = True
        try:
            self.timeline.finish()
            self.physics.finish_bursts()
        finally:
            self.quiet = False
        self.pending_coins.clear()
        self.hidden_gates.clear()
        self.sync(purses)

    def reset(self, purses: tuple[int, int]) -> None:
        """Drop everything in flight (undo, restart): nothing may tick a purse afterwards."""
        self.timeline = Timeline()
        self.physics = CoinPhysics()
        self.pending_coins.clear()
        self.hidden_gates.clear()
        self.combo = [0, 0]
        self.sync(purses)

    def pawn_positions(self) -> dict[int, Point]:
        out: dict[int, Point] = {}
        for tween in self.timeline.pending():
            if isinstance(tween, PawnSlide) and tween.player not in out:
                out[tween.player] = tween.position()
        return out

    # --- queueing -----------------------------------------------------------------------
    def play(self, events: list[Any]) -> None:
        """Queue the animations of one action's events, in order."""
        for event in events:
            if isinstance(event, PawnMoved):
                self._pawn(event)
            elif isinstance(event, FeePaid):
                self._fee(event)
            elif isinstance(event, CoinCollected):
                self._coin(event)
            elif isinstance(event, GateDrawn):
                self._gate(event)
            elif isinstance(event, Passed):
                where = self.anchor(event.player)
                self.decor.append(Popup((where[0] + 130, where[1] - 10), "Pass", pal.TEXT, 1.1, size="body"))
            elif isinstance(event, EndDeclared):
                where = self.anchor(event.player)
                self.decor.append(Popup((where[0] + 130, where[1] - 10), "Stop", pal.YELLOW, 1.2, size="body"))

    def _pawn(self, event: PawnMoved) -> None:
        points = [self.view.centre(event.origin), *(self.view.centre(c) for c in event.path)]
        self.pending_coins.add(event.target)
        self.timeline.add(PawnSlide(event.player, points, PAWN_BASE + PAWN_PER_CELL * len(event.path)))

    def _fee(self, event: FeePaid) -> None:
        self.combo[event.payer] = 0
        radius = self.view.coin_radius * 0.8
        start, end = self.anchor(event.payer), self.anchor(event.payee)
        flights: list[Tween] = [GateFlash(event.gates, FEE_FLIGHT + FEE_GAP * event.amount)]
        for k in range(event.amount):
            flights.append(Flight(start, end, radius, FEE_FLIGHT, delay=FEE_GAP * k,
                                  on_start=self._fee_leaves(event.payer), on_done=self._fee_lands(event.payee)))
        self.timeline.add(*flights)
        self.decor.append(Popup((start[0] + 130, start[1] - 10), f"-{event.amount}", pal.VERMILION, 1.0))

    def _fee_leaves(self, payer: int) -> Callable[[], None]:
        def leave() -> None:
            self.shown_purses[payer] -= 1
            self.sound("fee")
        return leave

    def _fee_lands(self, payee: int) -> Callable[[], None]:
        def land() -> None:
            self.shown_purses[payee] += 1
            self.pops[payee] = 0.25
        return land

    def _coin(self, event: CoinCollected) -> None:
        origin, target = self.view.centre(event.cell), self.anchor(event.player)
        combo = self.combo[event.player]
        self.combo[event.player] = combo + 1
        arrive = self._coin_lands(event.player, combo)

        def lift_off() -> None:
            self.pending_coins.discard(event.cell)
            self.decor.append(Popup((origin[0], origin[1] - self.view.hex * 0.5), "+1", pal.GOLD_LIGHT, 0.8))

        def burst() -> None:
            lift_off()
            self.physics.burst(origin, target, 1, self.view.coin_radius, arrive, self.rng,
                               floor_drop=self.view.hex * 0.55)

        if self.reduced_motion():
            self.timeline.add(Flight(origin, target, self.view.coin_radius, 0.35, on_start=lift_off, on_done=arrive,
                                     lift=0))
        else:
            self.timeline.add(Wait(0.0, on_done=burst))

    def _coin_lands(self, player: int, combo: int) -> Callable[[], None]:
        def land() -> None:
            self.shown_purses[player] += 1
            self.pops[player] = 0.25
            self.sound("coin", combo=combo)
        return land

    def _gate(self, event: GateDrawn) -> None:
        colour, style = self.style(event.player)
        self.hidden_gates.add(event.edge)

        def reveal() -> None:
            self.hidden_gates.discard(event.edge)

        stroke = GateStroke(event.edge, colour, style, on_start=lambda: self.sound("gate"))
        stroke.on_done = reveal
        self.timeline.add(stroke)

    # --- celebration --------------------------------------------------------------------
    def celebrate(self, label: str, sub: str = "", coins: int = 60) -> None:
        """A shower of physics coins and a banner; the screen shakes unless motion is reduced."""
        self.sound("win")
        self.decor.append(Banner(label, sub))
        if self.reduced_motion():
            return
        self.physics.shower(coins, pygame.Rect(0, 0, 1280, 790), radius=self.view.coin_radius * 0.8, rng=self.rng)
        self.shake.kick(0.8)

    def announce(self, label: str, sub: str = "", colour: pal.Colour = pal.GOLD) -> None:
        self.decor.append(Banner(label, sub, colour))

    # --- running and drawing ------------------------------------------------------------
    def update(self, dt: float, speed: float) -> None:
        if speed <= 0:
            self.timeline.finish()
            self.physics.finish_bursts()
            self.pending_coins.clear()
            self.hidden_gates.clear()
            self.physics.step(dt)
            self.decor = [t for t in self.decor if isinstance(t, Banner)]  # instant: no pop-ups either
        else:
            self.timeline.update(dt, speed)
            self.physics.step(dt * speed)
        for tween in self.decor:
            tween.step(dt)
        self.decor = [t for t in self.decor if not t.done]
        self.pops = [max(0.0, p - dt) for p in self.pops]
        if self.reduced_motion():
            self.shake.strength = 0.0
        self.shake.update(dt)

    def draw_board_effects(self, surface: pygame.Surface) -> None:
        """Gate strokes and flashes: drawn on the board, under the pawns."""
        for tween in self.timeline.current():
            if isinstance(tween, GateStroke | GateFlash):
                tween.draw(surface, self.view)

    def draw_flying(self, surface: pygame.Surface) -> None:
        """Coins in the air and pop-ups: drawn over everything but dialogs."""
        for tween in self.timeline.current():
            if isinstance(tween, Flight):
                tween.draw(surface)
        self.physics.draw(surface)
        for tween in self.decor:
            tween.draw(surface)
