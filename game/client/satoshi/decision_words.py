"""The words of the decision panel (pure: no pygame): money, spaces, paths, jobs and offers as
players say them, with names where the engine says "player 2".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.bitcoin import Offer, TakeJob
from game.bitcoin.choices import income_with
from game.bitcoin.jobs import move_cost
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.state import State
from game.wording import plural


def money(usd: int = 0, btc: int = 0) -> str:
    """"$5 and 2 BTC", "$5", "2 BTC" or "nothing"."""
    parts = ([f"${usd}"] if usd else []) + ([f"{btc} BTC"] if btc else [])
    return " and ".join(parts) or "nothing"


def named(reason: str, names: Sequence[str]) -> str:
    """The engine's reasons say "player 2"; the table says the player's name."""
    def swap(match: re.Match[str]) -> str:
        index = int(match[1])
        return names[index] if 0 <= index < len(names) else match[0]
    text = re.sub(r"player (\d+)", swap, reason)
    return text[:1].upper() + text[1:]


def job_name(view: State, job: str) -> str:
    return view.data.jobs[job].name


def space_name(view: State, space: str) -> str:
    """What stands on a track space, as printed on its tile."""
    track = view.data.track
    if space == track.end:
        return "End"
    if space == track.start:
        return "Start"
    tile_id = view.tile_at(space)
    if not tile_id:
        return f"space {space}"
    tile = view.data.tiles[tile_id]
    detail = tile_detail(tile)
    return f"{KIND_NAMES[tile.kind]} ({detail})" if detail else KIND_NAMES[tile.kind]


def move_words(view: State, spaces: int) -> str:
    """"2 spaces · 1 BTC": what a move buys and costs this player."""
    cost = move_cost(view.players[view.turn], view.data, spaces)
    return f"{plural(spaces, 'space')} · {cost} BTC"


def directions(view: State, origin: str, path: Sequence[str]) -> str:
    """"Up, right, up": each step of a path, as seen on the board."""
    by_id = view.data.track.by_id
    here, words = by_id[origin], []
    for space in path:
        nxt = by_id[space]
        words.append("up" if nxt.y > here.y else "right")
        here = nxt
    return ", ".join(words).capitalize()


def offer_question(offer: Offer, proposer: str) -> str:
    """The proposal as its addressee hears it: a gift, a request, or a trade."""
    given, asked = money(offer.give_usd, offer.give_btc), money(offer.get_usd, offer.get_btc)
    if asked == "nothing":
        return f"{proposer} offers you {given} as a gift. Accept?"
    if given == "nothing":
        return f"{proposer} asks you for {asked} as a gift. Accept?"
    return f"{proposer} offers you {given} for your {asked}. Accept?"



def job_pay(view: State, action: TakeJob) -> str:
    """"$60 a turn" or "2 BTC a turn": what this job would pay the player, as she would hold it."""
    currency, amount = income_with(view, view.turn, action.jobs)[action.job]
    return f"${amount} a turn" if currency == "usd" else f"{amount} BTC a turn"


def job_effect(view: State, job: str) -> str:
    """The card's effect without its pay sentence ("Get 60$."), which the row already says."""
    words = view.data.jobs[job].text
    first, _, rest = words.partition(". ")
    return rest if first.startswith("Get ") and rest else words



def offer_words(offer: Offer, names: Sequence[str]) -> str:
    """The proposal in one line, from the proposer's side."""
    give, get = money(offer.give_usd, offer.give_btc), money(offer.get_usd, offer.get_btc)
    if get == "nothing":
        return f"Give {names[offer.to]} {give} as a gift"
    if give == "nothing":
        return f"Ask {names[offer.to]} for {get}"
    return f"Give {names[offer.to]} {give} for {get}"


