"""Classic and Duel review: every move with the evaluation before and after it, and a graph.

Each move is weighed in a Worker (the hard player's search to a fixed depth, the exact
solver once a Classic board is fixed), one after another, so the graph grows while the
player already steps through the game. Mistakes are marked by what they cost their mover.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.board_view import BoardView
from game.client.review.common import StepScene, draw_board, lines_in, nice_date
from game.client.worker import Worker
from game.coinland.state import HOARDER, Mode
from game.records import Replay
from game.review.match import DEPTH, NODE_LIMIT, MoveEval, review_move
from game.review.words import action_words
from game.wording import object_form, possessive

BOARD = pygame.Rect(20, 84, 740, 636)
GRAPH_HEIGHT = 170


def seat_names(shown: Replay) -> list[str]:
    names = list(shown.record.players)
    return names + ["Seat 1", "Seat 2"][len(names):]



def coins(value: float) -> str:
    """A value in coins as read: whole numbers plain ("7"), others to one decimal ("7.5")."""
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def plural_coins(value: float) -> str:
    return f"{coins(value)} {'coin' if coins(value) == '1' else 'coins'}"


def whole(value: float, exact: bool) -> str:
    """A value in whole coins, with "about" when it is an estimate."""
    return f"{round(value)}" if exact else f"about {round(value)}"


def verdict_lines(mode: Mode, found: MoveEval, name: str) -> list[tuple[str, pal.Colour]]:
    """The values from the mover's side and what the move cost her, beyond the noise only."""
    before = found.mover_side(found.before, mode)
    after = found.mover_side(found.after, mode)
    was, now = whole(abs(before) if mode is Mode.CLASSIC else before, found.exact), \
        whole(abs(after) if mode is Mode.CLASSIC else after, found.after_exact)
    exact = " (exact)" if found.exact else ""
    if mode is Mode.CLASSIC and found.mover == HOARDER:
        values = f"{possessive(name)} coins with good play: {was} before, {now} after{exact}"
    elif mode is Mode.CLASSIC:
        values = (f"The Hoarder keeps with good play: {was} before, {now} after (fewer is better for "
                  f"{object_form(name)}){exact}")
    else:
        values = f"{possessive(name)} lead with good play: {was} before, {now} after{exact}"
    lines: list[tuple[str, pal.Colour]] = [(values, pal.TEXT)]
    cost = round(found.cost)
    about = "" if found.exact else "about "
    if found.label:
        noise = f" (give or take {round(found.noise)})" if round(found.noise) else ""
        lines.append((f"A {found.label}: it cost {about}{cost} {'coin' if cost == 1 else 'coins'}{noise}. "
                      f"Better (green): {found.best_words}.", pal.BAD))
    elif found.in_noise or (found.cost > 0 and not cost):
        lines.append(("As good as the search's choice, within the play-outs' noise.", pal.TEXT_DIM))
    elif found.cost > 0:
        lines.append((f"Close: {about}{cost} {'coin' if cost == 1 else 'coins'} behind {found.best_words}.",
                      pal.TEXT_DIM))
    else:
        lines.append(("As good as the search's choice.", pal.GOOD))
    return lines

