#!/usr/bin/env python3
"""Audit the Finding Satoshi computer players the way a table would judge them (issue 33).

Plays seeded games through the rules engine: 1,000 all-normal four-player games, 200 four-player
games with hard seats (hard normal hard normal, rotated), 200 all-normal games at each other player
count (2, 3, 5, 6) and 200 games per pairing of neighbouring strengths (random/easy, easy/normal,
normal/hard). Then one table per question, the first four over every set played (so every
strength and every player count is audited):

  loops      same-turn take-and-quit of a job (a broke player taking a job and quitting it at once)
  limit      games that ran to the round limit, each with the state it stalled in and why
  paid       paid moves (BTC) that bought nothing for the mover: a tile where nothing happens
             for her, or a Job Opportunity she then let pass (a Software roll that fails is a
             chance bought and lost, not counted); and Job Opportunity fees paid for no job
  guesses    guesses at Satoshi by each strength, and how many were right
  belief     after round 10, how often each Geek's top suspect is the Satoshi, by player count
             3 to 6 (chance is 1 in players - 1), with the belief's calibration
  robin      the pairings of neighbouring strengths, seats rotated: each side's share of the wins

    .venv/bin/python scripts/audit_satoshi_ai.py                 # everything, issue 33's sizes
    .venv/bin/python scripts/audit_satoshi_ai.py --games 100 --hard-games 20 --robin-games 20
    .venv/bin/python scripts/audit_satoshi_ai.py --only loops,paid --games 200

Each game g of a set is seeded with seed + g, and the players' choices with the same, so every
figure replays exactly (hard works to a fixed number of futures, --playouts, not to a clock).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bitcoin import events as ev
from game.bitcoin.actions import Accept, Guess, Quit, TakeJob
from game.bitcoin.ai import STRENGTHS, choose_action
from game.bitcoin.ai.belief import satoshi_odds
from game.bitcoin.rules import apply
from game.bitcoin.setup import new_game
from game.bitcoin.state import SATOSHI, State
from game.bitcoin.view import view_for
from game.processes import run_ordered, worker_count

SECTIONS = ("loops", "limit", "paid", "guesses", "belief", "robin")
BELIEF_ROUND = 11  # the belief is read at the start of this round, after round 10
RECENT_ROUNDS = 10  # how far back a stalled game is examined


@dataclass
class GameAudit:
    """What one game showed; plain values, so worker processes can hand it back."""

    seed: int
    seats: tuple[str, ...]
    rounds: int = 0
    reason: str = ""
    condition: str = ""
    price: int = 0
    winners: tuple[int, ...] = ()
    satoshi: int = -1
    loops: list[str] = field(default_factory=list)  # "round 4, seat 1: Journalist"
    paid: Counter = field(default_factory=Counter)  # strength -> paid moves
    for_nothing: Counter = field(default_factory=Counter)  # strength -> paid moves that bought nothing
    nothing_kinds: Counter = field(default_factory=Counter)  # tile kind -> paid moves for nothing there
    fees: Counter = field(default_factory=Counter)  # strength -> Job Opportunity fees paid
    fees_for_nothing: Counter = field(default_factory=Counter)  # strength -> fees paid, then no job taken
    guesses: list[tuple[str, bool]] = field(default_factory=list)  # (strength, right)
    tops: list[tuple[bool, float]] = field(default_factory=list)  # each Geek's top suspect: (right, belief)
    stall: str = ""  # why a game at the round limit stalled


# --- one game ------------------------------------------------------------------------------------
def audit_game(seats: tuple[str, ...], seed: int, playouts: int) -> GameAudit:
    state = new_game(players=len(seats), seed=seed)
    rng = random.Random(f"satoshi-tournament:{seed}")
    out = GameAudit(seed, seats)
    taken: set[tuple[int, str]] = set()  # (player, job) taken this turn
    landed_paid: int | None = None  # a player whose paid move reached a Job Opportunity this turn
    fee_paid: int | None = None  # a player who paid a Job Opportunity's fee this turn
    missed: dict[int, list[int]] = defaultdict(list)  # round -> players who missed their move
    while state.phase != "over":
        if not out.tops and state.round >= BELIEF_ROUND:
            out.tops = read_belief(state)
        me = state.current_player
        assert me is not None
        action = choose_action(state, seats[me], rng, 0.05, playouts)
        turn, strength = state.turn, seats[state.turn]
        if isinstance(action, Quit) and (turn, action.job) in taken:
            out.loops.append(f"round {state.round}, seat {turn}: {state.data.jobs[action.job].name}")
        if isinstance(action, TakeJob):
            taken.add((turn, action.job))
        if isinstance(action, Guess):
            out.guesses.append((seats[turn], state.players[action.target].role == SATOSHI))
        if isinstance(action, Accept) and state.phase == "fee":
            out.fees[strength] += 1
            fee_paid = turn
        state, caused = apply(state, action)
        for i, e in enumerate(caused):
            if isinstance(e, ev.TurnStarted):
                taken.clear()
                landed_paid = fee_paid = None
            elif isinstance(e, ev.LivingExpenses) and e.missed:
                missed[state.round].append(e.player)
            elif isinstance(e, ev.PawnMoved) and e.btc > 0 and e.reason in ("move", "jump"):
                out.paid[strength] += 1
                kind = bought_nothing(caused[i + 1:], e.player, state)
                if kind == "job_opportunity":
                    landed_paid = e.player
                elif kind:
                    out.for_nothing[strength] += 1
                    out.nothing_kinds[kind] += 1
            elif isinstance(e, ev.JobDeclined) and landed_paid == e.player:
                out.for_nothing[strength] += 1
                out.nothing_kinds["job_opportunity (let pass)"] += 1
                landed_paid = None
            if isinstance(e, ev.JobDeclined) and e.fee == 0 and fee_paid == e.player:
                out.fees_for_nothing[strength] += 1
            elif isinstance(e, ev.JobTaken) and landed_paid == e.player:
                landed_paid = None
    result = state.outcome
    assert result is not None
    out.rounds, out.reason, out.condition, out.price = state.round, result.reason, result.condition, result.price
    out.winners, out.satoshi = result.winners, result.satoshi
    if result.reason == "round limit":
        out.stall = why_stalled(state, missed, out.loops)
    return out


def bought_nothing(after: Sequence[ev.Event], player: int, state: State) -> str:
    """The tile kind when the paid move's landing did nothing for the mover ("" when it did);
    "job_opportunity" when that depends on whether she takes the job (decided later)."""
    kind = ""
    for e in after:
        if isinstance(e, ev.TileLanded):
            if e.kind == "job_opportunity":
                return "job_opportunity"
            kind = e.kind
            continue
        if isinstance(e, ev.NothingHappens) and e.player == player and "coffee shop" not in e.reason:
            return kind if "roll failed" not in e.reason else ""  # a failed roll: a chance bought and lost
        if isinstance(e, (ev.PawnMoved, ev.TurnEnded, ev.GameOver)):
            break
    return ""


def read_belief(state: State) -> list[tuple[bool, float]]:
    """Each Geek's top suspect from her own view: (is it the Satoshi, the belief in it).

    Read with every card a guess turned face up turned down again, so the figure is what the
    players' actions say, not what a right guess showed (the actions stay as they were played)."""
    out = []
    satoshi = next((i for i, p in enumerate(state.players) if p.role == SATOSHI), -1)
    if satoshi < 0 or state.n < 3:
        return out  # no card to find: set aside in a two-player game
    face_down = replace(state, players=tuple(replace(p, revealed=False) for p in state.players))
    for me, player in enumerate(state.players):
        if player.role == SATOSHI:
            continue  # she knows
        odds = satoshi_odds(view_for(face_down, me), me)
        if not odds:
            continue
        top = max(sorted(odds), key=lambda i: odds[i])
        out.append((top == satoshi, odds[top]))
    return out


