"""A reworked shipped level keeps the player's best and stars (game/coinland/lineage.py, issue 37 item 4)."""

import json

import pytest

from game.client.storage import PROGRESS_FILE, Store
from game.coinland import lineage
from game.coinland.campaign import stars
from game.coinland.level_key import level_key
from game.coinland.levels import Level
from game.coinland.lineage import Board, carried_score, carry, parse
from game.safeio import UnsafeInput

OLD = "c1-" + "a" * 24
NEW = "c1-" + "b" * 24
GONE = "c1-" + "c" * 24
# Leapfrog reworked: par 12 from an empty purse became par 12 from an empty purse on another board;
# The Toll reworked with a higher par; Loose Change retired.
LEAP = Board("Leapfrog", "1-tutorial/02-leapfrog", OLD, 12, 0, NEW, 12, 0)
TOLL = Board("The Toll", "1-tutorial/03-the-toll", "c1-" + "d" * 24, 18, 1, "c1-" + "e" * 24, 15, 1)
LOOSE = Board("Loose Change", "2-easy/06-loose-change", GONE, 18, 2)
BOARDS = [LEAP, TOLL, LOOSE]


@pytest.mark.parametrize(("best", "expected"), [(18, 15), (17, 14), (16, 13), (15, 12), (3, 2)])
def test_a_best_moves_at_the_same_distance_below_par(best, expected):
    assert carried_score(best, TOLL) == expected
    assert stars(expected, 15) == stars(best, 18)


def test_a_best_keeps_its_stars_where_the_same_distance_would_not():
    """The Toll as above, under the star marks: on par 18 from 1 coin one star needs 10 (half of
    the 17 gained), two need 16; on par 15 from 1 coin one star needs 8, two need 13. A best of
    10 (one star) at the same distance would be 7, no star: it becomes 8."""
    assert stars(10, 18, 1) == 1 and stars(7, 15, 1) == 0
    assert carried_score(10, TOLL) == 8 and stars(8, 15, 1) == 1
    assert carried_score(9, TOLL) == 6 and stars(6, 15, 1) == 0  # no star stays no star


def test_every_shipped_rework_keeps_the_stars_of_every_best():
    from game.coinland.campaign import star_marks

    boards = [board for board in lineage.shipped_lineage()[0] if board.now and board.now != board.key]
    assert len(boards) >= 10
    for board in boards:
        marks = star_marks(board.now_par, board.now_purse)
        for best in range(board.purse + 1, board.par + 1):
            earned = stars(best, board.par, board.purse)
            if earned and earned < 3 and marks[earned - 1] >= marks[earned]:
                continue  # the new board has no score with exactly that many stars
            assert stars(carried_score(best, board), board.now_par, board.now_purse) == earned, (board.name, best)


def test_a_distance_the_new_board_cannot_show_becomes_its_lowest_counting_score():
    small = Board("Small", "", OLD, 20, 0, NEW, 4, 2)  # the new board counts walks above 2 coins
    assert carried_score(20, small) == 4 and carried_score(19, small) == 3
    assert carried_score(5, small) == 3  # 15 below par there would be no walk at all


def test_bests_of_reworked_boards_move_and_the_old_entries_stay():
    best = {OLD: 11, TOLL.key: 18, GONE: 9, "c1-" + "f" * 24: 4}
    out, changed = carry(best, BOARDS)
    assert changed
    assert out[NEW] == 11 and out[TOLL.now] == 15
    assert {key: out[key] for key in best} == best  # nothing lost, nothing changed in place
    assert carry(out, BOARDS) == (out, False)  # a second run changes nothing


def test_a_higher_best_already_kept_on_the_new_board_stays():
    out, _ = carry({OLD: 10, NEW: 12}, BOARDS)
    assert out[NEW] == 12
    out, _ = carry({OLD: 12, NEW: 10}, BOARDS)
    assert out[NEW] == 12


