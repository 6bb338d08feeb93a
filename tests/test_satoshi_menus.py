"""Finding Satoshi's menus: the game menu, the table setup by keyboard alone, resuming a saved game
(and setting a corrupt one aside), the title's Resume button, and the rules reference pages."""

import random
import sys
import types

import pygame
import pytest

from game.bitcoin import legal_actions
from game.bitcoin.data import load_data
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.rulings import rulings
from game.client.app import App
from game.client.driver import Driver
from game.client.game_select import GameSelectScene
from game.client.games import GAMES
from game.client.satoshi import saves
from game.client.satoshi.menu import SatoshiMenuScene
from game.client.satoshi.rules_pages import CONTENT, CREDIT, build_pages
from game.client.satoshi.rules_scene import SatoshiRulesScene
from game.client.satoshi.session import PAWN_COLOURS, TableSession, default_setup
from game.client.satoshi.setup import SetupDraft, TableSetupScene
from game.client.scenes import Scene
from game.client.storage import Store
from game.client.title import TitleScene


class FakeTable(Scene):
    """Stands in for the Table engineer's TableScene: records what it was given."""

    def __init__(self, session, *, watch=False, exit_at_end=False, on_end=None):
        self.session, self.watch = session, watch


@pytest.fixture
def app(make_app, monkeypatch):
    fake = types.ModuleType("game.client.satoshi.table")
    fake.TableScene = FakeTable
    monkeypatch.setitem(sys.modules, "game.client.satoshi.table", fake)
    return make_app(quiet=True)


def labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.group.widgets]


def focus_on(drive: Driver, scene, label) -> None:
    """Tab until the widget with this label (or this very widget) has the focus."""
    for _ in range(len(scene.group.widgets)):
        focused = scene.group.focused
        if focused is label or (isinstance(label, str) and focused.label == label):
            return
        drive.key(pygame.K_TAB)
    raise AssertionError(f"no widget {label!r}")


def saved_game(app, steps: int = 25) -> TableSession:
    session = TableSession.start(default_setup(3, humans=1))
    rng = random.Random(4)
    for _ in range(steps):
        session.apply(rng.choice(legal_actions(session.state)))
    saves.autosave(app, session)
    return session


# --- the game select card and the menu -------------------------------------------------
def test_game_select_opens_the_menu_with_the_keyboard(app):
    drive = Driver(app)
    app.push(TitleScene())
    app.push(GameSelectScene())
    entry = next(g for g in GAMES if g.key == "satoshi")
    assert entry.available()
    surface = pygame.Surface((400, 200))
    assert entry.draw_icon(surface, surface.get_rect())
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SatoshiMenuScene)


def test_menu_lists_resume_only_with_a_save_and_every_item_opens(app):
    drive = Driver(app)
    menu = SatoshiMenuScene()
    app.push(menu)
    drive.frames(2)
    assert labels(menu) == ["New game", "How to play", "Watch the computers", "Back"]
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], TableSetupScene)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SatoshiRulesScene)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    chooser = app.scenes[-1]
    assert isinstance(chooser, TableSetupScene) and chooser.watch  # the watcher picks seats and strengths
    focus_on(drive, chooser, "Watch")
    drive.key(pygame.K_RETURN)
    watched = app.scenes[-1]
    assert isinstance(watched, FakeTable) and watched.watch
    assert len(watched.session.setup.seats) == 4 and not watched.session.humans
    app.pop()
    session = saved_game(app)
    menu.rebuild()
    assert labels(menu)[1:3] == ["Resume last game", "Games in progress (1)"]
    assert menu.summary.endswith(f"You, Hal and Nick  ·  round {session.state.round}")


