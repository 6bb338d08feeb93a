"""Searches run in helper processes: answers, errors, cancelling, crashes, and nothing left behind."""

import math
import os
import random
import signal
import time

import pytest

from game.client import worker
from game.client.worker import Worker, WorkerCrashed

WAIT = 60  # seconds: generous, a loaded machine starts processes slowly; never a timing assertion


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a killed child may linger as a zombie until reaped; the pool reaps it in `kill`
    return True


@pytest.fixture(autouse=True)
def fresh_pool():
    yield
    worker.shutdown()


def test_a_module_level_function_runs_in_another_process():
    job = Worker(os.getpid)
    assert job.in_process
    assert job.wait(WAIT) and job.error is None
    assert isinstance(job.result, int) and job.result != os.getpid()


def test_results_and_errors_come_back_as_values():
    ok = Worker(math.factorial, 10)
    bad = Worker(math.factorial, -1)
    assert ok.wait(WAIT) and ok.result == 3628800 and ok.error is None
    assert bad.wait(WAIT) and isinstance(bad.error, ValueError) and bad.result is None


def test_wait_for_answers_returns_once_every_job_in_flight_has_answered():
    """A headless watch waits here instead of drawing frames while a computer thinks."""
    jobs = [Worker(time.sleep, 0.3), Worker(math.factorial, 10)]
    worker.wait_for_answers(WAIT)
    assert all(job.done and job.error is None for job in jobs) and jobs[1].result == 3628800
    worker.wait_for_answers(WAIT)  # nothing in flight: returns at once


def test_a_job_whose_helper_cannot_start_is_not_left_to_be_waited_for(monkeypatch):
    """Starting a helper can fail (too many open files, no memory): the Worker raises, and must not
    stay listed, or every later wait (a headless watch's frames, Driver.until) would sit out its
    whole timeout on a job that can never answer."""
    def no_helper():
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(worker._POOL, "take", no_helper)
    before = set(worker._POOL.jobs)
    with pytest.raises(OSError):
        Worker(math.factorial, 10)
    assert set(worker._POOL.jobs) == before


def test_wait_for_answers_gives_all_its_jobs_one_deadline(monkeypatch):
    """Several stuck jobs cost the caller the timeout once, not once each: after the first job
    that does not answer in time, the others are not waited for."""
    class Stuck:
        def __init__(self) -> None:
            self.waits: list[float] = []

        def wait(self, timeout: float) -> bool:
            self.waits.append(timeout)
            return False

    stuck = [Stuck(), Stuck(), Stuck()]
    monkeypatch.setattr(worker._POOL, "jobs", set(stuck))
    worker.wait_for_answers(5.0)
    waits = [w for job in stuck for w in job.waits]
    assert len(waits) == 1 and 0.0 < waits[0] <= 5.0


def test_a_finished_helper_goes_back_to_the_pool_for_the_next_job():
    first = Worker(os.getpid)
    assert first.wait(WAIT)
    idle = [helper.process.pid for helper in worker._POOL.idle]
    assert first.result in idle
    second = Worker(os.getpid)
    assert second.wait(WAIT)
    assert second.result in idle  # no process start for the next job


def test_cancel_stops_a_running_search_and_its_process():
    job = Worker(time.sleep, 600)
    assert job._helper is not None
    pid = job._helper.process.pid
    job.cancel()
    assert job.wait(WAIT)
    assert job.cancelled and job.error is None and job.result is None
    assert not pid_alive(pid)


def test_a_helper_that_dies_is_reported_not_raised():
    job = Worker(time.sleep, 600)
    assert job._helper is not None
    os.kill(job._helper.process.pid, signal.SIGKILL)
    assert job.wait(WAIT)
    assert isinstance(job.error, WorkerCrashed) and job.result is None
    after = Worker(math.factorial, 5)  # the pool recovers with a fresh helper
    assert after.wait(WAIT) and after.result == 120


def test_a_closure_still_runs_in_a_thread():
    factor = 3
    job = Worker(lambda: os.getpid() * factor)
    assert not job.in_process
    assert job.wait(WAIT) and job.result == os.getpid() * 3


def test_shutdown_leaves_no_helper_process():
    jobs = [Worker(time.sleep, 600), Worker(time.sleep, 600)]
    worker.warm_up()
    pids = [job._helper.process.pid for job in jobs if job._helper is not None]
    assert len(pids) == 2 and worker.helper_count() >= 2
    worker.shutdown()
    assert worker.helper_count() == 0
    assert not any(pid_alive(pid) for pid in pids)
    for job in jobs:
        assert job.wait(WAIT)


