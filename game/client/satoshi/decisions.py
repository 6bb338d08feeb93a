"""What a human may decide now, as a small tree of labelled choices (pure: no pygame).

`build(view, names)` turns the deciding player's view into a `Decision`: a heading that says
what is being decided and for whom, the turn's main choices (`main`) and, in the phases that
allow them, the money tools (`tools`: buy, sell, save, offer, guess). Every leaf holds one
legal action and every legal step action is reachable, because the tree is built only from
the engine's own lists (`step_actions`, the bank's `buy_actions` ...) and its reasons
(`explain_illegal`); nothing here decides what is legal. A choice that cannot be made now is a
`Note` carrying the engine's reason, so nothing is hidden or ignored without a word.

Moves are grouped by how many spaces are bought, then by destination; a destination reached by
several paths opens a menu of paths. Bank amounts and offers are forms: `amount_action` and
`offer_problem` turn what the player set into an action and check it with the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.bitcoin import Action, Buy, Guess, Move, Offer, Save, Sell, TakeJob, explain_illegal, step_actions
from game.bitcoin.actions import Accept, Decline, EndTurn, Pay, Quit, Skip, Swap
from game.bitcoin.bank import FREE_PHASES, buy_actions, exchange_fee, guess_actions, save_actions, sell_actions
from game.bitcoin.choices import distinct_moves, guess_can_be_right, income_with, satoshi_may_be_aside
from game.bitcoin.jobs import move_cost
from game.bitcoin.reference import KIND_NAMES, tile_detail
from game.bitcoin.state import SATOSHI, State
from game.bitcoin.turn import expenses_due, free_items
from game.wording import noun, plural, possessive, says

BANK_KINDS = ("buy", "sell", "save")


@dataclass(frozen=True)
class Leaf:
    """One complete legal action. `confirm` asks first (the guess), saying the `stakes`
    (sentence, tone); `space`/`path` preview a move."""

    label: str
    action: Action
    detail: str = ""
    confirm: str = ""
    stakes: tuple[tuple[str, str], ...] = ()
    space: str = ""
    path: tuple[str, ...] = ()
    primary: bool = False
    more: str = ""  # the whole story (a job card's text), shown below the list while focused


@dataclass(frozen=True)
class Menu:
    """A group of choices; `title` is the heading while it is open. `space`: a move destination."""

    label: str
    title: str
    items: tuple[Node, ...]
    detail: str = ""
    space: str = ""
    more: str = ""


@dataclass(frozen=True)
class Note:
    """A choice that cannot be made now, shown disabled with the engine's reason."""

    label: str
    detail: str


@dataclass(frozen=True)
class AmountForm:
    """Buy, sell or save: the player sets an amount among `amounts` (all legal, in order)."""

    label: str
    title: str
    kind: str
    amounts: tuple[int, ...]


@dataclass(frozen=True)
class OfferForm:
    """A gift or trade to one of `targets`: amounts are free, the engine checks them."""

    label: str
    title: str
    targets: tuple[int, ...]


Node = Leaf | Menu | Note | AmountForm | OfferForm


@dataclass(frozen=True)
class Decision:
    """Everything one seat may decide now."""

    who: int
    phase: str
    heading: str
    main: tuple[Node, ...]
    tools: tuple[Node, ...] = ()


# --- words ---------------------------------------------------------------------------------
def money(usd: int = 0, btc: int = 0) -> str:
    """"$5 and 2 BTC", "$5", "2 BTC" or "nothing"."""
    parts = ([f"${usd}"] if usd else []) + ([f"{btc} BTC"] if btc else [])
    return " and ".join(parts) or "nothing"


def named(reason: str, names: Sequence[str]) -> str:
    """The engine's reasons say "player 2"; the table says the player's name."""
    def swap(match: re.Match[str]) -> str:
        index = int(match[1])
        return names[index] if 0 <= index < len(names) else match[0]
    text = re.sub(r"player (\d+)", swap, reason)
    return text[:1].upper() + text[1:]


def job_name(view: State, job: str) -> str:
    return view.data.jobs[job].name


