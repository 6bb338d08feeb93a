"""Finding Satoshi's ceremonies: the log in plain words, the hand-over, the role card, the reveal.

Headless through the real App; games are played by the computer players with fixed seeds.
"""

import random
import re
from dataclasses import fields, replace

import pygame
import pytest

from game.bitcoin import Guess, Offer, legal_actions, start_game
from game.bitcoin import apply as engine_apply
from game.bitcoin import events as ev
from game.bitcoin.ai import choose_action
from game.client.driver import Driver
from game.client.satoshi.handover import HandoverScene, RoleCardScene
from game.client.satoshi.log_panel import LogPanel
from game.client.satoshi.log_text import NOISE_PAYMENTS, describe
from game.client.satoshi.reveal import RevealScene
from game.client.satoshi.session import HUMAN, Seat, TableSession, TableSetup, default_setup, public_view
from game.client.scenes import Scene

NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")
ROLE_WORDS = ("Satoshi", "Geek")


@pytest.fixture
def app(make_app):
    return make_app(quiet=True)


def played(players: int, seed: int, advanced: bool = False, guess: bool = False):
    """A whole game of easy computers: every (event, public state after it) in order.

    With `guess`, the first player who may guess does so at once, so the game surely has a guess."""
    state, events = start_game(players, seed, advanced=advanced)
    out = [(e, public_view(state)) for e in events]
    rng = random.Random(seed)
    while not state.is_over:
        guesses = [a for a in legal_actions(state) if isinstance(a, Guess)] if guess else []
        action = guesses[0] if guesses else choose_action(state, "easy", rng)
        guess = guess and not guesses
        state, caused = engine_apply(state, action)
        out.extend((e, public_view(state)) for e in caused)
    return out


GAMES = [played(2, 1), played(4, 3, advanced=True), played(6, 5), played(5, 3, guess=True)]


def seats_named(event) -> list[int]:
    """The seats an event is about (the players it names)."""
    names = ("player", "payer", "payee", "first", "to", "target")
    values = [getattr(event, f.name) for f in fields(event) if f.name in names]
    return [v for v in values if isinstance(v, int) and v >= 0]


def is_noise(event) -> bool:
    if isinstance(event, ev.TurnEnded):
        return True
    if isinstance(event, ev.MoneyPaid):
        return event.reason.startswith(NOISE_PAYMENTS)
    if isinstance(event, ev.LivingExpenses):
        return event.food == event.internet == "paid" and not event.missed
    return False


def test_every_event_is_a_sentence_naming_its_seats_by_name():
    seen = set()
    for game in GAMES:
        names = NAMES[:game[0][0].players]
        for event, _ in game:
            seen.add(type(event))
            sentence = describe(event, names)
            if is_noise(event):
                assert sentence is None, event
                continue
            assert sentence and sentence.endswith((".", "!")), (event, sentence)
            assert not re.search(r"player \d", sentence, re.IGNORECASE), sentence  # names, not numbers
            for seat in seats_named(event):
                assert names[seat] in sentence, (event, sentence)
    expected = {ev.GameStarted, ev.TurnStarted, ev.MoneyPaid, ev.PriceChanged, ev.DieRolled, ev.CardDrawn,
                ev.LivingExpenses, ev.PawnMoved, ev.TileLanded, ev.AdvancementMoved, ev.NothingHappens,
                ev.JobTaken, ev.JobQuit, ev.Exchanged, ev.OfferMade, ev.OfferAnswered, ev.RoleRevealed,
                ev.TurnEnded, ev.GameOver, ev.GuessMade}
    assert expected <= seen


