"""The pages of the Finding Satoshi rules reference, built from the game's TOML data.

The rules prose paraphrases Channing Jones's rules v2.1 for players; every number in it and
every board, table and card is read from `GameData` (assets/bitcoin/*.toml), and the
project's rulings come from game.bitcoin.rulings, so changing the data changes the screen.
"""

from __future__ import annotations

import pygame

from game.bitcoin.data import GameData, load_data
from game.bitcoin.reference import KIND_NAMES, NUMBER_SOURCES, number_rows, tile_detail
from game.bitcoin.rulings import rulings
from game.client import palette as pal
from game.client.satoshi.rules_blocks import Block, Card, Cards, Column, Columns, Page, Para, Table, TrackMap

CREDIT = ("The Bitcoin Board Game (Finding Satoshi), rules v2.1 by Channing Jones; "
          "printed boards and cards rebuilt for Coinland")
CONTENT = pygame.Rect(60, 122, 1160, 570)
JOB_COLOURS = {"fiat": pal.SKY, "bitcoin": pal.GOLD}


def tile_chip(surface: pygame.Surface, rect: pygame.Rect, kind: object) -> None:
    """A tile as the Track Board draws it: tinted by its kind, with the kind's pictogram."""
    from game.client.satoshi.track_view import KIND_COLOURS, draw_icon

    accent = KIND_COLOURS.get(str(kind), pal.TILE)
    colour = pal.mix(pal.TILE, accent, 0.32)
    pygame.draw.rect(surface, pal.TILE_BOTTOM, rect.move(0, 2), border_radius=5)
    pygame.draw.rect(surface, colour, rect, border_radius=5)
    draw_icon(surface, str(kind), rect.center, accent)


