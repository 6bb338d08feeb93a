"""Share a level as a short text code that survives chat, e-mail and a careless paste.

A code is `CL1-` followed by base32 groups of five characters. Inside: the format
version, board size, start cell, purse, one bit per cell for "no coin", one bit per edge
for "gate", the name in UTF-8 (up to 40 bytes), and a checksum, so a mistyped code is
refused instead of giving another level. Dashes, spaces and case are ignored when read.

A code is outside data: whatever is pasted is checked before a Level is built. Version 2
(written since issue 17) carries a full CRC-32, which catches every change of one or two
neighbouring characters; version 1 codes (a 16-bit checksum) still load when it verifies.
For both, every bit must mean something, so no character is ignored: the last character's
spare bits, the spare bits after the cell and edge flags and a flag on the start cell are
refused, since they would let a changed code load the same level unnoticed.
"""

from __future__ import annotations

import base64
import zlib

from game.coinland.levels import Level, parse_level
from game.hexgrid import MAX_SIZE, MIN_SIZE, board
from game.safeio import text_problem

PREFIX = "CL1-"
VERSION = 2  # what `encode` writes
OLD_VERSION = 1  # still read: a 16-bit checksum
CHECK_BYTES = {OLD_VERSION: 2, VERSION: 4}
MAX_NAME_BYTES = 40
MAX_BYTE = 255  # size, start index and purse are one byte each
MAX_CODE_CHARS = 600  # a 8-ring board with a 40-byte name is under 200 characters: more is not a code
DEFAULT_NAME = "Shared level"
MAX_FUTURE_VERSION = 15  # a first byte above this is not a version: the code is garbage, not from the future


class ShareCodeError(ValueError):
    """A code that is not a Coinland level (or a level no code can carry); the message says why."""


