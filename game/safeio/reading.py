"""Reading files and lines from outside: regular files only, never blocking, capped.

A FIFO, a device, a socket or a folder is refused on the open descriptor before any read
(so it cannot be swapped in between), opening never blocks, and at most `limit` bytes are
ever read. Lines from a stream are capped too: a longer one is skipped in small pieces.
"""

from __future__ import annotations

import os
import stat
from typing import Any, BinaryIO

from game.safeio.errors import KIB, UnsafeInput
from game.safeio.parsing import parse_json, parse_toml

KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """At most `limit` bytes of a regular file; anything else is an UnsafeInput.

    The file is opened non-blocking, so a FIFO cannot hang us, and its kind is checked on
    the open descriptor, so it cannot be swapped between the check and the read.
    """
    source = os.fspath(path)
    if not source:
        raise UnsafeInput("<no path>", f"expected the path of a {what}, got an empty one")
    try:
        handle = os.open(source, READ_FLAGS)
    except FileNotFoundError:
        raise UnsafeInput(source, f"no such {what}") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise UnsafeInput(source, f"cannot open it ({getattr(error, 'strerror', None) or error})") from None
    try:
        return _read_open(handle, source, limit, what)
    finally:
        os.close(handle)


def _read_open(handle: int, source: str, limit: int, what: str) -> bytes:
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kind = KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise UnsafeInput(source, f"is {kind}, expected a regular {what}")
        if info.st_size > limit:
            raise UnsafeInput(source, f"is {info.st_size} bytes, expected a {what} of at most {limit} bytes")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(handle, min(256 * KIB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise UnsafeInput(source, f"cannot read it ({error.strerror or error})") from None
    if total > limit:
        raise UnsafeInput(source, f"is over {limit} bytes, expected a {what} of at most {limit} bytes")
    return b"".join(chunks)


def read_prefix(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes of a regular file (b"" for anything else or on any error): for
    telling whether a file is one of ours before deleting it, whatever its length."""
    try:
        handle = os.open(os.fspath(path), READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    except (OSError, ValueError):
        return b""
    try:
        return os.read(handle, size) if stat.S_ISREG(os.fstat(handle).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(handle)


def decode_text(raw: bytes, source: str, what: str = "text") -> str:
    """UTF-8 text without NUL bytes (a leading byte-order mark is dropped)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnsafeInput(source, f"byte {error.start} is not UTF-8, expected {what}") from None
    if "\x00" in text:
        raise UnsafeInput(source, f"holds binary data (a NUL byte), expected {what}")
    return text


def read_text(path: str | os.PathLike[str], limit: int, what: str = "text file") -> str:
    """A capped regular file decoded as UTF-8."""
    return decode_text(read_bytes(path, limit, what), os.fspath(path), what)


def read_json_file(path: str | os.PathLike[str], limit: int, what: str = "JSON file") -> Any:
    return parse_json(read_text(path, limit, what), os.fspath(path))


def read_toml_file(path: str | os.PathLike[str], limit: int, what: str = "TOML file") -> dict[str, Any]:
    return parse_toml(read_text(path, limit, what), os.fspath(path))


def read_line(stream: BinaryIO, limit: int) -> bytes | None:
    """One line of at most `limit` bytes, without its newline; None at end of input.

    A longer line is read to its end in small pieces and thrown away, so it never sits in
    memory whole; the caller gets `b"\\0too long"` back and answers with an error.
    """
    line = stream.readline(limit + 1)
    if not line:
        return None
    if len(line) > limit and not line.endswith(b"\n"):
        while True:
            rest = stream.readline(64 * KIB)
            if not rest or rest.endswith(b"\n"):
                break
        return TOO_LONG
    return line.rstrip(b"\r\n")


TOO_LONG = b"\0too long"