# --- setup -----------------------------------------------------------------------------
def test_setup_by_keyboard_alone_six_players_a_hard_seat_a_new_name_and_start(app):
    drive = Driver(app)
    app.push(SatoshiMenuScene())
    drive.key(pygame.K_RETURN)  # New game
    scene = app.scenes[-1]
    assert isinstance(scene, TableSetupScene)
    focus_on(drive, scene, "Players")
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert scene.draft.players == 6
    drive.key(pygame.K_DOWN)  # difficulty
    drive.key(pygame.K_RIGHT)
    assert scene.draft.difficulty == "hard"
    focus_on(drive, scene, scene.fields[1])  # seat 1's name, past the options (their number grows)
    for _ in range(3):
        drive.key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Satoko"))
    drive.frames(2)
    for _ in range(4):  # seat 1 kind, seat 1 colour, seat 2 name, seat 2 kind
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)  # normal -> hard
    assert scene.draft.seats[0].name == "Satoko" and scene.draft.seats[1].kind == "hard"
    focus_on(drive, scene, "Start")
    drive.key(pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, FakeTable) and not table.watch
    seats = table.session.setup.seats
    assert len(seats) == 6 and seats[0].name == "Satoko" and seats[0].kind == "human" and seats[1].kind == "hard"
    assert len({s.colour for s in seats}) == 6
    assert table.session.setup.difficulty == "hard"
    assert not any(isinstance(s, TableSetupScene) for s in app.scenes)  # replaced, not stacked


def test_setup_is_remembered_and_shows_problems_instead_of_starting(app):
    drive = Driver(app)
    app.push(SatoshiMenuScene())
    scene = TableSetupScene()
    app.push(scene)
    focus_on(drive, scene, "Players")
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)  # 4 -> 2 players
    scene.fields[1].value = "   "  # seat 1 without a name
    focus_on(drive, scene, "Start")
    drive.key(pygame.K_RETURN)
    assert "Seat 1 name" in scene.problem and isinstance(app.scenes[-1], TableSetupScene)
    drive.frames(2)  # the reason is drawn, nothing crashes
    app.pop()
    again = TableSetupScene()
    app.push(again)
    assert again.draft.players == 2


def test_a_table_of_computers_only_is_watched(app):
    scene = TableSetupScene()
    app.push(scene)
    scene.draft.seats[0].kind = "easy"
    scene.start()
    assert isinstance(app.scenes[-1], FakeTable) and app.scenes[-1].watch


def test_seed_takes_digits_only_and_colours_never_repeat(app):
    drive = Driver(app)
    scene = TableSetupScene()
    app.push(scene)
    focus_on(drive, scene, scene.seed_field)
    for chunk in ("4x2", " ", "7"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=chunk))
    drive.frames(2)
    assert scene.draft.seed == "427"
    drive.click(scene.fields[1].rect.center)  # a click on a name focuses it, it does not start the game
    assert app.scenes[-1] is scene and scene.group.focused is scene.fields[1]
    drive.click(scene.group.widgets[0].rect.move(-30, 0).midright)  # the Players choice, by mouse
    assert scene.draft.players == 5
    assert scene.draft.table_setup().seed == 427
    draft = SetupDraft()
    draft.set_players(6)
    for step in (1, 1, -1, 1, 1, 1):
        draft.cycle_colour(2, step)
        assert len({s.colour for s in draft.seats[:6]}) == 6  # all taken: nothing to cycle to
    draft.set_players(2)
    seen = set()
    for _ in range(len(PAWN_COLOURS)):
        draft.cycle_colour(1, 1)
        assert draft.seats[1].colour != draft.seats[0].colour
        seen.add(draft.seats[1].colour)
    assert len(seen) == len(PAWN_COLOURS) - 1


# --- resume ----------------------------------------------------------------------------
def test_resume_from_the_menu_is_the_saved_game(app):
    drive = Driver(app)
    session = saved_game(app)
    menu = SatoshiMenuScene()
    app.push(menu)
    focus_on(drive, menu, "Resume last game")
    drive.key(pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, FakeTable)
    assert table.session.state == session.state
    assert [a.text for a in table.session.actions] == [a.text for a in session.actions]


