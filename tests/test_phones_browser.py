"""Phones as hands (issue 36) in a real browser: Debian's headless Chromium at 360x740, driven by selenium.

It opens a seat's page, lifts the role cover (press and hold) and lets it fall, and makes a
decision that reaches the table (the server's queue, applied through the engine) and comes back
as the next hand. Skipped only when chromium or chromedriver is missing (scripts/test installs
them with apt); every wait is bounded and the browser and server stop in `finally`.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# in CI scripts/test installs them, so there a missing browser fails instead of skipping
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not os.environ.get("CI"),
                                reason="needs chromium and chromedriver (apt; scripts/test installs them as root)")
WIDTH, HEIGHT = 360, 740


def phone_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(10)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    return driver


def wait_for(test, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def test_a_phone_page_lifts_its_cover_and_makes_a_decision_the_table_shows(tmp_path, monkeypatch):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from game.client.app import App
    from game.client.driver import Driver
    from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
    from game.client.satoshi.table import TableScene
    from game.client.storage import Store

    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path))
    app = App(store=Store(tmp_path))
    app.store.settings.animation_speed = "instant"
    app.store.settings.phone_address = "127.0.0.1"
    session = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1)), seed=77, phones=True))
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    drive.frames(2)
    app.pop()  # the seats' codes (they close by themselves only once every seat is open)
    seat = session.to_move
    driver = None
    try:
        driver = phone_browser()
        driver.get(table.phones.server.url(seat))
        status = driver.find_element(By.ID, "status")
        wait_for(lambda: status.text == "Your turn: choose below.")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH  # no sideways scroll
        shots = Path(os.environ.get("COINLAND_PHONE_SHOTS", tmp_path))
        driver.save_screenshot(str(shots / "phone-turn.png"))
        cover = driver.find_element(By.ID, "cover")
        covered = cover.text
        assert covered == "?\nPress and hold to see your role"
        ActionChains(driver).click_and_hold(cover).perform()
        role = "Satoshi" if session.state.players[seat].role == "satoshi" else "Bitcoin Geek"
        wait_for(lambda: cover.text.startswith(role + ". "))
        driver.save_screenshot(str(shots / "phone-role.png"))
        ActionChains(driver).release(cover).perform()
        wait_for(lambda: cover.text == covered)
        primary = driver.find_element(By.CSS_SELECTOR, "#options .choice.primary")
        assert primary.size["height"] >= 48 and primary.size["width"] >= 300  # a large touch target
        before = len(table.log.lines)
        primary.click()

        def played() -> bool:
            drive.frames(1)
            return len(session.actions) == 1
        wait_for(played)
        assert len(table.log.lines) > before  # the table shows it: the log tells what she chose
        assert any(session.names[seat] in line for line in table.log.lines[before:])
        after = session.state.players[seat]
        money = driver.find_element(By.ID, "btc")
        wait_for(lambda: money.text == f"{after.btc} BTC")
        driver.save_screenshot(str(shots / "phone-after.png"))
    finally:
        if driver is not None:
            driver.quit()
        app.pop()  # the table: its server stops
        pygame.quit()
