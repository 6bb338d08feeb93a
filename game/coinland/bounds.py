"""Upper bounds on what a Hoarder can still gain: what lets the solver prune, and prove.

Count the *loss* of a walk against the ideal of collecting every remaining coin for free:
score = purse + coins - loss, where loss = (coins never collected) + (fees paid). A walk
is a chain of *free runs* (moves that cross no gate, gaining 1 each) joined by *paid hops*
(each costs at least 1, which is what a skipped coin costs too). Two relaxations bound the
loss from below, and the solver uses whichever is stronger:

* **Components** (`component_gain`). Free runs stay inside one component of the free graph
  on the live cells. Any component but her own must be entered by a paid hop of at least
  its cheapest entry fee `f`, so it adds at most `max(0, |K| - f)`; a coin with one free
  neighbour (a *dead end*) can only end a run, which costs her own component one coin per
  pair of dead ends and any other one `ceil(ends / 2) - 1`.

* **Path ends** (`endpoint_loss`). Every run has two ends (her first run one, besides her
  own cell), and a dead end is always a run's end. Every end but the walk's last is joined
  to the next run's start by a paid hop, so each *hop* serves at most two ends, and serves
  two only when they lie one gate apart on a line (a hop over more gates costs as much as
  two hops of one) and do not hang off the same cell (two dead ends on one neighbour cannot
  both continue through it). A component with no dead end still has a run, so two ends
  (one in her own); a run count of the wrong parity adds an end. So with `k` ends ("items")
  of which `m` can be paired up at best (a maximum matching), at least `k - m - 1` hops or
  skipped coins are needed. This is what proves the boards where a plain search stalls: a
  handful of dead ends that no single line joins forces the loss up at the very root.

Both are pure bit arithmetic on the tables of `solver_tables.py`. The components and their
dead ends and blocks are found in `bounds_parts.py`, the path ends and their matching in
`bounds_ends.py`; this module puts them together (`gain_bound`) and keeps what a search would
otherwise compute again (`PartCache`).
"""

from __future__ import annotations

from game.coinland.bounds_ends import endpoint_loss, part_items
from game.coinland.bounds_parts import (
    child_parts,
    components,
    dead_ends,
    entry_fee,
    entry_fee_of,
    entry_masks,
    flood,
    hanging_blocks,
)
from game.coinland.solver_tables import Tables

__all__ = ["PartCache", "child_parts", "component_gain", "components", "gain_bound"]


def component_gain(t: Tables, cur: int, coins: int, parts: list[int], ends: list[list[tuple[int, int]]],
                   entries: list[tuple[int, ...]] | None = None) -> int:
    """Bound from components, entry fees, dead ends and cheap reach (module doc).

    `entries` holds the `entry_masks` of every component but hers, when the caller keeps them.
    """
    live = coins | (1 << cur)
    total = parts[0].bit_count() - 1 - len(ends[0]) // 2
    far = 0
    near = -1  # the cells reachable by moves that lose nothing, once needed
    dear = False  # a component worth entering over two gates or more
    for number in range(1, len(parts)):
        part = parts[number]
        part_ends = ends[number]
        size = part.bit_count()
        if entries is None:
            fee = entry_fee(t, part, live & ~part, size)
        else:
            fee = entry_fee_of(entries[number - 1], live & ~part, size)
        gain = size - fee
        dear = dear or (fee > 1 and gain >= 0)
        if len(part_ends) > 2:
            gain -= (len(part_ends) + 1) // 2 - 1
        if gain > 0:
            if near < 0:
                near = flood(cur, live, t.cheap_or)
            if part & near:
                total += gain
            else:
                far += gain
    return total + (far if dear else max(0, far - 1))


CACHE_LIMIT = 300_000  # components remembered before the cache starts afresh
_ENDS, _BLOCKS, _ENTRIES, _ENDS_ITEMS, _BLOCKS_ITEMS = range(5)


