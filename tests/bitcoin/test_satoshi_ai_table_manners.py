"""What a table would not forgive a computer player (issue 33), for every strength: quitting a job
it took this turn (the take-and-quit loop), giving up a job whose pay helps, paying Bitcoins for
a move that lands where nothing happens for it, and paying a Job Opportunity's fee for nothing.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from satoshi_helpers import DATA, FIRST_STEP, TRACK, land_on, position, tile_id, with_player, with_tile

from game.bitcoin.actions import Accept, Decline, Move, Quit, Skip, TakeJob
from game.bitcoin.agents import baseline
from game.bitcoin.ai import STRENGTHS, choose_action
from game.bitcoin.ai.forecast import live_condition
from game.bitcoin.choices import landing_does_nothing
from game.bitcoin.events import NothingHappens
from game.bitcoin.jobs import move_cost
from game.bitcoin.rules import apply, legal_actions
from game.bitcoin.setup import new_game
from game.bitcoin.state import State

EVERY_PLAYER = [*STRENGTHS, "baseline"]


def decide(state: State, who: str, seed: int) -> object:
    if who == "baseline":
        return baseline(state, random.Random(seed))
    return choose_action(state, who, random.Random(seed), playouts=2)


def broke_and_just_hired() -> State:
    """Issue 33's loop: a broke, unemployed player missed her move (Food $26 + Internet $25 and
    $30 in hand), skipped for a Job Opportunity and took the Journalist job ($45 a turn, less than
    the $51 a turn costs). Now her turn ends: a person keeps the job and moves again in two turns."""
    state = with_player(position(food=26, internet=25, bitcoin=4), 1, usd=30)
    state = replace(state, turn=1, phase="expenses")
    state, _ = apply(state, legal_actions(state)[0])  # pay what she can: the move is missed
    assert state.missed and state.phase == "end"
    state, _ = apply(state, Skip())
    state, _ = apply(state, TakeJob("journalist", ("journalist",)))
    assert state.phase == "end" and state.players[1].jobs == ("journalist",)
    return state


@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_no_player_quits_the_job_it_took_this_turn(who):
    state = broke_and_just_hired()
    for seed in range(30):
        assert not isinstance(decide(state, who, seed), Quit), (who, seed)


@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_a_job_whose_pay_helps_is_kept_after_a_missed_move(who):
    """A later turn, still short of Food and Internet ($51 a turn): the Journalist's $45 still
    helps (she moves most turns on it), so she keeps it."""
    state = with_player(position(food=26, internet=25, bitcoin=4), 1, usd=5, jobs=("journalist",))
    state = replace(state, turn=1, phase="end", missed=True, skipped=True)
    for seed in range(30):
        assert not isinstance(decide(state, who, seed), Quit), (who, seed)


def test_seed_1002_no_longer_loops():
    """The audit's first loop: seed 1002, seat 1, from round 4 (normal computers at every seat,
    the tournament's seeding): a job taken and quit in the same turn, every round."""
    state = new_game(4, 1002)
    rng = random.Random("satoshi-tournament:1002")
    taken: set[tuple[int, str]] = set()
    while state.phase != "over" and state.round <= 12:
        action = choose_action(state, "normal", rng, 0.05, 4)
        if isinstance(action, Quit):
            assert (state.turn, action.job) not in taken, f"round {state.round}: quits {action.job}"
        if isinstance(action, TakeJob):
            taken.add((state.turn, action.job))
        state, events = apply(state, action)
        if any(type(e).__name__ == "TurnStarted" for e in events):
            taken.clear()
    assert state.round > 12 or state.phase == "over"


@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_no_player_pays_a_job_opportunity_fee_and_then_lets_it_pass(who):
    """A fee buys the Job Opportunity: having paid it, the player takes a job."""
    fee_tile = next(t for t in DATA.tiles.values() if t.kind == "job_opportunity" and t.fee > 0)
    state = with_player(position(bitcoin=10), 0, usd=100, jobs=("banker",))
    state, _ = land_on(state, fee_tile.id)
    assert state.phase == "fee"
    state, _ = apply(state, Accept())
    assert state.phase == "job"
    for seed in range(30):
        assert not isinstance(decide(state, who, seed), Decline), (who, seed)


def with_btc_and_nothing_ahead() -> State:
    """Player 0 (a Banker) on Start with 10 BTC. One space ahead a coffee shop (free Internet
    next turn); every space two and three ahead holds a Mining tile for the level already
    reached, where nothing happens: paying for them buys nothing."""
    state = with_player(position(bitcoin=10), 0, btc=10, usd=100, jobs=("banker",))
    gpu = tile_id("mining", level="GPU")
    state = replace(state, mining=state.data.mining_index("GPU"))
    for space, left in TRACK.distance.items():
        if TRACK.distance[TRACK.start] - left in (2, 3):
            state = with_tile(state, space, gpu)
    assert landing_does_nothing(state, 0, TRACK.successors[FIRST_STEP][0])
    return state


@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_no_player_pays_to_land_where_nothing_happens(who):
    state = with_btc_and_nothing_ahead()
    for seed in range(30):
        action = decide(state, who, seed)
        if isinstance(action, Move):
            assert move_cost(state.players[0], state.data, action.spaces) == 0 or not landing_does_nothing(
                state, 0, action.path[-1]), (who, seed, action)


