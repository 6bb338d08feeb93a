#!/usr/bin/env python3
"""Tune Finding Satoshi's printed data by simulation (RULES.md section 4, "Balance").

Targets: a game lasts about 15-30 rounds, and at normal difficulty the final Bitcoin price is
$60 or more in roughly a third to a half of games. Each variant is the shipped data with some
changes, written to a temporary folder and read by the engine like the real files; the script
plays the same seeds for every variant and prints one line each.

    .venv/bin/python scripts/tune_satoshi.py                      # the standard comparison
    .venv/bin/python scripts/tune_satoshi.py --games 400 --players 2,4,6
    .venv/bin/python scripts/tune_satoshi.py --only shipped       # just the shipped data
    .venv/bin/python scripts/tune_satoshi.py --write-track long   # rewrite assets/bitcoin/track.toml

Layouts: the Track Board is drawn from a list of section-1 cells on the grid; section 2 is the
4 x 4 square whose lower-left corner follows the last section-1 cells, and section 3 is
section 1 turned half a turn around the square's centre, so every path from Start to End has
the same length (2 * corner + 6 spaces).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path

import tomli_w

from game.bitcoin.agents import AGENTS
from game.bitcoin.data import ASSETS, FILES, DataError, read_data
from game.bitcoin.simulate import run_games

# --- track layouts ------------------------------------------------------------------------
#: name -> (section-1 cells, the square's lower-left corner)
LAYOUTS: dict[str, tuple[list[tuple[int, int]], tuple[int, int]]] = {
    # three lanes wide: 22 spaces from Start to End
    "wide": ([(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (4, 2), (2, 3), (3, 3),
              (4, 3), (5, 3), (3, 4)], (4, 4)),
    # a chain of diamonds, one or two lanes: 26 spaces
    "long": ([(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4),
              (4, 4), (5, 4), (4, 5)], (5, 5)),
    # mostly one lane: 34 spaces
    "single": ([(1, 0), (1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (3, 3), (4, 3), (3, 4), (4, 4), (5, 4), (5, 5),
                (6, 5), (6, 6), (7, 6)], (7, 7)),
    # two lanes most of the way: 24 spaces
    "double": ([(1, 0), (0, 1), (1, 1), (2, 0), (2, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3), (3, 3), (4, 2),
                (4, 3), (3, 4), (4, 4)], (4, 5)),
}

HEADER = """# Finding Satoshi: the Track Board (written by scripts/tune_satoshi.py --write-track {name}).
#
# A grid: x grows to the right, y grows up. Pawns move only up (x, y+1) or right (x+1, y),
# so every space lists the spaces above and to its right that are on the track.
# section 0 is Start, 4 is End; 1, 2, 3 are the numbers on the backs of the tiles placed there.
# Section 2 is the 4 x 4 square (x {x0}..{x3}, y {y0}..{y3}); section 3 is section 1 turned half a turn.

