"""The phone server: one game's page and channel, in a thread of its own beside the frame loop.

`PhoneServer(seats, names)` deals the seats' secrets; `start()` binds the address (or raises
PhoneServerError with one line) and serves until `stop()`, the game's end or the program's exit.
The table talks to it only through thread-safe calls that never wait on the network:
`publish(state, version)` after every change, `take_actions()` once a frame, `status()` for the
seat line, `allow(seat)` and `to_screen(seat)` for the big screen's decisions.

Every connection has a writer task holding only the newest hand (older ones are never queued),
and a send that a phone does not read within `SEND_TIMEOUT` closes it: a phone that never reads
costs the table nothing (game.phones.line: the connection, its writer and the line's limits).
Only one server runs at a time: starting one stops the one before.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import queue
import threading
from collections.abc import Sequence
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.bitcoin import explain_illegal
from game.bitcoin.actions import Action
from game.bitcoin.state import State
from game.phones import seats as seat_states
from game.phones.hand import Describe, hand_message
from game.phones.inbound import (
    BURST,
    MESSAGE_LIMIT,
    RATE,
    STRIKES,
    Act,
    BadMessage,
    Hello,
    Ping,
    RateLimit,
    read_message,
)
from game.phones.line import Phone, counted_lines
from game.phones.page import HEADERS, Page
from game.phones.seats import SeatBook

START_TIMEOUT = 5.0  # seconds to bind the address
STOP_TIMEOUT = 5.0
CLOSE_TIMEOUT = 1.0  # seconds a phone has to take its last message and close when the server stops
HELLO_TIMEOUT = 10.0  # a connection must say hello within this
MAX_CONNECTIONS = 24  # at once, all seats together
MAX_PER_SEAT = 6  # at once on one seat's address: one player cannot fill the server and lock the others out
ACTION_QUEUE = 64


class PhoneServerError(RuntimeError):
    """The server could not start (address in use, not this machine's ...): one line for a toast."""


_current: PhoneServer | None = None
_current_lock = threading.Lock()


class PhoneServer:
    """One game's phone server. Construct on the table's thread, then `start()`."""

    def __init__(self, seats: Sequence[int], names: Sequence[str], describe: Describe | None = None,
                 host: str = "127.0.0.1", port: int = 0) -> None:
        self.book = SeatBook.deal(list(seats))
        self.names = tuple(names)
        self.describe = describe
        self.host, self.port = host, port
        self.actions: queue.Queue[tuple[int, int, Action]] = queue.Queue(ACTION_QUEUE)
        self._status: dict[int, str] = {seat: seat_states.WAITING for seat in seats}
        self._asking: tuple[int, ...] = ()
        self._state: State | None = None
        self._version = -1
        self._sent_for = -1  # the version whose action has been queued (one per version)
        self._phones: dict[int, Phone] = {}
        self._open: set[Phone] = set()
        self.limits = (RATE, BURST, STRIKES)  # messages a second, at once, refusals before cutting off
        self._writers: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._page = Page.load()
        self.finished = threading.Event()  # the server has stopped listening

    # --- the table's side (any thread) ----------------------------------------------------
    def start(self) -> None:
        global _current
        with _current_lock:  # the one before is stopped outside the lock: its stop() takes the lock too
            before, _current = _current, self
        if before is not None and before is not self:
            before.stop()
        ready = threading.Event()
        failure: list[str] = []
        self._thread = threading.Thread(target=self._run, args=(ready, failure), name="phones", daemon=True)
        self._thread.start()
        if not ready.wait(START_TIMEOUT) or failure:
            self.stop()
            late = f"phones: the server did not start in {START_TIMEOUT:g} s"
            raise PhoneServerError(failure[0] if failure else late)
        atexit.register(self.stop)  # the program's exit stops it too (unregistered by stop)

    def url(self, seat: int, host: str | None = None) -> str:
        """The seat's address: this machine's address, the port and the seat's secret."""
        shown = host or self.host
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}/s/{self.book.entries[seat].secret}"

    def publish(self, state: State, version: int) -> None:
        """The game changed (`version` actions so far): every phone gets its new hand."""
        self._call(self._on_state, state, version)

    def take_actions(self) -> list[tuple[int, int, Action]]:
        """The actions phones sent since the last call: (seat, version, action), each already legal
        for the state of that version. The table applies one only if its version is still current."""
        out = []
        while True:
            try:
                out.append(self.actions.get_nowait())
            except queue.Empty:
                return out

    def status(self) -> dict[int, str]:
        """Each phone seat: waiting (never opened), connected, gone (was connected) or screen."""
        return dict(self._status)

    def asking(self) -> tuple[int, ...]:
        """Seats that a second phone asks for: the big screen may let it in (`allow`)."""
        return self._asking

    def allow(self, seat: int) -> None:
        self._call(self._on_allow, seat)

    def to_screen(self, seat: int) -> None:
        """The big screen takes this seat over: its phone is told and let go; its address stops working."""
        self._call(self._on_screen, seat)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop listening and close every phone; returns once the thread is gone (bounded)."""
        global _current
        self.book.close()
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(STOP_TIMEOUT)
        with _current_lock:
            if _current is self:
                _current = None
        atexit.unregister(self.stop)

    def _call(self, func: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # stopped meanwhile: nothing to tell
            loop.call_soon_threadsafe(func, *args)

    # --- the server's thread -------------------------------------------------------------
    def _run(self, ready: threading.Event, failure: list[str]) -> None:
        try:
            asyncio.run(self._main(ready, failure))
        except Exception as error:  # reported to the table, never raised in a thread
            failure.append(f"phones: the server stopped: {error}")
        finally:
            self.finished.set()
            ready.set()

    async def _main(self, ready: threading.Event, failure: list[str]) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        try:
            server = await serve(self._handle, self.host, self.port, process_request=self._http,
                                 create_connection=counted_lines(),
                                 max_size=MESSAGE_LIMIT, max_queue=4, ping_interval=10, ping_timeout=10,
                                 open_timeout=5, close_timeout=CLOSE_TIMEOUT, server_header=None,
                                 compression=None)
        except OSError as error:
            failure.append(f"phones: cannot listen on {self.host} port {self.port}: {error.strerror or error}")
            return
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        try:
            await self._stopping.wait()
        finally:
            await self._close(server)

    async def _close(self, server: Server) -> None:
        server.close(close_connections=False)  # no new connections
        for phone in list(self._open):
            phone.bye(1001, "The table has closed")
        if self._writers:  # the last hands and byes go out first (bounded)
            await asyncio.wait(set(self._writers), timeout=CLOSE_TIMEOUT)
        for phone in list(self._open):  # whoever is still there does not listen: cut off
            phone.ws.transport.abort()
        server.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(server.wait_closed(), STOP_TIMEOUT)

    # --- HTTP: the page, or nothing -------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path in ("/phone.css", "/phone.js"):
            return self._file(path[1:])
        kind, _, secret = path[1:].partition("/")
        seat = self.book.seat_of(secret)
        if kind not in ("s", "ws") or seat is None:
            return self._text(HTTPStatus.NOT_FOUND, "This address opens no seat: it is wrong, or its game is over.")
        if kind == "s":
            return self._file("phone.html")
        if len(self._open) >= MAX_CONNECTIONS:
            return self._text(HTTPStatus.SERVICE_UNAVAILABLE, "Too many phones at once.")
        if sum(phone.seat == seat for phone in self._open) >= MAX_PER_SEAT:
            return self._text(HTTPStatus.SERVICE_UNAVAILABLE, "Too many phones on this seat at once.")
        return None  # the WebSocket handshake goes on

    def _file(self, name: str) -> Response:
        body, kind = self._page.body[name]
        return self._response(HTTPStatus.OK, body, kind)

    def _text(self, status: HTTPStatus, text: str) -> Response:
        return self._response(status, (text + "\n").encode(), "text/plain; charset=utf-8")

    @staticmethod
    def _response(status: HTTPStatus, body: bytes, kind: str) -> Response:
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))), *HEADERS])
        return Response(status.value, status.phrase, headers, body)

    # --- the channel ----------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        seat = self.book.seat_of(ws.request.path.split("?", 1)[0].partition("/ws/")[2])
        if seat is None:
            await ws.close(1008, "This address opens no seat")
            return
        phone = Phone(ws, seat)
        self._open.add(phone)
        writer = asyncio.create_task(phone.write())
        self._writers.add(writer)
        writer.add_done_callback(self._writers.discard)
        try:
            await self._read(phone)
            if phone.closing is not None:  # the last words go out before the line is closed (bounded)
                await asyncio.wait({writer}, timeout=CLOSE_TIMEOUT)
        except ConnectionClosed:
            pass
        finally:
            self._open.discard(phone)
            writer.cancel()
            if self._phones.get(seat) is phone:
                del self._phones[seat]
                self.book.entries[seat].connected = False
                self._refresh_status()

    async def _read(self, phone: Phone) -> None:
        limit = RateLimit(*self.limits)
        try:
            first = await asyncio.wait_for(phone.ws.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            await phone.ws.close(1008, "Say hello first")
            return
        raw: Any = first
        while True:
            if not limit.allow():
                if limit.exhausted:
                    phone.bye(1008, "Too many messages")
                    return
                phone.notice("slow", "Too many messages: slow down.")
            else:
                self._receive(phone, raw)
            raw = await phone.ws.recv()

    def _receive(self, phone: Phone, raw: Any) -> None:
        try:
            message = read_message(raw)
        except BadMessage as error:
            phone.notice("bad", str(error))
            return
        if isinstance(message, Ping):
            phone.notice("pong", "")
        elif isinstance(message, Hello):
            self._hello(phone, message.device)
        elif self._phones.get(phone.seat) is not phone:
            phone.notice("hello", "Say hello first: this phone holds no seat yet.")
        else:
            self._act(phone, message)

    def _hello(self, phone: Phone, device: str) -> None:
        seat = phone.seat
        if self.book.closed or self.book.entries[seat].on_screen:  # a line opened before the take-over
            phone.bye(4002, "The big screen has taken over this seat")
            return
        answer = self.book.claim(seat, device)
        if answer == "taken":
            phone.notice("taken", f"{self.names[seat]}'s seat is open on another phone. "
                                  "The big screen can let this phone take it.")
            self._refresh_status()
            return
        old = self._phones.get(seat)
        if old is not None and old is not phone:
            old.bye(4001, "This seat was opened on another phone")
        self._phones[seat] = phone
        self.book.entries[seat].connected = True
        self._refresh_status()
        phone.hand = self._hand_text(seat)
        phone.wake.set()

    def _act(self, phone: Phone, act: Act) -> None:
        state = self._state
        if state is None or act.version != self._version:
            phone.notice("stale", "The table has moved on: choose again.")
            return
        if state.current_player != phone.seat:
            phone.notice("turn", "It is not your turn to decide.")
            return
        if self._sent_for == self._version:
            phone.notice("sent", "Your choice is already on its way to the table.")
            return
        reason = explain_illegal(state, act.action)
        if reason is not None:
            phone.notice("illegal", f"{act.action.text}: {reason}")
            return
        try:
            self.actions.put_nowait((phone.seat, act.version, act.action))
        except queue.Full:
            phone.notice("busy", "The table is busy: try again.")
            return
        self._sent_for = self._version

    # --- hands --------------------------------------------------------------------------
    def _hand_text(self, seat: int) -> str:
        if self._state is None:
            return json.dumps({"type": "wait", "text": "The game is about to start."})
        return json.dumps(hand_message(self._state, seat, self.names, self.describe, self._version),
                          separators=(",", ":"))

    def _on_state(self, state: State, version: int) -> None:
        self._state, self._version = state, version
        for seat, phone in self._phones.items():
            phone.hand = self._hand_text(seat)
            phone.wake.set()
        if state.is_over:  # the last hands go out, then the server stops: no address works any more
            self.book.close()
            for phone in list(self._phones.values()):
                phone.bye(1000, "The game is over")
            if self._stopping is not None:
                self._stopping.set()

    def _on_allow(self, seat: int) -> None:
        if seat in self.book.entries:
            self.book.allow(seat)
            self._refresh_status()

    def _on_screen(self, seat: int) -> None:
        if seat not in self.book.entries:
            return
        self.book.entries[seat].on_screen = True
        phone = self._phones.pop(seat, None)
        if phone is not None:
            phone.bye(4002, "The big screen has taken over this seat")
        self._refresh_status()

    def _refresh_status(self) -> None:
        self._status = {seat: self.book.status(seat) for seat in self.book.entries}
        self._asking = tuple(seat for seat, entry in self.book.entries.items() if entry.asking)
