"""The money tools of a turn (pure: no pygame): buy, sell, save, offer and guess.

In the phases that allow them (the bank's FREE_PHASES) every turn shows these beside its main
choices. Each is a form, a menu or, when it cannot be used now, a `Note` with the engine's reason.
The forms' words and checks are here too: `amount_words` says what an amount buys or costs,
`offer_problem` asks the engine whether a proposal may be made.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bitcoin import Action, Buy, Guess, Offer, Save, Sell, explain_illegal
from game.bitcoin.bank import buy_actions, exchange_fee, guess_actions, save_actions, sell_actions
from game.bitcoin.choices import guess_can_be_right, satoshi_may_be_aside
from game.bitcoin.state import SATOSHI, State
from game.client.satoshi.decision_nodes import AmountForm, Leaf, Menu, Node, Note, OfferForm
from game.client.satoshi.decision_words import named
from game.wording import noun, plural, possessive


def tools(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    price, me = view.bitcoin, view.players[view.turn]
    out: list[Node] = [
        _amount(view, names, "buy", buy_actions(view), Buy(1), f"Buy BTC at ${price} each"),
        _amount(view, names, "sell", sell_actions(view), Sell(max(1, me.btc)), f"Sell BTC at ${price} each"),
    ]
    if view.options.savings:
        out.append(_amount(view, names, "save", save_actions(view), Save(1), "Put BTC into savings"))
    out.append(_offer(view, names))
    out.append(_guess(view, names))
    return tuple(out)


def _amount(view: State, names: Sequence[str], kind: str, legal: Sequence[Buy | Sell | Save], probe: Action,
            title: str) -> Node:
    label = kind.capitalize()
    if not legal:
        return Note(label, named(explain_illegal(view, probe) or "nothing to exchange", names))
    return AmountForm(label, title, kind, tuple(a.btc for a in legal))


def _offer(view: State, names: Sequence[str]) -> Node:
    others = tuple(i for i in range(view.n) if i != view.turn)
    probes = [Offer(to, *units) for to in others for units in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))]
    if not any(explain_illegal(view, p) is None for p in probes):
        return Note("Offer", named(explain_illegal(view, probes[0]) or "", names))
    return OfferForm("Offer", "Gift or trade with another player", others)


def _guess(view: State, names: Sequence[str]) -> Node:
    guesses = guess_actions(view)
    if not guesses:
        other = next(i for i in range(view.n) if i != view.turn)
        return Note("Guess", named(explain_illegal(view, Guess(other)) or "", names))
    found = next((i for i, p in enumerate(view.players) if p.revealed and p.role == SATOSHI), None)
    if found is not None:  # public: every guess left is at a Geek, so none can win (choices.py)
        return Note("Guess", f"Satoshi is found ({possessive(names[found], False)} card is face up): "
                             "no guess can win now")
    btc = view.players[view.turn].btc
    leaves = tuple(Leaf(names[g.target], g, "Is this player Satoshi?",
                        confirm=f"{names[view.turn]}: guess that {names[g.target]} holds the Satoshi card?",
                        stakes=guess_stakes(view, g.target)) for g in guesses)
    title = "Who is Satoshi? (one guess per game)"
    if satoshi_may_be_aside(view):
        title = "Who is Satoshi? Maybe nobody: one role card is set aside"
    return Menu("Guess", title, leaves, f"Right: {plural(btc, 'BTC')} doubled; wrong: all lost")


def guess_stakes(view: State, target: int) -> tuple[tuple[str, str], ...]:
    """What the one guess risks, said before it is made: (sentence, "good" / "bad" / "").

    Only the truth: a guess the engine says cannot be right (the guesser holds the Satoshi card)
    promises nothing, and with two players the card set aside may be Satoshi's."""
    btc = view.players[view.turn].btc
    lose = (f"If wrong: you lose all {plural(btc, 'BTC')}." if btc else "If wrong: you hold no BTC to lose.",
            "bad")
    once = ("You get one guess per game.", "")
    if not guess_can_be_right(view, target):
        return (("You hold the Satoshi card yourself, so this guess cannot be right.", "bad"),
                (f"You would lose all {plural(btc, 'BTC')}." if btc else "You hold no BTC to lose.", "bad"), once)
    right = (f"If right: your {plural(btc, 'BTC')} {noun(btc, 'is', 'are')} doubled (and so are Satoshi's)."
             if btc else "If right: Satoshi's BTC are doubled; you hold none, so you gain nothing.", "good")
    if satoshi_may_be_aside(view):
        aside = ("Two players: the third role card lies face down, so Satoshi may not be in play at all; "
                 "then this guess is wrong.", "")
        return right, aside, lose, once
    return right, lose, once


# --- forms: amounts and offers ---------------------------------------------------------------
def amount_words(view: State, kind: str, btc: int) -> tuple[str, str]:
    """The confirm button and its sum: ("Buy 2 BTC for $51", "2 x $23 + $5 fee = $51")."""
    price, fee = view.bitcoin, exchange_fee(view, view.players[view.turn])
    gross = btc * price
    fee_words = f"${fee} fee" if fee else "no fee (Exchange Operator)"
    if kind == "buy":
        return f"Buy {btc} BTC for ${gross + fee}", f"{btc} x ${price} + {fee_words} = ${gross + fee}"
    if kind == "sell":
        net = gross - fee
        label = f"Sell {btc} BTC for ${net}" if net >= 0 else f"Sell {btc} BTC (costs ${-net})"
        return label, f"{btc} x ${price} - {fee_words} = {'-' * (net < 0)}${abs(net)}"
    saved = view.players[view.turn].savings
    return f"Save {btc} BTC", f"Locked until the end; savings become {saved + btc} BTC"


def offer_problem(view: State, offer: Offer, names: Sequence[str]) -> str | None:
    """Why this proposal cannot be made (the engine's words, with names), or None."""
    reason = explain_illegal(view, offer)
    return None if reason is None else named(reason, names)


def offer_limits(view: State, to: int) -> tuple[int, int, int, int]:
    """The most each amount can be: what the proposer and the addressee hold ($, BTC, $, BTC)."""
    me, other = view.players[view.turn], view.players[to]
    return me.usd, me.btc, other.usd, other.btc