def _pack_bits(flags: list[bool]) -> bytes:
    value = sum(1 << i for i, flag in enumerate(flags) if flag)
    return value.to_bytes((len(flags) + 7) // 8, "little")


def _unpack_bits(data: bytes, count: int) -> list[bool]:
    value = int.from_bytes(data, "little")
    return [bool(value >> i & 1) for i in range(count)]


def _checksum(body: bytes, version: int) -> bytes:
    crc = zlib.crc32(body)
    if version == OLD_VERSION:
        return (crc & 0xFFFF).to_bytes(2, "little")
    return crc.to_bytes(4, "little")


def share_name(name: str) -> str:
    """The name as a code carries it: trimmed, at most 40 bytes of UTF-8, cut between characters."""
    return name.strip().encode("utf-8")[:MAX_NAME_BYTES].decode("utf-8", "ignore").strip()


def _body(level: Level, version: int) -> bytes:
    """The bytes of `level`'s code before base32; ShareCodeError for a level no code can carry."""
    if not MIN_SIZE <= level.size <= MAX_SIZE:
        raise ShareCodeError(f"a code carries boards of size {MIN_SIZE} to {MAX_SIZE}, not {level.size}")
    if not 0 <= level.purse <= MAX_BYTE:
        raise ShareCodeError(f"a code carries a starting purse of 0 to {MAX_BYTE} coins, not {level.purse}")
    hexes = board(level.size)
    if level.start not in hexes:
        raise ShareCodeError(f"the start {level.start} is not on a board of size {level.size}")
    outside = [c for c in level.empty if c not in hexes] + [g for g in level.gates if g not in set(hexes.edges)]
    if outside:
        raise ShareCodeError(f"{outside[0]} is not on a board of size {level.size}")
    problem = text_problem(level.name, 10 * MAX_NAME_BYTES)
    if problem:
        raise ShareCodeError(f"the name {problem}")
    body = bytes([version, level.size, hexes.cells.index(level.start), level.purse])
    body += _pack_bits([c in level.empty and c != level.start for c in hexes.cells])
    body += _pack_bits([e in level.gates for e in hexes.edges])
    body += share_name(level.name).encode("utf-8")
    return body + _checksum(body, version)


def _text(body: bytes) -> str:
    return base64.b32encode(body).decode("ascii").rstrip("=")


def encode(level: Level, version: int = VERSION) -> str:
    """The share code of a level (its par, hint and author are not carried; the name is cut to 40 bytes).

    Raises ShareCodeError for what no code can carry (a purse over 255, a start off the board):
    a value silently clipped would give a friend another level.
    """
    if version not in CHECK_BYTES:
        raise ShareCodeError(f"no share code format {version}")
    text = _text(_body(level, version))
    return PREFIX + "-".join(text[i:i + 5] for i in range(0, len(text), 5))


def decode(code: str) -> Level:
    """The level of a share code; raises ShareCodeError with a reason."""
    if len(code) > MAX_CODE_CHARS * 2:
        raise ShareCodeError(f"the text is {len(code)} characters long, too long for a level code")
    cleaned = "".join(code.split()).replace("-", "").upper()
    if not cleaned.startswith(PREFIX.rstrip("-")):
        raise ShareCodeError("a level code starts with CL1-")
    text = cleaned[len(PREFIX) - 1:]
    if len(text) > MAX_CODE_CHARS:
        raise ShareCodeError(f"the code has {len(text)} characters, too many for a level code")
    try:
        body = base64.b32decode(text + "=" * (-len(text) % 8))
    except (ValueError, TypeError):
        raise ShareCodeError("the code has characters that are not in a level code") from None
    version = body[0] if body else 0
    if version not in CHECK_BYTES:
        if VERSION < version <= MAX_FUTURE_VERSION and len(body) > 4:
            raise ShareCodeError(f"the code is for a newer Coinland (format {version})")
        raise ShareCodeError("the code is damaged or mistyped (its checksum does not match)")
    check = CHECK_BYTES[version]
    if len(body) < 4 + check or _checksum(body[:-check], version) != body[-check:]:
        raise ShareCodeError("the code is damaged or mistyped (its checksum does not match)")
    if _text(body) != text:  # the last character's spare bits: b32decode ignores them
        raise ShareCodeError("the code is damaged or mistyped (its last character does not belong)")
    return _level_from(body[:-check])


def _level_from(body: bytes) -> Level:
    _, size, start_index, purse = body[:4]
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ShareCodeError(f"the code names a board size of {size}")
    hexes = board(size)
    cell_bytes, edge_bytes = (len(hexes.cells) + 7) // 8, (len(hexes.edges) + 7) // 8
    if len(body) < 4 + cell_bytes + edge_bytes or start_index >= len(hexes.cells):
        raise ShareCodeError("the code is too short for its board")
    cell_data, edge_data = body[4:4 + cell_bytes], body[4 + cell_bytes:4 + cell_bytes + edge_bytes]
    empty_flags = _unpack_bits(cell_data, len(hexes.cells))
    gate_flags = _unpack_bits(edge_data, len(hexes.edges))
    start = hexes.cells[start_index]
    if _pack_bits(empty_flags) != cell_data or _pack_bits(gate_flags) != edge_data or empty_flags[start_index]:
        raise ShareCodeError("the code is damaged or mistyped (it sets bits no level uses)")
    raw_name = body[4 + cell_bytes + edge_bytes:]
    if len(raw_name) > MAX_NAME_BYTES:
        raise ShareCodeError(f"the code's name is {len(raw_name)} bytes long, at most {MAX_NAME_BYTES} fit")
    try:
        name = raw_name.decode("utf-8")  # strict: broken UTF-8 and encoded surrogates are refused
    except UnicodeDecodeError:
        raise ShareCodeError("the code's name is not readable text") from None
    problem = text_problem(name, MAX_NAME_BYTES)
    if problem:
        raise ShareCodeError(f"the code's name {problem}")
    empty = frozenset(c for c, flag in zip(hexes.cells, empty_flags, strict=True) if flag)
    gates = frozenset(e for e, flag in zip(hexes.edges, gate_flags, strict=True) if flag)
    level = Level(name=name.strip() or DEFAULT_NAME, size=size, start=start, purse=purse, empty=empty, gates=gates)
    _, problems = parse_level(level.to_dict(), source="level code")
    if problems:  # the level files' own rules (a purse too large for a level, no coin at all...)
        raise ShareCodeError(f"the code holds a level that cannot be played ({problems[0].key}: "
                             f"{problems[0].message})")
    return level
