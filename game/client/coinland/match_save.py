"""Classic matches and Duels in progress, kept so they can be resumed (one slot per mode).

A save is the seats, board size, who started, the seed and the actions played, in their
text form (`game.coinland.actions`): resuming replays them through the rules engine, so a
save can never put the board in a position the rules would not reach. The play scene
saves after every action of a game with a human seat (atomically) and removes the save
when the match ends or is abandoned. A save that does not read or does not replay is set
aside (numbered `.corrupt` copies, game.safeio) and explained in a toast; it never
crashes a screen.

The write itself (with its fsync, some 30 ms on a slow disk) happens on a small writer
thread, so a move never waits for the disk: only the newest save of each file is written,
`discard` can never be overtaken by an older pending write, and everything that reads a
save (or the App closing a game) first `flush`es.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from game.client.coinland.sessions import HUMAN, SEAT_KINDS, DuelSession, MatchSession, Session, Setup
from game.coinland.actions import parse_action
from game.coinland.match import RolesSwapped
from game.coinland.rules import explain_illegal
from game.coinland.state import Mode
from game.hexgrid import MAX_SIZE, MIN_SIZE
from game.safeio import (
    UnsafeInput,
    atomic_write_text,
    need_bool,
    need_choice,
    need_int,
    need_list,
    need_table,
    need_text,
    read_json_file,
    remove_own,
    set_aside,
)

if TYPE_CHECKING:
    from game.client.stage import Stage

FORMAT = 1
LIMIT = 512 * 1024  # a size-8 duel is a few thousand actions of under 20 bytes
MAX_ACTIONS = 20_000
MODES = {Mode.CLASSIC: "classic", Mode.DUEL: "duel"}
NAMES = {Mode.CLASSIC: "Classic match", Mode.DUEL: "Duel"}


SAVE_NAME = re.compile(r"^match-(?:classic|duel)\.json$")  # the only files `discard` ever deletes


def save_path(folder: Path, mode: Mode) -> Path:
    return Path(folder) / f"match-{MODES[mode]}.json"


def worth_saving(session: Session) -> bool:
    """A match or duel with someone at the table to come back to it."""
    return session.state.mode in MODES and HUMAN in session.seats


def to_text(session: Session) -> str:
    """The save of `session`: what replays it, and nothing the replay can work out."""
    mode = session.state.mode
    first = session.first_hoarder if isinstance(session, MatchSession) else getattr(session, "first", 0)
    data = {"format": FORMAT, "mode": MODES[mode], "seats": list(session.seats), "size": session.state.size,
            "first": first, "seed": session.seed, "actions": [action.text for action in session.actions]}
    if getattr(session, "may_pass", False):  # the Duel pass house rule, written only when on
        data["may_pass"] = True
    return json.dumps(data, indent=1) + "\n"


def from_data(data: object, source: str) -> Session:
    """The session a save describes, replayed through the engine; UnsafeInput when it cannot be."""
    table = need_table(data, source, "save")
    need_int(table.get("format"), source, "format", FORMAT, FORMAT)
    mode = Mode(need_choice(table.get("mode"), source, "mode", tuple(MODES.values())))
    seats_raw = need_list(table.get("seats"), source, "seats", 2)
    if len(seats_raw) != 2:
        raise UnsafeInput(source, f"expected two seats, got {len(seats_raw)}", "seats")
    seats = tuple(need_choice(kind, source, f"seats[{i}]", SEAT_KINDS) for i, kind in enumerate(seats_raw))
    size = need_int(table.get("size"), source, "size", MIN_SIZE, MAX_SIZE)
    first = need_int(table.get("first"), source, "first", 0, 1)
    seed = need_int(table.get("seed"), source, "seed", 0, 2**63)
    may_pass = need_bool(table.get("may_pass", False), source, "may_pass")
    if may_pass and mode is not Mode.DUEL:
        raise UnsafeInput(source, "expected false: the pass house rule is a Duel rule", "may_pass")
    lines = need_list(table.get("actions"), source, "actions", MAX_ACTIONS)
    pair = (seats[0], seats[1])
    session: Session = (MatchSession(seats=pair, seed=seed, size=size, first_hoarder=first) if mode is Mode.CLASSIC
                        else DuelSession(seats=pair, seed=seed, size=size, first=first, may_pass=may_pass))
    for index, raw in enumerate(lines):
        field = f"actions[{index}]"
        words = need_text(raw, source, field, 40, allow_empty=False)
        try:
            action = parse_action(words)
        except ValueError:
            raise UnsafeInput(source, f"expected an action such as 'move 1,-2' or 'gate 0,0 1,0', got {words!r}",
                              field) from None
        if session.is_over:
            raise UnsafeInput(source, "the match was already over before this action", field)
        reason = explain_illegal(session.state, action)
        if reason:
            raise UnsafeInput(source, f"{words!r} is not legal there ({reason})", field)
        human = session.kind_to_move() == HUMAN
        events = session.act(action, record=human)
        if any(isinstance(event, RolesSwapped) for event in events) and isinstance(session, MatchSession):
            session.finished_game = None  # a resumed match goes straight on with game 2
    return session


class _Writer:
    """Writes the newest pending text of each save file, off the frame loop, one at a time."""

    def __init__(self) -> None:
        self.pending: dict[Path, str] = {}
        self.lock = threading.Lock()  # guards `pending` and `thread`
        self.disk = threading.Lock()  # held for each write and each removal: they never interleave
        self.idle = threading.Condition(self.lock)
        self.thread: threading.Thread | None = None
        self.errors: list[OSError] = []

    def put(self, path: Path, text: str) -> None:
        with self.lock:
            self.pending[path] = text
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="coinland-match-save", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.disk:
                with self.lock:
                    if not self.pending:
                        self.thread = None
                        self.idle.notify_all()
                        return
                    path, text = self.pending.popitem()
                try:
                    atomic_write_text(path, text)
                except OSError as error:
                    self.errors.append(error)

    def remove(self, path: Path) -> None:
        with self.disk:
            with self.lock:
                self.pending.pop(path, None)
            remove_own(path, SAVE_NAME)

    def flush(self, timeout: float = 5.0) -> None:
        with self.lock:
            self.idle.wait_for(lambda: self.thread is None, timeout)


_writer = _Writer()


def flush() -> None:
    """Wait until every pending save is on disk (before reading one, or when a game closes)."""
    _writer.flush()


def save(folder: Path, session: Session) -> None:
    """Write the save now (tests, tools); the play scene uses `autosave`, which does not wait."""
    flush()
    atomic_write_text(save_path(folder, session.state.mode), to_text(session))


def load(folder: Path, mode: Mode) -> Session | None:
    """The saved session of `mode`, None without a save; UnsafeInput for a damaged one."""
    flush()
    path = save_path(folder, mode)
    if not path.exists() and not path.is_symlink():
        return None
    return from_data(read_json_file(path, LIMIT, "saved match"), str(path))


def saved_modes(folder: Path) -> list[Mode]:
    flush()
    return [mode for mode in MODES if save_path(folder, mode).is_file()]


def discard(folder: Path, mode: Mode) -> None:
    """The match is over or abandoned on purpose: remove its save (and any write still pending)."""
    _writer.remove(save_path(folder, mode))


# --- with the App: notices instead of exceptions -------------------------------------------
def autosave(app: Stage, session: Session) -> None:
    """Keep (or, once over, remove) the match in progress; a refused write is reported once."""
    if not worth_saving(session):
        return
    if session.is_over:
        discard(app.store.folder, session.state.mode)
        return
    _writer.put(save_path(app.store.folder, session.state.mode), to_text(session))
    if _writer.errors:
        error = _writer.errors[-1]
        app.notice_once("match-save-failed", f"Could not save the match to {app.store.folder}: "
                                             f"{error.strerror or error}")


def resume(app: Stage, mode: Mode) -> Session | None:
    """The saved session, or None; a damaged save is set aside with a toast saying why."""
    path = save_path(app.store.folder, mode)
    try:
        session = load(app.store.folder, mode)
    except UnsafeInput as error:
        where = set_aside(path)
        reason = str(error).removeprefix(f"{path}: ")  # `where` names the file; toasts are one short line
        app.toast(f"Saved {NAMES[mode].lower()} not resumed: {reason}; {where}.", 8.0)
        return None
    if session is not None and session.is_over:
        discard(app.store.folder, mode)
        return None
    return session


def resume_scene(app: Stage, mode: Mode):
    """The play scene of the saved match, or None (after a toast when the save was damaged)."""
    session = resume(app, mode)
    if session is None:
        return None
    setup = Setup(mode, session.seats, session.state.size,
                  session.first_hoarder if isinstance(session, MatchSession) else getattr(session, "first", 0))
    play = app.make("coinland.play", session, setup.title())
    play.resumed = True  # type: ignore[attr-defined]
    return play
