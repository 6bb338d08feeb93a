"""Scripted phones for the phone server's tests: real WebSocket clients on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.phones.server import PhoneServer

WAIT = 5.0  # seconds: the longest any test waits for one message


def ws_url(server: PhoneServer, seat: int) -> str:
    return server.url(seat).replace("http://", "ws://").replace("/s/", "/ws/")


async def open_phone(url: str, device: str = "phone-device-0001") -> ClientConnection:
    ws = await connect(url, open_timeout=WAIT, close_timeout=1, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "device": device}))
    return ws


async def receive(ws: ClientConnection, wait: float = WAIT) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), wait))


async def until(ws: ClientConnection, test: Any, wait: float = WAIT) -> dict[str, Any]:
    """The first message that passes `test` (others are skipped), within `wait` seconds in all."""
    async def find() -> dict[str, Any]:
        while True:
            message = json.loads(await ws.recv())
            if test(message):
                return message
    return await asyncio.wait_for(find(), wait)


def reachable(choices: dict[str, Any]) -> set[str]:
    """Every action text the phone's choices offer (offer forms: 'offer P' prefixes)."""
    out: set[str] = set()

    def walk(nodes: list[dict[str, Any]]) -> None:
        for node in nodes:
            if node["kind"] == "leaf":
                out.add(node["action"])
            elif node["kind"] == "menu":
                walk(node["items"])
            elif node["kind"] == "amount":
                out.update(c["action"] for c in node["choices"])
            elif node["kind"] == "offer":
                out.update(f"offer {t['seat']}" for t in node["targets"])
    walk(choices["main"])
    walk(choices["tools"])
    return out
