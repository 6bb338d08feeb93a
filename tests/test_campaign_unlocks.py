"""Packs open by stars, and a star needs a walk worth one (issue 34 item 2); progress never closes a pack."""

from game.client.coinland.packs import MY_LEVELS, Pack, load_packs
from game.client.coinland.rating import level_key
from game.client.coinland.unlocks import (
    newly_opened,
    next_in_campaign,
    pack_locks,
    pack_progress,
    pack_stars,
    stars_to_open,
)
from game.coinland.campaign import opened_before, star_marks, star_rule, stars


def pack(name: str, count: int, par: int = 12) -> Pack:
    """`count` different puzzles, each gaining `par` coins at par. Bests are keyed by a level's
    board, so each starts with its own purse; the star marks count the gain over it."""
    from game.coinland.levels import Level

    salt = sum(map(ord, name)) * 100
    return Pack(name, tuple(Level(f"{name} {i}", 3, purse=salt + i, par=salt + i + par,
                                  source=f"levels/{name}/{i}.toml") for i in range(count)))


def scores(levels, gain: int) -> dict[str, int]:
    return {level_key(level): level.purse + gain for level in levels}


def best_of(kept: dict[str, int]):
    return kept.get


PACKS = [pack("tutorial", 6), pack("easy", 6), pack("medium", 6), Pack(MY_LEVELS, pack("mine", 1).levels)]


def test_a_star_needs_half_of_pars_gain_two_come_within_two_coins_three_at_par():
    assert star_marks(12) == (6, 10, 12)
    assert [stars(s, 12) for s in (None, 0, 3, 5, 6, 9, 10, 11, 12, 13)] == [0, 0, 0, 0, 1, 1, 2, 2, 3, 3]
    # the coins a level starts with are not earned: Easy's "Sky lane" starts with 2 and has par 13
    assert star_marks(13, 2) == (8, 11, 13)
    assert stars(5, 13, 2) == 0 and stars(8, 13, 2) == 1
    # a small level: one star at 2 of par 3, and no room for two stars below par
    assert star_marks(3) == (2, 3, 3)
    assert star_rule(13, 2) == "Stars: one star from 8 coins, two from 11, three at par (13)."


def test_a_new_player_has_the_first_pack_and_their_own_levels():
    locks = pack_locks(PACKS, best_of({}))
    assert [lock.open for lock in locks] == [True, False, False, True]
    assert "Earn 9 more stars in tutorial" in locks[1].reason
    assert locks[2].reason == "Open easy first."


def test_half_the_stars_of_a_pack_open_the_next():
    assert stars_to_open(PACKS[0]) == 9  # 6 levels x 3 stars, half
    three_at_par = scores(PACKS[0].levels[:3], 12)
    assert [lock.open for lock in pack_locks(PACKS, best_of(three_at_par))] == [True, True, False, True]
    two_at_par = scores(PACKS[0].levels[:2], 12)
    assert "Earn 3 more stars in tutorial" in pack_locks(PACKS, best_of(two_at_par))[1].reason


def test_cheap_walks_on_every_level_open_nothing():
    """The issue's case: a coin or two on every level, then stop: Medium opened after 5 of 36 coins."""
    cheap = scores(PACKS[0].levels, 3)  # 3 of par's 12 on all six levels: no star anywhere
    assert pack_stars_of(PACKS[0], cheap) == 0
    assert not pack_locks(PACKS, best_of(cheap))[1].open
    one_star_each = scores(PACKS[0].levels, 6)  # half of par everywhere: 6 stars, not 9
    assert not pack_locks(PACKS, best_of(one_star_each))[1].open
    two_stars_each = scores(PACKS[0].levels, 10)
    assert pack_locks(PACKS, best_of(two_stars_each))[1].open


def pack_stars_of(pack_: Pack, kept: dict[str, int]) -> int:
    from game.client.coinland.unlocks import pack_stars

    return pack_stars(pack_, best_of(kept))


def test_a_pack_recorded_as_opened_stays_open_whatever_the_stars():
    assert not pack_locks(PACKS, best_of({}))[2].open
    assert pack_locks(PACKS, best_of({}), opened={"medium"})[2].open


def test_a_best_on_a_locked_packs_level_counts_for_the_level_but_does_not_open_the_pack():
    """A star on a Medium level earned through a shared copy of its board (same content key) is
    kept for that level, but Medium opens only by the rule: half of Easy's stars (issue 34)."""
    kept = scores(PACKS[0].levels, 12)  # the tutorial at par: easy is open
    kept[level_key(PACKS[2].levels[0])] = PACKS[2].levels[0].par  # three stars on a medium level
    locks = pack_locks(PACKS, best_of(kept))
    assert locks[1].open and not locks[2].open
    assert "Earn 9 more stars in easy" in locks[2].reason
    assert pack_stars(PACKS[2], best_of(kept)) == 3  # the level's stars are there for when it opens
    kept |= scores(PACKS[1].levels, 12)  # Easy at par: the rule opens Medium
    assert pack_locks(PACKS, best_of(kept))[2].open


