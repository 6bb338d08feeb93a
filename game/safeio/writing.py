"""Writing, locking, setting aside and deleting in our folders: never through a link.

* A write goes to a temporary file created exclusively beside its target
  (`.NAME.XXXXXXXX.tmp`, `O_EXCL | O_NOFOLLOW`), locked while it is written, synced, then
  renamed over the target: a crash, a kill or a full disk leaves the old file or the new
  one, never a partial one, and a failed write removes its temporary file.
* Nothing is written, created, locked, renamed or deleted when the name or the folder it
  is in is a symbolic link (`OSError` ELOOP, said once by the caller).
* The temporary files of a killed run are removed at the next start (`clean_temps`): only
  names of our pattern, only regular files, and only when no live writer holds their lock.
* We delete only what we can tell we wrote: `remove_own` checks the name against our
  pattern, that it is a regular file, and optionally what it holds.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, writes stay atomic
    fcntl = None  # type: ignore[assignment]

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CREATE_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW
                | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.(?P<random>[a-z0-9_]{8})\.tmp$", re.DOTALL)
OLD_TEMP_NAMES = (re.compile(r"^sounds-[0-9a-f]{16}\.pcm\.tmp$"),)  # the sound cache's spare before it used ours
TEMP_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_"


def refuse_link(path: Path, what: str = "file") -> None:
    """OSError (ELOOP) when `path` or the folder it is in is a symbolic link."""
    for place, kind in ((path, what), (path.parent, "folder")):
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISLNK(os.lstat(place).st_mode):
                raise OSError(errno.ELOOP, f"{place} is a symbolic link; Coinland does not write through links "
                                           f"(the {kind} was left alone)")


def make_folder(folder: Path) -> Path:
    """Create `folder` (and missing parents) unless it is, or sits in, a link we would write through."""
    folder = Path(folder)
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        folder.mkdir(parents=True, exist_ok=True)
        info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode):
        raise OSError(errno.ELOOP, f"{folder} is a symbolic link; Coinland keeps its files only in real folders")
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(errno.ENOTDIR, f"{folder} is not a folder")
    return folder


def make_temp_folder(prefix: str) -> Path:
    """A new private folder in the system's temporary place (tools and tours; never our data)."""
    import tempfile

    return Path(tempfile.mkdtemp(prefix=prefix))


def temp_name(target: Path) -> Path:
    random = "".join(secrets.choice(TEMP_ALPHABET) for _ in range(8))
    return target.with_name(f".{target.name}.{random}.tmp")


def _open_temp(target: Path) -> tuple[int, Path]:
    """A new temporary file beside `target`, created exclusively and locked for as long as it is open."""
    for _ in range(100):
        temp = temp_name(target)
        try:
            handle = os.open(temp, CREATE_FLAGS, 0o644)
        except FileExistsError:
            continue
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:  # a start-up cleaner may have taken it in the instant before our lock: start again
                same = os.path.samestat(os.fstat(handle), os.lstat(temp))
            except FileNotFoundError:
                same = False
            if not same:
                os.close(handle)
                continue
        return handle, temp
    raise OSError(errno.EEXIST, f"no free temporary name beside {target}")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash, a kill or a full disk leaves the old file or the new one."""
    path = Path(path)
    refuse_link(path)
    make_folder(path.parent)
    handle, temp = _open_temp(path)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
        os.fsync(handle)
        refuse_link(path)  # a link planted meanwhile is not replaced either
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    finally:
        os.close(handle)
    _sync_folder(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    """`atomic_write_bytes` of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_create_text(path: Path, text: str) -> None:
    """Write a *new* file whole, or raise FileExistsError: never over a file that is there (a
    second window keeping a record at the same instant keeps its own, under another name)."""
    path = Path(path)
    refuse_link(path)
    make_folder(path.parent)
    handle, temp = _open_temp(path)
    try:
        view = memoryview(text.encode("utf-8"))
        while view:
            view = view[os.write(handle, view):]
        os.fsync(handle)
        os.link(temp, path, follow_symlinks=False)  # fails if anything has that name, a link included
    finally:
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(temp)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (best effort)."""
    with contextlib.suppress(OSError, AttributeError):
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def is_temp_name(name: str) -> bool:
    """A name our writers give their temporary files (and only those)."""
    return bool(TEMP_NAME.match(name)) or any(pattern.match(name) for pattern in OLD_TEMP_NAMES)


def clean_temps(folder: Path) -> int:
    """Remove the temporary files a killed run left in `folder`; how many were removed.

    Only our names, only regular files (never a link), and only when no writer still holds
    the file's lock: a second window writing at this moment keeps its file."""
    removed = 0
    try:
        if stat.S_ISLNK(os.lstat(folder).st_mode):
            return 0
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries[:100_000]:
        if is_temp_name(entry.name) and _remove_dead_temp(Path(entry.path)):
            removed += 1
    return removed