def why_stalled(state: State, missed: dict[int, list[int]], loops: list[str]) -> str:
    """One line: the table at the round limit and the reason the game did not end."""
    track, last = state.data.track, range(state.round - RECENT_ROUNDS + 1, state.round + 1)
    misses = Counter(p for r in last for p in missed.get(r, []))
    cost = state.food + state.internet
    players = "; ".join(
        f"{i}:{track.distance[p.space]} to End ${p.usd} {p.btc}BTC {'+'.join(p.jobs) or 'no job'} "
        f"missed {misses[i]}/{RECENT_ROUNDS}" for i, p in enumerate(state.players))
    recent_loops = [x for x in loops if int(x.split(",")[0].split()[1]) in last]
    if recent_loops:
        why = f"take-and-quit loop ({len(recent_loops)} in the last {RECENT_ROUNDS} rounds)"
    elif all(misses[i] >= RECENT_ROUNDS * 0.8 for i in range(state.n)):
        why = f"everyone broke: Food+Internet ${cost} outgrew what they earn"
    elif min(track.distance[p.space] for p in state.players) <= 3:
        why = "pawns by End keep off it"
    else:
        why = "slow"
    return f"seed {state.seed}: {why}; price ${state.bitcoin}, Food ${state.food} Internet ${state.internet}; {players}"


