"""Listing and walking folders from outside: capped, newest first by a date we trust, no recursion.

* `list_files` looks at one folder: regular files only (never a link, never a FIFO), names
  chosen by the caller's pattern, newest first by modification time, at most `cap`, with a
  one-line notice when some were left out. A time in the future (a clock once set ahead,
  files copied from elsewhere) is not trusted: such files sort after every file with a
  believable time, so a file written now is always listed first.
* `walk_files` goes down a tree without recursion, to at most `max_depth` folders deep and
  `max_files` files, never into a linked folder (no cycles), with a notice when it stopped.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.safeio.errors import show_name

FUTURE_SLACK = 5.0  # seconds a file's time may run ahead of our clock and still be believed
SCAN_CAP = 100_000  # entries looked at in one folder: a flooded folder costs a bounded time
WALK_DEPTH = 8  # folders deep a level folder may nest (packs of packs of levels is 2)
WALK_FILES = 2000  # level files in one walk (the campaign ships 50; a player's collection is hundreds)


@dataclass(frozen=True)
class Found:
    """One file of a listing: where it is, its name as shown, when it was written, how big."""

    path: Path
    mtime: float
    size: int

    @property
    def shown(self) -> str:
        return show_name(self.path.name)


@dataclass
class Listing:
    files: list[Found] = field(default_factory=list)
    left_out: int = 0  # files of the pattern beyond the cap (the oldest)
    notice: str = ""  # one line for the player when something was left out or could not be read


def _trusted_order(found: Found, now: float) -> tuple[int, float, str]:
    believable = found.mtime <= now + FUTURE_SLACK
    return (1 if believable else 0, found.mtime if believable else -found.mtime, found.path.name)


def list_files(folder: Path, name: re.Pattern[str] | Callable[[str], bool], cap: int,
               what: str = "files", regular_only: bool = True) -> Listing:
    """The newest `cap` regular files of `folder` whose names match, newest first.

    With `regular_only=False`, other entries of a matching name (a folder, a FIFO, a link)
    are listed too, so a reader can say what is wrong with them; nothing here opens them."""
    matches = name.match if isinstance(name, re.Pattern) else name
    folder = Path(folder)
    listing = Listing()
    try:
        entries = os.scandir(folder)
    except FileNotFoundError:
        return listing
    except OSError as error:
        listing.notice = f"{show_name(folder)}: cannot list it ({error.strerror or error})"
        return listing
    found: list[Found] = []
    with entries:
        for count, entry in enumerate(entries):
            if count >= SCAN_CAP:
                listing.notice = f"{show_name(folder)}: only the first {SCAN_CAP} entries were looked at"
                break
            if not matches(entry.name):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) or not regular_only:
                found.append(Found(Path(entry.path), info.st_mtime, info.st_size))
    now = time.time()
    found.sort(key=lambda item: _trusted_order(item, now), reverse=True)
    listing.files, listing.left_out = found[:cap], max(0, len(found) - cap)
    if listing.left_out and not listing.notice:
        listing.notice = f"{show_name(folder)}: showing the newest {cap} {what}; {listing.left_out} older not listed"
    return listing


def is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def walk_files(root: Path, suffix: str, max_depth: int = WALK_DEPTH,
               max_files: int = WALK_FILES) -> tuple[list[Path], str]:
    """The regular files under `root` ending in `suffix` (sorted by path), and a one-line notice
    ("" when the walk was complete). No recursion; hidden entries and linked folders are skipped;
    folders deeper than `max_depth` are not entered; past `max_files` the newest are kept (by
    times we trust, as in `list_files`), so a file saved just now is always among them."""
    root = Path(root)
    found: list[Found] = []
    notes: list[str] = []
    pending: list[tuple[Path, int]] = [(root, 0)]
    looked = 0
    while pending and looked < SCAN_CAP:
        folder, depth = pending.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            looked += 1
            if looked > SCAN_CAP:
                notes.append(f"only the first {SCAN_CAP} entries were looked at")
                break
            if entry.name.startswith("."):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                if depth + 1 > max_depth:
                    notes.append(f"folders deeper than {max_depth} levels were skipped")
                else:
                    pending.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(suffix) and (stat.S_ISREG(info.st_mode) or _links_to_file(entry)):
                found.append(Found(Path(entry.path), info.st_mtime, info.st_size))
    if len(found) > max_files:
        now = time.time()
        found.sort(key=lambda item: _trusted_order(item, now), reverse=True)
        notes.append(f"only the newest {max_files} of {len(found)} files were read")
        found = found[:max_files]
    notice = f"{show_name(root)}: {'; '.join(dict.fromkeys(notes))}" if notes else ""
    return sorted(item.path for item in found), notice


def _links_to_file(entry: os.DirEntry[str]) -> bool:
    """A link to a regular file is read (reading follows links); a link to a folder is never walked."""
    try:
        return entry.is_symlink() and stat.S_ISREG(entry.stat(follow_symlinks=True).st_mode)
    except OSError:
        return False


def list_names(folder: Path, cap: int = SCAN_CAP) -> tuple[list[Path], list[Path]]:
    """The visible regular files (links to files too) and real folders of `folder`, each sorted
    by name, at most `cap` entries looked at: for showing a folder's content in its own order."""
    files: list[Path] = []
    folders: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            for count, entry in enumerate(entries):
                if count >= cap:
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISDIR(info.st_mode):
                    folders.append(Path(entry.path))
                elif stat.S_ISREG(info.st_mode) or _links_to_file(entry):
                    files.append(Path(entry.path))
    except OSError:
        pass
    return sorted(files), sorted(folders)
