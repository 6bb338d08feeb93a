"""Every rule of RULES.md for Hoarder & Gatekeeper, one test (or a few) each."""

from dataclasses import replace

import pytest

from game.coinland import (
    GATEKEEPER,
    HOARDER,
    ClassicMatch,
    CoinCollected,
    EndDeclared,
    FeePaid,
    GameOver,
    Gate,
    GateDrawn,
    IllegalAction,
    MatchOver,
    Mode,
    Move,
    Pass,
    Passed,
    PawnMoved,
    RolesSwapped,
    Stop,
    apply,
    explain_illegal,
    hoarder_moves,
    legal_actions,
    new_classic,
    new_duel,
    new_puzzle,
    parse_action,
    winner,
)
from game.hexgrid import DIRECTIONS, board, edge


def targets(state, player=None):
    return {m.target for m in hoarder_moves(state, player)}


# --- the Hoarder's move -------------------------------------------------------------
def test_moves_go_straight_any_distance_to_coin_cells():
    state = new_puzzle(3)
    on_lines = {c for d in DIRECTIONS for c in board(3).ray((0, 0), d)}
    assert targets(state) == on_lines and len(on_lines) == 12
    off_line = new_puzzle(3, start=(-2, 0))
    assert (-1, 2) not in targets(off_line)  # not on any of the six lines


def test_destination_must_hold_a_coin_but_cells_may_be_passed_over():
    state = new_puzzle(3, empty=[(1, 0)])
    assert (1, 0) not in targets(state)
    assert (2, 0) in targets(state)  # passes over the coinless cell
    full = new_puzzle(3)
    after, events = apply(full, Move((2, 0)))
    assert (1, 0) in after.coins  # the coin passed over stays
    assert events[0] == PawnMoved(HOARDER, (0, 0), (2, 0), ((1, 0), (2, 0)))


def test_a_long_move_pays_for_every_gate_crossed():
    gates = [edge((0, 0), (1, 0)), edge((1, 0), (2, 0))]
    state = new_puzzle(3, gates=gates, purse=2)
    move = {m.target: m for m in hoarder_moves(state)}[(2, 0)]
    assert move.fee == 2
    after, events = apply(state, Move((2, 0)))
    assert after.purses == (1, 2)  # 2 - 2 + 1; the sleeping Gatekeeper holds the fees
    assert FeePaid(HOARDER, GATEKEEPER, 2, tuple(gates)) in events


def test_fees_are_paid_from_the_purse_held_before_collecting():
    state = new_puzzle(3, gates=[edge((0, 0), (1, 0))], purse=0)
    assert (1, 0) not in targets(state)  # the coin there would not pay the gate on the way
    reason = explain_illegal(state, Move((1, 0)))
    assert reason is not None and "pay" in reason
    with pytest.raises(IllegalAction):
        apply(state, Move((1, 0)))


def test_events_come_in_order_move_fee_collect():
    state = new_puzzle(3, gates=[edge((0, 0), (0, 1))], purse=1)
    _, events = apply(state, Move((0, 1)))
    assert [type(e) for e in events] == [PawnMoved, FeePaid, CoinCollected]


def test_each_cell_is_entered_once():
    state, _ = apply(new_puzzle(3), Move((1, 0)))
    assert (1, 0) not in state.coins
    state, _ = apply(state, Move((2, 0)))
    assert (1, 0) not in targets(state)  # going back: no coin there any more


# --- Puzzle -----------------------------------------------------------------------
def test_puzzle_ends_when_no_move_is_legal():
    gates = [edge((0, 0), n) for n in board(2).neighbours((0, 0))]
    state = new_puzzle(2, gates=gates)
    assert state.is_over and state.ended == "no_move"
    assert legal_actions(state) == []


def test_puzzle_hoarder_may_stop_any_time():
    state = new_puzzle(3)
    assert Stop() in legal_actions(state)
    after, events = apply(state, Stop())
    assert after.ended == "stopped"
    assert events == [EndDeclared(HOARDER), GameOver("stopped", (0, 0))]


def test_puzzle_ends_when_all_coins_are_collected():
    state = new_puzzle(2, empty=[c for c in board(2).cells if c not in {(0, 0), (1, 0)}])
    after, _ = apply(state, Move((1, 0)))
    assert after.ended == "all_collected" and after.purses[0] == 1


