"""The seats' secrets and who holds each seat: pure bookkeeping, no network.

A seat's address carries a secret of 128 bits from `secrets` (the issue asks for at least 128),
so nobody who is not shown the address can guess it. The first phone to say hello on an address
claims the seat with a device key of its own (random, kept by the page); the same device comes
back to the same seat after a sleep or a lost connection. Another device on the same address is
refused until the big screen lets that device in (`allow`), so a lost phone can be replaced but a phone
that saw the address over a shoulder cannot take a seat unnoticed. When the game ends
(`close`) every secret stops working.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field

SECRET_BYTES = 16  # 128 bits: 22 characters in the address
DEVICE_CHARS = (16, 64)  # a device key's length, as the page makes it

WAITING, CONNECTED, GONE, SCREEN = "waiting", "connected", "gone", "screen"


@dataclass
class SeatEntry:
    """One phone seat: its secret, the device that claimed it, and whether it is connected now."""

    secret: str
    device: str = ""
    connected: bool = False
    asking: bool = False  # another device asks for this seat; the big screen may let it in
    asker: str = ""  # the device that asked last
    let_in: str = ""  # the device the big screen let in (the one asking then): it takes the seat on its next hello
    on_screen: bool = False  # the big screen took the seat over: the phone is out


@dataclass
class SeatBook:
    """The secrets of the phone seats of one game (seat index -> entry)."""

    entries: dict[int, SeatEntry] = field(default_factory=dict)
    closed: bool = False

    @classmethod
    def deal(cls, seats: list[int] | tuple[int, ...]) -> SeatBook:
        return cls({seat: SeatEntry(secrets.token_urlsafe(SECRET_BYTES)) for seat in seats})

    def seat_of(self, secret: str) -> int | None:
        """The seat whose secret this is (compared in constant time), or None: wrong, old or closed."""
        if self.closed or not isinstance(secret, str):
            return None
        found = None
        for seat, entry in self.entries.items():
            if hmac.compare_digest(entry.secret.encode(), secret.encode("utf-8", "replace")) and not entry.on_screen:
                found = seat
        return found

    def claim(self, seat: int, device: str) -> str:
        """"ok" when `device` holds (or now takes) the seat; "taken" when another device holds it."""
        entry = self.entries[seat]
        if not entry.device or entry.device == device:
            entry.device = device
            return "ok"
        if entry.let_in and device == entry.let_in:
            entry.device, entry.let_in, entry.asking, entry.asker = device, "", False, ""
            return "replaced"
        entry.asking, entry.asker = True, device
        return "taken"

    def allow(self, seat: int) -> None:
        """The big screen lets the phone asking now take this seat (a lost or flat phone is replaced);
        no other device, then or later: not one that saw the address over a shoulder."""
        entry = self.entries[seat]
        entry.let_in, entry.asking = entry.asker, False

    def status(self, seat: int) -> str:
        entry = self.entries[seat]
        if entry.on_screen:
            return SCREEN
        if entry.connected:
            return CONNECTED
        return GONE if entry.device else WAITING

    def close(self) -> None:
        """The game is over (or left): no secret works any more."""
        self.closed = True
