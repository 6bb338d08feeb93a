"""Every job card: income, special effect and price effect; job limits, quitting and swapping."""

from __future__ import annotations

from dataclasses import replace

import pytest
from satoshi_helpers import DATA, FIRST_STEP, begin_turn, land_on, next_roll, of, paid, position, tile_id, with_player

from game.bitcoin.actions import END, SWAP, Buy, Move, Quit, TakeJob
from game.bitcoin.events import JobQuit, JobTaken
from game.bitcoin.jobs import job_options
from game.bitcoin.rules import apply, explain_illegal, legal_actions

JOBS = DATA.jobs
EFFECT4 = DATA.rules.job_effect[4]


def income(state, who: int) -> tuple[int, int]:
    """($, BTC) player `who` collects at the start of her turn (given plenty of money for expenses)."""
    state = with_player(state, who, usd=1000)
    _, events = begin_turn(state, who)
    usd = sum(e.amount for e in events if getattr(e, "payee", None) == who and e.currency == "usd")
    btc = sum(e.amount for e in events if getattr(e, "payee", None) == who and e.currency == "btc")
    return usd, btc


# --- Fiat jobs ---------------------------------------------------------------------------------
@pytest.mark.parametrize("job", [j for j in JOBS if JOBS[j].is_fiat])
def test_fiat_job_pays_its_dollars(job):
    state = with_player(position(), 1, jobs=(job,))
    assert income(state, 1) == (JOBS[job].value("usd"), 0)


def test_banker_losing_the_job_raises_the_price_once():
    state = with_player(position(phase="end", banker=0), 0, jobs=("banker",))
    state, _ = apply(state, Quit("banker"))
    assert state.bitcoin == JOBS["banker"].value("lose_price_rise") and state.banker == -1
    # taking the Banker again and losing it again does nothing more
    state = with_player(state, 0, jobs=("banker",))
    state, _ = apply(state, Quit("banker"))
    assert state.bitcoin == JOBS["banker"].value("lose_price_rise")


def test_banker_rise_only_for_the_player_who_started_with_it():
    state = with_player(position(phase="end", banker=-1), 0, jobs=("banker",))
    state, _ = apply(state, Quit("banker"))
    assert state.bitcoin == 0


def test_janitor_moves_cheaper():
    state = with_player(position(), 0, jobs=("janitor",), btc=0)
    sizes = {a.spaces for a in legal_actions(state) if isinstance(a, Move)}
    assert sizes == {1, 2}  # 2 spaces cost 0 BTC
    state = with_player(state, 0, btc=3)
    sizes = {a.spaces for a in legal_actions(state) if isinstance(a, Move)}
    assert sizes == {1, 2, 3}
    move = next(a for a in legal_actions(state) if isinstance(a, Move) and a.spaces == 3)
    after, events = apply(state, move)
    assert after.players[0].btc == 0 and paid(events, 0, "btc") == -3


def test_journalist_doubles_bitcoin_news():
    state = position(bitcoin=20, bitcoin_deck=(6,))
    card = DATA.bitcoin_news[6].price
    plain, _ = land_on(state, tile_id("bitcoin_news"))
    doubled, _ = land_on(with_player(state, 0, jobs=("journalist",)), tile_id("bitcoin_news"))
    assert plain.bitcoin == 20 + card and doubled.bitcoin == 20 + 2 * card


def test_pizza_delivery_gets_free_food():
    state = with_player(position(food=30, internet=20), 1, jobs=("pizza_delivery",), usd=20)
    state, _ = begin_turn(state, 1)
    p = state.players[1]
    assert p.usd == 20 + JOBS["pizza_delivery"].value("usd") - 20
    assert not state.missed


@pytest.mark.parametrize("job", ["programmer", "student"])
def test_programmer_and_student_double_software(job):
    state = position(bitcoin=10)
    rise = DATA.software[DATA.software_index("0.3")].rise + DATA.software[DATA.software_index("0.2")].rise
    plain, _ = land_on(state, tile_id("software", version="0.3"))
    doubled, _ = land_on(with_player(state, 0, jobs=(job,)), tile_id("software", version="0.3"))
    assert plain.bitcoin == 10 + rise and doubled.bitcoin == 10 + 2 * rise
    alt = DATA.tiles[tile_id("software_alt")]
    doubled_alt, _ = land_on(with_player(state, 0, jobs=(job,)), alt.id)
    assert doubled_alt.bitcoin == 10 + 2 * alt.rise


def test_student_gets_free_internet():
    state = with_player(position(food=20, internet=50), 1, jobs=("student",), usd=0)
    state, _ = begin_turn(state, 1)
    assert state.players[1].usd == JOBS["student"].value("usd") - 20 and not state.missed


def test_programmer_limits_secondary_income_to_one():
    state = with_player(position(), 1, jobs=("programmer", "miner"))
    assert income(state, 1) == (JOBS["programmer"].value("usd"), JOBS["programmer"].value("secondary_btc_limit"))


