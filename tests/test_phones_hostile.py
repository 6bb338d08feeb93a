"""Phones as hands (issue 36, item 6): hostile and unlucky phones get errors and change nothing.

Wrong and old secrets, a second phone on a seat, malformed, oversized and binary messages, a flood,
moves out of turn, stale and illegal moves, a phone that never reads, and every other path on the
server. Each test runs a real server on 127.0.0.1 and stops it in `finally`; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.bitcoin import apply, start_game, step_actions
from game.client.satoshi.phone_choices import describe
from game.phones.server import PhoneServer
from tests.phone_clients import WAIT, open_phone, receive, until, ws_url

NAMES = ("Ada", "Hal", "Nick")


def run(test, burst: int = 16):
    """Start a three-seat server on 127.0.0.1 with a fresh game, run `test(server, state)`, stop it."""
    server = PhoneServer(range(3), NAMES, describe)
    server.limits = (8.0, burst, 40)
    server.start()
    state, _ = start_game(3, 77)
    server.publish(state, 0)
    try:
        return asyncio.run(asyncio.wait_for(test(server, state), 20))
    finally:
        server.stop()
        assert not server.running


def get(server: PhoneServer, path: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def hand(message):
    return message["type"] == "hand"


def test_the_server_serves_its_page_and_nothing_else():
    async def test(server, state):
        secret_path = server.url(0).split(":", 2)[2].partition("/")[2]
        status, headers, body = get(server, "/" + secret_path)
        assert status == 200 and body.startswith(b"<!doctype html>")
        assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert get(server, "/phone.js")[0] == 200 and get(server, "/phone.css")[0] == 200
        for path in ("/", "/phone.html", "/s/", "/s/" + "A" * 32, "/ws/nothing", "/../pyproject.toml",
                     "/etc/passwd", "/s/../phone.html", "/page/phone.js", "/game/phones/server.py",
                     "/" + secret_path + "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"):
            status, _, body = get(server, path)
            assert status == 404, path
            assert b"opens no seat" in body
    run(test)


def test_wrong_and_old_secrets_open_nothing():
    old = PhoneServer(range(3), NAMES)
    old.start()
    old_url = ws_url(old, 1)
    old.stop()
    with pytest.raises(OSError):  # the old server is gone: its port is closed
        socket.create_connection(("127.0.0.1", old.port), timeout=1).close()

    async def test(server, state):
        secret = ws_url(server, 1).rsplit("/", 1)[1]
        for wrong in (old_url.rsplit("/", 1)[1], secret[:-1], secret + "x", secret.upper(), ""):
            with pytest.raises(InvalidStatus) as refused:
                await open_phone(f"ws://127.0.0.1:{server.port}/ws/{wrong}")
            assert refused.value.response.status_code == 404
        assert server.status() == {0: "waiting", 1: "waiting", 2: "waiting"}
    run(test)


def test_a_second_phone_is_refused_until_the_big_screen_lets_it_in():
    async def test(server, state):
        url = ws_url(server, 1)
        first = await open_phone(url, "first-phone-device")
        assert (await receive(first))["seat"] == 1
        second = await open_phone(url, "second-phone-device")
        refused = await receive(second)
        assert refused["type"] == "error" and refused["code"] == "taken" and "Hal's seat" in refused["text"]
        await second.send(json.dumps({"type": "act", "version": 0, "action": "pay"}))
        assert (await receive(second))["code"] == "hello"  # it holds no seat: nothing it sends counts
        await asyncio.sleep(0.05)
        assert server.asking() == (1,) and server.status()[1] == "connected"
        server.allow(1)
        third = await open_phone(url, "second-phone-device")
        assert (await receive(third))["seat"] == 1
        bye = await until(first, lambda m: m["type"] == "bye")
        assert "another phone" in bye["text"]
        # the first phone comes back: now it is the one refused
        again = await open_phone(url, "first-phone-device")
        assert (await receive(again))["code"] == "taken"
        assert server.take_actions() == []
        for ws in (first, second, third, again):
            await ws.close()
    run(test)


def test_a_phone_that_loses_its_connection_gets_its_seat_back_with_its_hand():
    async def test(server, state):
        url = ws_url(server, 0)
        phone = await open_phone(url, "sleepy-phone-0001")
        first = await receive(phone)
        await phone.close()
        await asyncio.sleep(0.05)
        assert server.status()[0] == "gone"
        back = await open_phone(url, "sleepy-phone-0001")
        assert await receive(back) == first
        assert server.status()[0] == "connected"
        await back.close()
    run(test)


MALFORMED = [
    "not json", "[]", "42", '"hello"', "{}", '{"type": "dance"}', '{"type": 7}',
    '{"type": "hello"}', '{"type": "hello", "device": "short"}', '{"type": "hello", "device": "' + "x" * 65 + '"}',
    '{"type": "hello", "device": "bad device with spaces"}', '{"type": "act"}',
    '{"type": "act", "version": "0", "action": "pay"}', '{"type": "act", "version": -1, "action": "pay"}',
    '{"type": "act", "version": 0, "action": ""}', '{"type": "act", "version": 0, "action": "fly to the moon"}',
    '{"type": "act", "version": 0, "action": ["pay"]}', '{"type": "act", "version": 1e400, "action": "pay"}',
    '{"type": "act", "version": 0, "action": {"a": {"b": 1}}}', "[" * 500 + "]" * 500,
    '{"type": "act", "version": ' + "9" * 1900 + ', "action": "pay"}', "\udcff",
    '{"type": "act", "version": true, "action": "pay"}',
]


def test_malformed_messages_get_errors_and_change_nothing():
    async def test(server, state):
        phone = await open_phone(ws_url(server, 0), "careful-phone-01")
        await until(phone, hand)
        for raw in MALFORMED:
            await phone.send(raw.encode("utf-8", "surrogatepass") if raw == "\udcff" else raw)
            answer = await receive(phone)
            assert answer["type"] == "error" and answer["code"] == "bad", raw
            assert "phone message" in answer["text"] or "message:" in answer["text"]
        await phone.send(b"\x00\x01binary")
        assert (await receive(phone))["code"] == "bad"
        assert server.take_actions() == [] and server.status()[0] == "connected"
        await phone.close()
    run(test, burst=64)  # every one is read and answered (the flood test is below)


def test_an_oversized_message_closes_the_connection():
    async def test(server, state):
        phone = await open_phone(ws_url(server, 0), "greedy-phone-001")
        await until(phone, hand)
        await phone.send(json.dumps({"type": "act", "version": 0, "action": "pay" + " " * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(phone.recv(), WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert server.take_actions() == []
    run(test)


def test_a_flood_is_slowed_then_cut_off():
    async def test(server, state):
        phone = await open_phone(ws_url(server, 0), "flooding-phone-1")
        await until(phone, hand)
        mover = state.current_player
        action = step_actions(state)[0].text
        for _ in range(300):
            await phone.send(json.dumps({"type": "act", "version": 0, "action": action if mover == 0 else "pay"}))
        codes = []
        with pytest.raises(ConnectionClosed):
            while True:
                message = await receive(phone)
                codes.append(message.get("code") or message["type"])
        assert "slow" in codes and codes[-1] == "bye"
        assert len(server.take_actions()) <= 1  # at most the one legal move, once
    run(test)


def test_moves_out_of_turn_stale_or_illegal_are_refused():
    async def test(server, state):
        mover = state.current_player
        other = (mover + 1) % 3
        legal = step_actions(state)[0].text
        mine = await open_phone(ws_url(server, mover), "mover-phone-0001")
        theirs = await open_phone(ws_url(server, other), "other-phone-0001")
        await until(mine, hand)
        await until(theirs, hand)
        await theirs.send(json.dumps({"type": "act", "version": 0, "action": legal}))
        assert (await receive(theirs))["code"] == "turn"
        await mine.send(json.dumps({"type": "act", "version": 5, "action": legal}))
        assert (await receive(mine))["code"] == "stale"
        await mine.send(json.dumps({"type": "act", "version": 0, "action": "buy 999"}))
        refused = await receive(mine)
        assert refused["code"] == "illegal" and refused["text"].startswith("buy 999: ")
        assert server.take_actions() == []
        await mine.send(json.dumps({"type": "act", "version": 0, "action": legal}))
        await mine.send(json.dumps({"type": "act", "version": 0, "action": legal}))
        assert (await receive(mine))["code"] == "sent"  # one action per version, however often it is sent
        assert [(s, v, a.text) for s, v, a in server.take_actions()] == [(mover, 0, legal)]
        await mine.close()
        await theirs.close()
    run(test)


def test_a_phone_that_never_reads_holds_up_nobody():
    async def test(server, state):
        deaf = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        path = ws_url(server, 1).split(str(server.port), 1)[1]
        deaf.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        hello = json.dumps({"type": "hello", "device": "deaf-phone-00001"}).encode()
        deaf.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # masked with a zero key
        good = await open_phone(ws_url(server, 0), "good-phone-00001")
        try:
            current, version = state, 0
            started = time.monotonic()
            while version < 150 and not current.is_over:
                current, _ = apply(current, step_actions(current)[0])
                version += 1
                server.publish(current, version)
            latest = await until(good, lambda m: hand(m) and m["version"] == version)
            assert latest["version"] == version and time.monotonic() - started < WAIT
        finally:
            deaf.close()
            await good.close()
    run(test)


def test_the_server_is_gone_when_the_game_ends():
    async def test(server, state):
        phone = await open_phone(ws_url(server, 2), "final-phone-0001")
        await until(phone, hand)
        current, version = state, 0
        while not current.is_over:
            current, _ = apply(current, step_actions(current)[-1])
            version += 1
        server.publish(current, version)
        last = await until(phone, lambda m: hand(m) and m["outcome"] is not None)
        assert all(p["role"] for p in last["players"])  # the cards are face up at the end, for everyone
        assert (await receive(phone))["type"] == "bye"
        assert await asyncio.to_thread(server.finished.wait, WAIT)
        with pytest.raises(OSError):
            await open_phone(ws_url(server, 2), "final-phone-0001")
    run(test)
