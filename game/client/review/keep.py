"""Keeping a record when a game ends: the one call each end-of-game screen makes.

The hooks in the play, result and reveal scenes call `keep_coinland` / `keep_satoshi`;
everything that can go wrong (a full disk, a read-only folder, a session that does not
replay) becomes a toast, never an exception in the frame. A session is kept once, however
many times its end screen is shown (a puzzle walk tried again is a new line, kept anew).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.records import Record, classic_record, duel_record, keep, puzzle_record, satoshi_record
from game.safeio import one_line, show_name

if TYPE_CHECKING:
    from game.client.stage import Stage

KEPT_FLAG = "review_record"  # set on a session once its record is written


def folder_of(app: Stage) -> Path:
    """Records live beside the settings and progress of this App's store."""
    return Path(app.store.folder) / "records"


def coinland_record(session: Any) -> Record | None:
    """The record of a finished Hoarder & Gatekeeper session (None when it is not finished)."""
    from game.client.coinland.sessions import DuelSession, MatchSession, PuzzleSession, seat_name
    from game.coinland.rules import new_duel

    if not session.is_over or "human" not in session.seats:  # a watched game of computers is not kept
        return None
    actions = list(getattr(session, "actions", []))
    names = [seat_name(seat, session.seats) for seat in (0, 1)]
    if isinstance(session, PuzzleSession):
        return puzzle_record(session.level, actions)
    if isinstance(session, MatchSession):
        return classic_record(session.size, session.first_hoarder, actions, names)
    if isinstance(session, DuelSession):
        start = new_duel(session.size, first=session.first, may_pass=getattr(session, "may_pass", False))
        return duel_record(start, actions, names)
    return None


def keep_coinland(app: Stage, session: Any) -> Record | None:
    """Keep a finished puzzle walk, Classic match or Duel; a failure is a toast."""
    return _keep(app, session, coinland_record)


def keep_satoshi(app: Stage, session: Any) -> Record | None:
    """Keep a finished Finding Satoshi game (a `TableSession`); a failure is a toast."""
    def build(table: Any) -> Record | None:
        if not table.is_over:
            return None
        setup = table.setup
        return satoshi_record(setup.seats, setup.difficulty, setup.advanced, table.seed, table.actions,
                              max_rounds=setup.max_rounds, offers_per_turn=setup.offers_per_turn)

    return _keep(app, session, build)


def _keep(app: Stage, session: Any, build: Any) -> Record | None:
    line = tuple(getattr(session, "actions", ()))
    kept = getattr(session, KEPT_FLAG, None)
    if kept is not None and kept[0] == line:
        return kept[1]
    try:
        record = build(session)
        if record is None:
            return None
        keep(record, folder_of(app))
    except OSError as error:
        app.notice_once("record-keep-failed",  # a full disk says so once per run, not after every game
                        one_line(f"Could not keep a record of this game in {show_name(folder_of(app))}: "
                                 f"{error.strerror or error}"))
        return None
    except ValueError as error:  # RecordError: the session did not replay (should not happen)
        app.toast(one_line(f"This game was not kept for review: {error}"))
        return None
    with contextlib.suppress(AttributeError):
        setattr(session, KEPT_FLAG, (line, record))
    return record
