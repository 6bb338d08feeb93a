"""`coinland play`: open the game window on the title screen."""

from __future__ import annotations

import argparse
import os
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)  # smoke tests: stop after N frames


def run(args: argparse.Namespace) -> int:
    if args.frames < 0:
        print("coinland play: --frames must be 0 (run until closed) or more", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import run_app

    try:
        return run_app(fullscreen=args.fullscreen, max_frames=args.frames)
    except pygame.error as error:
        print(f"coinland play: cannot open the game window ({error}); is a display available?", file=sys.stderr)
        return 1
