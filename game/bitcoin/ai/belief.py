"""Who is Satoshi? A belief built from what each player has done in public, never from hidden cards.

Satoshi wins only if everybody wins, so she plays for the price to reach the high limit whatever
the table looks like; a Geek plays for the condition the table points to (most dollars while the
price looks like staying low, most Bitcoins in between). So some choices are likelier from
Satoshi: taking a Bitcoin job (above all the Bitcoin Foundation as main job, which doubles the
Software and News spaces) where a Geek would take a Fiat job or none, walking onto a space that
lifts the price where a Geek would walk around it. A guess is almost never Satoshi's (hers is
always wrong).

Each recorded move and job choice is scored under both hypotheses with the model of play the
computer players use (values.py): how likely is this choice among the ones open, from a player
playing for everybody's win, and from one playing for the condition a Geek reads from the table
(forecast.py)? The ratio of the two is the evidence; `EPSILON` of every choice is assumed made
for reasons the model does not see (another strength, a person), which bounds what one choice can
say. A player's evidence adds up over the game (as logarithms, tempered by `TEMPER` because
choices of one player are not independent), and the odds are Bayes' rule over the cards still
face down: each hidden player, and in a two-player game the card set aside, starts equally likely.

Only the public record is read (game/bitcoin/history.py masks every face-down card, the actor's
own too), so the evidence is the same for every observer and is kept once per recorded action.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.bitcoin.actions import Decline, Guess, Move, TakeJob
from game.bitcoin.ai.forecast import live_condition
from game.bitcoin.ai.values import move_score, option_score
from game.bitcoin.history import History
from game.bitcoin.jobs import job_options
from game.bitcoin.moves import legal_moves
from game.bitcoin.state import HIDDEN, SATOSHI, State
from game.bitcoin.view import hidden_cards, view_for

EPSILON = 0.3  # share of choices made for reasons the model does not see
MOVE_TEMPERATURE = 0.25  # how sharply a move's score decides it (score units)
JOB_TEMPERATURE = 6.0  # how sharply a job's worth decides it ($ a turn)
GUESS_RATIO = 0.1  # a guess is this much less likely from Satoshi than from a Geek
TEMPER = 0.6  # evidence of one player's choices counts this much (they are not independent)
CLIP = 30.0  # the largest log odds kept
#: a right guess doubles the guesser's Bitcoins and a wrong one loses them all, so a guess pays when it is
#: likelier right than wrong; the margin over even covers what the belief cannot know (measured with
#: scripts/audit_satoshi_ai.py: the guesses made at this level were right far more often than not)
GUESS_ODDS = 0.6


# --- the evidence of one recorded action ---------------------------------------------------------
def evidence(node: History) -> tuple[int, float] | None:
    """(who acted, log of how much likelier the action is from Satoshi than from a Geek), or None
    when the action says nothing about roles."""
    action = node.action
    if isinstance(action, Guess):
        return node.actor, math.log(GUESS_RATIO)
    if node.phase == "move" and isinstance(action, Move):
        return _move_evidence(node, action)
    if node.phase == "job" and isinstance(action, (TakeJob, Decline)):
        return _job_evidence(node, action)
    return None


def _choice_ratio(satoshi: Sequence[float], geek: Sequence[float], chosen: int, temperature: float) -> float:
    """log P(chosen | Satoshi's scores) - log P(chosen | a Geek's), each a softmax over the
    choices mixed with a uniform share EPSILON."""
    def likelihood(scores: Sequence[float]) -> float:
        top = max(scores)
        weights = [math.exp((s - top) / temperature) for s in scores]
        return (1 - EPSILON) * weights[chosen] / sum(weights) + EPSILON / len(scores)

    return math.log(likelihood(satoshi)) - math.log(likelihood(geek))


def _move_evidence(node: History, action: Move) -> tuple[int, float] | None:
    position, who = node.public_position(), node.actor
    end = position.data.track.end
    if action.path[-1] == end:
        return None  # the game is over
    geek = live_condition(position)
    choices: dict[tuple[int, str], Move] = {}
    for move in legal_moves(position):
        if move.path[-1] != end:
            choices.setdefault((move.spaces, move.path[-1]), move)
    if len(choices) < 2:
        return None
    keys = list(choices)
    chosen = keys.index((action.spaces, action.path[-1]))
    satoshi_scores = [move_score(position, who, "everyone", choices[k], satoshi=True) for k in keys]
    geek_scores = [move_score(position, who, geek, choices[k]) for k in keys]
    return who, _choice_ratio(satoshi_scores, geek_scores, chosen, MOVE_TEMPERATURE)


def _job_evidence(node: History, action: TakeJob | Decline) -> tuple[int, float] | None:
    position, who = node.public_position(), node.actor
    geek = live_condition(position)
    options: list[TakeJob | None] = [*job_options(position.players, position.data, who), None]
    if len(options) < 2:
        return None
    chosen = options.index(action if isinstance(action, TakeJob) else None)
    satoshi_scores = [option_score(position, who, "everyone", o, satoshi=True) for o in options]
    geek_scores = [option_score(position, who, geek, o) for o in options]
    return who, _choice_ratio(satoshi_scores, geek_scores, chosen, JOB_TEMPERATURE)


def evidence_so_far(record: History | None, players: int) -> tuple[float, ...]:
    """Each player's summed evidence over the record. Kept on every node as it is worked out
    (`notes`), so a game's record is read once however many players ask, and a search's
    branches reuse what they share."""
    pending: list[History] = []
    node = record
    while node is not None and "evidence" not in node.notes:
        pending.append(node)
        node = node.previous
    total = list(node.notes["evidence"]) if node is not None else [0.0] * players
    for node in reversed(pending):
        found = evidence(node)
        if found is not None:
            total[found[0]] += found[1]
        node.notes["evidence"] = tuple(total)
    return tuple(total)


# --- the belief ----------------------------------------------------------------------------------
def satoshi_odds(state: State, me: int) -> dict[int, float]:
    """Probability that each other player holds the Satoshi card, as `me` sees the table (a
    full state is first turned into her view). Empty when she knows there is none to find:
    she holds it herself, or it was set aside and she has seen it."""
    view = state if state.viewer == me else view_for(state, me)
    for i, p in enumerate(view.players):
        if i != me and p.role == SATOSHI:
            return {i: 1.0}
    if SATOSHI not in hidden_cards(view):
        return {}
    hidden = [i for i, p in enumerate(view.players) if p.role == HIDDEN]
    if not hidden:
        return {}
    total = evidence_so_far(view.history, view.n)
    weights = {i: math.exp(max(-CLIP, min(CLIP, TEMPER * total[i]))) for i in hidden}
    aside = 1.0 if view.aside == HIDDEN else 0.0
    whole = sum(weights.values()) + aside
    return {i: w / whole for i, w in weights.items()}


def top_suspect(state: State, me: int) -> tuple[int, float] | None:
    """(the player likeliest to be Satoshi as `me` sees it, that probability), or None."""
    odds = satoshi_odds(state, me)
    if not odds:
        return None
    best = max(sorted(odds), key=lambda i: odds[i])
    return best, odds[best]


def worth_guessing(state: State, me: int) -> Guess | None:
    """A guess at the top suspect when the belief makes it worth its risk (chapter 5.4): the
    guesser has Bitcoins to double (and to lose), has her guess left, and believes the suspect
    holds the Satoshi card at least GUESS_ODDS. Satoshi never guesses (hers is always wrong)."""
    player = state.players[me]
    if player.role == SATOSHI or player.btc == 0 or player.guessed or state.turn != me:
        return None
    suspect = top_suspect(state, me)
    if suspect is None or suspect[1] < GUESS_ODDS or state.players[suspect[0]].revealed:
        return None
    return Guess(suspect[0])
