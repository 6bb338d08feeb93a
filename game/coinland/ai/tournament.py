"""Round-robin tournaments between Hoarder & Gatekeeper computer players.

Classic pairings play two-game matches with the roles swapped (`ClassicMatch`); Duel
pairings play single games. Seats and who goes first alternate within each pairing, and
every match draws its randomness from one rng seeded by the tournament seed and the
match's number, so a tournament replays exactly (for `hard`, exactly only with a node
limit: a time budget gives way to the machine's load).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from contextlib import closing
from dataclasses import dataclass, field, replace
from typing import overload

from game.coinland.actions import Action, Move
from game.coinland.ai import Agent, make_agent
from game.coinland.ai.ratings import Rating, rate
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, legal_actions, new_duel
from game.coinland.state import State
from game.processes import run_ordered, worker_count

OPENING_PLIES = 2  # random plies that open every game (see `open_game`)
DISTINCT_CAP = 100_000  # distinct games counted per pairing at most (their digests are held): "100000+"


@dataclass(frozen=True)
class Pairing:
    """One match (Classic) or game (Duel) to play: who sits where, and its seed."""

    mode: str
    size: int
    agents: tuple[str, str]  # seat 0, seat 1
    seed: int
    first: int  # Classic: the seat that hoards first; Duel: the player who moves first
    budget: float | None  # hard's seconds per move
    node_limit: int | None  # hard's nodes per move (reproducible on any machine)
    opening_seed: int = 0  # the seeded random opening every game of this pairing starts from
    opening: int = OPENING_PLIES  # its length in plies (0: none)


@dataclass(frozen=True)
class Result:
    pairing: Pairing
    scores: tuple[int, int]  # per seat: Hoarder scores (Classic) or coins (Duel)
    seconds: tuple[float, float] = (0.0, 0.0)  # per seat: time spent deciding
    decisions: tuple[int, int] = (0, 0)  # per seat: actions chosen
    # a hash of every action played, opening included, that tells distinct games apart (Classic:
    # of its two games in either order, so a match replayed with the roles' order swapped is no new one)
    digest: str = ""

    @property
    def winner(self) -> int | None:
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)


def agent_spec(name: str) -> tuple[str, int | None]:
    """A tournament agent's strength and own node budget: `hard@41000` is hard at 41,000 nodes a
    move whatever `--nodes` says, so two budgets can meet (is hard stronger with more time?).

    Raises ValueError naming what was expected.
    """
    strength, at, nodes = name.partition("@")
    if not at:
        return name, None
    if strength != "hard" or not (nodes.isascii() and nodes.isdigit()) or int(nodes) < 1:
        raise ValueError(f"expected hard@NODES with a positive whole number of nodes, got {name!r}")
    return strength, int(nodes)


def tournament_agent(name: str, pairing: Pairing) -> Agent:
    """The agent `name` (a strength, or hard@NODES) with the pairing's budget."""
    strength, nodes = agent_spec(name)
    if nodes is not None:
        return make_agent(strength, None, nodes)
    return make_agent(name, pairing.budget if name == "hard" else None, pairing.node_limit)


