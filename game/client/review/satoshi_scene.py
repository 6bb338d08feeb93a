"""Finding Satoshi replay: the table at every step with every role face up, the log in sync.

The replay draws with the table's own views (track, Prices Board, Advancement Board, the
players' areas), fed from the full engine state rather than the public view, so every role
card is face up from the first step. The side column lists the decisive moments (the price
crossing a limit, guesses, the end; M jumps to the next one) and the log up to the step on
screen, its newest lines highlighted.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.review.common import StepScene, lines_in, nice_date
from game.client.satoshi import layout
from game.client.satoshi.boards_view import AdvancementBoard, Prices, PricesBoard
from game.client.satoshi.log_text import describe
from game.client.satoshi.players_view import PlayersView, Seated
from game.client.satoshi.session import PAWN_COLOURS
from game.client.satoshi.track_view import TrackView
from game.records import Replay
from game.review.satoshi import Moment, limits, moments
from game.wording import plural

SIDE = pygame.Rect(layout.SIDE.left, layout.SIDE.top, layout.SIDE.width, 680)
BUTTON_SPAN = (layout.TRACK.left, layout.SIDE.right)


class SatoshiReplayScene(StepScene):
    button_span = BUTTON_SPAN

    def __init__(self, shown: Replay) -> None:
        super().__init__(shown)
        start = shown.start
        setup = shown.record.setup
        self.names = [str(seat["name"]) for seat in setup["seats"]]
        self.kinds = [str(seat["kind"]) for seat in setup["seats"]]
        self.colours = [PAWN_COLOURS[int(seat["colour"])][1] for seat in setup["seats"]]
        self.track = TrackView(start.data, start.layout)
        self.prices = PricesBoard(layout.PRICES)
        self.advance = AdvancementBoard(layout.ADVANCE, start.data)
        self.players = PlayersView(start.data, start.n, start.options.savings)
        self.moments: list[Moment] = moments(start, shown.events, self.names)
        self.limits = limits(start)
        self.log: list[list[str]] = [self._lines(shown.start_events)]
        self.log += [self._lines(caused) for caused in shown.events]

    def _lines(self, events: list[Any]) -> list[str]:
        data = self.shown.start.data
        return [line for line in (describe(e, self.names, data) for e in events) if line]

    # --- moments -----------------------------------------------------------------------------
    def extra_buttons(self) -> list[tuple[str, Any]]:
        return [("Moment >", self.next_moment)]

    def next_moment(self) -> None:
        later = [m.step for m in self.moments if m.step > self.step]
        self.go(later[0] if later else (self.moments[0].step if self.moments else self.count))

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_m:
            self.next_moment()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        state = self.shown.board(self.step)
        title = f"Replay: Finding Satoshi, {nice_date(self.shown.record.date)}  ·  every role face up"
        text.blit(surface, title, (layout.TRACK.centerx, 20), text.fit(title, layout.TRACK.width + 100, "small"),
                  pal.GOLD, anchor="center")
        self.track.draw(surface)
        self.prices.draw(surface, Prices(state.food, state.internet, state.bitcoin,
                                         state.data.rules.job_effect.get(state.n, 0), self.limits,
                                         state.options.difficulty))
        self.advance.draw(surface, state.software, state.mining)
        active = None if state.is_over else state.current_player
        self.track.draw_pawns(surface, [p.space for p in state.players],
                              [(c, n[:1].upper()) for c, n in zip(self.colours, self.names, strict=True)],
                              {}, active, 0.0)
        seated = [Seated(name=name, kind=kind, colour=colour, player=player, usd=player.usd, btc=player.btc,
                         jobs=player.jobs)
                  for name, kind, colour, player in zip(self.names, self.kinds, self.colours, state.players,
                                                         strict=True)]
        self.players.draw(surface, seated, None if state.is_over else state.turn, None, True)
        self._draw_side(surface, state)
        self.draw_buttons(surface)

    def _draw_side(self, surface: pygame.Surface, state: Any) -> None:
        from game.client.widgets import panel

        panel(surface, SIDE, pal.PANEL, radius=12, border=pal.PANEL_EDGE)
        inner = SIDE.inflate(-24, -20)
        y = inner.top
        head = "Setup" if self.step == 0 else f"{self.step}. {self.step_words(self.step)}"
        y = lines_in(surface, [(head, pal.GOLD)], pygame.Rect(inner.left, y, inner.width, 60), y, "small", 2) + 6
        status = f"Round {state.round}  ·  Bitcoin ${state.bitcoin}  ·  limits ${self.limits[0]} / ${self.limits[1]}"
        text.blit(surface, status, (inner.left, y), text.fit(status, inner.width, "small"), pal.TEXT_DIM)
        y += 30
        text.blit(surface, "Decisive moments (M)", (inner.left, y), "small", pal.GOLD)
        y += 26
        shown_moments = self.moments[:7]
        lines = []
        for moment in shown_moments:
            colour = pal.TEXT if moment.step <= self.step else pal.TEXT_DIM
            if self._current_moment() is moment:
                colour = pal.GOLD
            lines.append((f"{moment.step}. {moment.text}", colour))
        if len(self.moments) > 7:
            lines.append((f"and {plural(len(self.moments) - 7, 'more moment')}", pal.TEXT_DIM))
        if not lines:
            lines.append(("None: the price never crossed a limit and nobody guessed.", pal.TEXT_DIM))
        moments_box = pygame.Rect(inner.left, y, inner.width, 300)
        y = lines_in(surface, lines, moments_box, y, "tiny", 2) + 12
        text.blit(surface, "Log", (inner.left, y), "small", pal.GOLD)
        y += 26
        self._draw_log(surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y))

    def step_words(self, step: int) -> str:
        """What happened at this step in the log's words ("Ada moves 3 spaces for 4 BTC to End."),
        not the engine's notation ("move 3 16,16 16,17 end"), which only a replay file needs."""
        lines = self.log[step]
        return lines[0] if lines else self.shown.actions[step - 1].text

    def _current_moment(self) -> Moment | None:
        passed = [m for m in self.moments if m.step <= self.step]
        return passed[-1] if passed else None

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The newest whole log lines up to this step, the current step's own lines in white."""
        fit = rect.height // 22
        rows: list[tuple[str, pal.Colour]] = []
        for index in range(self.step, -1, -1):
            colour = pal.TEXT if index == self.step else pal.TEXT_DIM
            for line in reversed(self.log[index]):
                parts = text.wrap(line, rect.width, "tiny")
                if len(rows) + len(parts) > fit:
                    break
                rows = [(part, colour) for part in parts] + rows
            else:
                continue
            break
        for row, (line, colour) in enumerate(rows):
            text.blit(surface, line, (rect.left, rect.top + row * 22), "tiny", colour)
