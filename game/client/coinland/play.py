"""Playing Hoarder & Gatekeeper: a Puzzle, a Classic match or a Duel, humans or computers.

Mouse: the legal destinations show their cost on a badge; hover one to see the path and
the gates it pays for; click it to move. Near an edge, a preview of your gate follows
the pointer; click to draw it. Keyboard: the arrows move a cursor over the cells, Enter
moves there; 1-6 (or G to cycle) pick an edge of the cursor cell and Enter draws it; Tab
reaches the buttons. Shortcuts: U undo, R redo, N restart, H hint, S solve, E end after
this move, P pass, Esc pause. Any click or key during an animation completes it at once
and is then used as usual; nothing the player does is lost or ignored in silence.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.client import palette as pal
from game.client.coinland import computer, hud, hud_panels, layout, match_save
from game.client.coinland.director import Director
from game.client.coinland.packs import MY_LEVELS
from game.client.coinland.play_help import PuzzleHelp
from game.client.coinland.play_input import PlayInput
from game.client.coinland.rating import level_key
from game.client.coinland.sessions import HUMAN, MatchSession, PuzzleSession
from game.client.coinland.unlocks import newly_opened, open_names, pack_locks
from game.client.focus import FocusGroup
from game.client.review.keep import keep_coinland
from game.client.widgets import Button
from game.coinland.campaign import judge
from game.coinland.rules import explain_illegal
from game.coinland.state import HOARDER, Mode
from game.wording import object_form, plural, says, verb


class PlayScene(PlayInput, PuzzleHelp):
    """The play screen: the parts (PlayCore and its mixins) plus the buttons, the computer and the end."""

    tip_told = False  # the level's written hint was said as the tip on this screen (at the start or a restart)

    # --- lifecycle ----------------------------------------------------------------------
    def enter(self) -> None:
        self.director = Director(self.view, self.session.state.purses, layout.purse_anchor, self.app.audio.play,
                                 lambda: self.app.reduced_motion, self._gate_look)
        self.group = FocusGroup(self._buttons(), horizontal=True, feedback=self.app.audio.play)
        self.group.active = False
        if isinstance(self.session, PuzzleSession) and self.session.level:
            level = self.session.level
            if self.app.store.helped(self.session.key or level_key(level)):
                self.session.marked()  # help taken on an earlier visit (or on a copy of this board) lasts
            if level.hint and self.tip_unasked():
                self.say(f"Tip: {level.hint}", seconds=6)
                self.tip_told = True
        if self.resumed:
            game = getattr(self.session, "match", None)
            where = f"game {game.game_index + 1} of 2, " if game is not None else ""
            self.say(f"Match resumed: {where}move {self.state.ply + 1}.", seconds=5)

    def tip_unasked(self) -> bool:
        """Whether the level's written hint shows as the tip when the level opens. A hint names
        what the level is about, often its one decision, and Hint (H) marks help: shown at every
        start, it was a free walkthrough (the campaign attack, issue 37). So a campaign level past
        the first pack keeps its tip until the player has a walk of her own on it (she is back,
        perhaps stuck); the first pack teaches, and levels outside the campaign (My levels, shared
        codes, the daily puzzle) are the author's to explain, so they show it at once. A walk of
        her own is a best or any walk ended or restarted this run: a walk below a star sets no best,
        and the player stuck below one needs the tip most."""
        if self.position is None or not self.packs or self.position[0] in (self.packs[0].name, MY_LEVELS):
            return True
        level = self.session.level
        return self.app.store.best_of(level) is not None or level_key(level) in self.app.store.tried

    def restart(self) -> None:
        """Restart the walk (PlayCore); the first restart after a walk on a level whose tip was
        waiting shows it, as the player is trying again. Waiting means not yet told on this screen:
        an ended walk marks the level tried before Try again restarts it, so asking tip_unasked()
        here would find the tip already due and never tell it (found on Xvfb)."""
        puzzle = self.puzzle
        waiting = puzzle is not None and puzzle.level is not None and not self.tip_told
        walked = self.walked()
        super().restart()
        if puzzle is None or puzzle.level is None or not walked:
            return
        self.app.store.tried.add(level_key(puzzle.level))
        if waiting and puzzle.level.hint:
            self.say(f"Tip: {puzzle.level.hint}", seconds=6)
            self.tip_told = True

    def exit(self) -> None:
        for worker in (self.ai, self.helper):
            if worker is not None:
                worker.cancel()
        if not self.puzzle:
            match_save.flush()  # the match's last move is on disk before anything reads the save

    def resume(self, result: Any) -> None:
        if result == "interlude-done":
            self._start_game_two()
        elif result == "retry":
            self.restart()
        self.group = FocusGroup(self._buttons(), horizontal=True, feedback=self.app.audio.play)
        self.group.active = False

    # --- buttons ------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        items: list[tuple[str, Callable[[], None], str]] = [("Undo (U)", self.undo, "undo"),
                                                            ("Redo (R)", self.redo, "redo")]
        if self.puzzle:
            items += [("Restart (N)", self.restart, "restart"), ("Hint (H)", self.hint, "hint"),
                      ("Solve (S)", self.solve, "solve"), ("Stop (X)", self.stop, "stop")]
        if self.state.mode is Mode.CLASSIC:
            items.append(("End: off (E)", self.toggle_end, "end"))
        if not self.puzzle:
            items.append(("Wait (W)", self.wait, "wait"))
            items.append(("Pass (P)", self.pass_turn, "pass"))
        items.append(("Menu (Esc)", self.pause, "menu"))
        width, gap = (150, 10) if len(items) > 5 else (170, 14)
        total = len(items) * width + (len(items) - 1) * gap
        left = layout.BOARD.centerx - total // 2
        buttons = []
        for index, (label, action, key) in enumerate(items):
            rect = pygame.Rect(left + index * (width + gap), layout.BUTTONS_TOP, width, layout.BUTTON_HEIGHT)
            button = Button(label, action, rect, size="small")
            button.key = key  # type: ignore[attr-defined]
            buttons.append(button)
        return buttons

    def _refresh_buttons(self) -> None:
        """Enable what can be done now, so a greyed button explains itself when pressed."""
        for button in self.group.widgets:
            key = getattr(button, "key", "")
            if key == "end":  # only the Hoarder can end a Classic game, so only her turn offers it
                button.enabled = self.human_turn() and self.can_move()
                button.label = f"End: {'on' if self.declare_end else 'off'} (E)" if button.enabled else "End (E)"
            elif key == "pass":
                button.enabled = self.human_turn() and self.may_pass()
            elif key == "wait":
                button.enabled = self.human_turn() and self.can_wait()

    # --- the computer -------------------------------------------------------------------
    def _poll_computer(self) -> None:
        if not self.session.computer_to_move or self.interlude is not None:
            return
        if getattr(self.session, "finished_game", None) is not None:
            return
        if self.ai is None:
            rng = random.Random(hash((self.session.seed, self.state.ply, self.state.to_move)))
            self.ai = computer.think(self.state, self.session.kind_to_move(), rng)
            self.ai_started = time.perf_counter()
            return
        if not self.ai.done or self.director.busy:
            return
        if time.perf_counter() - self.ai_started < computer.MIN_THINK and self.app.speed > 0:
            return
        worker, self.ai = self.ai, None
        action = worker.result
        if action is None or explain_illegal(self.state, action) is not None:
            action = computer.random_action(self.state, random.Random(self.state.ply))
        self._play(self.session.act(action, record=False))

    # --- update -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.idle(dt)
        self.message_time = max(0.0, self.message_time - dt)
        self._poll_helper()
        self._step_replay(dt)
        self._poll_computer()
        self._check_par()
        self._check_interlude()
        self._check_end(dt)
        self._refresh_buttons()
        if self.human_turn() and not self.director.busy and self.must_pass() and self.message_time <= 0:
            self.say("Nothing else is possible: press Pass (P).")
        self._tell_waiting_game()

    def _tell_waiting_game(self) -> None:
        """Once every move costs, say once what Wait does and who pays first if both only wait."""
        game = self.waiting_game()
        if game is None or not game.every_move_costs or self.costs_told or not self.human_turn():
            return
        if self.director.busy:
            return
        self.costs_told = True
        first = game.first_to_move
        name = self.session.label(first) if first is not None else ""
        who = f"{object_form(name)} {verb(name, 'pays', 'pay')} first" if name else "nobody has to pay"
        wait = f"Wait (W) passes the turn on a harmless edge ({game.harmless} left)" if game.harmless else (
            "no harmless edge is left")
        self.say(f"Every move costs now: {wait}; if both only wait, {who}.", seconds=8)

    def idle(self, dt: float) -> None:
        self.clock += dt
        self.director.update(dt, self.app.speed)

    # --- resting (game.client.stage: a still screen is not redrawn) -------------------------------
    ambient = True  # the pawn to move breathes and a coin glints for a few seconds after a change

    def still(self) -> bool:
        """Nothing moves and nothing is on its way: no animation, no search, no computer to think,
        no end or role swap about to be shown. Then the board waits for the player at no cost."""
        session = self.session
        paused = self.interlude is not None or getattr(session, "finished_game", None) is not None
        return not (self.director.moving or self.ai is not None or self.helper is not None or self.replay
                    or (session.computer_to_move and not paused) or self.interlude is not None
                    or (session.is_over and not self.finished))

    def looks(self) -> object:
        return self.message_time > 0, self.message

    def _check_par(self) -> None:
        puzzle = self.puzzle
        if not puzzle or self.celebrated or puzzle.par is None or self.director.busy:
            return
        if self.state.purses[HOARDER] >= puzzle.par:
            self.celebrated = True
            if puzzle.assisted:
                self.director.announce("Par", "reached with help: it earns no stars", pal.SKY)
            else:
                self.director.celebrate("PAR!", f"{plural(puzzle.par, 'coin')}: the best possible walk")
            if not self.state.is_over:
                self.say("Par reached! Stop (X) to bank your coins.", seconds=8)

    def _check_interlude(self) -> None:
        if self.interlude is None or self.director.busy or not isinstance(self.session, MatchSession):
            return
        event, self.interlude = self.interlude, None
        self.app.audio.play("swap")
        self.message_time = 0.0  # no stale line under the dialog
        self.app.open("coinland.interlude", self, event)

    def _start_game_two(self) -> None:
        session = self.session
        if isinstance(session, MatchSession):
            session.finished_game = None
        self.director.reset(self.state.purses)
        self.cursor = self.state.pawns[0]
        self._moves_key = None
        seat = self.session.seat_of(HOARDER)
        self.director.announce("Game 2", says(self.session.label(HOARDER), "hoards", "now"), pal.PLAYER_COLOURS[seat])

    def _check_end(self, dt: float) -> None:
        if not self.session.is_over or self.finished or self.director.busy or self.interlude is not None:
            return
        if self.end_wait < 0:
            self.end_wait = 1.4 if self.app.speed > 0 else 0.0
            self.message_time = 0.0
            self._celebrate_end()
            return
        self.end_wait -= dt
        if self.end_wait <= 0:
            self.finished = True
            self.app.open("coinland.result", self)

    def _celebrate_end(self) -> None:
        self.record = keep_coinland(self.app, self.session)  # for review; a failed write only toasts
        puzzle = self.puzzle
        if puzzle:
            self._judge_walk(puzzle)
            if not self.celebrated and self.verdict is not None and self.verdict.counts:
                self.app.audio.play("win")
            return
        winner = self.winner_seat()
        if winner is None:
            self.director.announce("Draw", "Equal scores", pal.TEXT)
            return
        name = hud_panels.seat_label(self.session, winner)
        if self.session.seats[winner] == HUMAN:
            self.director.celebrate("WIN!", f"{name} won")
        else:
            self.director.announce("Game over", f"{name} won", pal.SKY)
            self.app.audio.play("invalid")

    def _judge_walk(self, puzzle: PuzzleSession) -> None:
        """Decide what the ended walk is worth (game.coinland.campaign), keep a best only for a
        walk that counts, and note any pack it opened, for the result screen to announce."""
        assert puzzle.level is not None
        store = self.app.store
        key = puzzle.key or level_key(puzzle.level)
        store.tried.add(level_key(puzzle.level))  # its tip shows from the next try on (tip_unasked)
        helped = store.helped(key) or puzzle.shown  # help lasts (a copy of this board may carry the mark)
        before = pack_locks(self.packs, store.best, store.opened) if self.packs else []
        self.verdict = judge(self.state, puzzle.level.purse, puzzle.par,
                             assisted=(puzzle.assisted or helped) and not puzzle.began_helped,
                             unaided_best=store.best(key), helped_before=puzzle.began_helped)
        self.new_best = self.verdict.counts and store.record(key, self.verdict.score)
        self.stars = self.verdict.stars
        if before:
            after = pack_locks(self.packs, store.best, store.opened)
            store.note_opened(open_names(self.packs, after))  # opened by the rule: recorded, stays open
            sizes = {pack.name: len(pack.levels) for pack in self.packs}
            self.opened = [(name, sizes[name]) for name in newly_opened(self.packs, before, after)]
            if self.opened:
                self.app.audio.play("win")
                self.director.announce(f"{self.opened[0][0]} is open!", "a new pack of levels", pal.GOLD)

    def winner_seat(self) -> int | None:
        session = self.session
        if isinstance(session, MatchSession):
            assert session.match is not None
            return session.match.winner
        a, b = self.state.purses
        return None if a == b else (0 if a > b else 1)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        hud.draw_play(surface, self)

