"""Read-side cases of file and folder doors: kind, size, time, structure, types, text, meaning."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

from game.doors import READ
from hostile.cases import Case, Ctx
from hostile.content import DELETE, JSON_VALUES, RAW_NUMBERS, WORST, leaves, replaced
from hostile.run import Broken, check_seen, drive, kept_somewhere


def reads(door, probe) -> bool:
    return probe is not None and READ in door.does


def _sample_bytes(ctx: Ctx) -> bytes:
    path = ctx.probe.sample(ctx.root)
    return Path(path).read_bytes()


def _plant(ctx: Ctx, content: bytes | None = None, kind: str = "file") -> Path:
    """Put hostile content at the door's file (after a sound sample, so there is something to lose)."""
    target = ctx.probe.target(ctx.root)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        target.unlink()
    if kind == "file":
        target.write_bytes(content or b"")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
        (target / "inside.txt").write_bytes(b"x")
    elif kind == "device":
        target.symlink_to("/dev/zero")
    elif kind == "dangling":
        target.symlink_to(ctx.box.outside / "nothing-here")
    elif kind == "victim":
        target.symlink_to(ctx.box.victim)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as sock:
            try:
                sock.bind(str(target))
            except OSError:
                target.write_bytes(b"\x00socket could not bind here")
    return target


def _read_and_check(ctx: Ctx, content: bytes | None, what: str, refuse: bool = False) -> None:
    """Read through the program; then every promise: no escape, one-line notices, nothing lost,
    nothing outside touched, and the door still working."""
    target = ctx.probe.target(ctx.root)
    seen = drive(f"{ctx.door.name}: reading {what}", ctx.probe.read, ctx.root, allowed=ctx.probe.raises)
    if not isinstance(seen, BaseException):
        check_seen(seen, f"{ctx.door.name}: reading {what}")
        if refuse and not seen.notices:
            raise Broken(f"{ctx.door.name}: {what} was accepted without a word, expected it refused")
    if ctx.probe.keeps_damage and content is not None and not kept_somewhere(target.parent, target.name, content):
        raise Broken(f"{ctx.door.name}: after reading {what}, the file is gone (not kept, not set aside)")
    ctx.box.outside_untouched()
    still_works(ctx, what)


def still_works(ctx: Ctx, after: str) -> None:
    """After any hostile input, a new value is written and read back (the damage never sticks)."""
    seen = drive(f"{ctx.door.name}: writing after {after}", ctx.probe.write, ctx.root, 7)
    check_seen(seen, f"{ctx.door.name}: writing after {after}")
    if seen.notices or ctx.probe.value_of(7) is None:
        return  # it said, in one line, why it could not write there (a link, a folder in the way)
    back = drive(f"{ctx.door.name}: reading back after {after}", ctx.probe.read, ctx.root)
    if not holds(back.value, ctx.probe.value_of(7)):
        raise Broken(f"{ctx.door.name}: after {after}, a new value written was not read back "
                     f"(got {back.value!r:.120}, notices {back.notices[:2]})")
    if not ctx.probe.many and back.notices:
        raise Broken(f"{ctx.door.name}: after {after}, a sound file still reads with a notice: {back.notices[0]}")


def holds(value, expected) -> bool:
    if isinstance(value, dict) and isinstance(expected, tuple):
        return value.get(expected[0]) == expected[1]
    if isinstance(value, list):
        return expected in value
    return value == expected


# --- kind and size -----------------------------------------------------------------------
def _kind(kind: str):
    def run(ctx: Ctx) -> None:
        _sample_bytes(ctx)
        _plant(ctx, kind=kind)
        _read_and_check(ctx, None, f"a {kind} in place of the file")
        if kind == "victim" and ctx.box.victim.read_bytes() != b"a file of someone else's that Coinland must " \
                                                                 b"never touch\n":
            raise Broken("the victim file was changed through a link")
    return run


