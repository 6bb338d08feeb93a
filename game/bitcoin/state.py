"""The Finding Satoshi game state: an immutable, hashable, serialisable value.

A state holds everything on the table (pawns, money, jobs, prices, markers, the tiles laid on
the track, which news cards are left) plus where the current turn stands (`phase`) and the
chance source: `seed` and `draws`. Every die roll, card draw and shuffle is derived from
(seed, draws) and then counts one draw (game/bitcoin/chance.py), so a state is cheap to clone
and a game replays exactly from its seed and actions.

Decks are kept as the cards *left*, not as an order: a card is drawn uniformly from them when
needed. That is the same as a shuffled deck and it is exactly what players may know (the cards
are numbered so players can count them), so the per-player view can show it unchanged.

A view (`game.bitcoin.view.view_for`) is a state with hidden things masked: other players'
roles read "?", the seed reads -1 and `viewer` names the player it was made for.

A state also carries the public record of how it came about (`history`, see
game/bitcoin/history.py): not part of the position, so neither compared nor serialised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from game import safeio
from game.bitcoin.actions import Offer
from game.bitcoin.data import GameData, load_data

PHASES = ("expenses", "move", "fee", "job", "offer", "end", "over")
DIFFICULTIES = ("normal", "hard", "very_hard")
SATOSHI, GEEK, HIDDEN = "satoshi", "geek", "?"


class StateError(ValueError):
    """A serialised state that cannot be a Finding Satoshi position."""


@dataclass(frozen=True)
class Options:
    """Chosen at setup: player count, difficulty, advanced rules and the house rules."""

    players: int
    difficulty: str = "normal"
    inflation: bool = False  # advanced rule 7.1, steady inflation
    savings: bool = False  # advanced rule 7.2, savings effect on the Bitcoin price
    max_rounds: int = 60
    offers_per_turn: int = 3

    @property
    def advanced(self) -> tuple[str, ...]:
        return tuple(name for name, on in (("inflation", self.inflation), ("savings", self.savings)) if on)


@dataclass(frozen=True)
class Player:
    space: str
    usd: int = 0
    btc: int = 0
    savings: int = 0  # advanced rule 7.2: locked, counted at the end
    jobs: tuple[str, ...] = ()  # main job first
    role: str = GEEK  # SATOSHI, GEEK, or HIDDEN in another player's view
    revealed: bool = False  # the role card is face up
    guessed: bool = False  # used the one guess of the game
    had_btc: bool = False  # ever held Bitcoins (Free Bitcoin)

    @property
    def main(self) -> str | None:
        return self.jobs[0] if self.jobs else None

    @property
    def secondary(self) -> str | None:
        return self.jobs[1] if len(self.jobs) > 1 else None


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    condition: str  # "fiat" (price under the low limit), "bitcoin", "everyone"
    price: int
    limits: tuple[int, int]  # the two winning limits at this difficulty
    tie_break: str  # "", "fiat income", "fiat money", "shared"
    reason: str  # "end" or "round limit"
    satoshi: int  # the Satoshi player, -1 when the card was set aside (two players)
    finisher: int  # who reached End, -1 at the round limit


@dataclass(frozen=True)
class State:
    """One position. Built by game.bitcoin.rules; never mutated (use dataclasses.replace)."""

    options: Options
    seed: int  # -1 in a view
    draws: int  # chance draws used so far
    players: tuple[Player, ...]
    layout: tuple[str, ...]  # tile id on each track space, in data.track.spaces order ("" at Start/End)
    food: int
    internet: int
    bitcoin: int
    software: int  # index into data.software
    mining: int  # index into data.mining
    bitcoin_deck: tuple[int, ...]  # Bitcoin News cards left, sorted
    economic_deck: tuple[int, ...]
    aside: str  # the role card set aside in a two-player game ("" otherwise)
    first: int  # the starting player
    banker: int  # who started as Banker and may still trigger its price rise; -1 once used or none
    turn: int  # whose turn it is
    round: int
    phase: str
    missed: bool = False  # this turn's move is missed
    skipped: bool = False  # no Job Opportunity for the unemployed this turn: used, or she had a job at step 3
    jumping: bool = False  # the pending move is a Jump
    fee: int = 0  # the Job Opportunity fee waiting to be paid (phase "fee")
    offer: Offer | None = None  # the proposal waiting for an answer (phase "offer")
    resume: str = ""  # the phase to return to after the offer is answered
    offers: int = 0  # proposals made this turn
    outcome: Outcome | None = None
    viewer: int = -1  # the player a view was made for; -1 for a full state
    data: GameData = field(default_factory=load_data, compare=False, repr=False)
    # game.bitcoin.history.History: the public record of the actions so far (None before the
    # first); not part of the position (equality, JSON), carried along by `rules.apply`
    history: Any = field(default=None, compare=False, repr=False)

    # --- convenient reads -------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_view(self) -> bool:
        return self.viewer >= 0

    @property
    def current_player(self) -> int | None:
        """Who must decide now: the offer's addressee, else the player whose turn it is."""
        if self.phase == "over":
            return None
        if self.phase == "offer" and self.offer is not None:
            return self.offer.to
        return self.turn

    def tile_at(self, space: str) -> str:
        """The tile id on a track space ("" for Start and End)."""
        return self.layout[self.data.track.index[space]]

    def clone(self) -> State:
        """States are immutable, so a clone is an equal copy; kept for API symmetry."""
        return assemble(State, dict(vars(self)))

    # --- serialisation ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (lists, not tuples); the data files are not included."""
        out = _plain(self, _STATE_FIELDS)
        out["players"] = [_plain(p, _PLAYER_FIELDS) for p in self.players]
        out["options"] = _plain(self.options, _OPTION_FIELDS)
        out["offer"] = None if self.offer is None else _plain(self.offer, _OFFER_FIELDS)
        out["outcome"] = None if self.outcome is None else _plain(self.outcome, _OUTCOME_FIELDS)
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any], data: GameData | None = None) -> State:
        try:
            return _from_dict(raw, data or load_data())
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise StateError(f"not a Finding Satoshi state: {error}") from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, data: GameData | None = None) -> State:
        try:
            raw = safeio.parse_json(text, "state")  # nesting and number limits: see game.safeio
        except safeio.UnsafeInput as error:
            raise StateError(f"not a Finding Satoshi state: {error}") from None
        return cls.from_dict(raw, data)


