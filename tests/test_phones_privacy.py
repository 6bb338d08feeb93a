"""Phones as hands keep the big screen free of every role (issue 36 item 2, on the privacy rule of
docs/PRIVACY.md): with phones, even a lone person's own card is never drawn on the big screen
(it is on her phone), and nothing there depends on how the hidden cards lie. The pictures are
compared pixel for pixel by tests/test_satoshi_privacy.py's helpers, every screen of each moment."""

from dataclasses import replace

import pytest

from game.client.satoshi import phone_table
from tests.test_satoshi_privacy import ONE_PERSON, app, differences, moments

__all__ = ["app"]  # the fixture, shared with the privacy tests


@pytest.fixture(autouse=True)
def no_server(monkeypatch):
    """Pictures only: the phone seats stay on phones, and no server is started for each picture."""
    monkeypatch.setattr(phone_table.PhoneTable, "open", classmethod(lambda cls, scene: None))


def test_with_phones_no_screen_depends_on_any_hidden_role(app):
    """One person on her phone against three computers: the case phones change (two people or more
    share the screen already without phones: tests/test_satoshi_privacy.py)."""
    checked = 0
    for session in moments(replace(ONE_PERSON, phones=True), count=2, every=5):
        assert differences(app, session) == []  # no seat is fixed: not even the lone person's card shows
        checked += 1
    assert checked == 2


def test_without_phones_the_lone_persons_card_does_show(app):
    """The check can fail: at one screen without phones, her own card is hers to see."""
    session = next(moments(ONE_PERSON, count=1))
    assert differences(app, session) != []
