"""The game-agnostic parts: tweens, physics coins, widgets, synthesised sound, the worker."""

import itertools
import math

import pygame
import pytest

from game.client import audio
from game.client.focus import FocusGroup
from game.client.physics import CoinPhysics
from game.client.tween import Timeline, Tween, along, ease_out_cubic
from game.client.widgets import Button, Choice, Slider, Toggle
from game.client.worker import Worker


def test_a_timeline_runs_stages_in_order_and_finish_fires_each_callback_once():
    log = []
    timeline = Timeline()
    timeline.add(Tween(0.2, on_start=lambda: log.append("a+"), on_done=lambda: log.append("a-")))
    timeline.add(Tween(0.1, on_done=lambda: log.append("b-")), Tween(0.3, delay=0.1, on_done=lambda: log.append("c-")))
    timeline.update(0.1)
    assert log == ["a+"]
    timeline.update(0.15)
    assert log == ["a+", "a-"]
    timeline.finish()
    assert log == ["a+", "a-", "b-", "c-"] and not timeline.busy
    timeline.finish()
    assert len(log) == 4


def test_speed_zero_is_instant_and_easing_ends_where_it_should():
    done = []
    timeline = Timeline()
    timeline.add(Tween(5.0, on_done=lambda: done.append(1)))
    timeline.update(0.001, speed=0)
    assert done == [1]
    assert ease_out_cubic(0) == 0 and ease_out_cubic(1) == 1 and ease_out_cubic(0.5) > 0.5
    assert along([(0, 0), (10, 0), (10, 10)], 0.75) == (10, 5)


def test_physics_coins_bounce_settle_then_land_in_the_purse():
    landed = []
    physics = CoinPhysics()
    physics.burst((100, 100), (500, 50), count=3, on_arrive=lambda: landed.append(1))
    lowest = 100.0
    for _ in range(60):  # half a second of burst
        physics.step(1 / 120)
        lowest = max(lowest, max(c.position[1] for c in physics.coins))
    assert physics.busy and lowest <= 100 + 40 + 1  # the invisible floor held them
    for _ in range(240):
        physics.step(1 / 120)
    assert landed == [1, 1, 1] and not physics.busy


def test_finishing_physics_lands_every_coin_and_showers_do_not_block():
    landed = []
    physics = CoinPhysics()
    physics.shower(40, pygame.Rect(0, 0, 1280, 800))
    physics.burst((10, 10), (20, 20), count=2, on_arrive=lambda: landed.append(1))
    assert physics.busy
    physics.finish_bursts()
    assert landed == [1, 1] and not physics.busy and len(physics.coins) == 40
    physics.finish()
    assert physics.coins == []


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def test_focus_group_keys_adjust_widgets_and_skip_disabled_buttons():
    values = {"v": 0.5, "c": "b", "t": False, "pressed": 0}
    widgets = [
        Slider("volume", lambda: values["v"], lambda x: values.__setitem__("v", x), pygame.Rect(0, 0, 400, 50)),
        Choice("speed", [("a", "A"), ("b", "B"), ("c", "C")], lambda: values["c"],
               lambda x: values.__setitem__("c", x), pygame.Rect(0, 60, 400, 50)),
        Button("off", lambda: None, pygame.Rect(0, 120, 100, 40), enabled=False),
        Toggle("toggle", lambda: values["t"], lambda x: values.__setitem__("t", x), pygame.Rect(0, 180, 400, 50)),
        Button("go", lambda: values.__setitem__("pressed", values["pressed"] + 1), pygame.Rect(0, 240, 100, 40)),
    ]
    group = FocusGroup(widgets)
    group.handle(key(pygame.K_RIGHT))
    assert values["v"] == pytest.approx(0.6)
    group.handle(key(pygame.K_DOWN))
    group.handle(key(pygame.K_LEFT))
    assert values["c"] == "a"
    group.handle(key(pygame.K_TAB))
    assert group.focus == 3  # the disabled button is skipped
    group.handle(key(pygame.K_RETURN))
    assert values["t"] is True
    group.handle(key(pygame.K_TAB))
    group.handle(key(pygame.K_SPACE))
    assert values["pressed"] == 1
    group.handle(key(pygame.K_TAB))
    assert group.focus == 0  # wraps around
    group.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert group.focus == 4


def test_a_slider_follows_a_click_and_a_drag():
    value = {"v": 0.0}
    slider = Slider("volume", lambda: value["v"], lambda x: value.__setitem__("v", x), pygame.Rect(0, 0, 500, 50))
    group = FocusGroup([slider])
    bar = slider.bar
    group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right, bar.centery), button=1))
    assert value["v"] == pytest.approx(1.0)
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.centery), rel=(0, 0), buttons=(1, 0, 0)))
    assert value["v"] == pytest.approx(0.5, abs=0.1)


def zero_crossings(samples):
    return sum(1 for a, b in itertools.pairwise(samples) if a < 0 <= b)


def test_sounds_are_synthesised_and_the_coin_rises_with_a_combo():
    sounds = audio.recipes()
    assert {"coin0", "fee", "gate", "invalid", "win"} <= set(sounds)
    for name, samples in sounds.items():
        assert samples and max(abs(s) for s in samples) <= 1.0, name
    low, high = zero_crossings(sounds["coin0"]), zero_crossings(sounds[f"coin{audio.COMBO_STEPS - 1}"])
    assert high > low
    peak = max(abs(s) for s in sounds["coin0"][:200])
    tail = max(abs(s) for s in sounds["coin0"][-200:])
    assert tail < peak / 20  # a fast decay
    assert len(audio.to_buffer(sounds["fee"], audio.RATE, -16, 2)) == len(sounds["fee"]) * 4


def test_no_audio_device_means_silence_not_an_error(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    player = audio.Audio()
    assert not player.available and "no audio device" in player.error
    player.play("coin", combo=3)
    player.play("win")


def test_a_worker_reports_its_result_or_its_error():
    ok = Worker(math.factorial, 10)
    assert ok.wait(5) and ok.result == 3628800 and ok.error is None
    bad = Worker(math.factorial, -1)
    assert bad.wait(5) and isinstance(bad.error, ValueError)
