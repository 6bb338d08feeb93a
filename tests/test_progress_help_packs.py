"""Issue 34, the open items: help that lasts, packs opened only by the rule, and bests no walk can reach.

The progress file's new fields are doors: read with checks (type, count, key format), merged
when two windows write, migrated from older files. Every route to the same effect is played
through the window: Solve, Hint, the review's best line, a copy of a shipped board."""

import json
from dataclasses import replace

import pygame
import pytest
from client_steps import walk_and_stop

from game.client.coinland.dialog import Dialog
from game.client.coinland.extra_puzzles import puzzle_scene
from game.client.coinland.levels_menu import LevelSelectScene, level_scene
from game.client.coinland.menus import ModeSelectScene
from game.client.coinland.packs import load_packs
from game.client.driver import Driver
from game.client.progress import MAX_HELPED, Progress
from game.client.storage import Store
from game.coinland.level_key import level_key
from game.coinland.solver import solve


@pytest.fixture
def app(make_app):
    # replay_gap 0: Solve's replay at once, cheap tests
    return make_app(ModeSelectScene, think=0.0, replay_gap=0.0, animation_speed="instant")


@pytest.fixture(scope="module")
def packs():
    found, _ = load_packs(own=False)
    return found


def on_disk(folder):
    return json.loads((folder / "progress.json").read_text(encoding="utf-8"))


def write_progress(folder, data):
    (folder / "progress.json").write_text(json.dumps(data), encoding="utf-8")
    (folder / "settings.json").write_text("{}", encoding="utf-8")


def solve_on_screen(drive, play):
    drive.key(pygame.K_s)
    if isinstance(play.app.scene, Dialog):
        drive.key(pygame.K_RETURN)  # the first help on a level asks
    drive.until(lambda: play.helper is None and not play.replay and not play.director.busy)


# --- O1: help lasts past the visit --------------------------------------------------------------
def test_solve_then_leave_and_come_back_the_shown_moves_earn_nothing(app, packs):
    """The attack of issue 34: Solve, leave, return, replay the shown moves: three unaided stars
    and a pack. Now the level is marked helped in the progress file, and every later visit's
    walk is a practice walk: no best, no star, no pack."""
    drive = Driver(app)
    tutorial = packs[0]
    level = tutorial.levels[2]
    play = level_scene(tutorial, 2, packs)
    app.push(play)
    drive.frames(2)
    solve_on_screen(drive, play)
    shown = [action.to for action in play.session.actions]
    assert shown and app.store.helped(level_key(level))
    app.pop()  # leave the level
    assert level_key(level) in on_disk(app.store.folder)["helped"]
    again = level_scene(tutorial, 2, packs)
    app.push(again)
    drive.frames(2)
    assert again.session.assisted and again.session.shown
    result = walk_and_stop(drive, again, shown)
    assert again.state.purses[0] == level.par
    assert result.heading == "Practice walk" and result.stars == 0
    assert not again.verdict.counts and app.store.best(level_key(level)) is None
    assert any("took help on this level before" in str(line) for line in result.lines)


def test_the_mark_survives_a_new_window_and_a_copy_of_the_board(app, packs, tmp_path):
    """A new window (a new Store on the folder) and a shared copy of the board (another name,
    another par claimed, the same content key) both find the mark."""
    drive = Driver(app)
    level = packs[0].levels[2]
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    solve_on_screen(drive, play)
    app.pop()
    assert Store(tmp_path).helped(level_key(level))
    copy = replace(level, name="A friend's board", par=1, source="")
    shared = puzzle_scene(copy, "Shared: A friend's board")
    app.push(shared)
    drive.frames(2)
    result = walk_and_stop(drive, shared, solve(level).moves)
    assert result.heading == "Practice walk" and not shared.verdict.counts
    assert app.store.best(level_key(level)) is None


def test_solving_a_copy_marks_the_shipped_level(app, packs):
    """Solve on a shared copy (or a test play in the editor: the same play screen) marks the board."""
    drive = Driver(app)
    level = packs[1].levels[0]
    shared = puzzle_scene(replace(level, name="Copy", source=""), "Shared: Copy")
    app.push(shared)
    drive.frames(2)
    solve_on_screen(drive, shared)
    assert app.store.helped(level_key(level))


