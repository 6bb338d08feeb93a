"""The sandbox a case runs in, and the checks every case ends with."""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.safeio import is_temp_name, text_problem

VICTIM = b"a file of someone else's that Coinland must never touch\n"
MAX_NOTICE_CHARS = 400


class Broken(AssertionError):
    """A door failed a case: the text says which promise was broken."""


class Hung(BaseException):
    """The watchdog fired: the door took longer than any sane input allows."""


@dataclass
class Sandbox:
    """A data folder, and an outside folder with a victim file and folder links may point at."""

    base: Path
    root: Path = field(init=False)
    outside: Path = field(init=False)
    victim: Path = field(init=False)

    def __post_init__(self) -> None:
        self.root = self.base / "data"
        self.outside = self.base / "outside"
        self.root.mkdir(parents=True)
        (self.outside / "folder").mkdir(parents=True)
        self.victim = self.outside / "victim.txt"
        self.victim.write_bytes(VICTIM)
        (self.outside / "folder" / "notes.json").write_bytes(b'{"mine": "do not delete"}\n')
        (self.outside / "folder" / "20200101-000000-000000-puzzle.json").write_bytes(VICTIM)
        self._before = snapshot(self.outside)

    def outside_untouched(self) -> None:
        after = snapshot(self.outside)
        if after != self._before:
            changed = sorted(set(after.items()) ^ set(self._before.items()))
            raise Broken(f"touched a file outside its folder: {changed[:3]}")


def snapshot(folder: Path) -> dict[str, Any]:
    """Everything under `folder` (never following links): kind and content or link target."""
    out: dict[str, Any] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            info = os.lstat(path)
            rel = str(path.relative_to(folder))
            if stat.S_ISLNK(info.st_mode):
                out[rel] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                out[rel] = ("file", path.read_bytes())
            else:
                out[rel] = ("other", stat.S_IFMT(info.st_mode))
    return out


@contextlib.contextmanager
def watchdog(seconds: float, what: str) -> Iterator[None]:
    """Raise Hung after `seconds` of wall time (main thread; regular expressions check signals too)."""
    if not hasattr(signal, "setitimer"):  # pragma: no cover - Windows
        yield
        return

    def fire(_signum, _frame):
        raise Hung(f"{what}: still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def drive(what: str, call, *args, allowed: tuple[type[BaseException], ...] = (), seconds: float = 20.0):
    """Call a probe method; anything it raises (but `allowed`) or a hang is a Broken promise."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        with watchdog(seconds, what):
            result = call(*args)
    except Hung as error:
        raise Broken(str(error)) from None
    except allowed as error:
        check_line(str(error), what)
        return error
    except Exception as error:
        raise Broken(f"{what} raised {type(error).__name__}: {str(error)[:300]}") from error
    except RecursionError as error:  # pragma: no cover - a subclass of Exception, named for the reader
        raise Broken(f"{what} recursed without bound: {error}") from error
    finally:  # a refusal is timed too: a reader that takes minutes to refuse is as broken
        drive.last = time.perf_counter() - start  # type: ignore[attr-defined]
        drive.cpu = time.process_time() - cpu  # type: ignore[attr-defined]  # CPU: the machine is shared
    return result


def check_line(text: Any, what: str) -> None:
    """A notice is one printable line, capped, encodable: no control, direction or undecodable characters."""
    if not isinstance(text, str):
        raise Broken(f"{what}: a notice that is not text: {text!r:.80}")
    if len(text) > MAX_NOTICE_CHARS:
        raise Broken(f"{what}: a notice of {len(text)} characters, expected one short line")
    problem = text_problem(text, MAX_NOTICE_CHARS)
    if problem:
        raise Broken(f"{what}: a notice that {problem}: {text[:120]!r}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Broken(f"{what}: a notice that cannot be encoded: {text[:120]!r}") from None


def check_seen(seen, what: str) -> None:
    for notice in seen.notices:
        check_line(notice, what)
    for label in seen.labels:
        check_line(label, f"{what} (a label shown)")


def kept_somewhere(folder: Path, name: str, content: bytes | None) -> bool:
    """The planted entry (by content for files) is still in `folder`: in place or set aside as NAME.corrupt*."""
    for entry in folder.iterdir() if folder.is_dir() else ():
        if entry.name == name or entry.name.startswith(name + ".corrupt"):
            if content is None:
                return True
            with contextlib.suppress(OSError):
                if entry.is_symlink() or (entry.is_file() and entry.read_bytes() == content):
                    return True
    return False


def temp_files(folder: Path) -> list[str]:
    out = []
    for dirpath, _dirs, names in os.walk(folder):
        out += [str(Path(dirpath, n).relative_to(folder)) for n in names if is_temp_name(n)]
    return out
