"""Exchange with the bank, offers between players, and Finding Satoshi guesses."""

from __future__ import annotations

from dataclasses import replace

import pytest
from satoshi_helpers import DATA, END_SPACE, TRACK, of, paid, position, tile_id, with_player, with_tile

from game.bitcoin.actions import ACCEPT, DECLINE, END, Buy, Guess, Move, Offer, Sell
from game.bitcoin.bank import mover_can_end
from game.bitcoin.events import GuessMade, OfferMade, RoleRevealed
from game.bitcoin.rules import IllegalAction, apply, current_player, explain_illegal, legal_actions

FEE = DATA.rules.exchange_fee


# --- the bank ---------------------------------------------------------------------------------------
def test_buy_pays_the_price_and_the_fee():
    state = with_player(position(bitcoin=10), 0, usd=10 * 3 + FEE)
    buys = [a for a in legal_actions(state) if isinstance(a, Buy)]
    assert max(b.btc for b in buys) == 3
    state, events = apply(state, Buy(3))
    assert state.players[0].usd == 0 and state.players[0].btc == 3
    assert paid(events, 0, "usd") == -(30 + FEE) and paid(events, 0, "btc") == 3


def test_sell_gets_the_price_minus_the_fee():
    state = with_player(position(bitcoin=10), 0, usd=0, btc=2)
    state, _ = apply(state, Sell(2))
    assert state.players[0].usd == 20 - FEE and state.players[0].btc == 0


