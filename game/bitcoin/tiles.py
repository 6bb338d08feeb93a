"""What each track tile does to the player who ends a move on it (chapter 5.2).

`land` applies the tile and returns the phase that follows: "end" when the turn goes on to the
job step, "move" after a Jump, "fee" or "job" for a Job Opportunity. Chance (dice, cards) is
drawn here, at once, so a player can never sell or give away Bitcoins to dodge a result.
"""

from __future__ import annotations

from game.bitcoin.choices import doubler
from game.bitcoin.events import (
    BANK,
    AdvancementMoved,
    CardDrawn,
    DeckReshuffled,
    NothingHappens,
    PersonalEventHappened,
    TileLanded,
)
from game.bitcoin.jobs import any_job_open, doubled, lose_job
from game.bitcoin.printed import Tile
from game.bitcoin.work import Work


def land(w: Work, who: int, space: str) -> str:
    tile = w.data.tiles[w.layout[w.data.track.index[space]]]
    w.events.append(TileLanded(who, space, tile.id, tile.kind))
    return _EFFECTS[tile.kind](w, who, tile)


def _factor(w: Work, who: int, kind: str) -> int:
    return 2 if doubled(w.players[who], kind) else 1


def _why(w: Work, who: int, kind: str) -> str:
    """", doubled: Programmer" when a job doubles this effect: the log says the reason."""
    job = doubler(w, who, kind)  # type: ignore[arg-type]  # reads players like a State
    return f", doubled: {w.data.jobs[job].name}" if job else ""


def _mining(w: Work, who: int, tile: Tile) -> str:
    levels, target = w.data.mining, w.data.mining_index(tile.level)
    if target <= w.mining:
        w.events.append(NothingHappens(who, f"Mining is already at {levels[w.mining].level}"))
        return "end"
    factor = _factor(w, who, "mining")
    old, w.mining = w.mining, target
    w.events.append(AdvancementMoved("mining", levels[old].level, levels[target].level, who))
    for level in levels[old + 1:target + 1]:
        w.move_price("bitcoin", level.rise * factor, f"Mining reaches {level.level}{_why(w, who, 'mining')}")
        w.transfer(BANK, who, "btc", level.btc * factor, f"mining at {level.level}{_why(w, who, 'mining')}")
    return "end"


def _software(w: Work, who: int, tile: Tile) -> str:
    """Ruling: one die roll per landing, needed when the tile's own version needs a roll."""
    levels, target = w.data.software, w.data.software_index(tile.version)
    if target <= w.software:
        w.events.append(NothingHappens(who, f"Software is already at {levels[w.software].version}"))
        return "end"
    if levels[target].roll and w.die(who, "software") < w.data.rules.roll_success:
        w.events.append(NothingHappens(who, f"version {tile.version} is not released yet (the roll failed)"))
        return "end"
    factor = _factor(w, who, "software")
    old, w.software = w.software, target
    w.events.append(AdvancementMoved("software", levels[old].version, levels[target].version, who))
    for level in levels[old + 1:target + 1]:
        w.move_price("bitcoin", level.rise * factor, f"Software {level.version}{_why(w, who, 'software')}")
    return "end"


def _software_alt(w: Work, who: int, tile: Tile) -> str:
    w.move_price("bitcoin", tile.rise * _factor(w, who, "software_alt"),
                 f"Bitcoin Software Alternatives{_why(w, who, 'software_alt')}")
    return "end"


def _draw_card(w: Work, deck: str) -> int:
    """Draw from the cards left; an empty deck is first reshuffled from all six discards."""
    cards = getattr(w, deck)
    if not cards:
        cards = tuple(range(1, 7))
        w.events.append(DeckReshuffled(deck.replace("_deck", "_news"), len(cards)))
    card = cards[w.draw(len(cards))]
    setattr(w, deck, tuple(c for c in cards if c != card))
    return card


def _bitcoin_news(w: Work, who: int, tile: Tile) -> str:
    card = w.data.bitcoin_news[_draw_card(w, "bitcoin_deck")]
    factor = _factor(w, who, "bitcoin_news")
    change = card.price * factor
    why = f" ({_why(w, who, 'bitcoin_news')[2:]})" if factor > 1 else ""
    w.events.append(CardDrawn(who, "bitcoin_news", card.number, card.headline, f"Bitcoin {change:+d}${why}"))
    w.move_price("bitcoin", change, f"Bitcoin News {card.number}")
    return "end"


def _economic_news(w: Work, who: int, tile: Tile) -> str:
    card = w.data.economic_news[_draw_card(w, "economic_deck")]
    w.events.append(CardDrawn(who, "economic_news", card.number, card.headline, card.text))
    w.move_price("food", card.food, f"Economic News {card.number}")
    w.move_price("internet", card.internet, f"Economic News {card.number}")
    return "end"


def _coffee_shop(w: Work, who: int, tile: Tile) -> str:
    w.events.append(NothingHappens(who, "a player who starts her turn at the coffee shop gets free Internet"))
    return "end"


def _free_bitcoin(w: Work, who: int, tile: Tile) -> str:
    if w.players[who].had_btc:
        w.events.append(NothingHappens(who, "Free Bitcoin is only for a player who never had any"))
    else:
        w.transfer(BANK, who, "btc", 1, "Free Bitcoin")
    return "end"


def _job_opportunity(w: Work, who: int, tile: Tile) -> str:
    """A paid opportunity asks for its fee only when some job card could be taken (ruling)."""
    if tile.fee and any_job_open(w.players, w.data, who):
        w.fee = tile.fee
        return "fee"
    return opportunity(w, who)


def opportunity(w: Work, who: int) -> str:
    """Offer a Job Opportunity (already paid for): the job choice, or nothing if no card fits."""
    if any_job_open(w.players, w.data, who):
        return "job"
    w.events.append(NothingHappens(who, "no job card that is not in play fits the job limits"))
    return "end"


def _jump(w: Work, who: int, tile: Tile) -> str:
    w.jumping = True
    return "move"


def _personal_event(w: Work, who: int, tile: Tile) -> str:
    roll = w.die(who, "personal event", 1 if tile.lucky else 0)
    row = w.data.personal_events[roll]
    w.events.append(PersonalEventHappened(who, roll, row.title, row.text))
    if row.usd > 0:
        w.transfer(BANK, who, "usd", row.usd, row.title)
    elif row.usd < 0:
        w.take(who, "usd", -row.usd, row.title)
    if row.btc > 0:
        w.transfer(BANK, who, "btc", row.btc, row.title)
    elif row.btc < 0:
        w.take(who, "btc", -row.btc, row.title)
    if row.effect == "lose_half_btc":
        w.take(who, "btc", (w.players[who].btc + 1) // 2, row.title)
    elif row.effect == "lose_main_job" and w.players[who].jobs:
        lose_job(w, who, w.players[who].jobs[0], "laid off")
    return "end"


_EFFECTS = {
    "mining": _mining, "software": _software, "software_alt": _software_alt, "bitcoin_news": _bitcoin_news,
    "economic_news": _economic_news, "coffee_shop": _coffee_shop, "free_bitcoin": _free_bitcoin,
    "job_opportunity": _job_opportunity, "jump": _jump, "personal_event": _personal_event,
}
