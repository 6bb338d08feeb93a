"""Worker processes that never outlive us: a capped pool that takes its work lazily.

Every command that plays games on several processes (`tournament`) comes through
`run_ordered`, so the guarantees hold in one place:

* **Capped.** `worker_count` never starts more workers than the CPUs this process may use,
  than `MAX_WORKERS`, or than there are jobs: `--workers 24` for 8 games on two cores is 2.
* **Lazy.** Jobs are pulled from an iterator only as workers free up (at most `AHEAD` jobs per
  worker are handed out or waiting to be yielded), so a schedule of a hundred million games is
  never built, and results are yielded as they come, in the jobs' order.
* **No orphans.** Workers are ended when the results are all in, when the caller stops early,
  when an exception (Ctrl-C's KeyboardInterrupt, `Terminated` from SIGTERM) passes through, and
  a worker whose parent died even by SIGKILL notices within `PARENT_POLL` seconds and exits.
* **Never nested.** A job running in a worker that asks for workers of its own gets its jobs run
  in that worker: pools never multiply processes.
* **One line.** Workers ignore SIGINT (the parent ends them, so Ctrl-C prints no traceback from
  each worker), and a job that raises comes back as `WorkerFailed` whose message is one line.

Workers are forked on Linux when the parent runs a single thread (fast, and no lock of another
thread can be copied held), else started with "spawn". `function` must be importable by name
and jobs and results picklable.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from game.safeio import one_line

if TYPE_CHECKING:  # multiprocessing is imported when workers start: the window's first frame never waits for it
    from multiprocessing import connection

Job = TypeVar("Job")
Out = TypeVar("Out")

MAX_WORKERS = 64  # the most worker processes one command starts, whatever the machine
AHEAD = 2  # jobs handed to each worker (or waiting in order) beyond the one it is playing
PARENT_POLL = 0.5  # seconds between a worker's checks that its parent is still there
STOP_GRACE = 2.0  # seconds a worker gets to end after SIGTERM before SIGKILL


class WorkerFailed(RuntimeError):
    """A job raised in a worker, or a worker died; the message is one line naming which."""


class Terminated(BaseException):  # a BaseException, like KeyboardInterrupt: no `except Exception` swallows it
    """SIGTERM (or SIGHUP) arrived: raised in the main thread so every `finally` runs and ends its workers."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def usable_cpus() -> int:
    """The CPUs this process may run on (a container's or `taskset`'s limit included)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_count(requested: int, jobs: int | None = None) -> int:
    """How many workers to start for `requested`: at least 1, at most the usable CPUs,
    `MAX_WORKERS` and `jobs` (when known)."""
    cap = min(usable_cpus(), MAX_WORKERS)
    if jobs is not None:
        cap = min(cap, max(1, jobs))
    return max(1, min(int(requested), cap))


def raise_on_termination() -> Callable[[], None]:
    """Make SIGTERM and SIGHUP raise `Terminated` in the main thread; returns the undo.

    Python's default for SIGTERM is to die at once, skipping every `finally`: the workers would
    be left running. SIGINT already raises KeyboardInterrupt.
    """
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: Any) -> None:
        raise Terminated(signum)

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, handler)

    def undo() -> None:
        for number, old in previous.items():
            signal.signal(number, old)

    return undo


def run_ordered(function: Callable[[Job], Out], jobs: Iterable[Job], workers: int) -> Iterator[Out]:
    """`function(job)` for every job, in the jobs' order, on up to `workers` processes.

    Use it in a `with contextlib.closing(...)` (or run it to the end): closing it ends the
    workers at once. With one worker the jobs run here, in this process.
    """
    if workers <= 1 or _IN_WORKER:
        for job in jobs:
            yield function(job)
        return
    pool = _Pool(function, workers)
    try:
        yield from pool.results(iter(jobs))
    finally:
        pool.stop()


class _Pool:
    """The parent's side: one duplex pipe per worker, jobs numbered, results put back in order."""

    def __init__(self, function: Callable[[Any], Any], workers: int) -> None:
        self.processes: list[Any] = []
        self.pipes: list[connection.Connection] = []
        context = _context()
        _flush_std_streams()  # a forked worker must not write our unflushed output a second time
        try:
            with _signals_held(context):  # a worker is born deaf to Ctrl-C: no traceback even while it starts
                for _ in range(workers):
                    mine, theirs = context.Pipe()
                    process = context.Process(target=_work, args=(theirs, function, os.getpid()), daemon=True,
                                              name="coinland-worker")
                    self.processes.append(process)
                    self.pipes.append(mine)
                    process.start()
                    theirs.close()
        except BaseException:
            self.stop()
            raise

    def results(self, jobs: Iterator[Any]) -> Iterator[Any]:
        given: dict[connection.Connection, deque[int]] = {pipe: deque() for pipe in self.pipes}
        done: dict[int, Any] = {}
        sent = yielded = 0
        exhausted = False
        while True:
            for pipe in self.pipes:  # hand out work while a worker has room and the window is open
                while not exhausted and len(given[pipe]) < AHEAD and sent - yielded < AHEAD * len(self.pipes):
                    job = next(jobs, _END)
                    if job is _END:
                        exhausted = True
                        break
                    self._send(pipe, (sent, job))
                    given[pipe].append(sent)
                    sent += 1
            while yielded in done:
                yield done.pop(yielded)
                yielded += 1
            if exhausted and yielded == sent:
                return
            busy = [pipe for pipe in self.pipes if given[pipe]]
            from multiprocessing.connection import wait

            for pipe in wait(busy, timeout=PARENT_POLL):
                done.update([self._answer(pipe, given[pipe])])

    def _send(self, pipe: connection.Connection, message: tuple[int, Any]) -> None:
        try:
            pipe.send(message)
        except (BrokenPipeError, OSError):
            process = self.processes[self.pipes.index(pipe)]
            process.join(STOP_GRACE)
            raise WorkerFailed(f"a worker process ended unexpectedly (exit status {process.exitcode})") from None

    def _answer(self, pipe: connection.Connection, given: deque[int]) -> tuple[int, Any]:
        try:
            index, ok, value = pipe.recv()
        except (EOFError, OSError):
            process = self.processes[self.pipes.index(pipe)]
            process.join(STOP_GRACE)
            raise WorkerFailed(f"a worker process ended unexpectedly (exit status {process.exitcode})") from None
        given.popleft()
        if not ok:
            raise WorkerFailed(value)
        return index, value

    def stop(self) -> None:
        """End every worker: ask politely (close its pipe), then SIGTERM, then SIGKILL."""
        for pipe in self.pipes:
            with contextlib.suppress(OSError):
                pipe.close()
        deadline = time.monotonic() + 0.2
        for process in self.processes:
            if process.pid is not None:
                process.join(max(0.0, deadline - time.monotonic()))
        for process in self.processes:
            if process.pid is not None and process.exitcode is None:
                process.terminate()
        deadline = time.monotonic() + STOP_GRACE
        for process in self.processes:
            if process.pid is not None:
                process.join(max(0.0, deadline - time.monotonic()))
                if process.exitcode is None:
                    process.kill()
                    process.join()


