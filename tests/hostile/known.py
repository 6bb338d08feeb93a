"""Cases a door cannot pass yet: (door, case id) -> "owner: why". Each runs as a strict xfail,
so fixing the door makes its test XPASS and fail until its line here is removed. Keep this short:
every entry is a promise not kept yet, named with who keeps it."""

KNOWN: dict[tuple[str, str], str] = {}
