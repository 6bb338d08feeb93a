"""What a player may do any time during her own turn: exchange with the bank (chapter 5.3),
propose gifts and trades to one other player (5.3 and RULES.md), guess Satoshi (5.4) and,
under advanced rule 7.2, put Bitcoins into savings.

These are legal in the turn's decision phases ("expenses", "move", "fee", "end"). Offers are
proposed by the player whose turn it is to one other player, who accepts or declines; no offer
may be made once the mover can reach End with a move she could pay for, counting the Bitcoins
her dollars buy at the bank after the fee and after her living expenses (chapter 6).

Amounts in offers are free: `is_legal` accepts any amounts the two players hold, while
`legal_actions` lists a small menu (gifts and asks of $5 or 1 BTC, and 1 BTC bought or sold at
the bank's price) so that random play and search can trade without drowning in amounts.
"""

from __future__ import annotations

from functools import cache

from game.bitcoin.actions import Action, Buy, Guess, Offer, Save, Sell, buy, save, sell
from game.bitcoin.events import (
    BANK,
    BitcoinsSaved,
    Exchanged,
    GuessMade,
    OfferAnswered,
    OfferMade,
    RoleRevealed,
)
from game.bitcoin.jobs import no_fee
from game.bitcoin.moves import end_routes
from game.bitcoin.state import HIDDEN, SATOSHI, Player, State
from game.bitcoin.turn import expenses_due
from game.bitcoin.work import Work

FREE_PHASES = ("expenses", "move", "fee", "end")
MENU_USD = 5


def exchange_fee(state: State | Work, player: Player) -> int:
    return 0 if no_fee(player) else state.data.rules.exchange_fee