def test_a_hint_lasts_too(app, packs):
    """One hint per step over a few walks would spell out the best walk: a hint marks the level."""
    drive = Driver(app)
    level = packs[0].levels[2]
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_h)
    assert isinstance(app.scene, Dialog) and app.scene.heading == "Take a hint?"
    drive.key(pygame.K_RETURN)
    drive.until(lambda: play.helper is None)
    assert app.store.helped(level_key(level))
    app.pop()
    again = level_scene(packs[0], 2, packs)
    app.push(again)
    result = walk_and_stop(drive, again, solve(level).moves)
    assert result.heading == "Practice walk" and app.store.best(level_key(level)) is None


def test_cancelling_the_question_costs_nothing(app, packs):
    drive = Driver(app)
    level = packs[0].levels[2]
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    for key in (pygame.K_h, pygame.K_s):
        drive.key(key)
        assert isinstance(app.scene, Dialog)
        drive.key(pygame.K_ESCAPE)
        assert app.scene is play and play.helper is None
    assert not app.store.helped(level_key(level)) and not play.session.assisted


def test_a_level_already_at_three_stars_is_not_asked_about(app, packs):
    """Nothing left to lose: help shows at once (and still marks the level)."""
    drive = Driver(app)
    level = packs[0].levels[2]
    app.store.record(level_key(level), level.par)
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    drive.key(pygame.K_h)
    assert app.scene is play
    drive.until(lambda: play.helper is None)
    assert app.store.helped(level_key(level)) and app.store.best(level_key(level)) == level.par


def test_the_reviews_best_line_marks_the_level(app, packs):
    from game.client.review.puzzle_scene import PuzzleReviewScene

    drive = Driver(app)
    level = packs[0].levels[2]
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    walk_and_stop(drive, play, solve(level).moves)  # at par, unaided: the best line opens
    assert not app.store.helped(level_key(level))
    app.open("review", play.record)
    review = app.scene
    assert isinstance(review, PuzzleReviewScene) and review.best_open
    drive.key(pygame.K_b)
    assert review.show_best and app.store.helped(level_key(level))


# --- O2: packs open by the rule only ----------------------------------------------------------------
def test_a_star_through_a_copy_of_a_locked_packs_level_does_not_open_the_pack(app, packs, tmp_path):
    """One star on one level of a locked pack, earned through a shared copy of the board, counts
    for that level, and the pack stays locked (today's main opened it)."""
    drive = Driver(app)
    medium = packs[2]
    level = medium.levels[0]
    shared = puzzle_scene(replace(level, name="Copy", source=""), "Shared: Copy")
    app.push(shared)
    drive.frames(2)
    result = walk_and_stop(drive, shared, solve(level).moves)
    assert shared.verdict.counts and app.store.best(level_key(level)) == level.par
    assert result.stars == 3
    app.pop()
    app.pop()
    select = LevelSelectScene()
    app.push(select)
    names = [pack.name for pack in select.packs]
    assert not select.locks[names.index(medium.name)].open
    assert not select.locks[names.index(packs[1].name)].open  # Easy: the tutorial has no star
    assert on_disk(tmp_path)["opened"] == []


def test_a_pack_the_rule_opens_is_recorded_and_stays_open(app, packs, tmp_path):
    tutorial = packs[0]
    for level in tutorial.levels[:3]:
        app.store.record(level_key(level), level.par)  # 9 of 18 stars: Easy opens by the rule
    select = LevelSelectScene()
    app.push(select)
    assert select.locks[1].open
    assert on_disk(tmp_path)["opened"] == [packs[1].name]
    progress = on_disk(tmp_path)
    progress["best"] = {}  # a level reworked since, its best lost: the opened pack stays open
    write_progress(tmp_path, progress)
    assert Store(tmp_path).opened == {packs[1].name}


def test_a_file_from_before_keeps_its_open_packs_once(tmp_path, packs):
    """Format 2 had no record: any pack with a best was open. Migration records those once."""
    hard = packs[3].levels[0]
    write_progress(tmp_path, {"format": 2, "best": {level_key(hard): hard.par}})
    store = Store(tmp_path)
    assert store.opened == {packs[3].name}
    assert on_disk(tmp_path)["opened"] == [packs[3].name] and on_disk(tmp_path)["format"] == 3
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    assert Store(fresh).opened == frozenset()  # a new player: nothing to migrate


