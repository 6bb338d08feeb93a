"""`kill -9` at random instants, cheaply: one helper process imports the program once and forks a
fresh writer for every kill (a fork takes milliseconds; a new interpreter importing the game and
pygame takes seconds, which made 30 kills cost 85 s of CI time).

The helper is a subprocess of its own (pytest itself never forks), started in a session of its
own and ended with its group in `close()`; every read has a timeout, so nothing here can hang or
outlive the test. Each writer is the helper's child: the helper reaps it after the kill.

    with Killer(setup, loop) as killer:
        for _ in range(30):
            killer.kill_after(seconds)   # fork a writer, let it write, SIGKILL it, reap it
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import sys
import time

HELPER = r"""
import os, signal, sys
{setup}
def work():
{loop}
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:  # the writer: writes until killed, never returns into this loop
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            sys.stdin.close()
            work()
        finally:
            os._exit(0)
    print(pid, flush=True)
    os.waitpid(pid, 0)
    print("reaped", flush=True)
"""


class Killer:
    """A helper that forks writers to be killed; `setup` runs once, `loop` in each writer (indented code)."""

    def __init__(self, setup: str, loop: str, env: dict[str, str] | None = None, timeout: float = 60.0) -> None:
        body = "\n".join("    " + line for line in loop.strip("\n").splitlines())
        code = HELPER.format(setup=setup, loop=body)
        self.timeout = timeout
        self.process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, start_new_session=True, text=True)
        self.kills = 0

    def _line(self) -> str:
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        try:
            if not selector.select(self.timeout):
                raise TimeoutError(f"the kill helper said nothing for {self.timeout:g} s")
        finally:
            selector.close()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the kill helper ended (status {self.process.wait(5)})")
        return line.strip()

    def kill_after(self, seconds: float) -> None:
        """Fork a writer, let it write for `seconds`, kill it with SIGKILL, wait until it is reaped."""
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        pid = int(self._line())
        time.sleep(seconds)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        assert self._line() == "reaped"
        self.kills += 1

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.stdin.close()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # the helper and any writer still running
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        with contextlib.suppress(OSError, ValueError):
            self.process.stdout.close()

    def __enter__(self) -> Killer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
