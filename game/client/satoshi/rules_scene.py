"""The Finding Satoshi rules reference (being written)."""

from __future__ import annotations

from game.client.scenes import MenuScene


class SatoshiRulesScene(MenuScene):
    heading = "How to play Finding Satoshi"
    subtitle = "The Bitcoin Board Game (Finding Satoshi), rules v2.1 by Channing Jones"
