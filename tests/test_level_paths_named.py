"""Every shipped level path named in the tests, docs and scripts exists (levels move when packs are
re-sorted: a test that names a moved level may go on passing for the wrong reason, as the
review-digits test did for sessions, refusing a missing file rather than the walk it meant to)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATH = re.compile(r"(?:levels/)?([1-5]-[a-z]+/\d{2}-[a-z0-9-]+\.toml)")
JOINED = re.compile(r'"levels",\s*"([1-5]-[a-z]+)",\s*"(\d{2}-[a-z0-9-]+\.toml)"')


def named_paths() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    files = [*ROOT.glob("tests/*.py"), *ROOT.glob("docs/*.md"), *ROOT.glob("scripts/*"), ROOT / "README.md",
             *ROOT.glob("game/**/*.py")]
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        names = set(PATH.findall(text)) | {f"{pack}/{name}" for pack, name in JOINED.findall(text)}
        for name in names:
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_level_path_named_in_the_project_is_shipped():
    named = named_paths()
    assert "1-tutorial/01-first-steps.toml" in named  # the scan finds paths at all
    missing = {name: sorted(where) for name, where in named.items() if not (ROOT / "levels" / name).is_file()}
    assert not missing, missing
