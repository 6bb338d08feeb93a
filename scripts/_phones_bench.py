#!/usr/bin/env python3
"""scripts/bench_client.py --phones: the Finding Satoshi table with six phones connected and playing (issue 36).

Six scripted phones (real WebSocket clients on 127.0.0.1, in a thread of their own) hold the six
seats of a table with "Phones as hands" on; each answers its hand a quarter of a second after it
arrives with the table's first highlighted choice (else the first one it offers). The table runs
frame by frame at the game's own pace, and every frame's wall time and main-thread CPU time is
timed by scripts/bench_client.py (same reference, same columns). The twin plays the same
actions on the same frames with no server and no phones: the difference is what the server and
its channel cost the frame loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from game.client.app import App
from game.client.satoshi import phone_table
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.satoshi.table import TableScene

PACE = 0.25  # seconds a scripted phone takes to answer
NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")


def pick(choices: dict) -> str | None:
    """The first highlighted leaf, else the first leaf (menus opened), never a guess or an offer."""
    leaves: list[dict] = []

    def walk(nodes: list[dict]) -> None:
        for node in nodes:
            if node["kind"] == "leaf":
                leaves.append(node)
            elif node["kind"] == "menu":
                walk(node["items"])
    walk(choices["main"])
    primary = [leaf for leaf in leaves if leaf.get("primary")]
    return (primary or leaves or [{"action": None}])[0]["action"]


async def phone(url: str, seat: int, stop: asyncio.Event) -> None:
    async with connect(url, open_timeout=5, close_timeout=1) as ws:
        await ws.send(json.dumps({"type": "hello", "device": f"bench-phone-device-{seat}"}))
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if message.get("type") == "hand" and message["to_move"] == seat and message["choices"]:
                action = pick(message["choices"])
                if action:
                    await asyncio.sleep(PACE)
                    await ws.send(json.dumps({"type": "act", "version": message["version"], "action": action}))


def phones_thread(urls: list[str], stop: threading.Event) -> threading.Thread:
    def run() -> None:
        async def main() -> None:
            halt = asyncio.Event()
            tasks = [asyncio.create_task(phone(url, seat, halt)) for seat, url in enumerate(urls)]
            while not stop.is_set():
                await asyncio.sleep(0.05)
            halt.set()
            await asyncio.wait(tasks, timeout=5)
        asyncio.run(main())
    thread = threading.Thread(target=run, name="bench-phones", daemon=True)
    thread.start()
    return thread


def phones_pair(app: App, frames: int, report: Callable[[str, Any], None], measure: Callable[..., Any],
                seed: int = 7) -> None:
    """The table with six phones playing, then its twin: the same actions on the same frames, no server."""
    app.store.settings.phone_address = "127.0.0.1"
    setup = TableSetup(tuple(Seat(NAMES[i], HUMAN, i) for i in range(6)), seed=seed, phones=True)
    table = TableScene(TableSession.start(setup))
    app.push(table)
    app.tick(1 / 60)
    app.pop()  # the seats' codes: the phones open their addresses directly
    server = table.phones.server
    urls = [server.url(seat).replace("http://", "ws://").replace("/s/", "/ws/") for seat in range(6)]
    stop = threading.Event()
    thread = phones_thread(urls, stop)
    deadline = time.monotonic() + 10  # every phone connected before the clock starts (bounded)
    while set(server.status().values()) != {"connected"} and time.monotonic() < deadline:
        app.tick(1 / 60)
        time.sleep(1 / 60)
    print(f"  (phones: {sorted(server.status().values())})")
    frames_of: list[int] = []
    frame = [0]
    played = table.act

    def act(action: Any) -> bool:  # records the frame each phone's action is played on
        frames_of.append(frame[0])
        return played(action)
    table.act = act  # type: ignore[method-assign]

    def count(index: int) -> None:
        frame[0] = index
    try:
        report("Satoshi table, 6 phones connected and playing", measure(app, frames, count))
    finally:
        stop.set()
        thread.join(10)
        actions = list(table.session.actions)
        app.pop()  # the table: its server stops
    print(f"  ({len(actions)} actions played by the phones; the server stopped with the table: "
          f"{server.finished.wait(5)})")

    opened = phone_table.PhoneTable.open
    phone_table.PhoneTable.open = classmethod(lambda cls, scene: None)  # type: ignore[method-assign,assignment]
    try:
        twin = TableScene(TableSession.start(setup))  # phone seats, no server: nobody waits on a hand-over
        app.push(twin)
    finally:
        phone_table.PhoneTable.open = opened  # type: ignore[method-assign]
    queue = list(zip(frames_of, actions, strict=True))

    def replay(index: int) -> None:
        while queue and queue[0][0] <= index:
            twin.act(queue.pop(0)[1])
    report("the same moves on the same frames, no phones", measure(app, frames, replay))
    app.pop()


