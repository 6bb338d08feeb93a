"""The rules reference for Finding Satoshi's printed data, as Markdown, built from the TOML.

scripts/gen_satoshi_docs.py writes it to docs/finding-satoshi-data.md (a test checks the file
is up to date); the client's rules screen can draw the same tables from `GameData`.
"""

from __future__ import annotations

from game.bitcoin.printed import GameData, Tile
from game.bitcoin.rulings import rulings

KIND_NAMES = {
    "mining": "Bitcoin Mining", "bitcoin_news": "Bitcoin News", "software": "Bitcoin Software",
    "software_alt": "Bitcoin Software Alternatives", "coffee_shop": "Coffee shop",
    "economic_news": "Economic News", "free_bitcoin": "Free Bitcoin", "job_opportunity": "Job Opportunity",
    "jump": "Jump", "personal_event": "Personal Event",
}


def tile_detail(tile: Tile) -> str:
    """The words printed on a tile besides its kind."""
    if tile.kind == "mining":
        return tile.level
    if tile.kind == "software":
        return f"version {tile.version}"
    if tile.kind == "software_alt":
        return f"Bitcoin +{tile.rise}$"
    if tile.kind == "job_opportunity":
        return f"pay {tile.fee}$ first" if tile.fee else "free"
    if tile.kind == "personal_event":
        return "lucky (+1)" if tile.lucky else ""
    return ""


