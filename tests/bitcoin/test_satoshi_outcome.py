"""Game end, every winning condition and tie-break, Satoshi's win, difficulty, advanced rules."""

from __future__ import annotations

from dataclasses import replace

import pytest
from satoshi_helpers import DATA, END_SPACE, START, TRACK, begin_turn, next_roll, of, position, with_player

from game.bitcoin.actions import END, Move, Save, Sell
from game.bitcoin.events import DieRolled, GameOver, PriceChanged, RoleRevealed
from game.bitcoin.rules import apply, explain_illegal, legal_actions
from game.bitcoin.state import Options

BEFORE_END = next(s for s, nxt in TRACK.successors.items() if END_SPACE in nxt)
LOW, HIGH = DATA.rules.fiat_below, DATA.rules.everyone_at


def finish(state, **players):
    """Player 0 steps onto End; `players` maps 'p1' etc. to changes."""
    state = with_player(state, 0, space=BEFORE_END)
    for key, changes in players.items():
        state = with_player(state, int(key[1:]), **changes)
    state, events = apply(state, Move(1, (END_SPACE,)))
    assert state.phase == "over"
    return state.outcome, events


def test_fiat_condition_most_dollars_wins():
    out, _ = finish(position(bitcoin=LOW - 1), p1={"usd": 50}, p2={"usd": 40}, p3={"usd": 99})
    assert out.condition == "fiat" and out.winners == (1,) and out.tie_break == ""  # player 3 is Satoshi


def test_fiat_tie_broken_by_fiat_job_income():
    state = position(bitcoin=0)
    out, _ = finish(state, p1={"usd": 50, "jobs": ("janitor",)}, p2={"usd": 50, "jobs": ("banker", "miner")})
    assert out.winners == (2,) and out.tie_break == "fiat income"


def test_fiat_tie_unbroken_is_shared():
    out, _ = finish(position(bitcoin=0), p1={"usd": 50, "jobs": ("miner",)}, p2={"usd": 50})
    assert out.winners == (1, 2) and out.tie_break == "shared"


def test_bitcoin_condition_counts_savings_and_breaks_ties_by_dollars():
    state = position(bitcoin=LOW)
    out, _ = finish(state, p1={"btc": 5, "savings": 10, "usd": 1}, p2={"btc": 15, "usd": 2})
    assert out.condition == "bitcoin" and out.winners == (2,) and out.tie_break == "fiat money"
    out, _ = finish(state, p1={"btc": 16}, p2={"btc": 15, "usd": 100})
    assert out.winners == (1,)


def test_everyone_wins_at_the_high_limit_satoshi_too():
    out, events = finish(position(bitcoin=HIGH))
    assert out.condition == "everyone" and out.winners == (0, 1, 2, 3) and out.satoshi == 3
    assert of(events, GameOver)[0].winners == (0, 1, 2, 3)


def test_satoshi_never_wins_below_the_high_limit():
    out, _ = finish(position(bitcoin=HIGH - 1), p3={"btc": 1000, "usd": 1000})
    assert 3 not in out.winners and out.condition == "bitcoin"


def test_every_card_is_revealed_at_the_end():
    state = position(2, bitcoin=0)
    state = replace(state, aside="geek")
    _, events = finish(state)
    revealed = of(events, RoleRevealed)
    assert {e.player for e in revealed} == {-1, 0, 1}


@pytest.mark.parametrize(("difficulty", "offset"), [(k, v) for k, v in DATA.rules.difficulty.items()])
def test_difficulty_raises_both_limits(difficulty, offset):
    options = Options(players=4, difficulty=difficulty)
    out, _ = finish(position(bitcoin=HIGH + offset - 1, options=options))
    assert out.limits == (LOW + offset, HIGH + offset) and out.condition == "bitcoin"
    out, _ = finish(position(bitcoin=HIGH + offset, options=options))
    assert out.condition == "everyone"
    out, _ = finish(position(bitcoin=LOW + offset - 1, options=options))
    assert out.condition == "fiat"


def test_round_limit_ends_the_game():
    options = Options(players=4, max_rounds=5)
    state = position(phase="end", turn=3, round=5, options=options)
    state, events = apply(state, END)
    assert state.phase == "over" and state.outcome.reason == "round limit" and state.outcome.finisher == -1
    assert state.round == 5 and of(events, GameOver)


# --- advanced rule 7.1: steady inflation --------------------------------------------------------------
def inflation_state(section_space: str, roll: int):
    options = Options(players=4, inflation=True)
    state = with_player(position(options=options), 2, space=section_space)
    state = with_player(state, 0, usd=500)
    return next_roll(replace(state, phase="end", turn=3), roll)


@pytest.mark.parametrize(("roll", "item"), [(1, "food"), (3, "food"), (4, "internet"), (6, "internet")])
def test_steady_inflation_raises_food_or_internet_by_the_leading_section(roll, item):
    space = TRACK.section_spaces(2)[0]
    _state, events = apply(inflation_state(space, roll), END)
    change = next(e for e in of(events, PriceChanged) if e.cause.startswith("steady"))
    assert change.item == item and change.new - change.old == 2
    assert of(events, DieRolled)[0].purpose == "steady inflation"


def test_no_inflation_while_every_pawn_is_on_start():
    state, events = apply(inflation_state(START, 1), END)
    assert not of(events, DieRolled) and state.food == DATA.rules.food


def test_inflation_only_at_the_starting_players_turn():
    state = replace(inflation_state(TRACK.section_spaces(3)[0], 1), turn=0)
    state, events = apply(state, END)
    assert state.turn == 1 and not of(events, DieRolled)


def test_no_inflation_without_the_advanced_rule():
    state = replace(inflation_state(TRACK.section_spaces(3)[0], 1), options=Options(players=4))
    _, events = apply(state, END)
    assert not of(events, DieRolled)


# --- advanced rule 7.2: savings -----------------------------------------------------------------------
def test_savings_raise_the_price_per_ten_bitcoins_and_are_locked():
    step, effect = DATA.rules.savings_step, DATA.rules.job_effect[4]
    options = Options(players=4, savings=True)
    state = with_player(position(phase="end", options=options, bitcoin=10), 0, btc=step + 5)
    state, _ = apply(state, Save(step - 1))
    assert state.bitcoin == 10 and state.players[0].savings == step - 1
    state, _ = apply(state, Save(2))  # the savings pass 10
    assert state.bitcoin == 10 + effect and state.players[0].btc == 4
    assert explain_illegal(state, Sell(5)) is not None  # saved BTC cannot be sold
    assert explain_illegal(state, Save(5)) is not None


def test_savings_need_the_advanced_rule():
    state = with_player(position(phase="end"), 0, btc=20)
    assert not [a for a in legal_actions(state) if isinstance(a, Save)]
    assert explain_illegal(state, Save(10)) is not None


def test_advanced_flag_turns_on_both_rules():
    from game.bitcoin.setup import new_game

    options = new_game(3, 1, advanced=True).options
    assert options.inflation and options.savings and options.advanced == ("inflation", "savings")


def test_begin_turn_helper_uses_turn_order():
    state, _ = begin_turn(with_player(position(), 2, usd=100), 2)
    assert state.turn == 2
