"""Elo-style ratings with confidence intervals from a list of pairwise results.

Game-neutral on purpose: a result is two agent names and the first one's score (1 win,
0.5 draw, 0 loss), so any game's tournament can rate its players with it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

ELO_SCALE = 400 / math.log(10)  # Elo points per unit of log-odds


@dataclass(frozen=True)
class Rating:
    agent: str
    elo: float
    interval: float  # half-width of the 95% confidence interval


def rate(results: Iterable[tuple[str, str, float]], agents: Iterable[str], anchor: float = 1500.0) -> list[Rating]:
    """Maximum-likelihood Bradley-Terry ratings (draws count half), with mean `anchor`.

    One virtual draw between every pair keeps an unbeaten agent from rating at infinity.
    The interval is the 95% normal approximation from the likelihood's curvature (each
    agent's own Fisher information, so it is slightly narrow when agents are few).
    """
    names = list(dict.fromkeys(agents))
    # The same result counted once with its number of repeats: a million games cost what a few do.
    games = Counter((a, b, s) for a, b, s in results)
    games.update((a, b, 0.5) for a, b in itertools.combinations(names, 2))
    strength = {a: 0.0 for a in names}  # in log-odds units
    information = {a: 0.0 for a in names}
    for _ in range(1000):
        expected = {a: 0.0 for a in names}
        actual = {a: 0.0 for a in names}
        information = {a: 0.0 for a in names}
        for (a, b, score), n in games.items():
            p = 1 / (1 + math.exp(strength[b] - strength[a]))
            expected[a] += n * p
            expected[b] += n * (1 - p)
            actual[a] += n * score
            actual[b] += n * (1 - score)
            information[a] += n * p * (1 - p)
            information[b] += n * p * (1 - p)
        change = 0.0
        for a in names:
            # Half a Newton step: every agent moves at once, and with two agents full steps for
            # both overshoot by exactly two and the ratings swing back and forth forever.
            step = 0.5 * (actual[a] - expected[a]) / max(information[a], 1e-9)
            step = max(-1.0, min(1.0, step))
            strength[a] += step
            change = max(change, abs(step))
        mean = sum(strength.values()) / len(names)
        strength = {a: s - mean for a, s in strength.items()}
        if change < 1e-7:
            break
    return sorted(
        (Rating(a, anchor + ELO_SCALE * strength[a], 1.96 * ELO_SCALE / math.sqrt(max(information[a], 1e-9)))
         for a in names),
        key=lambda r: -r.elo,
    )
