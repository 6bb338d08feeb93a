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

Both are pure bit arithmetic on the tables of `solver_tables.py`.
"""

from __future__ import annotations

from game.coinland.solver_tables import OrTable, Tables

MAX_EXACT_ITEMS = 16  # above this many path ends, the search uses the cheap count instead of a matching
MAX_ROOT_ITEMS = 40  # the same for a bound asked once (need=0), where a better one pays more
MATCHING_EFFORT = 4_000  # sub-problems a matching may look at before settling for the cheap count

_LEAF, _WILD, _PAD, _SOLO = 0, 1, 2, 3


def flood(start: int, allowed: int, free_or: OrTable) -> int:
    """The component of cell `start` in the free graph restricted to `allowed` cells."""
    component = frontier = 1 << start
    while frontier:
        frontier = free_or.over(frontier) & allowed & ~component
        component |= frontier
    return component


def components(t: Tables, cur: int, coins: int) -> list[int]:
    """Free-graph components of the live cells (coins and her cell), hers first."""
    free_or = t.free_or
    live = coins | (1 << cur)
    home = flood(cur, live, free_or)
    parts = [home]
    rest = live & ~home
    while rest:
        part = flood((rest & -rest).bit_length() - 1, rest, free_or)
        rest &= ~part
        parts.append(part)
    return parts


def entry_fee(t: Tables, part: int, outside: int, cap: int) -> int:
    """The cheapest fee to enter `part` from a cell of `outside`; `cap` when it is `cap` or more."""
    entry_or = t.entry_or
    for fee in range(1, min(cap, len(entry_or) + 1)):
        if entry_or[fee - 1].over(part) & outside:
            return fee
    return cap


def dead_ends(t: Tables, part: int, live: int, cur: int) -> list[tuple[int, int]]:
    """The places of `part` where a free run must end: (region mask, bit of the one cell it hangs on).

    A coin with one live free neighbour is one; so is a pair of coins that see only each
    other and one common neighbour (a triangle hanging off that neighbour): a run entering
    the pair through its neighbour cannot leave it again.
    """
    free_adj = t.free_adj
    found = []
    mask = part & ~(1 << cur)
    while mask:
        low = mask & -mask
        mask ^= low
        near = free_adj[low.bit_length() - 1] & live
        if not near:
            continue
        rest = near & (near - 1)
        if not rest:
            found.append((low, near))
        elif not rest & (rest - 1):  # two neighbours: is one of them a twin hanging on the other?
            first = near ^ rest
            for twin, hub in ((first, rest), (rest, first)):
                if (twin > low and free_adj[twin.bit_length() - 1] & live == low | hub
                        and not twin >> cur & 1 and (free_adj[hub.bit_length() - 1] & live).bit_count() > 2):
                    found.append((low | twin, hub))
    return found


def hanging_blocks(t: Tables, part: int, cur: int) -> list[tuple[int, int]]:
    """Every place of `part` where a free run must end, from its blocks (Tarjan): (region, cut cell).

    A *leaf block* of the component (a biconnected piece attached to the rest through one
    cut cell) can be entered and left only through that cell, so every run that touches it
    ends inside it. This generalises `dead_ends` (a dead end is a leaf block of two cells),
    at several times its price, so the bound asks for it only when the cheap one falls short.
    """
    if not part & (part - 1):
        return []
    free_adj = t.free_adj
    here = 1 << cur
    root = cur if part & here else (part & -part).bit_length() - 1
    disc = {root: 0}
    low = {root: 0}
    order = 1
    stack = [root]
    path = [[root, -1, free_adj[root] & part]]
    blocks = []
    cuts = 0
    root_children = 0
    while path:
        top = path[-1]
        v, parent, rest = top
        if rest:
            bit = rest & -rest
            top[2] = rest ^ bit
            w = bit.bit_length() - 1
            seen = disc.get(w)
            if seen is None:
                disc[w] = low[w] = order
                order += 1
                stack.append(w)
                path.append([w, v, free_adj[w] & part])
            elif w != parent and seen < low[v]:
                low[v] = seen
            continue
        path.pop()
        if not path:
            break
        u = path[-1][0]
        if low[v] < low[u]:
            low[u] = low[v]
        if low[v] >= disc[u]:
            block = 1 << u
            while True:
                x = stack.pop()
                block |= 1 << x
                if x == v:
                    break
            blocks.append(block)
            if u == root:
                root_children += 1
            else:
                cuts |= 1 << u
    if root_children > 1:
        cuts |= 1 << root
    found = []
    if cuts:
        for block in blocks:
            cut = block & cuts
            region = block & ~cuts
            if not cut & (cut - 1) and region and not region & here:
                found.append((region, cut))
    return found


def entry_masks(t: Tables, part: int) -> tuple[int, ...]:
    """For each fee f (from 1), the cells that reach a cell of `part` for exactly f."""
    return tuple(table.over(part) for table in t.entry_or)


def _entry_fee(entries: tuple[int, ...], outside: int, cap: int) -> int:
    """`entry_fee` from a component's `entry_masks` (what the cache keeps)."""
    for fee in range(1, min(cap, len(entries) + 1)):
        if entries[fee - 1] & outside:
            return fee
    return cap


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
            fee = _entry_fee(entries[number - 1], live & ~part, size)
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


def child_parts(t: Tables, parts: list[int], cur: int, target: int) -> list[int]:
    """The components after she moves from `cur` to `target`, hers first, from her parent's.

    Only her old component loses a cell (the one she leaves), so only it is flooded again;
    the component holding `target` becomes hers.
    """
    free_or = t.free_or
    rest = parts[0] & ~(1 << cur)
    bit = 1 << target
    out = [0]
    while rest:
        piece = flood((rest & -rest).bit_length() - 1, rest, free_or)
        rest &= ~piece
        if piece & bit:
            out[0] = piece
        else:
            out.append(piece)
    for part in parts[1:]:
        if part & bit:
            out[0] = part
        else:
            out.append(part)
    rest = out[1:]
    rest.sort(key=_lowest)  # the order `components` gives: a matching cut short depends on it
    out[1:] = rest
    return out


def _lowest(part: int) -> int:
    return part & -part


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
