"""The client's scenes. Each game is a set of scenes hosted by the one App."""

from importlib.util import find_spec


def satoshi_available() -> bool:
    """Finding Satoshi's table appears in the game select once its scenes exist."""
    return find_spec("game.client.scenes.satoshi") is not None
