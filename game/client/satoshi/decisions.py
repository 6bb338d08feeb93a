"""What a human may decide now, as a small tree of labelled choices (pure: no pygame).

`build(view, names)` turns the deciding player's view into a `Decision`: a heading that says
what is being decided and for whom, the turn's main choices (`main`) and, in the phases that
allow them, the money tools (`tools`: buy, sell, save, offer, guess). Every leaf holds one
legal action and every legal step action is reachable, because the tree is built only from
the engine's own lists (`step_actions`, the bank's `buy_actions` ...) and its reasons
(`explain_illegal`); nothing here decides what is legal. A choice that cannot be made now is a
`Note` carrying the engine's reason, so nothing is hidden or ignored without a word.

Moves are grouped by how many spaces are bought, then by destination; a destination reached by
several paths opens a menu of paths. The node shapes are in decision_nodes.py, the words in
decision_words.py, and the money tools with their forms (amounts, offers, the guess) in
money_tools.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bitcoin import Move, TakeJob, explain_illegal, step_actions
from game.bitcoin.actions import Accept, Decline, EndTurn, Pay, Quit, Skip, Swap
from game.bitcoin.bank import FREE_PHASES, exchange_fee, sell_actions
from game.bitcoin.choices import distinct_moves
from game.bitcoin.jobs import move_cost
from game.bitcoin.state import State
from game.bitcoin.turn import expenses_due, free_items
from game.client.satoshi import money_tools
from game.client.satoshi.decision_nodes import Decision, Leaf, Menu, Node, Note
from game.client.satoshi.decision_words import (
    directions,
    job_effect,
    job_name,
    job_pay,
    money,
    move_words,
    named,
    offer_question,
    price_effect,
    space_name,
)
from game.wording import plural, says


# --- the tree ------------------------------------------------------------------------------
def build(view: State, names: Sequence[str]) -> Decision:
    """The choices open to the deciding player of `view` (her own view, or the full state)."""
    who = view.current_player
    if who is None:
        return Decision(-1, "over", "The game is over.", ())
    phase = view.phase
    main = _MAIN[phase](view, names)
    tools = money_tools.tools(view, names) if phase in FREE_PHASES else ()
    return Decision(who, phase, f"{names[who]}: {_question(view, names)}", main, tools)


def _question(view: State, names: Sequence[str]) -> str:
    phase, player = view.phase, view.players[view.turn]
    if phase == "expenses":
        return f"pay for {_expense_words(view)}? You have ${player.usd}."
    if phase == "move":
        verb = "jump" if view.jumping else "move"
        return f"{verb} how far? You have {player.btc} BTC."
    if phase == "fee":
        return f"pay the ${view.fee} Job Opportunity fee? You have ${player.usd}."
    if phase == "job":
        return "take which job card?"
    if phase == "offer":
        offer = view.offer
        assert offer is not None
        return offer_question(offer, names[view.turn])
    return "change jobs, or end the turn?"


def _expense_words(view: State) -> str:
    free_food, free_net = free_items(view, view.turn)  # type: ignore[arg-type]  # reads like a Work
    items = ([] if free_food else [f"Food (${view.food})"]) + ([] if free_net else [f"Internet (${view.internet})"])
    return " and ".join(items) or "nothing"


def _expenses(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    due = expenses_due(view, view.turn)  # type: ignore[arg-type]
    short = due - view.players[view.turn].usd
    if short <= 0:
        return (Leaf("Pay", Pay(), f"${due} in all", primary=True),)
    sale = _covering_sale(view, due)
    first = (sale,) if sale is not None else ()
    either = [a for a in step_actions(view) if isinstance(a, Pay) and a.item]  # her choice (rules 5.1, step 2)
    if either:
        return first + tuple(_one_of_two(view, action, short, default=sale is None and index == 0)
                             for index, action in enumerate(either))
    return (*first, Leaf("Pay what I can", Pay(), f"${short} short: sell BTC or trade first, or miss the move",
                         primary=sale is None))


def _covering_sale(view: State, due: int) -> Leaf | None:
    """Short of Food and Internet but holding the Bitcoins to cover them: the smallest sale that
    does is the default (Enter used to pay what she could and miss the move with Bitcoins in hand)."""
    player = view.players[view.turn]
    fee = exchange_fee(view, player)
    for sale in sell_actions(view):
        gets = sale.btc * view.bitcoin - fee
        if player.usd + gets >= due:
            return Leaf(f"Sell {sale.btc} BTC first", sale,
                        f"${gets} after the ${fee} fee: then Food and Internet (${due}) are paid and you move",
                        primary=True)
    return None


def _one_of_two(view: State, action: Pay, short: int, default: bool) -> Leaf:
    """Her dollars reach Food or Internet but not both: buying this one (the engine lists the
    cheaper first, and it is the default) leaves the other unpaid, so she misses the move."""
    other = "internet" if action.item == "food" else "food"
    price = getattr(view, action.item)
    label = f"Buy {action.item.capitalize()} (${price})" + (" · the cheaper" if price < getattr(view, other) else "")
    detail = (f"{other.capitalize()} stays unpaid: you miss the move. Or sell BTC or trade first "
              f"(${short} short of both)")
    return Leaf(label, action, detail, primary=default)


def _moves(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    """One row per distance bought. A distance with a single place to land is that move itself
    (one click, and a forced move is one click); otherwise it opens the places, which are also
    ringed on the board. Paths that end in the same position are one choice (`distinct_moves`).
    A distance the player cannot pay for is there too, greyed, saying what it costs and what she has."""
    out: list[Node] = []
    moves = distinct_moves([a for a in step_actions(view) if isinstance(a, Move)])
    player = view.players[view.turn]
    for spaces in (1, 2, 3):
        mine = [m for m in moves if m.spaces == spaces]
        cost = move_cost(player, view.data, spaces)
        label = f"Move {move_words(view, spaces)}"
        if not mine:
            if cost > player.btc:  # greyed, with why: "3 spaces · 4 BTC, you have 1"
                out.append(Note(label, f"{move_words(view, spaces)}, you have {player.btc}"))
            continue
        places = _destinations(view, mine)
        if len(places) == 1 and isinstance(places[0], Leaf):
            only = places[0]
            out.append(Leaf(label, only.action, f"To {only.label}; {only.detail}".rstrip("; "), space=only.space,
                            path=only.path, primary=len(moves) == 1))
            continue
        out.append(Menu(label, f"Move {plural(spaces, 'space')} ({cost} BTC): where to?", places,
                        f"{plural(len(places), 'place')} to land: pick one here or a ringed tile"))
    if Skip() in step_actions(view):
        out.append(Leaf("Skip the move", Skip(), "Unemployed: take a Job Opportunity instead"))
    return tuple(out)


def _destinations(view: State, moves: Sequence[Move]) -> tuple[Node, ...]:
    origin = view.players[view.turn].space
    by_space: dict[str, list[Move]] = {}
    for move in moves:
        by_space.setdefault(move.path[-1], []).append(move)
    out: list[Node] = []
    for space, group in by_space.items():
        name = space_name(view, space)
        if len(group) == 1:
            move = group[0]
            out.append(Leaf(name, move, _path_detail(view, origin, move), space=space, path=move.path))
            continue
        paths = tuple(Leaf(directions(view, origin, m.path), m, _path_detail(view, origin, m, False),
                           space=space, path=m.path) for m in group)
        out.append(Menu(name, f"Which way to {name}?", paths, f"{len(group)} ways that end differently",
                        space=space))
    return tuple(out)


def _path_detail(view: State, origin: str, move: Move, with_steps: bool = True) -> str:
    bonus = len(move.path) - move.spaces
    passes = [space_name(view, s) for s in move.path[:-1]]
    words = [directions(view, origin, move.path)] if with_steps else []
    if bonus:
        words.append(f"+{bonus} for passing a pawn" if bonus == 1 else f"+{bonus} for passing pawns")
    if passes and not with_steps:
        words.append("via " + ", ".join(passes))
    return "; ".join(words)


def _fee(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    steps = step_actions(view)
    accept: Node = (Leaf(f"Pay the ${view.fee} fee", Accept(), "Then choose a job card", primary=True)
                    if Accept() in steps else
                    Note(f"Pay the ${view.fee} fee", named(explain_illegal(view, Accept()) or "", names)))
    return accept, Leaf("Let it pass", Decline(), "Keep your jobs; no fee")


def _jobs(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    """"Take no job" first (reachable at once), then each card with what it would pay this player
    at today's table (`income_with`), what taking it does to the prices now (a Bitcoin job moves the
    Bitcoin price by the job effect) and the rest of its card text, whole."""
    held = view.players[view.turn].jobs
    by_job: dict[str, list[TakeJob]] = {}
    for action in step_actions(view):
        if isinstance(action, TakeJob):
            by_job.setdefault(action.job, []).append(action)
    keep = f"Keep {', '.join(job_name(view, j) for j in held)}" if held else "Stay unemployed"
    out: list[Node] = [Leaf("Take no job", Decline(), keep)]
    for job, options in by_job.items():
        card = view.data.jobs[job]
        effect = job_effect(view, job)
        if len(options) == 1:
            role, other = _arrangement(view, options[0], held)
            detail = "; ".join(w for w in (role if held else "", other, price_effect(view, options[0]), effect) if w)
            out.append(Leaf(f"{card.name} · {job_pay(view, options[0])}", options[0], detail, more=card.text))
        else:
            leaves = tuple(Leaf(f"{label} · {job_pay(view, o)}", o,
                                "; ".join(w for w in (detail, price_effect(view, o), effect) if w), more=card.text)
                           for o in options for label, detail in [_arrangement(view, o, held)])
            pays = sorted({job_pay(view, o) for o in options})
            prices = {price_effect(view, o) for o in options}
            shared = prices.pop() if len(prices) == 1 else "the price effect depends on which"
            words = "; ".join(w for w in ("Main or second job", shared, effect) if w)
            out.append(Menu(f"{card.name} · {' or '.join(pays)}", f"Take {card.name}: as main or second job?",
                            leaves, words, more=card.text))
    return tuple(out)


def _arrangement(view: State, action: TakeJob, held: Sequence[str]) -> tuple[str, str]:
    """("As second job, drop Janitor", "Main job: Miner"): where the new job goes and what is kept."""
    main = action.jobs[0] == action.job
    role = "As only job" if len(action.jobs) == 1 else "As main job" if main else "As second job"
    dropped = [job_name(view, j) for j in held if j not in action.jobs]
    if dropped:
        role += f", drop {', '.join(dropped)}"
    kept = [j for j in action.jobs if j != action.job]
    other = f"{'Second' if main else 'Main'} job: {job_name(view, kept[0])}" if kept else ""
    return role, other


def _answer(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    offer = view.offer
    assert offer is not None
    get, give = money(offer.give_usd, offer.give_btc), money(offer.get_usd, offer.get_btc)
    detail = " and ".join(([f"You get {get}"] if get != "nothing" else [])
                          + ([f"you give {give}"] if give != "nothing" else []))
    detail = detail[:1].upper() + detail[1:]
    return (Leaf("Accept", Accept(), detail, primary=True),
            Leaf("Decline", Decline(), f"Nothing changes hands; {says(names[view.turn], 'is', 'told no', 'are')}"))


def _end(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    out: list[Node] = []
    jobs = view.players[view.turn].jobs
    for action in step_actions(view):
        if isinstance(action, Quit):
            role = "main" if jobs and jobs[0] == action.job else "second"
            out.append(Leaf(f"Quit {job_name(view, action.job)}", action, f"Give up your {role} job"))
        elif isinstance(action, Swap):
            out.append(Leaf("Swap main and second", action,
                            f"Main: {job_name(view, jobs[1])}, second: {job_name(view, jobs[0])}"))
        elif isinstance(action, Skip):
            out.append(Leaf("Job Opportunity", action, "Unemployed: missed the move, so look for a job"))
        elif isinstance(action, EndTurn):
            out.append(Leaf("End the turn", action, "Next player", primary=True))
    return tuple(out)


_MAIN = {"expenses": _expenses, "move": _moves, "fee": _fee, "job": _jobs, "offer": _answer, "end": _end}