def space_name(view: State, space: str) -> str:
    """What stands on a track space, as printed on its tile."""
    track = view.data.track
    if space == track.end:
        return "End"
    if space == track.start:
        return "Start"
    tile_id = view.tile_at(space)
    if not tile_id:
        return f"space {space}"
    tile = view.data.tiles[tile_id]
    detail = tile_detail(tile)
    return f"{KIND_NAMES[tile.kind]} ({detail})" if detail else KIND_NAMES[tile.kind]


def move_words(view: State, spaces: int) -> str:
    """"2 spaces · 1 BTC": what a move buys and costs this player."""
    cost = move_cost(view.players[view.turn], view.data, spaces)
    return f"{plural(spaces, 'space')} · {cost} BTC"


def directions(view: State, origin: str, path: Sequence[str]) -> str:
    """"Up, right, up": each step of a path, as seen on the board."""
    by_id = view.data.track.by_id
    here, words = by_id[origin], []
    for space in path:
        nxt = by_id[space]
        words.append("up" if nxt.y > here.y else "right")
        here = nxt
    return ", ".join(words).capitalize()


# --- the tree ------------------------------------------------------------------------------
def build(view: State, names: Sequence[str]) -> Decision:
    """The choices open to the deciding player of `view` (her own view, or the full state)."""
    who = view.current_player
    if who is None:
        return Decision(-1, "over", "The game is over.", ())
    phase = view.phase
    main = _MAIN[phase](view, names)
    tools = _tools(view, names) if phase in FREE_PHASES else ()
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


def offer_question(offer: Offer, proposer: str) -> str:
    """The proposal as its addressee hears it: a gift, a request, or a trade."""
    given, asked = money(offer.give_usd, offer.give_btc), money(offer.get_usd, offer.get_btc)
    if asked == "nothing":
        return f"{proposer} offers you {given} as a gift. Accept?"
    if given == "nothing":
        return f"{proposer} asks you for {asked} as a gift. Accept?"
    return f"{proposer} offers you {given} for your {asked}. Accept?"


def _expense_words(view: State) -> str:
    free_food, free_net = free_items(view, view.turn)  # type: ignore[arg-type]  # reads like a Work
    items = ([] if free_food else [f"Food (${view.food})"]) + ([] if free_net else [f"Internet (${view.internet})"])
    return " and ".join(items) or "nothing"


