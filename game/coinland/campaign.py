"""Puzzle progress rules: when a walk counts, what it earns, and what help costs.

The result screen, the stored bests and the pack locks all follow this one module, so a
walk cannot count in one place and not in another. Pure: no pygame, no storage.

The rule (docs/PLAYING.md, "When a puzzle walk counts", says the same):

* A walk is **finished** when it ends because no coin is within reach (every coin
  collected, or none reachable from where the Hoarder stands), or when the player stops
  (X) holding more coins than the level started with. Stopping with nothing gained is
  not a finished walk: it earns no stars, sets no best and opens nothing. (Stopping at
  once still counts on a level whose par is its starting purse, where it is the best
  walk there is.)
* A walk is **assisted** once Hint or Solve has been used during it. An assisted walk
  never sets a best and never counts toward opening a pack; it shows the stars the
  player already earned unaided on the level, and no more.
* Stars: three at par, two within two coins of par, one for any other finished walk.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.state import HOARDER, State
from game.wording import plural

MAX_STARS = 3
NEAR_PAR = 2  # coins short of par that still earn two stars
NATURAL_ENDS = ("all_collected", "no_move")  # the engine's reasons for a walk that ended by itself


def stars(score: int | None, par: int | None) -> int:
    """Three stars at par; two within two coins of it; one for any finished walk; none unplayed."""
    if score is None:
        return 0
    if par is None:
        return 1
    if score >= par:
        return 3
    return 2 if score >= par - NEAR_PAR else 1


def is_finished(state: State, start_purse: int, par: int | None) -> bool:
    """The walk in `state` is over and has something to show (the rule in the module text)."""
    if not state.is_over:
        return False
    if state.ended in NATURAL_ENDS:
        return True
    score = state.purses[HOARDER]
    return score > start_purse or (par is not None and score >= par)


def old_best_counts(start_purse: int, par: int | None, score: int) -> bool:
    """Could a best kept before this rule have come from a finished walk? Old progress files
    kept any stop, even one before the first move; a score no higher than the starting purse
    (below a higher par) is taken for such a stop when old files are migrated."""
    return score > start_purse or (par is not None and score >= par)


@dataclass(frozen=True)
class Verdict:
    """What one ended walk is worth, and the sentences that say why."""

    score: int
    finished: bool  # the walk met the rule (help aside)
    assisted: bool
    stars: int  # the stars to show for this walk
    heading: str
    reason: str  # one sentence: why the walk counts or not

    @property
    def counts(self) -> bool:
        """May set a best and counts toward opening packs."""
        return self.finished and not self.assisted


def judge(state: State, start_purse: int, par: int | None, assisted: bool = False,
          unaided_best: int | None = None) -> Verdict:
    """The verdict on an ended walk; `unaided_best` is the player's best without help, or None."""
    score = state.purses[HOARDER]
    finished = is_finished(state, start_purse, par)
    if assisted:
        earned = stars(unaided_best, par)
        own = ("You have not finished this level unaided yet." if unaided_best is None
               else f"Your own best here stays {plural(unaided_best, 'coin')}.")
        return Verdict(score, finished, True, earned, "Assisted walk",
                       f"Hint or Solve helped, so this walk earns no stars and opens nothing. {own}")
    if not finished:
        if not state.is_over:
            return Verdict(score, False, False, 0, "Walk in progress", "The walk is not over yet.")
        return Verdict(score, False, False, 0, "Walk not counted",
                       f"A walk counts when no coin is left in reach, or when you stop holding more than "
                       f"the {plural(start_purse, 'coin')} you started with.")
    reason = {"all_collected": "Every coin collected.",
              "no_move": "No coin is left within reach."}.get(state.ended or "", "You stopped and banked your coins.")
    heading = "Level complete" if par is None or score >= par else "Walk finished"
    return Verdict(score, True, False, stars(score, par), heading, reason)
