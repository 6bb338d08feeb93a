"""Coinland: Hoarder & Gatekeeper and Finding Satoshi (The Bitcoin Board Game)."""

from pathlib import Path

__version__ = "0.1.0"

#: The project root; assets and shipped levels are found from here, never from the cwd.
ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
LEVELS = ROOT / "levels"
