"""Setup, income, living expenses and missed moves, movement costs and the occupied-space rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from satoshi_helpers import (
    COFFEE,
    DATA,
    END_SPACE,
    FIRST_STEP,
    START,
    TRACK,
    begin_turn,
    of,
    position,
    with_player,
    with_tile,
)

from game.bitcoin.actions import PAY, SKIP, Move, Pay, Quit, Sell, TakeJob, parse_action
from game.bitcoin.events import LivingExpenses, PawnMoved
from game.bitcoin.moves import paths
from game.bitcoin.rules import IllegalAction, apply, explain_illegal, legal_actions, step_actions
from game.bitcoin.setup import SetupError, new_game, start_game
from game.bitcoin.state import GEEK, SATOSHI


# --- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_setup(players):
    state, _events = start_game(players, seed=11)
    assert state.food == DATA.rules.food and state.internet == DATA.rules.internet
    assert state.bitcoin == DATA.rules.bitcoin and state.software == 0 and state.mining == 0
    assert state.bitcoin_deck == state.economic_deck == (1, 2, 3, 4, 5, 6)
    roles = Counter(p.role for p in state.players)
    if players == 2:
        assert state.aside in (SATOSHI, GEEK) and roles[SATOSHI] + (state.aside == SATOSHI) == 1
    else:
        assert roles == {SATOSHI: 1, GEEK: players - 1} and state.aside == ""
    jobs = [p.jobs[0] for p in state.players]
    assert len(set(jobs)) == players and all(DATA.jobs[j].is_fiat for j in jobs)
    assert all(p.space == START for p in state.players)


@pytest.mark.parametrize("seed", range(5))
def test_tiles_are_shuffled_within_their_section(seed):
    state = new_game(4, seed)
    for section in (1, 2, 3):
        laid = Counter(state.tile_at(space) for space in TRACK.section_spaces(section))
        printed = Counter({t.id: t.count for t in DATA.tiles.values() if t.section == section})
        assert laid == printed
    assert new_game(4, 0).layout != new_game(4, 1).layout


def test_starting_money_and_pizza_bitcoin():
    _state, events = start_game(3, seed=0, fiat_jobs=("pizza_delivery", "journalist", "janitor"))
    first_turn = next(i for i, e in enumerate(events) if type(e).__name__ == "TurnStarted")
    setup = events[:first_turn]
    got = Counter()
    for e in setup:
        if type(e).__name__ == "MoneyPaid":
            got[(e.payee, e.currency)] += e.amount
    start = DATA.rules.starting_usd
    assert got == {(0, "usd"): start, (1, "usd"): start, (2, "usd"): start,
                   (0, "btc"): DATA.jobs["pizza_delivery"].value("start_btc")}


def test_student_starts():
    assert new_game(3, 0, fiat_jobs=("janitor", "banker", "student")).first == 2


def test_player_left_of_the_banker_starts():
    assert new_game(3, 0, fiat_jobs=("banker", "janitor", "journalist")).first == 1
    assert new_game(3, 0, fiat_jobs=("janitor", "journalist", "banker")).first == 0


def test_random_start_without_student_or_banker():
    firsts = {new_game(3, seed, fiat_jobs=("janitor", "journalist", "programmer")).first for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_setup_rejects_bad_options():
    with pytest.raises(SetupError):
        new_game(7)
    with pytest.raises(SetupError):
        new_game(3, difficulty="easy")
    with pytest.raises(SetupError):
        new_game(2, fiat_jobs=("miner", "banker"))


@pytest.mark.parametrize(("name", "key"), [("normal", "normal"), ("hard", "hard"), ("very-hard", "very_hard")])
def test_difficulty_names(name, key):
    assert new_game(3, difficulty=name).options.difficulty == key


# --- living expenses ----------------------------------------------------------------------------------
def test_paying_both_and_moving():
    state = with_player(position(), 1, usd=40)
    state, events = begin_turn(state, 1)
    assert state.players[1].usd == 0 and state.phase == "move" and not state.missed
    assert of(events, LivingExpenses)[0] == LivingExpenses(1, "paid", "paid", False, False)


def test_only_one_affordable_misses_the_move():
    state = with_player(position(food=20, internet=25), 1, usd=30, space=FIRST_STEP, jobs=("miner",))
    state = with_tile(state, FIRST_STEP, next(t.id for t in DATA.tiles.values() if t.kind == "jump"))
    state, events = begin_turn(state, 1)
    assert state.phase == "expenses"  # short of money: may sell or ask first
    state, events = apply(state, PAY)
    assert state.players[1].usd == 10 and state.missed and state.phase == "end"
    assert state.players[1].space == FIRST_STEP
    assert of(events, LivingExpenses)[0] == LivingExpenses(1, "paid", "unpaid", True, False)
    assert not any(isinstance(a, Move) for a in legal_actions(state))


def test_a_player_who_can_pay_either_but_not_both_chooses_which():
    """Issue 33: the rules text leaves the choice to the player (chapter 5.1, step 2); the
    engine offers it, the cheaper first as the default."""
    state = with_player(position(food=20, internet=25), 1, usd=30, jobs=("miner",))
    state, _ = begin_turn(state, 1)
    assert state.phase == "expenses"
    assert step_actions(state) == [Pay("food"), Pay("internet")]
    after, events = apply(state, Pay("internet"))
    assert after.players[1].usd == 5 and after.missed and after.phase == "end"
    assert of(events, LivingExpenses)[0] == LivingExpenses(1, "unpaid", "paid", True, False)
    after, events = apply(state, Pay("food"))
    assert after.players[1].usd == 10
    assert of(events, LivingExpenses)[0] == LivingExpenses(1, "paid", "unpaid", True, False)
    assert apply(state, PAY)[0] == after  # plain "pay" is the default: the cheaper


def test_no_food_or_internet_choice_when_there_is_none():
    both = with_player(position(food=20, internet=25), 1, usd=45)
    assert step_actions(replace(both, turn=1, phase="expenses")) == [PAY]
    one = with_player(position(food=20, internet=25), 1, usd=22)  # only Food is within reach
    assert step_actions(replace(one, turn=1, phase="expenses")) == [Pay("food")]
    none = with_player(position(food=20, internet=25), 1, usd=5)
    assert step_actions(replace(none, turn=1, phase="expenses")) == [PAY]
    student = with_player(position(food=20, internet=25), 1, usd=5, jobs=("student",))  # free Internet
    assert explain_illegal(replace(student, turn=1, phase="expenses"), Pay("internet")) is not None
    assert parse_action("pay internet") == Pay("internet") and Pay("food").text == "pay food"


def test_none_affordable_goes_back_to_start():
    state = with_player(position(), 1, usd=5, space=FIRST_STEP, jobs=("miner",))
    state = with_tile(state, FIRST_STEP, next(t.id for t in DATA.tiles.values() if t.kind == "jump"))
    state, _ = begin_turn(state, 1)
    state, events = apply(state, PAY)
    assert state.players[1].space == START and state.players[1].usd == 5
    assert of(events, PawnMoved)[0].reason == "back to start"


def test_selling_bitcoin_to_pay_expenses():
    state = with_player(position(bitcoin=10), 1, usd=20, btc=5)
    state, _ = begin_turn(state, 1)
    assert state.phase == "expenses"
    sale = Sell(3)  # 20 + 30 - 5 fee = 45 >= 40
    assert sale in legal_actions(state)
    state, _ = apply(state, sale)
    state, _ = apply(state, PAY)
    assert state.players[1].usd == 5 and state.phase == "move"


def test_coffee_shop_gives_free_internet_to_a_player_starting_there():
    state = with_player(position(internet=30), 1, usd=20, space=FIRST_STEP)
    state = with_tile(state, FIRST_STEP, COFFEE)
    state, events = begin_turn(state, 1)
    assert of(events, LivingExpenses)[0].internet == "free" and state.players[1].usd == 0


def test_unemployed_may_skip_the_move_for_a_job():
    state = with_player(position(), 0, jobs=())
    assert SKIP in legal_actions(state)
    state, _ = apply(state, SKIP)
    assert state.phase == "job" and state.missed
    take = next(a for a in legal_actions(state) if isinstance(a, TakeJob))
    state, _ = apply(state, take)
    assert state.players[0].jobs == take.jobs and state.phase == "end"
    assert SKIP not in legal_actions(state)


def test_unemployed_may_take_the_job_opportunity_after_a_missed_move():
    state = with_player(position(), 1, usd=25)
    state, _ = begin_turn(state, 1)
    state, _ = apply(state, PAY)
    assert state.missed and state.phase == "end" and SKIP in legal_actions(state)
    employed = with_player(state, 1, jobs=("miner",))
    assert SKIP not in legal_actions(employed)


# --- movement -----------------------------------------------------------------------------------------
def test_moves_go_up_or_right_and_cost_bitcoins():
    state = with_player(position(), 0, btc=0)
    assert {m.spaces for m in legal_actions(state) if isinstance(m, Move)} == {1}
    state = with_player(state, 0, btc=DATA.rules.btc_cost[1])
    assert {m.spaces for m in legal_actions(state) if isinstance(m, Move)} == {1, 2}
    state = with_player(state, 0, btc=DATA.rules.btc_cost[2])
    moves = [m for m in legal_actions(state) if isinstance(m, Move)]
    assert {m.spaces for m in moves} == {1, 2, 3}
    for m in moves:
        here = START
        for step in m.path:
            a, b = TRACK.by_id[here], TRACK.by_id[step]
            assert (b.x - a.x, b.y - a.y) in ((1, 0), (0, 1))
            here = step
        assert len(m.path) == m.spaces
    three = next(m for m in moves if m.spaces == 3)
    after, _ = apply(state, three)
    assert after.players[0].btc == 0


def test_occupied_space_gives_one_more_and_cannot_be_stopped_on():
    state = with_player(position(), 1, space=FIRST_STEP)
    options = paths(state, 0, 1)
    assert all(p[-1] != FIRST_STEP for p in options)
    through = [p for p in options if p[0] == FIRST_STEP]
    assert through and all(len(p) == 2 for p in through)
    with pytest.raises(IllegalAction):
        apply(state, Move(1, (FIRST_STEP,)))


def test_end_stops_the_pawn_and_ends_the_game():
    before_end = next(s for s, nxt in TRACK.successors.items() if END_SPACE in nxt)
    state = with_player(position(), 0, space=before_end, btc=10)
    moves = [m for m in legal_actions(state) if isinstance(m, Move) and m.path[-1] == END_SPACE]
    assert [m.spaces for m in moves] == [1]  # the cheapest purchase only
    state, _ = apply(state, moves[0])
    assert state.phase == "over" and state.outcome.finisher == 0 and state.outcome.reason == "end"


def test_moving_needs_the_bitcoins():
    state = with_player(position(), 0, btc=0)
    assert "costs" in explain_illegal(state, Move(2, TRACK_PATH_2))


TRACK_PATH_2 = (FIRST_STEP, TRACK.successors[FIRST_STEP][0])


def test_every_space_reaches_end():
    assert set(TRACK.distance) == set(TRACK.by_id)


def test_moves_are_not_possible_in_other_steps():
    state = replace(position(), phase="end")
    assert explain_illegal(state, Move(1, (FIRST_STEP,))) is not None


def test_quitting_after_a_missed_move_opens_no_job_opportunity():
    """Issue 16, rule 4.3: the Job Opportunity instead of the move belongs to step 3, for a player
    unemployed then; an employed Miner who misses her move and quits at step 4 may not skip."""
    state = with_player(position(food=20, internet=20), 1, usd=25, jobs=("miner",))
    state, _ = begin_turn(state, 1)
    if state.phase == "expenses":
        state, _ = apply(state, PAY)
    assert state.missed and state.phase == "end" and state.players[1].jobs == ("miner",)
    state, _ = apply(state, Quit("miner"))
    assert state.players[1].jobs == ()
    assert SKIP not in legal_actions(state)
    assert "unemployed" in explain_illegal(state, SKIP)
    with pytest.raises(IllegalAction):
        apply(state, SKIP)
    # the next turn she is unemployed at step 3, so the Job Opportunity is hers to take
    state, _ = begin_turn(with_player(state, 1, usd=100), 1)
    assert state.phase == "move" and SKIP in legal_actions(state)
