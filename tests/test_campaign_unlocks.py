"""Packs open one after another as the player finishes levels; progress never closes one."""

from game.client.coinland.packs import MY_LEVELS, Pack, load_packs
from game.client.coinland.rating import level_key
from game.client.coinland.unlocks import needed, pack_locks
from game.coinland.levels import Level


def pack(name: str, count: int) -> Pack:
    return Pack(name, tuple(Level(f"{name} {i}", 3, source=f"levels/{name}/{i}.toml") for i in range(count)))


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
