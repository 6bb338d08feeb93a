"""The shipped campaign keeps its rules, and docs/LEVELS.md carries its table as measured today.

Every measure is recomputed here from the level files (nothing is read from the table it is
compared with); the levels' pars are proved by tests/test_levels_shipped.py.

The walk counts and the lucky gap are measured on a small budget here (the suite must stay
quick): where that cuts a search short the table's figure is checked against the bound it
gives, and every other figure (the rules' among them) exactly. `scripts/campaign_table.py
--check` compares every figure at the full budget.
"""

import statistics
from pathlib import Path

import pytest

from game import LEVELS
from game.coinland.curation import (
    COLUMNS,
    TABLE_END,
    TABLE_START,
    Row,
    cells,
    markdown_table,
    measure_campaign,
    problems,
    stale_pending,
    table_disagreements,
    with_table,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "LEVELS.md"
QUICK_BUDGET = 1_000  # positions for each walk count and the lucky search


@pytest.fixture(scope="module")
def rows():
    return measure_campaign(LEVELS, budget=QUICK_BUDGET, greedy_budget=QUICK_BUDGET, samples=10)


def test_the_campaign_keeps_every_rule(rows):
    assert problems(rows) == []
    assert stale_pending(rows) == []


def test_docs_carry_the_table_as_measured_today(rows):
    document = DOC.read_text(encoding="utf-8")
    assert table_disagreements(document, rows) == [], "run scripts/campaign_table.py"


def _document(rows: list[Row], edit=None) -> str:
    """A made-up document holding the table of `rows`, one cell changed by `edit` (column, text)."""
    table = markdown_table(rows)
    if edit:
        column, text = edit
        lines = table.splitlines()
        first = cells(rows[0])
        first[COLUMNS.index(column)] = text
        lines[2] = "| " + " | ".join(first) + " |"
        table = "\n".join(lines)
    return with_table(f"intro\n{TABLE_START}\nold\n{TABLE_END}\nafter\n", table)


def test_the_table_check_takes_bounds_only_where_a_search_was_cut_short(rows):
    exact = next(row for row in rows if row.level.name == "Down Payment")
    # a level whose walk count 1,000 positions cannot finish (the campaign's loosest boards)
    loose = next(row for row in rows if row.design.walks.capped and row.design.walks.value >= 1)
    assert cells(exact)[COLUMNS.index("Walks")] == "1"  # at 1,000 positions
    counted = loose.design.walks.value
    assert cells(loose)[COLUMNS.index("Walks")] == f"{counted}+"
    assert table_disagreements(_document([exact]), [exact]) == []
    # an exact count must match exactly
    assert table_disagreements(_document([exact], ("Walks", "2")), [exact]) == [
        "3-medium/09 Down Payment: Walks is '2' in the docs, measured '1'"]
    # a count cut short at "N+" only says "at least N": more, and 1000+, are consistent; fewer is not
    assert table_disagreements(_document([loose], ("Walks", str(counted + 600))), [loose]) == []
    assert table_disagreements(_document([loose], ("Walks", "1000+")), [loose]) == []
    assert table_disagreements(_document([loose], ("Walks", str(counted - 1))), [loose]) != []
    # every other column is exact, whatever the budget
    difficulty = f"{loose.design.difficulty + 0.01:.2f}"
    assert table_disagreements(_document([loose], ("Difficulty", difficulty)), [loose]) != []
    assert table_disagreements(_document([loose], ("Gap", str(loose.design.gap + 1))), [loose]) != []
    assert table_disagreements(_document([exact, loose]), [exact]) == ["table: 2 levels in the docs, 1 measured"]


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
