"""The public record of a game: every action taken so far and the position it was taken in.

A table remembers what each player did, not only what is in front of her now: who took the
Bitcoin Foundation job when a Fiat job was free, who walked over the price spaces, who guessed.
So a state carries its record (`state.history`, None before the first action), `rules.apply`
extends it, and every view of the state shares it.

The actions are public. The positions are read only through `public_position`, which turns
every role card still face down to "?" (the actor's own too) and hides the chance seed, so
nothing read from the record can tell a hidden role: a view's record is the full state's
record, masked on reading.

Each entry is a node pointing at the one before, so a search that tries several actions from
one state makes branches that share their past and keep nothing of each other. A node holds
the position without its own record (each position would otherwise carry the whole past
again), which also keeps pickling flat: a record travels to a helper process as one list.
`notes` is a per-node memo for readers (the AI keeps its running evidence there), shared by
every state after that node and carried along when pickled.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.bitcoin.actions import Action
from game.bitcoin.state import HIDDEN, State, assemble


class History:
    """One action and the position it was taken in, after the record of everything before it."""

    __slots__ = ("_before", "action", "length", "notes", "previous")

    def __init__(self, previous: History | None, before: State, action: Action,
                 notes: dict[str, Any] | None = None) -> None:
        self.previous = previous
        self._before = before  # the position with its own record left out (see the module doc)
        self.action = action
        self.length = 1 + (previous.length if previous is not None else 0)
        self.notes: dict[str, Any] = {} if notes is None else notes

    @classmethod
    def after(cls, record: History | None, before: State, action: Action) -> History:
        """The record once `action` was taken in `before` (whose own record is `record`)."""
        return cls(record, assemble(State, {**vars(before), "history": None}), action)

    def __len__(self) -> int:
        return self.length

    def __repr__(self) -> str:
        return f"History({self.length} actions, last {self.action.text!r})"

    # --- reading ------------------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """Who took this action: the player who had to decide (an offer's addressee answers it)."""
        who = self._before.current_player
        assert who is not None
        return who

    @property
    def turn(self) -> int:
        """Whose turn it was."""
        return self._before.turn

    @property
    def phase(self) -> str:
        return self._before.phase

    def public_position(self) -> State:
        """The position the action was taken in, as the whole table saw it: every role card
        still face down reads "?" (the actor's own too), the seed -1; `viewer` is the actor."""
        before = self._before
        players = tuple(p if p.revealed else assemble(type(p), {**vars(p), "role": HIDDEN}) for p in before.players)
        return assemble(State, {**vars(before), "players": players, "aside": HIDDEN if before.aside else "",
                                "seed": -1, "viewer": self.actor})

    def nodes(self) -> Iterator[History]:
        """This node and every one before it, newest first."""
        node: History | None = self
        while node is not None:
            yield node
            node = node.previous

    # --- pickling: one flat list, never a chain as deep as the game ---------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        chain = list(self.nodes())
        chain.reverse()
        return (_rebuild, ([(n._before, n.action, n.notes) for n in chain],))


def _rebuild(entries: list[tuple[State, Action, dict[str, Any]]]) -> History:
    node: History | None = None
    for before, action, notes in entries:
        node = History(node, before, action, notes)
    assert node is not None
    return node


def this_turn(state: State) -> list[tuple[str, Action]]:
    """(phase, action) of every action taken so far in the current turn (offers answered
    included), oldest first."""
    out: list[tuple[str, Action]] = []
    node = state.history
    while node is not None and node.turn == state.turn:
        out.append((node.phase, node.action))
        node = node.previous
    out.reverse()
    return out