def _over_cap(ctx: Ctx) -> None:
    sample = _sample_bytes(ctx)
    limit = ctx.door.limit or 1 << 20
    pad = b"\n" if ctx.probe.fmt != "bytes" else b"\0"
    content = sample + pad * (limit + 1 - len(sample))
    _plant(ctx, content)
    _read_and_check(ctx, content, f"a file one byte over its cap of {limit}")


def _sparse_huge(ctx: Ctx) -> None:
    _sample_bytes(ctx)
    target = _plant(ctx, b"")
    with open(target, "r+b") as out:
        out.truncate(2 * 1024**3)
    _read_and_check(ctx, None, "a sparse 2 GiB file")


# --- time and structure --------------------------------------------------------------------
#: the time class in CI: a reader whose CPU time at its cap is at least GROWTH_FLOOR seconds and
#: more than GROWTH times its time at a quarter of the cap does more than linear work (a linear
#: reader takes about 4 times as long; a quadratic one 16): caught even below any timeout, at
#: any cap, for any door added later
GROWTH, GROWTH_FLOOR = 10.0, 0.1


def _worst(fmt: str, name: str):
    def run(ctx: Ctx) -> None:
        _sample_bytes(ctx)
        limit = ctx.door.limit or 1 << 20

        def cpu(size: int) -> float:
            content = WORST[fmt][name](size)[:size]
            _plant(ctx, content)
            seen = drive(f"{ctx.door.name}: reading {name} ({len(content)} bytes)", ctx.probe.read, ctx.root,
                         allowed=ctx.probe.raises, seconds=10.0)
            if not isinstance(seen, BaseException):
                check_seen(seen, f"{ctx.door.name}: reading {name}")
            ctx.box.outside_untouched()
            return drive.cpu  # type: ignore[attr-defined]

        def suspicious(quarter: float, full: float) -> bool:
            return full >= GROWTH_FLOOR and full > GROWTH * max(quarter, 0.002)

        quarter, full = cpu(limit // 4), cpu(limit)
        for _ in range(2):  # a garbage collection or a busy neighbour can land in one run: the least of three decides
            if not suspicious(quarter, full):
                break
            quarter, full = min(quarter, cpu(limit // 4)), min(full, cpu(limit))
        ctx.figures[f"{ctx.door.name}: {name}"] = full
        if suspicious(quarter, full):
            raise Broken(f"{ctx.door.name}: reading {name} is not linear: {full:.3f} s of CPU at {limit} bytes, "
                         f"{quarter:.3f} s at a quarter of that")
    return run


# --- types, ranges, text inside the file -------------------------------------------------------
def _decoded(ctx: Ctx, raw: bytes):
    if ctx.probe.fmt == "json":
        return json.loads(raw)
    if ctx.probe.fmt == "toml":
        import tomllib

        return tomllib.loads(raw.decode())
    return None


def _encode(ctx: Ctx, value) -> bytes:
    if ctx.probe.fmt == "toml":
        import tomli_w

        return tomli_w.dumps(value).encode()
    return json.dumps(value).encode()


def _mutations(ctx: Ctx) -> None:
    """Each of some fields of a sound file replaced by a hostile value (or removed)."""
    raw = _sample_bytes(ctx)
    value = _decoded(ctx, raw)
    paths = [path for path, _ in leaves(value) if path]
    ctx.rng.shuffle(paths)
    for path in paths[: 6 * ctx.scale]:
        new = ctx.rng.choice([*JSON_VALUES, DELETE])
        if ctx.probe.fmt == "toml" and new is None:
            new = DELETE
        try:
            content = _encode(ctx, replaced(value, path, new))
        except (TypeError, ValueError):
            continue
        _plant(ctx, content)
        _read_and_check(ctx, content, f"field {list(path)} = {'(removed)' if new is DELETE else repr(new)[:40]}")


def _raw_numbers(ctx: Ctx) -> None:
    """A number field written as NaN, an infinity, a 5000-digit run, a 400-digit fraction."""
    raw = _sample_bytes(ctx)
    text = raw.decode()
    digits = [i for i, ch in enumerate(text) if ch.isdigit() and (i == 0 or not text[i - 1].isalnum())]
    if not digits:
        return
    for number in ctx.rng.sample(RAW_NUMBERS, min(len(RAW_NUMBERS), 2 + ctx.scale)):
        start = ctx.rng.choice(digits)
        end = start
        while end < len(text) and (text[end].isdigit() or text[end] in ".eE+-"):
            end += 1
        content = text[:start].encode() + number + text[end:].encode()
        _plant(ctx, content)
        _read_and_check(ctx, content, f"a number written {number[:12]!r}...")


def _bytes_in(ctx: Ctx, insert: bytes, what: str, at_start: bool = False) -> None:
    raw = _sample_bytes(ctx)
    spot = 0 if at_start else ctx.rng.randrange(1, max(2, len(raw) - 1))
    content = raw[:spot] + insert + raw[spot:]
    _plant(ctx, content)
    _read_and_check(ctx, content, what)


def _meaning(ctx: Ctx) -> None:
    """What the file claims must agree with what replaying it gives: door-specific lies, each refused."""
    raw = _sample_bytes(ctx)
    for what, content in ctx.probe.lies(raw):
        _plant(ctx, content)
        _read_and_check(ctx, content, what, refuse=True)
        _sample_bytes(ctx)


def _garbled(ctx: Ctx) -> None:
    """A sound file damaged at random: bytes flipped, cut short, a piece repeated, junk spliced in."""
    raw = _sample_bytes(ctx)
    for _ in range(2 * ctx.scale):
        data = bytearray(raw)
        how = ctx.rng.choice(("flip", "cut", "repeat", "splice"))
        spot = ctx.rng.randrange(len(data))
        if how == "flip":
            for _ in range(ctx.rng.randint(1, 8)):
                data[ctx.rng.randrange(len(data))] = ctx.rng.randrange(256)
        elif how == "cut":
            del data[spot:]
        elif how == "repeat":
            piece = data[spot:spot + ctx.rng.randint(1, 64)]
            data[spot:spot] = piece * ctx.rng.randint(2, 2000)
        else:
            data[spot:spot] = ctx.rng.randbytes(ctx.rng.randint(1, 200))
        content = bytes(data[: ctx.door.limit or len(data)])
        _plant(ctx, content)
        _read_and_check(ctx, content, f"a file garbled ({how} at byte {spot})")
        _sample_bytes(ctx)


def _structured(door, probe) -> bool:
    return reads(door, probe) and probe.fmt in ("json", "toml")


CASES = [
    *(Case("kind of file", f"a {kind} in place of the file", reads, _kind(kind))
      for kind in ("fifo", "device", "folder", "dangling", "victim", "socket")),
    Case("size", "one byte over the cap", reads, _over_cap),
    Case("size", "a sparse 2 GiB file", reads, _sparse_huge),
    *(Case("time", f"{fmt}: {name} at the cap", lambda d, p, fmt=fmt: reads(d, p) and p.fmt == fmt,
           _worst(fmt, name)) for fmt, makers in WORST.items() for name in makers),
    Case("types and ranges", "fields replaced by hostile values", _structured, _mutations, randomised=True),
    Case("structure", "numbers: NaN, infinities, long digit runs", _structured, _raw_numbers, randomised=True),
    Case("text", "a byte that is not UTF-8", _structured, lambda c: _bytes_in(c, b"\xff\xfe", "an invalid byte")),
    Case("text", "a NUL byte", _structured, lambda c: _bytes_in(c, b"\x00", "a NUL byte")),
    Case("text", "a byte-order mark", _structured,
         lambda c: _bytes_in(c, b"\xef\xbb\xbf", "a leading byte-order mark", at_start=True)),
    Case("structure", "a sound file garbled at random", reads, _garbled, randomised=True),
    Case("meaning", "claims that replaying contradicts",
         lambda d, p: reads(d, p) and hasattr(p, "lies"), _meaning),
]