def test_sentences_use_the_data_names_of_jobs_tiles_and_cards():
    names = NAMES[:2]
    assert describe(ev.JobTaken(0, "pizza_delivery", True, "deal"), names) == \
        "Ada is dealt the Pizza Delivery Guy/Gal job as main job."
    assert describe(ev.TileLanded(1, "1,0", "gpu-1", "mining"), names) == "Hal lands on Mining: GPU."
    drawn = describe(ev.CardDrawn(1, "bitcoin_news", 5, "Bitcoin conference sold out", "Bitcoin +3$"), names)
    assert drawn == 'Hal draws Bitcoin News 5: "Bitcoin conference sold out" (Bitcoin +3$).'
    assert describe(ev.RoleRevealed(-1, "satoshi"), names) == "The role card set aside was Satoshi."
    assert describe(ev.BitcoinsSaved(0, 2, 5), names) == "Ada puts 2 BTC into savings (now 5 BTC)."


def test_a_lone_human_called_you_reads_in_the_second_person():
    names = ("You", "Hal")
    assert describe(ev.TurnStarted(0, 3), names) == "Round 3: your turn."
    assert describe(ev.MoneyPaid(0, -1, "usd", 20, "Food"), names) == "You pay $20 for Food."
    assert describe(ev.GuessMade(1, 0, False), names) == "Hal guesses that you are Satoshi, and is wrong."
    assert describe(ev.LivingExpenses(0, "unpaid", "paid", True, True), names) == \
        "Your living expenses: Food unpaid and Internet paid: you miss the move and go back to Start."


def test_the_log_never_tells_a_role_before_it_is_revealed():
    for game in GAMES:
        names = NAMES[:game[0][0].players]
        for event, after in game:
            sentence = describe(event, names) or ""
            if isinstance(event, ev.RoleRevealed):
                if event.player >= 0:  # the engine reveals it at this moment: the public table shows it too
                    assert after.players[event.player].role == event.role
                continue
            own_words = " ".join(str(getattr(event, f.name)) for f in fields(event))
            for word in ROLE_WORDS:
                if word in sentence and not isinstance(event, ev.GuessMade):
                    assert word in own_words, (event, sentence)  # the engine's public reason, not a role told


def test_the_handover_screen_hides_the_table_and_hands_over(app):
    class Table(Scene):
        def draw(self, surface):
            surface.fill((255, 0, 255))

    drive = Driver(app)
    session = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1),
                                             Seat("Nick", "easy", 2)), seed=11))
    app.push(Table())
    rng = random.Random(0)
    while session.computer_to_move:
        session.apply(choose_action(session.state, "easy", rng))
    seat = session.to_move
    assert session.needs_handover
    scene = HandoverScene(session, seat)
    app.push(scene)
    drive.frames(3)
    magenta = pygame.mask.from_threshold(app.surface, (255, 0, 255), (2, 2, 2, 255)).count()
    assert magenta == 0  # nothing of the table shows under the hand-over
    assert scene.group.widgets[0].label == f"I am {session.names[seat]}: play my turn"
    drive.key(pygame.K_r)  # no card here: R does nothing on a screen the last player may still hold
    assert app.scene is scene
    drive.key(pygame.K_RETURN)  # "I am NAME: play my turn"
    assert app.scene is not scene
    assert not session.needs_handover and session.shown_to == seat


def test_save_and_quit_from_the_handover_keeps_the_game_and_closes_the_table(app):
    from game.client.satoshi import saves

    class Table(Scene):
        def __init__(self, session):
            self.session = session

    session = TableSession.start(default_setup(3, humans=2))
    app.push(Scene())
    app.push(Table(session))
    scene = HandoverScene(session, 0)
    app.push(scene)
    scene.group.widgets[1].activate()
    assert len(app.scenes) == 1 and saves.has_save(app)
    assert TableSession.load(saves.save_path(app)).seed == session.seed


def test_an_offer_to_the_other_human_gets_its_own_handover_line(app):
    session = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1)), seed=4))
    rng = random.Random(4)
    for _ in range(400):
        offers = [a for a in legal_actions(session.decision_view()) if isinstance(a, Offer)]
        if offers:
            session.apply(offers[0])
            break
        session.apply(choose_action(session.state, "easy", rng))
    else:
        pytest.fail("no offer was ever legal")
    scene = HandoverScene(session, session.to_move)
    app.push(scene)
    assert scene.answering
    drive = Driver(app)
    drive.frames(2)  # the pass screen names who made the offer (the player whose turn it is)
    assert scene.group.widgets[0].label == "I am Hal: answer the offer"  # no role card on the way
    assert "an offer from Ada" in " ".join(scene.lines())


