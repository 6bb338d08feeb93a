"""The turn (chapter 5.1): income, living expenses, the move and its tile, job changes, next player.

Each function changes a Work and leaves it at the next decision: the phase names who must
decide what (see game.bitcoin.rules.legal_actions). Steps with nothing to decide run at once.
"""

from __future__ import annotations

from game.bitcoin.actions import PAY, Move, Pay, TakeJob
from game.bitcoin.events import BANK, LivingExpenses, PawnMoved, TurnEnded, TurnStarted
from game.bitcoin.jobs import collect_income, move_cost, take_job
from game.bitcoin.outcome import finish
from game.bitcoin.state import State
from game.bitcoin.tiles import land, opportunity
from game.bitcoin.work import Work


# --- start of a turn --------------------------------------------------------------------
def start_turn(w: Work, who: int) -> None:
    w.turn, w.missed, w.skipped, w.jumping, w.fee, w.offers = who, False, False, False, 0, 0
    if who == w.first:
        w.round += 1
        if w.round > w.options.max_rounds:
            w.round -= 1
            finish(w, -1, "round limit")
            return
    w.events.append(TurnStarted(who, w.round))
    if w.options.inflation and who == w.first:
        steady_inflation(w, who)
    collect_income(w, who)
    if w.players[who].usd >= expenses_due(w, who):
        pay_expenses(w, who)
    else:
        w.phase = "expenses"


def steady_inflation(w: Work, who: int) -> None:
    """Advanced rule 7.1: Food (1-3) or Internet (4-6) rises by the leading pawn's section."""
    track = w.data.track
    lead = min(w.players, key=lambda p: track.distance[p.space]).space
    section = track.by_id[lead].section
    if section == 0:
        return  # every pawn is on Start
    item = "food" if w.die(who, "steady inflation") <= 3 else "internet"
    w.move_price(item, section, f"steady inflation (section {section})")


# --- living expenses --------------------------------------------------------------------
def free_items(w: Work | State, who: int) -> tuple[bool, bool]:
    """(free Food, free Internet): Pizza Delivery; Student, or starting the turn at a coffee shop."""
    player, track = w.players[who], w.data.track
    space = player.space
    tile = w.layout[track.index[space]]
    coffee = bool(tile) and w.data.tiles[tile].kind == "coffee_shop"
    return "pizza_delivery" in player.jobs, "student" in player.jobs or coffee


def expenses_due(w: Work | State, who: int) -> int:
    free_food, free_net = free_items(w, who)
    return (0 if free_food else w.food) + (0 if free_net else w.internet)


def unpaid_items(w: Work | State, who: int) -> list[tuple[int, str]]:
    """(price, item) of Food and Internet that the player must buy, cheaper first (Food on a tie)."""
    free_food, free_net = free_items(w, who)
    items = (("food", w.food, free_food), ("internet", w.internet, free_net))
    return sorted((price, item) for item, price, free in items if not free)


def pay_choices(state: State, who: int) -> list[Pay]:
    """The ways to pay living expenses now: just `pay`, or, when her dollars reach one of Food
    and Internet but not both, which one she buys (chapter 5.1, step 2 leaves that to her), the
    cheaper first: it is what `pay` buys."""
    due, usd = unpaid_items(state, who), state.players[who].usd
    if len(due) < 2 or usd >= sum(price for price, _ in due):
        return [PAY]
    affordable = [Pay(item) for price, item in due if price <= usd]
    return affordable or [PAY]


def check_pay(state: State, action: Pay) -> str | None:
    """Why this way of paying is not open now, or None."""
    if not action.item:
        return None
    if action.item not in ("food", "internet"):
        return "pay food, pay internet, or just pay"
    if all(item != action.item for _, item in unpaid_items(state, state.turn)):
        return f"{action.item.capitalize()} is free for player {state.turn} this turn"
    return None


def pay_expenses(w: Work, who: int, first: str = "") -> None:
    """Buy Food and Internet; one missing means no move, both missing also sends the pawn to Start.

    `first` is the item bought first: the player's choice when her money reaches one of the two
    but not both; by default the cheaper (Food on a tie).
    """
    free_food, free_net = free_items(w, who)
    status = {"food": "free" if free_food else "unpaid", "internet": "free" if free_net else "unpaid"}
    due = sorted(unpaid_items(w, who), key=lambda d: d[1] != first)  # stable: the chosen one, then by price
    for price, item in due:
        if w.players[who].usd >= price:
            w.take(who, "usd", price, item.capitalize())
            status[item] = "paid"
    bought = sum(s != "unpaid" for s in status.values())
    back = bought == 0
    w.missed = bought < 2
    if w.missed and w.players[who].jobs:
        # chapter 4.3: the Job Opportunity instead of the move belongs to step 3 and only to a
        # player unemployed then; quitting at step 4 must not open it on this missed turn
        w.skipped = True
    w.events.append(LivingExpenses(who, status["food"], status["internet"], w.missed, back))
    if back and w.players[who].space != w.data.track.start:
        origin = w.players[who].space
        w.set(who, space=w.data.track.start)
        w.events.append(PawnMoved(who, origin, w.data.track.start, (), 0, "back to start"))
    w.phase = "end" if w.missed else "move"


# --- the move -----------------------------------------------------------------------------
def make_move(w: Work, who: int, move: Move) -> None:
    player = w.players[who]
    cost = move_cost(player, w.data, move.spaces)
    w.transfer(who, BANK, "btc", cost, f"moving {move.spaces} spaces")
    reason = "jump" if w.jumping else "move"
    w.jumping = False
    w.set(who, space=move.path[-1])
    w.events.append(PawnMoved(who, player.space, move.path[-1], move.path, cost, reason, move.spaces))
    if move.path[-1] == w.data.track.end:
        finish(w, who, "end")
        return
    w.phase = land(w, who, move.path[-1])


def skip_move(w: Work, who: int) -> None:
    """Chapter 4.3: the unemployed player misses the move to get a Job Opportunity."""
    w.missed, w.skipped = True, True
    w.phase = opportunity(w, who)


def pay_fee(w: Work, who: int) -> None:
    w.take(who, "usd", w.fee, "Job Opportunity fee")
    w.fee = 0
    w.phase = opportunity(w, who)


def choose_job(w: Work, who: int, action: TakeJob) -> None:
    take_job(w, who, action, "job opportunity")
    w.phase = "end"


# --- end of the turn ----------------------------------------------------------------------
def end_turn(w: Work) -> None:
    w.events.append(TurnEnded(w.turn))
    start_turn(w, (w.turn + 1) % len(w.players))
