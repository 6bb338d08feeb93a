"""Phones as hands at the table (issue 36): the server's life, the seats' line, the addresses.

`PhoneTable.open(scene)` starts the game's phone server (game/phones/) when the setup chose
"Phones as hands": one seat per person, each with its own secret address, shown as a QR code
(`PhoneSeatsScene`, at the start and from the pause menu). After every action the table
publishes the state; each frame it takes the phones' actions, each already legal for the state
it was chosen in, and plays one only if the game is still there (`TableScene.act`, as a click).
The server stops when the table closes (or the game ends, which it sees itself).

The seats' line on the table says who is connected and, while a phone seat decides, either
that she decides on her phone or, when her phone is gone, that the table waits for it; the pause
menu lets the big screen take her seat over (with hand-overs) or let a second phone in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import palette as pal
from game.client import text
from game.client.satoshi.phone_choices import describe
from game.client.scenes import LOGICAL, MenuScene
from game.client.widgets import Button, Widget, panel
from game.phones import qr
from game.phones.address import default_address
from game.phones.seats import CONNECTED, GONE, SCREEN, WAITING
from game.phones.server import PhoneServer, PhoneServerError

STATUS_WORDS = {WAITING: "not opened yet", CONNECTED: "connected", GONE: "phone gone", SCREEN: "at the screen"}
STATUS_INK = {WAITING: pal.TEXT_DIM, CONNECTED: pal.GOOD, GONE: pal.BAD, SCREEN: pal.TEXT_DIM}


class PhoneTable:
    """The table's side of the phone server; `scene` is the TableScene (act, say, app, session)."""

    def __init__(self, scene: Any, server: PhoneServer, host: str) -> None:
        self.scene, self.session, self.server, self.host = scene, scene.session, server, host
        self.asked: tuple[int, ...] = ()

    @classmethod
    def open(cls, scene: Any) -> PhoneTable | None:
        """Start the server for this game; None (and every seat at the screen) when it cannot start."""
        session, app = scene.session, scene.app
        settings = app.store.settings
        host = settings.phone_address or default_address()
        server = PhoneServer(session.humans, session.names, describe, host=host, port=settings.phone_port)
        try:
            server.start()
        except PhoneServerError as error:
            session.on_screen.update(session.humans)
            app.toast(f"{error}. Everyone plays at this screen, with hand-overs.", 8.0)
            return None
        table = cls(scene, server, host)
        table.publish()
        return table

    # --- the flow ---------------------------------------------------------------------------
    def publish(self) -> None:
        self.server.publish(self.session.state, len(self.session.actions))

    def update(self, busy: bool) -> None:
        """Note a second phone asking; play the phones' actions once the animations have played."""
        asking = self.server.asking()
        for seat in asking:
            if seat not in self.asked:
                self.scene.app.toast(f"A second phone asks for {self.session.names[seat]}'s seat: "
                                     "Esc, then 'Let a new phone in', to allow it.", 6.0)
        self.asked = asking
        self.show_waiting(self.scene.panel)
        if busy:
            return
        for seat, version, action in self.server.take_actions():
            if (version == len(self.session.actions) and seat == self.session.to_move
                    and self.session.on_phone(seat)):
                self.scene.act(action)

    def stop(self) -> None:
        self.server.stop()

    def looks(self) -> object:
        return tuple(sorted(self.server.status().items())), self.server.asking()

    # --- the big screen's decisions ------------------------------------------------------------
    def take_over(self, seat: int) -> None:
        """The big screen plays this seat from now on, with hand-overs; her phone is told and let go."""
        self.session.on_screen.add(seat)
        self.session.shown_to = None
        self.server.to_screen(seat)
        if self.scene.panel is not None:
            self.scene.panel.refresh()

    def pause_items(self) -> list[tuple[str, Callable[[], None]]]:
        app = self.scene.app
        items: list[tuple[str, Callable[[], None]]] = [("Phones: addresses", lambda: self._show(app))]
        phones = [s for s in self.session.humans if self.session.on_phone(s)]
        if phones:
            items.append(("Play a phone seat here", lambda: self._choose(app, phones, self.take_over,
                                                                         "Play which seat at this screen?")))
        if self.server.asking():
            items.append(("Let a new phone in", lambda: self._choose(app, list(self.server.asking()),
                                                                     self.server.allow, "Let a new phone take...")))
        return items

    def _show(self, app: Any) -> None:
        app.pop()
        app.push(PhoneSeatsScene(self))

    def _choose(self, app: Any, seats: list[int], do: Callable[[int], None], title: str) -> None:
        from game.client.pause import PauseScene  # (client core: the pause menu is not a scene we open by name)

        def pick(seat: int) -> Callable[[], None]:
            def run() -> None:
                do(seat)
                app.pop()
                app.pop()
            return run
        app.push(PauseScene([(f"{self.session.names[s]}'s seat", pick(s)) for s in seats], title))

    # --- the seats' line ---------------------------------------------------------------------
    def waiting_line(self) -> str:
        seat = self.session.to_move
        if seat is None or not self.session.on_phone(seat):
            return ""
        name = self.session.names[seat]
        if self.server.status().get(seat) == CONNECTED:
            return f"{name} decides on her phone (or here, for public choices)."
        return f"Waiting for {name}'s phone · Esc: play here"

    def tag(self, seat: int) -> str:
        """Who plays this seat, for its card at the table: her phone (connected or gone) or the screen."""
        if not self.session.on_phone(seat):
            return "at screen"
        return {CONNECTED: "on phone", GONE: "phone gone", WAITING: "no phone yet"}.get(
            self.server.status().get(seat, WAITING), "no phone yet")

    def show_waiting(self, panel: Any) -> None:
        """While a phone seat decides with her phone gone, the decision panel says the table waits."""
        line = self.waiting_line()
        if panel is not None and line and self.server.status().get(self.session.to_move) != CONNECTED:
            panel.status = line


