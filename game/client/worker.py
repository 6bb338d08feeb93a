"""Work off the frame loop: one function run in a helper process, polled by a scene each frame.

The computer players and the puzzle solver are pure Python searches. In a thread they would
hold the interpreter lock for most of each frame (the Duel's p99 frame was 6.6x a reference
frame that way), so a `Worker` hands the function and its arguments, pickled, to a helper
*process* and a small thread of ours waits for the pickled answer (blocked in `read`, which
holds no lock). The scene polls `done` each frame and then reads `result` or `error`.

Helper processes are kept warm: `warm_up()` (the App calls it after its first frame) starts
one in the background, it imports the searches while the title is showing, and a finished
helper goes back to the pool for the next move. `cancel()` kills a helper that is still
working (a search cannot be interrupted politely without sharing memory) and a fresh spare
is started in the background, so a cancelled search never delays the next one. A helper that
dies (killed, out of memory) is reported as `WorkerCrashed` in `error`, never raised into the
frame loop. Helpers exit when this process does: `shutdown()` (run at exit) kills them, and
each helper also leaves by itself when its pipe closes or its parent goes away.

Functions must be importable by name (module level) and their arguments picklable. Anything
else (a closure, say) still runs, in a daemon thread as before, so nothing breaks, but it
does share the interpreter lock with the frame loop: `in_process` tells which way it went.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import subprocess

#: modules a helper imports as soon as it starts, so the first move does not wait for them; the
#: last, OR-tools' CP-SAT (the solver's prover, `game.coinland.solver_prover`), takes 0.3 to 0.4 s
#: of CPU, and is skipped when not installed
PRELOAD = ("game.coinland.solver", "game.coinland.ai", "game.bitcoin.ai", "ortools.sat.python.cp_model")
SPARES = 1  # idle helpers kept ready beyond the busy ones
MAX_IDLE = 2  # finished helpers kept for reuse; more are stopped
IN_PROCESS = True  # False runs every Worker in a thread, as before (scripts/bench_client.py compares the two)
NICENESS = 10  # helpers yield the CPU to the frame loop when the machine is busy (searches have time limits)
HEADER_BYTES = 8  # an answer's length, big-endian


class WorkerCrashed(RuntimeError):
    """The helper process ended before answering (killed, out of memory, a crash in C code)."""


# --- the pipe protocol: a length, then a pickle ------------------------------------------------
def _send(stream: IO[bytes], payload: bytes) -> None:
    stream.write(len(payload).to_bytes(HEADER_BYTES, "big") + payload)
    stream.flush()


def _receive(stream: IO[bytes]) -> bytes:
    header = stream.read(HEADER_BYTES)
    if len(header) < HEADER_BYTES:
        raise EOFError("the helper's pipe closed")
    size = int.from_bytes(header, "big")
    payload = stream.read(size)
    if len(payload) < size:
        raise EOFError("the helper's pipe closed mid-answer")
    return payload


# --- the parent side -----------------------------------------------------------------------------
class _Helper:
    """One helper process, `python -m game.client.worker`, talking over its stdin and stdout.

    Its own reader thread, started with it (usually in the background), waits for answers and
    hands each to the Worker that asked: starting a job costs the frame loop one pipe write
    and no thread start, which a busy machine can make slow.
    """

    def __init__(self) -> None:
        import subprocess  # here, not at the top: the title's first frame does not wait for it

        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
        self.process: subprocess.Popen[bytes] = subprocess.Popen(
            [sys.executable, "-m", "game.client.worker", *PRELOAD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env=env, cwd=root, close_fds=True)
        self.lock = threading.Lock()
        self.current: Worker | None = None
        threading.Thread(target=self._read, name="coinland-worker-reader", daemon=True).start()

    def submit(self, worker: Worker, payload: bytes) -> None:
        """Send one job; its answer reaches `worker` from the reader thread."""
        with self.lock:
            self.current = worker
        try:
            assert self.process.stdin is not None
            _send(self.process.stdin, payload)
        except (OSError, ValueError) as error:  # the helper died before the job could be sent
            self.kill()
            self._deliver(None, error)

    def _deliver(self, reply: tuple[str, Any] | None, problem: BaseException | None = None) -> None:
        with self.lock:
            worker, self.current = self.current, None
        if worker is not None:
            worker._finish(self, reply, problem)

    def _read(self) -> None:
        import pickle

        stream = self.process.stdout
        assert stream is not None
        while True:
            try:
                payload = _receive(stream)
            except (OSError, ValueError, EOFError) as error:  # the helper ended: killed, cancelled or crashed
                with contextlib.suppress(Exception):
                    self.process.wait(timeout=5.0)
                with contextlib.suppress(OSError):
                    stream.close()
                self._deliver(None, error)
                return
            try:
                reply = pickle.loads(payload)
            except Exception as error:  # an answer that cannot be read: say so in words
                reply = ("error", RuntimeError(f"unreadable answer: {error}"))
            self._deliver(reply)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """Stop the process now; its reader thread sees the pipe close, reaps it and tells its Worker."""
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(OSError, ValueError):
            if self.process.stdin is not None:
                self.process.stdin.close()


class _Pool:
    """Idle helpers, ready for the next job; every helper ever started, for `shutdown`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[_Helper] = []
        self.started: list[_Helper] = []
        self.jobs: set[Worker] = set()  # sent to a helper and not done yet (wait_for_answers)
        self.closed = False

    def _start(self) -> _Helper | None:
        """A new helper, or None when the pool was shut down meanwhile (the helper is stopped again)."""
        helper = _Helper()
        with self.lock:
            if not self.closed:
                self.started = [h for h in self.started if h.alive]
                self.started.append(helper)
                return helper
        helper.kill()
        with contextlib.suppress(Exception):
            helper.process.wait(timeout=5.0)
        return None

    def top_up(self) -> None:
        """Start spares until SPARES are idle (called from a background thread)."""
        while True:
            with self.lock:
                if self.closed or len(self.idle) >= SPARES:
                    return
            helper = self._start()
            if helper is None:
                return
            with self.lock:
                if not self.closed:
                    self.idle.append(helper)
                    continue
            helper.kill()  # shut down between the start and now: shutdown already listed it
            return

    def top_up_later(self) -> None:
        threading.Thread(target=self.top_up, name="coinland-worker-spare", daemon=True).start()

    def take(self) -> _Helper:
        with self.lock:
            self.closed = False
            while self.idle:
                helper = self.idle.pop()
                if helper.alive:
                    break
            else:
                helper = None
        while helper is None:  # a shutdown from another thread in between: open again
            with self.lock:
                self.closed = False
            helper = self._start()
        with self.lock:
            short = len(self.idle) < SPARES
        if short:  # only then: even starting a thread can keep a busy machine's frame loop waiting
            self.top_up_later()
        return helper

    def give_back(self, helper: _Helper) -> None:
        with self.lock:
            keep = not self.closed and helper.alive and len(self.idle) < MAX_IDLE
            if keep:
                self.idle.append(helper)
        if not keep:
            helper.kill()

    def shutdown(self) -> None:
        with self.lock:
            self.closed = True
            helpers, self.idle, self.started = self.started, [], []
        for helper in helpers:
            helper.kill()
        for helper in helpers:  # at exit or in tests: make sure they are gone before going on
            with contextlib.suppress(Exception):
                helper.process.wait(timeout=5.0)

    def count(self) -> int:
        with self.lock:
            return sum(1 for h in self.started if h.alive)