def test_the_coinland_computer_answers_from_a_helper():
    from game.client.coinland import computer
    from game.client.coinland.setup import Setup, play_scene
    from game.coinland.rules import is_legal
    from game.coinland.state import Mode

    state = play_scene(Setup(Mode.DUEL, ("hard", "normal"), 4), seed=2).session.state
    job = computer.think(state, "normal", random.Random(1))
    assert job.in_process
    assert job.wait(WAIT) and job.error is None and is_legal(state, job.result)


def test_the_satoshi_computer_answers_from_a_helper():
    from dataclasses import replace

    from game.bitcoin import is_legal
    from game.client.satoshi import computer
    from game.client.satoshi.session import TableSession, default_setup

    session = TableSession.start(replace(default_setup(3, humans=0, strength="hard"), seed=4))
    job = computer.think(session.state, "hard", session.ai_rng())
    assert job.in_process
    assert job.wait(WAIT) and job.error is None and is_legal(session.state, job.result)


def test_the_editor_prover_runs_in_a_helper():
    from game.coinland.levels import Level
    from game.coinland.solver import solve

    level = Level(name="t", size=3)
    job = Worker(solve, level, 2.0)
    assert job.in_process
    assert job.wait(WAIT) and job.error is None
    assert job.result.optimal and job.result.score == solve(level, 2.0).score


def test_the_editor_says_so_when_its_prover_dies(tmp_path, monkeypatch):
    import pygame

    from game.client.app import App
    from game.client.coinland import editor as editor_module
    from game.client.coinland.editor import EditorScene
    from game.client.driver import Driver
    from game.client.storage import Store
    from game.coinland.generator import random_level

    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(editor_module, "PROOF_STEPS", (600.0,))  # still searching when it is killed
    app = App(store=Store(tmp_path))
    try:
        editor = EditorScene(random_level(6, 0.6, seed=3, purse=1))  # not proved in a moment
        app.push(editor)
        job = editor.worker
        assert job is not None and job.in_process and job._helper is not None
        os.kill(job._helper.process.pid, signal.SIGKILL)
        assert job.wait(WAIT)
        Driver(app).frames(2)
        assert "stopped unexpectedly" in editor.message and editor.worker is None
    finally:
        pygame.quit()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="nice is Unix only")
def test_a_helper_runs_below_the_frame_loop_but_is_never_starved():
    """The helper is niced below the game, so a frame is not queued behind a search; it is not
    idle work (SCHED_IDLE), which a machine busy with other work starves of every CPU."""
    job = Worker(os.nice, 0)
    assert job.wait(WAIT) and job.error is None and job.in_process
    assert job.result >= min(os.nice(0) + worker.NICENESS, 19)  # the game itself keeps its priority
    if hasattr(os, "sched_getscheduler"):
        policy = Worker(os.sched_getscheduler, 0)
        assert policy.wait(WAIT) and policy.error is None
        assert policy.result == os.sched_getscheduler(0) != getattr(os, "SCHED_IDLE", None)


def test_an_idle_helper_preloads_the_prover():
    """OR-tools' CP-SAT is imported in the background, so the first Hint, Solve or par proof
    that hands over to the prover does not pay 0.3 to 0.4 s for it."""
    pytest.importorskip("ortools")
    from game.coinland.solver_prover import imported

    assert "ortools.sat.python.cp_model" in worker.PRELOAD
    for _ in range(WAIT * 10):  # a job may come before the preload is done: ask again until it is
        job = Worker(imported)
        assert job.wait(WAIT) and job.error is None and job.in_process
        if job.result:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the helper never imported CP-SAT")


def test_preloading_waits_while_a_job_runs():
    """An import and a search would share the helper's interpreter lock: the import waits."""
    import sys
    import threading

    saved = sys.modules.pop("colorsys", None)
    worker._IDLE.clear()  # as while a job runs
    try:
        loading = threading.Thread(target=worker._preload, args=(["colorsys"],), daemon=True)
        loading.start()
        loading.join(0.05)
        assert loading.is_alive() and "colorsys" not in sys.modules
        worker._IDLE.set()  # the job is done
        loading.join(WAIT)
        assert not loading.is_alive() and "colorsys" in sys.modules
    finally:
        worker._IDLE.set()
        if saved is not None:
            sys.modules["colorsys"] = saved


@pytest.mark.parametrize("value", ["\udcff/nowhere", "/no/such/folder" + os.pathsep * 50, "x" * 10_000])
def test_a_hostile_pythonpath_does_not_stop_the_helper(monkeypatch, value):
    """$PYTHONPATH is passed on to the helper behind the project root: bytes that are not UTF-8,
    folders that do not exist, empty entries and a long value must not stop it from starting."""
    monkeypatch.setenv("PYTHONPATH", value)
    job = Worker(os.getpid)
    assert job.wait(WAIT) and job.error is None and job.result != os.getpid()
