"""The engine's answers the table words its choices with (game/bitcoin/choices.py): they agree
with what applying the action really does, over many seeded positions."""

from __future__ import annotations

import random

from game.bitcoin import Guess, Move, apply, legal_actions, step_actions, view_for
from game.bitcoin import events as ev
from game.bitcoin.choices import (
    distinct_moves,
    doubler,
    guess_can_be_right,
    income_with,
    same_move,
    satoshi_may_be_aside,
)
from game.bitcoin.setup import new_game
from game.bitcoin.state import HIDDEN, SATOSHI
from tests.bitcoin.satoshi_helpers import DATA, position, tile_id, with_player, with_tile


def positions(count: int, players=(2, 3, 4, 5, 6)):
    """Seeded random games; yields every state on the way."""
    for seed in range(count):
        state = new_game(players[seed % len(players)], seed)
        rng = random.Random(seed)
        while state.phase != "over" and state.round < 40:
            yield state
            choices = step_actions(state) if rng.random() < 0.85 else legal_actions(state)
            state, _ = apply(state, rng.choice(choices))


def test_moves_called_the_same_end_in_the_same_state_and_different_ones_do_not():
    same = different = 0
    for state in positions(30):
        if state.phase != "move":
            continue
        moves = [a for a in step_actions(state) if isinstance(a, Move)]
        kept = distinct_moves(moves)
        assert all(any(same_move(m, k) for k in kept) for m in moves)
        for a in moves:
            for b in moves:
                if a is b or (a.path == b.path and a.spaces == b.spaces):
                    continue
                after_a, after_b = apply(state, a)[0], apply(state, b)[0]
                if same_move(a, b):
                    assert after_a == after_b, (a, b)
                    same += 1
                elif a.path[-1] != b.path[-1]:
                    assert after_a != after_b, (a, b)
                    different += 1
    assert same > 20 and different > 20, (same, different)


def test_a_guess_called_hopeless_is_always_wrong_and_a_hopeful_one_can_be_right():
    hopeless = hopeful = 0
    for state in positions(40):
        if state.phase not in ("move", "end"):
            continue
        view = view_for(state, state.turn)
        for target in range(state.n):
            if target == state.turn or state.players[target].revealed or state.players[state.turn].guessed:
                continue
            events = apply(state, Guess(target))[1]
            correct = next(e.correct for e in events if isinstance(e, ev.GuessMade))
            if not guess_can_be_right(view, target):
                assert not correct
                hopeless += 1
            else:
                # hopeful: some assignment of the unseen cards makes it right
                assert state.players[state.turn].role != SATOSHI
                hopeful += 1
    assert hopeless > 10 and hopeful > 10, (hopeless, hopeful)


def test_satoshi_guessing_and_guesses_after_satoshi_is_face_up_cannot_be_right():
    state = position(4, satoshi=2)
    assert not any(guess_can_be_right(view_for(state, 2), t) for t in (0, 1, 3))
    assert guess_can_be_right(view_for(state, 0), 1)
    found = with_player(state, 2, revealed=True)
    assert not guess_can_be_right(view_for(found, 0), 1)
    assert not guess_can_be_right(view_for(found, 0), 3)


def test_two_players_satoshi_may_be_the_card_set_aside():
    two = new_game(2, 5)
    for seat in (0, 1):
        view = view_for(two, seat)
        assert view.aside == HIDDEN
        other = 1 - seat
        if view.players[seat].role == SATOSHI:
            assert not satoshi_may_be_aside(view) and not guess_can_be_right(view, other)
        else:
            assert satoshi_may_be_aside(view) and guess_can_be_right(view, other)
    assert not satoshi_may_be_aside(view_for(new_game(3, 5), 0))


def test_a_doubled_effect_names_the_job_that_doubles_it():
    news = tile_id("bitcoin_news")
    space = DATA.track.successors[DATA.track.start][0]
    state = with_tile(position(3), space, news)
    state = with_player(state, 0, jobs=("journalist",), btc=5)
    assert doubler(state, 0, "bitcoin_news") == "journalist" and doubler(state, 1, "bitcoin_news") == ""
    events = apply(state, Move(1, (space,)))[1]
    card = next(e for e in events if isinstance(e, ev.CardDrawn))
    assert card.effect.endswith("(doubled: Journalist)"), card.effect
    plain = apply(with_player(state, 0, jobs=("banker",)), Move(1, (space,)))[1]
    assert "doubled" not in next(e for e in plain if isinstance(e, ev.CardDrawn)).effect
    alt = with_tile(with_player(state, 0, jobs=("programmer",)), space, tile_id("software_alt"))
    causes = [e.cause for e in apply(alt, Move(1, (space,)))[1] if isinstance(e, ev.PriceChanged)]
    assert causes == ["Bitcoin Software Alternatives, doubled: Programmer"], causes


def test_income_with_says_what_collect_income_pays():
    from game.bitcoin.jobs import collect_income
    from game.bitcoin.work import Work

    checked = 0
    for state in positions(12):
        for who, player in enumerate(state.players):
            if not player.jobs:
                continue
            work = Work(state)
            collect_income(work, who)
            paid = {e.reason: (e.currency, e.amount) for e in work.events if isinstance(e, ev.MoneyPaid)}
            told = income_with(state, who, player.jobs)
            for job, (currency, amount) in told.items():
                name = f"{DATA.jobs[job].name} income"
                assert paid.get(name, (currency, 0)) == (currency, amount), (job, paid, told)
            checked += 1
    assert checked > 100
