"""One command line for Coinland: `play` (the default), `check`, `solve`, and more.

Each sub-command lives in its own module under `game.cli` with two functions,
`add_arguments(parser)` and `run(args) -> int`. Modules are imported lazily so that
`python -m game check` never pays for pygame, and a command whose module is not
there yet is reported instead of crashing.

Every sub-command speaks with one voice (docs/COMMANDS.md): an error is one line on stderr,
`coinland SUBCOMMAND: --option: expected ..., got ...`; a usage error exits 2, bad data 1,
Ctrl-C 130, SIGTERM 143, a closed output pipe 141; never a traceback for any of these.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence

from game.cli.options import CommandError, UsageError
from game.cli.output import guard_streams, say, silence_stdout
from game.processes import Terminated, WorkerFailed, raise_on_termination
from game.safeio import one_line, show_name

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
PROG = "coinland"
INTERRUPTED = 130  # 128 + SIGINT


class CommandParser(argparse.ArgumentParser):
    """argparse, speaking our one line: `coinland SUB: --option: expected ..., got ...`, exit 2.

    No abbreviations: `--time` is not `--time-limit`, so adding an option later never turns a
    working command line into an ambiguous one.
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # type: ignore[override]
        """One line, then exit status 2 (SystemExit, as argparse does, so any caller of parse_args
        sees what it always saw; `main` passes the status on)."""
        say(self.prog, str(UsageError(_reword(message, self.prog))))  # UsageError caps the line
        raise SystemExit(2)


def _reword(message: str, prog: str) -> str:
    """argparse's own messages in our words."""
    if found := re.fullmatch(r"the following arguments are required: ([^,]+).*", message, re.S):
        return f"{found.group(1)}: expected a value, got none (it is required)"
    if found := re.fullmatch(r"unrecognized arguments: (\S+).*", message, re.S):
        return f"{one_line(found.group(1), 60)}: expected an option of '{prog} --help', got an unknown argument"
    found = re.fullmatch(r"argument ([^:]+): (.*)", message, re.S)
    if not found:
        return message
    option, text = found.group(1).split("/")[0], found.group(2)
    if choice := re.fullmatch(r"invalid choice: (.*) \(choose from (.*)\)", text, re.S):
        names = ", ".join(name.strip("'\" ") for name in choice.group(2).split(","))
        return f"{option}: expected one of {names}, got {choice.group(1)}"
    if text.startswith("expected ") and " argument" in text:  # "expected one argument"
        return f"{option}: expected a value, got none"
    return f"{option}: {text}"


def _load(name: str):
    module_name, _ = COMMANDS[name]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = CommandParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    modules: dict[str, object] = {}
    for name, (_, help_text) in COMMANDS.items():
        module = _load(name)
        if module is None:
            continue
        modules[name] = module
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command_parser)
    return parser, modules


def command_parser(name: str) -> argparse.ArgumentParser:
    """The parser of one sub-command alone, as `coinland NAME` uses it."""
    module = importlib.import_module(COMMANDS[name][0])
    parser = CommandParser(prog=f"{PROG} {name}", description=COMMANDS[name][1])
    module.add_arguments(parser)
    return parser


def version_line() -> str:
    from game import __version__

    return f"coinland {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line; the exit status. Every ending is one line at most, never a traceback."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["--version"]:  # before "play" is assumed for a leading option
        try:
            print(version_line(), flush=True)
        except BrokenPipeError:
            return silence_stdout()
        except OSError as error:  # stdout on a full disk
            return _output_failed(PROG, error)
        return 0
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    guard_streams()
    undo = raise_on_termination()
    prog = PROG if args_list[0] not in COMMANDS else f"{PROG} {args_list[0]}"
    try:
        return _run(args_list)
    except CommandError as error:
        say(prog, str(error))
        return error.status
    except BrokenPipeError:  # `coinland ... | head`: the reader has all it wants
        return silence_stdout()
    except KeyboardInterrupt:
        say(prog, "interrupted")
        return INTERRUPTED
    except Terminated as stop:
        say(prog, f"stopped by {stop}")
        return 128 + stop.signum
    except WorkerFailed as error:
        say(prog, str(error))
        return 1
    except MemoryError:
        say(prog, "out of memory")
        return 1
    except OSError as error:  # stdout on a full disk or a failing device (a file's own errors are CommandErrors)
        return _output_failed(prog, error)
    except SystemExit as stop:  # --help printed its text
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    finally:
        undo()


def _output_failed(prog: str, error: OSError) -> int:
    """One line for an OS error no command named: the file it names (read or written), or the
    output when it names none; stdout then points at /dev/null so the exit's own flush cannot fail again."""
    if error.filename:  # a path a command looked at without its own message: reading or writing
        say(prog, f"{show_name(error.filename)}: cannot use it ({error.strerror or error})")
    else:
        say(prog, f"cannot write the output: {error.strerror or error}")
    silence_stdout()
    return 1


def _run(args_list: list[str]) -> int:
    if args_list[0] == "play":  # the window opens without importing every other command (start-up time)
        module = importlib.import_module(COMMANDS["play"][0])
        return int(module.run(command_parser("play").parse_args(args_list[1:])) or 0)
    parser, modules = build_parser()
    args, extras = parser.parse_known_args(args_list)
    if args.command is None:
        parser.print_help()
        return 0
    if extras:
        raise UsageError(f"{one_line(extras[0], 60)}: expected an option of '{PROG} {args.command} --help', "
                         f"got an unknown argument")
    return int(modules[args.command].run(args) or 0)


__all__ = ["COMMANDS", "CommandParser", "build_parser", "command_parser", "main"]
