"""One phone's line to the server: its mailbox and writer, and the TCP line's own limits.

A `Phone` is one open WebSocket connection. Its writer task (`write`) holds only the newest hand
(older ones are never queued) and a few notices; a send the phone does not read within
`SEND_TIMEOUT` cuts the line, so a phone that never reads costs the table nothing.
`counted_lines()` makes the connection class the server accepts lines with: it counts the open
lines (one over MAX_LINES is cut at once) and cuts a line that sends more than LINE_RATE.
The server (game.phones.server) decides what is said; this module only carries it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

SEND_TIMEOUT = 5.0  # a phone that does not take a hand within this is cut off
MAX_LINES = 64  # TCP connections at once, before any request: idle lines cannot use up the program's files
# bytes a second on average, and at once, that one line may send: a phone sends a few dozen bytes a tap; a line
# sending more (a flood of pings, which no message limit counts) is cut off before its frames cost the frame
# loop its time (the server shares the interpreter with it)
LINE_RATE = (8192.0, 16384)


@dataclass(eq=False)
class Phone:
    """One open connection and its writer's mailbox: the newest hand and a few notices."""

    ws: ServerConnection
    seat: int
    hand: str = ""
    notices: deque[str] = field(default_factory=lambda: deque(maxlen=8))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: tuple[int, str] | None = None  # close code and reason once the notices are sent

    def notice(self, code: str, text: str) -> None:
        """Tell the phone something (an error with its code, or the answer to a ping)."""
        message = {"type": "pong"} if code == "pong" else {"type": "error", "code": code, "text": text}
        self.notices.append(json.dumps(message))
        self.wake.set()

    def bye(self, code: int, reason: str) -> None:
        """Say why, then close the line with `code` (once: a later bye is ignored)."""
        if self.closing is not None:
            return
        self.notices.append(json.dumps({"type": "bye", "text": reason}))
        self.closing = (code, reason)
        self.wake.set()

    async def write(self) -> None:
        """The writer task: the newest hand, then the notices, then the close, each send bounded."""
        sent = ""
        while True:
            await self.wake.wait()
            self.wake.clear()
            try:
                if self.hand and self.hand is not sent:
                    sent = self.hand
                    await asyncio.wait_for(self.ws.send(sent), SEND_TIMEOUT)
                while self.notices:
                    await asyncio.wait_for(self.ws.send(self.notices.popleft()), SEND_TIMEOUT)
                if self.closing is not None:
                    await asyncio.wait_for(self.ws.close(*self.closing), SEND_TIMEOUT)
                    return
            except TimeoutError:  # a phone that does not read: cut it off, never wait for it
                self.ws.transport.abort()
                return
            except ConnectionClosed:
                return


def counted_lines() -> type[ServerConnection]:
    """A connection class with its own count of open lines: one server's, from its start."""
    lines = [0]

    class Line(ServerConnection):
        """Counts the open TCP connections; one over MAX_LINES is cut at once (its descriptor freed)."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            lines[0] += 1
            if lines[0] > MAX_LINES:
                transport.abort()  # type: ignore[attr-defined]

        def data_received(self, data: bytes) -> None:
            now = time.monotonic()
            budget = getattr(self, "budget", (float(LINE_RATE[1]), now))
            left = min(LINE_RATE[1], budget[0] + (now - budget[1]) * LINE_RATE[0]) - len(data)
            self.budget = (left, now)
            if left < 0:
                self.transport.abort()
                return
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            lines[0] -= 1
            super().connection_lost(exc)

    return Line
