"""Share a level as a short text code that survives chat, e-mail and a careless paste.

A code is `CL1-` followed by base32 groups of five characters. Inside: the format
version, board size, start cell, purse, one bit per cell for "no coin", one bit per edge
for "gate", the name in UTF-8 (up to 40 bytes), and a 16-bit checksum, so a mistyped code
is refused instead of giving another level. Dashes, spaces and case are ignored when read.
"""

from __future__ import annotations

import base64
import zlib

from game.coinland.levels import Level
from game.hexgrid import MAX_SIZE, MIN_SIZE, board

PREFIX = "CL1-"
VERSION = 1
MAX_NAME_BYTES = 40


class ShareCodeError(ValueError):
    """A code that is not a Coinland level; the message says what is wrong."""


def _pack_bits(flags: list[bool]) -> bytes:
    value = sum(1 << i for i, flag in enumerate(flags) if flag)
    return value.to_bytes((len(flags) + 7) // 8, "little")


def _unpack_bits(data: bytes, count: int) -> list[bool]:
    value = int.from_bytes(data, "little")
    return [bool(value >> i & 1) for i in range(count)]


def encode(level: Level) -> str:
    """The share code of a level (its par, hint and author are not carried)."""
    hexes = board(level.size)
    name = level.name.encode("utf-8")[:MAX_NAME_BYTES].decode("utf-8", "ignore").encode("utf-8")
    body = bytes([VERSION, level.size, hexes.cells.index(level.start), min(level.purse, 255)])
    body += _pack_bits([c in level.empty for c in hexes.cells])
    body += _pack_bits([e in level.gates for e in hexes.edges])
    body += name
    body += (zlib.crc32(body) & 0xFFFF).to_bytes(2, "little")
    text = base64.b32encode(body).decode("ascii").rstrip("=")
    return PREFIX + "-".join(text[i:i + 5] for i in range(0, len(text), 5))


def decode(code: str) -> Level:
    """The level of a share code; raises ShareCodeError with a reason."""
    cleaned = "".join(code.split()).replace("-", "").upper()
    if not cleaned.startswith(PREFIX.rstrip("-")):
        raise ShareCodeError("a level code starts with CL1-")
    text = cleaned[len(PREFIX) - 1:]
    try:
        body = base64.b32decode(text + "=" * (-len(text) % 8))
    except (ValueError, TypeError):
        raise ShareCodeError("the code has characters that are not in a level code") from None
    if len(body) < 6 or (zlib.crc32(body[:-2]) & 0xFFFF).to_bytes(2, "little") != body[-2:]:
        raise ShareCodeError("the code is damaged or mistyped (its checksum does not match)")
    return _level_from(body[:-2])


def _level_from(body: bytes) -> Level:
    version, size, start_index, purse = body[:4]
    if version != VERSION:
        raise ShareCodeError(f"the code is for a newer Coinland (format {version})")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ShareCodeError(f"the code names a board size of {size}")
    hexes = board(size)
    cell_bytes, edge_bytes = (len(hexes.cells) + 7) // 8, (len(hexes.edges) + 7) // 8
    if len(body) < 4 + cell_bytes + edge_bytes or start_index >= len(hexes.cells):
        raise ShareCodeError("the code is too short for its board")
    empty_flags = _unpack_bits(body[4:4 + cell_bytes], len(hexes.cells))
    gate_flags = _unpack_bits(body[4 + cell_bytes:4 + cell_bytes + edge_bytes], len(hexes.edges))
    start = hexes.cells[start_index]
    name = body[4 + cell_bytes + edge_bytes:].decode("utf-8", "replace").strip() or "Shared level"
    empty = frozenset(c for c, flag in zip(hexes.cells, empty_flags, strict=True) if flag and c != start)
    gates = frozenset(e for e, flag in zip(hexes.edges, gate_flags, strict=True) if flag)
    return Level(name=name, size=size, start=start, purse=purse, empty=empty, gates=gates)
