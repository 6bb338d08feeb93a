"""The player's settings: what they are, their defaults, and how a stored copy is checked.

Reading is forgiving field by field: a value of the wrong type or out of range falls
back to its default with a one-line problem for the player, the others are kept.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.phones.address import check_address, check_port
from game.safeio import describe

#: animation speed name -> factor on every duration's playback rate (0 = instant)
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
SPEED_NAMES = tuple(SPEEDS)


@dataclass
class Settings:
    master_volume: float = 0.8
    effects_volume: float = 0.8
    animation_speed: str = "normal"
    reduced_motion: bool = False
    fullscreen: bool = False
    phone_address: str = ""  # Phones as hands: the address phones open ("" = found from the interfaces)
    phone_port: int = 0  # Phones as hands: the port (0 = any free port)

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, source: str = "settings.json") -> tuple[Settings, list[str]]:
        """The settings in `data` (a decoded JSON object) and a problem line per bad field."""
        if not isinstance(data, dict):
            return cls(), [f"{source}: expected an object of settings, got {type(data).__name__}"]
        settings, problems = cls(), []
        for item in fields(cls):
            if item.name not in data:
                continue
            value, problem = _check(item.name, data[item.name], getattr(settings, item.name))
            if problem:
                problems.append(f"{source}: {item.name}: {problem}; using {getattr(settings, item.name)!r}")
            else:
                setattr(settings, item.name, value)
        return settings, problems


def _check(name: str, value: Any, default: Any) -> tuple[Any, str]:
    if isinstance(default, bool):
        return (value, "") if isinstance(value, bool) else (default, f"expected true or false, got {describe(value)}")
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            return default, f"expected a number from 0 to 1, got {describe(value)}"
        return float(value), ""
    if name == "phone_address":
        try:
            return check_address(value), ""
        except ValueError as error:
            return default, str(error)
    if name == "phone_port":
        try:
            return check_port(value), ""
        except ValueError as error:
            return default, str(error)
    if name == "animation_speed" and (not isinstance(value, str) or value not in SPEEDS):
        return default, f"expected one of {', '.join(SPEED_NAMES)}, got {describe(value)}"
    return value, ""
