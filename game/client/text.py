"""Type: one sans font (pygame's bundled default) at a few sizes, rendered once and cached.

The default font ships inside pygame-ce, so text looks the same on a fresh machine. It
covers Latin-1 and a few punctuation marks (… – —) but no arrows or stars: draw those
as shapes.

Why text is drawn large and shrunk: FreeType hints this font at small pixel sizes, snapping
each glyph's width to whole pixels its own way, so "Settings" read "Set tings" and "Satoshi"
"Sa toshi" (the gaps are already in the font's output, before the App scales the frame).
Rendering at `SUPERSAMPLE` times the size and smooth-scaling down once keeps the font's true
proportions, so letters sit at even distances; the result is cached like any other text.

Large type has one more flaw, in the font itself: FreeSans Bold gives "l" (and a few others)
a wide left side, so headings read "Leve l" and "comple te" at any size. From `EVEN_FROM`
pixels up, a line is set glyph by glyph and no gap between two letters' ink is left wider
than `WIDEST_GAP` of the size (`_pen_positions`); smaller type is left as the font sets it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.client.palette import TEXT, Colour

SIZES = {"huge": 120, "title": 64, "heading": 38, "body": 27, "small": 22, "tiny": 18}
CACHE_LIMIT = 1500
SUPERSAMPLE = 4  # small text is rendered this many times larger, then shrunk (see above)
LARGE = 48  # from this pixel size up, hinting gaps are small: half the supersampling
HUGE = 96  # and from here up they are invisible: drawn as is (a 120 px banner four times larger costs ~7 ms)
EVEN_FROM = 34  # headings and up: letters set one by one, with even gaps (see above)
WIDEST_GAP = 0.065  # of the size: the widest gap left between two letters' ink (the font's own: 0.03-0.09)

_fonts: dict[int, pygame.font.Font] = {}
_rendered: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()
_recorders: list[list[pygame.Rect]] = []


def reset() -> None:
    """Forget fonts and rendered text: they die with pygame.quit(), so a new App starts afresh."""
    _fonts.clear()
    _rendered.clear()
    _widths.clear()


def pixels(size: str | int) -> int:
    return SIZES[size] if isinstance(size, str) else int(size)


def font(size: str | int) -> pygame.font.Font:
    px = pixels(size)
    found = _fonts.get(px)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        if not _fonts:
            # pygame.quit() runs this before the font module quits (quit functions run in reverse
            # order of registration): a Font freed after it never closes its file
            pygame.register_quit(reset)
        try:
            found = pygame.font.Font(None, px)
        except (OSError, pygame.error):  # pragma: no cover - a broken install; any font will do
            found = pygame.font.SysFont("sans", px)
        _fonts[px] = found
    return found


def factor(size: str | int) -> int:
    """How many times larger than shown a size is rendered (1 = as is)."""
    px = pixels(size)
    if px >= HUGE:
        return 1
    return SUPERSAMPLE if px < LARGE else max(1, SUPERSAMPLE // 2)


def _shrink(length: int, times: int) -> int:
    return max(1, round(length / times)) if length else 0


def drawable(content: str) -> str:
    """Text the font can take: a lone surrogate (an undecodable byte of a file name) becomes U+FFFD.
    The places that show names escape them first (safeio.show_name); this is the last guard."""
    try:
        content.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in content)
    return content


def _pen_positions(content: str, px: int) -> tuple[list[int], int] | None:
    """Where each letter of `content` starts at `px` pixels, and the line's width, with no gap
    between two letters' ink wider than WIDEST_GAP of the size; None when the font lacks a glyph."""
    metrics = font(px).metrics(content)
    if any(m is None for m in metrics):
        return None
    widest = max(1, round(px * WIDEST_GAP))
    positions, pen = [], 0
    for index, (ch, (_, maxx, _, _, advance)) in enumerate(zip(content, metrics, strict=True)):
        positions.append(pen)
        following = content[index + 1] if index + 1 < len(content) else " "
        if ch != " " and following != " ":
            gap = (advance - maxx) + metrics[index + 1][0]
            advance -= max(0, gap - widest)
        pen += advance
    return positions, pen


