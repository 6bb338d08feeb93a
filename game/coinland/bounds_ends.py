"""The path-ends bound: the run ends a walk is forced to have, and how few paid hops join them.

Every free run has two ends (her first run one, besides her own cell), and a dead end is
always a run's end. Every end but the walk's last is joined to the next run's start by a
paid hop, so each *hop* serves at most two ends, and serves two only when they lie one gate
apart on a line (a hop over more gates costs as much as two hops of one) and do not hang off
the same cell (two dead ends on one neighbour cannot both continue through it). A component
with no dead end still has a run, so two ends (one in her own); a run count of the wrong
parity adds an end. So with `k` ends ("items") of which `m` can be paired up at best (a
maximum matching, `max_matching`), at least `k - m - 1` hops or skipped coins are needed
(`endpoint_loss`). `bounds.py` turns that loss into a bound on the gain.
"""

from __future__ import annotations

from game.coinland.solver_tables import Tables

MAX_EXACT_ITEMS = 16  # above this many path ends, the search uses the cheap count instead of a matching
MAX_ROOT_ITEMS = 40  # the same for a bound asked once (need=0), where a better one pays more
MATCHING_EFFORT = 4_000  # sub-problems a matching may look at before settling for the cheap count

_LEAF, _WILD, _PAD, _SOLO = 0, 1, 2, 3


def part_items(part: int, part_ends: list[tuple[int, int]], home: bool) -> list[tuple[int, int, int, int]]:
    """The path ends one component forces (see `endpoint_items`); named by its mask, hers by 0."""
    number = 0 if home else part
    count = len(part_ends)
    items = [(_LEAF, bit, number, near) for bit, near in part_ends]
    if home:  # her own component: her first run has one end besides her cell
        if count == 0:
            items.append((_WILD, part, number, 0))
        elif count % 2 == 0:
            items.append((_PAD, part, number, 0))
    elif not part & (part - 1):  # a lone coin: a run of its own, or skipped
        items.append((_SOLO, part, number, 0))
        items.append((_SOLO, part, number, 0))
    elif count < 2:
        items.extend((_WILD, part, number, 0) for _ in range(2 - count))
    elif count % 2:
        items.append((_PAD, part, number, 0))
    return items


def endpoint_items(parts: list[int], ends: list[list[tuple[int, int]]]) -> list[tuple[int, int, int, int]]:
    """The path ends a walk must have: (kind, region mask, component id, dead end's neighbour).

    A component's id is 0 for hers and its own (nonzero) mask for any other.
    """
    items: list[tuple[int, int, int, int]] = []
    for number, (part, part_ends) in enumerate(zip(parts, ends, strict=True)):
        items.extend(part_items(part, part_ends, number == 0))
    return items


def _pairable(t: Tables, items: list[tuple[int, int, int, int]]) -> list[int]:
    """For each item, the mask of items one paid hop could join it to (toll-one line rule)."""
    toll_one, toll_one_or = t.toll_one, t.toll_one_or
    lines = [toll_one[region.bit_length() - 1] if not region & (region - 1) else toll_one_or.over(region)
             for _, region, _, _ in items]
    pairs = [0] * len(items)
    for a, (kind_a, _, part_a, near_a) in enumerate(items):
        for b in range(a + 1, len(items)):
            kind_b, region_b, part_b, near_b = items[b]
            if part_a == part_b and ((kind_a == _PAD and kind_b == _LEAF) or (kind_b == _PAD and kind_a == _LEAF)):
                joined = True  # the pad stands for a skipped dead end of the same component
            elif kind_a == _SOLO and kind_b == _SOLO and part_a == part_b:
                joined = True  # both ends of a lone coin: skipping it costs one
            elif kind_a == _LEAF and kind_b == _LEAF and near_a == near_b:
                joined = False
            elif part_a == part_b and _WILD in (kind_a, kind_b):
                joined = False  # a component's first start and last end meet other components
            else:
                joined = bool(lines[a] & region_b)
            if joined:
                pairs[a] |= 1 << b
                pairs[b] |= 1 << a
    return pairs


def _beads(items: list[tuple[int, int, int, int]]) -> list[int]:
    """For the first end of each *bead* (a component away from hers with exactly its first
    start and last end as items: a lone coin, or one with no dead end), the index of the
    other end; -1 for every other item.

    Two beads can be joined by one hop at most: a second would make the walk run in a
    circle (B's last end before A's first start before A's last end before B's first start).
    """
    mates = [-1] * len(items)
    for i in range(len(items) - 1):
        kind, _, part, _ = items[i]
        first = i == 0 or items[i - 1][2] != part or items[i - 1][0] != kind
        if part and first and kind in (_SOLO, _WILD) and items[i + 1][0] == kind and items[i + 1][2] == part:
            mates[i] = i + 1
    return mates


class _TooHard(Exception):
    pass


def max_matching(pairs: list[int], mates: list[int], mask: int, stop_above: int | None = None) -> int:
    """Most hops that each join two items, beads taken whole (exhaustive; items are few).

    With `stop_above`, it may stop as soon as it finds more hops than that.
    """
    memo: dict[int, int] = {}
    limit = mask.bit_count() if stop_above is None else stop_above

    def best(mask: int) -> int:
        if not mask:
            return 0
        known = memo.get(mask)
        if known is not None:
            return known
        if len(memo) > MATCHING_EFFORT:
            raise _TooHard
        low = mask & -mask
        index = low.bit_length() - 1
        rest = mask ^ low
        mate = mates[index]
        whole = mate >= 0 and rest >> mate & 1  # both ends of a bead still free: place them together
        if whole:
            rest ^= 1 << mate
        value = best(rest)
        if whole and pairs[index] >> mate & 1:
            value += 1  # a lone coin skipped: its two ends for the price of one
        cap = mask.bit_count() // 2
        partners = pairs[index] & rest
        while partners and value < cap and value <= limit:
            bit = partners & -partners
            partners ^= bit
            value = max(value, 1 + best(rest ^ bit))
            if whole:  # the bead's other end to a later item, never to the same bead
                others = partners
                partner_mate = mates[bit.bit_length() - 1]
                if partner_mate >= 0:
                    others &= ~(1 << partner_mate)
                while others and value < cap and value <= limit:
                    other = others & -others
                    others ^= other
                    value = max(value, 2 + best(rest ^ bit ^ other))
        memo[mask] = value
        return value

    try:
        return best(mask)
    except _TooHard:
        return mask.bit_count() // 2


def endpoint_loss(t: Tables, items: list[tuple[int, int, int, int]], need_loss: int | None = None) -> int:
    """Lower bound on the loss from path ends (module doc).

    With `need_loss` it only settles whether the loss reaches `need_loss` (returning
    `need_loss` if so, a weaker valid count if not), which is cheaper.
    """
    count = len(items)
    weakest = max(0, count - 1 - count // 2)  # as if every item were matched
    if count <= 1 or count > (MAX_ROOT_ITEMS if need_loss is None else MAX_EXACT_ITEMS):
        return weakest
    if need_loss is None:
        return max(0, count - 1 - max_matching(_pairable(t, items), _beads(items), (1 << count) - 1))
    if count - 1 < need_loss or weakest >= need_loss:
        return weakest
    target = count - 1 - need_loss  # the loss reaches need_loss iff no matching beats this
    if max_matching(_pairable(t, items), _beads(items), (1 << count) - 1, target) > target:
        return weakest
    return need_loss
