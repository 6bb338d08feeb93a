"""Every track tile kind (chapter 5.2), with values read from the data files."""

from __future__ import annotations

from dataclasses import replace

import pytest
from satoshi_helpers import (
    DATA,
    FIRST_STEP,
    TRACK,
    land_on,
    next_roll,
    of,
    paid,
    position,
    tile_id,
    with_player,
    with_tile,
)

from game.bitcoin.actions import ACCEPT, DECLINE, Move, TakeJob
from game.bitcoin.events import (
    AdvancementMoved,
    CardDrawn,
    DeckReshuffled,
    DieRolled,
    NothingHappens,
    PersonalEventHappened,
    TileLanded,
)
from game.bitcoin.rules import apply, legal_actions


def rises(levels, old: int, new: int) -> int:
    return sum(level.rise for level in levels[old + 1:new + 1])


# --- Bitcoin Mining ---------------------------------------------------------------------------------
def test_mining_advances_raises_the_price_and_pays_bitcoins_per_level():
    target = max(range(len(DATA.mining)), key=lambda i: i)
    tile = tile_id("mining", level=DATA.mining[target].level)
    state, events = land_on(position(bitcoin=1), tile)
    assert state.mining == target
    assert state.bitcoin == 1 + rises(DATA.mining, 0, target)
    assert paid(events, 0, "btc") == sum(m.btc for m in DATA.mining[1:target + 1])
    assert of(events, AdvancementMoved)[0].new == DATA.mining[target].level
    assert of(events, TileLanded)[0].kind == "mining"


def test_mining_at_or_past_the_level_does_nothing():
    tile = tile_id("mining", level="GPU")
    state, events = land_on(position(bitcoin=7, mining=DATA.mining_index("GPU")), tile)
    assert state.bitcoin == 7 and paid(events, 0, "btc") == 0 and of(events, NothingHappens)


def test_mining_income_ignores_the_secondary_job_limit():
    tile = tile_id("mining", level="ASIC")
    state = with_player(position(), 0, jobs=("journalist", "miner"))
    _, events = land_on(state, tile)
    assert paid(events, 0, "btc") == 2 * sum(m.btc for m in DATA.mining[1:])


# --- Bitcoin Software -------------------------------------------------------------------------------
def test_software_without_a_roll():
    version = next(s for s in DATA.software[1:] if not s.roll)
    index = DATA.software_index(version.version)
    state, events = land_on(position(bitcoin=3), tile_id("software", version=version.version))
    assert state.software == index and state.bitcoin == 3 + rises(DATA.software, 0, index)
    assert not of(events, DieRolled)


@pytest.mark.parametrize("roll", range(1, 7))
def test_software_that_needs_a_roll(roll):
    version = next(s for s in DATA.software if s.roll)
    index = DATA.software_index(version.version)
    state = next_roll(position(bitcoin=3), roll)
    state, events = land_on(state, tile_id("software", version=version.version))
    assert of(events, DieRolled)[0].value == roll
    if roll >= DATA.rules.roll_success:
        assert state.software == index and state.bitcoin == 3 + rises(DATA.software, 0, index)
    else:
        assert state.software == 0 and state.bitcoin == 3


def test_software_at_or_past_the_version_does_nothing():
    state, events = land_on(position(bitcoin=3, software=len(DATA.software) - 1),
                            tile_id("software", version=DATA.software[1].version))
    assert state.bitcoin == 3 and of(events, NothingHappens) and not of(events, DieRolled)


def test_software_alternatives_raise_the_price():
    tile = DATA.tiles[tile_id("software_alt")]
    state, _ = land_on(position(bitcoin=3), tile.id)
    assert state.bitcoin == 3 + tile.rise


# --- the news ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", range(1, 7))
def test_bitcoin_news(card):
    state, events = land_on(position(bitcoin=30, bitcoin_deck=(card,)), tile_id("bitcoin_news"))
    assert state.bitcoin == max(0, 30 + DATA.bitcoin_news[card].price)
    assert of(events, CardDrawn)[0].number == card and state.bitcoin_deck == ()


def test_bitcoin_price_never_goes_below_zero():
    worst = min(DATA.bitcoin_news.values(), key=lambda c: c.price)
    assert worst.price < 0
    state, _ = land_on(position(bitcoin=1, bitcoin_deck=(worst.number,)), tile_id("bitcoin_news"))
    assert state.bitcoin == 0


def test_empty_deck_is_reshuffled():
    state, events = land_on(position(bitcoin=30, bitcoin_deck=()), tile_id("bitcoin_news"))
    assert of(events, DeckReshuffled) and len(state.bitcoin_deck) == 5


