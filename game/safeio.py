"""Reading outside data safely: the one door every hostile byte comes through.

Level files, share codes, saves, settings, progress, game records and engine lines are
all written by someone we do not control. Every loader in Coinland reads through this
module, so the hazards are handled once:

* only regular files are opened (a FIFO, a device or a folder is refused before any
  read, and opening never blocks), and at most `limit` bytes are ever read;
* text must be UTF-8 without NUL bytes;
* JSON and TOML are refused when nested deeper than `MAX_DEPTH`, when an integer has more
  than `MAX_INT_DIGITS` digits, or when a number is not finite, before the parser could
  recurse or allocate without bound;
* names and other free text lose nothing silently: control characters and unpaired
  surrogates are refused, and lengths are capped;
* a damaged file is set aside under a name that never overwrites an earlier copy, and the
  notice says what really happened (also when the folder is read-only).

Every failure is an `UnsafeInput`, a `ValueError` whose text is one line naming the
source, the field and what was expected. This module imports no pygame.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import tempfile
import tomllib
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

MAX_DEPTH = 32  # our files nest 4 deep at most; 32 leaves room and stays far from recursion limits
MAX_INT_DIGITS = 30  # no number in any of our files needs more
MAX_NOTICE = 200  # characters of a message shown to a player or printed as one line
KIB = 1024


class UnsafeInput(ValueError):
    """Outside data that was refused: `str()` is one line, `source: field: expected ...`."""

    def __init__(self, source: str, message: str, field: str = "") -> None:
        self.source, self.field, self.reason = str(source), field, message
        where = f"{self.source}: {field}: " if field else f"{self.source}: "
        super().__init__(one_line(where + message))


def one_line(text: str, limit: int = MAX_NOTICE) -> str:
    """Text fit for a single line of output or a toast: no control characters, capped."""
    flat = "".join(ch if ch.isprintable() else " " for ch in str(text))
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def describe(value: Any, limit: int = 40) -> str:
    """A short, safe picture of a bad value for an error message."""
    try:
        shown = repr(value)
    except ValueError:  # a huge int refuses to become text
        shown = f"an integer of {value.bit_length()} bits"
    return one_line(shown, limit)


# --- files ----------------------------------------------------------------------------
_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """At most `limit` bytes of a regular file; anything else is an UnsafeInput.

    The file is opened non-blocking, so a FIFO cannot hang us, and its kind is checked on
    the open descriptor, so it cannot be swapped between the check and the read.
    """
    source = str(path)
    if not source:
        raise UnsafeInput("<no path>", f"expected the path of a {what}, got an empty one")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(source, flags)
    except FileNotFoundError:
        raise UnsafeInput(source, f"no such {what}") from None
    except OSError as error:
        raise UnsafeInput(source, f"cannot open it ({error.strerror or error})") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise UnsafeInput(source, f"is {kind}, expected a regular {what}")
        if info.st_size > limit:
            raise UnsafeInput(source, f"is {info.st_size} bytes, expected a {what} of at most {limit} bytes")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(handle, min(64 * KIB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise UnsafeInput(source, f"cannot read it ({error.strerror or error})") from None
    finally:
        os.close(handle)
    if total > limit:
        raise UnsafeInput(source, f"is over {limit} bytes, expected a {what} of at most {limit} bytes")
    return b"".join(chunks)


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
    return decode_text(read_bytes(path, limit, what), str(path), what)


def read_json_file(path: str | os.PathLike[str], limit: int, what: str = "JSON file") -> Any:
    return parse_json(read_text(path, limit, what), str(path))


def read_toml_file(path: str | os.PathLike[str], limit: int, what: str = "TOML file") -> dict[str, Any]:
    return parse_toml(read_text(path, limit, what), str(path))


# --- structured text ------------------------------------------------------------------
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_TOML_STRING = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'', re.DOTALL)
_TOML_COMMENT = re.compile(r"#[^\n]*")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting_depth(text: str, strings: re.Pattern[str] = _JSON_STRING) -> int:
    """How deep brackets nest outside strings (an over-estimate on malformed text, never under)."""
    brackets = _NOT_BRACKET.sub("", strings.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


def _check_depth(text: str, source: str, strings: re.Pattern[str], max_depth: int) -> None:
    depth = nesting_depth(text, strings)
    if depth > max_depth:
        raise UnsafeInput(source, f"nests {depth} levels deep, expected at most {max_depth}")


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("+-").replace("_", "")) > MAX_INT_DIGITS:
        raise ValueError(f"a number with more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_INT_DIGITS + 20:
        raise ValueError(f"a number written with more than {MAX_INT_DIGITS + 20} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number that is not finite")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} (numbers must be finite)")


def parse_json(text: str, source: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON with bounded nesting, bounded integers and finite numbers only."""
    _check_depth(text, source, _JSON_STRING, max_depth)
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnsafeInput(source, f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    except (ValueError, RecursionError) as error:
        raise UnsafeInput(source, f"not valid JSON here: {one_line(str(error), 80)}") from None


def parse_toml(text: str, source: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """TOML with bounded nesting, bounded integers and finite numbers only."""
    _check_depth(_TOML_COMMENT.sub("", _TOML_STRING.sub("", text)), source, _TOML_STRING, max_depth)
    try:
        data = tomllib.loads(text, parse_float=_parse_float)
    except tomllib.TOMLDecodeError as error:
        raise UnsafeInput(source, f"not valid TOML ({one_line(str(error), 100)})") from None
    except (ValueError, RecursionError) as error:
        raise UnsafeInput(source, f"not valid TOML here: {one_line(str(error), 80)}") from None
    _check_ints(data, source)
    return data


def _check_ints(value: Any, source: str, depth: int = 0) -> None:
    """TOML integers are parsed by tomllib itself; refuse the oversized ones afterwards."""
    if isinstance(value, bool):
        return
    if isinstance(value, int) and value.bit_length() > MAX_INT_DIGITS * 4:
        raise UnsafeInput(source, f"holds an integer of {value.bit_length()} bits, expected small numbers")
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        _check_ints(child, source, depth + 1)


# --- fields ---------------------------------------------------------------------------
def need_int(value: Any, source: str, field: str, low: int, high: int) -> int:
    """An integer (never a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnsafeInput(source, f"expected an integer from {low} to {high}, got {describe(value)}", field)
    if not low <= value <= high:
        raise UnsafeInput(source, f"expected an integer from {low} to {high}, got {describe(value)}", field)
    return value


def need_number(value: Any, source: str, field: str, low: float, high: float) -> float:
    """A finite number (int or float, never a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise UnsafeInput(source, f"expected a number from {low} to {high}, got {describe(value)}", field)
    if not low <= value <= high:
        raise UnsafeInput(source, f"expected a number from {low} to {high}, got {describe(value)}", field)
    return value


def need_bool(value: Any, source: str, field: str) -> bool:
    if not isinstance(value, bool):
        raise UnsafeInput(source, f"expected true or false, got {describe(value)}", field)
    return value


def need_choice(value: Any, source: str, field: str, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise UnsafeInput(source, f"expected one of {', '.join(choices)}, got {describe(value)}", field)
    return value


# Line and paragraph separators break a one-line label; the bidirectional embeddings, overrides
# and isolates reorder the text around them, so a name could show other words than it holds.
NOT_PLAIN = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _plain(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Cs") and ch not in NOT_PLAIN


def text_problem(text: str, max_len: int) -> str:
    """Why `text` is not fit to show as a name or label ("" when it is)."""
    if len(text) > max_len:
        return f"expected at most {max_len} characters, got {len(text)}"
    for ch in text:
        if unicodedata.category(ch) == "Cs":
            return "holds an unpaired surrogate, expected plain text"
        if not _plain(ch):
            return f"holds the control character U+{ord(ch):04X}, expected plain text"
    return ""


def need_text(value: Any, source: str, field: str, max_len: int, allow_empty: bool = True) -> str:
    """A string with no control characters or lone surrogates, at most `max_len` long."""
    if not isinstance(value, str):
        raise UnsafeInput(source, f"expected text, got {describe(value)}", field)
    problem = text_problem(value, max_len)
    if problem:
        raise UnsafeInput(source, problem, field)
    if not allow_empty and not value.strip():
        raise UnsafeInput(source, "expected some text, got an empty one", field)
    return value


def clean_text(text: str, max_len: int) -> str:
    """Typed or pasted text made safe: control characters and lone surrogates dropped, capped."""
    return "".join(ch for ch in text if _plain(ch))[:max_len]


def need_table(value: Any, source: str, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise UnsafeInput(source, f"expected a table of named fields, got {describe(value)}", field)
    return value


def need_list(value: Any, source: str, field: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise UnsafeInput(source, f"expected a list, got {describe(value)}", field)
    if len(value) > max_len:
        raise UnsafeInput(source, f"expected at most {max_len} items, got {len(value)}", field)
    return value


# --- lines from a stream --------------------------------------------------------------
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


# --- writing and setting aside ---------------------------------------------------------
def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def set_aside(path: Path, move: bool = True) -> str:
    """Keep a damaged file as `NAME.corrupt`, `NAME.corrupt.2`, ... never over an earlier copy.

    Returns the sentence for the player: where the copy is, or why there is none.
    `move=False` copies instead (the original stays, e.g. when only some fields were bad).
    """
    path = Path(path)
    for number in range(1, 1000):
        target = path.with_name(path.name + ".corrupt" + (f".{number}" if number > 1 else ""))
        if target.exists() or target.is_symlink():
            continue
        try:
            if move:
                try:
                    os.link(path, target)  # fails rather than overwrite a copy made meanwhile
                    path.unlink()
                except OSError:
                    if target.exists():
                        raise
                    path.replace(target)
            else:
                _copy_new(path, target)
        except FileExistsError:
            continue
        except OSError as error:
            return f"could not keep a copy ({error.strerror or error})" + ("; it was left in place" if move else "")
        return f"kept it as {target.name}"
    return "could not keep a copy (too many earlier copies)"


def _copy_new(source: Path, target: Path) -> None:
    data = source.read_bytes() if source.is_file() else b""
    with open(target, "xb") as out:
        out.write(data)


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on `path` (created if needed), for read-merge-write updates.

    Where locking is not possible (no fcntl, a read-only folder), the body still runs:
    a lost lock must never stop a player from playing.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
