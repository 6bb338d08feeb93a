"""Write docs/finding-satoshi-data.md from assets/bitcoin/*.toml (or check that it is up to date).

    .venv/bin/python scripts/gen_satoshi_docs.py           # write the file
    .venv/bin/python scripts/gen_satoshi_docs.py --check   # exit 1 if the file is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.bitcoin.data import DataError, load_data
from game.bitcoin.reference import markdown

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "finding-satoshi-data.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    try:
        text = markdown(load_data())
    except DataError as error:
        print(f"gen_satoshi_docs: {error}", file=sys.stderr)
        return 2
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run scripts/gen_satoshi_docs.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
