"""When a puzzle walk counts, what it earns, and what Hint or Solve cost (game.coinland.campaign)."""

from game.coinland.actions import Move, Stop
from game.coinland.campaign import is_finished, judge, stars
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves, replay
from game.coinland.solver import solve

LEVEL = Level("Test ring", 3, start=(0, 0), gates=frozenset({((0, 0), (1, -1)), ((0, 0), (0, -1))}))


def stopped_at_once(level: Level = LEVEL):
    return apply(level.initial_state(), Stop())[0]


def test_stopping_before_any_move_is_not_a_finished_walk():
    state = stopped_at_once()
    assert state.is_over and state.purses[0] == 0
    assert not is_finished(state, LEVEL.purse, par=6)
    verdict = judge(state, LEVEL.purse, 6)
    assert not verdict.counts and verdict.stars == 0
    assert verdict.heading == "Walk not counted"
    assert "stop holding more than the 0 coins you started with" in verdict.reason


def test_a_stop_after_a_coin_is_finished_but_worth_no_star_and_does_not_count():
    """Issue 34 item 2: taking a coin and pressing X earned a star, a best and opened packs."""
    state = LEVEL.initial_state()
    free = next(m for m in hoarder_moves(state) if m.fee == 0)
    state = apply(apply(state, Move(free.target))[0], Stop())[0]
    assert state.purses[0] == 1
    verdict = judge(state, LEVEL.purse, par=6)
    assert verdict.finished and not verdict.counts and verdict.stars == 0
    assert verdict.heading == "No star yet" and "A star needs 3 coins" in verdict.reason
    # the same stop is worth a star where par is 2: half of par's gain
    assert judge(state, LEVEL.purse, par=2).counts


def test_a_stop_with_no_more_than_the_starting_purse_does_not_count():
    rich = Level("Rich", 3, purse=4)
    state = stopped_at_once(rich)
    assert state.purses[0] == 4
    assert not judge(state, rich.purse, par=9).counts
    # ... unless stopping at once is the best walk there is (par equals the purse)
    assert judge(state, rich.purse, par=4).counts


def test_a_walk_that_ends_by_itself_counts_even_with_few_coins():
    best = solve(LEVEL)
    state, _ = replay(LEVEL.initial_state(), [Move(c) for c in best.moves])
    if not state.is_over:  # the solver may stop early; walk on until nothing is reachable
        while not state.is_over:
            state = apply(state, Move(hoarder_moves(state)[0].target))[0]
    assert state.ended in ("all_collected", "no_move")
    assert is_finished(state, 0, par=best.score)


def test_an_assisted_walk_shows_only_the_stars_earned_unaided():
    best = solve(LEVEL)
    state, _ = replay(LEVEL.initial_state(), [Move(c) for c in best.moves])
    state = state if state.is_over else apply(state, Stop())[0]
    assert state.purses[0] == best.score
    fresh = judge(state, 0, best.score, assisted=True, unaided_best=None)
    assert not fresh.counts and fresh.stars == 0 and fresh.heading == "Assisted walk"
    assert "not finished it unaided" in fresh.reason
    earned = judge(state, 0, best.score, assisted=True, unaided_best=best.score - 2)
    assert earned.stars == 2 and not earned.counts
    assert f"keeps the 2 stars you earned unaided (best {best.score - 2} coins)" in earned.reason
    assert judge(state, 0, best.score).stars == 3


def test_stars_follow_the_rules_text():
    assert [stars(s, 10) for s in (None, 0, 4, 5, 7, 8, 9, 10, 11)] == [0, 0, 0, 1, 1, 2, 2, 3, 3]
    assert stars(4, None) == 1
