"""What an action caused, in order: the client animates these, the game log prints `describe()`.

Every dollar and bitcoin that changes hands is one `MoneyPaid` (the bank is player -1), and
every BTC put into savings is one `BitcoinsSaved`, so a log can account for all money. Other
events carry what the client needs to draw the change (paths, old and new prices, cards, dice).
Players are numbered from 0, as in the action texts.
"""

from __future__ import annotations

from dataclasses import dataclass

BANK = -1


def who(player: int) -> str:
    return "the bank" if player == BANK else f"player {player}"


def job_name(job: str) -> str:
    """A job id in words for the log (the cards' full names are in the data)."""
    return job.replace("_", " ").title()


def amount_text(currency: str, amount: int) -> str:
    return f"${amount}" if currency == "usd" else f"{amount} BTC"


@dataclass(frozen=True)
class GameStarted:
    players: int
    first: int
    difficulty: str
    advanced: tuple[str, ...]  # "inflation", "savings"

    def describe(self) -> str:
        extra = f", advanced rules: {', '.join(self.advanced)}" if self.advanced else ""
        return (f"A {self.players}-player game starts at {self.difficulty.replace('_', ' ')} difficulty{extra}; "
                f"player {self.first} goes first.")


@dataclass(frozen=True)
class TurnStarted:
    player: int
    round: int

    def describe(self) -> str:
        return f"Round {self.round}: player {self.player}'s turn."


@dataclass(frozen=True)
class MoneyPaid:
    payer: int  # BANK or a player
    payee: int  # BANK or a player
    currency: str  # "usd" or "btc"
    amount: int
    reason: str

    def describe(self) -> str:
        money = amount_text(self.currency, self.amount)
        return f"{who(self.payer).capitalize()} pays {money} to {who(self.payee)} ({self.reason})."


@dataclass(frozen=True)
class PriceChanged:
    item: str  # "bitcoin", "food", "internet"
    old: int
    new: int
    cause: str

    def describe(self) -> str:
        verb = "rises" if self.new > self.old else "falls" if self.new < self.old else "stays"
        return f"The {self.item.capitalize()} price {verb} from ${self.old} to ${self.new} ({self.cause})."


@dataclass(frozen=True)
class DieRolled:
    player: int
    value: int  # the face of the die
    total: int  # value plus any bonus (a lucky Personal Event adds 1)
    purpose: str  # "software", "personal event", "inflation", "start player"

    def describe(self) -> str:
        plus = f" (+1 lucky = {self.total})" if self.total != self.value else ""
        return f"Player {self.player} rolls {self.value}{plus} for the {self.purpose}."


@dataclass(frozen=True)
class CardDrawn:
    player: int
    deck: str  # "bitcoin_news" or "economic_news"
    number: int
    headline: str
    effect: str

    def describe(self) -> str:
        deck = "Bitcoin News" if self.deck == "bitcoin_news" else "Economic News"
        return f"Player {self.player} draws {deck} card {self.number}: \"{self.headline}\" ({self.effect})."


@dataclass(frozen=True)
class DeckReshuffled:
    deck: str
    cards: int

    def describe(self) -> str:
        deck = "Bitcoin News" if self.deck == "bitcoin_news" else "Economic News"
        return f"The {deck} discards ({self.cards} cards) are shuffled into a new deck."


@dataclass(frozen=True)
class LivingExpenses:
    player: int
    food: str  # "paid", "free" or "unpaid"
    internet: str
    missed: bool  # the move is missed
    back_to_start: bool

    def describe(self) -> str:
        parts = f"Food {self.food}, Internet {self.internet}"
        result = " and goes back to Start" if self.back_to_start else ""
        missed = f"; player {self.player} misses the move{result}" if self.missed else ""
        return f"Player {self.player}'s living expenses: {parts}{missed}."


@dataclass(frozen=True)
class PawnMoved:
    player: int
    origin: str
    target: str
    path: tuple[str, ...]  # every space entered, ending with target (empty for back to Start)
    btc: int  # BTC spent on the move
    reason: str  # "move", "jump", "back to start"
    bought: int = 0  # spaces bought (the rest of the path are bonus spaces for occupied ones)

    def describe(self) -> str:
        if self.reason == "back to start":
            return f"Player {self.player}'s pawn goes back from {self.origin} to Start."
        spent = f" for {self.btc} BTC" if self.btc else ""
        kind = "jumps" if self.reason == "jump" else "moves"
        return f"Player {self.player} {kind} {len(self.path)} spaces{spent}: {self.origin} -> {' -> '.join(self.path)}."


@dataclass(frozen=True)
class TileLanded:
    player: int
    space: str
    tile: str  # tile id
    kind: str

    def describe(self) -> str:
        return f"Player {self.player} lands on {self.kind.replace('_', ' ')} ({self.tile}) at {self.space}."


@dataclass(frozen=True)
class AdvancementMoved:
    track: str  # "software" or "mining"
    old: str
    new: str
    player: int

    def describe(self) -> str:
        return f"The {self.track.capitalize()} marker advances from {self.old} to {self.new}."


