#!/usr/bin/env python3
"""Write the campaign's table (every shipped level's design measures) into docs/LEVELS.md, or check it.

    .venv/bin/python scripts/campaign_table.py           # measure, rewrite the table, list broken rules
    .venv/bin/python scripts/campaign_table.py --check   # exit 1 when the table is stale or a rule is broken

The table sits between two markers in docs/LEVELS.md, and the ideas grouped by meaning
(levels/families.json, game/coinland/idea_families.py) between two more; nothing else in the
file is touched.
tests/test_campaign_table.py runs a quicker check in CI (every figure the rules use exactly,
the costly walk counts and lucky gap against bounds), so a level that changes without its
table, or drifts into filler (docs/LEVELS.md, "The campaign's rules"), fails the build.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland import idea_families
from game.coinland.curation import markdown_table, measure_campaign, problems, with_table

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "LEVELS.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if the table is stale")
    parser.add_argument("--quiet", "-q", action="store_true", help="no line per level measured")
    args = parser.parse_args(argv)
    started = time.process_time()

    def progress(row) -> None:
        if not args.quiet:
            print(f"{row.pack}/{row.number:02d} {row.level.name}: difficulty {row.design.difficulty}", file=sys.stderr)

    rows = measure_campaign(LEVELS, progress)
    document = DOC.read_text(encoding="utf-8")
    families = idea_families.shipped_families()
    updated = with_table(document, markdown_table(rows))
    updated = idea_families.with_list(updated, idea_families.markdown(families))
    after_tutorial = [row.level.name for row in rows if not row.pack.endswith("tutorial")]
    broken = problems(rows) + idea_families.problems(families, after_tutorial)
    for problem in broken:
        print(problem)
    print(f"{len(rows)} levels measured in {time.process_time() - started:.1f} s of CPU, "
          f"{len(broken)} rule(s) broken", file=sys.stderr)
    if args.check:
        if updated != document:
            print(f"campaign_table: {DOC.relative_to(ROOT)}: the table is stale; run scripts/campaign_table.py")
            return 1
        return 1 if broken else 0
    if updated != document:
        DOC.write_text(updated, encoding="utf-8")
        print(f"campaign_table: {DOC.relative_to(ROOT)}: table rewritten", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
