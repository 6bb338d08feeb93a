"""The game log in plain words: one sentence per engine event, with the seats' names.

The engine's own `event.describe()` numbers the players ("player 2") and uses ids; the
table's log speaks like a person at the table: "Ada buys 2 BTC for $46 plus a $5 fee.",
with card headlines, job names and tile names taken from the game data.

Hidden information is never told: roles appear only in the events that reveal them
(RoleRevealed, a guess's result, the game's end), exactly when the engine reveals them.

`describe` returns None for the events that would only repeat the sentence next to them:
- TurnEnded: the next "Round N: NAME's turn." says it;
- MoneyPaid for an exchange ("bought ...", "sold ...", "transaction fee") or for a move
  ("moving N spaces"): the Exchanged or PawnMoved sentence already gives the sum;
- LivingExpenses when Food and Internet were both simply paid and the move is not missed:
  the two payments were just told.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.bitcoin import events as ev
from game.bitcoin.data import GameData, load_data
from game.bitcoin.events import BANK, Event
from game.wording import listing, possessive

NOISE_PAYMENTS = ("bought", "sold", "transaction fee", "moving ")
YOU = "You"  # the name a lone human gets (session.default_setup): "You pay", not "You pays"
IRREGULAR = {"is": "are", "goes": "go", "guesses": "guess", "misses": "miss", "has": "have"}
DECKS = {"bitcoin_news": "Bitcoin News", "economic_news": "Economic News"}


def seat(player: int, names: Sequence[str]) -> str:
    """A seat's name ("the bank" for -1, "player N" past the table's end)."""
    if player == BANK:
        return "the bank"
    return names[player] if 0 <= player < len(names) else f"player {player}"


def does(player: int, names: Sequence[str], verb: str) -> str:
    """Subject and verb, "Ada pays" or, for the seat called "You" (a lone human), "You pay"."""
    who = seat(player, names)
    if who != YOU:
        return f"{who} {verb}"
    first, _, rest = verb.partition(" ")
    base = IRREGULAR.get(first, first[:-1] if first.endswith("s") else first)
    return " ".join(part for part in (YOU, base, rest) if part)


def whom(player: int, names: Sequence[str]) -> str:
    """A seat inside a sentence: "Ada", or "you"."""
    who = seat(player, names)
    return "you" if who == YOU else who


def whose(player: int, names: Sequence[str], capital: bool = True) -> str:
    """A seat's possessive: "Ada's", "James'", or "Your" ("your" inside a sentence)."""
    return possessive(seat(player, names), capital)


def aside(words: str) -> str:
    """Words in brackets, with any brackets of their own made commas: never "(a (b))"."""
    flat = re.sub(r"\s*\(([^()]*)\)", r", \1", words)
    return f"({flat})"


def money(currency: str, amount: int) -> str:
    return f"${amount}" if currency == "usd" else f"{amount} BTC"


def bundle(usd: int, btc: int) -> str:
    parts = ([f"${usd}"] if usd else []) + ([f"{btc} BTC"] if btc else [])
    return " and ".join(parts) or "nothing"


def job_name(job: str, data: GameData) -> str:
    found = data.jobs.get(job)
    return found.name if found else ev.job_name(job)


def tile_name(tile: str, data: GameData) -> str:
    """A track tile as printed: "Mining: GPU", "Software 0.3", "Job Opportunity ($5 fee)"."""
    found = data.tiles.get(tile)
    if found is None:
        return tile
    kind = found.kind
    if kind == "mining":
        return f"Mining: {found.level}"
    if kind == "software":
        return f"Software {found.version}"
    if kind == "software_alt":
        return f"Bitcoin Software Alternatives (+${found.rise})"
    if kind == "job_opportunity":
        return f"Job Opportunity ({f'${found.fee} fee' if found.fee else 'free'})"
    if kind == "personal_event" and found.lucky:
        return "Personal Event (lucky +1)"
    return kind.replace("_", " ").title()


def space_name(space: str) -> str:
    return {"start": "Start", "end": "End"}.get(space, space)


def describe(event: Event, names: Sequence[str], data: GameData | None = None) -> str | None:
    """A plain sentence for `event` with the seats' `names`, or None for noise (see the module doc)."""
    data = data or load_data()
    handler = _HANDLERS.get(type(event))
    if handler is None:  # an event type this log does not know yet: the engine's own words
        return event.describe()
    return handler(event, names, data)


# --- one function per event type ---------------------------------------------------------
def _game_started(e: ev.GameStarted, names: Sequence[str], data: GameData) -> str:
    extra = f", advanced rules: {', '.join(e.advanced)}" if e.advanced else ""
    level = e.difficulty.replace("_", " ")
    return f"A {e.players}-player game starts at {level} difficulty{extra}. {does(e.first, names, 'goes')} first."


def _turn_started(e: ev.TurnStarted, names: Sequence[str], data: GameData) -> str:
    return f"Round {e.round}: {whose(e.player, names, capital=False)} turn."


