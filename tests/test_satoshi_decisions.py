"""Finding Satoshi decisions: the choice tree offers only legal actions and every legal step action,
and the panel, driven by keys and clicks, returns what the player meant (and nothing illegal)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from game.bitcoin import Buy, Guess, Move, Offer, apply, is_legal, legal_actions, step_actions
from game.bitcoin.bank import buy_actions, guess_actions, save_actions, sell_actions
from game.bitcoin.choices import distinct_moves, same_move
from game.client.satoshi import decision_nodes as nodes
from game.client.satoshi import decision_words as words
from game.client.satoshi import decisions as dec
from game.client.satoshi import money_tools as tools
from game.client.satoshi.decision_panel import DecisionPanel
from game.client.satoshi.panel_widgets import Row, Stepper, ToolButton
from game.client.satoshi.session import TableSession, default_setup

RECT = pygame.Rect(860, 420, 400, 360)
NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")


def games(count: int, step_bias: float = 0.85):
    """Seeded random games over 2-6 players, advanced rules on and off; yields every state.

    Play leans to step actions (free actions would make long, dull games) but takes free ones too,
    so offers and their answers come up."""
    for seed in range(count):
        players, advanced = 2 + seed % 5, seed % 2 == 0
        session = TableSession.start(replace(default_setup(players, humans=players), seed=seed, advanced=advanced))
        rng = random.Random(seed)
        while not session.is_over:
            yield session
            state = session.state
            choices = step_actions(state) if rng.random() < step_bias else legal_actions(state)
            session.apply(rng.choice(choices))


# --- the pure model ---------------------------------------------------------------------------
def test_the_tree_offers_only_legal_actions_and_every_legal_step_action():
    phases = Counter()
    for number, session in enumerate(games(36)):
        state = session.state
        if state.phase not in ("fee", "offer", "job") and number % 3:
            continue  # every third common state is plenty; the rarer phases are all checked
        view = session.decision_view()
        decision = dec.build(view, session.names)
        assert decision.who == state.current_player and decision.heading.startswith(session.names[decision.who])
        offered = nodes.reachable(decision)
        for action in offered:
            assert is_legal(state, action), (state.phase, action)
        for action in step_actions(state):  # a path that ends the same as an offered one is that choice
            assert action in offered or (isinstance(action, Move) and any(
                isinstance(o, Move) and same_move(action, o) for o in offered)), (state.phase, action)
        amounts = {f.kind: f.amounts for f in nodes.walk(decision.tools) if isinstance(f, nodes.AmountForm)}
        assert amounts.get("buy", ()) == tuple(a.btc for a in buy_actions(state)) or state.phase not in (
            "expenses", "move", "fee", "end")
        if state.phase in ("expenses", "move", "fee", "end"):
            assert amounts.get("sell", ()) == tuple(a.btc for a in sell_actions(state))
            assert amounts.get("save", ()) == tuple(a.btc for a in save_actions(state))
            guesses = [n.action for n in nodes.walk(decision.tools) if isinstance(n, nodes.Leaf)]
            found = any(p.revealed and p.role == "satoshi" for p in state.players)
            assert guesses == ([] if found else guess_actions(state))  # none can win once Satoshi is found
            assert all(n.confirm for n in nodes.walk(decision.tools) if isinstance(n, nodes.Leaf))
        else:
            assert decision.tools == ()
        phases[state.phase] += 1
    assert set(phases) == {"expenses", "move", "fee", "job", "offer", "end"}, phases


def test_every_disabled_choice_says_why():
    for session in games(8, step_bias=0.6):
        decision = dec.build(session.decision_view(), session.names)
        for node in nodes.walk((*decision.main, *decision.tools)):
            if isinstance(node, nodes.Note):
                assert node.detail and not re.search(r"player \d", node.detail), node


def test_moves_group_by_destination_and_ask_which_way_only_when_it_matters():
    """One row per distance; a distance with one place to land is that move (one click); each
    place once, and "Which way?" never for paths that end the same (choices.same_move)."""
    several_paths = single = groups = 0
    for session in games(20):
        state = session.state
        if state.phase != "move":
            continue
        decision = dec.build(session.decision_view(), session.names)
        moves = [a for a in step_actions(state) if isinstance(a, Move)]
        for spaces in (1, 2, 3):
            mine = [m for m in moves if m.spaces == spaces]
            several_paths += len(mine) > len({m.path[-1] for m in mine})
        for node in decision.main:
            if isinstance(node, nodes.Leaf) and isinstance(node.action, Move):
                single += 1
                assert node.label.startswith(f"Move {node.action.spaces} space") and node.space
                continue
            if not isinstance(node, nodes.Menu):
                continue
            groups += 1
            spaces = {n.spaces for n in nodes.reachable(nodes.Decision(0, "move", "", (node,)))}
            assert len(spaces) == 1 and node.label.startswith(f"Move {spaces.pop()} space")
            for space, place in nodes.destinations(node.items).items():
                assert isinstance(place, nodes.Leaf), f"'Which way?' for paths that end the same: {place}"
                assert place.action.path[-1] == space
    assert several_paths and single and groups, (several_paths, single, groups)


def test_a_forced_single_move_is_one_click_and_primary():
    for session in games(30):
        state = session.state
        moves = [a for a in step_actions(state) if isinstance(a, Move)]
        if state.phase != "move" or len(distinct_moves(moves)) != 1:
            continue
        decision = dec.build(session.decision_view(), session.names)
        rows = [n for n in decision.main if isinstance(n, (nodes.Leaf, nodes.Menu)) and _is_move(n)]
        assert len(rows) == 1 and isinstance(rows[0], nodes.Leaf) and rows[0].primary
        return
    raise AssertionError("no forced single move in the seeded games")


def _is_move(node) -> bool:
    return any(isinstance(a, Move) for a in nodes.reachable(nodes.Decision(0, "move", "", (node,))))


def test_bank_and_offer_forms_build_legal_actions():
    checked = 0
    for session in games(10, step_bias=0.7):
        state = session.state
        if state.phase not in ("move", "end") or state.bitcoin <= 0:
            continue
        view = session.decision_view()
        for kind, legal in (("buy", buy_actions(state)), ("sell", sell_actions(state))):
            for action in legal:
                assert nodes.amount_action(kind, action.btc) == action
                label, sums = tools.amount_words(view, kind, action.btc)
                assert f"{action.btc} BTC" in label and f"${state.bitcoin}" in sums
        for to in range(state.n):
            if to == state.turn:
                continue
            limits = tools.offer_limits(view, to)
            offer = Offer(to, *(min(1, m) for m in limits))
            problem = tools.offer_problem(view, offer, session.names)
            assert (problem is None) == is_legal(state, offer)
            too_much = Offer(to, give_usd=limits[0] + 1)
            assert tools.offer_problem(view, too_much, session.names)
            checked += 1
    assert checked > 50


def test_labels_explain_costs():
    session = TableSession.start(replace(default_setup(3, humans=3), seed=4))
    view = session.decision_view()
    label, sums = tools.amount_words(view, "buy", 2)
    fee = view.data.rules.exchange_fee
    assert label == f"Buy 2 BTC for ${2 * view.bitcoin + fee}"
    assert sums == f"2 x ${view.bitcoin} + ${fee} fee = ${2 * view.bitcoin + fee}"
    operator = replace(view, players=tuple(replace(p, jobs=("exchange_operator",)) for p in view.players))
    assert "no fee" in tools.amount_words(operator, "sell", 1)[1]
    assert words.offer_words(Offer(1, give_btc=2), NAMES) == "Give Hal 2 BTC as a gift"
    assert words.offer_words(Offer(2, give_usd=5, get_btc=1), NAMES) == "Give Nick $5 for 1 BTC"


# --- the panel -----------------------------------------------------------------------------------
@pytest.fixture
def app(make_app):
    return make_app()


def find(condition: Callable[[TableSession], bool], count: int = 40, bias: float = 0.85) -> TableSession:
    for session in games(count, bias):
        if condition(session):
            return session
    raise AssertionError("no such state in the seeded games")


def key(panel: DecisionPanel, code: int, mod: int = 0):
    return panel.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))


def click(panel: DecisionPanel, rect: pygame.Rect, pos: tuple[int, int] | None = None):
    where = pos or rect.center
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
    action = panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
    panel.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1))
    return action


def widget(panel: DecisionPanel, label: str):
    return next(w for w, _ in panel.rows if getattr(w, "label", "").startswith(label))


def focus_on(panel: DecisionPanel, label: str) -> None:
    """Tab until the widget with this label has the keyboard focus."""
    for _ in range(len(panel.rows) + 1):
        if getattr(panel.group.focused, "label", "").startswith(label):
            return
        key(panel, pygame.K_TAB)
    raise AssertionError(f"no {label!r} to focus")


def test_choose_two_spaces_then_click_the_destination(app):
    session = find(lambda s: s.state.phase == "move" and sum(
        isinstance(a, Move) and a.spaces == 2 for a in step_actions(s.state)) >= 2)
    panel = DecisionPanel(app, session, RECT)
    assert panel.highlighted_spaces(), "the reachable spaces show before a distance is chosen"
    assert click(panel, widget(panel, "Move 2").rect) is None
    spots = panel.highlighted_spaces()
    assert spots and all(label.startswith("2 spaces") for label in spots.values())
    space = sorted(spots)[0]
    action = panel.click_space(space)
    if action is None:  # several ways lead there: choose the first, previewed first
        key(panel, pygame.K_DOWN)
        key(panel, pygame.K_UP)
        preview = panel.highlighted_path()
        assert preview and preview[-1] == space
        action = key(panel, pygame.K_RETURN)
        assert action.path == preview
    assert isinstance(action, Move) and action.spaces == 2 and action.path[-1] == space
    session.apply(action)


def test_buy_one_bitcoin_by_keyboard_alone(app):
    session = find(lambda s: s.state.phase == "move" and len(buy_actions(s.state)) >= 2)
    panel = DecisionPanel(app, session, RECT)
    focus_on(panel, "Buy")
    assert key(panel, pygame.K_RETURN) is None
    assert isinstance(panel.group.focused, Stepper) and panel.forms.amount == 1
    key(panel, pygame.K_RIGHT)
    assert widget(panel, "Buy 2 BTC for $")
    key(panel, pygame.K_LEFT)
    focus_on(panel, "Buy 1 BTC for $")
    assert key(panel, pygame.K_RETURN) == Buy(1)
    focus_on(panel, "BTC")
    action = key(panel, pygame.K_RETURN)  # Enter on the amount confirms it too
    assert action == Buy(1)
    session.apply(action)


def test_backspace_goes_back_and_steppers_clamp(app):
    session = find(lambda s: s.state.phase == "move" and len(buy_actions(s.state)) >= 2)
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Buy").rect)
    most = len(buy_actions(session.state))
    for _ in range(most + 3):
        key(panel, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert panel.forms.amount == most
    assert widget(panel, f"Buy {most} BTC").label.startswith(f"Buy {most} BTC for $")
    key(panel, pygame.K_BACKSPACE)
    assert panel.page.node is None and any(isinstance(w, ToolButton) for w, _ in panel.rows)


def test_propose_an_offer_with_steppers(app):
    session = find(lambda s: s.state.phase == "move" and s.state.players[s.state.turn].btc >= 1
                   and any(isinstance(a, Offer) for a in legal_actions(s.state)))
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Offer").rect)
    propose = widget(panel, "Propose")
    assert not propose.enabled and click(panel, propose.rect) is None  # an empty offer is not an offer
    give_btc = widget(panel, "You give BTC")
    plus_one = next(box for step, box in give_btc.boxes() if step == 1)
    click(panel, give_btc.rect, plus_one.center)
    assert panel.forms.give_btc == 1 and widget(panel, "Propose").enabled
    action = click(panel, widget(panel, "Propose").rect)
    assert action == Offer(panel.forms.to, give_btc=1)
    session.apply(action)
    answer = DecisionPanel(app, session, RECT)
    assert answer.decision.who == action.to
    assert "gift" in answer.decision.heading and session.names[session.state.turn] in answer.decision.heading


def test_propose_an_offer_by_keyboard(app):
    session = find(lambda s: s.state.phase == "end" and s.state.players[s.state.turn].usd >= 6
                   and any(isinstance(a, Offer) for a in legal_actions(s.state)))
    panel = DecisionPanel(app, session, RECT)
    focus_on(panel, "Offer")
    key(panel, pygame.K_RETURN)
    key(panel, pygame.K_RIGHT)  # the next player
    others = [i for i in range(session.state.n) if i != session.state.turn]
    to = others[1 % len(others)]
    assert panel.forms.to == to
    focus_on(panel, "You give $")
    key(panel, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    key(panel, pygame.K_RIGHT)
    assert key(panel, pygame.K_RETURN) == Offer(to, give_usd=6)


def test_an_offer_that_cannot_be_made_says_why(app):
    session = find(lambda s: s.state.phase == "move" and any(isinstance(a, Offer) for a in legal_actions(s.state)))
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Offer").rect)
    panel.forms.give_usd = session.state.players[session.state.turn].usd + 1  # beyond what she holds
    notes = " ".join(note[0] for note in panel._notes())
    assert "only hand over money it holds" in notes


def test_guess_asks_for_confirmation_with_the_stakes(app):
    session = find(lambda s: s.state.phase == "move" and guess_actions(s.state) and s.state.n > 2
                   and s.state.players[s.state.turn].btc > 0 and s.state.players[s.state.turn].role != "satoshi")
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Guess").rect)
    target = guess_actions(session.state)[0].target
    name = session.names[target]
    assert click(panel, widget(panel, name).rect) is None
    assert "lose all" in panel._title() and "doubled" in panel._title()
    assert key(panel, pygame.K_RETURN) is None  # the focus starts on Back
    assert isinstance(panel.page.node, nodes.Menu)
    assert click(panel, widget(panel, name).rect) is None
    key(panel, pygame.K_BACKSPACE)
    assert click(panel, widget(panel, name).rect) is None
    action = click(panel, widget(panel, "Yes: guess").rect)
    assert action == Guess(target)


def test_number_keys_pick_rows_and_a_muted_tool_says_why(app):
    session = find(lambda s: s.state.phase == "end" and not buy_actions(s.state))
    panel = DecisionPanel(app, session, RECT)
    buy = widget(panel, "Buy")
    assert isinstance(buy, ToolButton) and buy.muted
    click(panel, buy.rect)
    assert panel.status and panel.status == buy.hint
    rows = [w for w, _ in panel.rows if isinstance(w, Row)]
    action = key(panel, pygame.K_1 + len(rows) - 1)
    assert action is not None and is_legal(session.state, action)


def test_random_input_never_returns_an_illegal_action_and_stays_inside(app):
    rng = random.Random(5)
    keys = [pygame.K_TAB, pygame.K_DOWN, pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
            pygame.K_BACKSPACE, pygame.K_1, pygame.K_2, pygame.K_PAGEDOWN]
    surface = pygame.Surface((1280, 800))
    returned = 0
    for number, session in enumerate(games(6, step_bias=0.6)):
        if number % 7:
            continue
        panel = DecisionPanel(app, session, RECT)
        for _ in range(12):
            if rng.random() < 0.5:
                action = key(panel, rng.choice(keys), rng.choice((0, 0, pygame.KMOD_SHIFT)))
            else:
                spot = (rng.randrange(RECT.left, RECT.right), rng.randrange(RECT.top, RECT.bottom))
                action = click(panel, RECT, spot)
            for space in list(panel.highlighted_spaces())[:1]:
                action = action or panel.click_space(space)
            for widget_, _ in panel.rows:
                assert RECT.contains(widget_.rect.inflate(-2, -2)), (panel._title(), widget_.rect)
            panel.draw(surface)
            if action is not None:
                assert is_legal(session.state, action)
                returned += 1
                break
    assert returned > 20


def test_panel_heading_names_the_decider(app):
    session = find(lambda s: s.state.phase == "expenses")
    panel = DecisionPanel(app, session, RECT)
    name = session.names[session.state.turn]
    assert panel._title().startswith(f"{name}: pay for")
    assert all(w.rect.height >= 40 for w, _ in panel.rows)


def test_refresh_keeps_the_open_page_until_the_state_changes(app):
    session = find(lambda s: s.state.phase == "move" and len(buy_actions(s.state)) >= 2)
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Buy").rect)
    key(panel, pygame.K_RIGHT)
    panel.refresh()  # back from the pause: same state
    assert isinstance(panel.page.node, nodes.AmountForm) and panel.forms.amount == 2
    session.apply(Buy(1))
    panel.refresh()
    assert panel.page.node is None


def test_at_the_table_a_click_on_a_highlighted_space_moves_the_pawn(app):
    from game.client.driver import Driver
    from game.client.satoshi.table import TableScene

    session = find(lambda s: s.state.phase == "move" and s.state.turn == 0 and any(
        isinstance(a, Move) and a.spaces == 1 for a in step_actions(s.state)))
    session = TableSession.from_dict(
        {**session.to_dict(), "seats": [{"name": n, "kind": "human" if i == 0 else "random", "colour": i}
                                        for i, n in enumerate(session.names)]})
    scene = TableScene(session)
    app.push(scene)
    drive = Driver(app)
    drive.frames(3)
    panel = scene.panel
    before = len(session.actions)
    space = sorted(s for s, label in panel.highlighted_spaces().items() if label.startswith("1 space"))[0]
    drive.click(scene.track.centre(space))  # straight from the first page: one click
    moved = session.actions[before]
    assert isinstance(moved, Move) and moved.spaces == 1 and moved.path[-1] == space


def test_a_stale_choice_is_refused_with_a_reason_not_returned(app):
    session = find(lambda s: s.state.phase == "move" and len(buy_actions(s.state)) >= 1)
    panel = DecisionPanel(app, session, RECT)
    click(panel, widget(panel, "Buy").rect)
    session.apply(next(a for a in step_actions(session.state) if isinstance(a, Move)))  # the table forgot refresh
    stale = widget(panel, "Buy 1 BTC")
    if is_legal(session.state, Buy(1)):
        pytest.skip("buying is still legal after the move")
    assert click(panel, stale.rect) is None
    assert app.toasts and panel.page.node is None  # said why, and showed the choices of now


def test_short_of_food_and_internet_with_bitcoins_in_hand_the_default_sells_first():
    """Enter on "Pay what I can" missed the move while the player held Bitcoins worth far more
    (seen playing through the window: $29, Food and Internet $64, 4 BTC at $47). The default is
    now the smallest sale that covers them; paying short is still there."""
    from game.bitcoin.actions import Pay, Sell
    from tests.bitcoin.satoshi_helpers import position, with_player

    state = with_player(position(food=32, internet=32, bitcoin=47, phase="expenses"), 0, usd=29, btc=4)
    decision = dec.build(state, ["Ada", "Hal", "Nick", "Wei"])
    default = next(n for n in decision.main if n.primary)
    assert default.action == Sell(1) and "Sell 1 BTC" in default.label  # $29 + $47 - $5 fee covers $64
    assert any(isinstance(n.action, Pay) for n in decision.main)
    poor = with_player(state, 0, btc=0)
    default = next(n for n in dec.build(poor, ["Ada", "Hal", "Nick", "Wei"]).main if n.primary)
    assert isinstance(default.action, Pay)
    state, _ = apply(state, Sell(1))
    assert state.phase == "expenses" and next(n for n in dec.build(state, ["A", "B", "C", "D"]).main
                                              if n.primary).action == Pay()
