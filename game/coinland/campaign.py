"""Puzzle progress rules: when a walk counts, what it earns, what help costs, and what opens a pack.

The result screen, the stored bests, the level list, the pack locks and the review's best line
all follow this one module, so a walk cannot count in one place and not in another. Pure: no
pygame, no storage. The rule (docs/PLAYING.md, "When a puzzle walk counts", says the same):

* A walk is **finished** when it ends because no coin is within reach (every coin collected,
  or none reachable from where the Hoarder stands), or when the player stops (X) holding more
  coins than the level started with. (Stopping at once is finished on a level whose par is its
  starting purse, where it is the best walk there is.)
* **Stars** measure the coins gained over the starting purse against par's: one star needs at
  least half of par's gain (rounded up), two stars come within two coins of par (and above the
  one-star mark), three at par. A finished walk below the one-star mark earns nothing.
* A walk **counts** (sets a best, counts toward opening packs) when it is finished, unaided and
  earns at least one star. So stopping after a coin or two is a walk, not progress.
* **Help lasts.** Hint, Solve and the review's best line show part or all of the best walk.
  Once any of them has been used on a level, the level is marked *helped* for good (kept in the
  progress file by the level's content key, so every copy of the board shares the mark): its
  walks are assisted from then on, in this visit and every later one. An assisted walk never
  sets a best and never counts; the level keeps the stars earned unaided before the help, and
  no more. A hint is no lighter than Solve here: one hint per step over a few walks spells out
  the whole best walk, so a hint that lasted one walk would be Solve by instalments.
* **Packs** open by stars: the next pack of the campaign opens once the player holds half of
  the stars of the pack before it (rounded up), and that pack is open itself. A pack the rule
  has opened is recorded as opened and stays open (progress is never taken away, even when a
  level is reworked); the first pack and the player's own levels are always open. A best on a
  level of a locked pack (earned through a shared copy of its board, say) counts for that level
  and its stars, but does not open its pack: only the rule does.
* The review's **best line** (the solver's best walk from a step) stays hidden until the player
  has solved the level at par unaided, so a review can never hand out a solution that then
  earns three stars as if found alone (and showing it marks the level helped, as above).
* A **best** is possible only between nothing and par: a kept best above a level's proved par
  (above its starting purse plus every coin when it has no par) cannot come from a walk, and
  the progress file refuses it (game.client.progress).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.coinland.level_key import level_key
from game.coinland.levels import Level
from game.coinland.state import HOARDER, State
from game.wording import plural

MAX_STARS = 3
NEAR_PAR = 2  # coins short of par that still earn two stars
STAR_SHARE = 1 / 2  # of par's gain over the starting purse: what one star needs
OPEN_SHARE = 1 / 2  # of the stars of the pack before: what opens the next pack
OWN_LEVELS = "My levels"  # the player's own levels: always open, never part of the campaign's order
NATURAL_ENDS = ("all_collected", "no_move")  # the engine's reasons for a walk that ended by itself


# --- stars ---------------------------------------------------------------------------------------
def star_marks(par: int, start_purse: int = 0) -> tuple[int, int, int]:
    """The scores that earn one, two and three stars on a level with this par and starting purse.

    One star needs half of par's gain over the purse (rounded up, at least one coin when par
    gains anything); two stars come within NEAR_PAR coins of par and above the one-star mark
    (on a small level that band may be empty: the two-star mark is par); three stars at par."""
    gain = max(0, par - start_purse)
    one = start_purse + (max(1, math.ceil(gain * STAR_SHARE)) if gain else 0)
    two = min(par, max(par - NEAR_PAR, one + 1))
    return one, two, par


def stars(score: int | None, par: int | None, start_purse: int = 0) -> int:
    """The stars a score earns (0 for none or an unplayed level); with no proved par, a score
    above the starting purse earns one star."""
    if score is None:
        return 0
    if par is None:
        return 1 if score > start_purse else 0
    return sum(score >= mark for mark in star_marks(par, start_purse))


def level_stars(level: Level, best: int | None) -> int:
    return stars(best, level.par, level.purse)


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


def best_ceiling(level: Level, par: int | None) -> int:
    """The highest score a walk on `level` can end with: its proved `par`, else the starting
    purse and every coin on the board (no walk collects more)."""
    return par if par is not None else level.purse + level.coins


def best_line_shown(best: int | None, par: int | None) -> bool:
    """May the review draw the solver's best line? Only once the level is solved at par unaided
    (`best` is the player's unaided best, or None)."""
    return best is not None and par is not None and best >= par


# --- one walk ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What one ended walk is worth, and the sentences that say why."""

    score: int
    finished: bool  # the walk met the rule of a finished walk (help aside)
    assisted: bool  # help touched this walk, now or on an earlier visit (the level is marked helped)
    stars: int  # the stars to show for this walk
    heading: str
    reason: str  # one sentence: why the walk counts or not

    @property
    def counts(self) -> bool:
        """May set a best and counts toward opening packs: finished, unaided, worth a star."""
        return self.finished and not self.assisted and self.stars > 0


def star_rule(par: int | None, start_purse: int = 0) -> str:
    """The star rule of one level, in a sentence for the result screen."""
    if par is None:
        return "With no proved par, a walk that gains a coin earns one star."
    one, two, three = star_marks(par, start_purse)
    marks = [f"one star from {plural(one, 'coin')}"]
    if two < three:
        marks.append(f"two from {two}")
    marks.append(f"three at par ({three})")
    return "Stars: " + ", ".join(marks) + "."


def kept_stars(par: int | None, start_purse: int, unaided_best: int | None) -> str:
    """What a helped level keeps, in a sentence: the stars earned unaided before the help."""
    if unaided_best is None:
        return "It keeps no stars: you had not finished it unaided before."
    earned = stars(unaided_best, par, start_purse)
    return f"It keeps the {plural(earned, 'star')} you earned unaided (best {plural(unaided_best, 'coin')})."


def judge(state: State, start_purse: int, par: int | None, assisted: bool = False,
          unaided_best: int | None = None, helped_before: bool = False) -> Verdict:
    """The verdict on an ended walk; `assisted`: help was used during this walk; `helped_before`:
    the level was marked helped before it began (an earlier walk or visit); `unaided_best` is
    the player's best without help, or None."""
    score = state.purses[HOARDER]
    finished = is_finished(state, start_purse, par)
    if assisted or helped_before:
        earned = stars(unaided_best, par, start_purse)
        keeps = kept_stars(par, start_purse, unaided_best)
        if assisted:
            return Verdict(score, finished, True, earned, "Assisted walk",
                           f"You took help on this level, so its walks earn no new stars and open nothing. {keeps}")
        return Verdict(score, finished, True, earned, "Practice walk",
                       f"You took help on this level before, so its walks are practice: no new stars, no pack. "
                       f"{keeps}")
    if not finished:
        if not state.is_over:
            return Verdict(score, False, False, 0, "Walk in progress", "The walk is not over yet.")
        return Verdict(score, False, False, 0, "Walk not counted",
                       f"A walk counts when no coin is left in reach, or when you stop holding more than "
                       f"the {plural(start_purse, 'coin')} you started with.")
    earned = stars(score, par, start_purse)
    if earned == 0:
        one = star_marks(par, start_purse)[0] if par is not None else start_purse + 1
        why = (f"the {start_purse} you start with and half of par's gain" if start_purse
               else "half of par's gain")
        return Verdict(score, True, False, 0, "No star yet",
                       f"A star needs {plural(one, 'coin')} ({why}): below that a walk sets no "
                       "best and opens nothing.")
    reason = {"all_collected": "Every coin collected.",
              "no_move": "No coin is left within reach."}.get(state.ended or "", "You stopped and banked your coins.")
    heading = "Level complete" if par is None or score >= par else "Walk finished"
    return Verdict(score, True, False, earned, heading, reason)


# --- packs ---------------------------------------------------------------------------------------
class PackLike(Protocol):
    name: str
    levels: Sequence[Level]


Best = Callable[[str], "int | None"]  # the player's unaided best on a level key, or None


@dataclass(frozen=True)
class PackLock:
    open: bool
    reason: str = ""  # what opens it, for a locked pack


def pack_stars(pack: PackLike, best: Best) -> int:
    """Stars the player holds in `pack` (each level's best, under today's star rule)."""
    return sum(level_stars(level, best(level_key(level))) for level in pack.levels)


def stars_to_open(pack: PackLike) -> int:
    """Stars of `pack` that open the next pack: half of all it has (rounded up)."""
    return math.ceil(len(pack.levels) * MAX_STARS * OPEN_SHARE)


def played_in(pack: PackLike, best: Best) -> bool:
    """The player has a best kept on a level of `pack`. Before packs were recorded as opened, this
    alone kept a pack open; it now serves only to migrate such progress (`opened_before`)."""
    return any(best(level_key(level)) is not None for level in pack.levels)


def solved(level: Level, best: Best) -> bool:
    """The player has a walk worth a star on `level`."""
    return level_stars(level, best(level_key(level))) > 0


def pack_locks(packs: Sequence[PackLike], best: Best, opened: Collection[str] = (),
               held: Callable[[PackLike], int] | None = None) -> list[PackLock]:
    """One lock per pack, in order (the rule in the module text); `opened` names the packs the
    player has opened before (the progress file's record), which stay open whatever the stars.
    `held` counts a pack's stars (default: the bests on its levels; `opened_before` adds boards
    the pack no longer ships)."""
    def stars_held(pack: PackLike) -> int:
        return held(pack) if held is not None else pack_stars(pack, best)

    locks: list[PackLock] = []
    for index, pack in enumerate(packs):
        if index == 0 or pack.name == OWN_LEVELS or pack.name in opened:
            locks.append(PackLock(True))
            continue
        before = next((p for p in reversed(packs[:index]) if p.name != OWN_LEVELS), packs[index - 1])
        before_lock = locks[packs.index(before)]
        missing = stars_to_open(before) - stars_held(before)
        if missing <= 0 and before_lock.open:
            locks.append(PackLock(True))
        elif not before_lock.open:
            locks.append(PackLock(False, f"Open {before.name} first."))
        else:
            locks.append(PackLock(False, f"Earn {plural(missing, 'more star')} in {before.name} to open "
                                         f"{pack.name} (a star needs half of par's gain on a level)."))
    return locks


def open_names(packs: Sequence[PackLike], locks: Sequence[PackLock]) -> set[str]:
    """The packs `locks` shows open that need recording (the first pack and the player's own
    levels are open anyway)."""
    first = packs[0].name if packs else ""
    return {pack.name for pack, lock in zip(packs, locks, strict=True)
            if lock.open and pack.name not in (first, OWN_LEVELS)}


#: A board a pack shipped once and ships no more, as levels/lineage.json records it:
#: (content key, par, starting purse). A best on it was earned in that pack.
FormerBoard = tuple[str, int, int]


def opened_before(packs: Sequence[PackLike], best: Best,
                  former: Mapping[str, Sequence[FormerBoard]] | None = None) -> set[str]:
    """The packs open under the rule of progress files from before packs were recorded: any pack
    with a best in it, and those the stars opened. Run once on such a file, so nobody loses a
    pack that was open (a pack opened through a copy of its board included: it was open).
    `former` (pack name -> boards it no longer ships, retired since: lineage.former_boards) counts
    the bests on them where they were earned: a player whose only Expert best is on a
    retired board had Expert open, and a retired board's stars counted toward the next pack."""
    gone = former or {}

    def former_bests(pack: PackLike) -> list[tuple[int, int, int]]:
        return [(score, par, purse) for key, par, purse in gone.get(pack.name, ())
                if (score := best(key)) is not None]

    def held(pack: PackLike) -> int:
        return pack_stars(pack, best) + sum(stars(score, par, purse) for score, par, purse in former_bests(pack))

    played = {pack.name for pack in packs if played_in(pack, best) or former_bests(pack)}
    return open_names(packs, pack_locks(packs, best, played, held))


def following_pack(packs: Sequence[PackLike], pack: PackLike) -> PackLike | None:
    """The campaign pack after `pack` (the player's own levels are outside the order), or None."""
    names = [p.name for p in packs]
    if pack.name == OWN_LEVELS or pack.name not in names:
        return None
    return next((p for p in packs[names.index(pack.name) + 1:] if p.name != OWN_LEVELS), None)


def pack_progress(packs: Sequence[PackLike], pack: PackLike, best: Best, opened: Collection[str] = ()) -> str:
    """The stars held in `pack`, and how many more open the pack after it, in one line for the
    level list and the result screen ("" for the player's own levels)."""
    if pack.name == OWN_LEVELS or not pack.levels:
        return ""
    held, total = pack_stars(pack, best), len(pack.levels) * MAX_STARS
    line = f"Stars in {pack.name}: {held} of {total}"
    after = following_pack(packs, pack)
    if after is None:
        return line
    locks = pack_locks(packs, best, opened)
    if locks[list(packs).index(after)].open:
        return f"{line} · {after.name} is open"
    need = stars_to_open(pack) - held
    if need <= 0:
        return line
    return f"{line} · {plural(need, 'more star')} {'opens' if need == 1 else 'open'} {after.name}"


def newly_opened(packs: Sequence[PackLike], before: Sequence[PackLock], after: Sequence[PackLock]) -> list[str]:
    """The names of the packs a walk has just opened, for the announcement."""
    return [pack.name for pack, old, new in zip(packs, before, after, strict=True) if new.open and not old.open]


def first_unsolved(pack: PackLike, best: Best, skip: int | None = None) -> int | None:
    """The index of the first level of `pack` with no walk worth a star (other than `skip`), or None."""
    for index, level in enumerate(pack.levels):
        if index != skip and not solved(level, best):
            return index
    return None


def next_in_campaign(packs: Sequence[PackLike], pack: PackLike, index: int,
                     best: Best, opened: Collection[str] = ()) -> tuple[PackLike, int] | None:
    """Where Next leads after level `index` of `pack`: the next level; after a pack's last
    level, the next pack's first level when it is open, else this pack's first level with no
    star yet (so the player works toward opening it); None when nothing is left to go to."""
    if index + 1 < len(pack.levels):
        return pack, index + 1
    names = [p.name for p in packs]
    if pack.name in names and pack.name != OWN_LEVELS:
        position = names.index(pack.name)
        locks = pack_locks(packs, best, opened)
        following = [(p, lock) for p, lock in zip(packs[position + 1:], locks[position + 1:], strict=True)
                     if p.name != OWN_LEVELS and p.levels]
        if following and following[0][1].open:
            return following[0][0], 0
    unsolved = first_unsolved(pack, best, skip=index)
    return (pack, unsolved) if unsolved is not None else None
