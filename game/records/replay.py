"""Replaying a record through its rules engine: every board before and after every action.

A record is trusted only as far as the rules agree with it: each action text is parsed by
its game's parser and applied by its game's `apply`, and the final result must equal the
one written in the record. A record that fails anywhere (damaged, edited by hand, or made
under other rules data) raises `RecordError` naming the field, so the caller can list it
as unreadable instead of showing a game that never happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import ranges
from game.records.format import Record, RecordError
from game.safeio import describe, need_int


@dataclass
class Replay:
    """A replayed record. `before[i]` is the board action i was played on, `after[i]` the board it left."""

    record: Record
    actions: list[Any]  # parsed engine actions
    before: list[Any]  # engine states (Coinland State or Finding Satoshi State)
    after: list[Any]
    events: list[list[Any]]  # the events each action caused
    start: Any  # the board before the first action
    final: Any  # the engine's final value (a State, or a ClassicMatch for Classic)
    game_of: list[int]  # Classic: which game of the match (0 or 1) each action belongs to
    start_events: list[Any]  # Finding Satoshi: the events of setup

    @property
    def kind(self) -> str:
        return self.record.kind

    def board(self, step: int) -> Any:
        """The board after `step` actions (0: the start)."""
        return self.start if step == 0 else self.after[step - 1]

    def __len__(self) -> int:
        return len(self.actions)


def replay(record: Record, claims: bool = True) -> Replay:
    """Play the record again; RecordError when it does not replay to the result it claims.
    (`claims=False` only for the builders, which replay a new game to find its result.)"""
    source = record.source or "record"
    try:
        built = _REPLAYERS[record.kind](record)
    except RecordError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:  # engines raise ValueErrors
        raise RecordError(f"{source}: setup: expected a game the rules can start ({_line(error)})") from None
    claimed, found = record.result, result_of(record.kind, built.final)
    if claims and claimed != found:  # a record must carry its result, and replaying must give exactly it
        raise RecordError(f"{source}: result: expected {describe(found, 120)} as replayed, "
                          f"got {describe(claimed, 80)}")
    return built


def _line(error: BaseException) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _apply_all(record: Record, start: Any, parse: Any, apply: Any) -> tuple[list, list, list, list, Any]:
    source = record.source or "record"
    actions, before, after, events = [], [], [], []
    state = start
    for index, text in enumerate(record.actions):
        try:
            action = parse(text)
            new, caused = apply(state, action)
        except ValueError as error:
            raise RecordError(f"{source}: actions[{index}]: expected a legal action, got {text!r} "
                              f"({_line(error)})") from None
        actions.append(action)
        before.append(_board(state))
        after.append(_board(new, state, action))
        events.append(caused)
        state = new
    if not _over(state):
        raise RecordError(f"{source}: actions: expected a finished game, but it stops after "
                          f"{len(record.actions)} actions")
    return actions, before, after, events, state


def _board(value: Any, previous: Any = None, action: Any = None) -> Any:
    """The board of a value: a ClassicMatch shows its current game, except right after game 1 ends."""
    from game.coinland.match import ClassicMatch
    from game.coinland.rules import apply

    if isinstance(value, ClassicMatch):
        if previous is not None and value.game_index != previous.game_index:
            return apply(previous.state, action)[0]
        return value.state
    return value


def _over(value: Any) -> bool:
    return bool(value.is_over)


def _puzzle(record: Record) -> Replay:
    from game.coinland.actions import parse_action
    from game.coinland.levels import parse_level
    from game.coinland.rules import apply
    from game.coinland.sharecode import encode

    source = record.source or "record"
    level, problems = parse_level(record.setup["level"], f"{source}: setup.level")
    if problems or level is None:
        raise RecordError(str(problems[0]) if problems else f"{source}: setup.level: expected a level")
    own = encode(level)
    if record.setup.get("code") != own:  # the name shown comes from the level: its code must be this level's
        raise RecordError(f"{source}: setup.code: expected this level's own code {own}, "
                          f"got {describe(record.setup.get('code'), 60)}")
    start = level.initial_state()
    actions, before, after, events, final = _apply_all(record, start, parse_action, apply)
    return Replay(record, actions, before, after, events, start, final, [0] * len(actions), [])


def _classic(record: Record) -> Replay:
    from game.coinland.actions import parse_action
    from game.coinland.match import ClassicMatch

    match = ClassicMatch(size=int(record.setup["size"]), first_hoarder=int(record.setup.get("first_hoarder", 0)))
    actions, before, after, events, final = _apply_all(record, match, parse_action, lambda m, a: m.apply(a))
    games, game = [], 0
    for index in range(len(actions)):
        games.append(game)
        if after[index].is_over:
            game = 1
    return Replay(record, actions, before, after, events, match.state, final, games, [])


def _duel(record: Record) -> Replay:
    from game.coinland.actions import parse_action
    from game.coinland.rules import apply, new_duel

    (a, b) = (tuple(cell) for cell in record.setup["starts"])
    start = new_duel(int(record.setup["size"]), first=int(record.setup.get("first", 0)), starts=(a, b),
                     may_pass=bool(record.setup.get("may_pass", False)))
    actions, before, after, events, final = _apply_all(record, start, parse_action, apply)
    return Replay(record, actions, before, after, events, start, final, [0] * len(actions), [])


def _satoshi(record: Record) -> Replay:
    from game.bitcoin import apply, parse_action, start_game

    setup = record.setup
    limits = {"max_rounds": ranges.ROUNDS, "offers_per_turn": ranges.OFFERS}  # the setup screen's ranges
    house = {key: need_int(setup[key], record.source or "record", f"setup.{key}", *limits[key])
             for key in limits if key in setup}  # house rules chosen at setup
    start, setup_events = start_game(len(setup["seats"]), record.seed, str(setup["difficulty"]),
                                     bool(setup.get("advanced", False)), **house)
    actions, before, after, events, final = _apply_all(record, start, parse_action, apply)
    return Replay(record, actions, before, after, events, start, final, [0] * len(actions), list(setup_events))


_REPLAYERS = {"puzzle": _puzzle, "classic": _classic, "duel": _duel, "satoshi": _satoshi}


def result_of(kind: str, final: Any) -> dict[str, Any]:
    """What a finished game ended with, as kept in its record (plain JSON values)."""
    if kind == "puzzle":
        return {"score": final.purses[0], "ended": final.ended}
    if kind == "classic":
        return {"hoarder_scores": list(final.hoarder_scores), "winner": final.winner}
    if kind == "duel":
        a, b = final.purses
        return {"purses": [a, b], "winner": None if a == b else (0 if a > b else 1)}
    out = final.outcome
    if out is None:
        return {}
    return {"winners": list(out.winners), "condition": out.condition, "price": out.price, "rounds": final.round}
