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

import pytest

from game.bitcoin import apply, parse_action, start_game
from game.client.satoshi.phone_choices import describe
from game.phones.server import PhoneServer

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


def test_a_phone_page_lifts_its_cover_and_makes_a_decision_the_table_takes(tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    state, _ = start_game(3, 77)
    seat = state.current_player
    server = PhoneServer(range(3), ("Ada", "Hal", "Nick"), describe)
    server.start()
    server.publish(state, 0)
    driver = None
    try:
        driver = phone_browser()
        driver.get(server.url(seat))
        status = driver.find_element(By.ID, "status")
        wait_for(lambda: status.text == "Your turn: choose below.")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH  # no sideways scroll
        shots = Path(os.environ.get("COINLAND_PHONE_SHOTS", tmp_path))
        driver.save_screenshot(str(shots / "phone-turn.png"))
        cover = driver.find_element(By.ID, "cover")
        covered = cover.text
        assert covered == "?\nPress and hold to see your role"
        hold = ActionChains(driver).click_and_hold(cover)
        hold.perform()
        role = "Satoshi" if state.players[seat].role == "satoshi" else "Bitcoin Geek"
        wait_for(lambda: cover.text.startswith(role + ". "))
        driver.save_screenshot(str(shots / "phone-role.png"))
        ActionChains(driver).release(cover).perform()
        wait_for(lambda: cover.text == covered)
        primary = driver.find_element(By.CSS_SELECTOR, "#options .choice.primary")
        for size in (primary.size,):
            assert size["height"] >= 48 and size["width"] >= 300  # a large touch target
        primary.click()
        taken = wait_for(server.take_actions)
        assert [(s, v) for s, v, _ in taken] == [(seat, 0)]
        chosen = taken[0][2]
        assert chosen == parse_action(chosen.text)
        state, _ = apply(state, chosen)
        server.publish(state, 1)
        money = driver.find_element(By.ID, "btc")
        wait_for(lambda: money.text == f"{state.players[seat].btc} BTC")
        wait_for(lambda: "Sent" not in status.text)
        driver.save_screenshot(str(shots / "phone-after.png"))
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
