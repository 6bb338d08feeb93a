"""`coinland watch`: the real client plays an all-computer game to its end, as arcade games do.

    python -m game watch satoshi --players N [--agents A,B,...] [--seed S] [--speed normal|fast|instant]
                                 [--difficulty D] [--advanced] [--rounds N] [--offers N]
    python -m game watch classic|duel [--size N] [--agents A,B] [--seed S] [--speed ...]

`--agents` is one strength per seat (random, easy, normal, hard) or one for every seat.
When the game ends one line names the winner(s) and the final score or price; with
`--exit-at-end` the window then closes and the command exits 0, otherwise the result
screen stays until the window is closed. `--speed` changes the animation speed for this
run only: the player's settings file keeps its own. With SDL_VIDEODRIVER=dummy the same
game runs headless, frame by frame without waiting for the wall clock.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.cli.display_env import check_display_environment
from game.cli.options import MAX_SEED, Choice, Text, UsageError, int_range, seed
from game.cli.output import say

GAMES = ("satoshi", "classic", "duel")
STRENGTHS = ("random", "easy", "normal", "hard")
SPEEDS = ("slow", "normal", "fast", "instant")
SIZES = (3, 4, 5, 6)
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HEADLESS_DRIVERS = ("dummy", "offscreen")
#: logical seconds the App may keep running after the end before the watch stops it itself
END_GRACE = 60.0
#: seconds a headless run waits for a computer's answer before it draws a frame anyway
ANSWER_WAIT = 30.0


class WatchError(ValueError):
    """A bad argument: the message is the one line printed."""


@dataclass(frozen=True)
class Plan:
    """What to watch, checked: the game, one strength per seat, and the run's options."""

    game: str
    agents: tuple[str, ...]
    seed: int
    size: int = 4
    speed: str | None = None
    exit_at_end: bool = False
    difficulty: str = "normal"
    advanced: bool = False  # Finding Satoshi: both advanced rules
    rounds: int | None = None  # Finding Satoshi house rule: the round limit (None: the data's)
    offers: int | None = None  # Finding Satoshi house rule: offers per turn (None: the data's)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=Choice(GAMES), metavar="GAME", help="the game to watch: satoshi, classic or duel")
    parser.add_argument("--players", metavar="N", type=int_range(MIN_PLAYERS, MAX_PLAYERS),
                        help=f"Finding Satoshi: seats at the table, {MIN_PLAYERS}..{MAX_PLAYERS} (default 4)")
    parser.add_argument("--size", metavar="N", type=int_range(SIZES[0], SIZES[-1]),
                        help=f"Classic and Duel: board size, {SIZES[0]}..{SIZES[-1]} as in the game's setup "
                             "screen (default 4)")
    parser.add_argument("--agents", default="normal", metavar="A[,B...]", type=Text("strengths"),
                        help="strength per seat, comma separated, or one for all: random, easy, normal, hard "
                             "(default normal)")
    parser.add_argument("--seed", metavar="S", type=seed, help="seed of the game, 0..2**63-1 (default: a random one)")
    parser.add_argument("--speed", metavar="{slow,normal,fast,instant}", type=Choice(SPEEDS),
                        help="animation speed for this run only (the settings file keeps its own)")
    parser.add_argument("--difficulty", default="normal", metavar="{normal,hard,very-hard}",
                        type=Choice(("normal", "hard", "very-hard")),
                        help="Finding Satoshi: game difficulty, normal, hard or very-hard (default normal)")
    parser.add_argument("--advanced", action="store_true", help="Finding Satoshi: steady inflation and savings")
    parser.add_argument("--rounds", metavar="N", type=int_range(5, 200),
                        help="Finding Satoshi house rule: the game ends after N rounds, 5..200")
    parser.add_argument("--offers", metavar="N", type=int_range(0, 20),
                        help="Finding Satoshi house rule: offers per turn, 0..20")
    parser.add_argument("--exit-at-end", action="store_true", help="close the window once the game is over")


def _whole(value: int | str | None, name: str, low: int, high: int) -> int | None:
    """A whole number from `low` to `high` (the parser checked it already; a Namespace made by hand may not be)."""
    if value is None:
        return None
    try:
        return int_range(low, high)(str(value))
    except argparse.ArgumentTypeError as error:
        raise WatchError(f"{name}: {error}") from None


def read_plan(args: argparse.Namespace) -> Plan:
    """The checked plan from the parsed arguments; WatchError names the argument and what was expected."""
    game = str(args.game).lower()
    if game not in GAMES:
        raise WatchError(f"game: expected {', '.join(GAMES)}, got {args.game!r}")
    if game == "satoshi":
        if args.size is not None:
            raise WatchError(f"--size: expected only for classic and duel (Finding Satoshi has --players), "
                             f"got {args.size}")
        seats = _whole(args.players, "--players", MIN_PLAYERS, MAX_PLAYERS) or 4
    else:
        if args.players is not None:
            raise WatchError(f"--players: expected none, {game} is always two players (use --agents A,B), "
                             f"got {args.players}")
        seats = 2
    size = _whole(args.size, "--size", SIZES[0], SIZES[-1]) or 4
    seed = _whole(args.seed, "--seed", 0, MAX_SEED)
    speed = None if args.speed is None else str(args.speed).lower()
    if speed is not None and speed not in SPEEDS:
        raise WatchError(f"--speed: expected {', '.join(SPEEDS)}, got {args.speed!r}")
    difficulty = str(args.difficulty).lower().replace("_", "-")
    if game == "satoshi" and difficulty not in ("normal", "hard", "very-hard"):
        raise WatchError(f"--difficulty: expected normal, hard or very-hard, got {args.difficulty!r}")
    house = [getattr(args, name, None) for name in ("rounds", "offers")]
    if game != "satoshi" and (any(value is not None for value in house) or getattr(args, "advanced", False)):
        raise WatchError("--advanced, --rounds and --offers: expected only for satoshi, got them for " + game)
    return Plan(game, read_agents(args.agents, seats), random.randrange(2**31) if seed is None else seed, size,
                speed, bool(args.exit_at_end), difficulty.replace("-", "_"), bool(getattr(args, "advanced", False)),
                _whole(house[0], "--rounds", 5, 200), _whole(house[1], "--offers", 0, 20))