class MatchReviewScene(StepScene):
    def __init__(self, shown: Replay, depth: int = DEPTH, node_limit: int = NODE_LIMIT) -> None:
        super().__init__(shown)
        self.depth, self.node_limit = depth, node_limit
        self.mode: Mode = shown.start.mode
        self.view = BoardView(shown.start.size, BOARD)
        self.evals: list[MoveEval] = []
        self.worker: Worker | None = None
        self.failed = ""
        self.names = seat_names(shown)

    # --- weighing the moves in a Worker ---------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self._next_job()

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker = None

    def _next_job(self) -> None:
        index = len(self.evals)
        if index >= self.count or self.failed:
            return
        before, game = self.shown.before[index], self.shown.game_of[index]
        seat = self.seat_of(before.to_move, game)
        self.worker = Worker(review_move, index + 1, before, self.shown.actions[index], game, self.depth,
                             self.node_limit, seat, tuple(self.names[:2]), name="coinland-review")

    @property
    def busy(self) -> bool:
        return len(self.evals) < self.count and not self.failed

    def update(self, dt: float) -> None:
        worker = self.worker
        if worker is None or not worker.done:
            return
        self.worker = None
        if worker.error is not None:
            self.failed = f"The search stopped: {worker.error}"
            return
        self.evals.append(worker.result)
        self._next_job()

    # --- who is who --------------------------------------------------------------------
    def game_at(self, step: int) -> int:
        return self.shown.game_of[step - 1] if step > 0 else 0

    def hoarder_seat(self, game: int) -> int | None:
        if self.mode is not Mode.CLASSIC:
            return None
        first = int(self.shown.record.setup.get("first_hoarder", 0))
        return first if game == 0 else 1 - first

    def seat_of(self, mover: int, game: int) -> int:
        hoarder = self.hoarder_seat(game)
        if hoarder is None:
            return mover
        return hoarder if mover == HOARDER else 1 - hoarder

    def side_label(self, game: int) -> str:
        if self.mode is Mode.CLASSIC:
            hoarder = self.hoarder_seat(game)
            return f"{possessive(self.names[hoarder or 0])} coins as Hoarder"
        return f"{possessive(self.names[0])} lead"

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        kind = "Classic match" if self.mode is Mode.CLASSIC else "Duel"
        self.draw_title(surface, f"Review: {kind}, {self.names[0]} vs {self.names[1]}",
                        f"{nice_date(self.shown.record.date)}  ·  Left/Right step · Home/End · Esc back")
        game = self.game_at(self.step)
        state = self.shown.board(self.step)
        draw_board(surface, self.view, state, self.hoarder_seat(game))
        if self.step > 0:
            self._mark_move(surface)
        self._draw_side(surface)
        self.draw_buttons(surface)

    def _mark_move(self, surface: pygame.Surface) -> None:
        """The played move in gold (red when it was a mistake), and the better one beside it in green:
        its path, or its gate drawn as a ghost, on the board the move was played from."""
        action = self.shown.actions[self.step - 1]
        before = self.shown.before[self.step - 1]
        found = self._eval(self.step)
        self._mark(surface, before, action, pal.BAD if found and found.label else pal.GOLD)
        better = self.better_action(self.step)
        if better is not None:
            self._mark(surface, before, better, pal.GOOD, ghost=True)

    def better_action(self, step: int) -> Any:
        """The better move to draw at `step`: the search's choice when it beat the played move by more
        than the noise (None otherwise)."""
        from game.coinland.actions import parse_action

        found = self._eval(step)
        if found is None or found.best == found.action or found.cost <= 0 or found.in_noise:
            return None
        return parse_action(found.best)

    def _mark(self, surface: pygame.Surface, before: Any, action: Any, colour: pal.Colour, ghost: bool = False) -> None:
        from game.coinland.actions import Gate, Move, Wait
        from game.coinland.rules import wait_edge

        if isinstance(action, Move):
            origin = before.hoarder_of(before.to_move)
            if origin is not None:
                self.view.path_line(surface, [origin, action.to], colour)
            self.view.outline(surface, action.to, colour, 4)
            return
        edge = action.edge if isinstance(action, Gate) else wait_edge(before) if isinstance(action, Wait) else None
        if edge is None:
            return
        if ghost:
            self.view.draw_gate(surface, edge, colour, ghost=True)
        a, b = self.view.edge_points(edge)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        pygame.draw.circle(surface, colour, (round(mid[0]), round(mid[1])), int(self.view.hex * 0.3), 4)

    def _eval(self, move: int) -> MoveEval | None:
        return self.evals[move - 1] if 0 < move <= len(self.evals) else None

    def _draw_side(self, surface: pygame.Surface) -> None:
        inner = self.draw_side(surface)
        y = inner.top
        game = self.game_at(self.step)
        if self.step == 0:
            head = "The start"
            lines: list[tuple[str, pal.Colour]] = []
        else:
            before = self.shown.before[self.step - 1]
            seat = self.seat_of(before.to_move, game)
            action = self.shown.actions[self.step - 1]
            head = f"Move {self.step}" + (f" (game {game + 1})" if self.mode is Mode.CLASSIC else "")
            lines = [(f"{self.names[seat]}: {action_words(before, action, tuple(self.names[:2]))}",
                      pal.PLAYER_COLOURS[seat])]
            found = self._eval(self.step)
            if found is None:
                lines.append(("Weighing this move…", pal.TEXT_DIM))
            else:
                lines += verdict_lines(self.mode, found, self.names[seat])
        text.blit(surface, head, (inner.left, y), text.fit(head, inner.width, "heading"), pal.GOLD)
        y = lines_in(surface, lines, inner, y + 48)
        text.blit(surface, f"Values: {self.side_label(game)}", (inner.left, y + 4),
                  text.fit(f"Values: {self.side_label(game)}", inner.width, "small"), pal.TEXT_DIM)
        graph = pygame.Rect(inner.left, inner.bottom - GRAPH_HEIGHT - 30, inner.width - 40, GRAPH_HEIGHT)
        self._draw_mistakes(surface, pygame.Rect(inner.left, y + 40, inner.width, graph.top - y - 50))
        self._draw_graph(surface, graph)
        status = (f"Weighing moves: {len(self.evals)} of {self.count}" if self.busy else
                  self.failed or "Every move weighed")
        rows = text.wrap(status, inner.width, "tiny")[:2]  # a long error wraps, never runs off the panel
        for k, row in enumerate(rows):
            text.blit(surface, row, (inner.left, inner.bottom - 22 - 20 * (len(rows) - 1 - k)), "tiny",
                      pal.BAD if self.failed else pal.TEXT_DIM)

    def _draw_mistakes(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        marked = sorted((e for e in self.evals if e.label), key=lambda e: (-e.cost, e.number))
        if not marked:
            lines = [("No mistakes found yet." if self.busy else
                      f"No move among the first {len(self.evals)} weighed cost a coin beyond the noise." if self.failed
                      else "No move cost a coin beyond the noise.", pal.TEXT_DIM)]
        else:
            lines = [("Costliest moves:", pal.TEXT_DIM)]
            for found in marked[:5]:
                seat = self.seat_of(found.mover, found.game)
                colour = pal.GOLD if found.number == self.step else pal.TEXT
                price = whole(found.cost, found.exact)
                lines.append((f"Move {found.number}, {self.names[seat]}: {found.label}, {price} "
                               f"{'coin' if round(found.cost) == 1 else 'coins'}", colour))
        lines_in(surface, lines, rect, rect.top, "small", 2)

    def _draw_graph(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, pal.SUNKEN, rect, border_radius=8)
        if not self.evals:
            return
        values = [e.before for e in self.evals] + [e.after for e in self.evals]
        low, high = min(0.0, *values), max(1.0, *values)
        span = max(1.0, high - low)
        pad = 10

        def point(index: float, value: float) -> tuple[float, float]:
            x = rect.left + pad + (rect.width - 2 * pad) * index / max(1, self.count)
            y = rect.bottom - pad - (rect.height - 2 * pad) * (value - low) / span
            return x, y

        zero = point(0, 0.0)[1]
        pygame.draw.line(surface, pal.PANEL_EDGE, (rect.left + pad, zero), (rect.right - pad, zero), 1)
        lines: dict[int, list[tuple[float, float]]] = {}
        for e in self.evals:
            lines.setdefault(e.game, []).append(point(e.number - 1, e.before))
            last = e.number == self.count or self.shown.game_of[e.number] != e.game
            if last:
                lines[e.game].append(point(e.number, e.after))
        for game, points in lines.items():
            colour = pal.PLAYER_COLOURS[self.hoarder_seat(game) or 0] if self.mode is Mode.CLASSIC else pal.GOLD
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, 3)
        for e in self.evals:
            if e.label:
                pygame.draw.circle(surface, pal.BAD, [round(v) for v in point(e.number, e.after)], 5)
        x = point(self.step, 0.0)[0]
        pygame.draw.line(surface, pal.TEXT, (x, rect.top + 4), (x, rect.bottom - 4), 2)
        text.blit(surface, f"{high:.0f}", (rect.right + 6, rect.top + 4), "tiny", pal.TEXT_DIM, anchor="topleft")
        text.blit(surface, f"{low:.0f}", (rect.right + 6, rect.bottom - 4), "tiny", pal.TEXT_DIM,
                  anchor="bottomleft")

    def extra_buttons(self) -> list[tuple[str, Any]]:
        return [("Worst move", self.worst)]

    def worst(self) -> None:
        marked = sorted((e for e in self.evals if e.label), key=lambda e: (-e.cost, e.number))
        if not marked:
            self.app.toast("No mistake found" + (" yet." if self.busy else "."))
            return
        self.go(marked[0].number)