start = "start"
end = "end"
"""


def track_text(name: str) -> str:
    """The track.toml text of a layout."""
    cells1, (cx, cy) = LAYOUTS[name]
    far = cx + cy + 3  # the square's centre is (far/2, far/2): section 3 mirrors section 1 through it
    start, end = (0, 0), (far, far)
    section = {start: 0, end: 4}
    section.update({c: 1 for c in cells1})
    section.update({(x, y): 2 for x in range(cx, cx + 4) for y in range(cy, cy + 4)})
    section.update({(far - x, far - y): 3 for x, y in cells1})

    def ident(c: tuple[int, int]) -> str:
        return "start" if c == start else "end" if c == end else f"{c[0]},{c[1]}"

    out = [HEADER.format(name=name, x0=cx, x3=cx + 3, y0=cy, y3=cy + 3)]
    for c in sorted(section, key=lambda c: (c[0] + c[1], c[1])):
        x, y = c
        lines = ["[[space]]", f'id = "{ident(c)}"', f"x = {x}", f"y = {y}", f"section = {section[c]}"]
        if (x, y + 1) in section:
            lines.append(f'up = "{ident((x, y + 1))}"')
        if (x + 1, y) in section:
            lines.append(f'right = "{ident((x + 1, y))}"')
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


# --- variants -------------------------------------------------------------------------------
Tables = dict[str, dict]
Change = Callable[[Tables], None]


def load_tables() -> Tables:
    return {name: tomllib.loads((ASSETS / f"{name}.toml").read_text(encoding="utf-8")) for name in FILES}


def layout(name: str) -> Change:
    def change(t: Tables) -> None:
        t["track"] = tomllib.loads(track_text(name))
    return change


def scale_prices(factor: float) -> Change:
    """Scale every Bitcoin price rise and news card (a rough dial for the final price)."""
    def change(t: Tables) -> None:
        for level in t["advancements"]["software"] + t["advancements"]["mining"]:
            level["rise"] = round(level["rise"] * factor)
        for card in t["news"]["bitcoin_news"]:
            card["price"] = round(card["price"] * factor)
        for tile in t["tiles"]["tile"]:
            if tile["kind"] == "software_alt":
                tile["rise"] = max(1, round(tile["rise"] * factor))
    return change


def swap_tiles(section: int, old: str, new: dict) -> Change:
    """Turn one tile of kind `old` in a section into the tile `new` (keeps 46 tiles)."""
    def change(t: Tables) -> None:
        tiles = t["tiles"]["tile"]
        victim = next((x for x in tiles if x["section"] == section and x["kind"] == old), None)
        if victim is None:  # the data has none there (it changed since the variant was written): nothing to swap
            return
        victim["count"] -= 1
        if victim["count"] == 0:
            tiles.remove(victim)
        same = next((x for x in tiles if x["section"] == section and all(x.get(k) == v for k, v in new.items())), None)
        if same:
            same["count"] += 1
        else:
            tiles.append({"id": f"tuned-{section}-{len(tiles)}", "section": section, **new, "count": 1})
    return change


def economy(scale: float) -> Change:
    """Scale the Economic News rises in Food and Internet."""
    def change(t: Tables) -> None:
        for row in t["news"]["economic_table"]:
            row["food"] = round(row["food"] * scale)
            row["internet"] = round(row["internet"] * scale)
    return change


PLAIN_EVENT = {"kind": "personal_event", "lucky": False}

#: the comparison the script prints by default: the shipped data and one change at a time
VARIANTS: dict[str, list[Change]] = {
    "shipped": [],
    "track wide (22)": [layout("wide")],
    "track double (24)": [layout("double")],
    "track long (26)": [layout("long")],
    "track single (34)": [layout("single")],
    "prices x0.8": [scale_prices(0.8)],
    "prices x1.25": [scale_prices(1.25)],
    "economy x0.6": [economy(0.6)],
    "economy x1.5": [economy(1.5)],
    "no jumps": [swap_tiles(n, "jump", PLAIN_EVENT) for n in (1, 2, 3)],
}


def build(changes: list[Change], folder: Path) -> None:
    tables = copy.deepcopy(load_tables())
    for change in changes:
        change(tables)
    for name, table in tables.items():
        (folder / f"{name}.toml").write_text(tomli_w.dumps(table), encoding="utf-8")


# --- reporting ------------------------------------------------------------------------------
def report(name: str, changes: list[Change], players: list[int], games: int, seed: int, difficulty: str,
           agent: str = "normal") -> str:
    with tempfile.TemporaryDirectory() as tmp:
        build(changes, Path(tmp))
        data = read_data(tmp)
        results = []
        for n in players:
            results += run_games(n, games, seed, [agent], difficulty, data=data)[0]
    rounds = sorted(r.rounds for r in results)
    total = len(results)
    in_range = sum(15 <= r <= 30 for r in rounds) / total
    sixty = sum(r.price >= 60 for r in results) / total
    cond = {c: sum(r.condition == c for r in results) / total for c in ("fiat", "bitcoin", "everyone")}
    stalled = sum(r.reason == "round limit" for r in results) / total
    return (f"{name:<22} {statistics.median(rounds):6.1f} {statistics.fmean(rounds):6.1f} "
            f"{rounds[total // 10]:4d} {rounds[9 * total // 10]:4d} {100 * in_range:6.1f}% "
            f"{statistics.median(r.price for r in results):6.1f} {100 * sixty:6.1f}% "
            f"{100 * cond['fiat']:5.1f}% {100 * cond['bitcoin']:5.1f}% {100 * cond['everyone']:5.1f}% "
            f"{100 * stalled:5.1f}%")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count and variant")
    parser.add_argument("--players", default="4", help="player counts, e.g. 2,3,4,5,6 (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--agent", default="normal", choices=sorted(AGENTS),
                        help="who plays every seat (default normal, the computer player balance is tuned with)")
    parser.add_argument("--only", help="comma-separated variant names (see VARIANTS)")
    parser.add_argument("--prices", type=float, help="also scale every Bitcoin price rise in each variant")
    parser.add_argument("--economy", type=float, help="also scale the Economic News rises in each variant")
    parser.add_argument("--write-track", choices=sorted(LAYOUTS), help="write a layout to assets/bitcoin/track.toml")
    args = parser.parse_args()
    if args.write_track:
        (ASSETS / "track.toml").write_text(track_text(args.write_track), encoding="utf-8")
        print(f"wrote assets/bitcoin/track.toml ({args.write_track}); run scripts/gen_satoshi_docs.py")
        return 0
    names = args.only.split(",") if args.only else list(VARIANTS)
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        print(f"tune_satoshi: unknown variant {unknown[0]!r}; known: {', '.join(VARIANTS)}", file=sys.stderr)
        return 2
    players = [int(p) for p in args.players.split(",")]
    print(f"{args.agent} agents, {args.games} games per player count {players}, {args.difficulty}, seed {args.seed}")
    print(f"{'variant':<22} {'rounds: median':>14} {'mean':>6} {'p10':>4} {'p90':>4} {'15-30':>7} "
          f"{'price med':>6} {'>=$60':>7} {'fiat':>6} {'btc':>6} {'all':>6} {'limit':>6}")
    extra = ([scale_prices(args.prices)] if args.prices else []) + ([economy(args.economy)] if args.economy else [])
    for name in names:
        try:
            print(report(name, VARIANTS[name] + extra, players, args.games, args.seed, args.difficulty,
                         args.agent), flush=True)
        except DataError as error:
            print(f"{name:<22} broken data: {error}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
