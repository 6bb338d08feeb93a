"""Finding Satoshi computer players: legal, blind to hidden roles, reproducible."""

import random
from dataclasses import replace

import pytest

from game.bitcoin import apply, is_over, legal_actions, new_game, view_for
from game.bitcoin.ai import STRENGTHS, choose_action, own_view
from game.bitcoin.ai.belief import satoshi_odds
from game.bitcoin.state import GEEK, HIDDEN, SATOSHI
from game.bitcoin.tournament import run_tournament, seat_agents

BUDGET = 0.01
PLAYOUTS = 3  # hard's work fixed per choice, so games replay exactly


def play(agents, seed, difficulty="normal", advanced=False, limit=None):
    state = new_game(players=len(agents), seed=seed, difficulty=difficulty, advanced=advanced)
    rng = random.Random(seed)
    log = []
    while not is_over(state) and (limit is None or len(log) < limit):
        me = state.current_player
        action = choose_action(state, agents[me], rng, BUDGET, playouts=PLAYOUTS)
        assert action in legal_actions(state), (agents[me], action, state.phase)
        log.append(action.text)
        state, _ = apply(state, action)
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_strength_plays_only_legal_actions(players):
    agents = [STRENGTHS[(players + i) % len(STRENGTHS)] for i in range(players)]
    for index, (difficulty, advanced) in enumerate([("normal", False), ("hard", True), ("very-hard", False)]):
        state, _ = play(agents, seed=players * 10 + index, difficulty=difficulty, advanced=advanced)
        assert is_over(state)


def test_same_seed_same_game():
    agents = ["normal", "easy", "random", "hard"]
    first, second = play(agents, 5, limit=150)[1], play(agents, 5, limit=150)[1]
    assert first == second


def swap_hidden_roles(state, viewer):
    """The same table with Satoshi's card moved to another player the viewer cannot see (None when
    the card is the viewer's own, set aside, or face up after a right guess)."""
    others = [i for i in range(state.n) if i != viewer and not state.players[i].revealed]
    roles = [p.role for p in state.players]
    holder = roles.index(SATOSHI) if SATOSHI in roles else None
    if holder == viewer or holder is None or holder not in others or len(others) < 2:
        return None
    target = next(i for i in others if i != holder)
    players = list(state.players)
    players[holder] = replace(players[holder], role=GEEK)
    players[target] = replace(players[target], role=SATOSHI)
    return replace(state, players=tuple(players))


@pytest.mark.parametrize("strength", STRENGTHS)
def test_agents_see_only_their_view_and_hidden_roles_change_nothing(strength):
    state = new_game(players=4, seed=11)
    rng = random.Random(0)
    checked = 0
    for _ in range(120):
        if is_over(state):
            break
        me = state.current_player
        view = own_view(state)
        assert all(p.role == HIDDEN for i, p in enumerate(view.players) if i != me and not p.revealed)
        assert view.seed == -1
        other = swap_hidden_roles(state, me)
        if other is not None:
            seed = rng.randrange(10**6)
            assert choose_action(state, strength, random.Random(seed), playouts=PLAYOUTS) == choose_action(
                other, strength, random.Random(seed), playouts=PLAYOUTS)
            checked += 1
        state, _ = apply(state, choose_action(state, "normal", rng))
    assert checked > 20


def test_belief_never_names_the_viewer_and_sums_to_at_most_one():
    state = new_game(players=5, seed=3)
    for me in range(5):
        odds = satoshi_odds(view_for(state, me), me)
        assert me not in odds
        if state.players[me].role != SATOSHI:
            assert sum(odds.values()) == pytest.approx(1.0)


def test_tournament_rotates_seats_and_refuses_unknown_agents():
    assert seat_agents(["hard", "random"], 4, 1) == ("random", "hard", "random", "hard")
    lines = []
    assert run_tournament(3, ["genius"], 1, 0, 0.01, write=lines.append) == 2
    assert "expected names" in lines[0]
    lines.clear()
    assert run_tournament(3, ["normal", "random"], 3, 0, 0.01, write=lines.append) == 0
    assert any(line.startswith("normal") for line in lines) and any("Satoshi won" in line for line in lines)