def _render_set(content: str, px: int, colour: Colour) -> pygame.Surface:
    """A line set letter by letter (`_pen_positions`); the font's own render when it cannot be."""
    found = _pen_positions(content, px) if len(content) > 1 else None
    typeface = font(px)
    if found is None:
        return typeface.render(content, True, colour)
    positions, total = found
    surface = pygame.Surface((max(1, total), typeface.get_height()), pygame.SRCALPHA)
    for ch, x in zip(content, positions, strict=True):
        if ch != " ":
            surface.blit(typeface.render(ch, True, colour), (x, 0))
    return surface


def _line_width(content: str, px: int) -> int:
    """The width `render_even` gives `content` at `px` pixels, before shrinking."""
    times = factor(px)
    found = _pen_positions(content, px * times) if px >= EVEN_FROM and len(content) > 1 else None
    return found[1] if found is not None else font(px * times).size(content)[0]


def render_even(content: str, px: int, colour: Colour) -> pygame.Surface:
    """`content` at `px` pixels with even letter spacing: drawn `factor` times larger, then shrunk."""
    content = drawable(content)
    times = factor(px) if content else 1
    big = (_render_set(content, px * times, colour) if px >= EVEN_FROM and content
           else font(px * times).render(content, True, colour))
    if times == 1:
        return big
    size = (_shrink(big.get_width(), times), _shrink(big.get_height(), times))
    return pygame.transform.smoothscale(big, size)


def render(content: str, size: str | int = "body", colour: Colour = TEXT) -> pygame.Surface:
    """The rendered text, from the cache when it was drawn before (least recently used goes first)."""
    key = (content, pixels(size), colour)
    surface = _rendered.get(key)
    if surface is None:
        surface = render_even(content, pixels(size), colour)
        _rendered[key] = surface
        if len(_rendered) > CACHE_LIMIT:
            _rendered.popitem(last=False)
    else:
        _rendered.move_to_end(key)
    return surface


def blit(target: pygame.Surface, content: str, pos: tuple[float, float], size: str | int = "body",
         colour: Colour = TEXT, anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    """Draw text with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    surface = render(content, size, colour)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        target.blit(render(content, size, (0, 0, 0)), rect.move(2, 3))
    target.blit(surface, rect)
    for rects in _recorders:
        rects.append(rect.move(0, 0) if not shadow else rect.union(rect.move(2, 3)))
    return rect


@contextmanager
def recording() -> Iterator[list[pygame.Rect]]:
    """Every text rect blitted inside (its shadow included), in order: where a screen has its
    words, so an overlay can keep its panel's edges off them (game.client.clearance)."""
    rects: list[pygame.Rect] = []
    _recorders.append(rects)
    try:
        yield rects
    finally:
        _recorders.remove(rects)


_widths: dict[tuple[str, int], int] = {}


def width(content: str, size: str | int = "body") -> int:
    """Pixel width of a line (cached: layout asks the same questions every frame)."""
    key = (content, pixels(size))
    found = _widths.get(key)
    if found is None:
        if len(_widths) > CACHE_LIMIT * 4:
            _widths.clear()
        px = pixels(size)
        found = _widths[key] = _shrink(_line_width(drawable(content), px), factor(px))
    return found


def wrap(content: str, max_width: int, size: str | int = "body") -> list[str]:
    """Split text into lines no wider than `max_width` pixels (a paragraph break is a newline)."""
    out: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if not line or width(trial, size) <= max_width:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def balanced_wrap(content: str, max_width: int, size: str | int = "body") -> list[str]:
    """`wrap`, each paragraph in as many lines as `wrap` gives it but as even as they can be: the
    narrowest width that still needs no more lines. A centred line that wraps then never leaves a
    word or two alone on its last line (a level's idea on the result panel ending in 'corner.')."""
    out: list[str] = []
    for paragraph in content.split("\n"):
        lines = wrap(paragraph, max_width, size)
        low, high = max((width(word, size) for word in paragraph.split(" ")), default=0), max_width
        while len(lines) > 1 and low < high:  # fewest lines is monotone in the width: bisect it
            middle = (low + high) // 2
            if len(wrap(paragraph, middle, size)) > len(lines):
                low = middle + 1
            else:
                high = middle
        out.extend(wrap(paragraph, high, size) if len(lines) > 1 else lines)
    return out


def fit(content: str, max_width: int, size: str | int = "body", smallest: int = 14) -> int:
    """The largest pixel size, at most `size`, at which `content` fits on one line."""
    px = pixels(size)
    while px > smallest and width(content, px) > max_width:
        px -= 1
    return px