def test_a_file_from_before_opened_packs_keeps_every_pack_it_had_open():
    """Before packs were recorded, any pack with a best was open: migration records those once."""
    kept = {level_key(PACKS[2].levels[0]): PACKS[2].levels[0].purse + 1}  # an old, cheap best in medium
    assert opened_before(PACKS, best_of(kept)) == {"medium"}
    kept_easy = scores(PACKS[0].levels, 12)  # the tutorial at par opened easy by the rule
    assert opened_before(PACKS, best_of(kept_easy)) == {"easy"}
    assert opened_before(PACKS, best_of({})) == set()


def test_bests_on_boards_a_pack_no_longer_ships_still_show_it_was_open():
    """A file from before packs were recorded may hold its only Medium best, or the Easy stars that
    opened Medium, on boards retired since (levels/lineage.json names their pack): migration
    counts them where they were earned, so no pack that was open closes."""
    retired = {"medium": [("c1-" + "1" * 24, 9, 0)], "easy": [("c1-" + "2" * 24, 12, 0)]}
    only_retired = {"c1-" + "1" * 24: 1}  # a one-coin best on a retired medium board
    assert opened_before(PACKS, best_of(only_retired)) == set()
    assert opened_before(PACKS, best_of(only_retired), retired) == {"medium"}
    # the tutorial at par opens easy; medium needs 9 of easy's 18 stars
    kept = scores(PACKS[0].levels, 12) | scores(PACKS[1].levels[:3], 12)  # 9 stars: medium needs 9
    kept_short = scores(PACKS[0].levels, 12) | scores(PACKS[1].levels[:2], 12)  # 6 stars
    assert opened_before(PACKS, best_of(kept)) == {"easy", "medium"}
    assert opened_before(PACKS, best_of(kept_short)) == {"easy"}
    kept_short["c1-" + "2" * 24] = 12  # three stars on the retired easy board make the 9
    assert opened_before(PACKS, best_of(kept_short)) == {"easy"}
    assert opened_before(PACKS, best_of(kept_short), retired) == {"easy", "medium"}


def test_the_shipped_campaign_starts_with_only_the_tutorial_open(tmp_path):
    packs, problems = load_packs(user_folder=tmp_path)
    assert not problems
    locks = pack_locks(packs, best_of({}))
    assert locks[0].open and not any(lock.open for lock in locks[1:] if lock.reason)
    assert [p.name for p in packs][:5] == ["Tutorial", "Easy", "Medium", "Hard", "Expert"]


def test_stopping_early_on_every_shipped_easy_level_leaves_medium_closed(tmp_path):
    packs, _ = load_packs(user_folder=tmp_path)
    tutorial, easy = packs[0], packs[1]
    kept = {level_key(level): level.par for level in tutorial.levels}
    kept |= {level_key(level): level.purse + 3 for level in easy.levels}  # three coins, then X
    locks = pack_locks(packs, best_of(kept))
    assert locks[1].open and not locks[2].open


def test_the_packs_a_walk_opens_are_named_for_the_announcement():
    kept = scores(PACKS[0].levels[:2], 12) | scores(PACKS[0].levels[2:3], 10)  # 8 stars
    before = pack_locks(PACKS, best_of(kept))
    kept |= scores(PACKS[0].levels[2:3], 12)  # the third level at par: 9 stars
    assert newly_opened(PACKS, before, pack_locks(PACKS, best_of(kept))) == ["easy"]
    assert newly_opened(PACKS, before, before) == []


def test_the_progress_line_counts_stars_and_names_the_pack_they_open():
    kept = scores(PACKS[0].levels[:2], 12) | scores(PACKS[0].levels[2:3], 10)
    assert pack_progress(PACKS, PACKS[0], best_of(kept)) == "Stars in tutorial: 8 of 18 · 1 more star opens easy"
    kept |= scores(PACKS[0].levels[2:3], 12)
    assert pack_progress(PACKS, PACKS[0], best_of(kept)) == "Stars in tutorial: 9 of 18 · easy is open"
    assert pack_progress(PACKS, PACKS[3], best_of(kept)) == ""


def test_next_after_a_packs_last_level():
    tutorial, easy = PACKS[0], PACKS[1]
    assert next_in_campaign(PACKS, tutorial, 0, best_of({})) == (tutorial, 1)
    last = len(tutorial.levels) - 1
    # the next pack is locked: the first level of this pack with no star yet
    assert next_in_campaign(PACKS, tutorial, last, best_of(scores(tutorial.levels[last:], 12))) == (tutorial, 0)
    assert next_in_campaign(PACKS, tutorial, last, best_of(scores(tutorial.levels, 12))) == (easy, 0)
    # never from the campaign into My levels
    everything = {key: value for p in PACKS for key, value in scores(p.levels, 12).items()}
    assert next_in_campaign(PACKS, PACKS[2], len(PACKS[2].levels) - 1, best_of(everything)) is None