def _expenses(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    due = expenses_due(view, view.turn)  # type: ignore[arg-type]
    short = due - view.players[view.turn].usd
    if short <= 0:
        return (Leaf("Pay", Pay(), f"${due} in all", primary=True),)
    return (Leaf("Pay what I can", Pay(), f"${short} short: sell BTC or trade first, or miss the move",
                 primary=True),)


def _moves(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    """One row per distance bought. A distance with a single place to land is that move itself
    (one click, and a forced move is one click); otherwise it opens the places, which are also
    ringed on the board. Paths that end in the same position are one choice (`distinct_moves`)."""
    out: list[Node] = []
    moves = distinct_moves([a for a in step_actions(view) if isinstance(a, Move)])
    player = view.players[view.turn]
    for spaces in (1, 2, 3):
        mine = [m for m in moves if m.spaces == spaces]
        if not mine:
            continue
        cost = move_cost(player, view.data, spaces)
        label = f"Move {move_words(view, spaces)}"
        places = _destinations(view, mine)
        if len(places) == 1 and isinstance(places[0], Leaf):
            only = places[0]
            out.append(Leaf(label, only.action, f"To {only.label}; {only.detail}".rstrip("; "), space=only.space,
                            path=only.path, primary=len(moves) == 1))
            continue
        out.append(Menu(label, f"Move {plural(spaces, 'space')} ({cost} BTC): where to?", places,
                        f"{plural(len(places), 'place')} to land: pick one here or a ringed tile"))
    if not moves:
        cheapest = move_cost(player, view.data, 1)
        out.append(Note("No move you can afford", f"One space costs {cheapest} BTC; you have {player.btc} BTC"))
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
    at today's table (`income_with`) and its effect; the focused row's whole card text shows below."""
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
            detail = "; ".join(w for w in (role if held else "", other, effect) if w)
            out.append(Leaf(f"{card.name} · {job_pay(view, options[0])}", options[0], detail, more=card.text))
        else:
            leaves = tuple(Leaf(f"{label} · {job_pay(view, o)}", o, "; ".join(w for w in (detail, effect) if w),
                                more=card.text)
                           for o in options for label, detail in [_arrangement(view, o, held)])
            pays = sorted({job_pay(view, o) for o in options})
            out.append(Menu(f"{card.name} · {' or '.join(pays)}", f"Take {card.name}: as main or second job?",
                            leaves, f"Main or second job; {effect}" if effect else "Main or second job",
                            more=card.text))
    return tuple(out)


def job_pay(view: State, action: TakeJob) -> str:
    """"$60 a turn" or "2 BTC a turn": what this job would pay the player, as she would hold it."""
    currency, amount = income_with(view, view.turn, action.jobs)[action.job]
    return f"${amount} a turn" if currency == "usd" else f"{amount} BTC a turn"


def job_effect(view: State, job: str) -> str:
    """The card's effect without its pay sentence ("Get 60$."), which the row already says."""
    words = view.data.jobs[job].text
    first, _, rest = words.partition(". ")
    return rest if first.startswith("Get ") and rest else words


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


# --- the money tools ------------------------------------------------------------------------
def _tools(view: State, names: Sequence[str]) -> tuple[Node, ...]:
    price, me = view.bitcoin, view.players[view.turn]
    out: list[Node] = [
        _amount(view, names, "buy", buy_actions(view), Buy(1), f"Buy BTC at ${price} each"),
        _amount(view, names, "sell", sell_actions(view), Sell(max(1, me.btc)), f"Sell BTC at ${price} each"),
    ]
    if view.options.savings:
        out.append(_amount(view, names, "save", save_actions(view), Save(1), "Put BTC into savings"))
    out.append(_offer(view, names))
    out.append(_guess(view, names))
    return tuple(out)


def _amount(view: State, names: Sequence[str], kind: str, legal: Sequence[Buy | Sell | Save], probe: Action,
            title: str) -> Node:
    label = kind.capitalize()
    if not legal:
        return Note(label, named(explain_illegal(view, probe) or "nothing to exchange", names))
    return AmountForm(label, title, kind, tuple(a.btc for a in legal))


def _offer(view: State, names: Sequence[str]) -> Node:
    others = tuple(i for i in range(view.n) if i != view.turn)
    probes = [Offer(to, *units) for to in others for units in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))]
    if not any(explain_illegal(view, p) is None for p in probes):
        return Note("Offer", named(explain_illegal(view, probes[0]) or "", names))
    return OfferForm("Offer", "Gift or trade with another player", others)


def _guess(view: State, names: Sequence[str]) -> Node:
    guesses = guess_actions(view)
    if not guesses:
        other = next(i for i in range(view.n) if i != view.turn)
        return Note("Guess", named(explain_illegal(view, Guess(other)) or "", names))
    found = next((i for i, p in enumerate(view.players) if p.revealed and p.role == SATOSHI), None)
    if found is not None:  # public: every guess left is at a Geek, so none can win (choices.py)
        return Note("Guess", f"Satoshi is found ({possessive(names[found], False)} card is face up): "
                             "no guess can win now")
    btc = view.players[view.turn].btc
    leaves = tuple(Leaf(names[g.target], g, "Is this player Satoshi?",
                        confirm=f"{names[view.turn]}: guess that {names[g.target]} holds the Satoshi card?",
                        stakes=guess_stakes(view, g.target)) for g in guesses)
    title = "Who is Satoshi? (one guess per game)"
    if satoshi_may_be_aside(view):
        title = "Who is Satoshi? Maybe nobody: one role card is set aside"
    return Menu("Guess", title, leaves, f"Right: {plural(btc, 'BTC')} doubled; wrong: all lost")


