"""The Finding Satoshi table setup (being written)."""

from __future__ import annotations

from game.client.scenes import MenuScene


class TableSetupScene(MenuScene):
    heading = "New game"
