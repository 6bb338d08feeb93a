"""Every message from a phone is outside input: read it here, through the same checks as the rest.

A message is one JSON object of at most `MESSAGE_LIMIT` bytes (the server refuses bigger frames
before they are read), parsed by game.safeio (nesting and number limits), with a known `type`
and fields of the expected types and sizes. An action is then read by the engine's own parser;
whether it is legal is the engine's to say (`explain_illegal`), never ours. A phone that sends
too much too fast is slowed by `RateLimit` (a token bucket) and cut off if it keeps on.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game import safeio
from game.bitcoin import parse_action
from game.bitcoin.actions import Action
from game.phones.seats import DEVICE_CHARS

MESSAGE_LIMIT = 2048  # bytes: the longest action text is about 40 characters
ACTION_LIMIT = 120  # characters of one action text (as a saved game allows)
MAX_VERSION = 10**6
RATE = 8.0  # messages a second, on average
BURST = 16  # messages at once
STRIKES = 40  # messages refused for speed before the connection is closed


class BadMessage(ValueError):
    """A phone's message that cannot be read; the text says which field and what was expected."""


@dataclass(frozen=True)
class Hello:
    device: str


@dataclass(frozen=True)
class Act:
    version: int
    action: Action


@dataclass(frozen=True)
class Ping:
    pass


Message = Hello | Act | Ping


def read_message(raw: Any) -> Message:
    """One message, checked; BadMessage names the field and what was expected."""
    if not isinstance(raw, str):
        raise BadMessage("message: expected text (JSON), got binary data")
    if len(raw.encode("utf-8", "replace")) > MESSAGE_LIMIT:
        raise BadMessage(f"message: expected at most {MESSAGE_LIMIT} bytes")
    try:
        data = safeio.parse_json(raw, "phone message", max_depth=2)
        table = safeio.need_table(data, "phone message", "message")
        kind = safeio.need_choice(table.get("type"), "phone message", "type", ("hello", "act", "ping"))
        if kind == "hello":
            device = safeio.need_text(table.get("device"), "phone message", "device", DEVICE_CHARS[1], False)
            if len(device) < DEVICE_CHARS[0] or not device.isascii() or not device.replace("-", "").isalnum():
                raise BadMessage(f"phone message: device: expected {DEVICE_CHARS[0]} to {DEVICE_CHARS[1]} "
                                 "letters and digits")
            return Hello(device)
        if kind == "ping":
            return Ping()
        version = safeio.need_int(table.get("version"), "phone message", "version", 0, MAX_VERSION)
        text = safeio.need_text(table.get("action"), "phone message", "action", ACTION_LIMIT, False)
    except safeio.UnsafeInput as error:
        raise BadMessage(str(error)) from None
    try:
        return Act(version, parse_action(text))
    except ValueError:
        raise BadMessage(f"phone message: action: expected an action in the engine's text form, "
                         f"got {safeio.describe(text)}") from None


@dataclass
class RateLimit:
    """A token bucket: `rate` messages a second on average, `burst` at once, cut off after `strikes` refusals."""

    rate: float = RATE
    burst: int = BURST
    strikes: int = STRIKES
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    refused: int = 0

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False

    @property
    def exhausted(self) -> bool:
        """Refused so often that the phone is not listening: close it."""
        return self.refused >= self.strikes