def test_title_resume_opens_the_table_and_a_corrupt_save_is_set_aside(app):
    drive = Driver(app)
    title = TitleScene()
    app.push(title)
    assert labels(title) == ["Play", "Settings", "Recent games", "Quit"]
    session = saved_game(app)
    title.rebuild()
    assert labels(title) == ["Play", "Resume Finding Satoshi", "Settings", "Recent games", "Quit"]
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes[-1], FakeTable) and app.scenes[-1].session.state == session.state
    app.pop()
    path = saves.save_path(app)
    path.write_text('{"format": 1, "seed": "soon"}', encoding="utf-8")
    focus_on(drive, title, "Resume Finding Satoshi")
    drive.key(pygame.K_RETURN)
    assert app.scenes[-1] is title
    assert not path.exists() and path.with_name(path.name + ".corrupt").exists()
    assert any(f"{path.name}.corrupt" in t.message and "seed" in t.message for t in app.toasts)
    assert labels(title) == ["Play", "Settings", "Recent games", "Quit"]
    drive.frames(3)


def test_menu_resume_of_a_corrupt_save_toasts_and_drops_the_button(app):
    drive = Driver(app)
    saved_game(app)
    saves.save_path(app).write_text("not json", encoding="utf-8")
    menu = SatoshiMenuScene()
    app.push(menu)  # opening the menu reads the saves: the damaged one is set aside at once
    drive.frames(2)
    assert app.scenes[-1] is menu and "Resume last game" not in labels(menu)
    assert any(".corrupt" in t.message for t in app.toasts)


# --- rules -----------------------------------------------------------------------------
def test_rules_pages_all_draw_inside_the_page_and_turn_by_keys_and_mouse(app):
    drive = Driver(app)
    scene = SatoshiRulesScene()
    app.push(scene)
    for index in range(len(scene.pages)):
        assert scene.page == index
        surface = pygame.Surface((1280, 800))
        bottom = scene.pages[index].draw(surface, CONTENT)
        assert bottom <= CONTENT.bottom, scene.pages[index].title
        assert not scene.pages[index].overflowing(), scene.pages[index].title
        drive.key(pygame.K_RIGHT)
    assert scene.page == len(scene.pages) - 1
    drive.click(scene.group.widgets[0].rect.center)  # Previous
    assert scene.page == len(scene.pages) - 2
    drive.key(pygame.K_HOME)
    assert scene.page == 0
    drive.key(pygame.K_ESCAPE)
    assert scene not in app.scenes
    jobs = SatoshiRulesScene("Bitcoin jobs")
    assert jobs.pages[jobs.page].title.startswith("Bitcoin jobs")


def test_every_job_tile_card_event_and_ruling_of_the_data_is_on_some_page():
    data = load_data()
    words = "\n".join(t for page in build_pages(data) for t in page.texts())
    assert "Channing Jones" in CREDIT and CREDIT in words
    for job in data.jobs.values():
        assert job.name in words and job.text in words
    for tile in data.tiles.values():
        row = f"{KIND_NAMES[tile.kind]} | {tile_detail(tile)} | {tile.count}"
        assert row in words, tile.id
    for kind in {t.kind for t in data.tiles.values()}:
        assert KIND_NAMES[kind] in words
    for card in data.bitcoin_news.values():
        assert card.headline in words and f"{card.price:+d}$" in words
    for card in data.economic_news.values():
        assert card.headline in words and card.text in words
    for event in data.personal_events.values():
        assert f"{event.roll} | {event.title} | {event.text}" in words
    for level in data.software:
        assert f"{level.version} | +{level.rise}$" in words
    for level in data.mining:
        assert f"{level.level} | +{level.rise}$ | {level.btc}" in words
    for title, _ in rulings(data.rules.max_rounds, data.rules.offers_per_turn):
        assert title in words


