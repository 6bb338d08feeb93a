"""Fonts hold their file open: a window opened and closed many times (every client test does
it, and the screenshot tour) must not keep one open file per font per window. A Font freed
after pygame.quit() never closes its file, so the text module lets go of its fonts first."""

import contextlib
import os

import pygame
import pytest

from game.client import text

FD_FOLDER = "/proc/self/fd"


def open_font_files() -> int:
    count = 0
    for fd in os.listdir(FD_FOLDER):
        with contextlib.suppress(OSError):  # closed between the listing and the look
            count += os.readlink(f"{FD_FOLDER}/{fd}").endswith((".ttf", ".otf"))
    return count


@pytest.mark.skipif(not os.path.isdir(FD_FOLDER), reason="needs /proc (Linux)")
def test_windows_opened_and_closed_do_not_pile_up_open_font_files():
    before = open_font_files()
    for _ in range(4):
        text.reset()  # what a new App does, before pygame starts again
        pygame.init()
        for px in range(10, 30):
            text.font(px)
        pygame.quit()
    assert open_font_files() - before < 20  # one window's fonts at most, not four