def test_secondary_bitcoin_job_is_limited_to_two():
    state = with_player(position(), 1, jobs=("journalist", "miner"))
    assert income(state, 1) == (JOBS["journalist"].value("usd"), DATA.rules.secondary_btc_limit)
    state = with_player(position(), 1, jobs=("exchange_operator", "miner"))
    assert income(state, 1) == (0, JOBS["exchange_operator"].value("btc_alone") + DATA.rules.secondary_btc_limit)


def test_night_security_guard_gets_the_full_secondary_income_and_effect():
    state = with_player(position(), 1, jobs=("night_security_guard", "miner"))
    assert income(state, 1) == (JOBS["night_security_guard"].value("usd"), JOBS["miner"].value("btc"))
    news = DATA.bitcoin_news[6].price
    guard = with_player(position(bitcoin=20, bitcoin_deck=(6,)), 0, jobs=("night_security_guard", "bitcoin_foundation"))
    assert land_on(guard, tile_id("bitcoin_news"))[0].bitcoin == 20 + 2 * news


# --- Bitcoin jobs ------------------------------------------------------------------------------
def test_exchange_operator_income_alone_and_shared():
    card = JOBS["exchange_operator"]
    state = with_player(position(), 1, jobs=("exchange_operator",))
    assert income(state, 1) == (0, card.value("btc_alone"))
    state = with_player(state, 2, jobs=("exchange_operator",))
    assert income(state, 1) == (0, card.value("btc_shared"))


def test_exchange_operator_pays_no_fee():
    state = with_player(position(bitcoin=10), 0, jobs=("exchange_operator",), usd=10)
    assert Buy(1) in legal_actions(state)
    state, events = apply(state, Buy(1))
    assert state.players[0].usd == 0 and state.players[0].btc == 1 and paid(events, 0, "usd") == -10


def test_bitcoin_foundation_income_and_doubling_only_as_main_job():
    state = with_player(position(), 1, jobs=("bitcoin_foundation",))
    assert income(state, 1) == (0, JOBS["bitcoin_foundation"].value("btc"))
    news = DATA.bitcoin_news[6].price
    base = position(bitcoin=20, bitcoin_deck=(6,))
    main = with_player(base, 0, jobs=("bitcoin_foundation", "miner"))
    second = with_player(base, 0, jobs=("miner", "bitcoin_foundation"))
    assert land_on(main, tile_id("bitcoin_news"))[0].bitcoin == 20 + 2 * news
    assert land_on(second, tile_id("bitcoin_news"))[0].bitcoin == 20 + news
    version = DATA.software[DATA.software_index("0.2")]
    assert land_on(main, tile_id("software", version="0.2"))[0].bitcoin == 20 + 2 * version.rise


def test_miner_income_drops_for_each_other_miner():
    card = JOBS["miner"]
    state = with_player(position(), 1, jobs=("miner",))
    assert income(state, 1) == (0, card.value("btc"))
    state = with_player(state, 2, jobs=("miner",))
    assert income(state, 1) == (0, card.value("btc") - card.value("per_other_miner"))
    state = with_player(state, 3, jobs=("miner",))
    assert income(state, 1) == (0, card.value("btc") - 2 * card.value("per_other_miner"))


@pytest.mark.parametrize("job", ["miner", "mining_pool_operator"])
def test_miner_and_pool_operator_double_mining(job):
    level = DATA.mining[DATA.mining_index("GPU")]
    state = with_player(position(bitcoin=5), 0, jobs=(job,))
    after, events = land_on(state, tile_id("mining", level="GPU"))
    assert after.bitcoin == 5 + 2 * level.rise and paid(events, 0, "btc") == 2 * level.btc


def test_mining_pool_operator_income():
    state = with_player(position(), 1, jobs=("mining_pool_operator",))
    assert income(state, 1) == (0, JOBS["mining_pool_operator"].value("btc"))


def test_online_merchant_needs_an_exchange_operator_and_counts_pure_bitcoin_players():
    per = JOBS["online_merchant"].value("btc_per_player")
    state = with_player(position(), 1, jobs=("online_merchant",))
    assert income(state, 1) == (0, 0)
    state = with_player(state, 2, jobs=("exchange_operator",))  # players 1 and 2: Bitcoin jobs only
    state = with_player(state, 3, jobs=("journalist", "miner"))  # has a Fiat job: not counted
    assert income(state, 1) == (0, 2 * per)


def test_online_merchant_moves_the_price_one_dollar_more():
    extra = JOBS["online_merchant"].value("price_effect_extra")
    state = with_player(position(phase="job", bitcoin=10), 0, jobs=())
    state, _ = apply(state, TakeJob("online_merchant", ("online_merchant",)))
    assert state.bitcoin == 10 + EFFECT4 + extra
    state, _ = apply(replace(state, phase="end"), Quit("online_merchant"))
    assert state.bitcoin == 10