def qr_surface(url: str, size: int) -> pygame.Surface:
    """The address as a QR code of about `size` pixels, dark on white, square modules."""
    rows = qr.modules(url)
    cell = max(1, size // len(rows))
    surface = pygame.Surface((cell * len(rows), cell * len(rows)))
    surface.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * cell, y * cell, cell, cell))
    return surface


class PhoneSeatsScene(MenuScene):
    """Every phone seat's QR code, address and status: scan it to open the seat on that phone."""

    overlay = True

    def __init__(self, phones: PhoneTable) -> None:
        self.phones = phones
        self.codes: dict[int, tuple[pygame.Surface, str]] = {}

    def build(self) -> list[Widget]:
        rect = pygame.Rect(0, 0, 300, 50)
        rect.midbottom = (LOGICAL[0] // 2, LOGICAL[1] - 24)
        return [Button("Back to the table", self.back, rect, primary=True)]

    def enter(self) -> None:
        super().enter()
        seats = self.seats()
        size = 200 if len(seats) <= 3 else 170
        for seat in seats:
            url = self.phones.server.url(seat, self.phones.host)
            self.codes[seat] = (qr_surface(url, size), url.split("://", 1)[1])

    def seats(self) -> list[int]:
        return [s for s in self.phones.session.humans if self.phones.session.on_phone(s)]

    def still(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        """Every phone has opened its seat: back to the table by itself."""
        status = self.phones.server.status()
        if self.codes and all(status.get(seat) == CONNECTED for seat in self.codes):
            self.app.pop()

    def looks(self) -> object:
        return self.phones.looks()

    def draw(self, surface: pygame.Surface) -> None:
        # the whole screen is the codes': the table is hidden, not dimmed, so no word of it shows
        # cut beside a code's panel (game.client.clearance)
        surface.blit(self.app.backdrop, (0, 0))
        text.blit(surface, "Phones as hands: scan your seat", (LOGICAL[0] / 2, 44), "title", pal.GOLD,
                  anchor="center", shadow=True)
        text.blit(surface, "Each code opens one seat on one phone, for this game only. Your role stays on your "
                  "phone, under a cover: press and hold to see it.", (LOGICAL[0] / 2, 92), "small", pal.TEXT_DIM,
                  anchor="center")
        seats = list(self.codes)
        columns = min(3, len(seats)) or 1
        width = 380
        status = self.phones.server.status()
        for index, seat in enumerate(seats):
            code, address = self.codes[seat]
            column, row = index % columns, index // columns
            left = LOGICAL[0] / 2 - columns * width / 2 + column * width
            top = 120 + row * (code.get_height() + 96)
            box = pygame.Rect(int(left) + 10, top, width - 20, code.get_height() + 86)
            panel(surface, box, pal.PANEL, radius=12)
            name = self.phones.session.names[seat]
            state = status.get(seat, WAITING)
            text.blit(surface, name, (box.left + 16, box.top + 18), "body", pal.TEXT, anchor="midleft")
            text.blit(surface, STATUS_WORDS[state], (box.right - 16, box.top + 18), "small", STATUS_INK[state],
                      anchor="midright")
            surface.blit(code, code.get_rect(midtop=(box.centerx, box.top + 36)))
            text.blit(surface, address, (box.centerx, box.bottom - 22), "tiny" if len(address) > 44 else "small",
                      pal.TEXT, anchor="center")
        self.group.draw(surface)