def _money_paid(e: ev.MoneyPaid, names: Sequence[str], data: GameData) -> str | None:
    if e.reason.startswith(NOISE_PAYMENTS):
        return None
    sum_ = money(e.currency, e.amount)
    if e.payer == BANK:
        return f"{does(e.payee, names, 'gets')} {sum_} from the bank {aside(named(e.reason, names))}."
    if e.payee == BANK:
        if e.reason in ("Food", "Internet"):
            return f"{does(e.payer, names, 'pays')} {sum_} for {e.reason}."
        return f"{does(e.payer, names, 'pays')} {sum_} to the bank {aside(named(e.reason, names))}."
    return f"{does(e.payer, names, 'gives')} {whom(e.payee, names)} {sum_} {aside(named(e.reason, names))}."


def named(cause: str, names: Sequence[str]) -> str:
    """The engine's cause text with its "player N" replaced by that seat's name."""
    return _PLAYER.sub(lambda m: whom(int(m[1]), names) if int(m[1]) < len(names) else m[0], cause)


_PLAYER = re.compile(r"\bplayer (\d)\b")


def _price_changed(e: ev.PriceChanged, names: Sequence[str], data: GameData) -> str:
    item, cause = e.item.capitalize(), named(e.cause, names)
    if e.new == e.old:
        return f"The {item} price stays at ${e.new} {aside(cause)}."
    verb = "rises" if e.new > e.old else "falls"
    return f"The {item} price {verb} from ${e.old} to ${e.new} {aside(cause)}."


def _die_rolled(e: ev.DieRolled, names: Sequence[str], data: GameData) -> str:
    plus = f" +1 lucky = {e.total}" if e.total != e.value else ""
    return f"{does(e.player, names, 'rolls')} a {e.value}{plus} for the {e.purpose}."


def _card_drawn(e: ev.CardDrawn, names: Sequence[str], data: GameData) -> str:
    deck = DECKS.get(e.deck, e.deck)
    return f"{does(e.player, names, 'draws')} {deck} {e.number}: \"{e.headline}\" {aside(e.effect)}."


def _deck_reshuffled(e: ev.DeckReshuffled, names: Sequence[str], data: GameData) -> str:
    return f"The {DECKS.get(e.deck, e.deck)} discards ({e.cards} cards) are shuffled into a new deck."


def _living_expenses(e: ev.LivingExpenses, names: Sequence[str], data: GameData) -> str | None:
    if e.food == "paid" and e.internet == "paid" and not e.missed:
        return None
    parts = [f"{item} {state}" for item, state in (("Food", e.food), ("Internet", e.internet))]
    result = ""
    if e.missed:
        result = f": {does(e.player, names, 'misses').replace(YOU + ' ', 'you ', 1)} the move"
        result += f" and {'go' if seat(e.player, names) == YOU else 'goes'} back to Start" if e.back_to_start else ""
    return f"{whose(e.player, names)} living expenses: {listing(parts)}{result}."


def _pawn_moved(e: ev.PawnMoved, names: Sequence[str], data: GameData) -> str:
    if e.reason == "back to start":
        return f"{whose(e.player, names)} pawn goes back to Start."
    count = len(e.path)
    spent = f" for {e.btc} BTC" if e.btc else ""
    bonus = count - e.bought if e.bought and count > e.bought else 0
    extra = f" ({bonus} free past occupied space{'s' if bonus != 1 else ''})" if bonus else ""
    kind = "jumps" if e.reason == "jump" else "moves"
    end = " to End" if e.target == "end" else ""
    return f"{does(e.player, names, kind)} {count} space{'s' if count != 1 else ''}{spent}{extra}{end}."


def _tile_landed(e: ev.TileLanded, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'lands')} on {tile_name(e.tile, data)}."


def _advancement_moved(e: ev.AdvancementMoved, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'advances')} {e.track.capitalize()} from {e.old} to {e.new}."


def _nothing_happens(e: ev.NothingHappens, names: Sequence[str], data: GameData) -> str:
    return f"Nothing happens for {whom(e.player, names)}: {e.reason}."


def _personal_event(e: ev.PersonalEventHappened, names: Sequence[str], data: GameData) -> str:
    card = e.text.rstrip(".")  # the card's words in quotes (never tinted as a seat), the full stop after
    return f"Personal Event {e.roll} for {whom(e.player, names)}: \"{e.title}: {card}\"."


def _job_taken(e: ev.JobTaken, names: Sequence[str], data: GameData) -> str:
    rank = "main" if e.main else "secondary"
    how = "is dealt" if e.reason == "deal" else "takes"
    return f"{does(e.player, names, how)} the {job_name(e.job, data)} job as {rank} job."


def _job_quit(e: ev.JobQuit, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'leaves')} the {job_name(e.job, data)} job {aside(named(e.reason, names))}."


