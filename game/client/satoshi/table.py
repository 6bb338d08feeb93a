"""The Finding Satoshi table: every board, every player, the decisions, the log, the flow of turns.

What is drawn comes from `session.table_view()` only, so no hidden role card can reach the
screen; a lone human's own role is read from her own view (`session.view_for`). Computer
seats think in a Worker (never blocking the frame loop) while "NAME is thinking" shows; their
action is applied once the animations of the one before have played (and at least MIN_THINK
at normal speed). Humans decide in the DecisionPanel: keys go to it first, clicks on the
highlighted track spaces are forwarded to it. Any click or key during an animation completes
it at once and is then used as usual. Games with a human autosave after every action, and
the save is removed when the game ends; then the reveal plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.bitcoin import IllegalAction
from game.bitcoin import events as ev
from game.bitcoin.actions import Action
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.state import State
from game.client import palette as pal
from game.client import text
from game.client.pause import PauseScene
from game.client.satoshi import computer, layout, saves
from game.client.satoshi.boards_view import AdvancementBoard, DeckShown, DecksView, Prices, PricesBoard
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.director import Director
from game.client.satoshi.log_panel import LogPanel
from game.client.satoshi.log_text import describe
from game.client.satoshi.players_view import PlayersView, Seated, aside_rect, draw_aside
from game.client.satoshi.rules_pages import _tile_effect as tile_effect
from game.client.satoshi.saves_scene import ConfirmScene
from game.client.satoshi.session import PAWN_COLOURS, TableSession
from game.client.satoshi.track_view import TrackView
from game.client.scenes import Scene
from game.client.tween import Wait
from game.client.widgets import panel
from game.client.worker import Worker
from game.wording import object_form, possessive

PHASES = {"expenses": "Living expenses", "move": "Move", "fee": "Job Opportunity: pay the fee?",
          "job": "Job Opportunity", "offer": "Offer waiting for an answer", "end": "End of turn",
          "over": "Game over"}
INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


def status_line(view: State, names: Sequence[str]) -> str:
    """The HUD's middle: round, whose turn, what is being decided ("your answer", "Hal's answer")."""
    if view.is_over:
        return "Game over"
    phase = PHASES.get(view.phase, view.phase)
    if view.phase == "offer" and view.offer is not None:
        phase = f"Offer waiting for {possessive(names[view.offer.to], False)} answer"
    return f"Round {view.round}  ·  {possessive(names[view.turn])} turn  ·  {phase}"


def tile_card_words(view: State, space: str) -> tuple[str, list[str]]:
    """A track space's card: its printed name and, in players' words, what stopping there does."""
    track = view.data.track
    if space == track.end:
        return "End", ["The first pawn here ends the game; the Bitcoin price decides who wins."]
    if space == track.start:
        return "Start", ["Every pawn starts here."]
    tile = view.data.tiles[view.tile_at(space)]
    detail = tile_detail(tile)
    title = f"{KIND_NAMES[tile.kind]}: {detail}" if detail else KIND_NAMES[tile.kind]
    return title, [tile_effect(tile.kind, view.data)]


def last_cards(events: list[object]) -> dict[str, tuple[int, str, str] | None]:
    """The face-up discard of each news deck after `events` (a reshuffle empties it)."""
    tops: dict[str, tuple[int, str, str] | None] = {"bitcoin_news": None, "economic_news": None}
    for event in events:
        if isinstance(event, ev.CardDrawn):
            tops[event.deck] = (event.number, event.headline, event.effect)
        elif isinstance(event, ev.DeckReshuffled):
            tops[event.deck] = None
    return tops