# --- running sets of games -------------------------------------------------------------------------
def _run_one(job: tuple[tuple[str, ...], int, int]) -> GameAudit:
    return audit_game(*job)


def run(jobs: list[tuple[tuple[str, ...], int, int]], workers: int, label: str) -> list[GameAudit]:
    started = time.perf_counter()
    # capped, lazy workers that end with us, Ctrl-C included (game.processes); one worker runs here
    with closing(run_ordered(_run_one, jobs, worker_count(workers, len(jobs)))) as played:
        results = list(played)
    print(f"[{label}: {len(jobs)} games in {time.perf_counter() - started:.0f} s]", file=sys.stderr)
    return results


def rotated(agents: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    filled = [agents[i % len(agents)] for i in range(players)]
    return tuple(filled[(i + game) % players] for i in range(players))


def game_set(agents: Sequence[str], players: int, games: int, seed: int, playouts: int) -> list[tuple]:
    return [(rotated(agents, players, g), seed + g, playouts) for g in range(games)]


# --- tables ------------------------------------------------------------------------------------------
def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def table_loops(sets: dict[str, list[GameAudit]]) -> list[str]:
    lines = ["## Same-turn take-and-quit", f"{'games':24} {'games with it':>14} {'times':>6}  first seen"]
    for name, games in sets.items():
        hit = [g for g in games if g.loops]
        first = f"seed {hit[0].seed}, {hit[0].loops[0]}" if hit else ""
        lines.append(f"{name:24} {len(hit):>6} of {len(games):<5} {sum(len(g.loops) for g in games):>6}  {first}")
    return lines


def table_limit(sets: dict[str, list[GameAudit]]) -> list[str]:
    lines = ["## Games at the round limit"]
    for name, games in sets.items():
        stalled = [g for g in games if g.reason == "round limit"]
        conditions = Counter(g.condition for g in games)
        lines.append(f"{name}: {len(stalled)} of {len(games)}; mean rounds "
                     f"{sum(g.rounds for g in games) / max(1, len(games)):.1f}; won on "
                     + ", ".join(f"{c} {pct(conditions[c], len(games)).strip()}"
                                 for c in ("fiat", "bitcoin", "everyone")))
        kinds = Counter(g.stall.split(": ", 1)[1].split(";")[0].split(" (")[0] for g in stalled)
        lines.extend(f"  {count:4}  {kind}" for kind, count in kinds.most_common())
        lines.extend(f"    {g.stall}" for g in stalled)
    return lines


def table_paid(sets: dict[str, list[GameAudit]]) -> list[str]:
    lines = ["## Paid for nothing: moves (BTC) onto a space where nothing happens, fees ($) for a job not taken",
             f"{'games':24} {'strength':8} {'paid moves':>10} {'for nothing':>12} {'fees paid':>10} "
             f"{'for nothing':>12}"]
    for name, games in sets.items():
        paid, nothing, kinds, fees, wasted = Counter(), Counter(), Counter(), Counter(), Counter()
        for g in games:
            paid.update(g.paid)
            nothing.update(g.for_nothing)
            kinds.update(g.nothing_kinds)
            fees.update(g.fees)
            wasted.update(g.fees_for_nothing)
        for strength in STRENGTHS:
            if paid[strength] or fees[strength]:
                lines.append(f"{name:24} {strength:8} {paid[strength]:>10} {nothing[strength]:>5} "
                             f"{pct(nothing[strength], paid[strength])} {fees[strength]:>10} {wasted[strength]:>5} "
                             f"{pct(wasted[strength], fees[strength])}")
        if kinds:
            lines.append("    where: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return lines


def table_guesses(sets: dict[str, list[GameAudit]]) -> list[str]:
    lines = ["## Guesses at Satoshi", f"{'games':24} {'strength':8} {'guesses':>8} {'right':>6} {'rate':>7}"
             f" {'per game':>9}"]
    for name, games in sets.items():
        made, right = Counter(), Counter()
        for g in games:
            for strength, ok in g.guesses:
                made[strength] += 1
                right[strength] += ok
        for strength in STRENGTHS:
            if any(strength in g.seats for g in games):
                lines.append(f"{name:24} {strength:8} {made[strength]:>8} {right[strength]:>6} "
                             f"{pct(right[strength], made[strength]):>7} {made[strength] / len(games):>9.2f}")
    return lines


def table_belief(by_players: dict[int, list[GameAudit]]) -> list[str]:
    lines = ["## The belief's top suspect at the start of round 11 (each Geek's own view, guessed cards face down)",
             f"{'players':>7} {'games':>6} {'readings':>9} {'right':>7} {'chance':>7}"]
    calibration: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for n, games in sorted(by_players.items()):
        tops = [t for g in games for t in g.tops]
        right = sum(ok for ok, _ in tops)
        lines.append(f"{n:>7} {len(games):>6} {len(tops):>9} {pct(right, len(tops)):>7} {pct(1, n - 1):>7}")
        for ok, belief in tops:
            cell = calibration[min(9, int(belief * 10))]
            cell[0] += 1
            cell[1] += ok
    lines.append("calibration (belief in the top suspect -> how often right):")
    lines.extend(f"  {b / 10:.1f}-{(b + 1) / 10:.1f}: {pct(c[1], c[0])} of {c[0]}"
                 for b, c in sorted(calibration.items()))
    return lines


def table_robin(pairs: dict[tuple[str, str], list[GameAudit]]) -> list[str]:
    """Each side's share of the wins (a shared win split among the winners), how often it won
    alone, and A's margin per game (A's share of the game's win less B's) with two standard
    errors: a margin whose interval stays above 0 is a win beyond the luck of the dice."""
    lines = ["## Round-robin of neighbouring strengths (4 seats, A B A B, rotated)",
             f"{'pairing':16} {'games':>6} {'A win share':>12} {'B win share':>12} {'A alone':>8} {'B alone':>8}"
             f" {'A margin a game':>18}"]
    for (a, b), games in pairs.items():
        share, alone, seats, margins = Counter(), Counter(), Counter(), []
        for g in games:
            won = Counter()
            for seat, name in enumerate(g.seats):
                seats[name] += 1
                if seat in g.winners:
                    share[name] += 1 / len(g.winners)
                    won[name] += 1 / len(g.winners)
            margins.append(won[a] - won[b])
            if len(g.winners) == 1:
                alone[g.seats[g.winners[0]]] += 1
        mean = sum(margins) / max(1, len(margins))
        spread = (sum((m - mean) ** 2 for m in margins) / max(1, len(margins) - 1)) ** 0.5
        error = 2 * spread / max(1, len(margins)) ** 0.5
        lines.append(f"{a + ' v ' + b:16} {len(games):>6} {pct(share[a], seats[a]):>12} {pct(share[b], seats[b]):>12} "
                     f"{alone[a]:>8} {alone[b]:>8} {mean:>+10.3f} ± {error:.3f}")
    return lines


# --- the command line ----------------------------------------------------------------------------------
def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def sections(text: str) -> list[str]:
    chosen = [s.strip() for s in text.split(",") if s.strip()]
    bad = [s for s in chosen if s not in SECTIONS]
    if bad or not chosen:
        raise argparse.ArgumentTypeError(f"expected some of {','.join(SECTIONS)}, got {text!r}")
    return chosen


def player_counts(text: str) -> list[int]:
    try:
        counts = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected player counts 2-6 besides 4 like 2,3,5,6, got {text!r}") from None
    if not counts or any(not 2 <= n <= 6 or n == 4 for n in counts):
        raise argparse.ArgumentTypeError(f"expected player counts 2-6 besides 4 like 2,3,5,6, got {text!r}")
    return counts


def parse(argv: Iterable[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--games", type=positive, default=1000, help="all-normal four-player games (default 1000)")
    parser.add_argument("--hard-games", type=positive, default=200,
                        help="four-player games with hard seats, hard normal hard normal rotated (default 200)")
    parser.add_argument("--belief-games", type=positive, default=200,
                        help="all-normal games at each other player count (default 200): audited like the "
                             "four-player games, and read for the belief table from 3 players up")
    parser.add_argument("--belief-players", type=player_counts, default=[2, 3, 5, 6],
                        help="player counts besides 4 (default 2,3,5,6)")
    parser.add_argument("--robin-games", type=positive, default=200,
                        help="games per pairing in the round-robin (default 200)")
    parser.add_argument("--seed", type=positive, default=1000, help="first game's seed (default 1000)")
    parser.add_argument("--playouts", type=positive, default=4, help="hard's futures per choice (default 4)")
    parser.add_argument("--workers", type=positive, default=1, help="worker processes, 1 or 2 (default 1)")
    parser.add_argument("--only", type=sections, default=list(SECTIONS),
                        help=f"some of {','.join(SECTIONS)} (default all)")
    args = parser.parse_args(argv)
    if not 1 <= args.workers <= 2:
        parser.error(f"--workers: expected 1 or 2 (the machine is shared), got {args.workers}")
    if args.playouts < 1:
        parser.error(f"--playouts: expected 1 or more, got {args.playouts}")
    return args


def plan(args: argparse.Namespace) -> dict[str, tuple[list[str], int, int]]:
    """The sets of games the chosen tables need: name -> (strengths, players, games)."""
    only, sets = set(args.only), {}
    if only & {"loops", "limit", "paid", "guesses", "belief"}:
        sets[f"{args.games} normal x4"] = (["normal"], 4, args.games)
        for n in args.belief_players:
            sets[f"{args.belief_games} normal x{n}"] = (["normal"], n, args.belief_games)
    if only & {"loops", "limit", "paid", "guesses"}:
        sets[f"{args.hard_games} hard+normal x4"] = (["hard", "normal"], 4, args.hard_games)
    if "robin" in only:
        for b, a in itertools.pairwise(STRENGTHS):
            sets[f"{a} v {b}"] = ([a, b], 4, args.robin_games)
    return {name: spec for name, spec in sets.items() if spec[2]}


def main(argv: Iterable[str] | None = None, write: Callable[[str], None] = print) -> int:
    args = parse(argv)
    only = set(args.only)
    wanted = plan(args)
    # a set is played once: the same strengths at the same table are the same games, seed for seed
    # (hard+normal x4 is the hard v normal pairing), so the longest is played and the others are its start
    longest: dict[tuple[tuple[str, ...], int], int] = defaultdict(int)
    for agents, players, games in wanted.values():
        longest[tuple(agents), players] = max(longest[tuple(agents), players], games)
    played = {(agents, players): run(game_set(agents, players, games, args.seed, args.playouts), args.workers,
                                     f"{'+'.join(agents)} x{players}")
              for (agents, players), games in longest.items()}
    sets = {name: played[tuple(agents), players][:games] for name, (agents, players, games) in wanted.items()}
    pairs = {(a, b): sets[f"{a} v {b}"] for b, a in itertools.pairwise(STRENGTHS) if f"{a} v {b}" in sets}
    tables: list[list[str]] = []
    if "loops" in only:
        tables.append(table_loops(sets))
    if "limit" in only:
        tables.append(table_limit(sets))
    if "paid" in only:
        tables.append(table_paid(sets))
    if "guesses" in only:
        tables.append(table_guesses(sets))
    if "belief" in only:
        by_players = {n: sets[f"{args.games if n == 4 else args.belief_games} normal x{n}"]
                      for n in (4, *args.belief_players) if n >= 3
                      and f"{args.games if n == 4 else args.belief_games} normal x{n}" in sets}
        tables.append(table_belief(by_players))
    if pairs:
        tables.append(table_robin(pairs))
    for lines in tables:
        write("")
        for line in lines:
            write(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