def difficulty_name(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _welcome(data: GameData) -> Page:
    r = data.rules
    return Page("Finding Satoshi", [
        Para(CREDIT + ".", "body", pal.GOLD),
        Para("A quasi-cooperative game about Bitcoin for 2 to 6 players. You play the growing of the Bitcoin "
             "economy: work Fiat and Bitcoin jobs, pay for Food and Internet, and walk your pawn up the Track "
             "Board, where mining, software, news and events move the prices.\n"
             "One player is secretly Satoshi, who wins only if everybody wins. Everybody else is a Bitcoin Geek, "
             "who may play together for a high Bitcoin price or for her own gain.\n"
             f"Everyone starts with {r.starting_usd}$, Food and Internet at {r.food}$, and Bitcoin at "
             f"{r.bitcoin}$. The game ends when a pawn lands on End.", "body"),
        Para("# How this reference works\n"
             "- Left / Right (or the buttons) turn the pages; Esc goes back.\n"
             "- Every board, table and card shown here is read from the game's data files: the printed "
             "originals did not survive, so the project rebuilt them and tuned them by simulation.\n"
             "- The last pages list the project's rulings, where the rules text is silent.", "small"),
    ])


def _winning(data: GameData) -> Page:
    r = data.rules
    rows = [(difficulty_name(key), f"under {r.fiat_below + extra}$: most $ wins",
             f"{r.fiat_below + extra}$ to {r.everyone_at + extra - 1}$: most BTC wins",
             f"{r.everyone_at + extra}$ or more: everybody wins") for key, extra in r.difficulty.items()]
    return Page("Goal and winning", [
        Para("The game ends when a pawn lands on End. Every role card is turned face up and the Bitcoin price "
             "on the Prices Board decides how the game is won:", "body"),
        Table(("Difficulty", "Low price", "Middle price", "High price"), rows, (0.16, 0.26, 0.3, 0.28), "body"),
        Para("- Low price: the player with the most Fiat ($) wins; a tie goes to the higher Fiat job income.\n"
             "- Middle price: the player with the most Bitcoins (savings included) wins; a tie goes to the "
             "most $.\n"
             "- High price: all players win, Satoshi too.\n"
             "- Satoshi wins only when everybody wins; Satoshi's own money never counts for the winner.\n"
             "- The difficulty is chosen at setup: hard and very hard raise both limits.\n"
             "- Once it is clear that the moving player can end the game (End is within her move and she holds "
             "the Bitcoins for it, or her $ can buy them at the bank after the fee), no more trading between "
             "players.", "body"),
    ])


def _roles(data: GameData) -> Page:
    return Page("Roles, and the two-player game", [
        Columns([
            Para("# Satoshi and the Bitcoin Geeks\n"
                 "At setup the role cards are shuffled and dealt face down: one Satoshi card and a Bitcoin Geek "
                 "card for every other player. Look at yours in secret and keep it hidden until the end (or until "
                 "someone guesses you).\n"
                 "- Satoshi wins only when everybody wins, at a high Bitcoin price; Satoshi's own money never "
                 "counts for the winner.\n"
                 "- A Bitcoin Geek wins by the normal conditions (see Goal and winning).\n"
                 "- Once per game you may guess who Satoshi is (see Money, trading and finding Satoshi).", "body"),
            Para("# Two players: a card is set aside\n"
                 "With two players, two Bitcoin Geek cards and the Satoshi card are shuffled, each player gets "
                 "one, and the third card is set aside face down beside the board until the end of the game. "
                 "The table shows it as a face-down card.\n"
                 "So Satoshi may not be in play at all: if you are a Geek, the other player is Satoshi only "
                 "when the set-aside card is a Geek, an even chance. A guess at the other player is right only "
                 "then; a wrong guess still costs every Bitcoin you hold.\n"
                 "At the end the set-aside card is turned up with the others. If it is Satoshi, both players "
                 "were Geeks and the normal winning conditions decide.", "body"),
        ], (0.5, 0.5)),
    ])


def _house(data: GameData) -> Page:
    r = data.rules
    return Page("House rules: ours, and why", [
        Para("The printed rules leave a few things open. Where players could reasonably disagree, Coinland "
             "makes them options at setup (the usual value is marked default); the rest are the Rulings at the end.",
             "body", pal.TEXT_DIM),
        Para("# Round limit (an option, usually "
             f"{r.max_rounds} rounds)\n"
             "Not in the printed rules. A game still running after the limit ends as if End had been reached. "
             "Why: when nobody can pay for Food and Internet, pawns stop moving and the printed game could go on "
             "forever; the limit makes every game end.\n"
             f"# Offers per turn (an option, usually {r.offers_per_turn})\n"
             "Not in the printed rules, which allow trading any time. Here the player whose turn it is proposes "
             "gifts or trades to one other player, who accepts or declines, at most this many times a turn. Why: "
             "on one screen (and with computer players) endless proposals would stall the turn.\n"
             "# Trading on the mover's turn, guessing on your own turn\n"
             "The printed rules let money change hands and guesses happen \"anytime\"; on a shared screen they "
             "happen on the turn of the player who starts them, which keeps the order of requests clear.\n"
             "# The printed boards, cards and tables\n"
             "They are lost, so every tile, card and table value in this reference is the project's design, "
             "tuned by simulation. The Numbers page says which numbers are the rules text's own.", "body"),
    ])


def _turn(data: GameData) -> Page:
    r = data.rules
    janitor = dict(data.jobs["janitor"].values).get("move_discount", 0) if "janitor" in data.jobs else 0
    costs = [(f"{n + 1} space{'s' if n else ''}", f"{cost} BTC", f"{max(0, cost - janitor)} BTC")
             for n, cost in enumerate(r.btc_cost)]
    return Page("A turn", [
        Columns([
            Para("# 1. Collect income\n"
                 "Get the $ and BTC your jobs pay. A secondary job pays at most "
                 f"{r.secondary_btc_limit} BTC.\n"
                 "# 2. Pay living expenses\n"
                 "Buy one Food and one Internet at today's prices. Paying for only one of them means you miss "
                 "your move; paying for neither also sends your pawn back to Start. An unemployed player may "
                 "miss her move for a Job Opportunity instead.\n"
                 "# 3. Move\n"
                 "Up or right only, turning after any space, for the Bitcoins in the table. Entering a space "
                 "with another pawn on it gives one extra space, but you may not stop there (Start excepted). "
                 "Then the space you stop on takes effect (see Track spaces).\n"
                 "# 4. Quit jobs\n"
                 "Now, and only now, give up a job or swap your main and secondary job.", "body"),
            Column([
                Table(("Move", "Costs", "Janitor pays"), costs, (0.36, 0.32, 0.32), "body", "Moving"),
                Para("# Jobs\n"
                     "- At most two jobs: a main job and a secondary job.\n"
                     "- A Fiat job can only be the main job.\n"
                     "- Never two of the same job.\n"
                     f"- Each new Bitcoin job raises the Bitcoin price (by {r.job_effect.get(4, 0)}$ with 4 "
                     "players, see Numbers); losing one lowers it.", "body"),
            ]),
        ], (0.56, 0.44)),
    ])


def _tile_effect(kind: str, data: GameData) -> str:
    """What landing on a space of `kind` does, in players' words (numbers from the data)."""
    r = data.rules
    effects = {
        "mining": "Move the Mining marker up to the level shown: the price rises and you get BTC for each level "
                  "passed (no secondary-job limit). Nothing if the marker is there already.",
        "bitcoin_news": "Draw a Bitcoin News card and move the Bitcoin price as it says.",
        "software": f"Move the Software marker up to the version shown, raising the price for each level. Levels "
                    f"marked roll need a die roll of {r.roll_success}-6.",
        "software_alt": "Raise the Bitcoin price by the $ printed on the space.",
        "coffee_shop": "Start your turn here to get free Internet.",
        "economic_news": "Draw an Economic News card: Food and Internet prices rise as it says.",
        "free_bitcoin": "Get 1 BTC if you never had any Bitcoins this game.",
        "job_opportunity": "Take a job card not in play (pay the printed fee first, if any). You may quit or "
                           "demote a job to make room.",
        "jump": "Move again at once, paying for the spaces as usual.",
        "personal_event": "Roll a die and look up the Personal Event table; a lucky space adds 1.",
    }
    return effects.get(kind, "")


def _spaces(data: GameData) -> Page:
    kinds = sorted({t.kind for t in data.tiles.values()}, key=lambda k: KIND_NAMES.get(k, k))
    rows = [(KIND_NAMES.get(kind, kind), _tile_effect(kind, data)) for kind in kinds]
    return Page("Track spaces", [Table(("Space", "Effect when you stop on it"), rows, (0.3, 0.7), "small",
                                       icon=tile_chip, keys=kinds)])


def _money(data: GameData) -> Page:
    r = data.rules
    return Page("Money, trading and finding Satoshi", [
        Columns([
            Para("# Money\n"
                 "Fiat is counted in $, Bitcoin in BTC. Money lies open on the table.\n"
                 "# The bank\n"
                 "On your own turn you may buy or sell Bitcoins with the bank at the price on the Prices Board. "
                 f"Each exchange costs a {r.exchange_fee}$ transaction fee, however many Bitcoins change hands "
                 "(not for a Bitcoin Exchange Operator). At a price of 0$ the bank does not exchange.\n"
                 "# Trading and gifts\n"
                 "Players may give or trade $ and BTC with each other, with no fee. Jobs are never traded. "
                 "Trading stops when the moving player can end the game.", "body"),
            Para("# Finding Satoshi\n"
                 "Once per game, on your turn, you may guess who holds the Satoshi card. That player turns her "
                 "card face up.\n"
                 "- Right: your Bitcoins and Satoshi's are doubled.\n"
                 "- Wrong: you lose all your Bitcoins.\n"
                 "Savings are locked: a guess neither doubles nor loses them.\n"
                 "# Savings (advanced rules)\n"
                 f"You may put Bitcoins into savings on your turn. Every {r.savings_step} BTC saved raises the "
                 "price like a new Bitcoin job. Saved Bitcoins can no longer be spent or exchanged, but count "
                 "at the end.", "body"),
        ], (0.5, 0.5)),
    ])


def _advanced(data: GameData) -> Page:
    return Page("The advanced rules", [
        Para("Chosen at setup. Both make the economy move faster.", "body", pal.TEXT_DIM),
        Para("# Steady inflation\n"
             "Each time the player who started the game begins her turn, roll a die. Food (1-3) or Internet "
             "(4-6) goes up by the section number of the space of the pawn closest to End. While every pawn is "
             "on Start, nothing goes up.\n"
             "# Savings\n"
             f"On your turn you may move Bitcoins into savings. For each {data.rules.savings_step} BTC saved the "
             "Bitcoin price rises as if you got a new Bitcoin job. Savings can never be spent, exchanged, "
             "doubled or lost, and they count for winning.", "body"),
        Table(("Inflation roll", "What goes up", "By how much"),
              [("1-3", "Food", "the section number (1, 2 or 3) of the pawn closest to End"),
               ("4-6", "Internet", "the section number (1, 2 or 3) of the pawn closest to End")],
              (0.2, 0.2, 0.6), "body", "Steady inflation table"),
    ])


def _track(data: GameData) -> Page:
    track = data.track
    counts = {n: len(track.section_spaces(n)) for n in (1, 2, 3)}
    legend = Para("# Track Board\n"
                  f"From Start (S) to End (E): {sum(counts.values())} tile spaces in three sections. Section 1 "
                  f"has {counts[1]}, section 2 is the 4 x 4 square of {counts[2]}, section 3 has {counts[3]}.\n"
                  f"Pawns move up or right only, so every way from Start to End is {track.distance[track.start]} "
                  "spaces long.\n"
                  "At setup each section's tiles are shuffled and laid face up, so every table differs.", "small")
    names = {0: "gold", 1: "sky blue", 2: "green", 3: "pink", 4: "gold"}
    sections = Table(("Section", "Spaces", "On the map"),
                     [("Start", 1, "S, gold"), *((n, counts[n], names[n]) for n in (1, 2, 3)), ("End", 1, "E, gold")],
                     (0.3, 0.3, 0.4), "small", "Sections")
    return Page("The Track Board", [Columns([TrackMap(track, 28), Column([legend, sections])], (0.46, 0.54))])


def _tiles(data: GameData) -> Page:
    tables: list[Block] = []
    for section in (1, 2, 3):
        tiles = [t for t in data.tiles.values() if t.section == section]
        rows = [(KIND_NAMES.get(t.kind, t.kind), tile_detail(t), t.count) for t in tiles]
        header = (f"Section {section}: {sum(t.count for t in tiles)} tiles", "Printed", "x")
        tables.append(Table(header, rows, (0.6, 0.3, 0.1), "tiny", icon=tile_chip, keys=[t.kind for t in tiles]))
    return Page("The track tiles", [Columns(tables, (1 / 3, 1 / 3, 1 / 3))])


def _advancement(data: GameData) -> Page:
    software = Table(("Version", "Bitcoin price", "Die roll"),
                     [(s.version, f"+{s.rise}$", f"{data.rules.roll_success}-6" if s.roll else "-")
                      for s in data.software], (0.3, 0.38, 0.32), "body", "Software track")
    mining = Table(("Level", "Bitcoin price", "BTC to you"),
                   [(m.level, f"+{m.rise}$", m.btc) for m in data.mining], (0.3, 0.38, 0.32), "body", "Mining track")
    note = Para("Markers start on the first level. Reaching a level raises the price by its rise, for every level "
                "passed; a marker never moves back. Doubling jobs double the rise (and, for Mining, the BTC).",
                "small")
    return Page("The Bitcoin Advancement Board", [Columns([software, Column([mining, note])], (0.5, 0.5))])


def _jobs(data: GameData, kind: str, columns: int, height: int) -> Page:
    jobs = [j for j in data.jobs.values() if j.kind == kind]
    cards = [Card(j.name, j.text, JOB_COLOURS.get(kind, pal.GREEN), f"x{j.count}",
                  "Fiat job: main job only" if kind == "fiat" else "Bitcoin job") for j in jobs]
    total = sum(j.count for j in jobs)
    name = "Fiat" if kind == "fiat" else "Bitcoin"
    return Page(f"{name} jobs ({total} cards)", [Cards(cards, columns, height)])


def _news(data: GameData) -> Page:
    bitcoin = [Card(f"Bitcoin News {c.number}", c.headline, pal.ORANGE, footer=f"Bitcoin {c.price:+d}$")
               for c in data.bitcoin_news.values()]
    economic = [Card(f"Economic News {c.number}", c.headline, pal.GREEN, footer=c.text)
                for c in data.economic_news.values()]
    return Page("The news cards", [
        Para("Each deck has six numbered cards, so players can count what may come next. An empty deck is "
             "reshuffled from all six.", "small", pal.TEXT_DIM),
        Cards(bitcoin, 6, 226), Cards(economic, 6, 226)])


def _personal(data: GameData) -> Page:
    rows = [(e.roll, e.title, e.text) for e in data.personal_events.values()]
    return Page("The Personal Event table", [
        Para("Roll a die when you stop on a Personal Event space; a lucky space adds 1. You may not give away or "
             "sell Bitcoins to dodge the result.", "body", pal.TEXT_DIM),
        Table(("Roll", "Event", "What happens"), rows, (0.1, 0.28, 0.62), "body")])


def _numbers(data: GameData) -> Page:
    rows = [(what, value, NUMBER_SOURCES.get(what, "ours")) for what, value in number_rows(data)]
    return Page("The numbers", [Table(("What", "Value", "From"), rows, (0.25, 0.53, 0.22), "small")])


def _rulings(data: GameData, width: int, height: int) -> list[Page]:
    """The project's rulings, as many to a page as fit."""
    pages: list[Page] = []
    current: list[Block] = []
    intro = Para("Where the rules text is silent, this is how Coinland plays it.", "small", pal.TEXT_DIM)
    for title, body in rulings(data.rules.max_rounds, data.rules.offers_per_turn):
        block = Para(f"# {title}\n{body}", "small")
        trial = Page("", [intro, *current, block])
        if current and trial.height(width) > height:
            pages.append(Page("Rulings", [intro, *current]))
            current = []
        current.append(block)
    pages.append(Page("Rulings", [intro, *current]))
    return [Page(f"Rulings ({n + 1} of {len(pages)})", page.blocks) for n, page in enumerate(pages)]


def build_pages(data: GameData | None = None) -> list[Page]:
    data = data or load_data()
    return [
        _welcome(data), _winning(data), _roles(data), _turn(data), _spaces(data), _money(data), _advanced(data),
        _house(data),
        _track(data), _tiles(data), _advancement(data),
        _jobs(data, "fiat", 4, 276), _jobs(data, "bitcoin", 3, 276),
        _news(data), _personal(data), _numbers(data),
        *_rulings(data, CONTENT.width, CONTENT.height),
    ]