def _table(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return [*lines, ""]


def track_map(data: GameData) -> list[str]:
    """The Track Board as text: S Start, E End, digits the section of each tile space."""
    track = data.track
    xs = [s.x for s in track.spaces]
    ys = [s.y for s in track.spaces]
    at = {(s.x, s.y): s for s in track.spaces}
    rows = []
    for y in range(max(ys), min(ys) - 1, -1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            s = at.get((x, y))
            cells.append("." if s is None else "S" if s.id == track.start else "E" if s.id == track.end
                         else str(s.section))
        rows.append(f"{y:>3}  " + " ".join(cells))
    rows.append("     " + " ".join(str(x % 10) for x in range(min(xs), max(xs) + 1)))
    return ["```", *rows, "```", ""]


def _track(data: GameData) -> list[str]:
    track = data.track
    counts = {n: len(track.section_spaces(n)) for n in (1, 2, 3)}
    lines = [
        "## Track Board", "",
        f"Start and End plus {sum(counts.values())} tile spaces: section 1 has {counts[1]}, section 2 "
        f"(the 4 x 4 square) {counts[2]}, section 3 {counts[3]}. Pawns move up or right only; every "
        f"path from Start to End is {track.distance[track.start]} spaces long. y grows upwards; each "
        "space's id is `x,y`.", "",
        *track_map(data),
    ]
    return lines


def _tiles(data: GameData) -> list[str]:
    lines = ["## Track tiles", "",
             "Shuffled by the number on their back and laid face up on that section's spaces.", ""]
    for section in (1, 2, 3):
        tiles = [t for t in data.tiles.values() if t.section == section]
        lines += [f"### Section {section} ({sum(t.count for t in tiles)} tiles)", ""]
        lines += _table(("Tile", "Kind", "Printed", "Copies"),
                        [(f"`{t.id}`", KIND_NAMES[t.kind], tile_detail(t), t.count) for t in tiles])
    return lines


def _advancements(data: GameData) -> list[str]:
    roll = data.rules.roll_success
    lines = ["## Bitcoin Advancement Board", "",
             f"Each level reached raises the Bitcoin price by its rise. Software levels marked *roll* advance "
             f"only on a die roll of {roll}-6. Mining levels also give the moving player Bitcoins.", "",
             "### Software", ""]
    lines += _table(("Version", "Bitcoin price", "Needs a roll"),
                    [(s.version, f"+{s.rise}$", "roll" if s.roll else "") for s in data.software])
    lines += ["### Mining", ""]
    lines += _table(("Level", "Bitcoin price", "BTC to the player"),
                    [(m.level, f"+{m.rise}$", m.btc) for m in data.mining])
    return lines


def _jobs(data: GameData) -> list[str]:
    lines = ["## Job cards", "",
             f"{sum(j.count for j in data.jobs.values())} cards: "
             f"{sum(j.count for j in data.jobs.values() if j.is_fiat)} Fiat jobs, "
             f"{sum(j.count for j in data.jobs.values() if not j.is_fiat)} Bitcoin jobs.", ""]
    lines += _table(("Job", "Kind", "Copies", "Card text"),
                    [(j.name, j.kind.capitalize(), j.count, j.text) for j in data.jobs.values()])
    return lines


def _decks(data: GameData) -> list[str]:
    lines = ["## Bitcoin News cards", ""]
    lines += _table(("Card", "Headline", "Bitcoin price"),
                    [(c.number, c.headline, f"{c.price:+d}$") for c in data.bitcoin_news.values()])
    lines += ["## Economic News cards and table", ""]
    lines += _table(("Card", "Headline", "Effect"),
                    [(c.number, c.headline, c.text) for c in data.economic_news.values()])
    lines += ["## Personal Event table", "", "Roll a die; a lucky Personal Event space adds 1.", ""]
    lines += _table(("Roll", "Event", "What happens"),
                    [(e.roll, e.title, e.text) for e in data.personal_events.values()])
    return lines


def number_rows(data: GameData) -> list[tuple[str, str]]:
    """The rules' numbers as (what, value) rows: the data reference and the in-game rules both show them."""
    r = data.rules
    effect = ", ".join(f"{n} players {r.job_effect[n]}$" for n in range(2, 7))
    return [
        ("Starting prices", f"Food {r.food}$, Internet {r.internet}$, Bitcoin {r.bitcoin}$"),
        ("Starting money", f"{r.starting_usd}$ each"),
        ("Transaction fee", f"{r.exchange_fee}$ per exchange with the bank"),
        ("Secondary job income", f"at most {r.secondary_btc_limit} BTC"),
        ("Price effect of Bitcoin jobs", effect),
        ("Moving", f"1 space {r.btc_cost[0]} BTC, 2 spaces {r.btc_cost[1]} BTC, 3 spaces {r.btc_cost[2]} BTC"),
        ("Winning limits", f"under {r.fiat_below}$ most Fiat; from {r.fiat_below}$ most Bitcoin; "
                           f"{r.everyone_at}$ or more everybody"),
        ("Difficulty", ", ".join(f"{k.replace('_', ' ')} +{v}$" for k, v in r.difficulty.items())),
        ("Savings (advanced)", f"price moves like a new Bitcoin job per {r.savings_step} BTC saved"),
        ("Round limit (house rule)", f"{r.max_rounds} rounds"),
        ("Offers per turn (house rule)", str(r.offers_per_turn)),
    ]


#: where each row of `number_rows` comes from: a chapter of the rules text v2.1, or the project
NUMBER_SOURCES: dict[str, str] = {
    "Starting prices": "rules text 3.1",
    "Starting money": "rules text 3.4",
    "Transaction fee": "rules text 4.4",
    "Secondary job income": "rules text 4.2",
    "Price effect of Bitcoin jobs": "rules text 4.5",
    "Moving": "rules text 5.1",
    "Winning limits": "rules text 6",
    "Difficulty": "rules text 6.1",
    "Savings (advanced)": "rules text 7.2",
    "Round limit (house rule)": "ours: an option at setup",
    "Offers per turn (house rule)": "ours: an option at setup",
}

#: what the text fixes and what the project designed, for the top of the reference
ORIGINS = (
    "From the rules text (v2.1), guarded by tests/bitcoin/test_satoshi_printed_numbers.py: the starting "
    "prices and money, the transaction fee, the secondary-job limit, the Job Effect by player count, the move "
    "costs (and the Janitor's), the winning limits and difficulty steps, the savings step, every job's pay and "
    "card text, the counts of tiles (46 in three sections), job cards (7 Fiat, 15 Bitcoin) and news cards "
    "(6 + 6, numbered 1-6), the software versions 0.1 to 0.8/0.9 with a roll of 4-6 from 0.4, and the mining "
    "levels CPU, GPU, FPGA, ASIC (RULES.md section 4).",
    "Ours, because the printed boards, cards and event sheet are lost (RULES.md section 4), tuned by "
    "simulation and free to change: the track's shape outside section 2, which tiles lie in each section and "
    "their printed values (mining levels, software versions, price rises, Job Opportunity fees, lucky marks), "
    "the price rise of each advancement level and the BTC of each mining level, how many copies of each "
    "Bitcoin job make the 15, the news cards' headlines and effects, and the Personal Event table.",
    "Ours as house rules (options at setup, see the Rulings below): the round limit and the offers per turn.",
)


def _numbers(data: GameData) -> list[str]:
    rows = [(what, value, NUMBER_SOURCES.get(what, "ours")) for what, value in number_rows(data)]
    return ["## Numbers from the rules", "", *_table(("What", "Value", "From"), rows)]


def markdown(data: GameData) -> str:
    """The whole reference document."""
    lines = [
        "# Finding Satoshi: the printed data", "",
        "<!-- Generated by scripts/gen_satoshi_docs.py from assets/bitcoin/*.toml: do not edit. -->", "",
        "The Bitcoin Board Game (rules v2.1, Channing Jones) was printed on boards, cards and an event "
        "sheet that did not survive. This is the project's rebuild, tuned by simulation "
        "(scripts/tune_satoshi.py). The rules themselves are in the rules text and RULES.md section 4.", "",
        "## Where the values come from", "",
        *(f"- {line}" for line in ORIGINS), "",
    ]
    for part in (_track, _tiles, _advancements, _jobs, _decks, _numbers):
        lines += part(data)
    lines += ["## Rulings", "", "Where the rules text is silent, this is how the game is played here.", ""]
    house = rulings(data.rules.max_rounds, data.rules.offers_per_turn)
    lines += [f"- **{title}.** {text}" for title, text in house]
    return "\n".join(lines) + "\n"
