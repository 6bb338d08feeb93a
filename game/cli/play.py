"""`coinland play`: open the game window."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    try:
        from game.client.app import run_app
    except ModuleNotFoundError:
        print("The game window is not built yet. Available commands: coinland --help")
        return 0
    return run_app(fullscreen=args.fullscreen, max_frames=args.frames)
