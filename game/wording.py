"""Counts, lists, dates and seat names in sentences: the one place that knows English plurals,
"you", how a list of names reads and how a moment is written.

Every screen, log line and command-line message of both games builds its words here, so
"1 coins", "You's role card", "You and Hal and Nick won" or two ways of writing a date cannot
creep back in one place while being fixed in another. Pure text: no pygame, no rules.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

YOU = "You"  # the default name of the one person at a table of computers

_IRREGULAR = {"BTC": "BTC", "was": "were", "is": "are", "has": "have", "this": "these", "its": "their"}


def plural(count: int, singular: str, many: str | None = None) -> str:
    """`1 coin`, `2 coins`, `0 coins`; `many` for irregular words (`1 penny`, `3 pence`)."""
    return f"{count} {noun(count, singular, many)}"


def noun(count: int, singular: str, many: str | None = None) -> str:
    """The word alone in the form `count` needs."""
    if count == 1 or count == -1:
        return singular
    if many is not None:
        return many
    if singular in _IRREGULAR:
        return _IRREGULAR[singular]
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in tuple("aeiou"):
        return singular[:-1] + "ies"
    return singular + "s"


def is_you(name: str) -> bool:
    """True for the seat the sentence addresses as "you"."""
    return name == YOU


def subject(name: str) -> str:
    """The seat as the subject of a sentence: `You` or `Alice`."""
    return YOU if is_you(name) else name


def possessive(name: str, capital: bool = True) -> str:
    """`Your` / `your` for you, else `Alice's`, `James'`."""
    if is_you(name):
        return "Your" if capital else "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def object_form(name: str) -> str:
    """The seat after a verb or preposition: `you` or `Alice`."""
    return "you" if is_you(name) else name


def verb(name: str, third_person: str, base: str | None = None) -> str:
    """`You keep` / `Alice keeps`: `third_person` is the -s form, `base` the irregular you-form."""
    if not is_you(name):
        return third_person
    if base is not None:
        return base
    if third_person.endswith("ies"):
        return third_person[:-3] + "y"
    if third_person.endswith(("ches", "shes", "sses", "xes")):
        return third_person[:-2]
    return third_person[:-1] if third_person.endswith("s") else third_person


def says(name: str, third_person: str, rest: str = "", base: str | None = None) -> str:
    """A whole clause: `says("You", "keeps", "the gates")` -> `You keep the gates`."""
    words = [subject(name), verb(name, third_person, base)]
    return " ".join([*words, rest] if rest else words)


def listing(items: Sequence[str]) -> str:
    """"Ada", "Ada and Hal", "You, Hal, Nick and Wei": a list as people say it (never "A and B and C")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def when(moment: dt.datetime) -> str:
    """A moment as every list of games writes it: "23 Nov 2026 19:29", in the player's own time zone
    (a moment without a zone is taken as UTC, as the records and saves store them)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone().strftime("%d %b %Y %H:%M")


def when_text(stamp: str) -> str:
    """An ISO 8601 stamp ("2026-11-23T19:29:39Z") as `when` writes it; anything else as it is."""
    try:
        return when(dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")))
    except ValueError:
        return stamp
