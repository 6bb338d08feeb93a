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
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game.coinland.actions import Action, Move
from game.coinland.ai import Agent, make_agent
from game.coinland.ai.ratings import Rating, rate
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, legal_actions, new_duel
from game.coinland.state import State

OPENING_PLIES = 2  # random plies that open every game (see `open_game`)


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


def schedule(mode: str, agents: list[str], games: int, seed: int, size: int,
             budget: float | None = None, node_limit: int | None = None) -> list[Pairing]:
    """`games` per pairing of distinct agents; seats and the first player rotate through all four combinations."""
    # A Classic match already plays its opening from both roles, and which seat hoards first does
    # not change its two games, so every match gets an opening of its own; a Duel opening is
    # played by a group of four games, each agent starting it once from each corner.
    group = 1 if mode == "classic" else 4
    out = []
    for index, (a, b) in enumerate(itertools.combinations(agents, 2)):
        for k in range(games):
            seats = (a, b) if k % 2 == 0 else (b, a)
            out.append(Pairing(mode, size, seats, seed * 1_000_003 + index * 10_007 + k, k // 2 % 2,
                               budget, node_limit, seed * 1_000_003 + k // group))
    return out


def self_play_schedule(mode: str, agents: list[str], games: int, seed: int, size: int,
                       budget: float | None = None, node_limit: int | None = None) -> list[Pairing]:
    """`games` per agent against itself, who starts alternating: what the first move is worth."""
    return [Pairing(mode, size, (a, a), seed * 1_000_003 + 500_009 + index * 10_007 + k, k % 2, budget, node_limit,
                    seed * 1_000_003 + 500_009 + k // 2)
            for index, a in enumerate(agents) for k in range(games)]


def format_self_play(results: Iterable[Result], agents: list[str], unit: str = "games") -> str:
    """Per agent against itself: the starting side's wins-draws-losses and both sides' mean scores.

    In Duel the starter is the player who moves first; in Classic, the seat that hoards in game 1.
    """
    lines = [f"self-play (the starting side's {unit}: wins-draws-losses, share of decided won; mean scores):"]
    for agent in agents:
        record, sums, count, seconds, decisions = [0, 0, 0], [0, 0], 0, 0.0, 0
        for result in results:
            if result.pairing.agents != (agent, agent):
                continue
            starter = result.pairing.first
            slot = 1 if result.winner is None else 0 if result.winner == starter else 2
            record[slot] += 1
            sums[0] += result.scores[starter]
            sums[1] += result.scores[1 - starter]
            count += 1
            seconds += sum(result.seconds)
            decisions += sum(result.decisions)
        if count:
            ms = 1000 * seconds / max(decisions, 1)
            lines.append(f"  {agent:>7}: {_record(*record)}   starter {sums[0] / count:.1f}, "
                         f"second {sums[1] / count:.1f}   {ms:.1f} ms/move")
    return "\n".join(lines)


def run_all(pairings: list[Pairing], workers: int = 2,
            progress: Callable[[int, int], None] | None = None) -> list[Result]:
    """Play every pairing, on `workers` processes; results in schedule order."""
    results: list[Result] = []
    if workers <= 1 or len(pairings) < 4:
        for pairing in pairings:
            results.append(play(pairing))
            if progress:
                progress(len(results), len(pairings))
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(play, pairings, chunksize=1):
            results.append(result)
            if progress:
                progress(len(results), len(pairings))
    return results


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
    results = list(results)
    for result in results:
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
            row.distinct.setdefault(opponent, set()).add(result.digest)
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
    outcomes = [(*r.pairing.agents, 0.5 if r.winner is None else float(r.winner == 0)) for r in results]
    for rating in rate(outcomes, agents):
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
            lines.append(f"  {first:>7} vs {second:<7} {_record(w, d, lost)}   first {_record(*ahead)}   "
                         f"second {_record(*behind)}   {score_name} {means}   distinct {distinct}")
    return "\n".join(lines)
