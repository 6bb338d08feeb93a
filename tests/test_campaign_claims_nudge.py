"""Past the Tutorial a level's hint is the free tip once the level is tried (issue 37, docs/LEVELS.md):
a nudge that names what to look at and what to weigh, never which of the level's choices loses par.

An independent read (session 8) found 15 tips that still said it ("the free one across it is a
trap", "par is gone if you take it", "leads nowhere", "the wrong one to take", "not worth it"), and
the same words in seven more. The idea, told once the level is solved, may say it; the tip may not.
The phrases below are the ones those tips used, as literals: a new tip that says a choice is a trap
in the same words fails here.
"""

from pathlib import Path

from game.coinland.levels import load_level

LEVELS = Path(__file__).resolve().parent.parent / "levels"
VERDICTS = (
    "is a trap", "par is gone", "loses par", "costs you par", "strands you", "strand you",
    "not worth it", "wrong one", "leads nowhere", "dead end", "ends the walk", "is not the best",
    "is a counterfeit", "while a free coin still waits", "worth a toll early", "can only be your last",
    "spend your first toll elsewhere", "does not come round",
)


def tips():
    for path in sorted(LEVELS.glob("[2-5]-*/*.toml")):
        level = load_level(path)
        yield level.name, level.hint


def test_every_pack_after_the_tutorial_has_tips_to_check():
    names = [name for name, _ in tips()]
    assert len(names) >= 40 and {"Sightline", "Double Back", "The Labyrinth"} <= set(names)


def test_no_tip_past_the_tutorial_says_which_choice_loses_par():
    said = {name: [v for v in VERDICTS if v in hint.lower()] for name, hint in tips()}
    assert {name: found for name, found in said.items() if found} == {}


def test_the_verdict_check_catches_the_old_tips():
    old = ("Three coins sit beyond the border. After your first coin, the free one across it is a trap: "
           "every way back from there costs two.")
    assert [v for v in VERDICTS if v in old.lower()] == ["is a trap"]