@pytest.mark.parametrize(("name", "key", "par", "kept"), [
    # Hard, then Medium, then Easy, then retired (replaced by Either Or): one board all along
    ("Zigzag", "c1-6fc0c4f03e88b764f2262aa1", 11, {"Medium", "Hard"}),
    # Medium until Easy and Medium were sorted together, then Easy, then retired (Ricochet)
    ("Long Row", "c1-e5625a6428de3d3dcee88e09", 8, {"Medium"}),
    # Medium until Easy and Medium were sorted together, then Easy, then retired (Last Stop)
    ("Switchback", "c1-fd1f6a94bdbd38ff6c46da8f", 14, {"Medium"}),
])
def test_a_file_from_before_keeps_the_pack_of_a_level_that_moved_down_and_retired(tmp_path, name, key, par, kept):
    """The lineage records one pack for a retired board, the last it shipped in (Easy for both);
    a file from before packs were recorded, whose best on that board was earned when its level
    stood in Hard or Medium, still opens the pack it was played in (each former order of the packs
    counts retired boards where that order put their level)."""
    from game.coinland.lineage import shipped_lineage
    board = next(b for b in shipped_lineage()[0] if b.key == key)
    assert (board.name, board.par, board.pack, board.now) == (name, par, "Easy", "")
    write_progress(tmp_path, {"format": 2, "best": {key: par}})
    assert kept <= Store(tmp_path).opened


# --- the new fields are doors --------------------------------------------------------------------
KEY = "c1-" + "0123456789abcdef01234567"


def test_helped_and_opened_are_checked_on_read(tmp_path):
    data = {"format": 3, "best": {}, "helped": [KEY, "c1-short", 5, "c1-" + "g" * 24, "x" * 300],
            "opened": ["Easy", "", "\x1b[31mred", 7], "refused": {}}
    progress, problems = Progress.from_dict(data, "progress.json")
    assert progress.helped == {KEY} and progress.opened == {"Easy"}
    assert any(p.startswith("progress.json: helped: expected a level key") for p in problems)
    assert any(p.startswith("progress.json: opened: expected a pack name") for p in problems)
    assert all("\n" not in p and "\x1b" not in p for p in problems)
    wrong, problems = Progress.from_dict({"best": {}, "helped": {"a": 1}, "opened": "Easy"}, "progress.json")
    assert wrong.helped == set() and wrong.opened is None  # opened unreadable: migrated by the old rule
    assert len(problems) == 2


def test_helped_has_a_count_cap(tmp_path):
    keys = [f"c1-{n:024x}" for n in range(MAX_HELPED + 5)]
    progress, problems = Progress.from_dict({"best": {}, "helped": keys}, "progress.json")
    assert len(progress.helped) == MAX_HELPED
    assert problems == [f"progress.json: helped: expected at most {MAX_HELPED} entries, got {MAX_HELPED + 5}; "
                        f"the first {MAX_HELPED} kept"]


def test_a_bad_field_keeps_the_good_ones_and_sets_the_original_aside(tmp_path):
    write_progress(tmp_path, {"format": 3, "best": {KEY: 4}, "helped": "all of them", "opened": []})
    store = Store(tmp_path)
    assert store.best(KEY) == 4 and not store.helped(KEY)
    assert any("helped: expected a list, got str" in w for w in store.take_warnings())
    assert (tmp_path / "progress.json.corrupt").exists()


def test_two_windows_keep_each_others_help_and_packs(tmp_path):
    one, two = Store(tmp_path), Store(tmp_path)
    one.mark_helped(KEY)
    two.note_opened({"Easy"})
    two.record("c1-" + "1" * 24, 6)
    three = Store(tmp_path)
    assert three.helped(KEY) and three.opened == {"Easy"} and three.best("c1-" + "1" * 24) == 6