def test_a_board_reworked_twice_carries_along_the_chain():
    again = Board("Leapfrog", "", NEW, 12, 0, "c1-" + "9" * 24, 10, 0)
    out, _ = carry({OLD: 11}, [again, LEAP])  # the later rework listed first
    assert out["c1-" + "9" * 24] == 9


def test_format_one_keys_of_shipped_boards_become_content_keys_then_move():
    out, changed = carry({"1-tutorial/02-leapfrog": 12, "2-easy/06-loose-change": 15,
                          "1-tutorial/03-the-toll": 1, "custom/Mine": 7}, BOARDS)
    assert changed
    assert out == {OLD: 12, NEW: 12, GONE: 15, "custom/Mine": 7}  # the Toll's 1 was a stop that gained nothing


def test_a_progress_file_is_carried_when_the_game_starts(tmp_path, monkeypatch):
    level = Level("Row", 3, purse=1, par=5)
    board = Board("Row", "", OLD, 9, 1, level_key(level), 5, 1)
    monkeypatch.setattr(lineage, "shipped_lineage", lambda: ((board,), ""))
    (tmp_path / PROGRESS_FILE).write_text(json.dumps({"format": 2, "best": {OLD: 8}}))
    store = Store(tmp_path)
    assert store.best_of(level) == 4 and stars(4, 5) == stars(8, 9) == 2
    assert json.loads((tmp_path / PROGRESS_FILE).read_text())["best"] == {OLD: 8, level_key(level): 4}


GOOD = {"format": 1, "boards": [{"name": "A", "legacy": "1-tutorial/a", "key": OLD, "par": 3, "purse": 0,
                                 "now": NEW, "now_par": 4, "now_purse": 0}]}


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(format=2), "format"),
    (lambda d: d.update(boards="x"), "boards"),
    (lambda d: d["boards"][0].update(key="c1-zz"), "boards[0].key"),
    (lambda d: d["boards"][0].update(now=7), "boards[0].now"),
    (lambda d: d["boards"][0].update(par=-1), "boards[0].par"),
    (lambda d: d["boards"][0].pop("now_par"), "boards[0].now_par"),
    (lambda d: d["boards"][0].update(name="a\x07b"), "boards[0].name"),
    (lambda d: d["boards"][0].update(retired=7), "boards[0].retired"),
    (lambda d: d["boards"][0].update(retired="a new idea"), "boards[0]: a retired board"),
    (lambda d: d["boards"][0].update(pack=["Expert"]), "boards[0].pack"),
    (lambda d: d["boards"][0].update(pack="E" * 81), "boards[0].pack"),
])
def test_a_damaged_lineage_file_is_refused_naming_the_field(change, field):
    data = json.loads(json.dumps(GOOD))
    assert parse(data, "lineage.json")[0].now == NEW
    change(data)
    with pytest.raises(UnsafeInput, match=field.replace("[", r"\[").replace("]", r"\]")):
        parse(data, "lineage.json")


def test_the_shipped_lineage_reads_and_names_only_shipped_boards_as_replacements():
    from game import LEVELS
    from game.coinland.levels import load_levels

    boards, problem = lineage.shipped_lineage()
    assert not problem
    shipped = {level_key(level): level for level in load_levels(LEVELS)[0]}
    for board in boards:
        if board.now:
            assert board.now in shipped, board.name
            assert (shipped[board.now].par, shipped[board.now].purse) == (board.now_par, board.now_purse), board.name
    legacy = [board.legacy for board in boards if board.legacy]
    assert len(legacy) == len(set(legacy))


def _shipped_by_key() -> dict:
    from game import LEVELS
    from game.coinland.levels import load_levels

    return {level_key(level): level for level in load_levels(LEVELS)[0]}