class PartCache:
    """What the bounds learn about a component away from the Hoarder, kept while it stays whole.

    A move changes only her own component and the one she lands in, so nearly every
    component of a child node is one of its parent's. Its dead ends, blocks, entry masks
    and path-end items depend on the component alone (never on her cell, which is not in
    it), so they are looked up instead of recomputed. On gated boards, with dozens of small
    components, that is most of what a bound costs.

    Her own component's facts depend on it and her cell, and are kept by both: the proof
    asks the same nodes again for every lower target, and probing repeats its first nodes.
    """

    __slots__ = ("facts", "homes", "t")

    def __init__(self, t: Tables) -> None:
        self.t = t  # the facts hold for this board and its gates only
        self.facts: dict[int, list] = {}
        self.homes: dict[int, list] = {}

    def home_of(self, part: int, cur: int) -> list:
        key = part << 8 | cur  # fewer than 256 cells on any board
        facts = self.homes.get(key)
        if facts is None:
            if len(self.homes) >= CACHE_LIMIT:
                self.homes.clear()
            facts = self.homes[key] = [dead_ends(self.t, part, part, cur), None, None, None, None]
        return facts

    def of(self, part: int, cur: int) -> list:
        facts = self.facts.get(part)
        if facts is None:
            if len(self.facts) >= CACHE_LIMIT:
                self.facts.clear()
            facts = self.facts[part] = [dead_ends(self.t, part, part, cur), None, None, None, None]
        return facts


def gain_bound(t: Tables, cur: int, coins: int, need: int = 0, parts: list[int] | None = None,
               cache: PartCache | None = None) -> int:
    """Most coins the walk can still gain from `cur` with `coins` left (module doc).

    The result is exact for the relaxations whenever it is at least `need`; below `need`
    it may stop early, which is all pruning needs. Dearer refinements run only while the
    cheaper ones have not yet fallen below `need`. `parts` (her components, hers first, as
    `components` or `child_parts` give them) and `cache` spare the work a search repeats.
    """
    if not coins:
        return 0
    if parts is None:
        parts = components(t, cur, coins)
    if cache is None or cache.t is not t:
        cache = PartCache(t)
    home = cache.home_of(parts[0], cur)
    facts = [cache.of(part, cur) for part in parts[1:]]
    ends = [home[_ENDS]]
    ends.extend(f[_ENDS] for f in facts)
    entries = []
    for part, f in zip(parts[1:], facts, strict=True):
        if f[_ENTRIES] is None:
            f[_ENTRIES] = entry_masks(t, part)
        entries.append(f[_ENTRIES])
    bound = component_gain(t, cur, coins, parts, ends, entries)
    if bound < need:
        return bound
    total = coins.bit_count()
    need_loss = total - need + 1 if need > 0 else None
    bound = min(bound, total - endpoint_loss(t, _items(parts, ends, home, facts, _ENDS_ITEMS), need_loss))
    if bound < need:
        return bound
    if home[_BLOCKS] is None:
        home[_BLOCKS] = hanging_blocks(t, parts[0], cur)
    ends = [home[_BLOCKS]]
    for part, f in zip(parts[1:], facts, strict=True):
        if f[_BLOCKS] is None:
            f[_BLOCKS] = hanging_blocks(t, part, cur)
        ends.append(f[_BLOCKS])
    bound = min(bound, component_gain(t, cur, coins, parts, ends, entries))
    if bound < need:
        return bound
    return min(bound, total - endpoint_loss(t, _items(parts, ends, home, facts, _BLOCKS_ITEMS), need_loss))


def _items(parts: list[int], ends: list[list[tuple[int, int]]], home: list, facts: list[list], slot: int) -> list:
    """`endpoint_items`, with every component's kept in its facts."""
    if home[slot] is None:
        home[slot] = part_items(parts[0], ends[0], True)
    items = list(home[slot])
    for number in range(1, len(parts)):
        f = facts[number - 1]
        if f[slot] is None:
            f[slot] = part_items(parts[number], ends[number], False)
        items.extend(f[slot])
    return items
