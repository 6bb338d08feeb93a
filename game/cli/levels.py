"""`coinland levels [PATH...]`: the design measures of puzzle levels, one row each.

What each column means and how it is computed is in docs/LEVELS.md ("Design measures").
With no PATH it measures the shipped campaign; `--rules` also checks the campaign's rules
(game/coinland/curation.py). Exit status: 0, 1 for a level that cannot be read or measured
or a rule broken, 2 for a bad option (docs/COMMANDS.md: one voice).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli.options import Choice, DataError, UsageError, int_range, path_text
from game.cli.output import escaped, say
from game.coinland.design import WALK_BUDGET, WALK_CAP

EXPLAIN_SECONDS = 30.0  # the most --explain spends proving a level's par on credit


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", type=path_text,
                        help="level files or folders of them (default: the shipped campaign)")
    parser.add_argument("--format", type=Choice(("text", "markdown", "json")), default="text",
                        metavar="{text,markdown,json}",
                        help="a table to read (default), a Markdown table, or JSON")
    parser.add_argument("--draw", action="store_true", help="draw each level as text under its row")
    parser.add_argument("--explain", action="store_true",
                        help="under each row: where the greedy player goes wrong, the moves where only one "
                             "choice keeps par, whether the cash rule changes par, and the reference walk's "
                             "uncommon moves (text format only)")
    parser.add_argument("--rules", action="store_true",
                        help="also check the campaign's rules (every PATH a folder of pack folders)")
    parser.add_argument("--cap", type=int_range(1, 10**6), default=WALK_CAP,
                        help=f"count optimal walks up to this many, 1..1000000 (default {WALK_CAP})")
    parser.add_argument("--budget", type=int_range(1_000, 10**8), default=WALK_BUDGET,
                        help=f"positions a walk count may look at, 1000..100000000 (default {WALK_BUDGET})")


def run(args: argparse.Namespace) -> int:
    from game import LEVELS
    from game.coinland import curation
    from game.coinland.design import measure_design
    from game.coinland.level_picture import picture
    from game.coinland.levels import LevelError, level_files, read_level

    paths = args.paths or [str(LEVELS)]
    notices: list[str] = []
    try:
        files = level_files(paths, notices)
    except LevelError as error:
        raise UsageError(f"PATH: {error}") from None
    for notice in notices:
        say("coinland levels", f"note: {notice}")
    if not files:
        raise DataError(f"PATH: expected level files or folders holding some, got no .toml file in "
                        f"{escaped(' '.join(paths))}")
    rows, bad, numbers = [], 0, {}
    for path in files:
        level, found = read_level(path)
        if level is None:
            say("coinland levels", escaped(str(found[0])))
            bad += 1
            continue
        try:
            design = measure_design(level, level.par, cap=args.cap, budget=args.budget)
        except ValueError as error:
            say("coinland levels", escaped(f"{path}: par: {error}"))
            bad += 1
            continue
        pack = Path(path).parent.name
        numbers[pack] = numbers.get(pack, 0) + 1
        rows.append(curation.Row(pack, numbers[pack], level, design))
        if args.format == "text" and (args.draw or args.explain):
            print(curation.text_table([rows[-1]]).splitlines()[1])
            if args.draw:
                print(picture(level))
            if args.explain:
                print("\n".join("  " + line for line in explanation(level, design)))
            print()
    if rows:
        _print(rows, args.format, args.draw or args.explain)
    broken = curation.problems(rows) if args.rules else []
    for problem in broken:
        print(escaped(str(problem)))
    if args.rules:
        say("coinland levels", f"{len(rows)} levels, {len(broken)} rule(s) broken")
    return 1 if bad or broken else 0


def explanation(level, design) -> list[str]:
    """What `--explain` prints under a level: the greedy player's mistake, the reference walk's
    moves where only one choice keeps par, whether the cash rule changes par (design_cash), and
    its uncommon moves (design_story.story)."""
    from game.coinland.design_cash import cash_rule, describe
    from game.coinland.design_story import story

    lines = story(level, design.par)
    forced = ", ".join(map(str, design.only_one)) or "none"
    cash = describe(cash_rule(level, design.par, time_limit=EXPLAIN_SECONDS))
    return [lines[0], f"only one move keeps par at reference moves: {forced}", cash, *lines[1:]]


def _print(rows, form: str, drawn: bool) -> None:
    from game.coinland import curation

    if form == "json":
        print(curation.json_rows(rows))
    elif form == "markdown":
        print(curation.markdown_table(rows))
    elif not drawn:
        print(curation.text_table(rows))
