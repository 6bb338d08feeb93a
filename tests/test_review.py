"""Reviews: a puzzle walk's losses add up to par minus its score, a known Classic blunder is
marked, and a Finding Satoshi game's decisive moments are the ones the rules text names."""

import random

import pytest
from test_records_games import blunder_match

from game.bitcoin.events import GameOver, GuessMade, PriceChanged
from game.bitcoin.setup import new_game
from game.coinland.actions import Move, Stop
from game.coinland.levels import load_level
from game.coinland.rules import apply, hoarder_moves, legal_actions, new_classic, new_duel
from game.coinland.solver import puzzle_from, solve
from game.coinland.state import HOARDER, Mode, State
from game.records import replay
from game.review.match import classic_exact, review_game, review_move
from game.review.puzzle import Reach, parse_walk, review_step, review_walk
from game.review.satoshi import limits, moments

LEVELS = ["levels/1-tutorial/03-the-toll.toml", "levels/3-medium/11-border-post.toml",
          "levels/2-easy/08-toll-bridge.toml"]


def random_walk(level, seed, stop_after=None):
    state, actions, rng = level.initial_state(), [], random.Random(seed)
    while not state.is_over and (stop_after is None or len(actions) < stop_after):
        action = Move(rng.choice(hoarder_moves(state)).target)
        actions.append(action)
        state = apply(state, action)[0]
    if not state.is_over:
        actions.append(Stop())
    return actions


@pytest.mark.parametrize("path", LEVELS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_losses_of_a_walk_add_up_to_par_minus_its_score(path, seed):
    level = load_level(path)
    review = review_walk(level.initial_state(), random_walk(level, seed, stop_after=8))
    assert all(reach.proved for reach in review.reaches)
    assert review.best.score == level.par
    assert review.total_loss == level.par - review.score
    assert review.reaches[-1].score == review.score  # the end's best is what was kept
    for move in review.moves:
        assert move.loss == move.before.score - move.after.score >= 0


def test_the_solvers_own_walk_loses_nothing_and_each_step_shows_the_rest_of_it():
    level = load_level(LEVELS[1])
    walk = solve(level).moves
    review = review_walk(level.initial_state(), [Move(c) for c in walk])
    assert review.score == level.par and review.total_loss == 0 and not review.costly()
    for step, reach in enumerate(review.reaches[:-1]):
        assert reach.score == level.par and list(reach.walk) == walk[step:]


def test_stopping_early_costs_exactly_what_was_left_on_the_board():
    level = load_level(LEVELS[0])  # The Toll: par 18
    review = review_walk(level.initial_state(), parse_walk("1,0 stop"))
    assert [m.loss for m in review.moves] == [0, 17]
    assert review.moves[1].action == "stop" and review.score == 1


def test_a_step_that_follows_the_best_walk_needs_no_search():
    level = load_level(LEVELS[1])
    start = level.initial_state()
    first = review_step(None, None, start)
    after = apply(start, Move(first.walk[0]))[0]
    carried = review_step(first, Move(first.walk[0]), after, seconds=0.0)
    assert carried == Reach(first.score, first.score, first.walk[1:])


def test_an_unproved_step_says_at_least():
    reach = Reach(7, 9, ())
    assert not reach.proved and reach.text() == "at least 7"


def test_walk_text_is_read_word_by_word_and_a_bad_word_is_named():
    assert [a.text for a in parse_walk("1,0 move 2,-1 stop")] == ["move 1,0", "move 2,-1", "stop"]
    with pytest.raises(ValueError, match="word 2"):
        parse_walk("1,0 north")


def test_a_hoarder_who_gives_up_at_once_is_marked_with_a_blunder():
    # Size 3: 18 coins around the centre, one gate drawn. Taking one coin and declaring the end
    # keeps 1 coin; on that board a Hoarder who plays on keeps several times that.
    shown = replay(blunder_match())
    review = review_game(shown.before[:6], shown.actions[:6], shown.game_of[:6])
    blunder = review.moves[1]
    assert blunder.action == "move 1,0 end" and blunder.label == "blunder"
    assert blunder.after == 1.0  # the game is over: one coin, exactly
    assert blunder.cost >= 5 and blunder.before >= 6  # playing on keeps at least 6 of the 18 coins
    assert blunder.cost == pytest.approx(blunder.before - 1.0) and blunder.best != "move 1,0 end"
    assert review.mistakes()[0] is blunder
    assert review.moves[0].cost < 1  # the opening gate is no mistake


def test_a_duel_review_prices_every_move_from_its_movers_side_and_ends_on_the_result():
    state, boards, actions, rng = new_duel(3), [], [], random.Random(4)
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        boards.append(state)
        actions.append(action)
        state = apply(state, action)[0]
    review = review_game(boards, actions)
    a, b = state.purses
    assert review.moves[-1].after == a - b  # the final lead of the first player, exactly
    for move in review.moves:
        gained = move.after - move.before if move.mover == 0 else move.before - move.after
        assert move.cost >= 0 and move.cost == pytest.approx(max(0.0, -gained))


def test_a_fixed_classic_board_is_valued_exactly_by_the_solver():
    opening = new_classic(2)
    every_gate = frozenset(opening.board.edges)
    state = State(Mode.CLASSIC, 2, opening.coins, (frozenset(), every_gate), opening.pawns, (2, 0), HOARDER)
    value, proved = classic_exact(state)
    best = solve(puzzle_from(state))
    # Every move now pays a gate for its coin: the puzzle's best is to stop at once, but a Classic
    # Hoarder must move before she may declare the end, so the value is the best forced move's.
    assert best.moves == [] and best.score == 2
    assert proved and value == 2
    cheapest = min(hoarder_moves(state), key=lambda m: m.fee)
    found = review_move(1, state, Move(cheapest.target, end=True))
    assert found.exact and found.before == value
    assert found.after == state.purses[0] + 1 - cheapest.fee
    assert found.cost == value - found.after


def test_the_price_crossing_a_limit_guesses_and_the_end_are_the_decisive_moments():
    start = new_game(3, seed=1)
    assert limits(start) == (40, 60)  # normal difficulty: Fiat below $40, everybody wins at $60
    events = [[PriceChanged("bitcoin", 38, 41, "news")], [PriceChanged("bitcoin", 41, 45, "news")],
              [GuessMade(0, 2, False)], [PriceChanged("bitcoin", 58, 61, "news")],
              [PriceChanged("bitcoin", 61, 39, "news")], [GameOver((1,), "fiat", 39, "", "end", 2)]]
    found = moments(start, events, ["You", "Hal", "Wei"])
    assert [(m.step, m.kind) for m in found] == [(1, "limit"), (3, "guess"), (4, "limit"), (5, "limit"),
                                                 (5, "limit"), (6, "end")]
    assert found[1].text == "You guess Wei is Satoshi: wrong."
    assert "$41" in found[0].text and "Hal wins" in found[-1].text


@pytest.mark.parametrize("seed", range(4))
def test_a_classic_endgame_is_reviewed_exactly_for_either_side(seed):
    from test_ai_endgame import endgame, minimax

    state, rng = endgame(3, 5, 9, seed), random.Random(seed)
    for _ in range(2):  # a gate, then a move
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        after = apply(state, action)[0]
        found = review_move(1, state, action)
        assert found.exact
        assert (found.before, found.after) == (minimax(state), minimax(after))
        lost = found.before - found.after if state.to_move == HOARDER else found.after - found.before
        assert found.cost == lost
        assert minimax(apply(state, next(a for a in legal_actions(state) if a.text == found.best))[0]) == found.before
        state = after