def test_deck_draws_each_card_once_before_reshuffling():
    state = position(bitcoin=30)
    seen = []
    for _ in range(6):
        state, events = land_on(replace(state, players=position().players), tile_id("bitcoin_news"))
        seen.append(of(events, CardDrawn)[0].number)
    assert sorted(seen) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("card", range(1, 7))
def test_economic_news(card):
    state, events = land_on(position(economic_deck=(card,)), tile_id("economic_news"))
    row = DATA.economic_news[card]
    assert state.food == DATA.rules.food + row.food and state.internet == DATA.rules.internet + row.internet
    assert of(events, CardDrawn)[0].deck == "economic_news"


# --- small tiles ------------------------------------------------------------------------------------
def test_coffee_shop_does_nothing_when_landed_on():
    state, events = land_on(position(bitcoin=3), tile_id("coffee_shop"))
    assert state.bitcoin == 3 and paid(events, 0, "usd") == 0 and state.phase == "end"


def test_free_bitcoin_only_for_a_player_who_never_had_any():
    state, events = land_on(position(), tile_id("free_bitcoin"))
    assert state.players[0].btc == 1
    again, events = land_on(with_player(position(), 0, btc=0, had_btc=True), tile_id("free_bitcoin"))
    assert again.players[0].btc == 0 and of(events, NothingHappens)


def test_free_job_opportunity():
    state, _ = land_on(position(), tile_id("job_opportunity", fee=0))
    assert state.phase == "job"
    options = [a for a in legal_actions(state) if isinstance(a, TakeJob)]
    assert options and DECLINE in legal_actions(state)
    state, _ = apply(state, options[0])
    assert state.players[0].jobs == options[0].jobs and state.phase == "end"


def test_paid_job_opportunity_accept_and_decline():
    tile = next(t for t in DATA.tiles.values() if t.kind == "job_opportunity" and t.fee)
    state, _ = land_on(with_player(position(), 0, usd=tile.fee), tile.id)
    assert state.phase == "fee" and ACCEPT in legal_actions(state)
    paid_state, events = apply(state, ACCEPT)
    assert paid_state.players[0].usd == 0 and paid_state.phase == "job" and paid(events, 0, "usd") == -tile.fee
    declined, _ = apply(state, DECLINE)
    assert declined.players[0].usd == tile.fee and declined.phase == "end"


def test_paid_job_opportunity_needs_the_money():
    tile = next(t for t in DATA.tiles.values() if t.kind == "job_opportunity" and t.fee)
    state, _ = land_on(with_player(position(), 0, usd=tile.fee - 1), tile.id)
    assert ACCEPT not in legal_actions(state) and DECLINE in legal_actions(state)


def test_jump_moves_again_and_jumps_chain():
    jump = tile_id("jump")
    second = TRACK.successors[FIRST_STEP][0]
    state = with_tile(position(), second, jump)
    state, _ = land_on(state, jump)
    assert state.phase == "move" and state.jumping and state.turn == 0
    state, _ = apply(state, Move(1, (second,)))
    assert state.phase == "move" and state.jumping  # landed on another Jump
    third = TRACK.successors[second][0]
    state, _ = apply(state, Move(1, (third,)))
    assert state.phase == "end" and not state.jumping


@pytest.mark.parametrize("roll", range(1, 7))
def test_personal_event(roll):
    row = DATA.personal_events[roll]
    state = with_player(position(bitcoin=20), 0, usd=30, btc=5, jobs=("miner",))
    state = next_roll(state, roll)
    after, events = land_on(state, tile_id("personal_event", lucky=False))
    assert of(events, PersonalEventHappened)[0].roll == roll
    usd, btc = after.players[0].usd, after.players[0].btc
    if row.effect == "lose_half_btc":
        assert btc == 5 + row.btc - (5 + row.btc + 1) // 2
    else:
        assert btc == max(0, 5 + row.btc)
    assert usd == max(0, 30 + row.usd)
    if row.effect == "lose_main_job":
        assert after.players[0].jobs == ()


def test_lucky_personal_event_adds_one():
    state = next_roll(with_player(position(), 0, usd=0), 6)
    after, events = land_on(state, tile_id("personal_event", lucky=True))
    rolled = of(events, DieRolled)[0]
    assert rolled.value == 6 and rolled.total == 7
    row = DATA.personal_events[7]
    assert of(events, PersonalEventHappened)[0].title == row.title
    assert after.players[0].usd == row.usd and after.players[0].btc == row.btc


def test_personal_event_losses_never_go_below_zero():
    row = min(DATA.personal_events.values(), key=lambda e: e.usd)
    assert row.usd < 0
    state = next_roll(with_player(position(), 0, usd=1), row.roll)
    after, _ = land_on(state, tile_id("personal_event", lucky=False))
    assert after.players[0].usd == 0