def key_up(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))


def test_the_role_card_stays_covered_until_held_up(app):
    drive = Driver(app)
    many = TableSession.start(default_setup(3, humans=2))
    scene = RoleCardScene(many, 1)
    app.push(scene)
    drive.frames(2)
    assert not scene.shown
    drive.key(pygame.K_r)
    assert scene.shown  # while R is down
    key_up(pygame.K_r)
    drive.frames(1)
    assert not scene.shown and app.scene is scene
    drive.click(scene.cover.rect.center, frames=0)  # a press on the card holds it up ...
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(scene.cover.rect.center),
                                         button=1))
    drive.frames(1)
    assert scene.shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    drive.frames(1)
    assert not scene.shown  # ... and letting go anywhere covers it
    drive.key(pygame.K_r)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    drive.frames(1)
    assert not scene.shown  # a key let go in another window never arrives: losing the focus covers it
    drive.key(pygame.K_ESCAPE)
    assert app.scene is not scene


def test_holding_r_at_the_table_shows_her_own_card_until_let_go(app):
    from game.client.satoshi.table import TableScene

    session = TableSession.start(replace(default_setup(3, humans=2), seed=5))
    session.dealt = True
    table = TableScene(session)
    app.push(table)
    drive = Driver(app)
    while not table.human_deciding():
        if app.scene is not table:
            app.scene._play()  # the hand-over: "I am NAME"
        drive.frames(1)
    drive.key(pygame.K_r)
    card = app.scene
    assert isinstance(card, RoleCardScene) and card.seat == session.to_move and card.shown
    key_up(pygame.K_r)
    drive.frames(1)
    assert app.scene is table


def test_no_card_is_shown_to_the_next_person_before_the_device_is_handed_over(app):
    """Between turns the device may still be with the last person: "Look at my role card" and R
    must not show the next person's card before her hand-over."""
    from game.client.satoshi.table import TableScene

    session = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Hal", HUMAN, 1)), seed=3))
    session.dealt = True
    table = TableScene(session)
    app.push(table)
    assert session.needs_handover and table.own_seat() is None
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode=""))
    assert not any(isinstance(scene, RoleCardScene) for scene in app.scenes)


def test_the_deal_shows_each_person_her_covered_card_once_in_turn(app):
    from game.client.satoshi.handover import DealScene
    from game.client.satoshi.table import TableScene

    session = TableSession.start(TableSetup((Seat("Ada", HUMAN, 0), Seat("Nick", "easy", 1),
                                             Seat("Hal", HUMAN, 2)), seed=4))
    app.push(TableScene(session))
    drive = Driver(app)
    drive.frames(2)
    deal = app.scene
    assert isinstance(deal, DealScene) and not session.actions  # before anyone moves
    for seat in (0, 2):
        assert deal.seat == seat and not deal.looking
        drive.key(pygame.K_RETURN)  # "I am NAME"
        assert deal.looking and deal.cover is not None and not deal.cover.held
        drive.key(pygame.K_r)
        assert deal.cover.held and deal.cover.role == session.state.players[seat].role
        key_up(pygame.K_r)
        drive.key(pygame.K_RETURN)  # "Done"
    assert app.scene is not deal and session.dealt and session.shown_to == 2


def finished_session(players: int, condition: str) -> TableSession:
    for seed in range(300):
        session = TableSession.start(replace(default_setup(players, humans=1), seed=seed))
        rng = random.Random(seed)
        while not session.is_over:
            session.apply(choose_action(session.state, "easy", rng))
        if session.state.outcome.condition == condition:
            return session
    raise AssertionError(f"no {condition} game found")


EVERYONE_6 = finished_session(6, "everyone")
BITCOIN_2 = finished_session(2, "bitcoin")