def test_a_best_carries_only_to_a_level_of_the_same_name():
    """A new name is a new puzzle (docs/LEVELS.md "When levels change"): Ferry Crossing, Royal
    Mint and Guild Hall were reworked into Overshoot, Keystone and Across the Board around new
    ideas, so their bests stay behind."""
    shipped = _shipped_by_key()
    boards = lineage.shipped_lineage()[0]
    for board in boards:
        if board.now:
            assert shipped[board.now].name == board.name, (board.name, shipped[board.now].name)
    carried_to = {shipped[board.now].name for board in boards if board.now}
    assert not carried_to & {"Overshoot", "Keystone", "Across the Board", "El Dorado", "Counterfeit"}
    assert {"Treasury", "Bank Holiday", "The Vault"} <= carried_to


def test_a_board_of_a_level_still_shipped_under_its_name_carries_or_says_why_not():
    """Retiring the old board of a level that keeps its name (El Dorado, The Labyrinth: new ideas
    on the old mazes; Counterfeit: a new idea) is a decision, written in the file, not an accident
    of a missing entry."""
    from game.coinland.lineage import LINEAGE_FILE

    shipped = _shipped_by_key()
    names = {level.name for level in shipped.values()}
    entries = json.loads(LINEAGE_FILE.read_text(encoding="utf-8"))["boards"]
    undecided = [entry["name"] for entry in entries if entry["name"] in names and entry["key"] not in shipped
                 and "now" not in entry and "retired" not in entry]
    assert undecided == []
    retired = {entry["name"] for entry in entries if "retired" in entry}
    assert {"El Dorado", "The Labyrinth", "Counterfeit"} <= retired


def test_a_recorded_retirement_survives_a_later_run_of_the_lineage_script():
    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    kept = {"name": "A", "key": OLD, "par": 3, "purse": 0, "retired": "a new idea"}
    found = {"name": "A", "key": OLD, "par": 3, "purse": 0, "now": NEW, "now_par": 4, "now_purse": 0}
    assert script.merged([kept], [found]) == [kept]
    assert script.merged([], [found])[0]["now"] == NEW  # an undecided rework of a same-named level carries


def test_the_lineage_script_keeps_the_file_order_and_checks_only_for_boards_not_accounted_for():
    """Entries written by hand stay where they are, new ones follow; `--check` names the boards a
    run would record that the file lacks (not a file merely written in another order)."""
    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    other = "c1-" + "1" * 24
    by_hand = [{"name": "B", "key": other, "par": 5, "purse": 0, "retired": "a new idea"},
               {"name": "A", "key": OLD, "par": 3, "purse": 0, "now": NEW, "now_par": 4, "now_purse": 0}]
    assert [entry["name"] for entry in script.merged(by_hand, [])] == ["B", "A"]
    found_a = {"name": "A", "key": OLD, "par": 3, "purse": 0, "now": NEW, "now_par": 4, "now_purse": 0}
    assert script.missing(by_hand, [found_a]) == []
    found_c = {"name": "C", "key": "c1-" + "2" * 24, "par": 7, "purse": 1, "retired": "gone"}
    assert script.missing(by_hand, [found_a, found_c]) == [f"C (c1-{'2' * 24})"]
    undecided = [{"name": "A", "key": OLD, "par": 3, "purse": 0}]
    assert script.missing(undecided, [found_a]) == [f"A ({OLD})"]
    assert [entry["name"] for entry in script.merged(by_hand, [found_c])] == ["B", "A", "C"]


def test_every_board_no_longer_shipped_names_the_pack_its_best_was_earned_in():
    """A progress file from before packs were recorded is judged with these boards' bests
    (campaign.opened_before): a board without its pack would lose a player a pack."""
    from game.coinland.pack_folders import shipped_packs

    packs = {pack.name for pack in shipped_packs()}
    assert packs == {"Tutorial", "Easy", "Medium", "Hard", "Expert"}
    gone = [board for board in lineage.shipped_lineage()[0] if board.key not in _shipped_by_key()]
    assert gone and all(board.pack in packs for board in gone), [b.name for b in gone if b.pack not in packs]
    # two boards retired in the 2026-11-27 release, where they were shipped
    by_key = {board.key: board.pack for board in gone}
    assert by_key["c1-de3dff10c1a3d1a0e4cfc353"] == "Expert"  # Doorstep
    assert by_key["c1-57c532fe803e5be7d03d59d7"] == "Hard"  # West Corner