def read_agents(text: str, seats: int) -> tuple[str, ...]:
    """One strength per seat from "hard" (every seat) or "easy,hard,..." (exactly one per seat)."""
    names = tuple(part.strip().lower() for part in str(text).split(","))
    unknown = [name for name in names if name not in STRENGTHS]
    if unknown:
        raise WatchError(f"--agents: expected {', '.join(STRENGTHS)}, got {unknown[0]!r}")
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise WatchError(f"--agents: expected one strength or {seats} (one per seat), got {len(names)}")
    return names


def run(args: argparse.Namespace) -> int:
    try:
        plan = read_plan(args)
    except WatchError as error:
        raise UsageError(str(error)) from None
    check_display_environment()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client import signals

    signals.stop_while_starting()  # before pygame starts, as `play` does: SIGTERM and Ctrl-C stop the start-up
    try:
        return watch(plan)
    except pygame.error as error:
        say("coinland watch", f"cannot open the game window ({error}); is a display available?")
        return 1


def watch(plan: Plan, report: Callable[[str], None] | None = None) -> int:
    """Open the client on the title screen with the game on top and run it: 0 once the window closes
    after the end (the line was printed), 1 when it was closed before the game ended."""
    from game.client.title import TitleScene

    lines: list[str] = []

    def finished(line: str) -> None:
        lines.append(line)
        (report or _print)(line)

    app = make_app(plan.speed)
    app.push(TitleScene())
    app.push(_scene(plan, finished))
    _loop(app, lambda: bool(lines), plan.exit_at_end)
    app.close()
    if not lines:
        say("coinland watch", "the window was closed before the game ended")
        return 1
    return 0


def _print(line: str) -> None:
    print(line, flush=True)


def _scene(plan: Plan, finished: Callable[[str], None]) -> Any:
    if plan.game == "satoshi":
        return _satoshi_scene(plan, finished)
    from game.client.coinland.setup import RANDOM, Setup
    from game.client.coinland.watch import WatchScene, result_line
    from game.coinland.state import Mode

    mode = Mode.CLASSIC if plan.game == "classic" else Mode.DUEL
    setup = Setup(mode, (plan.agents[0], plan.agents[1]), plan.size, RANDOM)
    return WatchScene(setup.session(plan.seed), "Watching: " + setup.title(), exit_at_end=plan.exit_at_end,
                      on_end=lambda scene: finished(result_line(scene)))


def _satoshi_scene(plan: Plan, finished: Callable[[str], None]) -> Any:
    from game.client.satoshi.session import DEFAULT_NAMES, Seat, TableSession, TableSetup
    from game.client.satoshi.table import TableScene
    from game.client.satoshi.watch_line import result_line

    seats = tuple(Seat(DEFAULT_NAMES[i], kind, i) for i, kind in enumerate(plan.agents))
    house = {key: value for key, value in (("max_rounds", plan.rounds), ("offers_per_turn", plan.offers))
             if value is not None}
    session = TableSession.start(TableSetup(seats, difficulty=plan.difficulty, advanced=plan.advanced,
                                            seed=plan.seed, **house))
    return TableScene(session, watch=True, exit_at_end=plan.exit_at_end,
                      on_end=lambda ended: finished(result_line(ended)))


def _loop(app: Any, ended: Callable[[], bool], exit_at_end: bool) -> None:
    """App.run, except that a headless run does not wait for the wall clock while the game is on,
    and that a finished game with --exit-at-end stops even if its result screen never lets go."""
    from game.client import worker
    from game.client.stage import FPS

    headless = os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS
    after_end = 0.0
    while app.running and app.scenes:
        fast = headless and not ended()
        if fast:  # a computer thinking: its answer, not frames that would find it still thinking
            worker.wait_for_answers(ANSWER_WAIT)
        dt = 1 / FPS if fast else app.clock.tick(FPS) / 1000
        app.tick(dt)
        if ended() and exit_at_end:
            after_end += dt
            if after_end > END_GRACE:
                app.running = False


def make_app(speed: str | None) -> Any:
    """The App, with this run's animation speed when one is given (the settings file keeps its own)."""
    from game.client.app import App
    from game.client.settings import SPEEDS as FACTORS

    class WatchApp(App):
        @property
        def speed(self) -> float:
            return self.store.settings.speed if speed is None else FACTORS[speed]

    return WatchApp()
