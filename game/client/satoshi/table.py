"""The Finding Satoshi table: every board, every player, the decisions, the log, the flow of turns.

What is drawn comes from `session.table_view()` only, so no hidden role card can reach the
screen; a lone human's own role is read from her own view (`session.view_for`). Computer
seats think in a Worker (never blocking the frame loop) while "NAME is thinking" shows; their
action is applied once the animations of the one before have played (and at least MIN_THINK
at normal speed). Humans decide in the DecisionPanel: keys go to it first, clicks on the
highlighted track spaces are forwarded to it. Any click or key during an animation completes
it at once and is then used as usual. Games with a human autosave after every action, and
the save is removed when the game ends; then the reveal plays.

This module is the flow of turns and the input; what is drawn each frame is in table_draw.py
and the table's words in table_words.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.bitcoin import IllegalAction
from game.bitcoin.actions import Action
from game.bitcoin.state import State
from game.client.pause import PauseScene
from game.client.satoshi import computer, layout, phone_table, saves
from game.client.satoshi.boards_view import AdvancementBoard, DecksView, PricesBoard
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.director import Director
from game.client.satoshi.handover import DealScene, HandoverScene, RoleCardScene
from game.client.satoshi.log_panel import LogPanel
from game.client.satoshi.log_text import describe
from game.client.satoshi.players_view import PlayersView
from game.client.satoshi.role_cover import HOLD_KEYS
from game.client.satoshi.saves_scene import ConfirmScene
from game.client.satoshi.session import PAWN_COLOURS, TableSession
from game.client.satoshi.table_draw import TableDrawing
from game.client.satoshi.table_words import last_cards
from game.client.satoshi.track_view import TrackView
from game.client.scenes import Scene
from game.client.tween import Wait
from game.client.worker import Worker

INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


class TableScene(TableDrawing, Scene):
    def __init__(self, session: TableSession, *, watch: bool = False, exit_at_end: bool = False,
                 on_end: Callable[[TableSession], None] | None = None) -> None:
        self.session = session
        self.watch = watch
        self.exit_at_end = exit_at_end
        self.on_end = on_end
        self.clock = 0.0
        self.ai: Worker | None = None
        self.ai_for: int = -1  # the number of actions when the worker started (its state)
        self.shown_thinking = 0.0  # seconds the indicator has shown for the current computer
        self.ended = False  # on_end called, save discarded
        self.revealed = False  # the reveal scene was pushed
        self.message, self.message_time = "", 0.0
        self.hover_space: str | None = None
        self.tops = last_cards(session.events)
        self.panel: Any = None
        self.log: Any = None
        self.phones: Any = None  # phone_table.PhoneTable while a game with Phones as hands is on

    # --- lifecycle ------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def autosaves(self) -> bool:
        return not self.watch and bool(self.session.humans)

    def enter(self) -> None:
        state = self.state
        self.colours = [PAWN_COLOURS[seat.colour][1] for seat in self.session.setup.seats]
        self.track = TrackView(state.data, state.layout)
        self.prices = PricesBoard(layout.PRICES)
        self.advance = AdvancementBoard(layout.ADVANCE, state.data)
        self.decks = DecksView(layout.DECKS)
        self.players = PlayersView(state.data, state.n, state.options.savings)
        self.track.static()  # paint the cached board now, not in the middle of a move
        self.director = Director(self.track, self.decks, state.n, self.app.audio.play,
                                 lambda: self.app.reduced_motion, self.colours, self.tops)
        self.log = LogPanel(layout.LOG, dict(zip(self.session.names, self.colours, strict=True)))
        self.log.add(self._describe(self.session.events))
        if self.session.humans and not self.watch:
            self.panel = DecisionPanel(self.app, self.session, layout.PANEL, layout.PANEL_TALL, layout.PANEL_WIDE)
        if self.session.setup.phones and not self.watch and not self.session.is_over and self.phones is None:
            self.phones = phone_table.PhoneTable.open(self)
            if self.phones is not None:
                self.app.push(phone_table.PhoneSeatsScene(self.phones))

    def exit(self) -> None:
        if self.ai is not None:
            self.ai.cancel()
        if self.phones is not None:  # the game's server stops with its table
            self.phones.stop()
            self.phones = None

    def resume(self, result: Any) -> None:
        """Back from a hand-over, the pause or a role card: the panel shows the state as it is now."""
        if self.panel is not None and not self.session.is_over:
            self.panel.refresh()

    # --- who acts ---------------------------------------------------------------------------
    def human_deciding(self) -> bool:
        """A human must decide now, on this screen (no hand-over pending, nothing left to show)."""
        return (not self.watch and self.session.human_to_move and not self.session.needs_handover
                and self.panel is not None)

    # --- resting (game.client.stage: a still screen is not redrawn) -------------------------------
    ambient = True  # the rings of the moves glow and the pawn to move breathes a few seconds after a change

    def still(self) -> bool:
        """A person is deciding and nothing moves: the table waits for her at no cost."""
        d = self.director
        return (self.human_deciding() and not d.busy and not d.decor and not any(d.pops)
                and d.shake.strength <= 0 and self.ai is None)

    def looks(self) -> object:
        return self.message_time > 0, self.message, self.phones.looks() if self.phones is not None else None

    def update(self, dt: float) -> None:
        self.clock += dt if self.app.liveliness() > 0 else 0.0  # at rest the glow and the breath hold still
        self.message_time = max(0.0, self.message_time - dt)
        speed = self.app.speed
        self.director.update(dt, speed)
        if speed <= 0:
            self.director.finish()
        if self.phones is not None:
            self.phones.update(self.director.busy or self.session.needs_handover)
        if self.session.is_over:
            self._end()
            return
        if self.session.deal_due and not self.watch:
            self.app.push(DealScene(self.session))  # before anything moves: each person sees her card once
            return
        if self.director.busy:
            return
        if self.session.computer_to_move or (self.watch and self.session.to_move is not None):
            self._computer(dt, speed)
        elif self.session.needs_handover and not self.watch:
            self.app.push(HandoverScene(self.session, self.session.to_move))

    def _computer(self, dt: float, speed: float) -> None:
        seat = self.session.to_move
        assert seat is not None
        if self.ai is None or self.ai_for != len(self.session.actions):
            if self.ai is not None:
                self.ai.cancel()  # a search for a position that has passed: its helper process is stopped
            kind = self.session.setup.seats[seat].kind
            kind = "normal" if kind == "human" else kind  # watch mode plays a human seat as a computer
            self.ai = computer.think(self.session.state, kind, self.session.ai_rng())
            self.ai_for = len(self.session.actions)
            self.shown_thinking = 0.0
        self.shown_thinking += dt * (speed if speed > 0 else math.inf)
        if not self.ai.done or self.shown_thinking < computer.MIN_THINK:
            return
        worker, self.ai = self.ai, None
        action = worker.result
        if worker.error is not None or action is None:
            from game.bitcoin import legal_actions

            action = self.session.ai_rng().choice(legal_actions(self.session.state))
        self.act(action)

    def act(self, action: Action) -> bool:
        """Play one action for the seat to move; animations, log and autosave follow. False if illegal."""
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.say(str(error).split(": ", 1)[-1].capitalize(), error=True)
            return False
        self._show(events)
        if self.phones is not None:
            self.phones.publish()
        if self.app.speed <= 0:
            self.director.finish()
        if self.autosaves and not self.session.is_over:
            saves.autosave(self.app, self.session)
        if self.panel is not None and not self.session.is_over:
            self.panel.refresh()
        return True

    def _show(self, events: list[object]) -> None:
        """Queue each event's animation, and its log line to appear as that animation starts
        (the log never tells what the board has not shown yet)."""
        for event in events:
            self.director.play([event])
            if self.log is not None:
                lines = self._describe([event])
                if lines:
                    self.director.timeline.join(Wait(0.0, on_start=lambda lines=lines: self.log.add(lines)))

    def _describe(self, events: list[object]) -> list[str]:
        names = self.session.names
        lines = [describe(e, names) for e in events]
        return [line for line in lines if line]

    def _end(self) -> None:
        if not self.ended:
            self.ended = True
            if self.autosaves:
                saves.discard(self.app, self.session)
            if self.on_end is not None:
                self.on_end(self.session)
        if self.revealed or self.director.busy:
            return
        self.revealed = True
        self.app.open("satoshi.reveal", self.session, watch=self.watch, on_close=self.closed)

    def closed(self) -> None:
        """The reveal is over: stop the App when asked to (the watch command)."""
        if self.exit_at_end:
            self.app.running = False

    # --- input ------------------------------------------------------------------------------
    def say(self, message: str, error: bool = False) -> None:
        self.message, self.message_time = message, 4.0
        if error:
            self.app.audio.play("invalid")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in INPUT and self.director.busy:
            self.director.finish()  # then the input is used as usual
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return
        if event.type == pygame.KEYDOWN and event.key in HOLD_KEYS:
            self.show_role(held=True)  # R held: her own card while it is down
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_space = self.track.space_at(event.pos)
            if self.log is not None:
                self.log.handle(event)  # the log learns where the pointer is, so the wheel scrolls it
        deciding = self.human_deciding() and not self.session.is_over
        if (self.log is not None and event.type == pygame.MOUSEBUTTONDOWN and self.log.rect.collidepoint(event.pos)
                and self.log.handle(event)):
            return  # the "New lines below" pill, also while a decision waits
        if deciding and event.type != pygame.MOUSEWHEEL:  # keys go to the decision panel first
            action = self._panel_action(event)
            if action is not None:
                self.act(action)
            return
        if self.log is not None and self.log.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.track.area.collidepoint(event.pos):
            self._not_yours()

    def _panel_action(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            space = self.track.space_at(event.pos)
            if space is not None:
                if space in self.panel.highlighted_spaces():
                    return self.panel.click_space(space)
                self.say(self.tile_click_words(), error=True)
                return None
        return self.panel.handle(event)

    def tile_click_words(self) -> str:
        """Why a click on a tile chose nothing: only ringed tiles are moves, and only on a page of moves."""
        if self.panel.highlighted_spaces():
            return "Pick one of the highlighted spaces (or a choice on the right)."
        if len(self.panel.stack) > 1:
            return "Finish the open choice on the right first, or Backspace to go back."
        return "No move to make now: choose on the right."

    def _not_yours(self) -> None:
        seat = self.session.to_move
        if self.watch or seat is None:
            return
        self.say(f"Wait: {self.session.names[seat]} is deciding.")

    def pause(self) -> None:
        items: list[tuple[str, Callable[[], None]]] = [("Rules", lambda: self.app.open("satoshi.rules"))]
        if not self.watch and self.session.humans:
            items.append(("Look at my role card", self.show_role))
        if self.phones is not None:
            items += self.phones.pause_items()
        if self.autosaves and not self.session.is_over:
            items.append(("Save and quit to menu", self.save_and_quit))
        items.append(("Quit game", self.quit_game))
        note = "Watching the computers" if self.watch else f"Round {self.state.round}"
        self.app.push(PauseScene(items, note))

    def own_seat(self) -> int | None:
        """The person whose card may be shown now: the only one, or the one who holds the device to
        decide (never the next one before the hand-over: the device may still be with the last)."""
        humans = self.session.humans
        if len(humans) == 1 and not self.session.setup.phones:
            return humans[0]
        if (self.session.human_to_move and not self.session.needs_handover and not self.session.deal_due
                and not self.session.on_phone(self.session.to_move)):  # a phone seat's card is on her phone
            return self.session.to_move
        return None

    def show_role(self, held: bool = False) -> None:
        """Her own card, covered until held up; `held` (the R key at the table): shown while it is down."""
        seat = self.own_seat()
        if seat is None and self.session.on_phone(self.session.to_move):
            self.app.toast("Your role card is on your phone: press and hold its cover there.")
            return
        if seat is None or self.watch:
            self.app.toast("Your role card can be shown on your own turn.")
            return
        if not held:
            self.app.pop()  # the pause menu
        self.app.push(RoleCardScene(self.session, seat, release_closes=held))

    def save_and_quit(self) -> None:
        saves.autosave(self.app, self.session)
        self._leave()

    def quit_game(self) -> None:
        """Leave the game; one with a save asks first whether to keep it (never thrown away unasked)."""
        if not self.autosaves or self.session.is_over:
            self._leave()
            return

        def answer(keep: bool) -> None:
            self.app.pop()  # the question
            if keep:
                saves.autosave(self.app, self.session)
            else:
                saves.discard(self.app, self.session)
            self._leave()

        self.app.push(ConfirmScene("Quit this game?", "Keep it to resume later from Games in progress, or delete it.",
                                   [("Keep it and quit", lambda: answer(True)),
                                    ("Delete it and quit", lambda: answer(False)), ("Cancel", self.app.pop)]))

    def _leave(self) -> None:
        self.app.pop()  # the pause
        if self.exit_at_end:
            self.app.running = False
        if self.app.scene is self:
            self.app.pop()
