"""The shapes of a decision tree (pure: no pygame): leaves, menus, notes and forms.

decisions.py builds a `Decision` out of these for the player to move; the panel draws them and
tests walk them. Every `Leaf` holds one complete action and every `AmountForm` a list of legal
amounts, so whatever the tree offers, `reachable` can list for a test to check with the engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.bitcoin import Action, Buy, Save, Sell

BANK_KINDS = ("buy", "sell", "save")


@dataclass(frozen=True)
class Leaf:
    """One complete legal action. `confirm` asks first (the guess), saying the `stakes`
    (sentence, tone); `space`/`path` preview a move."""

    label: str
    action: Action
    detail: str = ""
    confirm: str = ""
    stakes: tuple[tuple[str, str], ...] = ()
    space: str = ""
    path: tuple[str, ...] = ()
    primary: bool = False
    more: str = ""  # the whole story (a job card's text), shown below the list while focused


@dataclass(frozen=True)
class Menu:
    """A group of choices; `title` is the heading while it is open. `space`: a move destination."""

    label: str
    title: str
    items: tuple[Node, ...]
    detail: str = ""
    space: str = ""
    more: str = ""


@dataclass(frozen=True)
class Note:
    """A choice that cannot be made now, shown disabled with the engine's reason."""

    label: str
    detail: str


@dataclass(frozen=True)
class AmountForm:
    """Buy, sell or save: the player sets an amount among `amounts` (all legal, in order)."""

    label: str
    title: str
    kind: str
    amounts: tuple[int, ...]


@dataclass(frozen=True)
class OfferForm:
    """A gift or trade to one of `targets`: amounts are free, the engine checks them."""

    label: str
    title: str
    targets: tuple[int, ...]


Node = Leaf | Menu | Note | AmountForm | OfferForm


@dataclass(frozen=True)
class Decision:
    """Everything one seat may decide now."""

    who: int
    phase: str
    heading: str
    main: tuple[Node, ...]
    tools: tuple[Node, ...] = ()


def amount_action(kind: str, btc: int) -> Buy | Sell | Save:
    """What an amount form gives once the player set `btc`."""
    return {"buy": Buy, "sell": Sell, "save": Save}[kind](btc)


# --- walking the tree (tests, and the panel's board clicks) ----------------------------------
def walk(nodes: Sequence[Node]) -> Iterator[Node]:
    for node in nodes:
        yield node
        if isinstance(node, Menu):
            yield from walk(node.items)


def reachable(decision: Decision) -> list[Action]:
    """Every action a player can pick from the tree (forms give each amount they allow)."""
    out: list[Action] = []
    for node in walk((*decision.main, *decision.tools)):
        if isinstance(node, Leaf):
            out.append(node.action)
        elif isinstance(node, AmountForm):
            out += [amount_action(node.kind, n) for n in node.amounts]
    return out


def destinations(nodes: Sequence[Node]) -> dict[str, Leaf | Menu]:
    """The move destinations among `nodes`, by space."""
    return {n.space: n for n in nodes if isinstance(n, (Leaf, Menu)) and n.space}