_POOL = _Pool()
atexit.register(_POOL.shutdown)


def warm_up() -> None:
    """Start a spare helper in the background (the App does this once its first frame is up)."""
    with _POOL.lock:
        _POOL.closed = False
    _POOL.top_up_later()


def shutdown() -> None:
    """Stop every helper now (the App's close, tests); the next Worker starts a fresh one."""
    _POOL.shutdown()


def wait_for_answers(timeout: float) -> None:
    """Block until every job sent to a helper so far has answered, or `timeout` seconds in all.

    For runs with no one watching (a headless `watch`, tests, tours): their frames take no wall
    time, so a loop that draws while a computer thinks spins a core on identical frames and slows
    the helper it waits for. A window never calls this: its frames keep their pace. One deadline
    for all the jobs, so that several stuck ones cost the caller `timeout`, not a multiple of it."""
    deadline = time.monotonic() + timeout
    with _POOL.lock:
        jobs = list(_POOL.jobs)
    for job in jobs:
        if not job.wait(max(0.0, deadline - time.monotonic())):
            return


def helper_count() -> int:
    """Helper processes still running (tests check that none is left behind)."""
    return _POOL.count()


class Worker:
    """`function(*args)` off the frame loop; poll `done`, then read `result` or `error`."""

    def __init__(self, function: Callable[..., Any], *args: Any, name: str = "coinland-worker") -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._helper: _Helper | None = None
        import pickle  # here, not at the top: the title's first frame does not wait for it

        try:
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL) if IN_PROCESS else None
        except Exception:  # a closure or a lock among the arguments: the old way, in a thread
            payload = None
        self.in_process = payload is not None
        if payload is None:
            threading.Thread(target=self._run_here, args=(function, args), name=name, daemon=True).start()
        else:
            with _POOL.lock:
                _POOL.jobs.add(self)
            try:
                self._helper = _POOL.take()
                self._helper.submit(self, payload)
            except BaseException:  # no helper could be started: nothing will answer, so nothing to wait for
                with _POOL.lock:
                    _POOL.jobs.discard(self)
                raise

    def _run_here(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        try:
            self.result = function(*args)
        except BaseException as error:  # reported to the scene, which decides what to show
            self.error = error
        finally:
            self._done.set()

    def _finish(self, helper: _Helper, reply: tuple[str, Any] | None, problem: BaseException | None) -> None:
        """The helper answered (`reply`) or ended first (`problem`); called from its reader thread."""
        with self._lock:
            mine = self._helper is helper
            self._helper = None
        if reply is not None and not self.cancelled:
            status, value = reply
            if status == "ok":
                self.result = value
            else:
                self.error = value
        elif reply is None and not self.cancelled:
            code = helper.process.returncode
            self.error = WorkerCrashed(f"the helper process stopped before answering (exit code {code}): {problem}")
        if reply is not None and mine:
            _POOL.give_back(helper)  # before `done`: whoever was waiting may start the next job at once
        self._done.set()
        with _POOL.lock:
            _POOL.jobs.discard(self)

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests and scripts only; scenes poll `done`)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """The answer is no longer wanted: a helper still searching is stopped at once."""
        self.cancelled = True
        with self._lock:
            helper, self._helper = self._helper, None
        if helper is not None:
            helper.kill()


