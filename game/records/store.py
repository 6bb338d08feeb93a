"""Where records live: one JSON file per finished game in `<data dir>/records/`, the last 200 kept.

File names start with the UTC time the game ended (`NAME`), but no order is ever taken from
a name an outsider can choose: the list shows the newest by the files' times (a time in the
future is not believed, so a record kept now is always listed first), at most `KEEP` of
them, and pruning deletes only files it can tell are ours (our name pattern, a regular file
that holds a Coinland record), never the record just kept, never through a linked folder.
Writing is atomic (`safeio.atomic_write_text`); reading goes through `safeio` with a size
cap, then full validation, then a replay through the rules (`game.records.replay`), and
anything that fails is listed as unreadable with its reason: a damaged record never takes a
screen or the command line down with it. Listing 10,000 records reads only the newest 200.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from game.records.format import APP, Record, RecordError, parse_record
from game.records.replay import Replay, replay
from game.safeio import (
    KIB,
    UnsafeInput,
    atomic_create_text,
    atomic_write_text,
    data_dir,
    is_link,
    list_files,
    make_folder,
    one_line,
    read_prefix,
    read_text,
    remove_own,
    show_name,
)

KEEP = 200  # records kept in the folder (and listed); older ones are pruned on each write
RECORD_LIMIT = 1024 * KIB  # a long Finding Satoshi game is well under 100 KiB
SUFFIX = ".json"
NAME = re.compile(r"^\d{8}-\d{6}-\d{6}-(?:puzzle|classic|duel|satoshi)(?:-\d{1,6})?\.json$")
PRUNE_SCAN = 100_000  # files of the folder looked at when pruning


def records_dir() -> Path:
    return data_dir() / "records"


def now_text() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def keep(record: Record, folder: Path | None = None, limit: int = KEEP) -> Path:
    """Write a record as a new file and prune the oldest beyond `limit`; OSError when it cannot."""
    folder = records_dir() if folder is None else Path(folder)
    make_folder(folder)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S-%f")
    text = record.to_json()
    for number in range(1, 1000):
        path = folder / (f"{stamp}-{record.kind}{SUFFIX}" if number == 1 else f"{stamp}-{record.kind}-{number}{SUFFIX}")
        try:
            atomic_create_text(path, text)  # never over another record, even one kept this microsecond
            break
        except FileExistsError:
            continue
    else:
        raise OSError(f"no free name for a record in {show_name(folder)}")
    prune(folder, limit, spare=path)
    return path


def _listed(name: str) -> bool:
    return name.endswith(SUFFIX) and not name.startswith(".")


def record_files(folder: Path, cap: int = KEEP) -> list[Path]:
    """The newest `cap` record files of a folder (any *.json, ours or copied in), oldest first."""
    listing = list_files(Path(folder), _listed, cap, "records", regular_only=False)
    return [found.path for found in reversed(listing.files)]


def _is_record(path: Path) -> bool:
    """Does the file start like a Coinland record? (Before deleting it: never a user's own notes.)"""
    return f'"app": "{APP}"'.encode() in read_prefix(path, 256)


def prune(folder: Path, limit: int = KEEP, spare: Path | None = None) -> int:
    """Delete our records beyond the newest `limit` (never `spare`); how many were deleted."""
    folder = Path(folder)
    if is_link(folder):
        return 0  # never delete inside a folder reached through a link
    ours = list_files(folder, NAME, PRUNE_SCAN, "records").files
    gone = 0
    for found in ours[max(0, limit):]:
        if spare is not None and found.path == spare:
            continue
        if remove_own(found.path, NAME, holds=_is_record):
            gone += 1
    return gone


def load(path: Path | str) -> Record:
    """Read one record file (the folder's or an exported one); RecordError names what is wrong."""
    try:
        text = read_text(path, RECORD_LIMIT, "game record")
    except UnsafeInput as error:
        raise RecordError(str(error)) from None
    return parse_record(text, str(path))


def open_record(path: Path | str) -> Replay:
    """Read and replay one record; RecordError when it cannot be shown."""
    return replay(load(path))


def export(record: Record, path: Path | str) -> Path:
    """Write a copy of a record anywhere (to share it); the same format the folder uses."""
    target = Path(path)
    atomic_write_text(target, record.to_json())  # never through a link, at the name or its folder
    return target


@dataclass
class Entry:
    """One line of the Recent games list: the record, or why it cannot be read."""

    path: Path
    record: Record | None
    problem: str = ""

    @property
    def readable(self) -> bool:
        return self.record is not None and not self.problem


def recent(folder: Path | None = None, check: bool = False, cap: int = KEEP) -> list[Entry]:
    """The newest `cap` records of the folder, newest first. `check` also replays each one (a Worker's job)."""
    folder = records_dir() if folder is None else Path(folder)
    return [read_entry(path, check) for path in reversed(record_files(folder, cap))]


def read_entry(path: Path, check: bool = True) -> Entry:
    """One entry: read, validated and (with `check`) replayed; never raises for a bad file."""
    try:
        record = load(path)
        if check:
            replay(record)
    except RecordError as error:
        return Entry(path, None, one_line(str(error)))
    except (ValueError, RecursionError) as error:  # anything an engine refused in its own words
        return Entry(path, None, one_line(f"{show_name(path)}: {error}"))
    return Entry(path, record)
