"""A mutable copy of a state for the length of one `apply`, with the bookkeeping helpers.

The rules modules change a `Work` and record an event for every change; `freeze()` makes the
new immutable State. Working on one mutable copy (instead of replacing the frozen state at
every small step) keeps a whole simulated game to a few milliseconds. Every movement of money
goes through `transfer`, so every dollar and bitcoin is accounted for by a MoneyPaid event.
"""

from __future__ import annotations

from dataclasses import fields

from game.bitcoin.chance import draw
from game.bitcoin.events import BANK, DieRolled, Event, MoneyPaid, PriceChanged
from game.bitcoin.state import Player, State, assemble

FIELDS = tuple(f.name for f in fields(State))
PLAYER_FIELDS = frozenset(f.name for f in fields(Player))


class Work:
    __slots__ = (*FIELDS, "events")

    def __init__(self, state: State) -> None:
        for name in FIELDS:
            setattr(self, name, getattr(state, name))
        self.players: list[Player] = list(state.players)
        self.events: list[Event] = []

    def freeze(self) -> State:
        values = {name: getattr(self, name) for name in FIELDS}
        values["players"] = tuple(self.players)
        return assemble(State, values)

    # --- players ----------------------------------------------------------------
    def set(self, player: int, **changes: object) -> None:
        assert changes.keys() <= PLAYER_FIELDS, changes
        self.players[player] = assemble(Player, {**vars(self.players[player]), **changes})

    def holders(self, job: str) -> int:
        return sum(job in p.jobs for p in self.players)

    # --- chance -----------------------------------------------------------------
    def draw(self, n: int) -> int:
        """One draw in range(n) from the game's seed and draw counter."""
        if self.seed < 0:
            raise ValueError("a view has no seed: build a full state (view.determinize) before chance")
        value = draw(self.seed, self.draws, n)
        self.draws += 1
        return value

    def die(self, player: int, purpose: str, bonus: int = 0) -> int:
        value = self.draw(6) + 1
        self.events.append(DieRolled(player, value, value + bonus, purpose))
        return value + bonus

    # --- money ------------------------------------------------------------------
    def transfer(self, payer: int, payee: int, currency: str, amount: int, reason: str) -> None:
        """Move money between players or the bank (BANK); amounts are whole and positive."""
        if amount <= 0:
            return
        for who, sign in ((payer, -1), (payee, 1)):
            if who == BANK:
                continue
            p = self.players[who]
            if currency == "usd":
                self.set(who, usd=p.usd + sign * amount)
            else:
                self.set(who, btc=p.btc + sign * amount, had_btc=p.had_btc or sign > 0)
        self.events.append(MoneyPaid(payer, payee, currency, amount, reason))

    def take(self, player: int, currency: str, amount: int, reason: str) -> int:
        """The player pays the bank up to `amount` (never below 0); returns what was paid."""
        held = self.players[player].usd if currency == "usd" else self.players[player].btc
        paid = min(amount, held)
        self.transfer(player, BANK, currency, paid, reason)
        return paid

    # --- prices -----------------------------------------------------------------
    def move_price(self, item: str, change: int, cause: str) -> None:
        """Move a price; prices never go below $0 (chapter 4.5)."""
        old = getattr(self, item)
        new = max(0, old + change)
        if new != old:
            setattr(self, item, new)
            self.events.append(PriceChanged(item, old, new, cause))

    @property
    def job_effect(self) -> int:
        """The Job Effect marker: $ per Bitcoin job, by the number of players (chapter 4.5)."""
        return self.data.rules.job_effect[len(self.players)]