def test_the_reveal_at_instant_speed_is_finished_at_once_and_names_the_winners(app):
    app.store.settings.animation_speed = "instant"
    closed = []
    scene = RevealScene(BITCOIN_2, watch=True, on_close=lambda: closed.append(1))
    app.push(scene)
    assert scene.finished and closed == [1]
    Driver(app).frames(5)
    assert closed == [1]
    winner = BITCOIN_2.names[BITCOIN_2.state.outcome.winners[0]]
    assert winner in scene.headline
    assert len(scene.cards) == 3 and scene.cards[-1].seat == -1  # the card set aside is turned up too
    assert scene.flipped == set(range(3))


def test_the_reveal_plays_step_by_step_with_satoshi_last_when_everybody_wins(app):
    drive = Driver(app)
    scene = RevealScene(EVERYONE_6)
    app.push(scene)
    assert not scene.finished
    order = scene.flip_order()
    assert scene.cards[order[-1]].role == "satoshi"
    drive.until(lambda: scene.finished, limit=2400)
    assert scene.headline == "Everybody wins!"
    again = RevealScene(EVERYONE_6)
    app.push(again)
    clicks = 0
    while not again.finished:
        drive.click((640, 500), frames=1)
        clicks += 1
        assert clicks <= len(again.steps)  # each click completes one step


def test_play_again_starts_the_same_table_with_a_new_seed_and_menu_goes_back(app):
    from game.client.satoshi.menu import SatoshiMenuScene
    from game.client.satoshi.table import TableScene

    app.store.settings.animation_speed = "instant"
    app.push(SatoshiMenuScene())
    app.push(TableScene(BITCOIN_2))
    reveal = RevealScene(BITCOIN_2)
    app.push(reveal)
    reveal.play_again()
    table = app.scene
    assert isinstance(table, TableScene) and table.session is not BITCOIN_2
    assert table.session.setup.seats == BITCOIN_2.setup.seats
    app.push(RevealScene(BITCOIN_2))
    app.scene.menu()
    assert isinstance(app.scene, SatoshiMenuScene)


def test_the_log_panel_follows_new_lines_until_scrolled_back(app):
    log = LogPanel(pygame.Rect(800, 400, 400, 300), {"Ada": (0, 114, 178)})
    log.add(f"Ada does thing number {k}." for k in range(60))
    assert log.following and log.rows[-1] == "Ada does thing number 59."
    assert log.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    back = log.offset
    assert back > 0
    top_row = log.rows[len(log.rows) - log.offset - 1]
    log.add(["Ada does one more thing."])
    assert log.unseen and log.rows[len(log.rows) - log.offset - 1] == top_row  # what she reads stays put
    assert log.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert log.following and not log.unseen
    log.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(900, 500), rel=(0, 0), buttons=(0, 0, 0)))
    assert log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert log.offset == 3
    assert log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5)) and log.following
    assert not log.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    log.add(["Ada " + "says a very long sentence " * 12])
    assert all(pygame.font.Font(None, 18).size(row)[0] <= log.body.width for row in log.rows[-4:])
    log.draw(app.surface)


def test_the_reveal_with_reduced_motion_flips_without_squeeze_and_still_finishes(app):
    app.store.settings.reduced_motion = True
    scene = RevealScene(EVERYONE_6)
    app.push(scene)
    scene.complete_step()  # past the price and condition: the first card is turning
    flips = set()
    for elapsed in (0.1, 0.3, 0.5, 0.7):
        scene.elapsed = elapsed
        flips.add(scene._flip_amount(scene.current.card))
    assert flips == {0.0, 1.0}
    Driver(app).until(lambda: scene.finished, limit=2400)
    assert len(scene.physics.coins) <= 24  # a smaller shower, no burst at Satoshi's card


def test_a_click_on_the_new_lines_hint_follows_again(app):
    log = LogPanel(pygame.Rect(0, 0, 400, 200))
    log.add(f"Line {k}." for k in range(40))
    log.scroll(10)
    log.add(["Line 40."])
    assert log.unseen
    hint = log.hint_rect.center
    assert log.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint, button=1))
    assert log.following and not log.unseen and log.rows[-1] == "Line 40."


