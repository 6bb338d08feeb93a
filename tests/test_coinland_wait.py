"""The Duel's waiting game in the rules engine (issue #34 item 3): Wait, the counts, the pass house rule."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.coinland import (
    Gate,
    GateDrawn,
    IllegalAction,
    Move,
    Pass,
    State,
    StateError,
    Wait,
    apply,
    explain_illegal,
    harmless_edges,
    hoarder_moves,
    is_legal,
    legal_actions,
    new_classic,
    new_duel,
    parse_action,
    wait_edge,
    waiting,
)
from game.coinland.ai.position import PASS, Pos
from game.coinland.ai.waits import action_code
from game.hexgrid import board, edge

# Size 3, Hoarders on the corners (-2,0) and (2,0), two coins left on their row, at (-1,0) and
# (1,0): only the row's four edges can still be crossed, the other 38 are harmless.
TWO_COINS = frozenset({(-1, 0), (1, 0)})
ROW = {edge((-2, 0), (-1, 0)), edge((-1, 0), (0, 0)), edge((0, 0), (1, 0)), edge((1, 0), (2, 0))}


def endgame(to_move: int = 0, may_pass: bool = False, purses=(3, 3)) -> State:
    return replace(new_duel(3, may_pass=may_pass), coins=TWO_COINS, purses=purses, to_move=to_move)


def test_wait_draws_the_movers_gate_on_a_harmless_edge_and_changes_nothing_else():
    state = endgame()
    harmless = harmless_edges(state)
    assert harmless == frozenset(board(3).edges) - ROW and wait_edge(state) == min(harmless)
    after, events = apply(state, Wait())
    drawn = wait_edge(state)
    assert events == [GateDrawn(0, drawn)]
    assert drawn in after.gates[0] and after.to_move == 1
    assert harmless_edges(after) == harmless - {drawn}
    assert after.coins == state.coins and after.purses == state.purses and after.pawns == state.pawns


def test_wait_reads_and_writes_as_text():
    assert parse_action("wait") == Wait() and parse_action(" WAIT ") == Wait()
    assert Wait().text == "wait"


def test_wait_is_refused_when_no_edge_is_harmless():
    state = new_duel(3)  # at the start every edge lies between a Hoarder and a coin
    assert harmless_edges(state) == frozenset() and wait_edge(state) is None
    assert not is_legal(state, Wait())
    with pytest.raises(IllegalAction, match="no harmless edge"):
        apply(state, Wait())


def test_the_classic_hoarder_may_not_wait_but_the_gatekeeper_may():
    state = replace(new_classic(3), coins=frozenset({(1, 0)}))
    assert harmless_edges(state)  # only the row from the centre to (1,0) can be crossed
    assert is_legal(state, Wait())  # the Gatekeeper is to move
    hoarding = replace(state, to_move=0)
    assert explain_illegal(hoarding, Wait()) == "only the Gatekeeper draws gates"


def test_wait_is_not_listed_twice_in_legal_actions():
    state = endgame()
    actions = legal_actions(state)
    assert Wait() not in actions and Gate(wait_edge(state)) in actions


def test_waiting_counts_harmless_and_free_edges_and_who_must_move_first():
    state = endgame(to_move=0)
    free = len(board(3).edges)  # 42, no gate yet
    w = waiting(state)
    assert w.free == free and w.harmless == len(harmless_edges(state))
    assert w.first_to_move == 0  # 42 free edges, even: the player to move is on turn when none is left
    after, _ = apply(state, Wait())
    assert waiting(after).first_to_move == 0  # 41 free, player 1 to move: still player 0
    assert waiting(after).harmless == w.harmless - 1


def test_with_no_edge_left_a_player_who_cannot_pay_passes_and_the_other_moves_first():
    theirs = (frozenset(), frozenset(board(3).edges))  # every edge holds a gate of player 1's
    broke = replace(endgame(purses=(0, 3)), gates=theirs)
    assert waiting(broke).free == 0 and legal_actions(broke) == [Pass()]
    assert waiting(broke).first_to_move == 1
    rich = replace(broke, purses=(3, 3))
    assert [a for a in legal_actions(rich) if isinstance(a, Move)]
    assert waiting(rich).first_to_move == 0


def test_every_move_costs_once_neither_hoarder_has_a_free_move():
    state = endgame()
    assert not waiting(state).every_move_costs
    # player 1 gates the edge out of (-2,0), player 0 the edge out of (2,0): every move pays one
    gates = (frozenset({edge((1, 0), (2, 0))}), frozenset({edge((-2, 0), (-1, 0))}))
    walled = replace(state, gates=gates)
    assert sorted((m.target, m.fee) for p in (0, 1) for m in hoarder_moves(walled, p)) == [
        ((-1, 0), 1), ((-1, 0), 1), ((1, 0), 1), ((1, 0), 1)]
    assert waiting(walled).every_move_costs and waiting(walled).harmless == 38


def test_waiting_outside_a_duel_has_no_first_mover():
    assert waiting(new_classic(3)).first_to_move is None


# --- the house rule: pass instead of drawing a gate ------------------------------------------
def test_house_rule_is_off_by_default():
    state = endgame()
    assert Pass() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="only when nothing else is possible"):
        apply(state, Pass())


def test_house_rule_lets_a_player_pass_instead_of_a_gate_and_two_passes_end_the_game():
    state = endgame(may_pass=True, purses=(4, 2))
    assert Pass() in legal_actions(state)
    once, _ = apply(state, Pass())
    assert not once.is_over and once.passes == 1 and once.to_move == 1
    twice, _ = apply(once, Pass())
    assert twice.ended == "both_passed" and twice.purses == (4, 2)


def test_a_gate_or_a_move_between_two_passes_keeps_the_game_going():
    state = endgame(may_pass=True)
    once, _ = apply(state, Pass())
    gated, _ = apply(once, Wait())
    assert gated.passes == 0
    again, _ = apply(gated, Pass())
    assert not again.is_over


def test_house_rule_pass_needs_a_free_edge_to_replace():
    full = (frozenset(board(3).edges[::2]), frozenset(board(3).edges[1::2]))
    state = replace(endgame(may_pass=True, purses=(5, 5)), gates=full)
    assert [a for a in legal_actions(state) if isinstance(a, Move)]
    assert Pass() not in legal_actions(state)
    assert "move your Hoarder" in explain_illegal(state, Pass())


def test_house_rule_travels_with_the_state():
    state = new_duel(4, may_pass=True)
    assert state.to_dict()["may_pass"] is True
    assert State.from_json(state.to_json()) == state and State.from_toml(state.to_toml()).may_pass
    assert "may_pass" not in new_duel(4).to_dict()  # off: written as before
    assert State.from_dict(new_duel(4).to_dict()).may_pass is False


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_house_rule_that_is_not_true_or_false_is_refused(bad):
    data = new_duel(3).to_dict() | {"may_pass": bad}
    with pytest.raises(StateError, match="may_pass"):
        State.from_dict(data)


def test_the_house_rule_is_a_duel_rule():
    data = new_classic(3).to_dict() | {"may_pass": True}
    with pytest.raises(StateError, match="Duel house rule"):
        State.from_dict(data)


@pytest.mark.parametrize("may_pass", [False, True])
def test_search_positions_agree_with_the_rules(may_pass):
    """The computer players' bitmask positions offer exactly the rules' actions, house rule or not."""
    rng = random.Random(f"pos:{may_pass}")
    for game in range(30):
        state = new_duel(3, first=game % 2, may_pass=may_pass)
        while not state.is_over:
            pos = Pos.from_state(state)
            assert {pos.action(c) for c in pos.legal()} == set(legal_actions(state))
            action = rng.choice(legal_actions(state))
            after, _ = apply(state, action)
            child = pos.apply(pos.code(action) if action != Pass() else PASS)
            assert child.coins == Pos.from_state(after).coins and child.passes == after.passes
            assert child.ended == after.is_over or after.ended == "no_moves_left"
            state = after


def test_search_positions_find_the_rules_harmless_edges_and_wait_edge():
    from game.coinland.ai.waits import harmless, wait_code

    rng = random.Random("waits")
    for game in range(40):
        size = 2 + game % 3
        state = new_duel(size, first=game % 2) if game % 4 else new_classic(size)
        while not state.is_over:
            pos = Pos.from_state(state)
            expected = {pos.geo.edge_index[e] for e in harmless_edges(state)}
            assert {e for e in range(len(pos.geo.edges)) if harmless(pos) >> e & 1} == expected
            edge_found = wait_edge(state)
            code = wait_code(pos)
            assert (code is None) == (edge_found is None)
            if code is not None:
                assert pos.action(code) == Gate(edge_found) and action_code(pos, Wait()) == code
            state, _ = apply(state, rng.choice(legal_actions(state)))
