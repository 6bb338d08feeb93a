"""`coinland engine`: the JSON-lines engine protocol on stdin and stdout (docs/ENGINE.md)."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = "One JSON object per line in and out; see docs/ENGINE.md."


def run(args: argparse.Namespace) -> int:
    from game.cli.options import UsageError
    from game.coinland.protocol import serve

    if sys.stdin is None or sys.stdout is None:  # started with `<&-` or `>&-`
        raise UsageError(f"expected an open standard {'input' if sys.stdin is None else 'output'}, got a closed one")
    return serve(sys.stdin, sys.stdout)
