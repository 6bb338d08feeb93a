"""Finding Satoshi's privacy rule at one screen (docs/PRIVACY.md), checked by rendering.

Seeded games are played through the engine. At each sampled moment every screen the table can
show then (the table, every page of the decision panel, the hand-over, the covered role card,
the pause menu, the deal) is rendered once for every way the hidden cards could lie, and the
pictures must be the same pixel for pixel: nothing on a shared screen may depend on a hidden
role. With one person against computers her own card stays where it is and the others' are
dealt every way. The checker is shown to catch leaks planted on purpose, so it can fail.
"""

import itertools
import random
import zlib
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.bitcoin import Guess, Offer, legal_actions
from game.bitcoin import apply as engine_apply
from game.bitcoin.ai import choose_action
from game.bitcoin.state import GEEK, SATOSHI, State
from game.client.app import App
from game.client.pause import PauseScene
from game.client.satoshi import role_cover
from game.client.satoshi import session as session_module
from game.client.satoshi.decision_nodes import AmountForm, Leaf, Menu, OfferForm
from game.client.satoshi.handover import DealScene, HandoverScene, RoleCardScene
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup
from game.client.satoshi.table import TableScene
from game.client.satoshi.table_draw import TableDrawing
from game.client.storage import Store


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One window for the file (the pictures are many); its data folder is set for the file only
    (MonkeyPatch.context puts COINLAND_DATA_DIR back when the file is done)."""
    folder = tmp_path_factory.mktemp("privacy")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COINLAND_DATA_DIR", str(folder))
        application = App(store=Store(folder))
        application.store.settings.animation_speed = "instant"
        application.present = lambda: None  # the window is not what is compared: the logical picture is
        yield application
        pygame.quit()


# --- every way the hidden cards could lie -------------------------------------------------------
def deals(state: State, fixed: frozenset[int] = frozenset()) -> list[State]:
    """The state with its unrevealed cards (the one set aside included) dealt every possible way;
    seats in `fixed` keep theirs (a lone person knows her own card, so it may show to her)."""
    free = [i for i, p in enumerate(state.players) if not p.revealed and i not in fixed]
    cards = [state.players[i].role for i in free] + ([state.aside] if state.aside else [])
    out = []
    for order in sorted(set(itertools.permutations(cards))):
        players = list(state.players)
        for seat, role in zip(free, order, strict=False):
            players[seat] = replace(players[seat], role=role)
        aside = order[len(free)] if state.aside else state.aside
        out.append(replace(state, players=tuple(players), aside=aside))
    return out


# --- rendering ------------------------------------------------------------------------------------
def picture(app: App, *scenes) -> memoryview:
    """The whole picture with `scenes` stacked (bottom first; none: as it is): one frame, no time
    passing, as the pixels of the logical surface (a live view: copy it to keep it)."""
    if scenes:
        app.scenes.clear()
        for scene in scenes:
            app.push(scene)
    app.toasts.clear()
    app.draw()
    return memoryview(app.surface.get_view("1")).cast("B")


class Shots(dict):
    """Screens by name, kept as checksums (4 MB each otherwise: CRC-32 and Adler-32 of the pixels,
    which differ for any difference this test could meet); `keep` names one to keep whole."""

    def __init__(self, keep: str = "") -> None:
        super().__init__()
        self.keep, self.kept = keep, b""

    def take(self, name: str, pixels: memoryview | bytes) -> None:
        self[name] = (zlib.crc32(pixels), zlib.adler32(pixels), len(pixels))
        if name == self.keep:
            self.kept = bytes(pixels)


def panel_paths(table: TableScene) -> Iterator[tuple[str, ...]]:
    """Every page the decision panel can open now, as a path of row indices from the root."""
    def walk(nodes, path):
        for index, node in enumerate(nodes):
            here = (*path, str(index))
            if isinstance(node, (AmountForm, OfferForm)) or (isinstance(node, Leaf) and node.confirm):
                yield here
            elif isinstance(node, Menu):
                yield here
                yield from walk(node.items, here)
    decision = table.panel.decision
    yield from walk(decision.main, ("main",))
    yield from walk(decision.tools, ("tools",))


def open_path(table: TableScene, path: tuple[str, ...]) -> bool:
    """Open the page at `path` in the panel; False when this deal has no such page (a leak by itself)."""
    panel = table.panel
    nodes = panel.decision.main if path[0] == "main" else panel.decision.tools
    for step in path[1:]:
        index = int(step)
        if index >= len(nodes):
            return False
        node = nodes[index]
        panel._open(node)
        nodes = node.items if isinstance(node, Menu) else ()
    return True


def screens(app: App, session: TableSession, keep: str = "") -> Shots:
    """Every screen the table can show at this moment, by name."""
    out = Shots(keep)
    table = TableScene(session)
    out.take("table", picture(app, table))
    seat = session.to_move
    if session.deal_due:
        deal = DealScene(session)
        for index in range(len(deal.seats)):
            deal.index, deal.looking = index, False
            out.take(f"deal {index} pass", picture(app, deal))
            deal.looking = True
            deal._build()
            out.take(f"deal {index} card covered", picture(app, deal))
    if seat is not None and session.human_to_move:
        out.take("handover", picture(app, HandoverScene(session, seat)))
        session = replace(session, shown_to=seat, dealt=True)  # she has the device
        table = TableScene(session)
        out.take("table, deciding", picture(app, table))
        out.take("role card covered", picture(app, table, RoleCardScene(session, seat)))
        items = [("Look at my role card", lambda: None), ("Quit game", lambda: None)]
        out.take("pause", picture(app, table, PauseScene(items, f"Round {session.state.round}")))
        picture(app, table)
        for path in list(panel_paths(table)):
            table.panel.home()
            out.take(" ".join(path), picture(app) if open_path(table, path) else b"missing page")
    return out


def differences(app: App, session: TableSession, fixed: frozenset[int] = frozenset()) -> list[str]:
    """The screens that differ between two deals of the hidden cards, with where they differ."""
    found: list[str] = []
    every = deals(session.state, fixed)
    first = screens(app, replace(session, state=every[0]))
    for state in every[1:]:
        shown = screens(app, replace(session, state=state))
        for name in sorted(set(first) | set(shown)):
            if first.get(name) != shown.get(name):
                at = where(app, session, every[0], state, name) if not found else "differs"
                found.append(f"round {state.round}, {name}: {at}")
    return found


def where(app: App, session: TableSession, one: State, other: State, name: str) -> str:
    """The box of pixels where one screen differs between two deals, so a failure points at the leak."""
    a, b = (screens(app, replace(session, state=state), keep=name).kept for state in (one, other))
    if len(a) != len(b) or len(a) < 4:
        return "only in one deal"
    size = app.surface.get_bytesize()
    width = app.surface.get_pitch() // size
    cells = [i // size for i in range(0, len(a), size) if a[i:i + size] != b[i:i + size]]
    xs, ys = [c % width for c in cells], [c // width for c in cells]
    return f"{len(cells)} pixels in x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)}"


# --- seeded games ---------------------------------------------------------------------------------
def moments(setup: TableSetup, count: int, every: int = 1) -> Iterator[TableSession]:
    """`count` moments of a seeded game played by easy computers in every seat: the start, then
    people deciding (every `every`-th), with an offer from one person to another and a guess
    made by a person on the way, so answering, a revealed card and the guess pages are seen."""
    session = TableSession.start(setup)
    rng = random.Random(setup.seed)
    yield snapshot(session)
    shown, decisions, offered, guessed = 1, 0, False, False
    while shown < count and not session.is_over:
        state = session.state
        person = session.human_to_move
        if person:
            decisions += 1
            if decisions % every == 0 or state.phase == "offer":
                yield snapshot(session)
                shown += 1
        legal = legal_actions(state)
        offers = [a for a in legal if isinstance(a, Offer) and setup.seats[a.to].human and a.give_usd]
        guesses = [a for a in legal if isinstance(a, Guess)]
        if person and offers and not offered:
            action, offered = offers[0], True
        elif person and guesses and not guessed and decisions > 10:
            action, guessed = guesses[0], True
        else:
            action = choose_action(state, "easy", rng)
        session.apply(action)


def snapshot(session: TableSession) -> TableSession:
    """The session as it is now, kept apart from the game that goes on."""
    return replace(session, actions=list(session.actions), events=list(session.events))


TWO_PEOPLE_TWO_COMPUTERS = TableSetup((Seat("Ada", HUMAN, 0), Seat("Bea", HUMAN, 1), Seat("Hal", "easy", 2),
                                       Seat("Wei", "easy", 3)), seed=3)
TWO_PEOPLE = TableSetup((Seat("Ada", HUMAN, 0), Seat("Bea", HUMAN, 3)), seed=8)
THREE_PEOPLE = TableSetup((Seat("Ada", HUMAN, 0), Seat("Bea", HUMAN, 1), Seat("Cy", HUMAN, 5)), seed=12)
ONE_PERSON = TableSetup((Seat("You", HUMAN, 0), Seat("Hal", "easy", 1), Seat("Nick", "easy", 2),
                         Seat("Wei", "easy", 3)), seed=21)


SHARED = {"2 people 2 computers": (TWO_PEOPLE_TWO_COMPUTERS, 6), "2 people": (TWO_PEOPLE, 5),
          "3 people": (THREE_PEOPLE, 5)}


@pytest.mark.parametrize("name", list(SHARED))
def test_no_shared_screen_depends_on_a_hidden_role(app, name):
    setup, count = SHARED[name]
    checked = 0
    for session in moments(setup, count, every=4):
        assert differences(app, session) == []
        checked += 1
    assert checked == count


def test_with_one_person_only_her_own_card_may_show(app):
    for session in moments(ONE_PERSON, count=3, every=5):
        assert differences(app, session, fixed=frozenset({0})) == []


def test_the_games_checked_reach_every_kind_of_screen(app, monkeypatch):
    """The sampled moments are not all alike: the checks above see all of these."""
    monkeypatch.setattr(app, "draw", lambda: None)  # only the names of the screens are wanted here
    seen: set[str] = set()
    revealed = False
    for setup, count in SHARED.values():
        for session in moments(setup, count, every=4):
            seen |= {name.split()[0] for name in screens(app, session)}
            if session.state.phase in ("offer", "job", "end", "expenses"):
                seen.add(session.state.phase)
            revealed |= any(p.revealed for p in session.state.players)
    assert {"deal", "handover", "role", "pause", "main", "tools", "offer", "job", "end"} <= seen
    assert revealed


def test_the_engine_events_of_a_move_are_the_same_for_every_deal():
    """Timing: every animation and log line comes from an action's events; apart from a guess
    (whose answer is public) they never depend on who holds which card."""
    session = next(itertools.islice(moments(TWO_PEOPLE_TWO_COMPUTERS, count=4, every=2), 3, None))
    for action in legal_actions(session.state):
        if isinstance(action, Guess):
            continue
        results = {repr(engine_apply(state, action)[1]) for state in deals(session.state)}
        assert len(results) == 1, action


# --- the checker can fail ---------------------------------------------------------------------------
def a_person_to_guess() -> TableSession:
    """Two people and two computers, a person to move with the guess open to her."""
    for session in moments(TWO_PEOPLE_TWO_COMPUTERS, count=20):
        if session.human_to_move and any(isinstance(a, Guess) for a in legal_actions(session.state)):
            return session
    raise AssertionError("no person could guess")


def test_a_planted_leak_in_the_guess_words_is_caught(app, monkeypatch):
    """The old words, "You hold the Satoshi card yourself", built from the person's own view."""
    session = a_person_to_guess()
    monkeypatch.setattr(session_module.TableSession, "decision_view",
                        lambda self: session_module.view_for(self.state, self.to_move))
    found = differences(app, session)
    assert any("tools" in line for line in found), found


