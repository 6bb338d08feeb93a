"""The command-line doors: every option and argument of every sub-command.

`OPTIONS` maps "COMMAND OPTION" (a positional argument by its upper-case name) to the range of
a numeric value (low, high), or None for an option that is not a number (a flag, a name, a
path, a list). It is read from the parsers themselves: every value an option takes goes through
a checked type of `game.cli.options`, which knows its range and says it in `--help`, so the
door, the help text and the check cannot drift apart, and an option added later is a door at
once. The battery feeds every option hostile values (NaN, infinities, huge and negative numbers,
long digit runs, control characters, non-UTF-8 bytes, empty text) and requires either the
one-line refusal with status 2, or a value inside the range. Owner: the command line (game/cli).
"""

from __future__ import annotations

import argparse
import functools

from game.doors.kinds import OPTION, READ, Door


@functools.cache
def options() -> dict[str, tuple[float, float] | None]:
    """"COMMAND OPTION" -> (low, high) of a numeric option, or None."""
    from game.cli import COMMANDS, command_parser

    found: dict[str, tuple[float, float] | None] = {}
    for command in COMMANDS:
        for action in command_parser(command)._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            name = action.option_strings[0] if action.option_strings else action.dest.upper()
            low, high = getattr(action.type, "low", None), getattr(action.type, "high", None)
            found[f"{command} {name}"] = None if low is None or high is None else (low, high)
    return found


OPTIONS: dict[str, tuple[float, float] | None] = options()


def doors() -> list[Door]:
    """One door per option, named "option: COMMAND OPTION"."""
    return [Door(f"option: {key}", OPTION, f"coinland {key}", frozenset({READ}),
                 (f"game.cli.{key.split()[0]}",), range=value)
            for key, value in OPTIONS.items()]
