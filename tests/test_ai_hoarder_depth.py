"""hard's Classic Hoarder looks three plies ahead whatever her budget; her Gatekeeper and Duel do not."""

import random
from dataclasses import replace

from game.coinland import apply, new_classic, new_duel
from game.coinland.ai import make_agent
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import Pos
from game.coinland.ai.search import Searcher
from game.coinland.state import GATEKEEPER, HOARDER, State

BUDGET = 60_000  # nodes: far more than three plies need, and enough for five


def middle_game(to_move: int, seed: int = 5) -> State:
    """A Classic game that opens with four random plies and goes on as normal against normal,
    stopped with `to_move` to play and 20 coins or more left."""
    state, rng = new_classic(4), random.Random(seed)
    opening, normal = make_agent("random"), make_agent("normal")
    plies = 0
    while (len(state.coins) > 26 or state.to_move != to_move) and not state.is_over:
        state = apply(state, (opening if plies < 4 else normal).choose(state, rng))[0]
        plies += 1
    assert len(state.coins) >= 20 and not state.is_over
    return state


def test_the_classic_hoarder_plays_the_three_ply_choice_with_a_large_budget() -> None:
    """In a middle game where a deeper search would choose another move, she plays the three-ply
    one. Which seeded games reach such a position depends on normal's play (it varies its opening
    among near-equal moves), so the first of a few seeded games that does is taken."""
    player = HardPlayer(HARD, BUDGET)
    for seed in range(5, 40):
        try:
            state = middle_game(HOARDER, seed)
        except AssertionError:  # this seeded game ended or ran short of coins first
            continue
        pos = Pos.from_state(state)
        codes = player.root_codes(pos)
        three_plies = Searcher(replace(HARD, max_depth=3), None, BUDGET).run(pos, codes)
        uncapped = Searcher(HARD, None, BUDGET).run(pos, codes)
        if uncapped.code != three_plies.code:
            break
    else:
        raise AssertionError("no seeded middle game where a deeper search changes the Hoarder's move")
    assert uncapped.depth > 3  # the budget would have taken her deeper, to another move
    assert player.choose(state, random.Random(1), 1.0) == pos.action(three_plies.code)


def test_the_cap_is_the_classic_hoarders_alone() -> None:
    player = HardPlayer(HARD, BUDGET)
    gatekeeper = Pos.from_state(middle_game(GATEKEEPER))
    assert player._search_settings(gatekeeper).max_depth == HARD.max_depth
    duel = Pos.from_state(new_duel(4))
    assert player._search_settings(duel).max_depth == HARD.max_depth
    hoarder = Pos.from_state(middle_game(HOARDER))
    assert player._search_settings(hoarder).max_depth == 3
    assert HardPlayer(replace(HARD, hoarder_depth=0))._search_settings(hoarder).max_depth == HARD.max_depth
