"""Every job card's rule: income, doubled tile effects, job limits, and gaining or losing jobs.

The numbers come from assets/bitcoin/jobs.toml; what each job *does* is here, keyed by its id,
because the rules text gives each job its own kind of rule. Functions that only read take a
state or a Work (both have `players` and `data`).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bitcoin.actions import TakeJob
from game.bitcoin.events import BANK, JobQuit, JobTaken
from game.bitcoin.printed import GameData
from game.bitcoin.state import Player
from game.bitcoin.work import Work

GUARD, FOUNDATION, PROGRAMMER = "night_security_guard", "bitcoin_foundation", "programmer"


# --- reading jobs ----------------------------------------------------------------------
def is_fiat(data: GameData, job: str) -> bool:
    return data.jobs[job].is_fiat


def jobs_valid(data: GameData, jobs: Sequence[str]) -> bool:
    """Chapter 4.2: at most two jobs, no two the same, and a Fiat job only as the main job."""
    if len(jobs) > 2 or len(set(jobs)) != len(jobs):
        return False
    return not (len(jobs) == 2 and is_fiat(data, jobs[1]))


def counts_as_main(player: Player, job: str) -> bool:
    """A job's full effect applies as main job, or as secondary under a Night Security Guard."""
    return player.main == job or (player.secondary == job and player.main == GUARD)


def free_cards(players: Sequence[Player], data: GameData) -> dict[str, int]:
    """Job cards not in play: the bank's copies of each job."""
    left = {job: card.count for job, card in data.jobs.items()}
    for p in players:
        for job in p.jobs:
            left[job] -= 1
    return left


def doubled(player: Player, kind: str) -> bool:
    """Does this player double the effect of a tile of this kind? (Doublings never stack.)"""
    jobs = player.jobs
    if kind in ("software", "software_alt"):
        return PROGRAMMER in jobs or "student" in jobs or counts_as_main(player, FOUNDATION)
    if kind == "bitcoin_news":
        return "journalist" in jobs or counts_as_main(player, FOUNDATION)
    if kind == "mining":
        return "miner" in jobs or "mining_pool_operator" in jobs
    return False


def no_fee(player: Player) -> bool:
    """The Bitcoin Exchange Operator pays no transaction fee (main or secondary job)."""
    return "exchange_operator" in player.jobs


def move_cost(player: Player, data: GameData, spaces: int) -> int:
    """BTC to move 1-3 spaces; the Janitor pays less (chapter 5.1, step 3)."""
    cost = data.rules.btc_cost[spaces - 1]
    if "janitor" in player.jobs:
        cost = max(0, cost - data.jobs["janitor"].value("move_discount"))
    return cost


def fiat_income(player: Player, data: GameData) -> int:
    """$ from the player's Fiat job (also the tie-break under the low price limit)."""
    main = player.main
    return data.jobs[main].usd if main and is_fiat(data, main) else 0