class TableScene(Scene):
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
            self.panel = DecisionPanel(self.app, self.session, layout.PANEL, layout.PANEL_TALL)

    def exit(self) -> None:
        if self.ai is not None:
            self.ai.cancel()

    def resume(self, result: Any) -> None:
        """Back from a hand-over, the pause or a role card: the panel shows the state as it is now."""
        if self.panel is not None and not self.session.is_over:
            self.panel.refresh()

    # --- who acts ---------------------------------------------------------------------------
    def human_deciding(self) -> bool:
        """A human must decide now, on this screen (no hand-over pending, nothing left to show)."""
        return (not self.watch and self.session.human_to_move and not self.session.needs_handover
                and self.panel is not None)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.message_time = max(0.0, self.message_time - dt)
        speed = self.app.speed
        self.director.update(dt, speed)
        if speed <= 0:
            self.director.finish()
        if self.session.is_over:
            self._end()
            return
        if self.director.busy:
            return
        if self.session.computer_to_move or (self.watch and self.session.to_move is not None):
            self._computer(dt, speed)
        elif self.session.needs_handover and not self.watch:
            self.app.open("satoshi.handover", self.session, self.session.to_move)

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
                self.say("Pick one of the highlighted spaces (or a choice on the right).", error=True)
                return None
        return self.panel.handle(event)

    def _not_yours(self) -> None:
        seat = self.session.to_move
        if self.watch or seat is None:
            return
        self.say(f"Wait: {self.session.names[seat]} is deciding.")

    def pause(self) -> None:
        items: list[tuple[str, Callable[[], None]]] = [("Rules", lambda: self.app.open("satoshi.rules"))]
        if not self.watch and self.session.humans:
            items.append(("Show my role card", self.show_role))
        if self.autosaves and not self.session.is_over:
            items.append(("Save and quit to menu", self.save_and_quit))
        items.append(("Quit game", self.quit_game))
        note = "Watching the computers" if self.watch else f"Round {self.state.round}"
        self.app.push(PauseScene(items, note))

    def own_seat(self) -> int | None:
        """The human whose card may be shown now: the only one, or the one to move."""
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        return self.session.to_move if self.session.human_to_move else None

    def show_role(self) -> None:
        seat = self.own_seat()
        if seat is None:
            self.app.toast("Your role card can be shown on your own turn.")
            return
        self.app.pop()
        self.app.open("satoshi.role_card", self.session, seat)

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

    # --- drawing -----------------------------------------------------------------------------
    def seated(self, view: State) -> list[Seated]:
        """Each seat as the director shows it now; the lone human's own role from her own view."""
        own = ""
        humans = self.session.humans
        if len(humans) == 1 and not self.watch:
            seat = humans[0]
            own = self.session.view_for(seat).players[seat].role
        out = []
        for index, (seat, player) in enumerate(zip(self.session.setup.seats, view.players, strict=True)):
            out.append(Seated(
                name=seat.name, kind=seat.kind, colour=self.colours[index], player=player,
                usd=self.director.money(index, "usd", player.usd), btc=self.director.money(index, "btc", player.btc),
                jobs=self.director.jobs(index, player.jobs), own_role=own if humans == [index] else "",
                pop=self.director.pops[index]))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        view = self.session.table_view()
        self._hud(surface, view)
        self.track.draw(surface)
        d = self.director
        low, high = self._limits(view)
        self.prices.draw(surface, Prices(d.price("food", view.food), d.price("internet", view.internet),
                                         d.price("bitcoin", view.bitcoin), self._job_effect(view), (low, high),
                                         view.options.difficulty))
        self.advance.draw(surface, d.advance("software", view.software), d.advance("mining", view.mining))
        self.decks.draw(surface, self._decks(view))
        d.draw_cards(surface)
        deciding = self.human_deciding() and not d.busy
        if deciding:
            self.track.draw_highlights(surface, self.panel.highlighted_moves(), self.panel.highlighted_path(),
                                       self.clock, self.hover_space)
        active = view.current_player
        self.track.draw_pawns(surface, [p.space for p in view.players],
                              [(c, n[:1].upper()) for c, n in zip(self.colours, self.session.names, strict=True)],
                              d.pawn_positions(), active, self.clock)
        self.players.draw(surface, self.seated(view), None if view.is_over else view.turn,
                          view.current_player if view.phase == "offer" else None, view.is_over)
        if view.aside:
            draw_aside(surface, aside_rect(view.n), view.aside)
        self._side(surface, deciding)
        if self.log is not None:
            self._fit_log(deciding)
            self.log.draw(surface)
        self._tile_card(surface, view, deciding)
        d.draw_flying(surface)
        if self.message_time > 0:
            self._message(surface)
        shake = d.shake.offset()
        if shake != (0, 0):  # a big jump of the Bitcoin price (never with reduced motion)
            surface.scroll(*shake)

    def _fit_log(self, deciding: bool) -> None:
        """The log fills the column under the panel (which grows for a long list of jobs)."""
        top = (self.panel.rect.bottom if deciding else layout.PANEL.bottom) + 8
        rect = pygame.Rect(layout.LOG.left, top, layout.LOG.width, layout.SIDE.bottom - top)
        if rect != self.log.rect:
            self.log.rect = rect
            self.log.offset = min(self.log.offset, self.log.max_offset)

    def shown_tile(self, deciding: bool) -> str:
        """The track space whose card shows: under the pointer, else the panel's focused move."""
        if self.hover_space is not None:
            return self.hover_space
        return self.panel.focused_space() if deciding else ""

    def _tile_card(self, surface: pygame.Surface, view: State, deciding: bool) -> None:
        """A tile's whole effect beside it (hover or keyboard focus), plus the move there and who stands there."""
        space = self.shown_tile(deciding)
        if not space or self.director.busy:
            return
        title, lines = tile_card_words(view, space)
        extra = []
        if deciding:
            moves = self.panel.highlighted_spaces()
            if space in moves:
                extra.append(f"Move here: {moves[space]}")
        here = [self.session.names[i] for i, p in enumerate(view.players) if p.space == space]
        if here:
            extra.append(f"Standing here: {', '.join(here)}")
        self.track.draw_card(surface, space, title, lines, extra)

    def _limits(self, view: State) -> tuple[int, int]:
        rules = view.data.rules
        offset = rules.difficulty[view.options.difficulty]
        return rules.fiat_below + offset, rules.everyone_at + offset

    @staticmethod
    def _job_effect(view: State) -> int:
        return view.data.rules.job_effect.get(view.n, 0)

    def _decks(self, view: State) -> list[DeckShown]:
        out = []
        for deck, left, every in (("bitcoin_news", view.bitcoin_deck, view.data.bitcoin_news),
                                  ("economic_news", view.economic_deck, view.data.economic_news)):
            shown, top = self.director.deck(deck, left, self.tops_now(deck))
            out.append(DeckShown(deck, shown, sorted(every), top))
        return out

    def tops_now(self, deck: str) -> tuple[int, str, str] | None:
        return self.director.tops.get(deck)

    def _hud(self, surface: pygame.Surface, view: State) -> None:
        pygame.draw.rect(surface, pal.PANEL, layout.HUD)
        pygame.draw.line(surface, pal.PANEL_EDGE, layout.HUD.bottomleft, layout.HUD.bottomright, 2)
        text.blit(surface, "Finding Satoshi", (12, layout.HUD.centery), "small", pal.GOLD, anchor="midleft")
        status = status_line(view, self.session.names)
        text.blit(surface, status, (layout.TRACK.centerx, layout.HUD.centery), "small", pal.TEXT, anchor="center")
        hint = "Watching  ·  Esc: menu" if self.watch else "Esc: menu"
        text.blit(surface, hint, (layout.HUD.right - 12, layout.HUD.centery), "tiny", pal.TEXT_DIM,
                  anchor="midright")

    def _side(self, surface: pygame.Surface, deciding: bool) -> None:
        if deciding:
            self.panel.draw(surface)
            return
        rect = layout.PANEL
        panel(surface, rect, pal.mix(pal.PANEL, pal.BACKGROUND, 0.45), radius=14, border=pal.PANEL_EDGE)
        seat = self.session.to_move
        if self.session.is_over or seat is None:
            lines = ["The game is over.", "The roles are revealed."]
        elif self.session.computer_to_move or self.watch:
            dots = "." * (1 + int(self.clock * 3) % 3)
            lines = [f"{self.session.names[seat]} is thinking{dots}"]
        elif self.panel is None:
            lines = ["Waiting for the decision panel."]
        elif len(self.session.humans) > 1:  # a hand-over only between two or more people
            lines = [f"Pass the device to {object_form(self.session.names[seat])}."]
        else:
            lines = ["Your choice comes next."]
        centre = rect.center
        if seat is not None and not self.session.is_over:
            pygame.draw.circle(surface, self.colours[seat], (centre[0], centre[1] - 50), 22)
            angle = self.clock * 4
            pygame.draw.arc(surface, pal.GOLD, pygame.Rect(centre[0] - 30, centre[1] - 80, 60, 60), angle,
                            angle + 2.2, 4)
        for k, line in enumerate(lines):
            text.blit(surface, line, (centre[0], centre[1] + 8 + 32 * k), "body", pal.TEXT, anchor="midtop")

    def _message(self, surface: pygame.Surface) -> None:
        width = text.width(self.message, "small") + 30
        box = pygame.Rect(0, 0, width, 36)
        box.midbottom = (layout.TRACK.centerx, layout.DECKS.top - 6)
        pygame.draw.rect(surface, pal.SHADOW, box.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, pal.PANEL_LIGHT, box, border_radius=10)
        pygame.draw.rect(surface, pal.YELLOW, box, 2, border_radius=10)
        text.blit(surface, self.message, box.center, "small", pal.TEXT, anchor="center")
