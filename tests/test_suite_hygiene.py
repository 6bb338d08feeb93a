"""The suite's own hygiene: no test leaves an environment variable behind for the tests after it
(they run in any order, in parallel workers). A test sets one with `monkeypatch.setenv` (or, for
a fixture wider than one test, `pytest.MonkeyPatch.context()`); tests/conftest.py puts back
whatever a test or the code it ran changed anyway, and sets the headless drivers once."""

from __future__ import annotations

import os
import re
from pathlib import Path

from keep_env import environment_kept

TESTS = Path(__file__).resolve().parent
# the places that keep the environment for everyone else, and this file (it names the patterns)
KEEPERS = {"conftest.py", "keep_env.py", "test_suite_hygiene.py"}
WRITES = re.compile(r"os\.environ\[[^\]]*\]\s*=(?!=)|os\.environ\.(?:setdefault|update|pop|popitem|clear)\("
                    r"|\bdel\s+os\.environ|os\.(?:putenv|unsetenv)\(")


def test_no_test_file_writes_the_environment_itself() -> None:
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(TESTS.glob("*.py")) if path.name not in KEEPERS
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if WRITES.search(line)]
    assert found == [], "set environment variables with monkeypatch:\n" + "\n".join(found)


def test_the_pattern_sees_every_way_of_writing_the_environment() -> None:
    writes = ['os.environ["COINLAND_DATA_DIR"] = str(folder)', 'os.environ.setdefault("SDL_VIDEODRIVER", "dummy")',
              "os.environ.update(SDL_AUDIODRIVER='dummy')", 'del os.environ["HOME"]', 'os.putenv("A", "b")',
              'os.environ.pop("A", None)']
    reads = ['assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Coinland"', 'os.environ.get("A")',
             "env = dict(os.environ, A='b')", 'monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))']
    assert all(WRITES.search(line) for line in writes)
    assert not any(WRITES.search(line) for line in reads)


def test_a_variable_set_changed_or_removed_inside_is_put_back(monkeypatch) -> None:
    monkeypatch.setenv("COINLAND_TEST_CHANGED", "before")
    monkeypatch.setenv("COINLAND_TEST_REMOVED", "here")
    monkeypatch.delenv("COINLAND_TEST_ADDED", raising=False)
    before = dict(os.environ)
    with environment_kept():
        os.environ["COINLAND_TEST_ADDED"] = "new"
        os.environ["COINLAND_TEST_CHANGED"] = "after"
        del os.environ["COINLAND_TEST_REMOVED"]
    assert dict(os.environ) == before


def test_the_suite_runs_headless() -> None:
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy" and os.environ.get("SDL_AUDIODRIVER") == "dummy"