def test_a_lone_human_is_never_asked_to_pass_the_device(app, monkeypatch):
    """Issue 16 item 10: one person against computers never sees a hand-over line, also while the
    board is still moving before her decision (the side panel used to say "Pass the device to You.")."""
    from game.client import text
    from game.client.satoshi.table import TableScene

    drawn: list[str] = []
    real = text.blit

    def record(surface, line, *args, **kwargs):
        drawn.append(str(line))
        return real(surface, line, *args, **kwargs)

    monkeypatch.setattr(text, "blit", record)
    session = TableSession.start(replace(default_setup(3, humans=1), seed=5))
    scene = TableScene(session)
    app.push(scene)
    drive, rng, waited = Driver(app), random.Random(5), 0
    for _ in range(60):
        if session.is_over:
            break
        if session.human_to_move and app.scene is scene:
            scene.act(choose_action(session.state, "easy", rng))  # its animations now play before the next choice
        else:
            session.apply(choose_action(session.state, "easy", rng))
            scene._show(session.events[-1:])
        if session.human_to_move and scene.director.busy:
            waited += 1
        drive.frames(1)
    assert waited  # the board was moving while the lone human was to decide
    assert not [line for line in drawn if "Pass the device" in line]


def test_quit_game_asks_before_a_saved_game_is_thrown_away(app):
    """Issue 16 item 8: "Quit game" never deletes the save unasked; keep or delete, or cancel."""
    from game.client.satoshi import saves
    from game.client.satoshi.saves_scene import ConfirmScene
    from game.client.satoshi.table import TableScene

    drive = Driver(app)
    app.push(Scene())
    for answer, kept in (("Cancel", True), ("Keep it and quit", True), ("Delete it and quit", False)):
        session = TableSession.start(replace(default_setup(3, humans=1), seed=7))
        table = TableScene(session)
        app.push(table)
        saves.autosave(app, session)
        path = session.saved_as
        table.pause()
        table.quit_game()
        question = app.scenes[-1]
        assert isinstance(question, ConfirmScene) and path.exists()
        index = [w.label for w in question.group.widgets].index(answer)
        question.group.widgets[index].activate()
        drive.frames(1)
        assert path.exists() == kept, answer
        if answer == "Cancel":
            assert app.scenes[-1] is not question and table in app.scenes  # back to the game
            while app.scenes[-1] is not table:
                app.pop()
            app.pop()
        else:
            assert table not in app.scenes


def test_the_side_panel_asks_for_the_device_only_when_a_hand_over_is_due(app, monkeypatch):
    """Two people: while the board moves in the middle of a person's own turn, the side panel
    said "Pass the device to Ada." to the person already holding it. It says so only while a
    hand-over is due; otherwise "Your choice comes next."."""
    from game.client import text
    from game.client.satoshi.table import TableScene

    drawn: list[str] = []
    real = text.blit

    def record(surface, line, *args, **kwargs):
        drawn.append(str(line))
        return real(surface, line, *args, **kwargs)

    monkeypatch.setattr(text, "blit", record)
    session = TableSession.start(replace(default_setup(3, humans=2), seed=5))
    session.dealt = True
    scene = TableScene(session)
    app.push(scene)
    drive, rng, mid_turn = Driver(app), random.Random(5), 0
    for _ in range(80):
        if session.is_over:
            break
        if app.scene is not scene:
            drive.key(pygame.K_RETURN)  # "I am NAME": she takes the device
        elif session.human_to_move and not session.needs_handover and not scene.director.busy:
            scene.act(choose_action(session.state, "easy", rng))
        elif session.computer_to_move:
            session.apply(choose_action(session.state, "easy", rng))
            scene._show(session.events[-1:])
        drawn.clear()
        drive.frames(1)
        asked = [line for line in drawn if line.startswith("Pass the device to") and line.endswith(".")]
        if session.human_to_move and not session.needs_handover and scene.director.busy and app.scene is scene:
            mid_turn += 1
            assert not asked and "Your choice comes next." in drawn, drawn
    assert mid_turn  # the board was moving while the person holding the device was to decide