# --- O3: bests no walk can reach --------------------------------------------------------------------
def test_a_best_above_a_shipped_levels_par_is_refused_once_and_kept_in_the_file(tmp_path, packs, capsys):
    tutorial = packs[0]
    level = tutorial.levels[0]
    hard = packs[3].levels[0]
    write_progress(tmp_path, {"format": 3, "best": {level_key(level): level.par + 50,
                                                    level_key(hard): hard.par + 1}, "opened": []})
    store = Store(tmp_path)
    warnings = store.take_warnings()
    line = next(w for w in warnings if "refused" in w)
    assert line.startswith(f"progress.json: best['{level_key(level)[:12]}…'] ({level.name}): expected at most "
                           f"{level.par} ") \
        or line.startswith(f"progress.json: best['{level_key(hard)[:12]}…'] ({hard.name}): expected at most "
                           f"{hard.par} ")
    assert line.endswith("(and 1 more); not counted, kept under 'refused'") and len(line) <= 160  # a toast, whole
    assert (tmp_path / "progress.json.corrupt").exists()
    assert "\n" not in line
    assert f"{line}; the original: kept it as progress.json.corrupt" in capsys.readouterr().err  # and in the log
    assert store.best(level_key(level)) is None and store.best(level_key(hard)) is None
    assert on_disk(tmp_path)["refused"] == {level_key(level): level.par + 50, level_key(hard): hard.par + 1}
    again = Store(tmp_path)
    assert not any("refused" in w for w in again.take_warnings())  # said once
    assert again.best(level_key(level)) is None


def test_a_refused_best_earns_no_star_and_opens_nothing(app, packs, tmp_path):
    tutorial = packs[0]
    write_progress(tmp_path, {"format": 3, "opened": [],
                              "best": {level_key(level): level.par + 1 for level in tutorial.levels}})
    app.store = Store(tmp_path)
    select = LevelSelectScene()
    app.push(select)
    assert not select.locks[1].open


def test_a_real_walk_still_sets_a_best_after_one_was_refused(app, packs, tmp_path):
    level = packs[0].levels[0]
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {level_key(level): 999}})
    app.store = Store(tmp_path)
    app.store.settings.animation_speed = "instant"
    drive = Driver(app)
    play = level_scene(packs[0], 0, packs)
    app.push(play)
    drive.frames(2)
    walk_and_stop(drive, play, solve(level).moves)
    assert play.new_best and app.store.best(level_key(level)) == level.par
    assert on_disk(tmp_path)["best"][level_key(level)] == level.par


def test_my_levels_are_checked_against_every_coin_they_hold(tmp_path):
    from game.coinland.levels import Level, write_level

    (tmp_path / "levels").mkdir()
    mine = Level("Mine", 3, purse=2, par=5)
    write_level(mine, tmp_path / "levels" / "mine.toml")
    ceiling = mine.purse + mine.coins
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {level_key(mine): ceiling + 1, KEY: 10**5}})
    store = Store(tmp_path)
    assert store.best(level_key(mine)) is None
    assert store.best(KEY) == 10**5  # no level has this key: kept (it earns nothing anywhere)
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {level_key(mine): ceiling}})
    assert Store(tmp_path).best(level_key(mine)) == ceiling  # its file's par is a claim: every coin is possible


def test_a_best_written_by_hand_while_the_game_runs_is_refused_at_the_next_save(tmp_path, packs):
    level = packs[0].levels[0]
    store = Store(tmp_path)
    store.take_warnings()
    data = on_disk(tmp_path) if (tmp_path / "progress.json").exists() else {"format": 3, "best": {}}
    data["best"][level_key(level)] = level.par + 3
    write_progress(tmp_path, data)
    store.record(KEY, 3)
    assert store.best(level_key(level)) is None
    assert any("refused" in w for w in store.take_warnings())
    assert on_disk(tmp_path)["refused"][level_key(level)] == level.par + 3


# --- small: the idea's words, Esc over a toast, the helped mark in the list ----------------------------
def test_the_idea_reads_on_after_its_colon():
    from game.client.coinland.result import after_colon

    assert after_colon("A move may pass over coins") == "a move may pass over coins."
    assert after_colon("Stop (X) when no toll pays") == "stop (X) when no toll pays."
    assert after_colon("I pay twice?") == "I pay twice?"
    assert after_colon("UFO corner first") == "UFO corner first."


def test_the_result_screen_says_the_idea_without_a_capital_after_the_colon(app, packs):
    drive = Driver(app)
    tutorial = packs[0]
    index = next(i for i, level in enumerate(tutorial.levels) if level.idea)
    level = tutorial.levels[index]
    play = level_scene(tutorial, index, packs)
    app.push(play)
    drive.frames(2)
    result = walk_and_stop(drive, play, solve(level).moves)
    idea = next(str(line[0]) for line in result.lines if str(line[0]).startswith("The idea: "))
    assert idea[len("The idea: ")].islower() and idea.endswith(".")


