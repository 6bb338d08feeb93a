"""Issue 32, processes: workers are capped, work is built lazily, and no worker outlives its command.

`tournament --games 100000000` built its whole schedule first (1.6 GiB, then a MemoryError with
chained tracebacks); `--workers` had no upper bound; SIGTERM left orphaned workers; Ctrl-C printed
a traceback from every worker. The pool (`game.processes`) is checked alone, then through the
commands that start processes: `tournament` (both games) and the window's helper processes.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from game.cli import main
from game.processes import MAX_WORKERS, PARENT_POLL, WorkerFailed, run_ordered, usable_cpus, worker_count

ROOT = Path(__file__).resolve().parents[1]
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
# A tournament long enough to be stopped in the middle: a million pairings of quick players.
LONG_TOURNAMENT = ["tournament", "--games", "100000", "--agents", "normal,easy", "--mode", "duel", "--size", "4",
                   "--workers", "2", "--quiet"]


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (zombies, which run nothing, are not counted)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def alive(pids: list[int]) -> list[int]:
    living = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.append(pid)
    return living


def wait_until(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


STARTED: list[subprocess.Popen] = []  # every process a test starts: ended with its group after the test


@pytest.fixture(autouse=True)
def _end_what_the_test_started():
    """No test leaves a process behind, even when it fails half-way: each was started in a session
    of its own, so its whole group (the command and its workers) is killed."""
    try:
        yield
    finally:
        while STARTED:
            process = STARTED.pop()
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.communicate(timeout=10)


def _popen(command: list[str], **kwargs) -> subprocess.Popen:
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, **kwargs)
    STARTED.append(process)
    return process


def start(args: list[str], **env: str) -> subprocess.Popen:
    return _popen([sys.executable, "-m", "game", *args], env={**os.environ, **env})


# --- the pool alone ---------------------------------------------------------------------
def test_workers_are_capped_by_the_cpus_the_jobs_and_a_ceiling():
    assert worker_count(24, 8) == min(usable_cpus(), 8)
    assert worker_count(24, 1) == 1 and worker_count(1, 100) == 1 and worker_count(0) == 1
    assert worker_count(10**6) <= MAX_WORKERS
    assert worker_count(10**6) <= usable_cpus()


def test_results_come_in_the_jobs_order():
    with closing(run_ordered(int, (str(n) for n in range(40)), 2)) as results:
        assert list(results) == list(range(40))


def test_jobs_are_taken_only_as_workers_free_up():
    """A thousand million jobs: the first results come while only a handful have been taken."""
    taken = itertools.count()

    def jobs():
        for n in range(10**9):
            next(taken)
            yield str(n)

    with closing(run_ordered(int, jobs(), 2)) as results:
        first = list(itertools.islice(results, 5))
    assert first == [0, 1, 2, 3, 4]
    assert next(taken) <= 5 + 2 * 2 + 2  # the five yielded, AHEAD per worker, and the one in hand


@linux_only
def test_closing_early_ends_every_worker():
    before = set(children(os.getpid()))
    results = run_ordered(int, (str(n) for n in range(10**9)), 2)
    try:
        assert next(results) == 0
        workers = [pid for pid in children(os.getpid()) if pid not in before]
        assert len(workers) == 2
    finally:
        results.close()
    assert alive(workers) == []


def test_a_worker_never_starts_workers_of_its_own():
    """A job that itself asks for a pool runs its jobs in the worker: pools never nest, so a
    mistake can never multiply processes (last session a test forked thousands of copies)."""
    with closing(run_ordered(_nested_children, ["a", "b"], 2)) as results:
        assert list(results) == [[], []]


def _nested_children(_job: str) -> list[int]:
    before = set(children(os.getpid()))
    with closing(run_ordered(_children_now, [os.getpid()], 2)) as inner:
        return [pid for pid in next(inner) if pid not in before]


def _children_now(pid: int) -> list[int]:
    return children(pid)


def test_a_job_that_raises_is_one_line_naming_it():
    with pytest.raises(WorkerFailed) as failed, closing(run_ordered(int, ["1", "2", "x", "4"], 2)) as results:
        list(results)
    assert str(failed.value).startswith("ValueError: invalid literal for int()") and "\n" not in str(failed.value)


def test_a_worker_that_dies_is_reported_not_waited_for():
    with pytest.raises(WorkerFailed, match="ended unexpectedly"), closing(run_ordered(os._exit, [3, 3], 2)) as out:
        list(out)


# --- the tournament: lazy, capped ------------------------------------------------------------
MEMORY_CAP = 1024**3  # address space for the child below: a built schedule of this size would need far more


def _limited(code: str) -> subprocess.CompletedProcess:
    """Run `code` in a Python whose memory is capped, so a schedule built whole fails at once
    instead of eating the shared machine's memory."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          preexec_fn=cap, check=False)