def test_sale_must_cover_the_fee():
    state = with_player(position(bitcoin=2), 0, usd=0, btc=5)
    sells = sorted(a.btc for a in legal_actions(state) if isinstance(a, Sell))
    assert sells[0] == -(-FEE // 2)
    assert explain_illegal(state, Sell(1)) is not None


def test_the_fee_is_paid_on_every_exchange():
    state = with_player(position(bitcoin=5), 0, usd=100)
    state, _ = apply(state, Buy(1))
    state, _ = apply(state, Buy(1))
    assert state.players[0].usd == 100 - 2 * (5 + FEE)


def test_no_exchange_at_zero_price():
    state = with_player(position(bitcoin=0), 0, usd=100, btc=5)
    assert not [a for a in legal_actions(state) if isinstance(a, (Buy, Sell))]
    assert "$0" in explain_illegal(state, Buy(1)) and "$0" in explain_illegal(state, Sell(1))


def test_exchange_only_on_ones_own_turn_steps():
    state = with_player(position(phase="job", bitcoin=5), 0, usd=100)
    assert explain_illegal(state, Buy(1)) is not None


# --- offers between players -----------------------------------------------------------------------------
def test_gift_needs_the_other_players_consent():
    state = with_player(position(phase="end"), 0, usd=10)
    gift = Offer(2, give_usd=10)
    state, events = apply(state, gift)
    assert state.phase == "offer" and current_player(state) == 2 and of(events, OfferMade)
    assert set(legal_actions(state)) == {ACCEPT, DECLINE}
    accepted, events = apply(state, ACCEPT)
    assert accepted.players[0].usd == 0 and accepted.players[2].usd == 10
    assert accepted.phase == "end" and current_player(accepted) == 0
    declined, _ = apply(state, DECLINE)
    assert declined.players[0].usd == 10 and declined.players[2].usd == 0 and declined.phase == "end"


def test_trade_moves_both_ways_without_fees():
    state = with_player(position(phase="move", bitcoin=8), 0, btc=2)
    state = with_player(state, 1, usd=16)
    state, _ = apply(state, Offer(1, give_btc=2, get_usd=16))
    state, _ = apply(state, ACCEPT)
    assert (state.players[0].usd, state.players[0].btc) == (16, 0)
    assert (state.players[1].usd, state.players[1].btc) == (0, 2)
    assert state.phase == "move"


def test_offers_only_move_money_the_players_hold():
    state = with_player(position(phase="end"), 0, usd=5)
    assert explain_illegal(state, Offer(1, give_usd=6)) is not None
    assert explain_illegal(state, Offer(1, get_btc=1)) is not None  # player 1 holds none
    assert explain_illegal(state, Offer(0, give_usd=1)) is not None  # not to oneself
    assert explain_illegal(state, Offer(1)) is not None  # nothing at all


def test_offers_per_turn_are_limited():
    state = with_player(position(phase="end"), 0, usd=100)
    for _ in range(state.options.offers_per_turn):
        state, _ = apply(state, Offer(1, give_usd=1))
        state, _ = apply(state, DECLINE)
    assert explain_illegal(state, Offer(1, give_usd=1)) is not None
    assert not [a for a in legal_actions(state) if isinstance(a, Offer)]


def test_no_trading_once_the_mover_can_end_the_game():
    before_end = next(s for s, nxt in TRACK.successors.items() if END_SPACE in nxt)
    state = with_player(position(), 0, space=before_end, usd=10)
    assert "end the game" in explain_illegal(state, Offer(1, give_usd=5))
    assert not [a for a in legal_actions(state) if isinstance(a, Offer)]
    far = with_player(state, 0, space=TRACK.start)
    assert explain_illegal(far, Offer(1, give_usd=5)) is None


def _five_from_end_with_a_jump_two_ahead(btc: int, **fields: object):
    """Player 0 five spaces from End with a Jump two spaces ahead (every other tile does nothing)."""
    here = next(s for s in TRACK.by_id if TRACK.distance[s] == 5)
    jump = TRACK.successors[TRACK.successors[here][0]][0]
    assert TRACK.distance[jump] == 3
    state = with_tile(position(**fields), jump, tile_id("jump"))
    return with_player(state, 0, space=here, btc=btc, usd=0), jump


def test_the_mover_can_end_the_game_through_a_jump():
    """Issue 33: five spaces from End, a Jump two spaces ahead and 5 BTC (1 BTC for two spaces,
    then 4 BTC for three from the Jump) can end the game, so trading stops."""
    state, jump = _five_from_end_with_a_jump_two_ahead(btc=5)
    assert mover_can_end(state)
    assert "end the game" in explain_illegal(state, Offer(1, give_usd=0, give_btc=1))
    assert not [a for a in legal_actions(state) if isinstance(a, Offer)]
    # and the route is real: two spaces onto the Jump, then three to End, 5 BTC in all
    to_jump = next(m for m in legal_actions(state) if isinstance(m, Move) and m.path[-1] == jump)
    state, _ = apply(state, to_jump)
    assert state.phase == "move" and state.jumping and state.players[0].btc == 4
    finish = next(m for m in legal_actions(state) if isinstance(m, Move) and m.path[-1] == END_SPACE)
    state, _ = apply(state, finish)
    assert state.phase == "over" and state.players[0].btc == 0


def test_a_jump_route_counts_only_when_it_can_be_paid():
    state, _ = _five_from_end_with_a_jump_two_ahead(btc=4)  # one Bitcoin short of 1 + 4
    assert not mover_can_end(state)
    assert explain_illegal(state, Offer(1, give_btc=1)) is None
    # the missing Bitcoin bought at the bank ($10 plus the fee) counts as being able to pay
    rich = with_player(replace(state, bitcoin=10), 0, usd=10 + FEE)
    assert mover_can_end(rich)
    without_jump = with_player(position(), 0, space=state.players[0].space, btc=5)
    assert not mover_can_end(without_jump)  # five spaces is out of one move's reach


# --- Finding Satoshi ----------------------------------------------------------------------------------------
def test_right_guess_doubles_both():
    state = with_player(position(phase="end", satoshi=2), 0, btc=3)
    state = with_player(state, 2, btc=5)
    state, events = apply(state, Guess(2))
    assert state.players[0].btc == 6 and state.players[2].btc == 10
    assert of(events, GuessMade)[0].correct and of(events, RoleRevealed)[0].role == "satoshi"
    assert state.players[2].revealed and state.players[0].guessed


def test_wrong_guess_loses_all_bitcoins():
    state = with_player(position(phase="end", satoshi=2), 0, btc=3, savings=4)
    state, events = apply(state, Guess(1))
    assert state.players[0].btc == 0 and state.players[0].savings == 4
    assert not of(events, GuessMade)[0].correct and state.players[1].revealed


def test_one_guess_per_game_and_not_at_a_face_up_card():
    state = with_player(position(phase="end", satoshi=2), 0, btc=3)
    state, _ = apply(state, Guess(1))
    assert explain_illegal(state, Guess(2)) is not None
    assert not [a for a in legal_actions(state) if isinstance(a, Guess)]
    state, _ = apply(state, END)
    assert Guess(1) not in legal_actions(state)  # player 1's card is face up
    assert Guess(2) in legal_actions(state)


def test_guesses_only_on_ones_own_turn():
    state = position(phase="offer", offer=Offer(1, give_usd=0, give_btc=0, get_usd=0, get_btc=0))
    state = replace(state, resume="end")
    with pytest.raises(IllegalAction, match="accept or decline"):
        apply(state, Guess(2))


def _three_from_end() -> str:
    """A space exactly three spaces from End (a 3-space move, 4 BTC, reaches it)."""
    return next(s.id for s in TRACK.spaces if TRACK.distance[s.id] == 3)


def test_no_trading_when_the_mover_could_buy_her_way_to_end():
    """Issue 16, chapter 6: 3 spaces from End with $100 and 0 BTC at $10 she can buy 4 BTC (+$5 fee) and finish."""
    state = with_player(position(bitcoin=10), 0, space=_three_from_end(), usd=100, btc=0)
    assert "end the game" in explain_illegal(state, Offer(1, get_btc=0, give_usd=5))
    assert not [a for a in legal_actions(state) if isinstance(a, Offer)]
    # $44 cannot pay 4 BTC at $10 plus the $5 fee: trading stays open (a gift could bring her there)
    short = with_player(state, 0, usd=44)
    assert explain_illegal(short, Offer(1, give_usd=5)) is None
    assert explain_illegal(with_player(short, 0, usd=45), Offer(1, give_usd=5)) is not None
    # at a price of $0 there is no exchange with the bank at all
    assert explain_illegal(replace(state, bitcoin=0), Offer(1, give_usd=5)) is None


def test_no_trading_during_living_expenses_when_the_mover_can_still_end():
    """The check runs in the expenses step too: she sells spare BTC for Food and Internet and still moves to End."""
    state = with_player(position(bitcoin=10, phase="expenses"), 0, space=_three_from_end(), usd=10, btc=12)
    assert "end the game" in explain_illegal(state, Offer(1, give_btc=1))
    # 4 BTC kept for the move, 8 sold: $80 - $5 fee + $10 pays $40 of Food and Internet
    poor = with_player(state, 0, btc=5)  # 1 spare BTC gives $5 after the fee: $15 < $40
    assert explain_illegal(poor, Offer(1, give_btc=1)) is None


def test_trading_reopens_once_the_move_is_made():
    state = with_player(position(bitcoin=10, phase="end"), 0, space=_three_from_end(), usd=100)
    assert explain_illegal(state, Offer(1, give_usd=5)) is None