def play(pairing: Pairing) -> Result:
    """Play one match (Classic) or game (Duel) to its end, timing every decision."""
    rng = random.Random(f"coinland-tournament:{pairing.seed}")
    agents = [tournament_agent(name, pairing) for name in pairing.agents]
    seconds, decisions = [0.0, 0.0], [0, 0]
    games = [hashlib.sha1()]

    def decide(seat: int, state) -> Action:
        started = time.process_time()  # CPU: a shared machine's other work does not count
        action = agents[seat].choose(state, rng)
        seconds[seat] += time.process_time() - started
        decisions[seat] += 1
        games[-1].update(action.text.encode() + b";")
        return action

    if pairing.mode == "classic":
        match = ClassicMatch(size=pairing.size, first_hoarder=pairing.first)
        opened = -1
        while not match.is_over:
            if opened != len(match.results):  # each game of the match starts from the same opening
                opened = len(match.results)
                if opened:
                    games.append(hashlib.sha1())
                for action in open_game(match.state, pairing):
                    games[-1].update(action.text.encode() + b";")
                    match, _ = match.apply(action)
                continue
            seat = match.current_seat
            assert seat is not None
            match, _ = match.apply(decide(seat, match.state))
        scores = match.hoarder_scores
    else:
        state = new_duel(pairing.size, first=pairing.first)
        for action in open_game(state, pairing):
            games[-1].update(action.text.encode() + b";")
            state = apply(state, action)[0]
        while not state.is_over:
            state, _ = apply(state, decide(state.to_move, state))
        scores = state.purses
    digest = hashlib.sha1("".join(sorted(g.hexdigest() for g in games)).encode()).hexdigest()[:16]
    return Result(pairing, scores, (seconds[0], seconds[1]), (decisions[0], decisions[1]), digest)


def open_game(state: State, pairing: Pairing) -> list[Action]:
    """The pairing's opening: `pairing.opening` random legal plies from its own seeded generator.

    `normal` and `hard` choose deterministically, so two of them would play one game over and
    over and a tournament would measure a single line. Openings drawn at random (a random first
    gate, a random first move) make every group of games a different game, as engine matches use
    opening books. A Classic match plays its opening once from each role, so each match has its
    own; the four Duel games of a group (seats and first player rotated) share their opening, so
    each player starts it from each corner, and neither is favoured.
    """
    return random_plies(state, random.Random(f"coinland-opening:{pairing.opening_seed}"), pairing.opening)


def random_plies(state: State, rng: random.Random, plies: int) -> list[Action]:
    """Up to `plies` random legal actions from `state`, stopping at the game's end.

    Never a Hoarder's "move and end": an opening should start a game, not finish it.
    """
    actions: list[Action] = []
    for _ in range(plies):
        if state.is_over:
            break
        choices = [a for a in legal_actions(state) if not (isinstance(a, Move) and a.end)]
        if not choices:
            break
        action = rng.choice(choices)
        actions.append(action)
        state = apply(state, action)[0]
    return actions