def test_every_easy_and_medium_idea_is_one_line_of_the_result_screen(app, packs):
    """Played on Xvfb (issue 37): ideas a word or two too long left that word alone on a second
    line of the result panel ('end.', 'corner.'). The panel wraps at its width less 70 (dialog.py)."""
    from game.client import text
    from game.client.coinland.dialog import Dialog
    from game.client.coinland.result import after_colon

    assert [pack.name for pack in packs[1:3]] == ["Easy", "Medium"]
    for pack in packs[1:3]:
        for level in pack.levels:
            lines = text.wrap(f"The idea: {after_colon(level.idea)}", Dialog.width - 70, "body")
            assert len(lines) == 1, (level.name, lines)


def test_every_easy_and_medium_tip_is_read_at_17_pixels_or_more(app, packs):
    """Played on Xvfb (issue 37): the tip line shrinks a long hint to fit (hud._message); Sky
    Lane's (216 characters) fell to the 14-pixel floor and still ran past the line's width."""
    from game.client import text
    from game.client.coinland import layout

    width = layout.BOARD.width + 120  # the tip line's width (hud._message)
    for pack in packs[1:3]:
        for level in pack.levels:
            tip = f"Tip: {level.hint}"
            size = text.fit(tip, width, "small")
            assert size >= 17 and text.width(tip, size) <= width, (level.name, size)


def test_esc_acts_and_takes_the_toast_with_it(app):
    select = LevelSelectScene()
    app.push(select)
    app.store.take_warnings()  # the welcome line
    app.toast("Something to read")
    Driver(app).key(pygame.K_ESCAPE)
    assert not app.toasts and app.scene is not select  # one press: the list closed, the toast gone


def test_the_level_list_marks_a_helped_level(app, packs, monkeypatch):
    from game.client import text

    drawn = []
    blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, words, *a, **k: (drawn.append(words),
                                                                       blit(surface, words, *a, **k))[1])
    app.store.mark_helped(level_key(packs[0].levels[1]))
    app.push(LevelSelectScene())
    app.draw()
    assert drawn.count("helped") == 1


def test_a_best_below_the_starting_purse_or_for_no_level_earns_nothing():
    """Below the purse a walk lost coins: no star; a key no level has: no star anywhere, no pack."""
    from game.coinland.campaign import level_stars, pack_locks
    from game.coinland.levels import Level
    from game.coinland.pack_folders import Pack

    rich = [Level(f"Rich {i}", 3, purse=5 + i, par=12 + i) for i in range(4)]
    packs = [Pack("First", tuple(rich)), Pack("Second", (Level("Far", 3, par=9),))]
    kept = {level_key(level): level.purse - 1 for level in rich} | {KEY: 10**5}
    assert all(level_stars(level, kept[level_key(level)]) == 0 for level in rich)
    assert not pack_locks(packs, kept.get)[1].open


def test_an_impossible_best_on_a_reworked_board_is_not_carried_to_its_new_par(tmp_path):
    """Bests of reworked boards move to the new board at the same distance below par: one above the
    old par would have landed at the new par, three stars. It is refused where it stands."""
    from game.coinland.lineage import shipped_lineage

    boards = [board for board in shipped_lineage()[0] if board.now and board.now != board.key]
    if not boards:
        pytest.skip("no reworked board is shipped")
    board = boards[0]
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {board.key: board.par + 5}})
    store = Store(tmp_path)
    assert store.best(board.now) is None and store.best(board.key) is None
    assert on_disk(tmp_path)["refused"] == {board.key: board.par + 5}
    assert any("refused" in w for w in store.take_warnings())
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {board.key: board.par}})
    assert Store(tmp_path).best(board.now) == board.now_par  # a real best at the old par still moves


def test_an_impossible_best_in_a_file_from_before_opens_no_pack_in_migration(tmp_path, packs):
    """Migration keeps a pack open that had a best in it: not for a best no walk can reach."""
    hard = packs[3].levels[0]
    write_progress(tmp_path, {"format": 2, "best": {level_key(hard): hard.par + 1}})
    store = Store(tmp_path)
    assert store.opened == frozenset() and store.best(level_key(hard)) is None
    assert on_disk(tmp_path)["refused"] == {level_key(hard): hard.par + 1}


