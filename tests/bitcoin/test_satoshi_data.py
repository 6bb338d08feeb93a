"""The printed data: the shipped files meet RULES.md section 4, broken files get one clear line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.bitcoin.data import ASSETS, FIAT_JOBS, DataError, EconomicNews, load_data, read_data
from game.bitcoin.reference import markdown

ROOT = Path(__file__).resolve().parents[2]
DATA = load_data()


# --- the shipped design meets the constraints -------------------------------------------------------
def test_track_has_start_end_and_46_tiles_in_three_sections():
    sections = Counter(s.section for s in DATA.track.spaces)
    assert sections[0] == 1 and sections[4] == 1 and sections[1] + sections[2] + sections[3] == 46
    assert sum(t.count for t in DATA.tiles.values()) == 46


def test_section_two_is_a_four_by_four_square():
    cells = {(s.x, s.y) for s in DATA.track.spaces if s.section == 2}
    xs, ys = {x for x, _ in cells}, {y for _, y in cells}
    assert len(cells) == 16 and len(xs) == len(ys) == 4
    assert cells == {(x, y) for x in xs for y in ys} and max(xs) - min(xs) == 3 and max(ys) - min(ys) == 3


def test_pawns_move_only_up_or_right_and_end_is_reachable_from_everywhere():
    for space in DATA.track.spaces:
        for nxt in DATA.track.successors[space.id]:
            other = DATA.track.by_id[nxt]
            assert (other.x - space.x, other.y - space.y) in ((0, 1), (1, 0))
        assert space.id in DATA.track.distance


def test_later_sections_hold_later_levels():
    def levels(kind, attr, index):
        return {s: [index(getattr(t, attr)) for t in DATA.tiles.values() if t.kind == kind and t.section == s]
                for s in (1, 2, 3)}

    for found in (levels("mining", "level", DATA.mining_index), levels("software", "version", DATA.software_index)):
        assert max(found[1]) <= min(found[2]) and max(found[2]) <= min(found[3])


def test_every_tile_kind_is_on_the_track():
    assert {t.kind for t in DATA.tiles.values()} == {
        "mining", "bitcoin_news", "software", "software_alt", "coffee_shop", "economic_news",
        "free_bitcoin", "job_opportunity", "jump", "personal_event"}
    assert any(t.fee for t in DATA.tiles.values() if t.kind == "job_opportunity")
    assert any(t.lucky for t in DATA.tiles.values() if t.kind == "personal_event")


def test_advancement_tracks():
    assert DATA.software[0].version == "0.1" and DATA.software[-1].version == "0.8/0.9"
    assert [s.roll for s in DATA.software] == [float(s.version[:3]) >= 0.4 for s in DATA.software]
    assert [m.level for m in DATA.mining] == ["CPU", "GPU", "FPGA", "ASIC"]
    assert all(s.rise > 0 for s in DATA.software[1:]) and all(m.rise > 0 and m.btc > 0 for m in DATA.mining[1:])


def test_job_cards():
    fiat = [j for j in DATA.jobs.values() if j.is_fiat]
    bitcoin = [j for j in DATA.jobs.values() if not j.is_fiat]
    assert sorted(j.id for j in fiat) == sorted(FIAT_JOBS) and all(j.count == 1 for j in fiat)
    assert len(bitcoin) == 6 and sum(j.count for j in bitcoin) == 15


def test_news_decks_and_tables():
    assert sorted(DATA.bitcoin_news) == sorted(DATA.economic_news) == [1, 2, 3, 4, 5, 6]
    prices = [c.price for c in DATA.bitcoin_news.values()]
    assert min(prices) < 0 < max(prices)
    assert sorted(DATA.personal_events) == [1, 2, 3, 4, 5, 6, 7]
    good = [e for e in DATA.personal_events.values() if e.usd > 0 or e.btc > 0]
    bad = [e for e in DATA.personal_events.values() if e.usd < 0 or e.btc < 0 or e.effect != "none"]
    assert good and bad and any(e.btc or e.effect == "lose_half_btc" for e in DATA.personal_events.values())


# --- broken files -----------------------------------------------------------------------------------------
def broken(tmp_path: Path, name: str, old: str, new: str) -> str:
    folder = tmp_path / "data"
    shutil.copytree(ASSETS, folder)
    path = folder / f"{name}.toml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as error:
        read_data(folder)
    message = str(error.value)
    assert "\n" not in message and f"{name}.toml" in message
    return message


@pytest.mark.parametrize(("name", "old", "new", "expect"), [
    ("rules", "food = 20", 'food = "twenty"', "prices.food: expected an integer"),
    ("rules", "exchange_fee = 5", "", "money.exchange_fee: expected a value (missing)"),
    ("rules", "btc_cost = [0, 1, 4]", "btc_cost = [0, 1]", "movement.btc_cost: expected three integers"),
    ("jobs", 'id = "banker"', 'id = "astronaut"', "job[0].id: expected one of banker"),
    ("jobs", "usd = 60", "usd = -60", "job[0].usd: expected an integer >= 0"),
    ("jobs", "usd = 60", "usd = 60\nsalary = 1", "job[0].salary: expected one of the keys"),
    ("tiles", "count = 2", "count = 3", "expected 15 tiles with section = 1"),
    ("tiles", 'kind = "jump"', 'kind = "teleport"', "expected one of mining"),
    ("tiles", 'level = "GPU"', 'level = "TPU"', "level: expected one of GPU, FPGA, ASIC"),
    ("track", 'right = "1,0"', "", "space[0].right: expected '1,0'"),
    ("news", "number = 6", "number = 5", "bitcoin_news: expected numbers 1 to 6"),
    ("personal", 'effect = "lose_half_btc"', 'effect = "explode"', "effect: expected one of none"),
    ("advancements", "rise = 3\nroll = true", "rise = 3\nroll = 1", "roll: expected true or false"),
])
def test_broken_file_names_file_key_and_expectation(tmp_path, name, old, new, expect):
    assert expect in broken(tmp_path, name, old, new)


def test_space_without_a_way_to_end_is_refused(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(ASSETS, folder)
    with (folder / "track.toml").open("a") as track:
        track.write('\n[[space]]\nid = "lost"\nx = 90\ny = 0\nsection = 1\n')
    with pytest.raises(DataError, match="End reachable from every space, got 'no way on from lost'"):
        read_data(folder)


def test_invalid_toml_and_missing_file(tmp_path):
    assert "not valid TOML" in broken(tmp_path, "news", "[[bitcoin_news]]", "[[bitcoin_news")
    folder = tmp_path / "empty"
    folder.mkdir()
    with pytest.raises(DataError, match="cannot read"):
        read_data(folder)


# --- the generated reference -----------------------------------------------------------------------------
def test_generated_docs_are_up_to_date():
    current = (ROOT / "docs" / "finding-satoshi-data.md").read_text(encoding="utf-8")
    assert current == markdown(DATA), "run: .venv/bin/python scripts/gen_satoshi_docs.py"


def test_docs_show_every_value():
    text = markdown(DATA)
    for job in DATA.jobs.values():
        assert job.name in text and job.text in text
    for card in DATA.bitcoin_news.values():
        assert card.headline in text
    for event in DATA.personal_events.values():
        assert event.title in text and event.text in text
    assert "## Rulings" in text


def test_docs_script_check_mode():
    result = subprocess.run([sys.executable, "scripts/gen_satoshi_docs.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_printed_texts_match_their_numbers():
    """Card texts are hand-written: they must say the amounts the engine uses."""
    for event in DATA.personal_events.values():
        if event.usd:
            assert f"{abs(event.usd)}$" in event.text, event
        if event.btc:
            assert f"{abs(event.btc)} BTC" in event.text, event
    for job in DATA.jobs.values():
        for key in ("usd", "btc", "btc_alone", "lose_price_rise"):
            if key in dict(job.values):
                assert str(job.value(key)) in job.text, (job.id, key)
    assert EconomicNews(1, "h", 5, 0).text == "Food +5$"
    assert EconomicNews(1, "h", 5, 10).text == "Food +5$ and Internet +10$"
    assert EconomicNews(1, "h", 0, 0).text == "No change"


def test_the_data_version_follows_every_value_but_not_comments(tmp_path):
    """Saves record it (issue 16 item 7): a changed number must change it, a reworded comment must not."""
    folder = tmp_path / "data"
    shutil.copytree(ASSETS, folder)
    assert read_data(folder).version == DATA.version and len(DATA.version) == 16
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# a new comment\n", encoding="utf-8")
    assert read_data(folder).version == DATA.version
    rules.write_text(rules.read_text(encoding="utf-8").replace("exchange_fee = 5", "exchange_fee = 6"),
                     encoding="utf-8")
    assert read_data(folder).version != DATA.version