# --- several games in progress (issue 16 item 8) --------------------------------------------
def test_a_new_game_never_touches_a_saved_game_and_any_save_resumes(app):
    from game.client.satoshi.saves_scene import ConfirmScene, SavesScene

    drive = Driver(app)
    first = saved_game(app, 25)
    scene = TableSetupScene()
    app.push(scene)
    scene.start()  # a new game: the first one's save stays
    second = app.scenes[-1].session
    saves.autosave(app, second)
    app.pop()
    games = saves.listing(app)
    assert {g.path for g in games} == {first.saved_as, second.saved_as} and len(games) == 2
    assert {g.names for g in games} == {"You, Hal and Nick", "You, Hal, Nick and Wei"}
    assert all(g.label.endswith(f"round {max(1, g.info.round)}") for g in games)
    listed = SavesScene()
    app.push(listed)
    drive.frames(2)
    older = next(i for i, g in enumerate(listed.games) if g.path == first.saved_as)
    listed.group.widgets[2 * older].activate()  # resume the older game, not just the newest
    assert isinstance(app.scenes[-1], FakeTable) and app.scenes[-1].session.state == first.state
    app.pop()
    listed.group.widgets[2 * older + 1].activate()  # Delete asks first
    assert isinstance(app.scenes[-1], ConfirmScene)
    drive.key(pygame.K_ESCAPE)  # cancel keeps it
    assert first.saved_as.exists()
    listed.group.widgets[2 * older + 1].activate()
    focus_on(drive, app.scenes[-1], "Delete it")
    drive.key(pygame.K_RETURN)
    assert not first.saved_as.exists() and second.saved_as.exists()
    assert len(listed.games) == 1


def test_a_save_from_other_rules_data_stays_listed_and_is_refused_with_a_reason(app):
    import json as json_

    session = saved_game(app)
    raw = json_.loads(session.saved_as.read_text(encoding="utf-8"))
    session.saved_as.write_text(json_.dumps({**raw, "data": "feedfacefeedface"}), encoding="utf-8")
    games = saves.listing(app)
    assert len(games) == 1 and games[0].problem == "made with other rules data"
    assert saves.resume(app, games[0].path) is None
    assert games[0].path.exists()  # not damaged: kept, never replayed on today's numbers
    assert any("other rules data" in t.message for t in app.toasts)
    menu = SatoshiMenuScene()
    app.push(menu)
    assert "Resume last game" not in labels(menu) and "Games in progress (1)" in labels(menu)


# --- hostile files (issue 15) --------------------------------------------------------------------
def test_hostile_saves_are_set_aside_when_the_menu_opens_and_nothing_crashes(app, tmp_path):
    from test_satoshi_session import hostile_saves

    session = saved_game(app)
    raw = session.to_dict()
    folder = saves.folder(app)
    (tmp_path / "src").mkdir()
    for index, path in enumerate(hostile_saves(tmp_path / "src", raw).values()):
        path.replace(folder / f"hostile-{index}.json")
    (folder / "hostile-0.json.corrupt").write_text("an earlier copy", encoding="utf-8")
    menu = SatoshiMenuScene()
    app.push(menu)
    Driver(app).frames(3)
    assert labels(menu)[1:3] == ["Resume last game", "Games in progress (1)"]  # the sound save is still there
    left = sorted(p.name for p in folder.iterdir())
    assert [p for p in left if p.startswith("hostile") and p.endswith(".json")] == []
    assert "hostile-0.json.corrupt.2" in left and (folder / "hostile-0.json.corrupt").read_text() == "an earlier copy"
    assert len(app.toasts) >= 5 and all(len(t.message) <= 160 for t in app.toasts)