def assemble(cls: type, values: dict[str, Any]) -> Any:
    """Build a frozen dataclass from a complete, already checked field dict, skipping __init__.

    The rules build a new state (and new players) at every step; going around the generated
    __init__ (one object.__setattr__ per field) makes a whole game several times cheaper. Only
    for values copied from an existing instance with some fields changed.
    """
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


_STATE_FIELDS = tuple(f.name for f in fields(State)
                      if f.name not in ("data", "history", "players", "options", "offer", "outcome"))
_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_OPTION_FIELDS = tuple(f.name for f in fields(Options))
_OFFER_FIELDS = tuple(f.name for f in fields(Offer))
_OUTCOME_FIELDS = tuple(f.name for f in fields(Outcome))


def _plain(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """A flat dataclass as a dict of JSON values (tuples of plain values become lists)."""
    out = {}
    for name in names:
        value = getattr(obj, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def _ints(values: Any) -> tuple[int, ...]:
    out = tuple(values)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in out):
        raise ValueError(f"expected integers, got {values!r}")
    return out


def _from_dict(raw: dict[str, Any], data: GameData) -> State:
    options = Options(**raw["options"])
    players = tuple(Player(**{**p, "jobs": tuple(p["jobs"])}) for p in raw["players"])
    if not 2 <= len(players) <= 6 or len(players) != options.players:
        raise ValueError("2 to 6 players, as many as the options say")
    if raw["phase"] not in PHASES or options.difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown phase {raw['phase']!r} or difficulty {options.difficulty!r}")
    layout = tuple(str(t) for t in raw["layout"])
    if len(layout) != len(data.track.spaces) or not set(layout) - {""} <= data.tiles.keys():
        raise ValueError("the layout does not fit the track and tiles")
    for p in players:
        if p.space not in data.track.by_id or any(j not in data.jobs for j in p.jobs):
            raise ValueError(f"unknown space or job in {p!r}")
        if min(p.usd, p.btc, p.savings) < 0:
            raise ValueError("money cannot be negative")
    outcome = raw.get("outcome")
    if outcome is not None:
        outcome = Outcome(**{**outcome, "winners": _ints(outcome["winners"]), "limits": _ints(outcome["limits"])})
    offer = raw.get("offer")
    simple = {k: raw[k] for k in ("seed", "draws", "food", "internet", "bitcoin", "software", "mining", "first",
                                   "banker", "turn", "round", "missed", "skipped", "jumping", "fee", "resume",
                                   "offers", "viewer", "phase", "aside")}
    return State(
        options=options, players=players, layout=layout,
        bitcoin_deck=_ints(raw["bitcoin_deck"]), economic_deck=_ints(raw["economic_deck"]),
        offer=Offer(**offer) if offer is not None else None, outcome=outcome, data=data, **simple,
    )
