"""Work off the frame loop: one function in a daemon thread, polled by a scene each frame.

The computer players and the puzzle solver are pure Python with their own time limits;
running them here keeps the window drawing (with a "thinking" indicator) meanwhile. A
cancelled worker cannot be stopped, so it finishes unseen and its result is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Worker:
    def __init__(self, function: Callable[..., Any], *args: Any, name: str = "coinland-worker") -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(function, args), name=name, daemon=True)
        self._thread.start()

    def _run(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        try:
            self.result = function(*args)
        except BaseException as error:  # reported to the scene, which decides what to show
            self.error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests and scripts only; scenes poll `done`)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        self.cancelled = True