_END = object()
_IN_WORKER = False  # set in a worker: a pool asked for there runs its jobs in place (pools never nest)


HELD = (signal.SIGINT, signal.SIGTERM)


def _context() -> Any:
    """"fork" on Linux when we run one thread (fast, and the signal mask is inherited), else "spawn"."""
    from multiprocessing import get_context

    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return get_context("fork")
    return get_context("spawn")


def _flush_std_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.flush()


@contextlib.contextmanager
def _signals_held(context: Any) -> Iterator[None]:
    """SIGINT and SIGTERM held while workers start, so none is interrupted before it has set its own.

    With "fork" they are blocked: the mask is inherited, each worker unblocks them once it ignores
    SIGINT, and a Ctrl-C or SIGTERM meanwhile waits here and is raised as soon as the workers are
    started (nothing is lost). "spawn" clears the mask in the new interpreter, so there SIGINT is
    ignored instead (an ignored signal stays ignored across exec) for the few milliseconds it takes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if context.get_start_method() == "fork" and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _work(pipe: connection.Connection, function: Callable[[Any], Any], parent: int) -> None:
    """A worker's loop: a job in, its result (or one line saying what went wrong) out, until the pipe closes."""
    global _IN_WORKER
    _IN_WORKER = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)  # held by the parent while it started us
    threading.Thread(target=_watch_parent, args=(parent,), name="coinland-worker-parent", daemon=True).start()
    while True:
        try:
            index, job = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (index, True, function(job))
        except Exception as error:  # the parent reports it in one line
            answer = (index, False, one_line(f"{type(error).__name__}: {error}", 300))
        try:
            pipe.send(answer)
        except (BrokenPipeError, OSError):
            return


def _watch_parent(parent: int) -> None:
    """Exit when the parent is gone (killed with SIGKILL, say): no worker is ever left behind."""
    while True:
        time.sleep(PARENT_POLL)
        if os.getppid() != parent:
            os._exit(1)
