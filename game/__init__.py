"""Coinland: Hoarder & Gatekeeper and Finding Satoshi (The Bitcoin Board Game)."""

from game.resources import ASSETS, DATA_ROOT, LEVELS

__version__ = "0.1.0"

#: where the shipped data lives (the checkout's top, or the installed package's `_shipped/`);
#: kept under its old name for the readers that import it
ROOT = DATA_ROOT

__all__ = ["ASSETS", "LEVELS", "ROOT", "__version__"]