# --- the helper side -------------------------------------------------------------------------------
def _watch_parent(parent: int) -> None:
    """Leave when the game is gone, even in the middle of a long search."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def _answer(function: Callable[..., Any], args: tuple[Any, ...]) -> bytes:
    import pickle

    try:
        reply: tuple[str, Any] = ("ok", function(*args))
    except Exception as error:
        reply = ("error", error)
    try:
        return pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an answer or an error that cannot travel: say so in words
        return pickle.dumps(("error", RuntimeError(f"unpicklable answer: {reply[1]!r}"[:500])))


_IDLE = threading.Event()  # set while the helper has no job: preloading waits for it between modules
_IDLE.set()


def _preload(names: list[str]) -> None:
    """Import `names` in turn, each only while no job runs (a job and an import would share the
    interpreter lock); a module a job needs is imported by the job itself, at once."""
    for name in names:
        _IDLE.wait()
        with contextlib.suppress(Exception):
            __import__(name)


def _yield_to_the_frame_loop() -> None:
    """Lower this helper's priority below the game's: niced by NICENESS, so a frame that wants a
    CPU the helper holds gets it first. A search keeps its time limit and gets fewer nodes on a
    busy machine, but it does get some: not SCHED_IDLE, which runs a task only while no normal
    task wants a CPU, and starved helpers on a machine busy with other work (measured with two
    cores fully busy: 264 nodes of a 3 s search, about 0.3% of a core, and 10 s of wall time to
    start; niced by 10, 5,500 to 6,300 nodes, 7 to 8%): the editor's par proof, whose steps are
    measured in wall time, got about 0.2 s of CPU in all. An unprivileged process cannot leave
    SCHED_IDLE again, so it cannot be used only while the machine is quiet either."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICENESS)


def serve(preload: list[str]) -> None:
    """The helper's loop: read a job, run it, write the answer; stop when the pipe closes."""
    import pickle

    requests = sys.stdin.buffer
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything the searches print goes to stderr, never into the answers
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    _yield_to_the_frame_loop()
    threading.Thread(target=_preload, args=(preload,), daemon=True).start()  # a first job need not wait
    while True:
        try:
            function, args = pickle.loads(_receive(requests))
        except EOFError:
            return
        except Exception as error:  # a job that cannot be read: answer with the reason
            _send(answers, pickle.dumps(("error", RuntimeError(f"unreadable job: {error}"))))
            continue
        _IDLE.clear()
        try:
            answer = _answer(function, args)
        finally:
            _IDLE.set()
        _send(answers, answer)


if __name__ == "__main__":
    serve(sys.argv[1:])
