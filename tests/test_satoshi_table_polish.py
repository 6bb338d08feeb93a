"""The Finding Satoshi table, issue 33 items 7-11: what a player cannot afford is shown with why,
job rows say their whole effect, pop-ups and cards cover nothing they refer to, the words read
as people say them, and a watched game is kept. Headless, on what is offered and drawn."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest

from game.bitcoin import TakeJob, step_actions
from game.bitcoin.ai import choose_action
from game.bitcoin.data import load_data
from game.client import text
from game.client.satoshi import decision_nodes as nodes
from game.client.satoshi import decisions as dec
from game.client.satoshi import layout
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.panel_widgets import Row
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.records import Entry

DATA = load_data()
NAMES = ("You", "Hal", "Nick", "Wei")


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant")


def one_human(seed: int, players: int = 4) -> TableSession:
    seats = tuple(Seat(NAMES[i], HUMAN if i == 0 else "easy", i) for i in range(players))
    return TableSession.start(TableSetup(seats, seed=seed))


def first(ready, seeds=range(80), players: int = 4, limit: int = 600) -> TableSession:
    """The first position of easy computers' games (the person played as one too) where `ready`."""
    for seed in seeds:
        session, rng = one_human(seed, players), random.Random(seed)
        for _ in range(limit):
            if session.is_over:
                break
            if session.to_move == 0 and ready(session):
                return session
            session.apply(choose_action(session.state, "easy", rng))
    raise AssertionError("the position never came up")


# --- 7: moves she cannot afford are shown, greyed, with why ---------------------------------------
def test_a_move_she_cannot_afford_is_greyed_and_says_what_it_costs_and_what_she_has(app):
    """Rules 4.3: a move costs 0 BTC for one space, 1 for two, 4 for three (the Janitor one less)."""
    session = first(lambda s: s.state.phase == "move" and not s.state.jumping
                    and s.state.players[0].btc < 4 and "janitor" not in s.state.players[0].jobs)
    btc = session.state.players[0].btc
    decision = dec.build(session.decision_view(), session.names)
    greyed = [n for n in decision.main if isinstance(n, nodes.Note) and n.label.startswith("Move 3 spaces")]
    assert greyed and greyed[0].label == "Move 3 spaces · 4 BTC"
    assert greyed[0].detail == f"3 spaces · 4 BTC, you have {btc}"
    panel = DecisionPanel(app, session, layout.PANEL, layout.PANEL_TALL, layout.PANEL_WIDE)
    row = next(w for w, n in panel.rows if n == greyed[0])
    assert isinstance(row, Row) and row.muted and panel.group.focused is not row  # never the default
    row.activate()
    assert panel.status == greyed[0].detail  # chosen anyway, it says why


def test_every_distance_appears_once_whether_she_can_pay_or_not():
    session = first(lambda s: s.state.phase == "move" and s.state.players[0].btc == 0)
    decision = dec.build(session.decision_view(), session.names)
    moves = [n.label for n in decision.main if n.label.startswith("Move ")]
    assert [label.split(" ·")[0] for label in moves] == ["Move 1 space", "Move 2 spaces", "Move 3 spaces"]


# --- 8: job rows show their whole effect ------------------------------------------------------
def job_session() -> TableSession:
    return first(lambda s: s.state.phase == "job" and sum(isinstance(a, TakeJob) for a in step_actions(s.state)) >= 6)


def test_bitcoin_job_rows_say_what_they_do_to_the_price():
    """Rules 4.5: a Bitcoin job gained moves the Bitcoin price by $3 with four players; the
    Online Merchant's effect is $1 more; the Web Service Provider lowers the Internet price by $2."""
    session = job_session()
    decision = dec.build(session.decision_view(), session.names)
    rows = {n.label.split(" ·")[0]: n.detail for n in decision.main[1:]}
    expected = {"Miner": "Bitcoin price +$3", "Bitcoin Foundation": "Bitcoin price +$3",
                "Online Merchant": "Bitcoin price +$4", "Web Service Provider": "Internet price -$2"}
    named = [job for job in expected if job in rows]
    assert len(named) >= 2, rows
    for job in named:
        assert expected[job] in rows[job], (job, rows[job])
    for job in ("Janitor", "Journalist", "Student"):
        if job in rows and "banker" not in session.state.players[0].jobs:
            assert "price +" not in rows[job], rows[job]  # a Fiat job moves no price