def test_a_hostile_setup_memory_is_set_aside_and_the_defaults_used(app):
    from game.client.satoshi import setup_memory

    path = app.store.folder / setup_memory.MEMORY_FILE
    good = {"format": 1, "play": SetupDraft.fresh().to_dict(), "watch": SetupDraft.fresh(True).to_dict()}
    import json as json_

    bad_name = json_.loads(json_.dumps(good))
    bad_name["play"]["seats"][0]["name"] = "A\x00B"
    cases = ["[" * 100_000 + "]" * 100_000, json_.dumps(good)[:-1] + ', "x": ' + "9" * 5000 + "}",
             json_.dumps(bad_name), json_.dumps(good).replace('"You"', '"\\ud800"', 1),
             json_.dumps({**good, "play": {**good["play"], "seed": "1" * 1_000_000}})]
    for body in cases:
        path.write_text(body, encoding="utf-8")
        app.toasts.clear()
        scene = TableSetupScene()
        app.push(scene)
        Driver(app).frames(2)
        assert scene.draft.seats[0].name == "You" and scene.draft.players == 4  # the defaults
        assert app.toasts and len(app.toasts[0].message) <= 160 and "corrupt" in app.toasts[0].message
        app.pop()
    assert len(list(app.store.folder.glob(setup_memory.MEMORY_FILE + ".corrupt*"))) == len(cases)


def test_the_setup_is_remembered_across_a_restart_with_house_rules_and_watch_choices(app, tmp_path):
    scene = TableSetupScene()
    app.push(scene)
    scene.draft.set_players(3)
    scene.draft.max_rounds, scene.draft.offers_per_turn = 30, 1
    scene.draft.seats[1].kind = "hard"
    scene.start()
    assert app.scenes[-1].session.state.options.max_rounds == 30
    watch = TableSetupScene(watch=True)
    app.push(watch)
    assert "Animation speed" in labels(watch)
    kinds = [w for w in watch.group.widgets if getattr(w, "options", None) and w.options[0][0] == "random"]
    assert kinds and all(value != "human" for value, _ in kinds[0].options)  # computers only
    watch.draft.set_players(5)
    watch.draft.seats[0].kind = "easy"
    app.pop()
    later = App(store=Store(app.store.folder))  # a restart: a new App on the same folder
    again, watched = TableSetupScene(), TableSetupScene(watch=True)
    later.push(again)
    assert again.draft.players == 3 and again.draft.max_rounds == 30 and again.draft.offers_per_turn == 1
    assert again.draft.seats[1].kind == "hard"
    later.pop()
    later.push(watched)
    assert watched.draft.players == 5 and watched.draft.seats[0].kind == "easy"


def test_rules_pages_explain_the_set_aside_card_and_which_rules_are_ours():
    data = load_data()
    pages = {page.title: "\n".join(page.texts()) for page in build_pages(data)}
    roles = next(words for title, words in pages.items() if "two-player" in title)
    assert "set aside face down" in roles and "Satoshi may not be in play" in roles
    house = next(words for title, words in pages.items() if title.startswith("House rules"))
    assert f"usually {data.rules.max_rounds} rounds" in house and f"usually {data.rules.offers_per_turn}" in house
    assert house.count("Not in the printed rules") == 2 and house.count("Why:") == 2
    numbers = pages["The numbers"]
    assert "rules text 4.4" in numbers and numbers.count("ours: an option at setup") == 2


