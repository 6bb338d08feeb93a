"""Phones as hands (issue 36): a seeded game played to its end by scripted phones over real WebSockets.

The moves are planned first through the engine alone (a seeded random player); then each seat's
phone, a real WebSocket client on 127.0.0.1, sends its own seat's planned moves when its hand
says it is her turn, the table side applies what arrives, and the game must end exactly where
the engine alone ended. Every message each phone received is searched for what must not be
there: another unrevealed role, the seed. The server must be gone when the game ends.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time

import pytest

from game.bitcoin import apply, complete, legal_actions, start_game, step_actions, view_for
from game.bitcoin.actions import Guess, Move, Offer
from game.bitcoin.choices import distinct_moves
from game.bitcoin.state import HIDDEN
from game.client.satoshi.phone_choices import describe
from game.phones.hand import hand_message
from game.phones.server import PhoneServer
from tests.phone_clients import WAIT, open_phone, reachable, ws_url

SEED = 1234567891  # ten digits: never found in a message by chance
NAMES = ("Ada", "Hal", "Nick", "Wei", "Gavin", "Amir")


def planned_game(players: int, seed: int, rounds: int, pick_seed: int):
    """The engine alone: a seeded random player (mostly step actions, sometimes the money tools)."""
    rng = random.Random(pick_seed)
    state, _ = start_game(players, seed, max_rounds=rounds)
    states, actions = [state], []
    while not state.is_over:
        steps = step_actions(state)  # paths that end alike are one choice at the table (distinct_moves)
        moves = [a for a in steps if isinstance(a, Move)]
        steps = [a for a in steps if not isinstance(a, Move)] + distinct_moves(moves)
        pool = steps if rng.random() < 0.85 or not steps else legal_actions(state)
        action = rng.choice(pool)
        state, _ = apply(state, action)
        actions.append(action)
        states.append(state)
    return states, actions


def offered(choices, text: str) -> bool:
    found = reachable(choices)
    return text in found or (text.startswith("offer ") and " ".join(text.split()[:2]) in found)


async def play_by_phones(players: int, rounds: int, pick_seed: int):
    states, plan = planned_game(players, SEED, rounds, pick_seed)
    server = PhoneServer(range(players), NAMES[:players], describe)
    server.start()
    received: dict[int, list[str]] = {seat: [] for seat in range(players)}
    try:
        state, played = states[0], []
        server.publish(state, 0)
        phones = [await open_phone(ws_url(server, seat), f"device-of-seat-{seat}") for seat in range(players)]

        async def phone(seat: int) -> None:
            ws, last = phones[seat], ""
            async for raw in ws:
                received[seat].append(raw)
                message = json.loads(raw)
                if message["type"] == "hand" and message["to_move"] == seat and message["choices"]:
                    action = plan[message["version"]]
                    assert offered(message["choices"], action.text), (action.text, message["choices"])
                    last = json.dumps({"type": "act", "version": message["version"], "action": action.text})
                    await ws.send(last)
                elif message["type"] == "error":  # a machine outpaces the rate limit: wait, send again
                    assert message["code"] == "slow", message
                    await asyncio.sleep(0.3)
                    await ws.send(last)

        async def table() -> None:
            nonlocal state
            while not state.is_over:
                deadline = time.monotonic() + WAIT
                taken = server.take_actions()
                while not taken:
                    assert time.monotonic() < deadline, f"no action arrived for version {len(played)}"
                    await asyncio.sleep(0.002)
                    taken = server.take_actions()
                for seat, version, action in taken:
                    assert version == len(played) and seat == state.current_player
                    state, _ = apply(state, action)
                    played.append(action)
                    server.publish(state, len(played))

        tasks = [asyncio.create_task(phone(seat)) for seat in range(players)]
        await asyncio.wait_for(table(), 60)
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), WAIT)
        for task in tasks:
            assert task.exception() is None, task.exception()
        assert await asyncio.to_thread(server.finished.wait, WAIT)
        return states, plan, state, played, received, server
    finally:
        server.stop()


def test_a_seeded_game_played_by_phones_ends_where_the_engine_alone_ends():
    states, plan, state, played, received, server = asyncio.run(play_by_phones(4, 4, 4))
    assert played == plan
    assert state == states[-1] and state.outcome == states[-1].outcome
    assert any(isinstance(a, Guess) for a in plan)  # a guess turns a card up for every phone
    assert any(isinstance(a, Offer) for a in plan)  # the offers' answers travelled to other phones too
    for seat, messages in received.items():
        hands = [json.loads(m) for m in messages if json.loads(m)["type"] == "hand"]
        assert hands[-1]["outcome"] is not None and json.loads(messages[-1])["type"] == "bye"
        for raw in messages:
            assert str(SEED) not in raw
            message = json.loads(raw)
            if message["type"] != "hand" or message["outcome"]:
                continue
            truth = states[message["version"]]
            assert message["you"]["role"] == truth.players[seat].role
            for other in message["players"]:
                if other["seat"] != seat:
                    shown = truth.players[other["seat"]].role if truth.players[other["seat"]].revealed else None
                    assert other["role"] == shown
    # the server is gone: nothing listens on its port, no address works
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", server.port), timeout=1):
        pass
    assert not server.running


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_hand_is_the_same_whichever_way_the_hidden_cards_lie(players):
    """The whole message to a seat, choices included, is unchanged when the other cards are dealt otherwise."""
    states, _ = planned_game(players, SEED, 5, players)
    for state in states[:: max(1, len(states) // 12)]:
        for seat in range(players):
            mine = hand_message(state, seat, NAMES[:players], describe, 0)
            view = view_for(state, seat)
            hidden = [i for i, p in enumerate(view.players) if p.role == HIDDEN]
            cards = [state.players[i].role for i in hidden] + ([state.aside] if view.aside == HIDDEN else [])
            for shift in range(1, len(cards)):
                dealt = cards[shift:] + cards[:shift]
                other = complete(view, dealt[:len(hidden)], SEED + 1, dealt[len(hidden)] if view.aside == HIDDEN
                                 else None)
                again = hand_message(other, seat, NAMES[:players], describe, 0)
                assert again == mine, (seat, state.round, state.phase)
