"""Setting up a game (chapter 3): tiles, prices, roles, Fiat jobs, starting money, first player."""

from __future__ import annotations

from collections.abc import Sequence

from game.bitcoin.chance import draw, shuffled
from game.bitcoin.data import FIAT_JOBS, GameData, load_data
from game.bitcoin.events import BANK, Event, GameStarted, JobTaken
from game.bitcoin.state import DIFFICULTIES, GEEK, SATOSHI, Options, Player, State
from game.bitcoin.turn import start_turn
from game.bitcoin.work import Work


class SetupError(ValueError):
    """Game options that cannot make a game (wrong player count, unknown difficulty, ...)."""


def normalise_difficulty(difficulty: str) -> str:
    name = difficulty.strip().lower().replace("-", "_").replace(" ", "_")
    if name not in DIFFICULTIES:
        raise SetupError(f"difficulty must be one of normal, hard, very-hard, not {difficulty!r}")
    return name


def start_game(
    players: int = 4, seed: int = 0, difficulty: str = "normal", advanced: bool = False, *,
    inflation: bool | None = None, savings: bool | None = None, fiat_jobs: Sequence[str] | None = None,
    max_rounds: int | None = None, offers_per_turn: int | None = None, data: GameData | None = None,
) -> tuple[State, list[Event]]:
    """A new game at its first decision, with the events of setup and of the first turn's start.

    `advanced` turns on both advanced rules; `inflation` / `savings` choose them one by one.
    `fiat_jobs` gives each player's Fiat job (chosen at the table); by default they are dealt
    at random. `seed` drives every shuffle, die and card of the game.
    """
    data = data or load_data()
    if not 2 <= players <= 6:
        raise SetupError(f"Finding Satoshi is for 2 to 6 players, not {players}")
    options = Options(
        players=players, difficulty=normalise_difficulty(difficulty),
        inflation=advanced if inflation is None else inflation, savings=advanced if savings is None else savings,
        max_rounds=data.rules.max_rounds if max_rounds is None else max_rounds,
        offers_per_turn=data.rules.offers_per_turn if offers_per_turn is None else offers_per_turn,
    )
    seed = int(seed) & ((1 << 63) - 1)
    counter = 0
    layout, counter = _lay_tiles(data, seed, counter)
    roles, aside, counter = _deal_roles(players, seed, counter)
    jobs, counter = _deal_jobs(data, players, fiat_jobs, seed, counter)
    first, counter = _first_player(jobs, seed, counter)
    rules = data.rules
    state = State(
        options=options, seed=seed, draws=counter,
        players=tuple(Player(space=data.track.start, jobs=(job,), role=role)
                      for job, role in zip(jobs, roles, strict=True)),
        layout=layout, food=rules.food, internet=rules.internet, bitcoin=rules.bitcoin, software=0, mining=0,
        bitcoin_deck=tuple(range(1, 7)), economic_deck=tuple(range(1, 7)), aside=aside, first=first,
        banker=jobs.index("banker") if "banker" in jobs else -1, turn=first, round=0, phase="end", data=data,
    )
    w = Work(state)
    w.events.append(GameStarted(players, first, options.difficulty, options.advanced))
    for i, job in enumerate(jobs):
        w.events.append(JobTaken(i, job, True, "deal"))
        w.transfer(BANK, i, "usd", rules.starting_usd, "starting money")
        if job == "pizza_delivery":
            w.transfer(BANK, i, "btc", data.jobs[job].value("start_btc"), "Pizza Delivery start")
    start_turn(w, first)
    return w.freeze(), w.events


def new_game(players: int = 4, seed: int = 0, difficulty: str = "normal", advanced: bool = False,
             **options: object) -> State:
    """A new game at its first decision (see start_game for the options and the setup events)."""
    return start_game(players, seed, difficulty, advanced, **options)[0]  # type: ignore[arg-type]


def _lay_tiles(data: GameData, seed: int, counter: int) -> tuple[tuple[str, ...], int]:
    """Shuffle each section's tiles and lay them on that section's spaces, in track order."""
    layout = [""] * len(data.track.spaces)
    for section in (1, 2, 3):
        stack = [t.id for t in data.tiles.values() if t.section == section for _ in range(t.count)]
        stack, counter = shuffled(seed, counter, stack)
        for space, tile in zip(data.track.section_spaces(section), stack, strict=True):
            layout[data.track.index[space]] = tile
    return tuple(layout), counter


def _deal_roles(players: int, seed: int, counter: int) -> tuple[list[str], str, int]:
    """One Satoshi among the Geeks; with two players a third card is set aside unseen (3.2)."""
    cards = [SATOSHI] + [GEEK] * (2 if players == 2 else players - 1)
    cards, counter = shuffled(seed, counter, cards)
    return cards[:players], cards[2] if players == 2 else "", counter


def _deal_jobs(data: GameData, players: int, chosen: Sequence[str] | None, seed: int,
               counter: int) -> tuple[list[str], int]:
    if chosen is None:
        deck, counter = shuffled(seed, counter, list(FIAT_JOBS))
        return deck[:players], counter
    jobs = [str(j) for j in chosen]
    if len(jobs) != players or len(set(jobs)) != players or any(j not in FIAT_JOBS for j in jobs):
        raise SetupError(f"fiat_jobs: expected {players} different Fiat jobs from {', '.join(FIAT_JOBS)}")
    return jobs, counter


def _first_player(jobs: list[str], seed: int, counter: int) -> tuple[int, int]:
    """The Student starts; else the player to the Banker's left; else a random player (3.5)."""
    if "student" in jobs:
        return jobs.index("student"), counter
    if "banker" in jobs:
        return (jobs.index("banker") + 1) % len(jobs), counter
    return draw(seed, counter, len(jobs)), counter + 1
