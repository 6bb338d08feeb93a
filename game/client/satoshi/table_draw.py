"""What the Finding Satoshi table draws each frame: boards, pawns, players, the side panel, cards.

`TableDrawing` is the drawing half of the TableScene (a mixin: it reads the scene's session,
director, views and panel). All of it comes from `session.table_view()`, the public view, so no
hidden role can reach the shared screen; the lone human's own card is read from her own view.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.bitcoin.state import State
from game.client import palette as pal
from game.client import text
from game.client.satoshi import layout
from game.client.satoshi.boards_view import DeckShown, Prices
from game.client.satoshi.players_view import Seated, aside_rect, draw_aside
from game.client.satoshi.table_words import status_line, tile_card_words
from game.client.widgets import panel
from game.wording import object_form

LOG_MIN = 60  # the log shows when at least this much of the column is left to it


class TableDrawing:
    """The drawing half of the TableScene (see table.py for the flow of turns)."""

    session: Any  # the TableSession
    director: Any  # the Director: what the animations show instead of the newest state
    track: Any
    prices: Any
    advance: Any
    decks: Any
    players: Any
    panel: Any
    log: Any
    watch: bool
    clock: float
    colours: list[pal.Colour]
    hover_space: str | None
    message: str
    message_time: float

    def seated(self, view: State) -> list[Seated]:
        """Each seat as the director shows it now; the lone human's own role from her own view."""
        own = ""
        humans = self.session.humans
        if len(humans) == 1 and not self.watch and not self.session.setup.phones:  # (a phone holds her card)
            seat = humans[0]
            own = self.session.view_for(seat).players[seat].role
        out = []
        for index, (seat, player) in enumerate(zip(self.session.setup.seats, view.players, strict=True)):
            phones = getattr(self, "phones", None)  # Phones as hands: the card says who is connected
            kind = phones.tag(index) if phones is not None and seat.human else seat.kind
            out.append(Seated(
                name=seat.name, kind=kind, colour=self.colours[index], player=player,
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
        if self.log is not None and self._fit_log(deciding):
            self.log.draw(surface)
        self._tile_card(surface, view, deciding)
        d.draw_flying(surface)
        if self.message_time > 0:
            self._message(surface)
        shake = d.shake.offset()
        if shake != (0, 0):  # a big jump of the Bitcoin price (never with reduced motion)
            surface.scroll(*shake)

    def _fit_log(self, deciding: bool) -> bool:
        """The log fills the column under the panel (which grows for a long list, and takes the whole
        column for the job cards); False when no room is left for it."""
        top = (self.panel.rect.bottom if deciding else layout.PANEL.bottom) + 8
        rect = pygame.Rect(layout.LOG.left, top, layout.LOG.width, max(0, layout.SIDE.bottom - top))
        if rect.height < LOG_MIN:
            rect.height = 0  # nothing of it to point at or click either
        if rect != self.log.rect:
            self.log.rect = rect
            self.log.offset = min(self.log.offset, self.log.max_offset)
        return rect.height > 0

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
        elif self.session.needs_handover:  # another person must take the device
            lines = [f"Pass the device to {object_form(self.session.names[seat])}."]
        else:  # she holds it already (her own turn goes on after an animation, or she plays alone)
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
