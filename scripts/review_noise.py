"""How much a Classic or Duel review's prices swing with the play-outs' seeds (issue #34 item 6).

Plays seeded games (normal against greedy), and for every move whose price is estimated by
play-outs (not proved) prices it again with independent sets of seeds, the way the review does
(`game.review.match.paired_cost`), and the way it did before (six play-outs of each position,
no noise measured). Prints, for each way: the spread of a move's price over the seed sets
(median and 90th percentile of max minus min), how many moves are called a mistake under some
seed sets and not under others, and the noise the review itself reports.

    .venv/bin/python scripts/review_noise.py --mode duel --games 4 --sets 4
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from game.coinland.ai import make_agent
from game.coinland.rules import apply, new_classic, new_duel
from game.coinland.state import Mode
from game.review.match import DEPTH, MISTAKE, NODE_LIMIT, _search_choice, _side, paired_cost
from game.review.values import play_out, proof

OLD_PLAYOUTS = 6  # what the review did before: the mean of six play-outs of each position, seeds shared


def games(mode: Mode, count: int, size: int, seed: int) -> list[tuple]:
    """(state, action) of every move of `count` seeded normal-against-greedy games."""
    out = []
    for number in range(count):
        rng = random.Random(f"noise:{seed}:{number}")
        agents = [make_agent("normal"), make_agent("greedy")]
        if number % 2:
            agents.reverse()
        state = new_duel(size, first=number % 2) if mode is Mode.DUEL else new_classic(size)
        while not state.is_over:
            action = agents[state.to_move].choose(state, rng)
            out.append((state, action))
            state = apply(state, action)[0]
    return out


def old_gain(choice, played, good: bool, first_seed: int) -> float:
    sign = 1.0 if good else -1.0
    a = sum(play_out(choice, s) for s in range(first_seed, first_seed + OLD_PLAYOUTS)) / OLD_PLAYOUTS
    b = sum(play_out(played, s) for s in range(first_seed, first_seed + OLD_PLAYOUTS)) / OLD_PLAYOUTS
    return sign * (b - a)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("duel", "classic"), default="duel")
    parser.add_argument("--games", type=int, default=4, help="seeded games whose moves are priced (default 4)")
    parser.add_argument("--size", type=int, default=4, help="board size (default 4)")
    parser.add_argument("--sets", type=int, default=4, help="independent seed sets per move (default 4)")
    parser.add_argument("--every", type=int, default=3, help="price every Nth move (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.sets < 2 or args.every < 1 or not 2 <= args.size <= 8:
        print("review_noise: expected --games >= 1, --sets >= 2, --every >= 1 and --size 2..8", file=sys.stderr)
        return 2
    mode = Mode(args.mode)
    started = time.process_time()
    moves = games(mode, args.games, args.size, args.seed)[::args.every]
    spreads = {"old": [], "new": []}
    flips = {"old": 0, "new": 0}
    noises, priced, exact = [], 0, 0
    for state, action in moves:
        if proof(state, action) is not None:
            exact += 1
            continue
        best, _ = _search_choice(state, action, DEPTH, NODE_LIMIT)
        if best == action:
            continue
        choice, played = apply(state, best)[0], apply(state, action)[0]
        if choice.is_over and played.is_over:
            continue
        priced += 1
        good = _side(state, state.to_move)
        news = [paired_cost(choice, played, good, mode, first_seed=1000 * k) for k in range(args.sets)]
        new_costs = [max(0.0, -gain) for _, _, gain, _ in news]
        old_costs = [max(0.0, -old_gain(choice, played, good, 1000 * k)) for k in range(args.sets)]
        spreads["new"].append(max(new_costs) - min(new_costs))
        spreads["old"].append(max(old_costs) - min(old_costs))
        noises += [noise for *_, noise in news]
        flips["old"] += len({c >= MISTAKE for c in old_costs}) > 1
        flips["new"] += len({c >= MISTAKE and c > noise for c, (*_, noise) in zip(new_costs, news, strict=True)}) > 1
    print(f"{mode.value}, size {args.size}: {len(moves)} moves sampled from {args.games} games, {exact} proved "
          f"exactly, {priced} priced by play-outs over {args.sets} seed sets each "
          f"({time.process_time() - started:.0f} s CPU)")
    for way, label in (("old", f"before: {OLD_PLAYOUTS} play-outs"), ("new", "now: paired, until the noise is small")):
        values = sorted(spreads[way]) or [0.0]
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        print(f"  {label:<40} price spread over seed sets: median {statistics.median(values):.1f}, "
              f"90th percentile {p90:.1f} coins; mistake label flips with the seeds on {flips[way]} of {priced}")
    if noises:
        print(f"  noise the review reports (twice the standard error): median {statistics.median(noises):.1f}, "
              f"largest {max(noises):.1f} coins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
