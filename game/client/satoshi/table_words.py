"""The table's words (pure: no pygame): the status line, a tile's card, the news decks' faces.

Everything here reads the public table view, so none of it can say a hidden role.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bitcoin import events as ev
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.state import State
from game.client.satoshi.rules_pages import _tile_effect as tile_effect
from game.wording import possessive

PHASES = {"expenses": "Living expenses", "move": "Move", "fee": "Job Opportunity: pay the fee?",
          "job": "Job Opportunity", "offer": "Offer waiting for an answer", "end": "End of turn",
          "over": "Game over"}

def status_line(view: State, names: Sequence[str]) -> str:
    """The HUD's middle: round, whose turn, what is being decided ("your answer", "Hal's answer")."""
    if view.is_over:
        return "Game over"
    phase = PHASES.get(view.phase, view.phase)
    if view.phase == "offer" and view.offer is not None:
        phase = f"Offer waiting for {possessive(names[view.offer.to], False)} answer"
    return f"Round {view.round}  ·  {possessive(names[view.turn])} turn  ·  {phase}"


def tile_card_words(view: State, space: str) -> tuple[str, list[str]]:
    """A track space's card: its printed name and, in players' words, what stopping there does."""
    track = view.data.track
    if space == track.end:
        return "End", ["The first pawn here ends the game; the Bitcoin price decides who wins."]
    if space == track.start:
        return "Start", ["Every pawn starts here."]
    tile = view.data.tiles[view.tile_at(space)]
    detail = tile_detail(tile)
    title = f"{KIND_NAMES[tile.kind]}: {detail}" if detail else KIND_NAMES[tile.kind]
    return title, [tile_effect(tile.kind, view.data)]


def last_cards(events: list[object]) -> dict[str, tuple[int, str, str] | None]:
    """The face-up discard of each news deck after `events` (a reshuffle empties it)."""
    tops: dict[str, tuple[int, str, str] | None] = {"bitcoin_news": None, "economic_news": None}
    for event in events:
        if isinstance(event, ev.CardDrawn):
            tops[event.deck] = (event.number, event.headline, event.effect)
        elif isinstance(event, ev.DeckReshuffled):
            tops[event.deck] = None
    return tops
