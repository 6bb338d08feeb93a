"""Phones as hands (issue 36): attacks found in session 2 that the other phone tests did not cover.

Each test runs a real server on 127.0.0.1 through test_phones_hostile.run and stops it; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import selectors
import socket
import threading
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.phones.address import check_address
from game.phones.line import MAX_LINES
from game.phones.seats import SeatBook
from game.phones.server import MAX_CONNECTIONS, MAX_PER_SEAT, PhoneServer
from tests.phone_clients import WAIT, open_phone, receive, ws_url
from tests.test_phones_hostile import hand, run


def test_a_connection_opened_before_a_take_over_cannot_claim_the_seat_after_it():
    """The big screen takes a seat over: its address stops working, even for a line opened before."""
    async def test(server, state):
        url = ws_url(server, 0)
        phone = await open_phone(url, "owner-phone-00001")
        assert hand(await receive(phone))
        lurker = await connect(url, open_timeout=WAIT, close_timeout=1)  # opened, says nothing yet
        server.to_screen(0)
        await asyncio.sleep(0.1)
        assert server.status()[0] == "screen"
        await lurker.send(json.dumps({"type": "hello", "device": "owner-phone-00001"}))
        answer = await receive(lurker)
        assert answer["type"] != "hand", "the taken-over seat's hand went to a phone"
        await asyncio.sleep(0.05)
        assert server.status()[0] == "screen"
        for ws in (phone, lurker):
            await ws.close()
    run(test)


def test_one_seat_cannot_fill_the_server_and_lock_the_other_phones_out():
    """A hostile player opens her own address many times over (each a 'second phone' asking): the
    other seats' phones still get in."""
    async def test(server, state):
        own = ws_url(server, 0)
        lines = []
        for i in range(MAX_CONNECTIONS):
            try:
                lines.append(await open_phone(own, f"hostile-device-{i:04d}"))
            except InvalidStatus as refused:
                assert refused.response.status_code == 503
                break
        assert len(lines) == MAX_PER_SEAT
        honest = await open_phone(ws_url(server, 1), "honest-phone-0001")
        assert hand(await receive(honest))
        for ws in [*lines, honest]:
            await ws.close()
    run(test)



@pytest.mark.parametrize("hostile", ["0.0.0.0", "::", "224.0.0.1", "ff02::1", "255.255.255.255", "fe80::1%eth0"])
def test_settings_cannot_point_the_server_at_every_interface_or_a_group(hostile):
    """settings.json is outside input: 0.0.0.0 would listen on every network and put an address no
    phone can open in the QR code; a group, broadcast or zoned address is no address of this machine."""
    with pytest.raises(ValueError):
        check_address(hostile)
    assert check_address("192.168.1.20") == "192.168.1.20" and check_address("::1") == "::1"


def test_letting_a_new_phone_in_lets_in_the_phone_that_asked_and_no_other():
    """The big screen lets 'the second phone' in: a third device that knew the address over a shoulder,
    or any device later on (once the owner came back meanwhile), is not let in by that."""
    book = SeatBook.deal([0])
    assert book.claim(0, "owner-device-0001") == "ok"
    assert book.claim(0, "new-phone-00001") == "taken"  # the lost phone's replacement asks
    book.allow(0)
    assert book.claim(0, "shoulder-000001") == "taken"  # someone else is not the one let in
    assert book.claim(0, "owner-device-0001") == "ok"  # the owner's phone comes back meanwhile
    assert book.claim(0, "new-phone-00001") == "replaced"  # the one let in takes it
    assert book.claim(0, "shoulder-000001") == "taken"  # the allowance is used up
    assert book.claim(0, "owner-device-0001") == "taken"


def test_starting_a_server_while_one_runs_stops_that_one_instead_of_hanging():
    """'Only one server runs at a time: starting one stops the one before' (server.py): it deadlocked
    on its own lock, freezing the frame loop for good. Run in a thread so that a hang fails, not hangs."""
    first, second = PhoneServer([0], ["Ada"]), PhoneServer([0], ["Ada"])
    first.start()
    starter = threading.Thread(target=second.start, daemon=True)
    try:
        starter.start()
        starter.join(8)
        assert not starter.is_alive(), "the second start() hangs"
        assert second.running and not first.running
    finally:
        if not starter.is_alive():  # (when it hangs, it holds the lock stop() takes: leave both to the exit)
            second.stop()
            first.stop()


def test_idle_connections_cannot_use_up_the_programs_files():
    """Anyone on the network can open TCP connections that never send a request; each held its file
    descriptor for the handshake's 5 s, so a few thousand made every file the game opens (a save)
    fail with 'Too many open files'. Past MAX_LINES at once, a new one is cut at once."""
    server = PhoneServer([0], ["Ada"])
    server.start()
    idle = []
    try:
        for _ in range(MAX_LINES + 40):
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=WAIT))
        deadline = time.monotonic() + 2  # (well before the handshake timeout would cut them anyway)
        cut: set[socket.socket] = set()
        # a selector, not select.select: in a long test worker descriptors may pass select's 1024
        with selectors.DefaultSelector() as watch:
            for s in idle:
                watch.register(s, selectors.EVENT_READ)
            while len(cut) < 40 and time.monotonic() < deadline:
                for key, _ in watch.select(0.2):
                    s = key.fileobj
                    watch.unregister(s)
                    if s.recv(1) == b"":
                        cut.add(s)
        assert len(cut) >= 40
    finally:
        for s in idle:
            s.close()
        server.stop()


def test_a_flood_of_pings_is_cut_off():
    """Pings are frames no message limit counts; answering a flood of them held the interpreter the
    frame loop shares (its frames stalled up to a second). A line sending far more than a phone does is cut."""
    async def test(server, state):
        phone = await open_phone(ws_url(server, 0), "ping-flooder-0001")
        assert hand(await receive(phone))
        ping = bytes([0x89, 0x80]) + b"\0\0\0\0"  # an empty ping, masked with a zero key
        with pytest.raises((ConnectionClosed, RuntimeError, ConnectionError)):  # (RuntimeError: a write after the cut)
            for _ in range(50):
                phone.transport.write(ping * 2000)
                await asyncio.sleep(0.01)
            await receive(phone, 2)
    run(test)
