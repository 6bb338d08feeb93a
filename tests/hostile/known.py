"""Cases a door cannot pass yet: (door, case id) -> "owner: why". Each runs as a strict xfail,
so fixing the door makes its test XPASS and fail until its line here is removed. Keep this short:
every entry is a promise not kept yet, named with who keeps it."""

FLAG = "harden-proc: a flag's refusal echoes a 5000-character argument whole (expected one capped line)"
RANGE = ("harden-proc: a hostile value (NaN, -1, a huge number, a long text) is accepted outside the documented "
         "range, or refused with an uncapped line")
OPTION = "types and ranges: hostile values for an option"

KNOWN: dict[tuple[str, str], str] = {
    ('engine lines', 'text: hostile engine lines'):
        'harden-proc: the engine reads text; one invalid UTF-8 byte under a strict locale ends it with a traceback',
    ('standard output', 'pipes and encodings: a closed pipe'):
        'harden-proc: `check ... | head -1` ends in a BrokenPipeError traceback',
    ('option: play --fullscreen', OPTION): FLAG,
    ('option: play --frames', OPTION): RANGE,
    ('option: check --no-par', OPTION): FLAG,
    ('option: check --quiet', OPTION): FLAG,
    ('option: generate --difficulty', OPTION): RANGE,
    ('option: tournament --game', OPTION): RANGE,
    ('option: tournament --mode', OPTION): RANGE,
    ('option: tournament --players', OPTION): RANGE,
    ('option: tournament --advanced', OPTION): FLAG,
    ('option: tournament --games', OPTION): RANGE,
    ('option: tournament --seed', OPTION): RANGE,
    ('option: tournament --budget', OPTION): RANGE,
    ('option: tournament --nodes', OPTION): RANGE,
    ('option: tournament --size', OPTION): RANGE,
    ('option: tournament --workers', OPTION): RANGE,
    ('option: tournament --self-play', OPTION): FLAG,
    ('option: tournament --quiet', OPTION): FLAG,
    ('option: simulate --players', OPTION): RANGE,
    ('option: simulate --games', OPTION): RANGE,
    ('option: simulate --seed', OPTION): RANGE,
    ('option: simulate --advanced', OPTION): FLAG,
    ('option: watch --players', OPTION): RANGE,
    ('option: watch --size', OPTION): RANGE,
    ('option: watch --seed', OPTION): RANGE,
    ('option: watch --advanced', OPTION): FLAG,
    ('option: watch --rounds', OPTION): RANGE,
    ('option: watch --offers', OPTION): RANGE,
    ('option: watch --exit-at-end', OPTION): FLAG,
    ('option: review --time-limit', OPTION): RANGE,
    ('option: review --depth', OPTION): RANGE,
}
