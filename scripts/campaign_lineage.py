#!/usr/bin/env python3
"""Record in levels/lineage.json what became of every shipped board since a git revision.

    .venv/bin/python scripts/campaign_lineage.py --since REV [--retire "Name=why" ...] [--check]

Reads the levels of the campaign as they were at REV (`git show`), and for each board: its
format-1 progress key (pack folder / file stem), content key, par, starting purse and pack. A board
still shipped unchanged needs nothing more; a board whose level (found by name) now has another
board is *reworked*, and its entry names the new board, so the players' bests move there
(game/coinland/lineage.py, docs/LEVELS.md "When levels change"). A board is *retired* when its
level is gone, renamed (a new name is a new puzzle), or reworked around a new idea: `--retire`
records why, and a recorded retirement is never turned into a rework by a later run. Entries
already in the file are kept in their order (an entry written by hand stays where it was), new
ones follow. `--check` changes nothing and exits 1 naming every board shipped at REV that the
file does not account for (no entry, or an entry with neither the rework nor the retirement a
run would record).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.level_key import level_key
from game.coinland.levels import LevelError, load_levels, parse_level_text
from game.coinland.lineage import FORMAT, LINEAGE_FILE, MAX_REASON, parse
from game.coinland.pack_folders import pack_title
from game.safeio import UnsafeInput, text_problem

ROOT = Path(__file__).resolve().parent.parent


def old_levels(revision: str) -> list[tuple[str, object]]:
    """(legacy key, level) for every level file under levels/ at `revision`."""
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", revision, "levels/"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in names:
        if not name.endswith(".toml"):
            continue
        text = subprocess.run(["git", "show", f"{revision}:{name}"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout
        try:
            level = parse_level_text(text, name)
        except LevelError as error:
            print(f"campaign_lineage: {error}; skipped", file=sys.stderr)
            continue
        path = Path(name)
        found.append((f"{path.parent.name}/{path.stem}", level))
    return found


def entries(revision: str, retire: dict[str, str]) -> list[dict]:
    today = load_levels(LEVELS)[0]
    by_key = {level_key(level): level for level in today}
    by_name = {level.name: level for level in today}
    out = []
    for legacy, level in old_levels(revision):
        key = level_key(level)
        if key in by_key:
            continue  # still shipped unchanged: nothing to record
        entry = {"name": level.name, "legacy": legacy, "key": key, "par": level.par, "purse": level.purse,
                 "pack": pack_title(Path(level.source).parent)}  # where its best was earned
        if level.name in retire:
            entry["retired"] = retire[level.name]
        elif (new := by_name.get(level.name)) is not None:
            entry.update(now=level_key(new), now_par=new.par, now_purse=new.purse)
        out.append(entry)
    return out


def merged(existing: list[dict], found: list[dict]) -> list[dict]:
    """Entries of both, one per board key, in the file's order and then the new ones (a found
    entry updates an existing one)."""
    by_key = {entry["key"]: entry for entry in existing}
    for entry in found:
        old = by_key.get(entry["key"], {})
        if "retired" in old or "retired" in entry:  # a retirement is a decision: never undone by a run
            entry = {name: value for name, value in entry.items() if not name.startswith("now")}
        by_key[entry["key"]] = {**old, **entry}
    return list(by_key.values())


def resolved(boards: list[dict], shipped: set[str]) -> list[dict]:
    """`boards` with every chain followed to its end: an entry whose `now` names a board that no
    longer ships moves on to that board's own replacement, or retires with it (a best carried to
    a retired board would be kept for nothing). The game follows chains too (lineage.carry), but
    the file says where each best ends, and the tests hold it to boards shipped today."""
    by_key = {entry["key"]: entry for entry in boards}
    out = []
    for entry in boards:
        entry = dict(entry)
        seen = {entry["key"]}
        while "now" in entry and entry["now"] not in shipped and entry["now"] not in seen:
            seen.add(entry["now"])
            after = by_key.get(entry["now"])
            if after is None:
                break
            if "now" in after:
                entry.update(now=after["now"], now_par=after["now_par"], now_purse=after["now_purse"])
            elif "retired" in after:
                entry = {name: value for name, value in entry.items() if not name.startswith("now")}
                entry["retired"] = f"its replacement retired: {after['retired']}"[:MAX_REASON]
        out.append(entry)
    return out


def missing(existing: list[dict], found: list[dict]) -> list[str]:
    """The boards of `found` the file does not account for: no entry for the key, or an entry that
    neither carries the best on nor says why it retires where the run would record one."""
    by_key = {entry["key"]: entry for entry in existing}
    out = []
    for entry in found:
        old = by_key.get(entry["key"])
        if old is None or (("now" in entry or "retired" in entry) and "now" not in old and "retired" not in old):
            out.append(f"{entry['name']} ({entry['key']})")
    return out


def retirement(text: str) -> tuple[str, str]:
    name, sep, why = text.partition("=")
    if not sep or not name.strip() or not why.strip():
        raise argparse.ArgumentTypeError(f"expected 'Level name=why it retires', got {text!r}")
    problem = text_problem(why.strip(), MAX_REASON)
    if problem:  # the game's reader would refuse the whole file, and every carried best with it
        raise argparse.ArgumentTypeError(f"the reason for {name.strip()!r}: {problem}")
    return name.strip(), why.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", required=True, metavar="REV", help="the git revision whose boards to record")
    parser.add_argument("--retire", type=retirement, action="append", default=[], metavar="NAME=WHY",
                        help="a level reworked around a new idea: its old board keeps no best")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when an entry is missing")
    args = parser.parse_args(argv)
    try:
        found = entries(args.since, dict(args.retire))
    except subprocess.CalledProcessError as error:
        print(f"campaign_lineage: --since: git could not read {args.since!r} ({error.stderr.strip()})",
              file=sys.stderr)
        return 2
    existing = json.loads(LINEAGE_FILE.read_text(encoding="utf-8"))["boards"] if LINEAGE_FILE.exists() else []
    shipped = {level_key(level) for level in load_levels(LEVELS)[0]}
    boards = resolved(merged(existing, found), shipped)
    text = json.dumps({"format": FORMAT, "boards": boards}, indent=1) + "\n"
    try:  # written only when the game reads it back: a file it refuses carries no best at all
        parse(json.loads(text), str(LINEAGE_FILE))
    except UnsafeInput as error:
        print(f"campaign_lineage: not written, the game would refuse it: {error}", file=sys.stderr)
        return 1
    reworked = sum("now" in entry for entry in boards)
    print(f"{len(boards)} boards: {reworked} reworked, "
          f"{sum('now' not in e and e['key'] not in shipped for e in boards)}"
          " retired", file=sys.stderr)
    if args.check:
        lacking = missing(existing, found)
        if lacking:
            print(f"campaign_lineage: {LINEAGE_FILE.relative_to(ROOT)} lacks {len(lacking)} board(s) shipped at "
                  f"{args.since}: {', '.join(lacking)}")
            return 1
        return 0
    LINEAGE_FILE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
