"""The guard of the printed numbers: every number the rules text (v2.1) gives, as a literal.

Every other test reads its expected values from assets/bitcoin/*.toml, so a slip in a fee, a
threshold, a salary or a move cost would pass them all. This one states what the text says,
copied by hand from /work/shared/seeds/002_4f97a6ed80512c23.txt (chapter numbers beside each
line; RULES.md section 4 where the text leaves a count to the lost boards), and checks the data
against it. Balancing may change only what the text leaves open (docs/finding-satoshi-data.md
marks which values those are).
"""

from __future__ import annotations

from collections import Counter

from game.bitcoin.data import load_data
from game.bitcoin.jobs import move_cost
from game.bitcoin.state import Player


def test_the_data_keeps_every_number_the_rules_text_gives():
    data = load_data()
    rules, jobs = data.rules, data.jobs

    # 2. Components: 46 track tiles; 22 job cards (7 Fiat jobs, 15 Bitcoin jobs); 6 + 6 news cards
    assert sum(t.count for t in data.tiles.values()) == 46
    assert sum(j.count for j in jobs.values()) == 22
    assert sum(j.count for j in jobs.values() if j.is_fiat) == 7
    assert sum(j.count for j in jobs.values() if not j.is_fiat) == 15
    assert sorted(data.bitcoin_news) == [1, 2, 3, 4, 5, 6]  # 5.2: "each card has a number 1-6"
    assert sorted(data.economic_news) == [1, 2, 3, 4, 5, 6]
    # 3.1: three stacks of tiles by the number on their back (1, 2 and 3)
    assert {t.section for t in data.tiles.values()} == {1, 2, 3}
    assert Counter(s.section for s in data.track.spaces if s.section in (1, 2, 3)).total() == 46
    # 3.1 (RULES.md 4): section 2 is a square of 4 x 4 spaces
    square = [(s.x, s.y) for s in data.track.spaces if s.section == 2]
    assert len(square) == 16 and len({x for x, _ in square}) == 4 and len({y for _, y in square}) == 4

    # 3.1: Food and Internet on 20$, Bitcoin on 0$; the advancement markers on "0.1" and "CPU"
    assert (rules.food, rules.internet, rules.bitcoin) == (20, 20, 0)
    assert data.software[0].version == "0.1"
    assert data.mining[0].level == "CPU"
    # 5.2: software levels 0.4 to 0.8/0.9 each need a die roll of 4 to 6 (and only those)
    assert data.software[-1].version == "0.8/0.9"
    assert rules.roll_success == 4
    assert [s.roll for s in data.software] == [float(s.version[:3]) >= 0.4 for s in data.software]
    # RULES.md 4: Mining CPU (start), then GPU, FPGA, ASIC
    assert [m.level for m in data.mining] == ["CPU", "GPU", "FPGA", "ASIC"]

    # 3.4: 20$ each; the Pizza Delivery Guy/Gal also gets 1 Bitcoin
    assert rules.starting_usd == 20
    assert jobs["pizza_delivery"].value("start_btc") == 1
    # 4.2: no more than 2 BTC income for a secondary job
    assert rules.secondary_btc_limit == 2
    # 4.4: 5$ per exchange with the bank
    assert rules.exchange_fee == 5
    # 4.5: each new Bitcoin job moves the price 6$ (2 players), 4$ (3), 3$ (4), 2$ (5-6)
    assert rules.job_effect == {2: 6, 3: 4, 4: 3, 5: 2, 6: 2}

    # 5.1 step 3: 1 space 0 BTC, 2 spaces 1 BTC (Janitor 0), 3 spaces 4 BTC (Janitor 3)
    assert tuple(rules.btc_cost) == (0, 1, 4)
    anyone, janitor = Player(space="start"), Player(space="start", jobs=("janitor",))
    assert [move_cost(anyone, data, n) for n in (1, 2, 3)] == [0, 1, 4]
    assert [move_cost(janitor, data, n) for n in (1, 2, 3)] == [0, 0, 3]

    # 5.5 Fiat jobs: their pay in $, and the numbers on the cards
    pay = {j: jobs[j].value("usd") for j in jobs if jobs[j].is_fiat}
    assert pay == {"banker": 60, "janitor": 43, "journalist": 45, "night_security_guard": 42,
                   "pizza_delivery": 22, "programmer": 46, "student": 20}
    assert jobs["banker"].value("lose_price_rise") == 5
    assert jobs["janitor"].value("move_discount") == 1
    assert jobs["programmer"].value("secondary_btc_limit") == 1
    assert all(jobs[j].count == 1 for j in pay)  # 7 Fiat job cards, the seven named
    # 5.6 Bitcoin jobs: their pay in BTC
    assert jobs["exchange_operator"].value("btc_alone") == 3
    assert jobs["exchange_operator"].value("btc_shared") == 1
    assert jobs["bitcoin_foundation"].value("btc") == 1
    assert jobs["miner"].value("btc") == 3
    assert jobs["miner"].value("per_other_miner") == 1
    assert jobs["mining_pool_operator"].value("btc") == 2
    assert jobs["online_merchant"].value("btc_per_player") == 1
    assert jobs["online_merchant"].value("price_effect_extra") == 1
    assert jobs["web_service_provider"].value("btc_per_two_jobs") == 1
    assert jobs["web_service_provider"].value("internet_change") == -2

    # 6: under 40$ the most Fiat wins, from 60$ everybody; 6.1: hard +10$, very hard +20$
    assert (rules.fiat_below, rules.everyone_at) == (40, 60)
    assert rules.difficulty == {"normal": 0, "hard": 10, "very_hard": 20}
    # 7.2: the price moves like a new Bitcoin job for each 10 BTC saved
    assert rules.savings_step == 10
    # RULES.md 4: a Personal Event table for die rolls 1-7 (lucky adds 1)
    assert sorted(data.personal_events) == [1, 2, 3, 4, 5, 6, 7]
