"""The shipped campaign keeps its rules, and docs/LEVELS.md carries its table as measured today.

Every measure is recomputed here from the level files (nothing is read from the table it is
compared with); the levels' pars are proved by tests/test_levels_shipped.py.
"""

import statistics
from pathlib import Path

import pytest

from game import LEVELS
from game.coinland.curation import markdown_table, measure_campaign, problems, with_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "LEVELS.md"


@pytest.fixture(scope="module")
def rows():
    return measure_campaign(LEVELS)


def test_the_campaign_keeps_every_rule(rows):
    assert problems(rows) == []


def test_docs_carry_the_table_as_measured_today(rows):
    document = DOC.read_text(encoding="utf-8")
    assert with_table(document, markdown_table(rows)) == document, "run scripts/campaign_table.py"


def test_each_pack_is_harder_than_the_one_before(rows):
    packs = list(dict.fromkeys(row.pack for row in rows))
    assert len(packs) == 5
    medians = [statistics.median(row.design.difficulty for row in rows if row.pack == pack) for pack in packs]
    assert medians == sorted(medians) and len(set(medians)) == 5, medians


def test_the_tutorial_teaches_on_small_boards_and_the_rest_tests_ideas(rows):
    tutorial = [row for row in rows if row.pack == "1-tutorial"]
    assert all(row.design.size == 3 for row in tutorial)
    names = [row.level.name for row in rows]
    for kept in ("Customs Office", "Bank Holiday", "Know When to Stop", "Border Post", "El Dorado"):
        assert kept in names
