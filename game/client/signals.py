"""Ctrl-C and SIGTERM while the window starts: stop at once, whatever it is reading.

SDL turns SIGTERM into a quit event, and nothing reads events before the first frame, so a
start-up busy reading a big file used to ignore SIGTERM (issue 32). `stop_while_starting`
puts Python's own handlers in place before pygame starts (SDL then leaves them alone):
until the first frame, SIGINT raises KeyboardInterrupt and SIGTERM (or SIGHUP) `Terminated`,
which the command line reports in one line and exits 128 + the signal. After the first frame
(`started`), SIGTERM becomes a quit event again, so the game closes as by its window's close
button, and Ctrl-C keeps Python's usual meaning; if the window has not closed `GRACE` seconds
later (a frame stuck in long work), the signal is raised where the program is after all.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from types import FrameType

from game.processes import Terminated

GRACE = 2.0  # seconds the window has to close by itself after a quit event before the signal is raised
_state = {"installed": False, "started": False, "asked": False}
STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _raise(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    if not _state["started"] or _state["asked"]:
        _raise(signum)
    import pygame

    with contextlib.suppress(pygame.error):  # a quit event, as SDL would have posted
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    _state["asked"] = True
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGALRM, lambda *_: _still_open(pygame) and _raise(signum))
        signal.setitimer(signal.ITIMER_REAL, GRACE)


def _still_open(pygame) -> bool:
    """The window is still there (once it has closed, the quit event did its work)."""
    try:
        return bool(pygame.display.get_init())
    except Exception:  # pygame half torn down: nothing left to stop
        return False


def stop_while_starting() -> None:
    """Install the start-up handlers (main thread only; elsewhere signals cannot be handled)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in STOPPING:
        signal.signal(number, _on_signal)
    _state.update(installed=True, started=False, asked=False)


def started() -> None:
    """The first frame is drawn: SIGTERM quits through the event loop, Ctrl-C is Python's again."""
    if not _state["installed"] or _state["started"]:
        return
    _state["started"] = True
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