def max_buy(state: State) -> int:
    player = state.players[state.turn]
    if state.bitcoin <= 0:
        return 0
    return max(0, (player.usd - exchange_fee(state, player)) // state.bitcoin)


def min_sell(state: State) -> int:
    """Fewest BTC a sale must hold for its proceeds plus the player's $ to cover the fee."""
    player = state.players[state.turn]
    short = exchange_fee(state, player) - player.usd
    return 1 if short <= 0 else max(1, -(-short // state.bitcoin))


# --- what is legal ---------------------------------------------------------------------
def free_actions(state: State) -> list[Action]:
    """Exchanges, savings, the offer menu and guesses open to the player whose turn it is."""
    return [*buy_actions(state), *sell_actions(state), *save_actions(state), *offer_menu(state),
            *guess_actions(state)]


def buy_actions(state: State) -> list[Buy]:
    return [buy(n) for n in range(1, max_buy(state) + 1)]


def sell_actions(state: State) -> list[Sell]:
    btc = state.players[state.turn].btc
    return [sell(n) for n in range(min_sell(state), btc + 1)] if state.bitcoin > 0 and btc else []


def save_actions(state: State) -> list[Save]:
    return [save(n) for n in range(1, state.players[state.turn].btc + 1)] if state.options.savings else []


def guess_actions(state: State) -> list[Guess]:
    if state.players[state.turn].guessed:
        return []
    return [Guess(i) for i, p in enumerate(state.players) if i != state.turn and not p.revealed]


def offer_menu(state: State) -> list[Offer]:
    if not _may_offer(state):
        return []
    me, players, price = state.turn, state.players, state.bitcoin
    mine, out = players[me], []
    for to, other in enumerate(players):
        if to != me:
            out += [o for o in _menu(to, price) if _affordable(o, mine, other)]
    return out


@cache
def _menu(to: int, price: int) -> tuple[Offer, ...]:
    """The menu of offers to one player at one Bitcoin price (built once, they are values)."""
    menu = [Offer(to, give_btc=1), Offer(to, give_usd=MENU_USD), Offer(to, get_usd=MENU_USD), Offer(to, get_btc=1)]
    if price > 0:
        menu += [Offer(to, give_btc=1, get_usd=price), Offer(to, give_usd=price, get_btc=1)]
    return tuple(menu)


def _may_offer(state: State) -> bool:
    if state.offers >= state.options.offers_per_turn:
        return False
    return not mover_can_end(state)


def mover_can_end(state: State) -> bool:
    """Chapter 6 and 5.3: is it clear that the player whose turn it is can end the game now?

    Asked in every phase where trading is possible. She can when End is within reach of a move,
    or of moves chained through Jump tiles (`end_routes`), whose Bitcoins she holds or could buy
    at the bank (after the fee) with the dollars she has, once this turn's living expenses are
    paid (phase "expenses": she may sell spare Bitcoins for them). In the "fee" and "end" steps
    her move is made or missed (a Jump is a new "move" step), so she cannot end the game this turn.
    """
    if state.phase not in ("expenses", "move"):
        return False
    who = state.turn
    routes = end_routes(state, who)
    if not routes:
        return False
    due = expenses_due(state, who) if state.phase == "expenses" else 0
    return could_hold(state, state.players[who], routes[0][0], due)


def could_hold(state: State, player: Player, btc: int, usd: int) -> bool:
    """Could the player hold `btc` Bitcoins and pay `usd` dollars with one exchange at the bank?"""
    price, fee = state.bitcoin, exchange_fee(state, player)
    if player.btc >= btc:
        short = usd - player.usd
        if short <= 0:
            return True
        return price > 0 and (player.btc - btc) * price - fee >= short
    return price > 0 and (btc - player.btc) * price + fee <= player.usd - usd


def _affordable(offer: Offer, giver: Player, taker: Player) -> bool:
    return (offer.give_usd <= giver.usd and offer.give_btc <= giver.btc
            and offer.get_usd <= taker.usd and offer.get_btc <= taker.btc)


def check_free(state: State, action: Action) -> str | None:
    """Why a free action is not legal now, or None when it is."""
    player = state.players[state.turn]
    if isinstance(action, (Buy, Sell, Save)) and action.btc < 1:
        return "the amount must be at least 1 BTC"
    if isinstance(action, Buy):
        if state.bitcoin <= 0:
            return "no exchange with the bank while the Bitcoin price is $0"
        if action.btc > max_buy(state):
            return f"player {state.turn} cannot pay for {action.btc} BTC and the fee"
        return None
    if isinstance(action, Sell):
        if state.bitcoin <= 0:
            return "no exchange with the bank while the Bitcoin price is $0"
        if action.btc > player.btc:
            return f"player {state.turn} holds only {player.btc} BTC"
        return None if action.btc >= min_sell(state) else "the sale would not cover the transaction fee"
    if isinstance(action, Save):
        if not state.options.savings:
            return "savings are an advanced rule not in play"
        return None if action.btc <= player.btc else f"player {state.turn} holds only {player.btc} BTC"
    if isinstance(action, Offer):
        return _check_offer(state, action)
    if isinstance(action, Guess):
        return _check_guess(state, action)
    return "not a free action"


def _check_offer(state: State, offer: Offer) -> str | None:
    if state.offers >= state.options.offers_per_turn:
        return f"at most {state.options.offers_per_turn} offers per turn"
    if mover_can_end(state):
        return "no more trading: the moving player can end the game"
    if not 0 <= offer.to < state.n or offer.to == state.turn:
        return "an offer goes to one other player"
    amounts = (offer.give_usd, offer.give_btc, offer.get_usd, offer.get_btc)
    if min(amounts) < 0 or not any(amounts):
        return "an offer moves some money, never a negative amount"
    if not _affordable(offer, state.players[state.turn], state.players[offer.to]):
        return "each side can only hand over money it holds"
    return None


def _check_guess(state: State, guess: Guess) -> str | None:
    if state.players[state.turn].guessed:
        return "each player has only one guess per game"
    if not 0 <= guess.target < state.n or guess.target == state.turn:
        return "guess at another player"
    if state.players[guess.target].revealed:
        return "that player's card is already face up"
    return None


# --- doing it --------------------------------------------------------------------------
def apply_free(w: Work, action: Action) -> None:
    me = w.turn
    if isinstance(action, Buy):
        _exchange(w, me, "buy", action.btc)
    elif isinstance(action, Sell):
        _exchange(w, me, "sell", action.btc)
    elif isinstance(action, Save):
        _save(w, me, action.btc)
    elif isinstance(action, Offer):
        w.events.append(OfferMade(me, action.to, action.give_usd, action.give_btc, action.get_usd, action.get_btc))
        w.offer, w.resume, w.phase, w.offers = action, w.phase, "offer", w.offers + 1
    elif isinstance(action, Guess):
        _guess(w, me, action.target)


def _exchange(w: Work, me: int, direction: str, btc: int) -> None:
    usd, fee = btc * w.bitcoin, exchange_fee(w, w.players[me])
    w.events.append(Exchanged(me, direction, btc, usd, fee))
    if direction == "buy":
        w.transfer(me, BANK, "usd", usd, f"bought {btc} BTC at ${w.bitcoin}")
        w.transfer(me, BANK, "usd", fee, "transaction fee")
        w.transfer(BANK, me, "btc", btc, f"bought at ${w.bitcoin}")
    else:
        w.transfer(me, BANK, "btc", btc, f"sold at ${w.bitcoin}")
        w.transfer(BANK, me, "usd", usd, f"sold {btc} BTC at ${w.bitcoin}")
        w.transfer(me, BANK, "usd", fee, "transaction fee")


def _save(w: Work, me: int, btc: int) -> None:
    """Rule 7.2: the price moves like a new Bitcoin job for each full step of the player's savings."""
    player = w.players[me]
    before, after = player.savings, player.savings + btc
    w.set(me, btc=player.btc - btc, savings=after)
    w.events.append(BitcoinsSaved(me, btc, after))
    step = w.data.rules.savings_step
    for _ in range(after // step - before // step):
        w.move_price("bitcoin", w.job_effect, f"player {me} saved {step} BTC")


def answer_offer(w: Work, accepted: bool) -> None:
    offer, me = w.offer, w.turn
    assert offer is not None
    w.events.append(OfferAnswered(offer.to, accepted))
    if accepted:
        reason = "gift" if not (offer.get_usd or offer.get_btc) or not (offer.give_usd or offer.give_btc) else "trade"
        w.transfer(me, offer.to, "usd", offer.give_usd, reason)
        w.transfer(me, offer.to, "btc", offer.give_btc, reason)
        w.transfer(offer.to, me, "usd", offer.get_usd, reason)
        w.transfer(offer.to, me, "btc", offer.get_btc, reason)
    w.offer, w.phase, w.resume = None, w.resume, ""


def _guess(w: Work, me: int, target: int) -> None:
    """Chapter 5.4: right doubles the guesser's and Satoshi's Bitcoins, wrong loses the guesser's."""
    role = w.players[target].role
    if role == HIDDEN:
        raise ValueError("a view cannot resolve a guess: build a full state (view.determinize) first")
    correct = role == SATOSHI
    w.set(me, guessed=True)
    w.set(target, revealed=True)
    w.events.append(GuessMade(me, target, correct))
    w.events.append(RoleRevealed(target, role))
    if correct:
        w.transfer(BANK, me, "btc", w.players[me].btc, "found Satoshi: Bitcoins doubled")
        w.transfer(BANK, target, "btc", w.players[target].btc, "found: Satoshi's Bitcoins doubled")
    else:
        w.take(me, "btc", w.players[me].btc, "wrong guess: all Bitcoins lost")