def test_landing_does_nothing_agrees_with_the_rules():
    """The engine fact the players and the table read says exactly when a landing logs nothing."""
    checked = 0
    for seed in range(3):
        state, rng = new_game(4, seed), random.Random(seed)
        while state.phase != "over" and checked < 400:
            action = choose_action(state, "random", rng)
            if isinstance(action, Move) and action.path[-1] != TRACK.end:
                said = landing_does_nothing(state, state.turn, action.path[-1])
                _, events = apply(state, action)
                logged = [e for e in events if isinstance(e, NothingHappens) and "roll" not in e.reason
                          and "coffee shop" not in e.reason]
                assert bool(said) == bool(logged) or "Student" in said, (said, logged)
                checked += 1
            state, _ = apply(state, action)
    assert checked > 100


# --- the kind, not the case: every job, every player count, on Start and near End ----------------
NEAR_END = next(space for space, left in TRACK.distance.items() if left == 6)


def just_hired(players: int, job: str, space: str) -> State:
    """Seat 1 of `players`, broke and unemployed, missed her move (Food $26 + Internet $25, $30 in
    hand), skipped for a Job Opportunity and took `job` alone; her turn is ending."""
    state = with_player(position(players, food=26, internet=25, bitcoin=30), 1, usd=30, space=space)
    state = replace(state, turn=1, phase="expenses")
    state, _ = apply(state, legal_actions(state)[0])
    state, _ = apply(state, Skip())
    state, _ = apply(state, TakeJob(job, (job,)))
    assert state.phase == "end" and state.players[1].jobs == (job,), (job, state.phase)
    return state


@pytest.mark.parametrize("space", [TRACK.start, NEAR_END], ids=["start", "near-end"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_no_job_is_quit_the_turn_it_was_taken(who, players, space):
    """Every job card, at every player count (a Bitcoin job's pay depends on it), far from End and
    within hard's search distance of it: the job taken this turn is kept."""
    for job in sorted(DATA.jobs):
        state = just_hired(players, job, space)
        for seed in range(2):
            assert not isinstance(decide(state, who, seed), Quit), (who, job, seed)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_every_job_that_pays_is_kept_after_a_missed_move(who, players):
    """A later turn, short of Food and Internet: whatever the job, if it pays her anything she
    keeps it (a person keeps any income while she cannot afford to live)."""
    from game.bitcoin.ai.budget import job_pays

    kept = 0
    for job in sorted(DATA.jobs):
        state = with_player(position(players, food=26, internet=25, bitcoin=30), 1, usd=5, jobs=(job,),
                            space=NEAR_END)
        state = replace(state, turn=1, phase="end", missed=True, skipped=True)
        if not job_pays(state, job):
            continue
        kept += 1
        for seed in range(2):
            assert not isinstance(decide(state, who, seed), Quit), (who, job, seed)
    assert kept >= len(DATA.jobs) // 2  # most jobs pay at $30 a Bitcoin: the test tests something


@pytest.mark.parametrize("who", EVERY_PLAYER)
def test_no_player_pays_bitcoins_to_reach_a_job_opportunity_and_then_lets_it_pass(who):
    """The audit's last case (random, easy v random): an unemployed player paid Bitcoins for a move
    onto a Job Opportunity and then let it pass. Having paid to come, she takes a job."""
    three = next(s for s, left in TRACK.distance.items() if TRACK.distance[TRACK.start] - left == 3)
    for fee in (False, True):  # ... and one with a fee: she paid 1 BTC to come and refused the fee
        tile = next(t for t in DATA.tiles.values() if t.kind == "job_opportunity" and (t.fee > 0) == fee)
        state = with_tile(with_player(position(bitcoin=10), 0, btc=10, usd=100), three, tile.id)
        move = next(m for m in legal_actions(state) if isinstance(m, Move) and m.path[-1] == three)
        assert move_cost(state.players[0], DATA, move.spaces) > 0
        state, _ = apply(state, move)
        assert state.phase == ("fee" if fee else "job")
        for seed in range(40):
            assert not isinstance(decide(state, who, seed), Decline), (who, fee, seed)


def test_a_runaway_leader_pays_to_hurry_home():
    """The audit's two games at the round limit (seeds 1806 and 1087): the Bitcoin leader, 40 BTC
    to nobody's 0 at $50, crawled a free space a turn to save Bitcoins she did not need. A person
    pays for the longer move and finishes; a player whose lead the payment would cost does not."""
    six = next(space for space, left in TRACK.distance.items() if left == 6)
    state = with_player(position(bitcoin=50, round=40), 0, btc=40, usd=100, jobs=("banker",), space=six)
    assert live_condition(state) == "bitcoin"  # the price stays in the Bitcoin band to the end
    for seed in range(10):
        action = choose_action(state, "normal", random.Random(seed))
        assert isinstance(action, Move) and action.spaces == 3, (seed, action)
    close = with_player(state, 1, btc=38)  # 4 BTC for three spaces would cost her the lead
    for seed in range(10):
        action = choose_action(close, "normal", random.Random(seed))
        assert isinstance(action, Move) and move_cost(close.players[0], DATA, action.spaces) < 4, (seed, action)