@linux_only
def test_a_schedule_of_a_thousand_million_games_is_not_built():
    done = _limited("""
import itertools
from game.coinland.ai.tournament import schedule
pairings = schedule("duel", ["random", "easy", "normal"], 10**9, seed=1, size=3)
assert len(pairings) == 3 * 10**9 and not isinstance(pairings, list)
assert pairings[-1].agents in {("normal", "easy"), ("easy", "normal")}
assert pairings[5] == next(itertools.islice(iter(pairings), 5, None))
print("lazy")
""")
    assert done.stdout == "lazy\n", done.stderr[-500:]


@linux_only
def test_the_tournament_plays_a_huge_schedule_as_a_stream():
    done = _limited("""
import itertools
from contextlib import closing
from game.coinland.ai.tournament import run_all, schedule
pairings = schedule("duel", ["random", "easy"], 10**9, seed=1, size=2)
for workers in (1, 2):
    with closing(run_all(pairings, workers=workers)) as results:
        played = list(itertools.islice(results, 3))
    assert [r.pairing for r in played] == [pairings[0], pairings[1], pairings[2]]
print("streamed")
""")
    assert done.stdout == "streamed\n", done.stderr[-500:]


GAMES_OUT_OF_RANGE = ["100000000", "0", "-1", "nan", "1e3"]


@linux_only
def test_games_out_of_range_is_one_line_before_any_work():
    """Each refused at once, in a Python whose memory is capped (one process for all five)."""
    done = _limited(f"""
import contextlib, io
from game.cli import main
for games in {GAMES_OUT_OF_RANGE!r}:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(['tournament', '--games', games])
    print(status, err.getvalue(), end="")
""")
    assert done.stdout == "".join(
        f"2 coinland tournament: --games: expected a whole number from 1 to 100000, got '{games}'\n"
        for games in GAMES_OUT_OF_RANGE), done.stderr[-500:]


@pytest.mark.parametrize("workers", ["0", "65", "10000", "two"])
def test_workers_out_of_range_is_one_line(capsys, workers):
    assert main(["tournament", "--workers", workers]) == 2
    assert capsys.readouterr().err.startswith("coinland tournament: --workers: expected a whole number from 1 to 64")


# --- signals and exits: no orphans, one line ---------------------------------------------
def _running_tournament(args=LONG_TOURNAMENT) -> tuple[subprocess.Popen, list[int]]:
    process = start(args)
    assert wait_until(lambda: len(children(process.pid)) >= 2, 30), process.communicate(timeout=5)
    time.sleep(0.5)  # the workers are playing
    return process, children(process.pid)


@linux_only
@pytest.mark.parametrize(("signum", "status", "line"), [
    (signal.SIGTERM, 143, "coinland tournament: stopped by SIGTERM"),
    (signal.SIGHUP, 129, "coinland tournament: stopped by SIGHUP"),
    (signal.SIGINT, 130, "coinland tournament: interrupted"),
])
def test_a_signal_ends_the_tournament_and_every_worker_with_one_line(signum, status, line):
    process, workers = _running_tournament()
    if signum == signal.SIGINT:
        os.killpg(process.pid, signum)  # Ctrl-C reaches the whole foreground group, workers included
    else:
        os.kill(process.pid, signum)
    out, err = process.communicate(timeout=30)
    assert process.returncode == status
    assert err.decode().splitlines() == [line] and out == b""
    assert wait_until(lambda: alive(workers) == [], 5), alive(workers)


@linux_only
def test_workers_leave_when_their_parent_is_killed_outright():
    process, workers = _running_tournament()
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert wait_until(lambda: alive(workers) == [], 4 * PARENT_POLL + 3), alive(workers)


@linux_only
def test_a_finished_tournament_leaves_no_worker():
    # Its workers are collected while it runs, not waited for: a short tournament can end before a
    # test slowed by a loaded machine looks (a CI run saw 12 games finish unseen). 300 games take
    # about 2 s, so the workers are seen many times over.
    process = start(["tournament", "--games", "300", "--agents", "random,easy", "--mode", "duel", "--size", "3",
                     "--workers", "2", "--quiet"])
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        workers.update(children(process.pid))
        time.sleep(0.01)
    out, err = process.communicate(timeout=30)
    assert len(workers) >= 2, (out, err)
    assert process.returncode == 0, err
    assert b"easy vs random" in out and err == b""
    assert wait_until(lambda: alive(sorted(workers)) == [], 5)


