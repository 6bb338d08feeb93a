"""Reviews a player can read (issue #34 items 5 to 8): moves in words found on the board, values from
the mover's side, the better move drawn, Duel prices beyond the noise only, unfinished walks, and
"declaring the end" named when it is the only difference."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from game.cli.review import match_lines, puzzle_lines
from game.coinland.actions import Gate, Move, Pass, Stop
from game.coinland.levels import parse_level_text
from game.coinland.rules import apply, new_classic, new_duel
from game.coinland.state import GATEKEEPER, HOARDER, Mode
from game.hexgrid import board, edge
from game.review.match import MoveEval, paired_cost, review_move
from game.review.puzzle import review_walk
from game.review.words import action_words, better_words, place

COORDINATES = re.compile(r"-?\d+,-?\d+")


# --- item 5: words a player finds on the board, values from the mover's side --------------------
def test_moves_and_gates_are_named_from_the_hoarder_in_the_boards_directions():
    state = new_classic(4)  # the Hoarder on the centre
    assert action_words(state, Gate(((0, 0), (1, 0)))) == "the gate right next to the Hoarder, on her right side"
    assert action_words(state, Gate(((0, -3), (0, -2)))) == "the gate between 2 and 3 cells up-left of the Hoarder"
    hoarding = replace(apply(state, Gate(((0, -3), (0, -2))))[0], purses=(1, 0))
    assert action_words(hoarding, Move((1, -1))) == "the Hoarder 1 cell up-right"
    assert action_words(hoarding, Move((0, -3), end=True)) == \
        "the Hoarder 3 cells up-left, paying 1 coin, then declare the end"
    assert place((2, 1), (0, 0), "the Hoarder") == "2 right and 1 down-right of the Hoarder"


def test_no_review_words_carry_coordinates_on_any_edge_or_move():
    state = new_classic(4)
    for e in board(4).edges:
        words = action_words(state, Gate(e))
        assert not COORDINATES.search(words) and "Hoarder" in words, words
    duel = new_duel(4)
    for e in board(4).edges:
        assert not COORDINATES.search(action_words(duel, Gate(e), ("You", "Bob")))


def test_a_classic_review_names_the_move_and_the_better_one_in_words_and_from_the_movers_side():
    # Size 3, the Gatekeeper to move: she can shut a line, or waste her gate on the far rim.
    state = replace(new_classic(3), to_move=GATEKEEPER)
    waste = Gate(((-2, 2), (-1, 2)))
    found = review_move(1, state, waste, seat=1, names=("Alice", "Bob"))
    assert found.mover == GATEKEEPER and found.seat == 1
    assert found.words and not COORDINATES.search(found.words)
    if found.best != waste.text:
        assert found.best_words and not COORDINATES.search(found.best_words)
    # From the mover's side: for a Gatekeeper a higher Hoarder value is worse, so her side is negated.
    assert found.mover_side(found.after, Mode.CLASSIC) == -found.after
    assert found.to_json()["seat"] == 1 and "action_words" in found.to_json()


def test_the_client_shows_a_gatekeepers_values_as_what_the_hoarder_keeps():
    from game.client.review.match_scene import verdict_lines

    found = MoveEval(5, 0, GATEKEEPER, "gate 0,0 1,0", 17.0, 22.0, 5.0, "gate 0,0 0,1", True, seat=1,
                     words="the gate right next to the Hoarder, on her right side",
                     best_words="the gate right next to the Hoarder, on her down-right side", after_exact=True)
    lines = [text for text, _ in verdict_lines(Mode.CLASSIC, found, "Bob")]
    assert lines[0].startswith("The Hoarder keeps with good play: 17 before, 22 after (fewer is better for Bob)")
    assert lines[1] == ("A blunder: it cost 5 coins. Better (green): the gate right next to the Hoarder, "
                        "on her down-right side.")


# --- item 6: Duel prices beyond the noise only -------------------------------------------------
def test_a_duel_price_comes_with_its_noise_and_inside_the_noise_is_no_mistake():
    noisy = MoveEval(3, 0, 0, "gate 0,0 1,0", 2.0, -1.0, 3.0, "move 1,0", False, noise=3.5)
    assert noisy.in_noise and noisy.label == ""
    clear = replace(noisy, noise=1.0)
    assert clear.label == "mistake" and not clear.in_noise


def test_paired_play_outs_measure_the_noise_of_the_difference():
    start = new_duel(3)
    first = apply(start, Move((-1, 0)))[0]
    second = apply(start, Gate(((1, 0), (2, 0))))[0]
    a, b, gain, noise = paired_cost(first, second, True, Mode.DUEL)
    assert noise >= 0 and isinstance(gain, float)
    again = paired_cost(first, second, True, Mode.DUEL)
    assert again == (a, b, gain, noise)  # seeded: the same review every time


def test_a_duel_endgame_is_priced_exactly_once_only_who_pays_first_is_left():
    # Size 3, two coins on the Hoarders' row, each Hoarder behind the other's gate: every move costs.
    state = replace(new_duel(3), coins=frozenset({(-1, 0), (1, 0)}), purses=(2, 2), to_move=0,
                    gates=(frozenset({edge((1, 0), (2, 0))}), frozenset({edge((-2, 0), (-1, 0))})))
    found = review_move(1, state, Move((-1, 0)))
    assert found.exact and found.noise == 0.0
    assert found.before == round(found.before) and found.after == round(found.after)


def test_the_json_says_what_mover_is_and_gives_the_seat():
    from game.review.match import MatchReview

    review = MatchReview(Mode.CLASSIC, [MoveEval(1, 1, HOARDER, "move 1,0", 3.0, 3.0, 0.0, "move 1,0", True, seat=1)])
    data = review.to_json()
    assert "a role" in data["mover"] and data["moves"][0]["mover"] == 0 and data["moves"][0]["seat"] == 1


# --- item 7: an unfinished walk lost what it did not collect -------------------------------------
LEVEL = """
format = 1
name = "Review test"
size = 3
gates = [[[0, 0], [1, 0]], [[0, 0], [0, 1]]]
par = 18
"""


def test_an_unfinished_walk_lost_what_it_left_and_its_losses_add_up_to_par_minus_score():
    level = parse_level_text(LEVEL, "test.toml")
    walk = [Move((0, -1)), Move((0, -2))]
    review = review_walk(level.initial_state(), walk)
    assert not review.finished and review.score == 2
    assert review.not_collected > 0
    assert review.total_loss == review.best.score - review.score
    data = review.to_json()
    assert data["finished"] is False and data["not_collected"] == review.not_collected
    text = "\n".join(puzzle_lines(level.name, "CODE", level.par, review))
    assert "perfect" not in text and "did not collect" in text


def test_a_finished_walk_still_adds_up_and_says_finished():
    level = parse_level_text(LEVEL, "test.toml")
    review = review_walk(level.initial_state(), [Move((0, -1)), Stop()])
    assert review.finished and review.not_collected == 0
    assert review.total_loss == review.best.score - review.score and review.to_json()["finished"] is True


# --- item 8: declaring the end named when it is the only difference ------------------------------
def test_when_only_declaring_the_end_differs_the_review_says_so():
    state = replace(new_classic(3), to_move=HOARDER)
    assert better_words(state, Move((1, 0), end=True), Move((1, 0))) == \
        "the same move without declaring the end (play on)"
    assert better_words(state, Move((1, 0)), Move((1, 0), end=True)) == "the same move, then declare the end"


def test_the_text_review_of_a_classic_blunder_reads_in_words(tmp_path):
    from test_records_games import blunder_match

    from game.records import replay
    from game.review.match import review_game

    shown = replay(blunder_match())
    review = review_game(shown.before[:2], shown.actions[:2], shown.game_of[:2], depth=2, names=("You", "Bob"))
    lines = match_lines(shown.record, review)
    verdict = next(line for line in lines if "blunder" in line)
    assert "better: " in verdict and "about" in verdict
    assert json.dumps(review.to_json())


def test_a_pass_and_a_stop_have_words():
    state = new_duel(3)
    assert action_words(state, Pass()) == "pass"
    assert action_words(new_classic(3), Stop()) == "stop here"
