"""A seat's address as a QR code: rows of dark (True) and light modules, quiet zone included.

`segno` encodes it (pure Python, no image library); the client draws the modules itself. The
error correction is "M" (15%): an address of about 60 characters fits in a 33x33 code, large
modules that a phone camera reads across a table.
"""

from __future__ import annotations

import segno

QUIET = 4  # modules of light border the standard asks for


def modules(text: str) -> list[list[bool]]:
    code = segno.make(text, error="m", micro=False, boost_error=False)
    rows = [[bool(v) for v in row] for row in code.matrix]
    size = len(rows) + 2 * QUIET
    blank = [False] * size
    return ([blank[:] for _ in range(QUIET)] + [[False] * QUIET + row + [False] * QUIET for row in rows]
            + [blank[:] for _ in range(QUIET)])