def test_the_lineage_script_records_the_pack_of_a_board_it_retires():
    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    found = {entry["legacy"]: entry for entry in script.entries("f28e1f4^", {"Doorstep": "a new idea"})}
    assert found["5-expert/05-doorstep"]["pack"] == "Expert"
    assert found["5-expert/05-doorstep"]["retired"] == "a new idea"


def test_an_old_progress_file_whose_only_expert_best_is_on_a_retired_board_keeps_expert_open(tmp_path):
    """Before packs were recorded, a best on any Expert level kept Expert open. Doorstep (Expert 05,
    par 20 from a purse of 4) retired on 2026-11-27: its best, in a file of that time, still does."""
    (tmp_path / PROGRESS_FILE).write_text(json.dumps({"format": 2, "best": {"c1-de3dff10c1a3d1a0e4cfc353": 20}}))
    Store(tmp_path)
    assert json.loads((tmp_path / PROGRESS_FILE).read_text())["opened"] == ["Expert"]


def test_only_retired_boards_count_where_they_were_earned_reworked_ones_carry_instead():
    from dataclasses import replace

    from game.coinland.lineage import former_boards

    boards = [replace(LEAP, pack="Tutorial"), replace(LOOSE, pack="Easy"), TOLL]
    assert former_boards(boards) == {"Easy": ((GONE, 18, 2),)}


def test_the_lineage_script_follows_chains_to_a_shipped_board_or_retires_them():
    """A board reworked twice names the board shipped today; one whose replacement retired
    retires too (a helper found both left to be fixed by hand)."""
    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    last = "c1-" + "3" * 24
    first = {"name": "A", "key": OLD, "par": 3, "purse": 0, "now": NEW, "now_par": 4, "now_purse": 0}
    second = {"name": "A", "key": NEW, "par": 4, "purse": 0, "now": last, "now_par": 6, "now_purse": 1}
    assert script.resolved([first, second], {last})[0] == {**first, "now": last, "now_par": 6, "now_purse": 1}
    gone = {"name": "A", "key": NEW, "par": 4, "purse": 0, "retired": "a new idea"}
    assert script.resolved([first, gone], set())[0] == {"name": "A", "key": OLD, "par": 3, "purse": 0,
                                                         "retired": "its replacement retired: a new idea"}
    loop = {"name": "A", "key": NEW, "par": 4, "purse": 0, "now": OLD, "now_par": 3, "now_purse": 0}
    assert script.resolved([first, loop], set())[0]["now"] in (OLD, NEW)  # a loop ends, changing nothing else


@pytest.mark.parametrize("why", ["x" * 201, "a new\x07idea"])
def test_the_lineage_script_refuses_a_reason_the_game_would_not_read(why):
    import argparse

    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    assert script.retirement("A=" + "x" * 200) == ("A", "x" * 200)
    with pytest.raises(argparse.ArgumentTypeError, match="the reason for 'A'"):
        script.retirement(f"A={why}")


def test_the_lineage_script_writes_nothing_the_game_would_refuse(tmp_path, monkeypatch, capsys):
    from tests.script_module import load_script

    script = load_script("campaign_lineage")
    target = tmp_path / "lineage.json"
    target.write_text(json.dumps(GOOD))
    monkeypatch.setattr(script, "LINEAGE_FILE", target)
    bad = {"name": "B" * 61, "key": "c1-" + "4" * 24, "par": 3, "purse": 0, "retired": "gone"}
    monkeypatch.setattr(script, "entries", lambda revision, retire: [bad])
    assert script.main(["--since", "HEAD"]) == 1
    assert "not written, the game would refuse it" in capsys.readouterr().err
    assert json.loads(target.read_text()) == GOOD