def test_a_planted_role_badge_is_caught(app, monkeypatch):
    real = TableDrawing.seated

    def leaky(self, view):
        seats = real(self, view)
        seat = self.session.to_move
        if seat is not None:
            seats[seat].own_role = self.session.state.players[seat].role
        return seats

    session = a_person_to_guess()
    monkeypatch.setattr(TableDrawing, "seated", leaky)
    assert any(line.split(": ")[0].endswith("table") for line in differences(app, session))


def test_a_cover_that_tells_the_cards_apart_is_caught(app, monkeypatch):
    real = role_cover.card_back

    def marked(surface, rect):
        real(surface, rect)
        if getattr(marked, "role", "") == SATOSHI:
            surface.fill((255, 0, 0), (rect.left, rect.top, 2, 2))

    def draw(self, surface, focused, hovered):
        marked.role = self.role
        return real_draw(self, surface, focused, hovered)

    real_draw = role_cover.RoleCover.draw
    monkeypatch.setattr(role_cover, "card_back", marked)
    monkeypatch.setattr(role_cover.RoleCover, "draw", draw)
    session = a_person_to_guess()
    assert any("role card covered" in line for line in differences(app, session))


def test_the_card_held_up_does_show_the_role(app):
    """Lifting the cover is the one place a role shows: held, Satoshi and a Geek look different."""
    session = a_person_to_guess()
    seat = session.to_move
    pictures = set()
    for role in (SATOSHI, GEEK):
        players = list(session.state.players)
        players[seat] = replace(players[seat], role=role)
        mine = replace(session, state=replace(session.state, players=tuple(players)), shown_to=seat)
        card = RoleCardScene(mine, seat)
        covered = bytes(picture(app, card))
        card.cover.held = True
        pictures.add((covered, bytes(picture(app))))
    (geek_covered, geek_held), (satoshi_covered, satoshi_held) = sorted(pictures)
    assert geek_covered == satoshi_covered and geek_held != satoshi_held

