"""The public rules API: who decides, what is legal, and what an action does.

Phases and who decides (`current_player`):

    expenses  the player can't pay Food and Internet from her $: exchange, trade, then `pay`
              (`pay food` / `pay internet` when her $ reach either but not both: her choice)
    move      a move (`move N path...`), `skip` if unemployed, or a free action
    fee       a paid Job Opportunity: `accept` (pay the fee) or `decline`, or a free action
    job       which job to take (`take ...`) or `decline`
    offer     the addressee of an offer answers `accept` or `decline`
    end       `quit JOB`, `swap`, `skip` (unemployed who missed the move), free actions, `end`
    over      nothing

Free actions (any time during one's own turn, in expenses / move / fee / end): buy, sell, save,
offer, guess. `legal_actions` lists every legal action, except that offers between players are
listed as a small menu; `explain_illegal` and `apply` accept any legal amounts.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.bitcoin.actions import (
    ACCEPT,
    DECLINE,
    END,
    FREE_ACTIONS,
    SKIP,
    SWAP,
    Accept,
    Action,
    Decline,
    EndTurn,
    Move,
    Pay,
    Quit,
    Skip,
    Swap,
    TakeJob,
)
from game.bitcoin.bank import FREE_PHASES, answer_offer, apply_free, check_free, free_actions
from game.bitcoin.events import Event, JobDeclined, JobsSwapped
from game.bitcoin.history import History
from game.bitcoin.jobs import is_fiat, job_options, lose_job
from game.bitcoin.moves import check_move, legal_moves
from game.bitcoin.state import Outcome, State
from game.bitcoin.turn import (
    check_pay,
    choose_job,
    end_turn,
    make_move,
    pay_choices,
    pay_expenses,
    pay_fee,
    skip_move,
)
from game.bitcoin.work import Work


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the message says why."""


# --- who and what ------------------------------------------------------------------------
def current_player(state: State) -> int | None:
    """Who must decide now (None once the game is over)."""
    return state.current_player


def is_over(state: State) -> bool:
    return state.phase == "over"


def outcome(state: State) -> Outcome | None:
    """Winners, the winning condition and tie-break; None while the game goes on."""
    return state.outcome


def scores(state: State) -> tuple[tuple[int, int], ...]:
    """Each player's ($, BTC including savings): what the winning conditions count."""
    return tuple((p.usd, p.btc + p.savings) for p in state.players)


def _skip_open(state: State) -> bool:
    player = state.players[state.turn]
    if player.jobs or state.skipped:
        return False
    return (state.phase == "move" and not state.jumping) or (state.phase == "end" and state.missed)


def _swap_open(state: State) -> bool:
    jobs = state.players[state.turn].jobs
    return len(jobs) == 2 and not is_fiat(state.data, jobs[0])


def legal_actions(state: State) -> list[Action]:
    """Every action the deciding player may take now (offers as a menu, see the module doc)."""
    steps = step_actions(state)
    return steps + free_actions(state) if state.phase in FREE_PHASES else steps


def step_actions(state: State) -> list[Action]:
    """The legal actions that are not free actions (buy, sell, save, offer, guess)."""
    phase = state.phase
    if phase == "over":
        return []
    if phase == "offer":
        return [ACCEPT, DECLINE]
    if phase == "job":
        return [*job_options(state.players, state.data, state.turn), DECLINE]
    out: list[Action]
    if phase == "expenses":
        out = [*pay_choices(state, state.turn)]
    elif phase == "move":
        out = [*legal_moves(state)]
        if _skip_open(state):
            out.append(SKIP)
    elif phase == "fee":
        out = ([ACCEPT] if state.players[state.turn].usd >= state.fee else []) + [DECLINE]
    else:
        out = [Quit(j) for j in state.players[state.turn].jobs]
        out += [SWAP] if _swap_open(state) else []
        out += [SKIP] if _skip_open(state) else []
        out.append(END)
    return out


def explain_illegal(state: State, action: Action) -> str | None:
    """Why `action` is not legal now (a sentence for the player), or None when it is."""
    phase = state.phase
    if phase == "over":
        return "the game is over"
    if phase == "offer":
        return None if isinstance(action, (Accept, Decline)) else "answer the offer: accept or decline"
    if phase == "job":
        if isinstance(action, Decline) or action in job_options(state.players, state.data, state.turn):
            return None
        return "take a job card not in play within the job limits, or decline"
    if isinstance(action, FREE_ACTIONS):
        return check_free(state, action) if phase in FREE_PHASES else "not now"
    return _check_step(state, action)


def _check_step(state: State, action: Action) -> str | None:
    phase, player = state.phase, state.players[state.turn]
    if isinstance(action, Pay):
        return check_pay(state, action) if phase == "expenses" else "living expenses are paid at the start of the turn"
    if isinstance(action, Move):
        return check_move(state, action) if phase == "move" else "not the time to move"
    if isinstance(action, Skip):
        if _skip_open(state):
            return None
        return "only a player unemployed when her move comes may miss it for a Job Opportunity, once a turn"
    if isinstance(action, (Accept, Decline)) and phase == "fee":
        if isinstance(action, Accept) and player.usd < state.fee:
            return f"the fee is ${state.fee} and player {state.turn} has ${player.usd}"
        return None
    if phase != "end":
        return f"not possible in the {phase} step"
    if isinstance(action, Quit):
        return None if action.job in player.jobs else f"player {state.turn} has no {action.job} job"
    if isinstance(action, Swap):
        return None if _swap_open(state) else "a Fiat job can only be the main job; swapping needs two Bitcoin jobs"
    if isinstance(action, EndTurn):
        return None
    return "not possible at the end of the turn"


def is_legal(state: State, action: Action) -> bool:
    return explain_illegal(state, action) is None


# --- doing it ----------------------------------------------------------------------------
def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after a legal action and the events it caused, in order; never changes `state`.

    Raises IllegalAction with the reason when the action is not legal now.
    """
    reason = explain_illegal(state, action)
    if reason is not None:
        raise IllegalAction(f"{action.text}: {reason}")
    w = Work(state)
    _do(w, state, action)
    w.history = History.after(state.history, state, action)
    return w.freeze(), w.events


def _do(w: Work, state: State, action: Action) -> None:
    who, phase = state.turn, state.phase
    if phase == "offer":
        answer_offer(w, isinstance(action, Accept))
    elif phase == "job":
        if isinstance(action, TakeJob):
            choose_job(w, who, action)
        else:
            w.events.append(JobDeclined(who, 0))
            w.phase = "end"
    elif isinstance(action, FREE_ACTIONS):
        apply_free(w, action)
    elif isinstance(action, Pay):
        pay_expenses(w, who, action.item)
    elif isinstance(action, Move):
        make_move(w, who, action)
    elif isinstance(action, Skip):
        skip_move(w, who)
    elif isinstance(action, Accept):
        pay_fee(w, who)
    elif isinstance(action, Decline):
        w.events.append(JobDeclined(who, w.fee))
        w.fee, w.phase = 0, "end"
    elif isinstance(action, Quit):
        lose_job(w, who, action.job, "quit")
    elif isinstance(action, Swap):
        main, second = w.players[who].jobs
        w.set(who, jobs=(second, main))
        w.events.append(JobsSwapped(who, second, main))
    else:
        end_turn(w)


def replay(state: State, actions: Iterable[Action]) -> tuple[State, list[Event]]:
    """Apply actions in order: the final state and all events."""
    events: list[Event] = []
    for action in actions:
        state, caused = apply(state, action)
        events.extend(caused)
    return state, events
