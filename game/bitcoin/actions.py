"""Finding Satoshi actions: small frozen values with a text form that round-trips.

Text forms (one per line in logs, tests and replays; players are numbered from 0):

    pay                          pay living expenses now (only asked when money is short)
    pay food / pay internet      buy this one first (the choice when the money reaches one, not both)
    move 2 1,0 1,1               buy a move of 2 spaces and take this path (space ids)
    skip                         unemployed: miss the move to get a Job Opportunity
    accept / decline             pay a Job Opportunity fee, or answer a proposed offer
    take miner -> banker,miner   take a job; the jobs held after, main job first
    quit miner / swap / end      end-of-turn job changes, and ending the turn
    buy 3 / sell 3               exchange BTC with the bank at the current price
    save 10                      advanced rule: put BTC into savings
    offer 2 5usd 1btc for 0usd 0btc    propose to player 2: give $5 and 1 BTC, get nothing
    guess 2                      guess that player 2 is Satoshi (once per game)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay for Food and Internet now, buying what the money allows.

    `item` ("food" or "internet") is bought first; "" buys the cheaper first (Food on a tie).
    It matters only when the money reaches one of the two but not both (chapter 5.1, step 2):
    the player chooses which one she buys, and the cheaper is the default."""

    item: str = ""

    @property
    def text(self) -> str:
        return f"pay {self.item}" if self.item else "pay"


@dataclass(frozen=True, slots=True)
class Move:
    """Buy `spaces` (1-3) and move along `path`: every space entered, ending where the pawn stops."""

    spaces: int
    path: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"move {self.spaces} {' '.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Skip:
    """An unemployed player misses her move to get a Job Opportunity (chapter 4.3)."""

    @property
    def text(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Accept:
    """Pay the Job Opportunity fee, or accept the offer made to you."""

    @property
    def text(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Decline:
    """Let a Job Opportunity pass, or decline the offer made to you."""

    @property
    def text(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class TakeJob:
    """Take `job` from the Job Opportunity; `jobs` is what the player holds after, main job first."""

    job: str
    jobs: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"take {self.job} -> {','.join(self.jobs)}"


@dataclass(frozen=True, slots=True)
class Quit:
    """Give up a job at the end of the turn (chapter 5.1, step 4)."""

    job: str

    @property
    def text(self) -> str:
        return f"quit {self.job}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Switch the main and the secondary job at the end of the turn."""

    @property
    def text(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class EndTurn:
    @property
    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy BTC from the bank at the Bitcoin price, plus the transaction fee."""

    btc: int

    @property
    def text(self) -> str:
        return f"buy {self.btc}"


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell BTC to the bank at the Bitcoin price, minus the transaction fee."""

    btc: int

    @property
    def text(self) -> str:
        return f"sell {self.btc}"


@dataclass(frozen=True, slots=True)
class Save:
    """Advanced rule 7.2: lock BTC into savings for the rest of the game."""

    btc: int

    @property
    def text(self) -> str:
        return f"save {self.btc}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Propose to player `to`: the mover gives `give_*` and gets `get_*` (a gift when get is zero)."""

    to: int
    give_usd: int = 0
    give_btc: int = 0
    get_usd: int = 0
    get_btc: int = 0

    @property
    def text(self) -> str:
        return f"offer {self.to} {self.give_usd}usd {self.give_btc}btc for {self.get_usd}usd {self.get_btc}btc"


@dataclass(frozen=True, slots=True)
class Guess:
    """Guess that player `target` holds the Satoshi card (chapter 5.4)."""

    target: int

    @property
    def text(self) -> str:
        return f"guess {self.target}"


Action = Pay | Move | Skip | Accept | Decline | TakeJob | Quit | Swap | EndTurn | Buy | Sell | Save | Offer | Guess
#: actions a player may take any time during her own turn (chapter 5.3, 5.4, 7.2)
FREE_ACTIONS = (Buy, Sell, Save, Offer, Guess)

PAY, SKIP, ACCEPT, DECLINE, SWAP, END = Pay(), Skip(), Accept(), Decline(), Swap(), EndTurn()
_SIMPLE: dict[str, Action] = {a.text: a for a in (PAY, SKIP, ACCEPT, DECLINE, SWAP, END)}


@cache
def buy(btc: int) -> Buy:
    """Interned Buy(btc): legal_actions lists many of these, so they are built once."""
    return Buy(btc)


@cache
def sell(btc: int) -> Sell:
    return Sell(btc)


@cache
def save(btc: int) -> Save:
    return Save(btc)


_PAY = re.compile(r"pay\s+(food|internet)")
_NUMBER = re.compile(r"(buy|sell|save|guess)\s+([0-9]+)")  # ASCII digits: int() reads "٣" as 3
_MOVE = re.compile(r"move\s+([123])((?:\s+[\w,.-]+)+)")
_TAKE = re.compile(r"take\s+(\w+)\s*->\s*(\w+(?:\s*,\s*\w+)?)")
_QUIT = re.compile(r"quit\s+(\w+)")
_OFFER = re.compile(r"offer\s+([0-9]+)\s+([0-9]+)usd\s+([0-9]+)btc\s+for\s+([0-9]+)usd\s+([0-9]+)btc")
_KINDS = {"buy": buy, "sell": sell, "save": save, "guess": Guess}


def parse_action(text: str) -> Action:
    """Read an action's text form; raises ValueError listing the forms expected."""
    line = " ".join(text.strip().lower().split())
    if line in _SIMPLE:
        return _SIMPLE[line]
    if match := _PAY.fullmatch(line):
        return Pay(match[1])
    if match := _NUMBER.fullmatch(line):
        return _KINDS[match[1]](int(match[2]))
    if match := _MOVE.fullmatch(line):
        return Move(int(match[1]), tuple(match[2].split()))
    if match := _TAKE.fullmatch(line):
        return TakeJob(match[1], tuple(j.strip() for j in match[2].split(",")))
    if match := _QUIT.fullmatch(line):
        return Quit(match[1])
    if match := _OFFER.fullmatch(line):
        return Offer(*(int(g) for g in match.groups()))
    raise ValueError(
        f"cannot read action {text!r}: expected pay, pay food, pay internet, move N SPACE..., skip, accept, "
        "decline, "
        "take JOB -> MAIN[,SECONDARY], quit JOB, swap, end, buy N, sell N, save N, "
        "offer P Xusd Ybtc for Zusd Wbtc, or guess P"
    )
