"""The phone page: three files shipped in the package (page/), the only things served besides the channel.

They are read through importlib.resources once when a server starts, never from a path a request
names: a request picks one of the three by its exact route, or gets 404. The answers forbid
caching (the page's address carries a seat's secret), leaking the address to other sites
(Referrer-Policy) and loading anything from elsewhere (Content-Security-Policy).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from game import safeio

PAGE_LIMIT = 256 * 1024  # bytes: each shipped file is far smaller
FILES = {"phone.html": "text/html; charset=utf-8", "phone.css": "text/css; charset=utf-8",
         "phone.js": "text/javascript; charset=utf-8"}
HEADERS = (
    ("Cache-Control", "no-store"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
)


@dataclass(frozen=True)
class Page:
    """The three files' bytes and types, by name."""

    body: dict[str, tuple[bytes, str]]

    @classmethod
    def load(cls) -> Page:
        folder = Path(str(files("game.phones"))) / "page"
        return cls({name: (safeio.read_bytes(folder / name, PAGE_LIMIT, "phone page"), kind)
                    for name, kind in FILES.items()})