def test_puzzle_has_no_gates_or_pass_or_declaring():
    state = new_puzzle(3)
    for action in (Gate(((0, 0), (1, 0))), Pass(), Move((1, 0), end=True)):
        assert explain_illegal(state, action) is not None


# --- Classic ----------------------------------------------------------------------
def test_classic_setup():
    state = new_classic(4)
    assert state.mode is Mode.CLASSIC
    assert state.coins == frozenset(board(4).cells) - {(0, 0)}
    assert state.pawns == ((0, 0),) and state.purses == (0, 0)
    assert state.to_move == GATEKEEPER  # the Gatekeeper moves first
    assert legal_actions(state) == [Gate(e) for e in board(4).edges]


def test_gatekeeper_draws_then_hoarder_must_move():
    state, events = apply(new_classic(3), Gate(((0, 0), (1, 0))))
    assert events == [GateDrawn(GATEKEEPER, ((0, 0), (1, 0)))]
    assert state.to_move == HOARDER
    actions = legal_actions(state)
    assert actions and all(isinstance(a, Move) for a in actions)  # no pass, no stop: moving is mandatory
    assert explain_illegal(state, Pass()) is not None
    assert explain_illegal(state, Stop()) is not None


def test_classic_hoarder_may_declare_the_end_after_moving():
    state, _ = apply(new_classic(3), Gate(((0, 0), (1, 0))))
    after, events = apply(state, Move((0, 1), end=True))
    assert after.ended == "declared"
    assert isinstance(events[-2], EndDeclared) and isinstance(events[-1], GameOver)
    assert after.purses == (1, 0)


def test_gatekeeper_passes_only_when_every_edge_has_a_gate():
    hexes = board(2)
    state = new_classic(2)
    state = replace(state, gates=(frozenset(), frozenset(hexes.edges[:-1])))
    assert Pass() not in legal_actions(state)
    full = replace(state, gates=(frozenset(), frozenset(hexes.edges)), purses=(0, 0))
    assert legal_actions(full) == [Pass()]


def test_classic_ends_when_the_hoarder_cannot_move():
    hexes = board(2)
    start = new_classic(2)
    gates = frozenset(edge((0, 0), n) for n in hexes.neighbours((0, 0)) if n != (1, 0))
    state = replace(start, gates=(frozenset(), gates))
    state, events = apply(state, Gate(edge((0, 0), (1, 0))))
    assert state.ended == "no_move"
    assert events[-1] == GameOver("no_move", (0, 0))


def test_classic_hoarder_does_not_move_for_the_gatekeeper():
    state = new_classic(3)
    with pytest.raises(IllegalAction, match="Gatekeeper"):
        apply(state, Move((1, 0)))
    state, _ = apply(state, Gate(((0, 0), (1, 0))))
    with pytest.raises(IllegalAction, match="Gatekeeper"):
        apply(state, Gate(((0, 0), (0, 1))))


def test_gate_must_be_on_a_free_edge_between_neighbours():
    state = new_classic(3)
    assert "neighbouring" in explain_illegal(state, Gate(((0, 0), (2, 0))))
    state, _ = apply(state, Gate(((0, 0), (1, 0))))
    state, _ = apply(state, Move((0, 1)))
    assert "already" in explain_illegal(state, Gate(((1, 0), (0, 0))))


# --- Duel ---------------------------------------------------------------------------
def test_duel_setup_leaves_three_cells_without_coins():
    state = new_duel(4, first=1)
    assert state.pawns == ((-3, 0), (3, 0))
    assert len(state.coins) == 37 - 3
    assert state.to_move == 1


def test_duel_own_gates_are_free_and_opponent_gates_cost_and_pay_the_opponent():
    state = new_duel(3)
    state, _ = apply(state, Gate(edge((-2, 0), (-1, 0))))  # player 0 gates her own path
    state, _ = apply(state, Gate(edge((-1, 0), (0, 0))))  # player 1 gates the next edge
    own = {m.target: m for m in hoarder_moves(state, 0)}
    assert own[(-1, 0)].fee == 0  # her own gate is free
    assert (1, 0) not in own  # crossing the opponent's gate needs a coin she does not hold
    state, events = apply(state, Move((-1, 0)))
    assert state.purses == (1, 0)
    state, _ = apply(state, Gate(edge((2, -2), (2, -1))))  # player 1 does something else
    state, events = apply(state, Move((1, 0)))  # crosses player 1's gate
    assert FeePaid(0, 1, 1, (edge((-1, 0), (0, 0)),)) in events
    assert state.purses == (1, 1)


