"""One command line for Coinland: `play` (the default), `check`, `solve`, and more.

Each sub-command lives in its own module under `game.cli` with two functions,
`add_arguments(parser)` and `run(args) -> int`. Modules are imported lazily so that
`python -m game check` never pays for pygame, and a command whose module is not
there yet is reported instead of crashing.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.cli.play", "open the game window (the default)"),
    "check": ("game.cli.check", "validate level files or folders"),
    "solve": ("game.cli.solve", "solve a puzzle level and print JSON"),
    "generate": ("game.cli.generate", "generate puzzle levels with a proved par"),
    "levels": ("game.cli.levels", "print the design measures of puzzle levels (docs/LEVELS.md)"),
    "tournament": ("game.cli.tournament", "play computer players against each other"),
    "engine": ("game.cli.engine", "speak the JSON-lines engine protocol on stdin/stdout"),
    "simulate": ("game.cli.simulate", "simulate Finding Satoshi games and print statistics"),
    "watch": ("game.cli.watch", "watch an all-computer game in the client"),
    "review": ("game.cli.review", "review a puzzle walk or a kept game record"),
}


def _load(name: str):
    module_name, _ = COMMANDS[name]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = argparse.ArgumentParser(prog="coinland", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules: dict[str, object] = {}
    for name, (_, help_text) in COMMANDS.items():
        module = _load(name)
        if module is None:
            continue
        modules[name] = module
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command_parser)
    return parser, modules


def _play(argv: list[str]) -> int:
    module = importlib.import_module(COMMANDS["play"][0])
    parser = argparse.ArgumentParser(prog="coinland play", description=COMMANDS["play"][1])
    module.add_arguments(parser)
    try:
        return int(module.run(parser.parse_args(argv)) or 0)
    except KeyboardInterrupt:
        return 130


def version_line() -> str:
    from game import __version__

    return f"coinland {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["--version"]:  # before "play" is assumed for a leading option
        print(version_line())
        return 0
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    if args_list[0] == "play":  # the window opens without importing every other command (start-up time)
        return _play(args_list[1:])
    parser, modules = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as stop:  # argparse has printed its one-line error or the help: pass its status back
        return stop.code if isinstance(stop.code, int) else 2
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(modules[args.command].run(args) or 0)
    except KeyboardInterrupt:
        return 130
