"""Keep the environment variables as they were around a piece of code (tests/conftest.py runs
every test inside `environment_kept`, so no test leaves a variable behind for the next one)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def environment_kept() -> Iterator[None]:
    """Put back, on the way out, every variable set, changed or removed inside."""
    before = dict(os.environ)
    try:
        yield
    finally:
        if dict(os.environ) != before:
            for key in set(os.environ) - set(before):
                del os.environ[key]
            for key, value in before.items():
                if os.environ.get(key) != value:
                    os.environ[key] = value