def test_job_rows_are_never_cut_off(app):
    session = job_session()
    panel = DecisionPanel(app, session, layout.PANEL, layout.PANEL_TALL, layout.PANEL_WIDE)
    assert panel.rect == layout.PANEL_WIDE
    width = panel.rect.width - 2 * 10 - 38
    shown = [w for w, n in panel.rows if isinstance(w, Row) and n is not None]
    assert len(shown) >= 6
    for row in shown:
        assert row.lines and " ".join(row.lines) == row.detail, row.detail  # whole: no "If you lose o…"
        assert all(text.width(line, "tiny") <= width for line in row.lines)
        assert panel.rect.contains(row.rect)
    assert "Bitcoin price +$" in " ".join(r.detail for r in shown)


# --- 9: pop-ups, the menu, the setup, tile clicks and tile cards cover nothing ---------------------
POPUPS = ["Tax refund", "Satoshi!", "+ Bitcoin Exchange Operator", "misses the move", "right guess!", "wrong guess"]


def test_player_popups_cover_no_job_card_nor_the_header(app):
    from game.client.satoshi.animations import player_popup
    from game.client.satoshi.players_view import job_card_rect

    for players in range(2, 7):
        for seat in range(players):
            area = layout.player_rect(seat, players)
            jobs = [job_card_rect(area, 0), job_card_rect(area, 1)]
            for label in POPUPS:
                (x, y), size, rise = player_popup(seat, players, label)
                art = text.render(label, size, (255, 255, 255))
                for lift in (0, rise):  # where it appears, and where it ends its rise
                    box = art.get_rect(center=(round(x), round(y - lift))).inflate(12, 4)  # with its plate
                    assert box.collidelist(jobs) < 0, (players, seat, label, lift)
                    assert area.contains(box) and box.top >= area.top + 30, (players, seat, label)


def test_the_menu_note_never_crosses_a_button(app, monkeypatch):
    from game.client.satoshi import saves
    from game.client.satoshi.menu import SatoshiMenuScene

    for seed in (1, 2):
        saves.autosave(app, replace(one_human(seed), saved_as=None))  # games in progress: more buttons
    drawn: list[tuple[str, tuple, object]] = []
    real = text.blit

    def record(surface, line, at, size="body", *args, **kwargs):
        drawn.append((str(line), at, size))
        return real(surface, line, at, size, *args, **kwargs)

    scene = SatoshiMenuScene()
    app.push(scene)
    buttons = [w.rect for w in scene.group.widgets]
    assert len(buttons) == 6  # New game, Resume, Games in progress, How to play, Watch, Back
    monkeypatch.setattr(text, "blit", record)
    for focus in range(len(buttons)):
        scene.group.focus = focus
        drawn.clear()
        scene.draw(app.surface)
        labels = {w.label for w in scene.group.widgets}
        notes = [(line, at, size) for line, at, size in drawn if line not in labels and "·" not in line
                 and line not in (scene.heading, scene.subtitle)]
        for line, at, size in notes:
            box = text.render(line, size, (255, 255, 255)).get_rect(center=at)
            assert box.collidelist(buttons) < 0, (line, box)


def test_the_seed_row_keeps_its_label_and_focus_ring_to_itself(app, monkeypatch):
    from game.client.satoshi.setup import TableSetupScene

    scene = TableSetupScene()
    app.push(scene)
    field = scene.seed_field
    row = getattr(field, "row", field.rect)
    difficulty = next(w.rect for w in scene.group.widgets if getattr(w, "label", "") == "Difficulty")
    drawn: list[tuple[str, tuple, object, str]] = []
    real = text.blit

    def record(surface, line, at, size="body", *args, anchor="topleft", **kwargs):
        drawn.append((str(line), at, size, anchor))
        return real(surface, line, at, size, *args, anchor=anchor, **kwargs)

    monkeypatch.setattr(text, "blit", record)
    scene.group.focus = scene.group.widgets.index(field)
    field.draw(app.surface, True, False)
    line, at, size, anchor = next(d for d in drawn if d[0].startswith("Seed"))
    label = text.render(line, size, (255, 255, 255)).get_rect(**{anchor: at})
    ring = field.rect.inflate(8, 8)  # widgets.focus_ring
    assert row.contains(label) and not ring.colliderect(label)
    assert not ring.colliderect(difficulty) and not label.colliderect(difficulty)


