"""What the decision panel marks on the board (pure: no pygame): the spaces a move can land on.

The table rings these spaces, labels them ("2 spaces · 1 BTC") and forwards a click on one to the
panel; on a page that is not about moving (a form, a confirmation) nothing is marked.
"""

from __future__ import annotations

from game.bitcoin import Move
from game.bitcoin.state import State
from game.client.satoshi.decision_nodes import Decision, Leaf, Menu, Node, destinations
from game.client.satoshi.decision_words import move_words


def board_spaces(view: State, decision: Decision, node: Node | None) -> dict[str, str]:
    """Track spaces to highlight on the page showing `node` (None: the root), each with its move's words."""
    if node is not None and not isinstance(node, Menu):
        return {}
    menus = [m for m in decision.main if isinstance(m, Menu)] if node is None else [node]
    out: dict[str, str] = {}
    if node is None:  # a distance with one place to land is a row of its own
        for item in decision.main:
            if isinstance(item, Leaf) and item.space and isinstance(item.action, Move):
                out.setdefault(item.space, move_words(view, item.action.spaces))
    for menu in menus:
        for space, target in destinations(menu.items).items():
            move = first_move(target)
            if move is not None and space not in out:
                out[space] = move_words(view, move.spaces)
        if menu.space and menu.items:
            move = first_move(menu)
            if move is not None:
                out.setdefault(menu.space, move_words(view, move.spaces))
    return out


def first_move(node: Node) -> Move | None:
    """The first move a row leads to (its ring colour: how many spaces it buys)."""
    if isinstance(node, Leaf):
        return node.action if isinstance(node.action, Move) else None
    if isinstance(node, Menu) and node.items:
        return first_move(node.items[0])
    return None