def _jobs_swapped(e: ev.JobsSwapped, names: Sequence[str], data: GameData) -> str:
    return (f"{does(e.player, names, 'makes')} {job_name(e.main, data)} the main job "
            f"and {job_name(e.secondary, data)} the secondary job.")


def _job_declined(e: ev.JobDeclined, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'lets')} the Job Opportunity pass."


def _exchanged(e: ev.Exchanged, names: Sequence[str], data: GameData) -> str:
    """Both sums right: a buyer pays price plus fee, a seller gets price less fee (`usd` is the price)."""
    if e.direction == "buy":
        fee = f" plus a ${e.fee} fee: ${e.usd + e.fee} in all" if e.fee else " with no fee"
        return f"{does(e.player, names, 'buys')} {e.btc} BTC for ${e.usd}{fee}."
    if not e.fee:
        return f"{does(e.player, names, 'sells')} {e.btc} BTC for ${e.usd} with no fee."
    net = e.usd - e.fee
    rest = f"{whom(e.player, names)} {'get' if seat(e.player, names) == YOU else 'gets'} ${net}" if net >= 0 else \
        f"{whom(e.player, names)} {'pay' if seat(e.player, names) == YOU else 'pays'} ${-net}"
    return f"{does(e.player, names, 'sells')} {e.btc} BTC for ${e.usd} less a ${e.fee} fee: {rest}."


def _bitcoins_saved(e: ev.BitcoinsSaved, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'puts')} {e.btc} BTC into savings (now {e.total} BTC)."


def _offer_made(e: ev.OfferMade, names: Sequence[str], data: GameData) -> str:
    to = whom(e.to, names)
    give, get = bundle(e.give_usd, e.give_btc), bundle(e.get_usd, e.get_btc)
    if not e.get_usd and not e.get_btc:
        return f"{does(e.player, names, 'offers')} {to} a gift of {give}."
    if not e.give_usd and not e.give_btc:
        return f"{does(e.player, names, 'asks')} {to} for {get}."
    return f"{does(e.player, names, 'offers')} {to} {give} for {get}."


def _offer_answered(e: ev.OfferAnswered, names: Sequence[str], data: GameData) -> str:
    return f"{does(e.player, names, 'accepts' if e.accepted else 'declines')} the offer."


def _guess_made(e: ev.GuessMade, names: Sequence[str], data: GameData) -> str:
    result = "right!" if e.correct else "wrong."
    target = whom(e.target, names)
    verb = "are" if target == "you" else "is"
    right = "are" if seat(e.player, names) == YOU else "is"
    return f"{does(e.player, names, 'guesses')} that {target} {verb} Satoshi, and {right} {result}"


def _role_revealed(e: ev.RoleRevealed, names: Sequence[str], data: GameData) -> str:
    role = "Satoshi" if e.role == "satoshi" else "a Bitcoin Geek"
    if e.player == BANK:
        return f"The role card set aside was {role}."
    return f"{whose(e.player, names)} role card is turned up: {role}."


def _turn_ended(e: ev.TurnEnded, names: Sequence[str], data: GameData) -> None:
    return None


def _game_over(e: ev.GameOver, names: Sequence[str], data: GameData) -> str:
    winners = listing([seat(w, names) for w in e.winners]) or "nobody"
    rule = {"fiat": "the most Fiat money wins", "bitcoin": "the most Bitcoins win",
            "everyone": "everybody wins"}.get(e.condition, e.condition)
    tie = f", tie broken by {e.tie_break}" if e.tie_break and e.tie_break != "shared" else ""
    tie = ", a shared win" if e.tie_break == "shared" else tie
    return f"Game over at a Bitcoin price of ${e.price}: {rule}{tie}. Winner{'s' if len(e.winners) != 1 else ''}: " \
           f"{winners}."


_HANDLERS = {
    ev.GameStarted: _game_started, ev.TurnStarted: _turn_started, ev.MoneyPaid: _money_paid,
    ev.PriceChanged: _price_changed, ev.DieRolled: _die_rolled, ev.CardDrawn: _card_drawn,
    ev.DeckReshuffled: _deck_reshuffled, ev.LivingExpenses: _living_expenses, ev.PawnMoved: _pawn_moved,
    ev.TileLanded: _tile_landed, ev.AdvancementMoved: _advancement_moved, ev.NothingHappens: _nothing_happens,
    ev.PersonalEventHappened: _personal_event, ev.JobTaken: _job_taken, ev.JobQuit: _job_quit,
    ev.JobsSwapped: _jobs_swapped, ev.JobDeclined: _job_declined, ev.Exchanged: _exchanged,
    ev.BitcoinsSaved: _bitcoins_saved, ev.OfferMade: _offer_made, ev.OfferAnswered: _offer_answered,
    ev.GuessMade: _guess_made, ev.RoleRevealed: _role_revealed, ev.TurnEnded: _turn_ended, ev.GameOver: _game_over,
}
