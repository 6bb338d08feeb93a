"""The Finding Satoshi table, issue 33 items 7-10: what a player cannot afford is shown with why,
job rows say their whole effect, pop-ups and cards cover nothing they refer to, and the words
read as people say them. Headless, on what is offered and drawn."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from game.bitcoin import TakeJob, step_actions
from game.bitcoin.ai import choose_action
from game.bitcoin.data import load_data
from game.client import text
from game.client.app import App
from game.client.satoshi import decision_nodes as nodes
from game.client.satoshi import decisions as dec
from game.client.satoshi import layout
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.panel_widgets import Row
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.storage import Store

DATA = load_data()
NAMES = ("You", "Hal", "Nick", "Wei")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    application = App(store=Store(tmp_path))
    application.store.settings.animation_speed = "instant"
    yield application
    pygame.quit()


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
