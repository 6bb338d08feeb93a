"""The printed material of Finding Satoshi as values: the track, tiles, advancement tables, job
cards, news cards, the Personal Event table and the rules' numbers.

What the boards and cards *are*, apart from how they are read: game/bitcoin/data.py reads and
checks the TOML files in assets/bitcoin/ into these frozen values, and every module that plays
or shows the game reads them. The constants name the kinds the rules text fixes (tile kinds,
job ids and the numbers each job's rule reads).
"""

from __future__ import annotations

from dataclasses import dataclass

TILE_KINDS = (
    "mining", "bitcoin_news", "software", "software_alt", "coffee_shop", "economic_news",
    "free_bitcoin", "job_opportunity", "jump", "personal_event",
)
PERSONAL_EFFECTS = ("none", "lose_half_btc", "lose_main_job")
#: the numbers each job's rule reads (game/bitcoin/jobs.py); the job ids are fixed by the rules text
JOB_KEYS: dict[str, tuple[str, ...]] = {
    "banker": ("usd", "lose_price_rise"),
    "janitor": ("usd", "move_discount"),
    "journalist": ("usd",),
    "night_security_guard": ("usd",),
    "pizza_delivery": ("usd", "start_btc"),
    "programmer": ("usd", "secondary_btc_limit"),
    "student": ("usd",),
    "exchange_operator": ("btc_alone", "btc_shared"),
    "bitcoin_foundation": ("btc",),
    "miner": ("btc", "per_other_miner"),
    "mining_pool_operator": ("btc",),
    "online_merchant": ("btc_per_player", "price_effect_extra"),
    "web_service_provider": ("btc_per_two_jobs", "internet_change"),
}
FIAT_JOBS = tuple(j for j in JOB_KEYS if "usd" in JOB_KEYS[j])
BITCOIN_JOBS = tuple(j for j in JOB_KEYS if j not in FIAT_JOBS)



# --- values ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Space:
    id: str
    x: int
    y: int
    section: int  # 0 Start, 1-3 the tile sections, 4 End
    up: str | None
    right: str | None


@dataclass(frozen=True)
class Track:
    spaces: tuple[Space, ...]
    start: str
    end: str
    by_id: dict[str, Space]
    successors: dict[str, tuple[str, ...]]  # up first, then right
    distance: dict[str, int]  # spaces to End (every path has the same length on a grid)
    index: dict[str, int]  # position of each space in `spaces` (State.layout follows this order)

    def section_spaces(self, section: int) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.section == section)


@dataclass(frozen=True)
class Tile:
    id: str
    section: int
    kind: str
    count: int
    level: str = ""  # mining
    version: str = ""  # software
    rise: int = 0  # software_alt
    fee: int = 0  # job_opportunity
    lucky: bool = False  # personal_event


@dataclass(frozen=True)
class SoftwareLevel:
    version: str
    rise: int
    roll: bool


@dataclass(frozen=True)
class MiningLevel:
    level: str
    rise: int
    btc: int


@dataclass(frozen=True)
class Job:
    id: str
    name: str
    kind: str  # "fiat" or "bitcoin"
    count: int
    text: str
    values: tuple[tuple[str, int], ...]

    @property
    def is_fiat(self) -> bool:
        return self.kind == "fiat"

    def value(self, key: str) -> int:
        for name, number in self.values:
            if name == key:
                return number
        raise KeyError(key)

    @property
    def usd(self) -> int:
        return self.value("usd") if self.is_fiat else 0


@dataclass(frozen=True)
class BitcoinNews:
    number: int
    headline: str
    price: int


@dataclass(frozen=True)
class EconomicNews:
    number: int
    headline: str
    food: int
    internet: int

    @property
    def text(self) -> str:
        """The table row in words, from its numbers."""
        parts = [f"{name} +{rise}$" for name, rise in (("Food", self.food), ("Internet", self.internet)) if rise]
        return " and ".join(parts) or "No change"


@dataclass(frozen=True)
class PersonalEvent:
    roll: int
    title: str
    text: str
    usd: int
    btc: int
    effect: str


@dataclass(frozen=True)
class Rules:
    food: int
    internet: int
    bitcoin: int
    starting_usd: int
    exchange_fee: int
    secondary_btc_limit: int
    job_effect: dict[int, int]  # players -> $
    btc_cost: tuple[int, int, int]
    roll_success: int
    fiat_below: int
    everyone_at: int
    difficulty: dict[str, int]
    savings_step: int
    max_rounds: int
    offers_per_turn: int


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything printed, checked. Compared by identity: one shipped instance, cached."""

    folder: str
    rules: Rules
    track: Track
    tiles: dict[str, Tile]
    software: tuple[SoftwareLevel, ...]
    mining: tuple[MiningLevel, ...]
    jobs: dict[str, Job]
    bitcoin_news: dict[int, BitcoinNews]
    economic_news: dict[int, EconomicNews]
    personal_events: dict[int, PersonalEvent]
    version: str = ""  # a digest of every value in the files (see `data_version`): saves record it

    def software_index(self, version: str) -> int:
        return next(i for i, level in enumerate(self.software) if level.version == version)

    def mining_index(self, level: str) -> int:
        return next(i for i, m in enumerate(self.mining) if m.level == level)
