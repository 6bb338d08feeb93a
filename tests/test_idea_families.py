"""The ideas grouped by meaning (levels/families.json, game/coinland/idea_families.py, issue 37:
"no idea used more than twice"): the ledger covers the campaign, the rule of two holds but for
the families listed as overfull, whose ceilings only come down, and docs/LEVELS.md shows it."""

from pathlib import Path

import pytest

from game import LEVELS
from game.coinland import idea_families
from game.coinland.curation import campaign_levels
from game.coinland.idea_families import Family, parse, problems
from game.safeio import UnsafeInput

DOC = Path(__file__).resolve().parent.parent / "docs" / "LEVELS.md"


def after_tutorial() -> list[str]:
    packs = campaign_levels(LEVELS)
    assert packs[0][0] == "1-tutorial"
    return [level.name for _, levels in packs[1:] for level in levels]


def fam(name: str, *levels: str) -> Family:
    return Family(name, "what the player must see", levels)


def test_the_issue_allows_an_idea_twice():
    assert idea_families.MAX_LEVELS == 2


def test_the_shipped_ledger_places_every_level_after_the_tutorial_once_and_keeps_the_rule():
    assert problems(idea_families.shipped_families(), after_tutorial()) == []


def test_overfull_ceilings_are_above_the_rule():
    assert all(ceiling > 2 for ceiling in idea_families.OVERFULL.values())


def test_docs_list_the_ledger_as_it_is():
    document = DOC.read_text(encoding="utf-8")
    listing = idea_families.markdown(idea_families.shipped_families())
    assert idea_families.with_list(document, listing) == document


def test_a_third_level_in_a_family_breaks_the_rule():
    found = problems([fam("dead end", "A", "B", "C")], ["A", "B", "C"], overfull={})
    assert found == ["families: 'dead end' holds 3 levels, expected at most 2"]


def test_a_level_joining_an_overfull_family_breaks_the_rule():
    ledger = [fam("dead end", "A", "B", "C", "D")]
    assert problems(ledger, ["A", "B", "C", "D"], overfull={"dead end": 4}) == []
    found = problems(ledger, ["A", "B", "C", "D"], overfull={"dead end": 3})
    assert found == ["families: 'dead end' holds 4 levels, expected at most 3"]


def test_a_level_leaving_an_overfull_family_asks_for_a_lower_ceiling():
    found = problems([fam("dead end", "A", "B", "C")], ["A", "B", "C"], overfull={"dead end": 4})
    assert found == ["families: 'dead end' holds 3 levels now; lower its OVERFULL ceiling to 3"]
    found = problems([fam("dead end", "A", "B")], ["A", "B"], overfull={"dead end": 3})
    assert found == ["families: 'dead end' holds 2 levels now; take it out of OVERFULL"]


def test_every_level_in_exactly_one_family_and_only_levels_of_the_campaign():
    ledger = [fam("one", "A", "B"), fam("two", "B", "Gone")]
    found = problems(ledger, ["A", "B", "C"], overfull={})
    assert found == ["families: 'B' is in 2 families, expected one",
                     "families: 'Gone' is no level after the Tutorial",
                     "families: level 'C' is in no family"]


def test_a_family_listed_twice_and_a_stale_overfull_name_are_found():
    found = problems([fam("one", "A"), fam("one", "B")], ["A", "B"], overfull={"gone": 3})
    assert found == ["families: family 'one' is listed 2 times", "families: OVERFULL names 'gone', which is no family"]


@pytest.mark.parametrize(("data", "field"), [
    ([], "families file"),
    ({"families": []}, "format"),
    ({"format": 2, "families": []}, "format"),
    ({"format": 1}, "families"),
    ({"format": 1, "families": [{"name": "x", "means": "y", "levels": "A"}]}, "families[0].levels"),
    ({"format": 1, "families": [{"name": "", "means": "y", "levels": []}]}, "families[0].name"),
    ({"format": 1, "families": [{"name": "x", "means": "y", "levels": [3]}]}, "families[0].levels[0]"),
    ({"format": 1, "families": [{"name": "x", "means": "y", "levels": [], "size": 3}]}, "families[0]"),
    ({"format": 1, "families": [{"name": "x\u202e", "means": "y", "levels": []}]}, "families[0].name"),
])
def test_a_damaged_ledger_is_refused_naming_the_field(data, field):
    with pytest.raises(UnsafeInput) as caught:
        parse(data, "families.json")
    message = str(caught.value)
    assert "families.json" in message and field in message and "\n" not in message
