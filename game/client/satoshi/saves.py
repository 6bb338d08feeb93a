"""Finding Satoshi games in progress, kept in the App's data folder so any of them can be resumed.

Each game with a human seat has its own save file in `satoshi-saves/` (the one save of earlier
versions, `satoshi-save.json`, is listed too): starting a new game never touches another game's
save, and a game's save is removed only when that game ends or its player deletes it on purpose.
The table autosaves after every action; writing is atomic and a failure is reported once,
never raised into the frame loop.

Reading goes through game.safeio: a save that is not a sound Finding Satoshi game (too big, too
deep, a bad field, actions that do not replay) is set aside as `NAME.corrupt` (numbered, never
over an earlier copy) and explained in a toast. A sound save made with other rules data is not
damaged: it stays listed, marked, and resuming it is refused with a clear message.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.bitcoin import load_data
from game.client.satoshi.session import (
    SAVE_FILE,
    OtherDataError,
    SaveError,
    SaveInfo,
    TableSession,
    read_save,
    read_save_file,
)
from game.safeio import list_files, one_line, remove_own, set_aside, show_name

if TYPE_CHECKING:
    from game.client.stage import Stage

SAVES_DIR = "satoshi-saves"
MAX_LISTED = 200  # the newest games listed (by the files' times): a flooded folder cannot stall the menu
NAME = re.compile(r"^(?!\.).*\.json$")  # what the list reads (ours are game-STAMP-SEED.json; copies listed too)


@dataclass(frozen=True)
class SavedGame:
    """One game in progress as the list shows it, read without replaying it."""

    path: Path
    info: SaveInfo
    modified: float  # the file's time, for sorting and when the save does not say when

    @property
    def problem(self) -> str:
        """Why it cannot be resumed here ("" when it can, as far as the data version tells)."""
        if not self.info.data:
            return "saved by an earlier version: its rules data is unknown"
        if self.info.data != load_data().version:
            return "made with other rules data"
        return ""

    @property
    def when(self) -> str:
        moment = _parse_time(self.info.saved) or datetime.fromtimestamp(self.modified, UTC)
        return moment.astimezone().strftime("%a %d %b %H:%M")

    @property
    def names(self) -> str:
        return and_list([seat.name for seat in self.info.setup.seats])

    @property
    def label(self) -> str:
        """Date, seats and round: what tells one game from another."""
        return f"{self.when}  ·  {self.names}  ·  round {max(1, self.info.round)}"


def and_list(names: list[str]) -> str:
    """"Ada, Hal and Nick"."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def _parse_time(text: str) -> datetime | None:
    with contextlib.suppress(ValueError):
        moment = datetime.fromisoformat(text)
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return None


def folder(app: Stage) -> Path:
    return app.store.folder / SAVES_DIR


def legacy_path(app: Stage) -> Path:
    return app.store.folder / SAVE_FILE


def _files(app: Stage) -> list[Path]:
    """The newest MAX_LISTED saves, newest first by the files' times (a future time is not believed,
    so the game saved just now is always among them), then the one save of earlier versions."""
    listing = list_files(folder(app), NAME, MAX_LISTED, "saved games")
    out = [found.path for found in listing.files]
    if legacy_path(app).is_file():
        out.append(legacy_path(app))
    return out


def damaged(app: Stage, path: Path, error: Exception) -> None:
    """Set a save that is not a sound game aside (numbered copies) and say so in a capped toast."""
    kept = set_aside(path)
    reason = str(error).removeprefix(f"{show_name(path)}: ")  # the toast is short: name the copy, then why
    app.toast(one_line(f"A damaged saved game was set aside ({kept}): {reason}"), 8.0)


def listing(app: Stage) -> list[SavedGame]:
    """Every game in progress, newest first. Damaged files are set aside (with a toast) on the way."""
    out = []
    for path in _files(app):
        try:
            info = read_save(read_save_file(path), str(path))
            modified = path.stat().st_mtime
        except SaveError as error:
            if path.exists():
                damaged(app, path, error)
            continue
        except OSError:
            continue
        out.append(SavedGame(path, info, modified))
    return out  # already newest first, by times we trust (a save's own date is for showing only)


def has_save(app: Stage) -> bool:
    return bool(listing(app))


def newest(app: Stage) -> SavedGame | None:
    """The most recent game that can be resumed here."""
    return next((game for game in listing(app) if not game.problem), None)


def new_path(app: Stage, session: TableSession) -> Path:
    """A fresh file for a new game: never the file of another game."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = folder(app) / f"game-{stamp}-{session.seed}"
    path, number = base.with_suffix(".json"), 1
    while path.exists():
        number += 1
        path = base.with_name(f"{base.name}-{number}.json")
    return path


def save_path(app: Stage, session: TableSession | None = None) -> Path:
    """Where `session` is saved; without one, the newest save (or the old single slot when none)."""
    if session is not None and session.saved_as is not None:
        return session.saved_as
    if session is not None:
        return new_path(app, session)
    games = listing(app)
    return games[0].path if games else legacy_path(app)


def autosave(app: Stage, session: TableSession) -> bool:
    """Keep the game in progress in its own file; False (with one notice per App run) when the disk refuses."""
    path = save_path(app, session)
    try:
        session.save(path, datetime.now(UTC).isoformat(timespec="seconds"))
    except OSError as error:
        app.notice_once("satoshi-save-failed", f"Could not save the game to {path}: {error.strerror or error}")
        return False
    session.saved_as = path
    return True


def discard(app: Stage, session: TableSession | None = None, path: Path | None = None) -> None:
    """A game is over (or deleted on purpose): remove its own save, never another game's."""
    target = path or (session.saved_as if session is not None else None)
    if target is None:
        return
    remove_own(target, NAME if target.parent == folder(app) else re.compile(re.escape(SAVE_FILE)),
               holds=_is_save)
    if session is not None:
        session.saved_as = None


def _is_save(path: Path) -> bool:
    """Is it a Finding Satoshi save? (Before deleting it: never a file of the player's own.)"""
    try:
        read_save(read_save_file(path), str(path))
    except SaveError:
        return False
    return True


def resume(app: Stage, path: Path | None = None) -> TableSession | None:
    """The game saved at `path` (default: the newest that can be resumed), or None.

    A save from other rules data is refused with a toast and kept; a damaged one is set aside."""
    if path is None:
        game = newest(app)
        if game is None:
            return None
        path = game.path
    try:
        session = TableSession.load(path)
    except OtherDataError as error:
        # the file's name, not its whole path: a long folder would push the reason past the toast's end
        app.toast(one_line(f"Cannot resume it: {str(error).replace(str(path), path.name)}."), 8.0)
        return None
    except SaveError as error:
        if path.exists():
            damaged(app, path, error)
        return None
    session.saved_as = path
    return session