def test_a_tile_click_with_a_form_open_never_asks_for_highlighted_spaces(app):
    from game.client.satoshi.table import TableScene

    session = first(lambda s: s.state.phase == "move" and s.state.players[0].usd > 30)
    table = TableScene(session)
    app.push(table)
    buy = next(n for n in table.panel.decision.tools if isinstance(n, nodes.AmountForm))
    table.panel._open(buy)
    assert table.panel.highlighted_spaces() == {}  # nothing is ringed on the Buy form
    space = next(s.id for s in session.state.data.track.spaces if s.id != session.state.data.track.start)
    centre = table.track.centre(space)
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert table.message and "highlighted" not in table.message
    assert "Backspace" in table.message


def test_advancement_tile_cards_say_what_happens_now():
    from game.client.satoshi.table_words import tile_card_words

    session = one_human(3)
    view = session.table_view()
    data = view.data
    mining = {view.tile_at(s.id): s.id for s in data.track.spaces if view.tile_at(s.id)
              and data.tiles[view.tile_at(s.id)].kind == "mining"}
    spaces = {data.tiles[t].level: space for t, space in mining.items()}
    low, high = data.mining[0].level, data.mining[-1].level
    assert {low, high} <= set(spaces) or len(spaces) >= 2
    at_top = replace(view, mining=len(data.mining) - 1)
    for space in spaces.values():
        _, lines = tile_card_words(at_top, space)
        assert lines == [f"Mining is at {high}: nothing happens."], lines
        assert "Nothing if the marker" not in " ".join(lines)
    level, space = max(spaces.items(), key=lambda item: data.mining_index(item[0]))
    _, lines = tile_card_words(replace(view, mining=0), space)
    assert lines[0].startswith(f"Mining moves up from {low} to {level}:"), lines
    first_up = data.mining[1]
    assert f"{first_up.level} +${first_up.rise} and {first_up.btc} BTC" in lines[0]  # as printed on the board
    software = next(s.id for s in data.track.spaces if view.tile_at(s.id)
                    and data.tiles[view.tile_at(s.id)].kind == "software")
    version = data.tiles[view.tile_at(software)].version
    done = replace(view, software=data.software_index(version))
    assert tile_card_words(done, software)[1] == [f"Software is at {version}: nothing happens."]


def test_a_tile_card_leaves_the_board_it_speaks_of_in_view(app):
    from game.client.satoshi.track_view import TrackView

    checked = 0
    for seed in range(6):
        state = one_human(seed).state
        track = TrackView(state.data, state.layout)
        spaces = [track.rect(s.id) for s in state.data.track.spaces]
        for space in state.data.track.spaces:
            tile = state.tile_at(space.id)
            if not tile or state.data.tiles[tile].kind not in ("mining", "software"):
                continue
            card = track.draw_card(app.surface, space.id, "title", ["one line", "two lines"], ["Move here: 2"])
            assert not card.colliderect(layout.ADVANCE), (seed, space.id, card)
            assert card.collidelist(spaces) < 0
            checked += 1
    assert checked >= 20


# --- 10: words ---------------------------------------------------------------------------------
def test_a_list_of_names_reads_as_people_say_it():
    from game.client.review.recent_scene import summary
    from game.client.satoshi.reveal import winners_line
    from game.records import Record
    from game.wording import listing

    assert listing(["You", "Hal", "Nick", "Wei"]) == "You, Hal, Nick and Wei"
    assert listing(["Ada", "Hal"]) == "Ada and Hal" and listing(["Ada"]) == "Ada" and listing([]) == ""
    record = Record("satoshi", {}, (), ("You", "Hal", "Nick", "Wei"), {"winners": [0, 1, 2, 3], "price": 66},
                    "2026-11-23T19:29:39Z")
    assert summary(record) == "You, Hal, Nick and Wei: everybody won at $66"  # not the four names twice
    some = Record("satoshi", {}, (), ("You", "Hal", "Nick", "Wei"), {"winners": [0, 2], "price": 52},
                  "2026-11-23T19:29:39Z")
    assert summary(some) == "You, Hal, Nick and Wei: You and Nick won at $52"
    assert winners_line(SimpleNamespace(condition="bitcoin", winners=(0, 1, 2)), NAMES) == "You, Hal and Nick win!"


def hue(rgb: tuple[int, int, int]) -> float:
    import colorsys

    h, _, _ = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    return h * 360


def test_every_pawn_colour_is_named_as_it_looks():
    """The hue ranges of the colour names (degrees): a name whose range misses its own RGB reads wrong
    on screen ("Red" for a vermilion of 26 degrees looked orange)."""
    from game.client.satoshi.session import PAWN_COLOURS

    ranges = {"red": [(0, 12), (345, 360)], "orange": [(12, 40)], "yellow": [(40, 70)], "green": [(70, 170)],
              "blue": [(170, 250)], "purple": [(250, 300)]}
    for name, rgb in PAWN_COLOURS:
        if name == "white":
            assert min(rgb) >= 220
            continue
        assert any(low <= hue(rgb) < high for low, high in ranges[name]), (name, rgb, round(hue(rgb)))


