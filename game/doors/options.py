"""The command-line doors: every option and argument of every sub-command.

`OPTIONS` maps "COMMAND OPTION" to the documented range of a numeric value (low, high), or
None for an option that is not a number (a flag, a name, a path, a list). The battery
feeds every option hostile values (NaN, infinities, huge and negative numbers, long digit
runs, control characters, non-UTF-8 bytes, empty text) and requires either argparse's
one-line refusal with status 2, or a value inside the documented range. `tests/test_doors.py`
fails when a sub-command has an option that is not listed here (or one listed that is gone).
Ranges say what the help text says; owner: the command line (game/cli).
"""

from __future__ import annotations

from game.doors.kinds import OPTION, READ, Door

MAX_SEED = 2**63 - 1
DAY = 86_400.0

OPTIONS: dict[str, tuple[float, float] | None] = {
    "play --fullscreen": None,
    "play --frames": (0, 10**9),
    "check PATHS": None,
    "check --time-limit": (0.0, DAY),
    "check --no-par": None,
    "check --quiet": None,
    "solve LEVEL": None,
    "solve --json": None,
    "solve --time-limit": (0.0, DAY),
    "solve --random": None,
    "solve --size": (2, 8),
    "solve --density": (0.0, 1.0),
    "solve --seed": (0, MAX_SEED),
    "solve --purse": (0, 10**6),
    "generate --size": (2, 8),
    "generate --count": (1, 1000),
    "generate --seed": (0, MAX_SEED),
    "generate --out": None,
    "generate --difficulty": None,
    "generate --nodes": (1, 10**9),
    "tournament --game": None,
    "tournament --mode": None,
    "tournament --agents": None,
    "tournament --players": (2, 6),
    "tournament --difficulty": None,
    "tournament --advanced": None,
    "tournament --games": (1, 100_000),
    "tournament --seed": (0, MAX_SEED),
    "tournament --budget": (0.0, 3600.0),
    "tournament --nodes": (1, 10**9),
    "tournament --size": (2, 8),
    "tournament --workers": (1, 64),
    "tournament --self-play": None,
    "tournament --quiet": None,
    "simulate --players": (2, 6),
    "simulate --games": (1, 1_000_000),
    "simulate --seed": (0, MAX_SEED),
    "simulate --agents": None,
    "simulate --difficulty": None,
    "simulate --advanced": None,
    "watch GAME": None,
    "watch --players": (2, 6),
    "watch --size": (2, 8),
    "watch --agents": None,
    "watch --seed": (0, MAX_SEED),
    "watch --speed": None,
    "watch --difficulty": None,
    "watch --advanced": None,
    "watch --rounds": (5, 200),
    "watch --offers": (0, 20),
    "watch --exit-at-end": None,
    "review LEVEL": None,
    "review --walk": None,
    "review --record": None,
    "review --json": None,
    "review --time-limit": (0.0, DAY),
    "review --depth": (1, 10),
}


def doors() -> list[Door]:
    """One door per option, named "option: COMMAND OPTION"."""
    return [Door(f"option: {key}", OPTION, f"coinland {key}", frozenset({READ}),
                 (f"game.cli.{key.split()[0]}",), range=value)
            for key, value in OPTIONS.items()]