def test_web_service_provider_income_and_internet_price():
    per = JOBS["web_service_provider"].value("btc_per_two_jobs")
    state = with_player(position(phase="job"), 0, jobs=())
    state, _ = apply(state, TakeJob("web_service_provider", ("web_service_provider",)))
    assert state.internet == DATA.rules.internet + JOBS["web_service_provider"].value("internet_change")
    assert income(state, 0) == (0, 0)  # no Exchange Operator in play
    state = with_player(state, 1, jobs=("exchange_operator", "miner"))
    state = with_player(state, 2, jobs=("miner",))
    assert income(state, 0) == (0, per * (4 // 2))


@pytest.mark.parametrize(("players", "effect"), [(n, DATA.rules.job_effect[n]) for n in range(2, 7)])
def test_bitcoin_job_price_effect_by_player_count(players, effect):
    state = with_player(position(players, phase="job", bitcoin=10), 0, jobs=())
    state, _ = apply(state, TakeJob("miner", ("miner",)))
    assert state.bitcoin == 10 + effect
    state, _ = apply(replace(state, phase="end"), Quit("miner"))
    assert state.bitcoin == 10


# --- job limits, opportunities, quitting -------------------------------------------------------------
def test_job_options_keep_as_many_old_jobs_as_the_limits_allow():
    state = with_player(position(phase="job"), 0, jobs=("journalist",))
    options = job_options(state.players, DATA, 0)
    assert TakeJob("miner", ("journalist", "miner")) in options
    assert TakeJob("miner", ("miner",)) not in options  # no need to give up the Fiat job
    assert TakeJob("banker", ("banker",)) in options  # a second Fiat job replaces the first
    assert all(not DATA.jobs[o.jobs[1]].is_fiat for o in options if len(o.jobs) == 2)
    assert all(o.job != "journalist" for o in options)  # no two identical jobs


def test_job_options_with_two_bitcoin_jobs_drop_exactly_one():
    state = with_player(position(phase="job"), 0, jobs=("miner", "bitcoin_foundation"))
    options = [o for o in job_options(state.players, DATA, 0) if o.job == "exchange_operator"]
    assert {o.jobs for o in options} == {
        ("exchange_operator", "miner"), ("miner", "exchange_operator"),
        ("exchange_operator", "bitcoin_foundation"), ("bitcoin_foundation", "exchange_operator"),
    }
    fiat = {o.jobs for o in job_options(state.players, DATA, 0) if o.job == "student"}
    assert fiat == {("student", "miner"), ("student", "bitcoin_foundation")}


def test_cards_in_play_are_not_offered():
    state = position(phase="job")
    for i in (1, 2, 3):
        state = with_player(state, i, jobs=("miner",))
    assert JOBS["miner"].count == 3
    assert all(o.job != "miner" for o in job_options(state.players, DATA, 0))


def test_taking_a_job_that_replaces_one_records_both():
    state = with_player(position(phase="job", bitcoin=20), 0, jobs=("miner", "bitcoin_foundation"))
    state, events = apply(state, TakeJob("student", ("student", "miner")))
    assert state.players[0].jobs == ("student", "miner")
    assert [e.job for e in of(events, JobQuit)] == ["bitcoin_foundation"]
    assert [e.job for e in of(events, JobTaken)] == ["student"]
    assert state.bitcoin == 20 - EFFECT4


def test_quit_and_swap_at_the_end_of_the_turn_only():
    state = with_player(position(phase="end", bitcoin=20), 0, jobs=("miner", "bitcoin_foundation"))
    assert SWAP in legal_actions(state)
    state, _ = apply(state, SWAP)
    assert state.players[0].jobs == ("bitcoin_foundation", "miner")
    moving = replace(state, phase="move")
    assert explain_illegal(moving, Quit("miner")) and explain_illegal(moving, SWAP)
    state, _ = apply(state, Quit("miner"))
    assert state.players[0].jobs == ("bitcoin_foundation",) and state.bitcoin == 20 - EFFECT4
    assert SWAP not in legal_actions(state)


def test_a_fiat_main_job_cannot_be_swapped():
    state = with_player(position(phase="end"), 0, jobs=("journalist", "miner"))
    assert SWAP not in legal_actions(state) and explain_illegal(state, SWAP)


def test_laid_off_loses_the_main_job_with_its_price_effect():
    roll = next(r for r, e in DATA.personal_events.items() if e.effect == "lose_main_job")
    state = with_player(position(bitcoin=20), 0, jobs=("miner", "exchange_operator"))
    state = next_roll(state, roll)
    after, events = land_on(state, tile_id("personal_event", lucky=False))
    assert after.players[0].jobs == ("exchange_operator",)
    assert after.bitcoin == 20 - EFFECT4 and of(events, JobQuit)[0].reason == "laid off"


def test_end_turn_passes_to_the_left():
    state = position(phase="end", turn=3)
    state, _ = apply(state, END)
    assert state.turn == 0 and state.round == 2


def test_first_step_helper_is_a_real_space():
    assert FIRST_STEP in DATA.track.by_id


def test_miner_and_pool_operator_together_double_only_once():
    level = DATA.mining[DATA.mining_index("GPU")]
    state = with_player(position(bitcoin=5), 0, jobs=("miner", "mining_pool_operator"))
    after, events = land_on(state, tile_id("mining", level="GPU"))
    assert after.bitcoin == 5 + 2 * level.rise and paid(events, 0, "btc") == 2 * level.btc