def _remove_dead_temp(path: Path) -> bool:
    try:
        handle = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return False
        if fcntl is not None:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # a live writer holds it
        if not os.path.samestat(os.fstat(handle), os.lstat(path)):
            return False
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        os.close(handle)


def remove_own(path: Path, name: re.Pattern[str] | Callable[[str], bool],
               holds: Callable[[Path], bool] | None = None) -> bool:
    """Delete `path` only if we can tell we wrote it: its name is ours, it is a regular file
    (not a link), its folder is not a link, and (when `holds` is given) its content is ours.
    True when it was deleted; never raises for a file that is not ours or already gone."""
    path = Path(path)
    matches = name.match if isinstance(name, re.Pattern) else name
    if not matches(path.name):
        return False
    try:
        refuse_link(path)
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        if holds is not None and not holds(path):
            return False
        os.unlink(path)
    except OSError:
        return False
    return True


def set_aside(path: Path, move: bool = True) -> str:
    """Keep a damaged file as `NAME.corrupt`, `NAME.corrupt.2`, ... never over an earlier copy.

    Returns the sentence for the player: where the copy is, or why there is none.
    `move=False` copies instead (the original stays, e.g. when only some fields were bad).
    A link is moved as a link (never followed); nothing is set aside inside a linked folder.
    """
    path = Path(path)
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.lstat(path.parent).st_mode):
            return "could not keep a copy (its folder is a symbolic link)" + ("; it was left in place" if move else "")
    for number in range(1, 1000):
        target = path.with_name(path.name + ".corrupt" + (f".{number}" if number > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            if move:
                _move_new(path, target)
            else:
                _copy_new(path, target)
        except FileExistsError:
            continue
        except OSError as error:
            return f"could not keep a copy ({error.strerror or error})" + ("; it was left in place" if move else "")
        return f"kept it as {target.name}"
    return "could not keep a copy (too many earlier copies)"


def _move_new(path: Path, target: Path) -> None:
    """Rename without overwriting: a hard link of the entry itself (never its link target), then unlink."""
    try:
        os.link(path, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, str(target)) from None
        path.replace(target)  # no hard links here (some file systems): a rename, checked just above
        return
    os.unlink(path)


def _copy_new(source: Path, target: Path, limit: int = 64 * 1024 * 1024) -> None:
    from game.safeio.reading import read_bytes

    data = read_bytes(source, limit, "file") if stat.S_ISREG(os.stat(source).st_mode) else b""
    handle = os.open(target, CREATE_FLAGS, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
    except BaseException:
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise
    os.close(handle)


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[bool]:
    """An exclusive advisory lock on `path` (created if needed), for read-merge-write updates.

    Yields True when locked. Where locking is not possible (no fcntl, a read-only folder, a
    link at the lock's name or its folder: never created through), the body still runs
    unlocked: a lost lock must never stop a player from playing.
    """
    path = Path(path)
    if fcntl is None:  # pragma: no cover - Windows
        yield False
        return
    try:
        refuse_link(path, "lock file")
        make_folder(path.parent)
        handle = os.open(path, os.O_RDWR | os.O_CREAT | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError:
        yield False
        return
    try:
        locked = stat.S_ISREG(os.fstat(handle).st_mode)
        if locked:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX)
            except OSError:
                locked = False
        yield locked
    finally:
        os.close(handle)
