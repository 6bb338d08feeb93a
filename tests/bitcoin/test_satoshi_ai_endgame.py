"""Finding Satoshi computer players at the end of the game: the finisher's choice, pacing, tuning agents."""

import random

from game.bitcoin import apply, legal_actions
from game.bitcoin.actions import Buy, Move
from game.bitcoin.agents import AGENTS
from game.bitcoin.ai import choose_action
from game.bitcoin.simulate import run_games
from tests.bitcoin.satoshi_helpers import END_SPACE, TRACK, position, tile_id, with_player, with_tile

TWO_AWAY = next(space for space, left in TRACK.distance.items() if left == 2)


def near_end(price: int, mine: int, rival: int, satoshi: int = 3):
    """Player 0 (a student, so she must move) two spaces from End with `mine` BTC and $100;
    player 1 holds `rival` BTC."""
    state = position(4, bitcoin=price, satoshi=satoshi)
    state = with_player(state, 0, space=TWO_AWAY, btc=mine, usd=100, jobs=("student",))
    return with_player(state, 1, btc=rival)


def play_turn_until_move(state, strength="normal", seed=0):
    """The player's free actions, then its move: (actions taken, the state after the move)."""
    rng, taken = random.Random(seed), []
    while state.phase == "move" and state.turn == 0:
        action = choose_action(state, strength, rng, playouts=2)
        assert action in legal_actions(state)
        taken.append(action)
        state, _ = apply(state, action)
    return taken, state


def test_a_winning_finisher_buys_bitcoin_then_steps_on_end():
    # 5 BTC - 1 for the two-space move ties with the rival's 4; $100 at $50 buys one more after the fee
    taken, state = play_turn_until_move(near_end(price=50, mine=5, rival=4))
    assert isinstance(taken[0], Buy)
    assert state.phase == "over" and state.outcome.winners == (0,)


def test_a_losing_geek_keeps_off_end():
    for strength in ("normal", "hard"):
        taken, state = play_turn_until_move(near_end(price=50, mine=2, rival=9), strength)
        move = next(a for a in taken if isinstance(a, Move))
        assert move.path[-1] != END_SPACE and state.phase != "over"


def test_satoshi_finishes_only_once_the_price_is_there():
    _, low = play_turn_until_move(near_end(price=50, mine=5, rival=0, satoshi=0))
    assert low.phase != "over"
    _, high = play_turn_until_move(near_end(price=60, mine=5, rival=0, satoshi=0))
    assert high.phase == "over" and high.outcome.condition == "everyone"


def test_tuning_plays_with_the_computer_players():
    assert {"random", "easy", "normal", "hard"} <= set(AGENTS)
    results, _ = run_games(4, 3, seed=2, agent_names=["normal"])
    assert all(r.reason == "end" and r.rounds > 3 for r in results)


def test_tournament_command_prints_every_figure_and_refuses_bad_work(capsys):
    from game.cli import main

    assert main(["tournament", "--game", "satoshi", "--players", "3", "--agents", "hard,normal,easy",
                 "--games", "3", "--seed", "4", "--nodes", "1"]) == 0
    out = capsys.readouterr().out
    for figure in ("win share", "win share by seat", "as Satoshi", "winning condition", "mean rounds",
                   "1 futures a choice"):
        assert figure in out
    assert main(["tournament", "--game", "satoshi", "--nodes", "0"]) == 2
    assert "--nodes" in capsys.readouterr().err


def test_a_winning_finisher_buys_the_bitcoins_for_the_move_it_lacks():
    """Chapter 6 counts the coins the bank would sell her: with 0 BTC two spaces from End (a 1-BTC
    move) and $100 at $45, the normal player buys and finishes, and wins between the limits."""
    taken, state = play_turn_until_move(near_end(price=45, mine=0, rival=0))
    assert isinstance(taken[0], Buy)
    assert state.phase == "over" and state.outcome.finisher == 0 and state.outcome.winners == (0,)


def test_a_winning_finisher_takes_the_way_to_end_through_a_jump():
    """Five spaces from End, a Jump two spaces ahead and 5 BTC (1 for two spaces, then 4 for
    three from the Jump): at $60 everybody wins at End, so the player heads onto the Jump and
    from there to End, every strength that plays to win."""
    here = next(s for s in TRACK.by_id if TRACK.distance[s] == 5)
    jump = TRACK.successors[TRACK.successors[here][0]][0]
    state = with_tile(position(4, bitcoin=60), jump, tile_id("jump"))
    state = with_player(state, 0, space=here, btc=5, usd=100, jobs=("student",))
    for strength in ("normal", "hard"):
        taken, after = play_turn_until_move(state, strength)  # the Jump keeps her moving: both moves
        moves = [a for a in taken if isinstance(a, Move)]
        assert [m.path[-1] for m in moves] == [jump, END_SPACE], (strength, taken)
        assert after.phase == "over" and after.outcome.finisher == 0