def test_duel_hoarder_may_not_pass_over_or_land_on_the_other():
    state = new_duel(3, starts=((-2, 0), (0, 0)))
    assert (1, 0) not in targets(state, 0) and (2, 0) not in targets(state, 0)
    assert (-1, 0) in targets(state, 0)
    with pytest.raises(IllegalAction, match="other Hoarder"):
        apply(state, Move((2, 0)))


def test_duel_turn_is_exactly_one_action_and_alternates():
    state = new_duel(3)
    state, _ = apply(state, Move((-1, 0)))
    assert state.to_move == 1
    state, _ = apply(state, Gate(((0, 0), (1, 0))))
    assert state.to_move == 0


def test_duel_ends_when_both_pass_in_succession_and_more_coins_wins():
    hexes = board(2)
    state = new_duel(2, starts=((-1, 0), (1, 0)))
    state = replace(state, coins=frozenset(), gates=(frozenset(hexes.edges), frozenset()))
    state = replace(state, purses=(3, 1))
    assert legal_actions(state) == [Pass()]
    state, events = apply(state, Pass())
    assert events == [Passed(0)] and not state.is_over
    state, events = apply(state, Pass())
    assert state.ended == "both_passed" and events[-1] == GameOver("both_passed", (3, 1))
    assert winner(state) == 0


def test_duel_pass_streak_resets_after_a_real_action():
    state = new_duel(2, starts=((-1, 0), (1, 0)))
    gated = frozenset(board(2).edges) - {edge((0, 0), (0, 1))}
    state = replace(state, coins=frozenset(), gates=(gated, frozenset()))
    state, _ = apply(state, Gate(edge((0, 0), (0, 1))))
    assert state.passes == 0
    state, _ = apply(state, Pass())
    assert state.passes == 1 and not state.is_over


def test_duel_draw_and_end_when_all_coins_collected():
    state = new_duel(2, starts=((-1, 0), (1, 0)))
    state = replace(state, coins=frozenset({(0, 0)}))
    state, _ = apply(state, Move((0, 0)))
    assert state.ended == "all_collected"
    assert winner(state) == 0
    drawn = replace(state, purses=(2, 2))
    assert winner(drawn) is None


# --- Classic match --------------------------------------------------------------------
def _play_out(match, pick):
    events = []
    while not match.is_over:
        match, caused = match.apply(pick(match))
        events.extend(caused)
    return match, events


def test_classic_match_swaps_roles_and_compares_hoarder_scores():
    def declare_first(match):
        actions = match.legal_actions()
        ends = [a for a in actions if isinstance(a, Move) and a.end]
        return ends[0] if ends else actions[0]

    match, events = _play_out(ClassicMatch(size=3, first_hoarder=1), declare_first)
    swaps = [e for e in events if isinstance(e, RolesSwapped)]
    assert swaps == [RolesSwapped(2, 0)]
    assert match.results == (1, 1)
    assert match.hoarder_scores == (1, 1) and match.winner is None
    assert events[-1] == MatchOver((1, 1), None)


def test_match_seat_mapping():
    match = ClassicMatch(size=3, first_hoarder=0)
    assert match.current_seat == 1  # the Gatekeeper (seat 1) opens game 1
    assert match.role_of_seat(0) == HOARDER
    assert ClassicMatch.from_dict(match.to_dict()) == match


# --- actions text -------------------------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [Move((1, -2)), Move((0, 3), end=True), Gate(((1, 0), (0, 0))), Pass(), Stop(), Move((-3, 0))],
)
def test_action_text_round_trips(action):
    assert parse_action(action.text) == action
    assert parse_action(f"  {action.text.upper()} ") == action


@pytest.mark.parametrize("text", ["", "move", "move 1", "gate 0,0", "jump 1,1", "move 1,2 now", "gate a,b c,d"])
def test_bad_action_text_says_what_is_expected(text):
    with pytest.raises(ValueError, match="expected"):
        parse_action(text)
