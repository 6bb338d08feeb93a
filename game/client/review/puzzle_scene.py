"""Puzzle review: step through a walk with the best score still reachable at every step.

The solver proves each step's best in a Worker, one step after another from the start, so
the screen fills in while the player already looks around (a bar shows how far it got). A
move that lost coins is marked on the board and in the list; B shows the best continuation
from the step on screen, once the player has solved the level at par unaided (the best line is
help: game.coinland.campaign.best_line_shown decides, and showing it marks the level helped
like Solve); S shares the walk with its level code.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.coinland.board_view import BoardView
from game.client.review.common import StepScene, draw_board, lines_in
from game.client.worker import Worker
from game.coinland.actions import Move
from game.coinland.campaign import best_line_shown
from game.coinland.level_key import level_key
from game.coinland.levels import Level, parse_level
from game.records import Replay
from game.review.puzzle import STEP_SECONDS, Reach, review_step
from game.review.words import action_words
from game.wording import plural

BOARD = pygame.Rect(20, 84, 740, 636)
LOCKED_BEST = "The best line opens once you have solved this level at par on your own."


def walk_text(shown: Replay) -> str:
    """The walk as `review --walk` reads it: `Q,R Q,R ... stop`."""
    words = []
    for action in shown.actions:
        words.append(f"{action.to[0]},{action.to[1]}" if isinstance(action, Move) else "stop")
    return " ".join(words)


class PuzzleReviewScene(StepScene):
    def __init__(self, shown: Replay, seconds: float = STEP_SECONDS) -> None:
        super().__init__(shown)
        level, _ = parse_level(shown.record.setup["level"], "record")
        assert level is not None  # the replay parsed it already
        self.level: Level = level
        self.code = str(shown.record.setup.get("code", ""))
        self.seconds = seconds
        self.view = BoardView(level.size, BOARD)
        self.reaches: list[Reach] = []
        self.worker: Worker | None = None
        self.show_best = False
        self.failed = ""

    # --- proving, one step at a time in a Worker -----------------------------------------
    def enter(self) -> None:
        super().enter()
        self._next_job()
        self._mark_if_better()

    def _mark_if_better(self) -> None:
        """A walk worth more stars than the player's own unaided best here (a record copied in from
        someone else) shows a better walk than she found: that is help, so the level is marked
        helped like after Solve (game.coinland.campaign), and a toast says so. Her own walks never
        are: one that earned stars unaided set her best."""
        from game.client.coinland.packs import trusted_par
        from game.coinland.campaign import stars

        key, store = level_key(self.level), self.app.store
        par, purse = trusted_par(self.level), self.level.purse
        if store.helped(key) or stars(self.shown.final.purses[0], par, purse) <= stars(store.best(key), par, purse):
            return
        store.mark_helped(key)
        self.app.toast("This walk earns more stars than your own best here: seeing it marks the level helped "
                       "(it keeps the stars you had).", 8.0)

    @property
    def best_open(self) -> bool:
        """May the best line be drawn? Only once the player's own unaided best on this level
        reaches par (a level with no par on file: the review's proved best from the start)."""
        from game.client.coinland.packs import trusted_par  # a made-up par on a copy of a shipped board

        par = trusted_par(self.level)
        start = self.reach(0)
        if par is None and start is not None and start.proved:
            par = start.score
        return best_line_shown(self.app.store.best(level_key(self.level)), par)

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker = None

    def _next_job(self) -> None:
        index = len(self.reaches)
        if index > self.count or self.failed:
            return
        previous = self.reaches[-1] if self.reaches else None
        action = self.shown.actions[index - 1] if index else None
        self.worker = Worker(review_step, previous, action, self.shown.board(index), self.seconds,
                             name="coinland-review")

    @property
    def proving(self) -> bool:
        return len(self.reaches) <= self.count and not self.failed

    def update(self, dt: float) -> None:
        worker = self.worker
        if worker is None or not worker.done:
            return
        self.worker = None
        if worker.error is not None:
            self.failed = f"The solver stopped: {worker.error}"
            return
        self.reaches.append(worker.result)
        self._next_job()

    def reach(self, step: int) -> Reach | None:
        return self.reaches[step] if step < len(self.reaches) else None

    def loss(self, move: int) -> int | None:
        """Coins move number `move` (1-based) certainly cost; None until both sides are known."""
        before, after = self.reach(move - 1), self.reach(move)
        if before is None or after is None:
            return None
        return max(0, before.score - after.bound)

    # --- buttons and keys ------------------------------------------------------------------
    def extra_buttons(self) -> list[tuple[str, Any]]:
        return [("Hide best" if self.show_best else "Best line", self.toggle_best), ("Share", self.share)]

    def toggle_best(self) -> None:
        if not self.show_best and not self.best_open:
            self.app.toast(LOCKED_BEST)
            return
        self.show_best = not self.show_best
        if self.show_best:  # the best line is help: the level is marked helped, as after Solve
            self.app.store.mark_helped(level_key(self.level))
        self.refresh()

    def share(self) -> None:
        from game.client.review.share_scene import ShareWalkScene

        self.app.push(ShareWalkScene(self.level.name, self.code, walk_text(self.shown)))

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_b:
            self.toggle_best()
            return True
        if event.key == pygame.K_s:
            self.share()
            return True
        return False

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, f"Review: {self.level.name}",
                        f"{self.code}  ·  Left/Right step · B best line · S share · Esc back")
        state = self.shown.board(self.step)
        draw_board(surface, self.view, state)
        if self.step > 0:
            self._draw_last_move(surface)
        reach = self.reach(self.step)
        if self.show_best and self.best_open and reach is not None and reach.walk:
            cells = [state.pawns[0], *reach.walk]
            self.view.path_line(surface, cells, pal.GREEN)
            for number, cell in enumerate(reach.walk, 1):
                self.view.badge(surface, cell, str(number), pal.GREEN)
        self._draw_side(surface)
        self.draw_buttons(surface)

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        action = self.shown.actions[self.step - 1]
        if not isinstance(action, Move):
            return
        origin = self.shown.board(self.step - 1).pawns[0]
        loss = self.loss(self.step)
        colour = pal.BAD if loss else pal.GOLD
        self.view.path_line(surface, [origin, action.to], colour)
        if loss:
            self.view.badge(surface, action.to, f"-{loss}", pal.BAD, pal.TEXT)

    def _draw_side(self, surface: pygame.Surface) -> None:
        inner = self.draw_side(surface)
        y = inner.top
        state = self.shown.board(self.step)
        if self.step == 0:
            head = "The start of the walk"
        else:
            action = self.shown.actions[self.step - 1]
            head = f"Move {self.step} of {self.count}: {action_words(self.shown.before[self.step - 1], action)}"
        text.blit(surface, head, (inner.left, y), text.fit(head, inner.width, "heading"), pal.GOLD)
        y += 48
        lines: list[tuple[str, pal.Colour]] = [(f"Purse: {plural(state.purses[0], 'coin')}", pal.TEXT)]
        reach = self.reach(self.step)
        lines.append((f"Best reachable from here: {reach.text()}" if reach else
                      "Best reachable from here: proving…", pal.TEXT))
        if self.step > 0:
            loss = self.loss(self.step)
            before = self.reach(self.step - 1)
            if loss is None:
                lines.append(("What this move cost: proving…", pal.TEXT_DIM))
            elif loss:
                lines.append((f"This move cost {plural(loss, 'coin')} (best before it: {before.text()}).", pal.BAD))
            else:
                lines.append(("This move lost nothing.", pal.GOOD))
        if not self.best_open:
            lines.append(("Best line (B): shown once you solve this level at par on your own.", pal.TEXT_DIM))
        y = lines_in(surface, lines, inner, y)
        y += 14
        y = self._draw_summary(surface, inner, y)
        self._draw_progress(surface, inner)

    def _draw_summary(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        best = self.reach(0)
        score = self.shown.final.purses[0]
        lines: list[tuple[str, pal.Colour]] = []
        if best is not None:
            par = f" (par {self.level.par})" if self.level.par is not None else ""
            lines.append((f"Best possible: {best.text()}{par}. You kept {plural(score, 'coin')}.", pal.TEXT))
        costly = [(m, self.loss(m)) for m in range(1, self.count + 1)]
        marked = [(m, loss) for m, loss in costly if loss]
        if marked:
            lines.append(("Moves that lost coins:", pal.TEXT_DIM))
            for move, loss in marked[:8]:
                action = action_words(self.shown.before[move - 1], self.shown.actions[move - 1])
                colour = pal.GOLD if move == self.step else pal.TEXT
                lines.append((f"  {move}. {action}: {plural(loss or 0, 'coin')}", colour))
            if len(marked) > 8:
                lines.append((f"  and {len(marked) - 8} more", pal.TEXT_DIM))
        elif not self.proving and best is not None and not self.shown.final.is_over:
            lines.append(("The walk stopped before its end: what it left is lost.", pal.TEXT_DIM))
        elif not self.proving and best is not None:
            lines.append(("No move lost a coin: a perfect walk." if best.proved else
                          "No move is proved to have lost a coin.", pal.GOOD))
        return lines_in(surface, lines, inner, y, "small")

    def _draw_progress(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        bar = pygame.Rect(inner.left, inner.bottom - 18, inner.width, 14)
        if self.failed:  # wrapped: an error's text never runs off the panel
            rows = text.wrap(self.failed, inner.width, "tiny")[:3]
            for k, row in enumerate(rows):
                text.blit(surface, row, (inner.left, bar.top - 10 - 20 * (len(rows) - k)), "tiny", pal.BAD)
            return
        done, total = len(self.reaches), self.count + 1
        label = (f"Proving the best at each step: {done} of {total}" if self.proving else
                 "Every step proved" if all(r.proved for r in self.reaches) else
                 "Done; some steps say 'at least' (the solver's time ran out)")
        text.blit(surface, label, (inner.left, bar.top - 30), text.fit(label, inner.width, "small"), pal.TEXT_DIM)
        pygame.draw.rect(surface, pal.SUNKEN, bar, border_radius=7)
        filled = bar.copy()
        filled.width = max(0, int(bar.width * done / total))
        if filled.width:
            pygame.draw.rect(surface, pal.GOLD, filled, border_radius=7)

