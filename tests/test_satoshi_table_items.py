"""The Finding Satoshi table reads as clearly as the cardboard (issue 16, the table's items),
checked headless on what is drawn or offered: the move choice hides no tile or pawn, the
two-seat table shows its set-aside card, guesses promise only what can happen, names build
sentences ("your answer", never "You's"), job rows give pay and effect with "Take no job"
first, pop-ups keep off the player headers, news cards keep their effect line, the log says
both sums of a sale and never nests brackets, and tiles are readable with a card on hover."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from game.bitcoin import Move, Offer, step_actions
from game.bitcoin import events as ev
from game.bitcoin.choices import distinct_moves
from game.bitcoin.data import load_data
from game.bitcoin.state import GEEK, SATOSHI
from game.client import text
from game.client.driver import Driver
from game.client.satoshi import decision_nodes as nodes
from game.client.satoshi import decisions as dec
from game.client.satoshi import layout
from game.client.satoshi.animations import POP_RISE, player_popup, price_popup_point
from game.client.satoshi.boards_view import PricesBoard, card_lines
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.log_panel import LogPanel
from game.client.satoshi.log_text import describe
from game.client.satoshi.panel_widgets import Row
from game.client.satoshi.players_view import aside_rect
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.satoshi.table import TableScene
from game.client.satoshi.table_words import status_line, tile_card_words
from game.client.satoshi.track_view import LABEL_PX, TrackView, tile_label

DATA = load_data()


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant")


def one_human(names: tuple[str, ...], seed: int, kind: str = "random") -> TableSession:
    return TableSession.start(TableSetup(tuple(Seat(n, HUMAN if i == 0 else kind, i) for i, n in enumerate(names)),
                                         seed=seed))


def play_to(session: TableSession, ready, seed: int = 0, limit: int = 3000) -> TableSession:
    """Random step actions (any seat) until `ready(session)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if session.is_over or ready(session):
            return session
        session.apply(rng.choice(step_actions(session.state)))
    raise AssertionError("the position never came up")


def crowded(seed: int) -> TableSession:
    """Six players, the human to move with pawns all around (the first round)."""
    session = one_human(("You", "Hal", "Nick", "Wei", "Gavin", "Amir"), seed)
    return play_to(session, lambda s: s.state.phase == "move" and s.state.turn == 0 and s.state.round >= 1
                   and len({p.space for p in s.state.players}) >= 4)


# --- 9: the move choice covers nothing ----------------------------------------------------------
def _board(track: TrackView, session: TableSession, spaces, path, hover) -> pygame.Surface:
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    track.draw(surface)
    if spaces is not None:
        track.draw_highlights(surface, spaces, path, 0.3, hover)
    looks = [((200, 60, 60), n[:1]) for n in session.names]
    track.draw_pawns(surface, [p.space for p in session.state.players], looks, {}, 0, 0.0)
    return surface


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_the_move_choice_hides_no_tile_icon_label_or_pawn(app, seed):
    session = crowded(seed)
    panel = DecisionPanel(app, session, layout.PANEL)
    track = TrackView(session.state.data, session.state.layout)
    spaces = panel.highlighted_moves()
    assert spaces, "a move to choose"
    paths = [m.path for m in step_actions(session.state) if isinstance(m, Move)]
    longest = max(paths, key=len)
    plain = _board(track, session, None, (), None)
    marked = _board(track, session, spaces, longest, longest[-1])
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB"), "the choice shows"
    for space in (s.id for s in session.state.data.track.spaces):
        for rect in track.content_rects(space):
            for x in range(rect.left, rect.right):
                for y in range(rect.top, rect.bottom):
                    assert plain.get_at((x, y)) == marked.get_at((x, y)), (space, (x, y))


def test_the_root_page_lists_each_distance_with_its_cost_and_colour(app):
    session = crowded(2)
    panel = DecisionPanel(app, session, layout.PANEL)
    rows = [w for w, node in panel.rows if isinstance(w, Row) and w.label.startswith("Move ")]
    assert rows and all(" BTC" in w.label for w in rows)
    assert all(w.swatch is not None for w in rows if not w.muted)  # one she cannot pay for has no ring


def test_a_forced_move_is_one_click_on_its_row(app):
    for seed in range(40):
        session = one_human(("You", "Hal", "Nick"), seed)
        try:
            play_to(session, lambda s: s.state.turn == 0 and s.state.phase == "move" and len(
                distinct_moves([a for a in step_actions(s.state) if isinstance(a, Move)])) == 1, seed)
        except AssertionError:
            continue
        if session.is_over:
            continue
        panel = DecisionPanel(app, session, layout.PANEL)
        row = next(w for w, _ in panel.rows if isinstance(w, Row) and w.label.startswith("Move "))
        assert row.primary and panel.group.focused is row  # Enter or one click
        where = row.rect.center
        panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
        action = panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
        action = action or panel.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1))
        assert isinstance(action, Move)
        return
    raise AssertionError("no forced move came up")


# --- 4 and 5: the set-aside card; guesses that cannot be right ---------------------------------
def test_a_two_seat_table_shows_the_card_set_aside_and_three_seats_do_not(app):
    for names, expect in ((("You", "Hal"), True), (("You", "Hal", "Nick"), False)):
        session = one_human(names, 3)
        table = TableScene(session)
        app.push(table)
        Driver(app).frames(2)
        surface = pygame.Surface((1280, 800))
        surface.fill((1, 2, 3))
        table.draw(surface)
        box = aside_rect(len(names))
        painted = sum(surface.get_at((x, box.centery)) != (1, 2, 3, 255) for x in range(box.left + 2, box.right - 2))
        assert (painted > box.width // 2) == expect, (names, painted)
        app.pop()


def _guess_menu(session: TableSession) -> nodes.Node:
    decision = dec.build(session.decision_view(), session.names)
    return next(n for n in decision.tools if n.label == "Guess")


def test_the_guess_dialog_says_satoshi_may_be_set_aside_with_two_players():
    for seed in range(30):
        session = play_to(one_human(("You", "Hal"), seed), lambda s: s.state.phase == "move" and s.state.turn == 0)
        if session.decision_view().players[0].role != GEEK:
            continue
        menu = _guess_menu(session)
        assert isinstance(menu, nodes.Menu) and "set aside" in menu.title
        stakes = " ".join(sentence for sentence, _ in menu.items[0].stakes)
        assert "may not be in play" in stakes and "If right" in stakes
        return
    raise AssertionError("no two-player Geek came up")


def test_satoshi_guessing_is_told_it_cannot_be_right():
    for seed in range(40):
        session = play_to(one_human(("You", "Hal", "Nick"), seed), lambda s: s.state.phase == "move"
                          and s.state.turn == 0)
        if session.state.players[0].role != SATOSHI:
            continue
        menu = _guess_menu(session)
        for leaf in menu.items:
            stakes = " ".join(sentence for sentence, _ in leaf.stakes)
            assert "cannot be right" in stakes and "If right" not in stakes and "doubled" not in stakes
        return
    raise AssertionError("no Satoshi human came up")


def test_once_satoshi_is_face_up_no_guess_is_offered_and_it_says_why():
    session = play_to(one_human(("You", "Hal", "Nick", "Wei"), 5), lambda s: s.state.phase == "move"
                      and s.state.turn == 0)
    state = session.state
    satoshi = next(i for i, p in enumerate(state.players) if p.role == SATOSHI)
    if satoshi == 0:
        pytest.skip("the human is Satoshi in this seed")
    players = tuple(replace(p, revealed=True) if i == satoshi else p for i, p in enumerate(state.players))
    session.state = replace(state, players=players)
    menu = _guess_menu(session)
    assert isinstance(menu, nodes.Note) and "Satoshi is found" in menu.detail and session.names[satoshi] in menu.detail


# --- 11: names build sentences ------------------------------------------------------------------
def test_the_hud_says_your_answer_never_yous():
    session = one_human(("You", "Hal", "James"), 2)
    state = play_to(session, lambda s: s.state.phase == "move").state
    for to, words in ((0, "your answer"), (1, "Hal's answer"), (2, "James' answer")):
        view = replace(state, phase="offer", offer=Offer(to, give_usd=1))
        line = status_line(view, session.names)
        assert words in line and "You's" not in line
    assert "Your turn" in status_line(replace(state, turn=0), session.names)


def test_the_log_tints_whole_names_outside_card_text_only():
    log = LogPanel(layout.LOG, {"You": (10, 200, 10), "Al": (200, 10, 10)})
    plain = (log.pieces("Personal Event 3 for Al, Company closes: \"Your company closes\".")
             + log.pieces("The Bitcoin price rises (Bitcoin Software Alternatives).")
             + log.pieces("Young Al meets You."))
    tinted = [piece for piece, colour in plain if colour != log.pieces("x")[0][1]]
    assert tinted == ["Al", "Al", "You"], tinted


# --- 12: the job list ---------------------------------------------------------------------------
def test_job_rows_give_pay_and_effect_and_take_no_job_comes_first(app):
    for seed in range(60):
        session = one_human(("You", "Hal", "Nick", "Wei"), seed)
        try:
            play_to(session, lambda s: s.state.phase == "job" and s.state.turn == 0, seed)
        except AssertionError:
            continue
        if session.is_over:
            continue
        decision = dec.build(session.decision_view(), session.names)
        assert decision.main[0].label == "Take no job"
        for node in decision.main[1:]:
            assert " a turn" in node.label, node.label  # the pay, "$60 a turn" or "2 BTC a turn"
            assert node.more == DATA.jobs[nodes.reachable(nodes.Decision(0, "job", "", (node,)))[0].job].text
        panel = DecisionPanel(app, session, layout.PANEL, layout.PANEL_TALL, layout.PANEL_WIDE)
        shown = [w for w, _ in panel.rows if isinstance(w, Row)]
        assert shown[0].label == "Take no job" and panel.rect == layout.PANEL_WIDE
        if len(decision.main) <= 9:
            assert not any(w.label.startswith("More choices") for w in shown), "all fit on one page"
        assert all(layout.PANEL_WIDE.contains(w.rect) for w, _ in panel.rows)
        return
    raise AssertionError("no human Job Opportunity came up")


# --- 14 and 17: pop-ups and news cards ----------------------------------------------------------
def test_player_popups_stay_below_the_header_and_inside_the_area(app):
    labels = ["Satoshi!", "Tax refund", "+ Bitcoin Exchange Operator", "misses the move"]
    for players in range(2, 7):
        for seat in range(players):
            area = layout.player_rect(seat, players)
            for label in labels:
                (x, y), size, rise = player_popup(seat, players, label)
                assert 0 <= rise <= POP_RISE
                half_w = text.width(label, size) / 2 + 2
                half_h = text.render(label, size, (0, 0, 0)).get_height() / 2 + 3
                top = y - rise - half_h
                assert top >= area.top + 30, (players, seat, label)  # the name row is the header
                assert y + half_h <= area.bottom and area.left <= x - half_w and x + half_w <= area.right


def test_price_popups_sit_by_their_own_row():
    food, internet, bitcoin = PricesBoard(layout.PRICES).rows()
    for item, row, others in (("food", food, (internet, bitcoin)), ("internet", internet, (food, bitcoin)),
                              ("bitcoin", bitcoin, (food, internet))):
        _, y = price_popup_point(item)
        assert all(abs(y - row.centery) < abs(y - other.centery) for other in others), item


def test_every_news_card_keeps_its_effect_line(app):
    rect = pygame.Rect(0, 0, 240, 70)
    for card in DATA.economic_news.values():
        _, effect = card_lines(rect, card.headline, card.text)
        assert effect == card.text
    for card in DATA.bitcoin_news.values():
        effect_words = f"Bitcoin {card.price:+d}$"
        rows, effect = card_lines(rect, card.headline, effect_words)
        assert effect == effect_words and rows


# --- 15: the log's words ------------------------------------------------------------------------
def test_a_sale_says_the_price_and_what_was_received_and_no_brackets_nest():
    names = ("You", "Hal")
    line = describe(ev.Exchanged(0, "sell", 3, 129, 5), names)
    assert "$129" in line and "$124" in line and "plus" not in line
    assert "$51" in describe(ev.Exchanged(1, "buy", 2, 46, 5), names)
    line = describe(ev.PriceChanged("food", 20, 21, "steady inflation (section 1)"), names)
    assert "((" not in line and "))" not in line and "section 1" in line
    assert line.count("(") == 1


def test_the_new_lines_pill_scrolls_down_when_clicked_while_a_decision_waits(app):
    session = one_human(("You", "Hal", "Nick"), 4)
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    for _ in range(400):
        if table.human_deciding() and not table.director.busy:
            break
        drive.frames(1)
    assert table.human_deciding()
    log = table.log
    log.add([f"line {k}" for k in range(60)])
    log.scroll(20)
    log.add(["a newer line"])
    assert log.unseen and not log.following
    drive.click(log.hint_rect.center)
    assert log.following and not log.unseen


# --- 16: tiles are readable and have a card -----------------------------------------------------
def test_every_tile_label_is_drawn_at_a_readable_size(app):
    body = layout.CELL - 3
    for tile in DATA.tiles.values():
        assert text.fit(tile_label(tile), body, LABEL_PX, smallest=13) >= 15, tile_label(tile)


def test_hovering_a_tile_shows_its_card_beside_it_over_no_track_space(app):
    session = one_human(("You", "Hal"), 3)
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    spaces = [s.id for s in session.state.data.track.spaces]
    track_rects = [table.track.rect(s) for s in spaces]
    for space in spaces[1:-1:5]:
        drive.move(table.track.centre(space))
        assert table.shown_tile(False) == space
        title, lines = tile_card_words(session.state, space)
        assert title and lines and lines[0]
        card = table.track.card_rect(space, (236, 120))
        assert card.collidelist(track_rects) < 0, space
