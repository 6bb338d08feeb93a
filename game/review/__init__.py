"""Reviews of finished games, pure Python (no pygame): the client and `python -m game review` share them.

* `puzzle`: the best score still reachable at every step of a walk, proved by the solver;
  the coins each move cost; the best continuation.
* `match`: Classic and Duel, the hard player's evaluation before and after each move
  (exact once a Classic board is fixed), and the mistakes by cost.
* `satoshi`: the decisive moments of a Finding Satoshi game, replayed with every role face up.
"""
