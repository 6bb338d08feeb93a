"""What one player may know, and how an AI turns that back into full states to search.

`view_for(state, player)` masks what that player cannot see: other players' role cards (until
revealed by a guess or the end of the game), the card set aside in a two-player game, and the
chance seed (which would tell every future die roll). Everything else is on the table: pawns,
money, jobs, prices, markers, the face-up tiles, and which news cards are left (the cards are
numbered so players may count them; the deck's order is never stored, see state.py).

A view is itself a State (with `viewer` set), so `legal_actions(view)` works unchanged. To
look ahead, complete it: `determinize(view, rng)` samples the hidden roles consistently with
what the viewer knows and gives it a fresh seed; `complete(view, roles, seed)` does the same
with a chosen assignment.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from game.bitcoin.state import GEEK, HIDDEN, SATOSHI, Player, State, assemble


def view_for(state: State, player: int) -> State:
    """The state as `player` sees it (everything revealed once the game is over)."""
    if not 0 <= player < state.n:
        raise ValueError(f"no player {player} in a {state.n}-player game")
    over = state.phase == "over"
    players = tuple(p if over or i == player or p.revealed or p.role == HIDDEN
                    else assemble(Player, {**vars(p), "role": HIDDEN}) for i, p in enumerate(state.players))
    aside = state.aside if over or not state.aside else HIDDEN
    # built around the generated __init__ (see state.assemble): every decision of every computer makes one
    return assemble(State, {**vars(state), "players": players, "aside": aside, "seed": -1, "viewer": player})


def hidden_cards(view: State) -> list[str]:
    """The role cards the viewer cannot see: held by hidden players or set aside."""
    cards = [SATOSHI] + [GEEK] * (2 if view.n == 2 else view.n - 1)
    seen = [p.role for p in view.players] + ([view.aside] if view.aside else [])
    for role in seen:
        if role != HIDDEN:
            cards.remove(role)
    return cards


def complete(view: State, roles: Sequence[str], seed: int, aside: str | None = None) -> State:
    """A full state from a view: `roles` for the hidden players in seat order, and a seed.

    In a two-player game with the aside card hidden, `aside` gives it. Raises ValueError when
    the assignment does not match the cards still unseen.
    """
    hidden = [i for i, p in enumerate(view.players) if p.role == HIDDEN]
    slots = len(hidden) + (view.aside == HIDDEN)
    chosen = [*roles, *([aside] if view.aside == HIDDEN else [])]
    if len(chosen) != slots or sorted(c for c in chosen if c) != sorted(hidden_cards(view)):
        raise ValueError(f"the hidden roles must be the unseen cards {sorted(hidden_cards(view))}")
    players = list(view.players)
    for i, role in zip(hidden, roles, strict=True):
        players[i] = replace(players[i], role=role)
    return replace(view, players=tuple(players), aside=aside if view.aside == HIDDEN else view.aside,
                   seed=int(seed) & ((1 << 63) - 1), viewer=-1)


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with the view: the unseen role cards shuffled, a random seed."""
    cards = hidden_cards(view)
    rng.shuffle(cards)
    hidden = sum(p.role == HIDDEN for p in view.players)
    aside = cards[hidden] if view.aside == HIDDEN else None
    return complete(view, cards[:hidden], rng.getrandbits(63), aside)


def reseed(state: State, seed: int) -> State:
    """The same position with another chance seed: another possible future for search."""
    return replace(state, seed=int(seed) & ((1 << 63) - 1), draws=0)
