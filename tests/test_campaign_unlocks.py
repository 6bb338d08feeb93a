"""Packs open one after another as the player finishes levels; progress never closes one."""

from game.client.coinland.packs import MY_LEVELS, Pack, load_packs
from game.client.coinland.rating import level_key
from game.client.coinland.unlocks import needed, pack_locks
from game.coinland.levels import Level


def pack(name: str, count: int) -> Pack:
    """`count` different puzzles (bests are keyed by a level's board, so each needs its own)."""
    salt = sum(map(ord, name)) * 100
    return Pack(name, tuple(Level(f"{name} {i}", 3, purse=salt + i, source=f"levels/{name}/{i}.toml")
                            for i in range(count)))


def best_of(finished: set[str]):
    return lambda key: 5 if key in finished else None


PACKS = [pack("tutorial", 3), pack("easy", 6), pack("medium", 6), Pack(MY_LEVELS, pack("mine", 1).levels)]


def test_a_new_player_has_the_first_pack_and_their_own_levels():
    locks = pack_locks(PACKS, best_of(set()))
    assert [lock.open for lock in locks] == [True, False, False, True]
    assert "Finish 2 more levels of tutorial" in locks[1].reason
    assert locks[2].reason == "Open easy first."


def test_two_thirds_of_a_pack_open_the_next():
    done = {level_key(level) for level in PACKS[0].levels[:needed(PACKS[0])]}
    assert needed(PACKS[0]) == 2
    assert [lock.open for lock in pack_locks(PACKS, best_of(done))] == [True, True, False, True]
    done |= {level_key(level) for level in PACKS[1].levels[:3]}
    assert "1 more level of easy" in pack_locks(PACKS, best_of(done))[2].reason


def test_a_pack_already_played_stays_open():
    done = {level_key(PACKS[2].levels[0])}
    assert pack_locks(PACKS, best_of(done))[2].open


def test_the_shipped_campaign_starts_with_only_the_tutorial_open(tmp_path):
    packs, problems = load_packs(user_folder=tmp_path)
    assert not problems
    locks = pack_locks(packs, best_of(set()))
    assert locks[0].open and not any(lock.open for lock in locks[1:] if lock.reason)
    assert [p.name for p in packs][:5] == ["Tutorial", "Easy", "Medium", "Hard", "Expert"]


def test_the_packs_a_walk_opens_are_named_for_the_announcement():
    from game.client.coinland.unlocks import newly_opened

    done = {level_key(level) for level in PACKS[0].levels[:needed(PACKS[0]) - 1]}
    before = pack_locks(PACKS, best_of(done))
    done.add(level_key(PACKS[0].levels[needed(PACKS[0]) - 1]))
    assert newly_opened(PACKS, before, pack_locks(PACKS, best_of(done))) == ["easy"]
    assert newly_opened(PACKS, before, before) == []


def test_next_after_a_packs_last_level():
    from game.client.coinland.unlocks import next_in_campaign

    tutorial, easy = PACKS[0], PACKS[1]
    assert next_in_campaign(PACKS, tutorial, 0, best_of(set())) == (tutorial, 1)
    last = len(tutorial.levels) - 1
    # the next pack is locked: the first level of this pack not finished yet
    assert next_in_campaign(PACKS, tutorial, last, best_of({level_key(tutorial.levels[last])})) == (tutorial, 0)
    done = {level_key(level) for level in tutorial.levels}
    assert next_in_campaign(PACKS, tutorial, last, best_of(done)) == (easy, 0)
    # never from the campaign into My levels
    everything = {level_key(level) for pack in PACKS for level in pack.levels}
    assert next_in_campaign(PACKS, PACKS[2], len(PACKS[2].levels) - 1, best_of(everything)) is None