def test_reviewing_someone_elses_better_walk_marks_the_level(app, packs, tmp_path):
    """A record copied into the records folder (a friend's walk at par) shows a better walk than the
    player found: opening its review marks the level helped; her own walks never do."""
    drive = Driver(app)
    level = packs[0].levels[2]
    play = level_scene(packs[0], 2, packs)
    app.push(play)
    drive.frames(2)
    walk_and_stop(drive, play, solve(level).moves)  # her own walk at par: the best is set
    app.open("review", play.record)
    assert not app.store.helped(level_key(level))  # her own walk: nothing new
    friend = tmp_path / "friend"
    friend.mkdir()
    app.store = Store(friend)  # the same record in a folder where the level was never solved
    app.open("review", play.record)
    assert app.store.helped(level_key(level))
    assert any("marks the level helped" in t.message for t in app.toasts)


# --- the attack of 2026-11-27 ------------------------------------------------------------------------
def _reworked_boards():
    from game.coinland.lineage import shipped_lineage

    return [board for board in shipped_lineage()[0] if board.now and board.now != board.key]


def test_help_on_a_board_since_reworked_marks_the_board_that_replaces_it(tmp_path):
    """The walk Solve showed on the old board often still solves the reworked one: the mark moves
    along the lineage as bests do (a chain of reworks included)."""
    boards = _reworked_boards()
    assert boards, "the campaign ships reworked boards"
    board = boards[0]
    write_progress(tmp_path, {"format": 3, "opened": [], "best": {}, "helped": [board.key]})
    store = Store(tmp_path)
    assert store.helped(board.now) and store.helped(board.key)
    assert board.now in on_disk(tmp_path)["helped"]


def test_help_another_window_saved_counts_here_before_this_window_saves(tmp_path):
    """Window A shows the solution; window B, already open, must not take its moves as unaided."""
    one, two = Store(tmp_path), Store(tmp_path)
    assert not two.helped(KEY)
    one.mark_helped(KEY)
    assert two.helped(KEY)


def test_a_file_from_before_the_packs_were_resorted_keeps_the_pack_its_stars_opened(tmp_path, packs):
    """Zigzag, Toll Gates, Pinwheel and Upstream were Hard levels until Medium and Hard were sorted
    together: 18 of 36 Hard stars (six levels at par) opened Expert then, and still do, Zigzag's
    three on its board retired since (replaced by Either Or) too."""
    by_name = {level.name: level for pack in packs for level in pack.levels}
    five = ["Toll Gates", "Pinwheel", "Upstream", "Copper Bridge", "Round Trip"]
    best = {level_key(by_name[n]): by_name[n].par for n in five}
    write_progress(tmp_path, {"format": 2, "best": {**best, "c1-6fc0c4f03e88b764f2262aa1": 11}})
    assert "Expert" in Store(tmp_path).opened


def test_the_first_stars_mark_names_the_starting_purse_when_there_is_one():
    """Sky Lane's purse is 4 and par 11: a star needs 8, the 4 she starts with and half of the
    gain of 7; 'half of par's gain' alone read as if 8 were half of something."""
    from game.coinland.actions import Move, Stop
    from game.coinland.campaign import judge
    from game.coinland.levels import Level
    from game.coinland.rules import apply, hoarder_moves

    state = Level("Rich", 3, purse=4).initial_state()
    free = next(m for m in hoarder_moves(state) if m.fee == 0)
    state = apply(apply(state, Move(free.target))[0], Stop())[0]
    verdict = judge(state, 4, par=11)
    assert verdict.heading == "No star yet"
    assert "A star needs 8 coins (the 4 you start with and half of par's gain)" in verdict.reason


def test_a_progress_file_damaged_while_the_game_runs_is_kept_before_the_next_save(tmp_path):
    """A hand edit gone wrong (a trailing comma) while the window is open: the next save must not
    silently replace it; a copy is set aside and one line says so."""
    store = Store(tmp_path)
    store.take_warnings()
    store.record(KEY, 5)
    (tmp_path / "progress.json").write_text('{"format": 3, "best": {"x": 1},}', encoding="utf-8")
    store.record("c1-" + "1" * 24, 6)
    assert (tmp_path / "progress.json.corrupt").read_text(encoding="utf-8") == '{"format": 3, "best": {"x": 1},}'
    lines = [w for w in store.take_warnings() if "damaged" in w]
    assert len(lines) == 1 and "progress.json.corrupt" in lines[0]
    assert on_disk(tmp_path)["best"] == {KEY: 5, "c1-" + "1" * 24: 6}