def guess_stakes(view: State, target: int) -> tuple[tuple[str, str], ...]:
    """What the one guess risks, said before it is made: (sentence, "good" / "bad" / "").

    Only the truth: a guess the engine says cannot be right (the guesser holds the Satoshi card)
    promises nothing, and with two players the card set aside may be Satoshi's."""
    btc = view.players[view.turn].btc
    lose = (f"If wrong: you lose all {plural(btc, 'BTC')}." if btc else "If wrong: you hold no BTC to lose.",
            "bad")
    once = ("You get one guess per game.", "")
    if not guess_can_be_right(view, target):
        return (("You hold the Satoshi card yourself, so this guess cannot be right.", "bad"),
                (f"You would lose all {plural(btc, 'BTC')}." if btc else "You hold no BTC to lose.", "bad"), once)
    right = (f"If right: your {plural(btc, 'BTC')} {noun(btc, 'is', 'are')} doubled (and so are Satoshi's)."
             if btc else "If right: Satoshi's BTC are doubled; you hold none, so you gain nothing.", "good")
    if satoshi_may_be_aside(view):
        aside = ("Two players: the third role card lies face down, so Satoshi may not be in play at all; "
                 "then this guess is wrong.", "")
        return right, aside, lose, once
    return right, lose, once


# --- forms: amounts and offers ---------------------------------------------------------------
def amount_action(kind: str, btc: int) -> Buy | Sell | Save:
    return {"buy": Buy, "sell": Sell, "save": Save}[kind](btc)


def amount_words(view: State, kind: str, btc: int) -> tuple[str, str]:
    """The confirm button and its sum: ("Buy 2 BTC for $51", "2 x $23 + $5 fee = $51")."""
    price, fee = view.bitcoin, exchange_fee(view, view.players[view.turn])
    gross = btc * price
    fee_words = f"${fee} fee" if fee else "no fee (Exchange Operator)"
    if kind == "buy":
        return f"Buy {btc} BTC for ${gross + fee}", f"{btc} x ${price} + {fee_words} = ${gross + fee}"
    if kind == "sell":
        net = gross - fee
        label = f"Sell {btc} BTC for ${net}" if net >= 0 else f"Sell {btc} BTC (costs ${-net})"
        return label, f"{btc} x ${price} - {fee_words} = {'-' * (net < 0)}${abs(net)}"
    saved = view.players[view.turn].savings
    return f"Save {btc} BTC", f"Locked until the end; savings become {saved + btc} BTC"


def offer_problem(view: State, offer: Offer, names: Sequence[str]) -> str | None:
    """Why this proposal cannot be made (the engine's words, with names), or None."""
    reason = explain_illegal(view, offer)
    return None if reason is None else named(reason, names)


def offer_words(offer: Offer, names: Sequence[str]) -> str:
    """The proposal in one line, from the proposer's side."""
    give, get = money(offer.give_usd, offer.give_btc), money(offer.get_usd, offer.get_btc)
    if get == "nothing":
        return f"Give {names[offer.to]} {give} as a gift"
    if give == "nothing":
        return f"Ask {names[offer.to]} for {get}"
    return f"Give {names[offer.to]} {give} for {get}"


def offer_limits(view: State, to: int) -> tuple[int, int, int, int]:
    """The most each amount can be: what the proposer and the addressee hold ($, BTC, $, BTC)."""
    me, other = view.players[view.turn], view.players[to]
    return me.usd, me.btc, other.usd, other.btc


# --- walking the tree (tests, and the panel's board clicks) ----------------------------------
def walk(nodes: Sequence[Node]) -> Iterator[Node]:
    for node in nodes:
        yield node
        if isinstance(node, Menu):
            yield from walk(node.items)


def reachable(decision: Decision) -> list[Action]:
    """Every action a player can pick from the tree (forms give each amount they allow)."""
    out: list[Action] = []
    for node in walk((*decision.main, *decision.tools)):
        if isinstance(node, Leaf):
            out.append(node.action)
        elif isinstance(node, AmountForm):
            out += [amount_action(node.kind, n) for n in node.amounts]
    return out


def destinations(nodes: Sequence[Node]) -> dict[str, Leaf | Menu]:
    """The move destinations among `nodes`, by space."""
    return {n.space: n for n in nodes if isinstance(n, (Leaf, Menu)) and n.space}
