"""`python -m game review`: where a puzzle walk lost coins, where a game was decided.

    python -m game review LEVEL --walk "1,0 2,-1 stop" [--json]   LEVEL: a level file or a CL1- share code
    python -m game review --record FILE [--json]                   any kept or exported game record

A puzzle walk prints each move with the best score reachable before and after it and
the coins it cost; a Classic match or a Duel prints the evaluation before and after each
move and its mistakes; a Finding Satoshi game prints its decisive moments and who was who.
Bad input is one line on stderr naming the file or option and what was expected: exit 2 for the
command line (an option, a missing LEVEL or walk), 1 for what it points to (a level, a record, an
illegal move).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from game.cli.options import DataError, Text, UsageError, int_range, path_text, seconds
from game.wording import plural

MAX_WALK_TEXT = 4000  # characters of --walk: more than the longest walk of the largest board
MAX_TIME_LIMIT = 3600.0  # solver seconds per position at most (or 'none')
MAX_DEPTH = 8  # plies of the Classic/Duel review search at most


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", nargs="?", metavar="LEVEL", type=path_text,
                        help="a level file or a CL1- level code (with --walk)")
    parser.add_argument("--walk", metavar="MOVES", type=Text("a walk", MAX_WALK_TEXT),
                        help='the walk to review: "Q,R Q,R ... [stop]"')
    parser.add_argument("--record", metavar="FILE", type=path_text,
                        help="a game record (kept in the data folder or exported)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--time-limit", type=seconds(MAX_TIME_LIMIT, allow_none=True), default=2.0, metavar="S",
                        help=f"solver seconds per puzzle position, above 0 and at most {MAX_TIME_LIMIT:g} "
                             "(default 2; more proves more; 'none': until proved)")
    parser.add_argument("--depth", type=int_range(1, MAX_DEPTH), default=3, metavar="N",
                        help=f"plies the hard player searches per Classic/Duel move, 1..{MAX_DEPTH} (default 3)")


def run(args: argparse.Namespace) -> int:
    if args.record:
        if args.level or args.walk:
            raise UsageError("--record: expected no LEVEL or --walk with a record, got "
                             + ("LEVEL " + repr(args.level) if args.level else "--walk"))
        return _review_record(args)
    if not args.level:
        raise UsageError("LEVEL: expected a level file or code with --walk, or --record FILE, got none")
    if args.walk is None:
        raise UsageError("--walk: expected the walk to review, e.g. --walk \"1,0 2,-1 stop\", got none")
    from game.review.puzzle import parse_walk

    try:
        actions = parse_walk(args.walk)
    except ValueError as error:
        raise UsageError(f"--{error}") from None  # "walk: word 2: expected Q,R or stop, got ..."
    try:
        level = read_level_arg(args.level)
    except ValueError as error:
        raise DataError(str(error)) from None
    return _review_puzzle(level, actions, args, code=None)


def read_level_arg(text: str) -> Any:
    """A level from a file (read through safeio) or a share code; ValueError naming which."""
    from pathlib import Path

    from game.coinland.levels import read_level
    from game.coinland.sharecode import ShareCodeError, decode

    if text.strip().upper().startswith("CL1") and not _names_a_file(text):
        try:
            return decode(text)
        except ShareCodeError as error:
            raise ValueError(f"LEVEL: {error}") from None
    level, problems = read_level(Path(text))  # through safeio: regular files only, capped, linear
    if problems or level is None:
        raise ValueError(str(problems[0]) if problems else f"{text}: expected a level")
    return level


def _names_a_file(text: str) -> bool:
    """Whether `text` names something on disk; a share code is often longer than a file name
    may be, and that OSError means "not a file" here, not a failure."""
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):
        return False


def _review_puzzle(level: Any, actions: list, args: argparse.Namespace, code: str | None) -> int:
    from game.coinland.sharecode import encode
    from game.review.puzzle import review_walk

    try:
        review = review_walk(level.initial_state(), actions, seconds=args.time_limit)
    except ValueError as error:
        raise DataError(f"--walk: {error}") from None
    code = code or encode(level)
    if args.json:
        print(json.dumps({"kind": "puzzle", "level": level.name, "code": code, "par": level.par,
                          **review.to_json()}))
        return 0
    for line in puzzle_lines(level.name, code, level.par, review):
        print(line)
    return 0


def puzzle_lines(name: str, code: str, par: int | None, review: Any) -> list[str]:
    """The text report of a puzzle review (also what the client's share line is made of)."""
    best = review.best
    lines = [f"{name} ({code})", f"Best possible: {best.text()}" + (f", par {par}" if par is not None else "")
             + f". Kept: {plural(review.score, 'coin')}."]
    width = max(len(reach.text()) for reach in review.reaches)
    for move in review.moves:
        cost = ""
        if move.loss:
            cost = f"  cost {plural(move.loss, 'coin')}"
        elif move.loss_high:
            cost = f"  may cost up to {plural(move.loss_high, 'coin')}"
        lines.append(f"{move.number:3d}. {move.action:<14} best {move.before.text():>{width}} -> "
                     f"{move.after.text():<{width}}  purse {move.purse}{cost}")
    if not review.finished:
        left = review.not_collected
        lines.append(f"The walk stops unfinished: from here {review.reaches[-1].text()} was reachable, so it "
                     f"lost the {plural(left, 'coin')} it did not collect.")
    total, most = review.total_loss, best.bound - review.score
    if all(reach.proved for reach in review.reaches):
        on_the_way = total - review.not_collected
        if total == 0:
            lines.append("No coin lost: a perfect walk.")
        elif review.finished:
            lines.append(f"Lost on the way: {plural(total, 'coin')}.")
        else:
            lines.append(f"Lost: {plural(total, 'coin')} ({on_the_way} on the way, {review.not_collected} "
                         "not collected).")
    else:
        lines.append(f"Lost on the way: at least {plural(total, 'coin')}, at most {most} "
                     "(some steps were not proved in the time given; try a larger --time-limit).")
    return lines


def _review_record(args: argparse.Namespace) -> int:
    from game.records import RecordError, open_record

    try:
        shown = open_record(args.record)
    except RecordError as error:
        raise DataError(str(error)) from None
    record = shown.record
    if record.kind == "puzzle":
        from game.coinland.levels import parse_level

        level = parse_level(record.setup["level"], args.record)[0]
        return _review_puzzle(level, shown.actions, args, code=record.setup.get("code"))
    if record.kind == "satoshi":
        return _review_satoshi(shown, args)
    return _review_match(shown, args)


def _review_match(shown: Any, args: argparse.Namespace) -> int:
    from game.review.match import review_game

    record = shown.record
    names = tuple(list(record.players) + ["Seat 1", "Seat 2"][len(record.players):])
    review = review_game(shown.before, shown.actions, shown.game_of, depth=args.depth,
                         first_hoarder=int(record.setup.get("first_hoarder", 0)), names=names[:2])
    if args.json:
        print(json.dumps({"kind": record.kind, "players": list(record.players), "result": record.result,
                          **review.to_json()}))
        return 0
    for line in match_lines(record, review):
        print(line)
    return 0


def coins_text(value: float, exact: bool) -> str:
    """A value in whole coins; "about" when it is an estimate."""
    return f"{round(value)}" if exact else f"about {round(value)}"


def match_lines(record: Any, review: Any) -> list[str]:
    """The text report of a Classic or Duel review: each move in coordinates and in words, its values
    (from one side, for the graph), and its price from its mover's side when it is beyond the noise."""
    names = list(record.players) + ["Seat 1", "Seat 2"][len(record.players):]
    side = "the Hoarder's coins" if record.kind == "classic" else f"{names[0]}'s lead"
    lines = [f"{record.kind.title()}: {' vs '.join(names[:2])} ({record.date}). Values: {side}, in whole "
             "coins (\"about\": an estimate by play-outs; \"exact\": proved)."]
    game = -1
    for move in review.moves:
        if move.game != game and record.kind == "classic":
            game = move.game
            lines.append(f"Game {game + 1}")
        before, after = coins_text(move.before, move.exact), coins_text(move.after, move.after_exact)
        exact = " exact" if move.exact else ""
        lines.append(f"{move.number:3d}. {names[move.seat]}: {move.action} ({move.words})  {before} -> {after}{exact}")
        price = plural(round(move.cost), "coin")
        if move.label:
            noise = "" if move.exact or not round(move.noise) else f", give or take {round(move.noise)}"
            lines.append(f"     {move.label}: it cost {names[move.seat]} {'about ' if not move.exact else ''}"
                         f"{price}{noise}; better: {move.best_words} ({move.best})")
        elif move.in_noise and round(move.cost):
            lines.append(f"     {price} behind {move.best_words}, within the play-outs' noise "
                         f"(give or take {round(move.noise)}): not a mistake")
    worst = review.mistakes()
    lines.append(f"Mistakes: {len(worst)}" + (": moves " + ", ".join(str(m.number) for m in worst) if worst else ""))
    return lines


def _review_satoshi(shown: Any, args: argparse.Namespace) -> int:
    from game.review.satoshi import moments, roles_text

    names = list(shown.record.players)
    found = moments(shown.start, shown.events, names)
    if args.json:
        print(json.dumps({"kind": "satoshi", "players": names, "result": shown.record.result,
                          "actions": len(shown.actions), "roles": roles_text(shown.final, names),
                          "moments": [m.to_json() for m in found]}))
        return 0
    print(f"Finding Satoshi: {', '.join(names)} ({shown.record.date}), {plural(len(shown.actions), 'action')}.")
    for line in roles_text(shown.final, names):
        print("  " + line)
    for moment in found:
        print(f"{moment.step:4d}. {moment.text}")
    return 0
