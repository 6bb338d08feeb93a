"""Game end and the winning conditions (chapter 6 and 6.1).

Under the low limit ($40 at normal difficulty) the Bitcoin Geek with the most Fiat money wins,
ties broken by Fiat job income; from there up to the high limit ($60) the Geek with the most
Bitcoins (savings included) wins, ties broken by Fiat money; at or over the high limit every
player wins, Satoshi too, and that is the only way Satoshi wins. Players still tied after the
tie-break share the win (ruling).
"""

from __future__ import annotations

from game.bitcoin.events import BANK, GameOver, RoleRevealed
from game.bitcoin.jobs import fiat_income
from game.bitcoin.state import SATOSHI, Outcome, Player
from game.bitcoin.work import Work


def decide(players: tuple[Player, ...] | list[Player], price: int, low: int, high: int,
           income: list[int]) -> tuple[tuple[int, ...], str, str]:
    """(winners, condition, tie-break) for these players at this price. Pure, for tests too."""
    if price >= high:
        return tuple(range(len(players))), "everyone", ""
    geeks = [i for i, p in enumerate(players) if p.role != SATOSHI]
    if price < low:
        condition = "fiat"
        first = {i: players[i].usd for i in geeks}
        second, second_name = {i: income[i] for i in geeks}, "fiat income"
    else:
        condition = "bitcoin"
        first = {i: players[i].btc + players[i].savings for i in geeks}
        second, second_name = {i: players[i].usd for i in geeks}, "fiat money"
    best = max(first.values())
    tied = [i for i in geeks if first[i] == best]
    if len(tied) == 1:
        return tuple(tied), condition, ""
    top = max(second[i] for i in tied)
    winners = tuple(i for i in tied if second[i] == top)
    return winners, condition, second_name if len(winners) == 1 else "shared"


def finish(w: Work, finisher: int, reason: str) -> None:
    """End the game: reveal every card, decide the winners, and record the outcome."""
    for i, p in enumerate(w.players):
        if not p.revealed:
            w.set(i, revealed=True)
            w.events.append(RoleRevealed(i, p.role))
    if w.aside:
        w.events.append(RoleRevealed(BANK, w.aside))
    rules = w.data.rules
    offset = rules.difficulty[w.options.difficulty]
    low, high = rules.fiat_below + offset, rules.everyone_at + offset
    income = [fiat_income(p, w.data) for p in w.players]
    winners, condition, tie = decide(w.players, w.bitcoin, low, high, income)
    satoshi = next((i for i, p in enumerate(w.players) if p.role == SATOSHI), -1)
    w.outcome = Outcome(winners, condition, w.bitcoin, (low, high), tie, reason, satoshi, finisher)
    w.phase = "over"
    w.events.append(GameOver(winners, condition, w.bitcoin, tie, reason, satoshi))