class Schedule(Sequence[Pairing]):
    """The pairings of a tournament, made one at a time when asked for, never held all at once.

    `--games 100000000` is a schedule of a thousand million pairings: as a list it took 1.6 GiB
    before the first game and then a MemoryError. Pairing number `index` is computed from the
    index alone, so the schedule has a length, can be indexed, and is walked lazily.
    """

    def __init__(self, make: Callable[[int, int], Pairing], groups: int, games: int) -> None:
        self._make, self._groups, self._games = make, groups, games

    def __len__(self) -> int:
        return self._groups * self._games

    @overload
    def __getitem__(self, index: int) -> Pairing: ...

    @overload
    def __getitem__(self, index: slice) -> list[Pairing]: ...

    def __getitem__(self, index: int | slice) -> Pairing | list[Pairing]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("schedule index out of range")
        return self._make(index // self._games, index % self._games)

    def __iter__(self) -> Iterator[Pairing]:
        return (self._make(group, k) for group in range(self._groups) for k in range(self._games))

    def with_opening(self, plies: int) -> Schedule:
        """The same schedule with every game opened by `plies` random plies (still made one at a time)."""
        make = self._make
        return Schedule(lambda index, k: replace(make(index, k), opening=plies), self._groups, self._games)


def schedule(mode: str, agents: list[str], games: int, seed: int, size: int,
             budget: float | None = None, node_limit: int | None = None) -> Schedule:
    """`games` per pairing of distinct agents; seats and the first player rotate through all four combinations."""
    # A Classic match already plays its opening from both roles, and which seat hoards first does
    # not change its two games, so every match gets an opening of its own; a Duel opening is
    # played by a group of four games, each agent starting it once from each corner.
    group = 1 if mode == "classic" else 4
    pairs = list(itertools.combinations(agents, 2))

    def make(index: int, k: int) -> Pairing:
        a, b = pairs[index]
        seats = (a, b) if k % 2 == 0 else (b, a)
        return Pairing(mode, size, seats, seed * 1_000_003 + index * 10_007 + k, k // 2 % 2,
                       budget, node_limit, seed * 1_000_003 + k // group)

    return Schedule(make, len(pairs), games)


def self_play_schedule(mode: str, agents: list[str], games: int, seed: int, size: int,
                       budget: float | None = None, node_limit: int | None = None) -> Schedule:
    """`games` per agent against itself, who starts alternating: what the first move is worth."""

    def make(index: int, k: int) -> Pairing:
        a = agents[index]
        return Pairing(mode, size, (a, a), seed * 1_000_003 + 500_009 + index * 10_007 + k, k % 2, budget,
                       node_limit, seed * 1_000_003 + 500_009 + k // 2)

    return Schedule(make, len(agents), games)


def format_self_play(results: Iterable[Result], agents: list[str], unit: str = "games") -> str:
    """Per agent against itself: the starting side's wins-draws-losses and both sides' mean scores.

    In Duel the starter is the player who moves first; in Classic, the seat that hoards in game 1.
    One pass over `results`, which may be a stream of any length.
    """
    # per agent: [wins, draws, losses], [starter's score sum, second's], games, seconds, decisions
    tally = {agent: ([0, 0, 0], [0, 0], [0], [0.0], [0]) for agent in agents}
    for result in results:
        a, b = result.pairing.agents
        if a != b or a not in tally:
            continue
        record, sums, count, seconds, decisions = tally[a]
        starter = result.pairing.first
        record[1 if result.winner is None else 0 if result.winner == starter else 2] += 1
        sums[0] += result.scores[starter]
        sums[1] += result.scores[1 - starter]
        count[0] += 1
        seconds[0] += sum(result.seconds)
        decisions[0] += sum(result.decisions)
    lines = [f"self-play (the starting side's {unit}: wins-draws-losses, share of decided won; mean scores):"]
    for agent, (record, sums, (count,), (seconds,), (decisions,)) in tally.items():
        if count:
            ms = 1000 * seconds / max(decisions, 1)
            lines.append(f"  {agent:>7}: {_record(*record)}   starter {sums[0] / count:.1f}, "
                         f"second {sums[1] / count:.1f}   {ms:.1f} ms/move")
    return "\n".join(lines)


def run_all(pairings: Iterable[Pairing], workers: int = 2,
            progress: Callable[[int, int], None] | None = None) -> Iterator[Result]:
    """Play every pairing on up to `workers` processes (`game.processes`): results in schedule order,
    as a stream. Pairings are taken only as workers free up; close the stream (or run it to the end)
    to end the workers."""
    total = len(pairings) if isinstance(pairings, Sized) else 0
    count = worker_count(workers, total or None)
    if total and total < 4:
        count = 1  # starting processes costs more than a few games
    with closing(run_ordered(play, pairings, count)) as results:
        for done, result in enumerate(results, 1):
            if progress:
                progress(done, total)
            yield result


@dataclass
class Row:
    agent: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: int = 0
    played: int = 0
    seconds: float = 0.0
    decisions: int = 0
    rating: Rating | None = None
    head_to_head: dict[str, list[int]] = field(default_factory=dict)  # opponent -> [w, d, l]
    # opponent -> [w, d, l] when this agent moved first (Duel) or hoarded first (Classic)
    going_first: dict[str, list[int]] = field(default_factory=dict)
    score_against: dict[str, list[int]] = field(default_factory=dict)  # opponent -> [score sum, count]
    # opponent -> the digests of the games played: how many of them were different games
    distinct: dict[str, set[str]] = field(default_factory=dict)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.played if self.played else 0.0

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


def table(results: Iterable[Result], agents: list[str]) -> list[Row]:
    """Per agent: wins, draws, losses, mean score, time per move, rating; best rated first."""
    rows = {a: Row(a) for a in agents}
    outcomes: Counter[tuple[str, str, float]] = Counter()  # one pass, so `results` may be a stream
    for result in results:
        outcomes[(*result.pairing.agents, 0.5 if result.winner is None else float(result.winner == 0))] += 1
        for seat in (0, 1):
            row = rows[result.pairing.agents[seat]]
            opponent = result.pairing.agents[1 - seat]
            record = row.head_to_head.setdefault(opponent, [0, 0, 0])
            row.played += 1
            row.score_sum += result.scores[seat]
            row.seconds += result.seconds[seat]
            row.decisions += result.decisions[seat]
            scored = row.score_against.setdefault(opponent, [0, 0])
            scored[0] += result.scores[seat]
            scored[1] += 1
            seen = row.distinct.setdefault(opponent, set())
            if len(seen) < DISTINCT_CAP:
                seen.add(result.digest)
            slot = 1 if result.winner is None else 0 if result.winner == seat else 2
            record[slot] += 1
            if result.pairing.first == seat:
                row.going_first.setdefault(opponent, [0, 0, 0])[slot] += 1
            if slot == 0:
                row.wins += 1
            elif slot == 1:
                row.draws += 1
            else:
                row.losses += 1
    for rating in rate((outcome for outcome, n in outcomes.items() for _ in range(n)), agents):
        rows[rating.agent].rating = rating
    return sorted(rows.values(), key=lambda r: -(r.rating.elo if r.rating else 0.0))


def _record(w: int, d: int, lost: int) -> str:
    share = f"{w / (w + lost):.0%}" if w + lost else "-"
    return f"{w:>4}-{d}-{lost:<4} {share:>5}"


def format_table(rows: list[Row], unit: str = "games", score_name: str = "mean") -> str:
    """The table the tournament command prints, with each pairing's head-to-head below.

    Each head-to-head line splits the first agent's record by who started (Duel: who moved
    first; Classic: who hoarded in game 1), so a first-move advantage shows, and gives both
    agents' mean scores in that pairing, and how many of its games (matches) were distinct: two
    deterministic players replay one game unless the openings differ (see `open_game`).
    """
    lines = [f"{'agent':<8} {unit:>7} {'wins':>5} {'draws':>5} {'losses':>6} {score_name:>6} {'Elo':>6} "
             f"{'95% CI':>8} {'ms/move':>8}"]
    for row in rows:
        assert row.rating is not None
        lines.append(
            f"{row.agent:<8} {row.played:>7} {row.wins:>5} {row.draws:>5} {row.losses:>6} "
            f"{row.mean_score:>6.1f} {row.rating.elo:>6.0f} {'±' + format(row.rating.interval, '.0f'):>8} "
            f"{row.ms_per_move:>8.1f}"
        )
    starts = "moving first" if unit == "games" else "hoarding first"
    lines += ["", f"head to head ({unit}: wins-draws-losses, share of decided {unit} won; "
              f"then the first agent's record {starts} and second, and both agents' mean {score_name}):"]
    order = [row.agent for row in rows]
    for first, second in itertools.combinations(order, 2):
        row = next(r for r in rows if r.agent == first)
        other = next(r for r in rows if r.agent == second)
        w, d, lost = row.head_to_head.get(second, [0, 0, 0])
        if w + d + lost:
            ahead = row.going_first.get(second, [0, 0, 0])
            behind = [a - b for a, b in zip(row.head_to_head[second], ahead, strict=True)]
            mine, theirs = row.score_against[second], other.score_against[first]
            means = f"{mine[0] / mine[1]:.1f}-{theirs[0] / theirs[1]:.1f}"
            distinct = len(row.distinct.get(second, ()))
            distinct = f"{distinct}+" if distinct >= DISTINCT_CAP else distinct
            lines.append(f"  {first:>7} vs {second:<7} {_record(w, d, lost)}   first {_record(*ahead)}   "
                         f"second {_record(*behind)}   {score_name} {means}   distinct {distinct}")
    return "\n".join(lines)