def test_recent_games_and_games_in_progress_write_a_date_the_same_way(app):
    from game.client.review.recent_scene import entry_line
    from game.client.satoshi import saves
    from game.records import Record

    record = Record("satoshi", {}, (), ("You", "Hal"), {"winners": [0], "price": 41}, "2026-11-23T19:29:39Z")
    left, _ = entry_line(Entry(path=app.store.folder / "x.json", record=record))
    session = one_human(4)
    path = app.store.folder / "game.json"
    session.save(path, "2026-11-23T19:29:39+00:00")
    saved = saves.SavedGame(path, saves.read_save(json.loads(path.read_text()), str(path)), path.stat().st_mtime)
    date_in_list = left.split("·")[-1].strip()
    assert saved.label.startswith(date_in_list + "  ·"), (date_in_list, saved.label)


# --- 11: watched games are kept, marked as watched --------------------------------------------
def test_a_watched_satoshi_game_is_kept_marked_as_watched_and_replays(app):
    from game.client.review.recent_scene import entry_line
    from game.client.satoshi.reveal import RevealScene
    from game.records import load, open_record, record_files

    seats = tuple(Seat(name, "easy", i) for i, name in enumerate(("Ada", "Hal", "Nick")))
    session = TableSession.start(TableSetup(seats, seed=7))
    rng = random.Random(7)
    while not session.is_over:
        session.apply(choose_action(session.state, "easy", rng))
    app.push(RevealScene(session, watch=True))
    files = record_files(app.store.folder / "records")
    assert len(files) == 1
    record = load(files[0])
    assert record.watched and record.actions == tuple(a.text for a in session.actions)
    assert open_record(files[0]).final.is_over  # a table can replay it
    assert entry_line(Entry(files[0], record))[0].startswith("Finding Satoshi (watched)  ·  ")


def test_a_played_game_is_not_marked_watched_and_a_computers_match_is_kept_watched():
    from game.client.coinland.sessions import MatchSession
    from game.client.review.keep import coinland_record
    from game.coinland.rules import legal_actions

    match = MatchSession(seats=("easy", "easy"), size=2)
    rng = random.Random(3)
    while not match.is_over:
        match.act(rng.choice(legal_actions(match.state)), record=False)
    assert coinland_record(match).watched
    played = MatchSession(seats=("human", "easy"), size=2)
    for action in match.actions:
        played.act(action, record=False)
    assert not coinland_record(played).watched


# --- 6: Food or Internet is her choice, the cheaper the default -----------------------------------
def test_food_or_internet_is_her_choice_with_the_cheaper_first(app):
    """Rules 5.1 step 2: with dollars for one of Food and Internet but not both, she chooses (with no
    Bitcoins to sell: with some, the default is the smallest sale that covers both: tests/test_satoshi_decisions.py)."""
    from game.bitcoin import explain_illegal
    from game.bitcoin.actions import Pay

    def short_of_both(s: TableSession) -> bool:
        state, me = s.state, s.state.players[0]
        free = "pizza_delivery" in me.jobs or "student" in me.jobs
        return (state.phase == "expenses" and not free and state.food != state.internet and me.btc == 0
                and max(state.food, state.internet) <= me.usd < state.food + state.internet)

    session = first(short_of_both, seeds=range(200), limit=900)
    state = session.state
    cheaper, dearer = sorted(("food", "internet"), key=lambda item: getattr(state, item))
    decision = dec.build(session.decision_view(), session.names)
    rows = [n for n in decision.main if isinstance(n, nodes.Leaf)]
    assert [r.action for r in rows] == [Pay(cheaper), Pay(dearer)]
    assert rows[0].primary and not rows[1].primary
    assert rows[0].label == f"Buy {cheaper.capitalize()} (${getattr(state, cheaper)}) · the cheaper"
    assert rows[1].label == f"Buy {dearer.capitalize()} (${getattr(state, dearer)})"
    assert "miss the move" in rows[1].detail
    assert all(explain_illegal(state, r.action) is None for r in rows)
    panel = DecisionPanel(app, session, layout.PANEL, layout.PANEL_TALL, layout.PANEL_WIDE)
    assert panel.rows[panel.group.focus][1] == rows[0]  # Enter takes the cheaper
