"""Ctrl-C and SIGTERM while the window starts: stop at once, whatever it is reading.

SDL turns SIGTERM into a quit event, and nothing reads events before the first frame, so a
start-up busy reading a big file used to ignore SIGTERM (issue 32). `stop_while_starting`
puts Python's own handlers in place before pygame starts (SDL then leaves them alone):
until the first frame, SIGINT raises KeyboardInterrupt and SIGTERM SystemExit(143). After
the first frame (`started`), SIGTERM becomes a quit event again, so the game closes as by
its window's close button, and Ctrl-C keeps Python's usual meaning.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from types import FrameType

_state = {"installed": False, "started": False}


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    if not _state["started"]:
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)
    import pygame

    with contextlib.suppress(pygame.error):  # a quit event, as SDL would have posted
        pygame.event.post(pygame.event.Event(pygame.QUIT))


def stop_while_starting() -> None:
    """Install the start-up handlers (main thread only; elsewhere signals cannot be handled)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, _on_signal)
    _state.update(installed=True, started=False)


def started() -> None:
    """The first frame is drawn: SIGTERM quits through the event loop, Ctrl-C is Python's again."""
    if not _state["installed"] or _state["started"]:
        return
    _state["started"] = True
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
