"""The free graph's components, and the places in each where a free run must end.

The two bounds of `bounds.py` start from the same picture: the live cells (the coins left
and her cell) cut into components of the free graph (cells joined by moves that cross no
gate), hers first. Here is that picture and what the bounds read off it: the cheapest fee
to enter a component (`entry_fee`, `entry_masks`), its *dead ends* (a coin, or a hanging
pair, that a free run can only end in: `dead_ends`), and its *hanging blocks* (leaf blocks
of the component, which generalise dead ends: `hanging_blocks`). `child_parts` updates the
components after one move, which is what a search asks for at every node.

All of it is bit arithmetic on the tables of `solver_tables.py`: a set of cells is an int.
"""

from __future__ import annotations

from game.coinland.solver_tables import OrTable, Tables


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


def entry_fee_of(entries: tuple[int, ...], outside: int, cap: int) -> int:
    """`entry_fee` from a component's `entry_masks` (what the cache keeps)."""
    for fee in range(1, min(cap, len(entries) + 1)):
        if entries[fee - 1] & outside:
            return fee
    return cap


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