# --- income ----------------------------------------------------------------------------
def bitcoin_income(players: Sequence[Player], data: GameData, who: int, job: str) -> int:
    """The BTC a Bitcoin job pays this player before the secondary-job limit."""
    card, holders = data.jobs[job], [job in p.jobs for p in players]
    if job == "exchange_operator":
        return card.value("btc_alone") if sum(holders) == 1 else card.value("btc_shared")
    if job == "miner":
        return max(0, card.value("btc") - card.value("per_other_miner") * (sum(holders) - 1))
    if job == "online_merchant":
        if not any("exchange_operator" in p.jobs for p in players):
            return 0
        pure = sum(1 for p in players if p.jobs and not any(is_fiat(data, j) for j in p.jobs))
        return card.value("btc_per_player") * pure
    if job == "web_service_provider":
        in_play = [j for p in players for j in p.jobs if not is_fiat(data, j)]
        if "exchange_operator" not in in_play:
            return 0
        return card.value("btc_per_two_jobs") * (len(in_play) // 2)
    return card.value("btc")


def secondary_limit(player: Player, data: GameData) -> int | None:
    """Most BTC a secondary job pays: 2, 1 under a Programmer, no limit under a Night Guard."""
    if player.main == GUARD:
        return None
    if player.main == PROGRAMMER:
        return data.jobs[PROGRAMMER].value("secondary_btc_limit")
    return data.rules.secondary_btc_limit


def collect_income(w: Work, who: int) -> None:
    """Step 1 of the turn: $ from the Fiat job, BTC from each Bitcoin job."""
    player, data = w.players[who], w.data
    for job in player.jobs:
        if is_fiat(data, job):
            w.transfer(BANK, who, "usd", data.jobs[job].usd, f"{data.jobs[job].name} income")
            continue
        btc = bitcoin_income(w.players, data, who, job)
        limit = secondary_limit(player, data) if player.secondary == job else None
        if limit is not None:
            btc = min(btc, limit)
        w.transfer(BANK, who, "btc", btc, f"{data.jobs[job].name} income")


# --- changing jobs ---------------------------------------------------------------------
def job_options(players: Sequence[Player], data: GameData, who: int) -> list[TakeJob]:
    """Every way to take a job card not in play (chapter 5.2, Job Opportunity).

    The new job joins as many of the old jobs as the limits allow: a job is given up only
    when necessary, and the player picks which one and which job is main.
    """
    held = players[who].jobs
    options: list[TakeJob] = []
    for job, left in free_cards(players, data).items():
        if left <= 0 or job in held:
            continue
        arrangements = [a for a in _arrangements(held, job) if jobs_valid(data, a)]
        most = max(len(a) for a in arrangements)
        options.extend(TakeJob(job, a) for a in arrangements if len(a) == most)
    return options


def any_job_open(players: Sequence[Player], data: GameData, who: int) -> bool:
    """Whether a Job Opportunity has any card for this player: one not in play that she does not
    hold (a new job alone is always within the limits, so one such card is enough). The same
    answer as `bool(job_options(...))`, without listing every arrangement."""
    held = players[who].jobs
    return any(left > 0 and job not in held for job, left in free_cards(players, data).items())


def _arrangements(held: tuple[str, ...], job: str) -> list[tuple[str, ...]]:
    out = [(job,)]
    for other in held:
        out += [(job, other), (other, job)]
    return out


def gain_job(w: Work, who: int, job: str, main: bool, reason: str) -> None:
    """Record a new job's price effects (chapter 4.5 and the job cards)."""
    card = w.data.jobs[job]
    w.events.append(JobTaken(who, job, main, reason))
    if card.is_fiat:
        return
    extra = card.value("price_effect_extra") if job == "online_merchant" else 0
    w.move_price("bitcoin", w.job_effect + extra, f"new {card.name} job")
    if job == "web_service_provider":
        w.move_price("internet", card.value("internet_change"), "a Web Service Provider comes into play")


def lose_job(w: Work, who: int, job: str, reason: str) -> None:
    """Remove a job with its price effects: a Bitcoin job lowers the price, the first Banker raises it."""
    player, card = w.players[who], w.data.jobs[job]
    w.set(who, jobs=tuple(j for j in player.jobs if j != job))
    w.events.append(JobQuit(who, job, reason))
    if not card.is_fiat:
        extra = card.value("price_effect_extra") if job == "online_merchant" else 0
        w.move_price("bitcoin", -(w.job_effect + extra), f"{card.name} job lost")
    elif job == "banker" and w.banker == who:
        w.banker = -1
        w.move_price("bitcoin", card.value("lose_price_rise"), "the starting Banker left banking")


def take_job(w: Work, who: int, action: TakeJob, reason: str) -> None:
    """Take a job card, giving up whichever old job the new arrangement leaves out."""
    for old in w.players[who].jobs:
        if old not in action.jobs:
            lose_job(w, who, old, "made room for a new job")
    w.set(who, jobs=action.jobs)
    gain_job(w, who, action.job, action.jobs[0] == action.job, reason)
