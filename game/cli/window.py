"""SIGTERM, SIGHUP and Ctrl-C for the commands that open the window (`play`, `watch`).

The first such signal asks the window to close the way its close button does (a QUIT event),
so the scenes' exit hooks and the settings and progress saves run as usual. If the window has
not closed `GRACE` seconds later (it may be busy before its first frame, reading a large file),
the signal is raised as an exception (`Terminated`, or KeyboardInterrupt for Ctrl-C) wherever
the program is, every `finally` runs (helper processes are ended), and the command prints one
line and exits 128 + the signal's number. A second signal does the same at once.

Without this, SDL turns SIGTERM into a QUIT event that nobody reads until the first frame, so
a start-up busy with a large file ignored SIGTERM altogether.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

from game.processes import Terminated

GRACE = 2.0  # seconds the window has to close by itself after the first signal
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))


class _Closing:
    def __init__(self) -> None:
        self.signum: int | None = None

    def ask(self, signum: int, frame: Any) -> None:
        if self.signum is not None or not _post_quit():
            _raise(signum)
        self.signum = signum
        if hasattr(signal, "setitimer"):
            signal.signal(signal.SIGALRM, lambda *_: _raise(signum))
            signal.setitimer(signal.ITIMER_REAL, GRACE)


def _raise(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


def _post_quit() -> bool:
    """A QUIT event for the window's loop; False when there is no window (yet) to post it to."""
    import sys

    pygame = sys.modules.get("pygame")
    if pygame is None:
        return False
    try:
        if not pygame.display.get_init():
            return False
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    except Exception:  # a half-initialised SDL: treat as no window
        return False
    return True


@contextlib.contextmanager
def closing_on_signals() -> Iterator[_Closing]:
    """While the window runs: signals close it as its close button would (see the module doc).

    After the window closed by itself on such a signal, `.signum` names it: the command exits
    128 + signum, as a process ended by that signal would.
    """
    state = _Closing()
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    previous = {number: signal.signal(number, state.ask) for number in SIGNALS}
    try:
        yield state
    finally:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
        for number, handler in previous.items():
            signal.signal(number, handler)
