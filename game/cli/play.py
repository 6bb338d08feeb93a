"""`coinland play`: open the game window on the title screen."""

from __future__ import annotations

import argparse
import os

from game.cli.display_env import check_display_environment
from game.cli.options import DataError, int_range

MAX_FRAMES = 10**9  # smoke tests' frame count at most (0: run until closed)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    # smoke tests: stop after N frames (0: run until the window is closed)
    parser.add_argument("--frames", type=int_range(0, MAX_FRAMES), default=0, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    check_display_environment()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import run_app

    try:
        return run_app(fullscreen=args.fullscreen, max_frames=args.frames)
    except pygame.error as error:
        raise DataError(f"cannot open the game window ({error}); is a display available?") from None


