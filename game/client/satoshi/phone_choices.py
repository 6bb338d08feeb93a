"""The table's choices as plain data for a phone (pure: no pygame): the decision tree, same words.

The phone server (game/phones/, which never imports the client) is handed `describe`; it builds
the deciding seat's `Decision` from her own view, exactly as the table builds it for a person
alone at the screen, and flattens it to JSON: each leaf carries its action in the engine's text
form, each amount form its legal amounts with the table's button words, each offer form its
partners and what they hold. The phone sends back one action text; the engine decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.bitcoin.state import State
from game.client.satoshi import decisions, money_tools
from game.client.satoshi.decision_nodes import (
    AmountForm,
    Decision,
    Leaf,
    Menu,
    Node,
    Note,
    OfferForm,
    amount_action,
)


def describe(view: State, names: Sequence[str]) -> dict[str, Any]:
    """The choices of the deciding player of `view` (her own view), as the phone shows them."""
    decision = decisions.build(view, names)
    return {"heading": decision.heading, "phase": decision.phase,
            "main": [node_data(view, n, names) for n in decision.main],
            "tools": [node_data(view, n, names) for n in decision.tools]}


def screen_decision(decision: Decision, names: Sequence[str]) -> Decision:
    """What the big screen offers for a phone seat: her public choices; the private ones (the guess,
    answering an offer) say they are on her phone."""
    name = names[decision.who]
    if decision.phase == "offer":
        return replace(decision, main=(Note("Answer on the phone", f"{name} answers this offer on her phone"),),
                       tools=())
    tools = tuple(Note("Guess", f"{name} guesses on her phone, where nobody sees it")
                  if isinstance(n, (Menu, Note)) and n.label == "Guess" else n for n in decision.tools)
    return replace(decision, tools=tools)


def node_data(view: State, node: Node, names: Sequence[str]) -> dict[str, Any]:
    if isinstance(node, Leaf):
        return {"kind": "leaf", "label": node.label, "detail": node.detail, "action": node.action.text,
                "confirm": node.confirm, "stakes": [list(s) for s in node.stakes], "primary": node.primary,
                "more": node.more}
    if isinstance(node, Menu):
        return {"kind": "menu", "label": node.label, "title": node.title, "detail": node.detail, "more": node.more,
                "items": [node_data(view, n, names) for n in node.items]}
    if isinstance(node, Note):
        return {"kind": "note", "label": node.label, "detail": node.detail}
    if isinstance(node, AmountForm):
        choices = []
        for btc in node.amounts:
            label, total = money_tools.amount_words(view, node.kind, btc)
            choices.append({"btc": btc, "label": label, "sum": total, "action": amount_action(node.kind, btc).text})
        return {"kind": "amount", "label": node.label, "title": node.title, "verb": node.kind, "choices": choices}
    assert isinstance(node, OfferForm)
    targets = [{"seat": t, "name": names[t], "limits": list(money_tools.offer_limits(view, t))} for t in node.targets]
    return {"kind": "offer", "label": node.label, "title": node.title, "targets": targets}
