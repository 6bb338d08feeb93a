"""The Finding Satoshi game in progress, kept in the App's data folder so it can be resumed.

One save slot (`satoshi-save.json`): the table autosaves after every action of a game with a
human seat, and the save is removed when that game ends. Writing is atomic (a temporary file
renamed over the old one) and a failure is reported once, never raised into the frame loop.
A save that cannot be resumed is moved aside as `satoshi-save.json.corrupt`, and the reason
(one line naming the file, the field and what was expected) is shown to the player.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from game.client.satoshi.session import SAVE_FILE, SaveError, TableSession

if TYPE_CHECKING:
    from game.client.app import App


def save_path(app: App) -> Path:
    return app.store.folder / SAVE_FILE


def has_save(app: App) -> bool:
    return save_path(app).is_file()


def autosave(app: App, session: TableSession) -> bool:
    """Keep the game in progress; False (with one notice per App run) when the disk refuses."""
    try:
        session.save(save_path(app))
    except OSError as error:
        app.notice_once("satoshi-save-failed", f"Could not save the game to {save_path(app)}: "
                                               f"{error.strerror or error}")
        return False
    return True


def discard(app: App) -> None:
    """The saved game is over (or abandoned on purpose): remove it."""
    with contextlib.suppress(OSError):
        save_path(app).unlink(missing_ok=True)


def resume(app: App) -> TableSession | None:
    """The saved game, or None. A save that does not replay is set aside and explained in a toast."""
    path = save_path(app)
    try:
        return TableSession.load(path)
    except SaveError as error:
        if path.exists():
            with contextlib.suppress(OSError):
                path.replace(path.with_name(path.name + ".corrupt"))
            app.toast(f"{error}. The save was kept as {path.name}.corrupt.", 8.0)
        return None