def test_the_list_scrolls_to_every_game_and_an_old_single_save_is_listed_but_not_replayed(app):
    import json as json_

    from game.client.satoshi.saves_scene import ROWS, SavesScene

    drive = Driver(app)
    for seed in range(ROWS + 2):
        session = TableSession.start(default_setup(3, humans=1))
        session.seed = seed  # distinct files (the name holds the seed)
        saves.autosave(app, session)
    old = TableSession.start(default_setup(2, humans=1)).to_dict()
    del old["data"]
    saves.legacy_path(app).write_text(json_.dumps({**old, "format": 1}), encoding="utf-8")
    listed = SavesScene()
    app.push(listed)
    assert len(listed.games) == ROWS + 3
    reached = set()
    for _ in range(2 * (ROWS + 3)):
        if listed.group.focus < 2 * ROWS:
            reached.add(listed.games[listed.first + listed.group.focus // 2].path)
        drive.key(pygame.K_DOWN)
    assert len(reached) == ROWS + 3  # Down brought every game into view
    legacy = next(g for g in listed.games if g.path == saves.legacy_path(app))
    assert legacy.problem.startswith("saved by an earlier version")
    assert saves.resume(app, legacy.path) is None and legacy.path.exists()


def test_the_reason_a_save_is_refused_fits_the_toast_from_a_deep_folder(app, tmp_path):
    """Under a long folder (parallel test workers make longer ones) the toast, capped at 160
    characters, lost the words "other rules data" behind the path."""
    import json as json_

    session = saved_game(app)
    deep = tmp_path / ("a-long-folder-name-" * 6) / ("and-another-one-" * 6)
    deep.mkdir(parents=True)
    moved = deep / session.saved_as.name
    raw = json_.loads(session.saved_as.read_text(encoding="utf-8"))
    moved.write_text(json_.dumps({**raw, "data": "feedfacefeedface"}), encoding="utf-8")
    assert saves.resume(app, moved) is None
    assert any("other rules data" in t.message and moved.name in t.message for t in app.toasts)


# --- a group at the setup screen (issue 33: play through as a new group would) ----------------
def test_setup_opens_on_start_so_enter_plays_the_table_shown(app):
    """The screen used to open with the keyboard in the seed box: Enter started, but a name typed
    went nowhere and digits made a seed. Now the focus is on Start."""
    drive = Driver(app)
    app.push(SatoshiMenuScene())
    drive.key(pygame.K_RETURN)  # New game
    scene = app.scenes[-1]
    assert scene.group.focused.label == "Start"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="42"))
    drive.frames(2)
    assert scene.draft.seed == ""


def test_a_seed_deals_once_and_the_next_game_is_a_fresh_table(app):
    """The same seed deals the same role cards: a group that played it knows who held Satoshi.
    The seed plays the game it was typed for; the setup then opens empty (watching keeps it)."""
    scene = TableSetupScene()
    app.push(scene)
    scene.seed_field.value = "5"
    scene.draft.seats[1].kind = "human"
    scene.start()
    assert app.scenes[-1].session.setup.seed == 5
    again = TableSetupScene()
    app.push(again)
    assert again.draft.seed == "" and again.seed_field.value == ""
    later = App(store=Store(app.store.folder))  # and after a restart
    fresh = TableSetupScene()
    later.push(fresh)
    assert fresh.draft.seed == ""
    watch = TableSetupScene(watch=True)
    later.push(watch)
    watch.seed_field.value = "9"
    watch.start()
    assert TableSetupScene(watch=True) and setup_memory_seed(later, "watch") == "9"


def setup_memory_seed(app, mode: str) -> str:
    from game.client.satoshi import setup_memory

    drafts, _ = setup_memory.load(app.store.folder)
    return drafts[mode].seed


def test_a_second_person_renames_the_default_you(app):
    """"You" is a lone player's name; with two people it read "Pass the device to You", "I am
    You" and "You pay" for one of them. A second person gives the first a name of her own, on
    screen at once, and a chosen name is left alone."""
    drive = Driver(app)
    scene = TableSetupScene()
    app.push(scene)
    assert scene.draft.seats[0].name == "You"
    kinds = [w for w in scene.group.widgets if any(v == "human" for v, _ in getattr(w, "options", ()))]
    kind = kinds[1]  # seat 2's person or computer
    focus_on(drive, scene, kind)
    for _ in range(len(kind.options)):
        if scene.draft.seats[1].kind == "human":
            break
        drive.key(pygame.K_LEFT)
    assert scene.draft.seats[1].kind == "human"
    names = [s.name for s in scene.draft.seats[:4]]
    assert names[0] not in ("You", *names[1:]) and scene.fields[1].value == names[0]
    focus_on(drive, scene, "Start")
    drive.key(pygame.K_RETURN)
    assert "You" not in app.scenes[-1].session.names
    draft = SetupDraft()
    draft.seats[0].name = "Mia"
    draft.set_kind(2, "human")
    assert [s.name for s in draft.seats[:3]] == ["Mia", "Hal", "Nick"]  # chosen names stay
