"""Issue #17 item 12: a Duel ends as soon as neither Hoarder can move, with a line saying why."""

import random
from dataclasses import replace

from game.coinland import (
    GameOver,
    Gate,
    GateDrawn,
    Move,
    NoMovesLeft,
    Pass,
    apply,
    hoarder_moves,
    legal_actions,
    new_duel,
    winner,
)
from game.coinland.ai import choose_action
from game.hexgrid import edge

# Size 3, default starts (-2,0) and (2,0). The one coin left, at (0,2), lies on no line
# through (-2,0), and player 1 reaches it only across the edge (2,0)-(1,1).
LAST_COIN = (0, 2)
CUT = edge((2, 0), (1, 1))


def one_coin_left(purses: tuple[int, int]):
    state = new_duel(3)
    return replace(state, coins=frozenset({LAST_COIN}), purses=purses, to_move=0)


def test_the_gate_that_leaves_neither_hoarder_a_move_ends_the_duel_at_once():
    state = one_coin_left((3, 0))
    assert not hoarder_moves(state, 0) and [m.target for m in hoarder_moves(state, 1)] == [LAST_COIN]
    after, events = apply(state, Gate(CUT))
    assert events == [GateDrawn(0, CUT), NoMovesLeft(1), GameOver("no_moves_left", (3, 0))]
    assert after.is_over and after.ended == "no_moves_left"
    assert legal_actions(after) == []
    assert winner(after) == 0
    assert "neither Hoarder can reach a coin (1 coin left)" in events[1].describe()


def test_a_hoarder_who_can_still_pay_the_fee_keeps_the_duel_going():
    state = one_coin_left((3, 1))  # player 1 holds the 1 coin the gate will cost
    after, events = apply(state, Gate(CUT))
    assert not after.is_over and events == [GateDrawn(0, CUT)]
    assert [(m.target, m.fee) for m in hoarder_moves(after, 1)] == [(LAST_COIN, 1)]
    after, events = apply(after, Move(LAST_COIN))
    assert after.ended == "all_collected" and after.purses == (4, 1)


def test_no_later_gate_can_give_a_move_back_so_the_result_is_already_decided():
    """Why ending is right: gates only add fees and purses change only by moves."""
    stuck, _ = apply(one_coin_left((2, 0)), Gate(CUT))
    assert stuck.ended == "no_moves_left"
    stuck = replace(stuck, ended=None)
    rng = random.Random(3)
    owned = [set(stuck.gates[0]), set(stuck.gates[1])]
    for e in stuck.board.edges:
        if e not in stuck.all_gates:
            owned[rng.randrange(2)].add(e)
    filled = replace(stuck, gates=(frozenset(owned[0]), frozenset(owned[1])))
    assert not hoarder_moves(filled, 0) and not hoarder_moves(filled, 1)
    assert filled.purses == (2, 0) and legal_actions(filled) == [Pass()]


def test_random_duels_never_go_on_once_neither_hoarder_can_move():
    rng = random.Random(12)
    seen = 0
    for game in range(60):
        state = new_duel(3, first=game % 2)
        while not state.is_over:
            assert hoarder_moves(state, 0) or hoarder_moves(state, 1)
            state, events = apply(state, rng.choice(legal_actions(state)))
        if state.ended == "no_moves_left":
            seen += 1
            assert state.coins and not hoarder_moves(state, 0) and not hoarder_moves(state, 1)
            assert isinstance(events[-2], NoMovesLeft) and events[-1] == GameOver("no_moves_left", state.purses)
    assert seen >= 5  # random play strands coins often; the new end is not a rarity


def test_computer_players_see_the_same_end():
    state = one_coin_left((1, 0))
    action = choose_action(state, "hard", random.Random(1), 0.05)
    after, _ = apply(state, action)
    # Drawing the cut wins at once (1-0); the search must find it rather than let player 1 collect.
    assert action == Gate(CUT) and after.ended == "no_moves_left" and winner(after) == 0