@dataclass(frozen=True)
class NothingHappens:
    player: int
    reason: str

    def describe(self) -> str:
        return f"Nothing happens for player {self.player}: {self.reason}."


@dataclass(frozen=True)
class PersonalEventHappened:
    player: int
    roll: int
    title: str
    text: str

    def describe(self) -> str:
        return f"Personal Event {self.roll} for player {self.player}, {self.title}: {self.text}"


@dataclass(frozen=True)
class JobTaken:
    player: int
    job: str
    main: bool
    reason: str  # "deal", "job opportunity"

    def describe(self) -> str:
        rank = "main" if self.main else "secondary"
        return f"Player {self.player} takes the {job_name(self.job)} job as {rank} job ({self.reason})."


@dataclass(frozen=True)
class JobQuit:
    player: int
    job: str
    reason: str  # "quit", "made room for a new job", "laid off"

    def describe(self) -> str:
        return f"Player {self.player} loses the {job_name(self.job)} job ({self.reason})."


@dataclass(frozen=True)
class JobsSwapped:
    player: int
    main: str
    secondary: str

    def describe(self) -> str:
        main, secondary = job_name(self.main), job_name(self.secondary)
        return f"Player {self.player} makes {main} the main job and {secondary} the secondary job."


@dataclass(frozen=True)
class JobDeclined:
    player: int
    fee: int

    def describe(self) -> str:
        return f"Player {self.player} lets the Job Opportunity pass."


@dataclass(frozen=True)
class Exchanged:
    player: int
    direction: str  # "buy" or "sell" (BTC, from the player's side)
    btc: int
    usd: int  # price times BTC, without the fee
    fee: int

    def describe(self) -> str:
        verb = "buys" if self.direction == "buy" else "sells"
        fee = f" plus a ${self.fee} fee" if self.fee else " with no fee"
        return f"Player {self.player} {verb} {self.btc} BTC for ${self.usd}{fee}."


@dataclass(frozen=True)
class BitcoinsSaved:
    player: int
    btc: int
    total: int  # the player's savings after

    def describe(self) -> str:
        return f"Player {self.player} puts {self.btc} BTC into savings (now {self.total} BTC)."


@dataclass(frozen=True)
class OfferMade:
    player: int
    to: int
    give_usd: int
    give_btc: int
    get_usd: int
    get_btc: int

    def describe(self) -> str:
        give = _bundle(self.give_usd, self.give_btc)
        get = _bundle(self.get_usd, self.get_btc)
        if not self.get_usd and not self.get_btc:
            return f"Player {self.player} offers player {self.to} a gift of {give}."
        if not self.give_usd and not self.give_btc:
            return f"Player {self.player} asks player {self.to} for {get}."
        return f"Player {self.player} offers player {self.to} {give} for {get}."


def _bundle(usd: int, btc: int) -> str:
    parts = ([f"${usd}"] if usd else []) + ([f"{btc} BTC"] if btc else [])
    return " and ".join(parts) or "nothing"


@dataclass(frozen=True)
class OfferAnswered:
    player: int  # who answered
    accepted: bool

    def describe(self) -> str:
        return f"Player {self.player} {'accepts' if self.accepted else 'declines'} the offer."


@dataclass(frozen=True)
class GuessMade:
    player: int
    target: int
    correct: bool

    def describe(self) -> str:
        result = "right" if self.correct else "wrong"
        return f"Player {self.player} guesses that player {self.target} is Satoshi, and is {result}."


@dataclass(frozen=True)
class RoleRevealed:
    player: int  # -1 for the card set aside in a two-player game
    role: str

    def describe(self) -> str:
        role = "Satoshi" if self.role == "satoshi" else "a Bitcoin Geek"
        if self.player == BANK:
            return f"The card set aside was {role}."
        return f"Player {self.player} is {role}."


@dataclass(frozen=True)
class TurnEnded:
    player: int

    def describe(self) -> str:
        return f"Player {self.player} ends the turn."


@dataclass(frozen=True)
class GameOver:
    winners: tuple[int, ...]
    condition: str  # "fiat", "bitcoin", "everyone"
    price: int
    tie_break: str  # "", "fiat income", "fiat money", "shared"
    reason: str  # "end" (a pawn reached End) or "round limit"
    satoshi: int  # the Satoshi player, -1 when the card was set aside

    def describe(self) -> str:
        names = ", ".join(str(w) for w in self.winners) or "nobody"
        rule = {"fiat": "most Fiat money", "bitcoin": "most Bitcoins", "everyone": "everybody wins"}[self.condition]
        tie = f", tie broken by {self.tie_break}" if self.tie_break else ""
        return f"Game over at a Bitcoin price of ${self.price} ({rule}{tie}): winners {names}."


Event = (
    GameStarted | TurnStarted | MoneyPaid | PriceChanged | DieRolled | CardDrawn | DeckReshuffled
    | LivingExpenses | PawnMoved | TileLanded | AdvancementMoved | NothingHappens | PersonalEventHappened
    | JobTaken | JobQuit | JobsSwapped | JobDeclined | Exchanged | BitcoinsSaved | OfferMade | OfferAnswered
    | GuessMade | RoleRevealed | TurnEnded | GameOver
)
