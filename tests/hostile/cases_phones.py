"""Cases of Phones as hands' two doors: the channel's messages and the page's routes (game/phones/).

Each case starts a real server on 127.0.0.1 for one seeded game, drives it with hostile input in a
shuffled order, and stops it: every message gets one error line and changes nothing, every path
but the page's is 404, and the server is still serving afterwards.
"""

from __future__ import annotations

import http.client
import json

from hostile.cases import Case, Ctx
from hostile.run import Broken, check_line, drive

MESSAGES = ["", " ", "x" * 1500, "null", "[]", "{}", '{"type": null}', '{"type": "act"}', "\u202e{}",
            '{"type": "act", "version": 0, "action": "\\u0000"}', '{"type": "act", "version": 0, "action": "guess 99"}',
            '{"type": "act", "version": 1e999, "action": "pay"}',
            '{"type": "hello", "device": "\\u202e' + "a" * 20 + '"}',
            '{"type": "act", "version": 0, "action": "offer 1 999999usd 0btc for 0usd 0btc"}', "[" * 1000,
            '{"type": "act", "version": 0, "action": "move 3 ../../etc/passwd"}', '{"a": ' * 40 + "1" + "}" * 40]
PATHS = ["/", "/s/", "/s/x", "/ws/x", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/phone.html",
         "/page/phone.js", "/s/" + "A" * 5000, "/s/%00", "/assets/", "/game/phones/server.py", "/favicon.ico"]


def _serve():
    from game.bitcoin import start_game
    from game.phones.server import PhoneServer

    server = PhoneServer(range(3), ("Ada", "Hal", "Nick"))
    server.limits = (100.0, 100, 1000)  # every message read: the rate limit has its own tests
    server.start()
    state, _ = start_game(3, 5)
    server.publish(state, 0)
    return server


def _messages(ctx: Ctx) -> None:
    from websockets.sync.client import connect

    server = _serve()
    try:
        url = server.url(1).replace("http://", "ws://").replace("/s/", "/ws/")
        with connect(url, open_timeout=5, close_timeout=1) as phone:
            phone.send(json.dumps({"type": "hello", "device": "hostile-battery-phone"}))
            json.loads(phone.recv(timeout=5))
            texts = list(MESSAGES)
            ctx.rng.shuffle(texts)
            for text in texts:
                drive(f"phone message {text[:16]!r}", phone.send, text)
                answer = json.loads(drive("the answer", phone.recv, 5))
                if answer.get("type") != "error":
                    raise Broken(f"phone message {text[:16]!r}: answered {answer.get('type')!r}, expected an error")
                check_line(answer["text"], f"phone message {text[:16]!r}")
        if server.take_actions():
            raise Broken("a hostile phone message queued an action")
    finally:
        server.stop()


def _paths(ctx: Ctx) -> None:
    server = _serve()
    try:
        paths = list(PATHS)
        ctx.rng.shuffle(paths)
        for path in paths:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            try:
                connection.request("GET", path)
                status = connection.getresponse().status
            finally:
                connection.close()
            if status != 404:
                raise Broken(f"phone page {path[:40]!r}: status {status}, expected 404")
        if not server.running:
            raise Broken("the phone server stopped after hostile paths")
    finally:
        server.stop()


CASES = [
    Case("text", "hostile phone messages", lambda d, p: d.name == "phone channel", _messages, randomised=True),
    Case("text", "hostile phone page paths", lambda d, p: d.name == "phone page", _paths, randomised=True),
]
