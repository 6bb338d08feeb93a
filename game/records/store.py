"""Where records live: one JSON file per finished game in `<data dir>/records/`, the last 200 kept.

File names start with the UTC time the game ended, so sorting names sorts games and
pruning drops the oldest. Writing is atomic (`safeio.atomic_write_text`); reading goes
through `safeio` with a size cap, then full validation, then a replay through the rules
(`game.records.replay`), and anything that fails is listed as unreadable with its reason:
a damaged record never takes a screen or the command line down with it.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from game.records.format import Record, RecordError, parse_record
from game.records.replay import Replay, replay
from game.safeio import KIB, UnsafeInput, atomic_write_text, one_line, read_text

KEEP = 200  # records kept in the folder; older ones are pruned on each write
RECORD_LIMIT = 1024 * KIB  # a long Finding Satoshi game is well under 100 KiB
SUFFIX = ".json"


def data_dir() -> Path:
    """The user's data folder: a pure copy of `game.client.storage.data_dir` (that one imports pygame's side)."""
    override = os.environ.get("COINLAND_DATA_DIR")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "coinland"


def records_dir() -> Path:
    return data_dir() / "records"


def now_text() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def keep(record: Record, folder: Path | None = None, limit: int = KEEP) -> Path:
    """Write a record as a new file and prune the oldest beyond `limit`; OSError when it cannot."""
    folder = records_dir() if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"{stamp}-{record.kind}{SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{record.kind}-{number}{SUFFIX}"
        number += 1
    atomic_write_text(path, record.to_json())
    prune(folder, limit)
    return path


def record_files(folder: Path) -> list[Path]:
    """The record files of a folder, oldest first (names start with their time)."""
    try:
        return sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))
    except OSError:
        return []


def prune(folder: Path, limit: int = KEEP) -> int:
    """Delete all but the newest `limit` records; how many were deleted."""
    files = record_files(folder)
    gone = 0
    for path in files[: max(0, len(files) - limit)]:
        try:
            path.unlink()
            gone += 1
        except OSError:
            pass
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
    atomic_write_text(target, record.to_json())
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


def recent(folder: Path | None = None, check: bool = False) -> list[Entry]:
    """The records of the folder, newest first. `check` also replays each one (slower: a Worker's job)."""
    folder = records_dir() if folder is None else Path(folder)
    entries = []
    for path in reversed(record_files(folder)):
        entries.append(read_entry(path, check))
    return entries


def read_entry(path: Path, check: bool = True) -> Entry:
    """One entry: read, validated and (with `check`) replayed; never raises for a bad file."""
    try:
        record = load(path)
        if check:
            replay(record)
    except RecordError as error:
        return Entry(path, None, one_line(str(error)))
    except (ValueError, RecursionError) as error:  # anything an engine refused in its own words
        return Entry(path, None, one_line(f"{path}: {error}"))
    return Entry(path, record)