@linux_only
def test_a_satoshi_tournament_ends_its_workers_on_sigterm():
    process, workers = _running_tournament(["tournament", "--game", "satoshi", "--agents", "random,easy",
                                            "--games", "100000", "--workers", "2", "--quiet"])
    os.kill(process.pid, signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 143 and err.decode().splitlines() == ["coinland tournament: stopped by SIGTERM"]
    assert wait_until(lambda: alive(workers) == [], 5)


# --- the window's commands ----------------------------------------------------------------
BUSY_START = """
import sys
import game.client.title as title
def busy(self, *args, **kwargs):  # a start-up busy reading a huge file, in Python
    print("busy", flush=True)
    while True:
        pass
title.TitleScene.__init__ = busy
from game.cli import main
raise SystemExit(main(["play"]))
"""


def _said(process: subprocess.Popen, line: bytes, seconds: float) -> bool:
    """The process wrote `line` on its stdout within `seconds` (a bounded wait, never a hang)."""
    import selectors

    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(seconds):
            return False
    return process.stdout.readline().strip() == line


def _window(code: str, data: Path) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "COINLAND_DATA_DIR": str(data)}
    return _popen([sys.executable, "-c", code], env=env)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_start_up_busy_before_its_first_frame_still_stops_within_seconds(tmp_path, signum):
    process = _window(BUSY_START, tmp_path)
    assert _said(process, b"busy", 60)  # inside the busy loop now
    sent = time.monotonic()
    os.kill(process.pid, signum)
    _, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < 6  # the grace of 2 s, then the signal is raised where the program is
    assert process.returncode == 128 + signum
    assert err.decode().splitlines() == [
        "coinland play: " + ("stopped by SIGTERM" if signum == signal.SIGTERM else "interrupted")]


@linux_only
def test_sigterm_closes_the_window_as_its_button_does_and_ends_its_helpers(tmp_path):
    """After the first frame SIGTERM is a QUIT event (game/client/signals.py): the settings are saved,
    the helper processes end."""
    process = _window("from game.cli import main\nraise SystemExit(main(['play']))", tmp_path)
    assert wait_until(lambda: children(process.pid), 60)  # the first frame was drawn: a helper warms up
    helpers = children(process.pid)
    os.kill(process.pid, signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0 and err == b""  # closed as by its button: a normal end
    assert (tmp_path / "settings.json").is_file()
    assert wait_until(lambda: alive(helpers) == [], 5)


STUCK_FRAME = """
import game.client.title as title
from game.cli import main
drawn = []
original = title.TitleScene.draw
def draw(self, surface):
    drawn.append(1)
    if len(drawn) > 20:  # well after the first frame: one frame stuck in long work
        print("stuck", flush=True)
        while True:
            pass
    return original(self, surface)
title.TitleScene.draw = draw
raise SystemExit(main(["play"]))
"""


@linux_only
def test_a_window_stuck_after_its_first_frame_still_stops_two_seconds_after_sigterm(tmp_path):
    process = _window(STUCK_FRAME, tmp_path)
    assert _said(process, b"stuck", 60)  # past the first frame, and stuck in it now
    sent = time.monotonic()
    os.kill(process.pid, signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert 1.5 < time.monotonic() - sent < 8  # the quit event was not read; the grace, then the signal
    assert process.returncode == 143 and err.decode().splitlines() == ["coinland play: stopped by SIGTERM"]


POOLS = ("multiprocessing", "ProcessPoolExecutor", "concurrent.futures", "os.fork(")


def _process_doors() -> set[str]:
    """The modules that may start processes: those of the inventory's process doors (game/doors)."""
    from game.doors import PROCESS, inventory

    return {module.replace(".", "/") + ".py" for door in inventory().of_kind(PROCESS) for module in door.code}


PROCESS_DOORS = _process_doors()


def test_workers_are_started_only_through_the_capped_pool():
    """A command or script added later that plays on several processes gets the cap, the laziness
    and the clean ending by going through game.processes; this fails when it starts its own pool."""
    sources = [*sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "scripts").glob("*.py"))]
    own = [f"{path.relative_to(ROOT)}: {needle}" for path in sources for needle in POOLS
           if needle in path.read_text(encoding="utf-8") and str(path.relative_to(ROOT)) not in PROCESS_DOORS]
    assert own == []


STARTS = ("subprocess.", "os.system(", "os.spawn", "os.exec", "os.posix_spawn", "os.popen(", "pty.fork(")


def test_the_program_starts_processes_only_through_its_process_doors():
    """Under game/, only the inventory's process doors start a process of any kind: a new one
    elsewhere must join the inventory (and its cap, its clean ending) first."""
    own = [f"{path.relative_to(ROOT)}: {needle}" for path in sorted((ROOT / "game").rglob("*.py")) for needle in STARTS
           if needle in path.read_text(encoding="utf-8") and str(path.relative_to(ROOT)) not in PROCESS_DOORS]
    assert own == []
