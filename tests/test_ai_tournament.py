"""The Hoarder & Gatekeeper tournament: ratings, seats, self-play and the command line."""

import argparse

from game.cli import tournament as cli
from game.coinland.ai.ratings import rate
from game.coinland.ai.tournament import (
    Pairing,
    Result,
    format_self_play,
    format_table,
    open_game,
    play,
    schedule,
    self_play_schedule,
    table,
)
from game.coinland.rules import apply, legal_actions, new_duel


def test_two_agents_rate_the_winner_first():
    """Regression: with two agents, full Newton steps swung the ratings and could rank the loser first."""
    results = [("normal", "hard", 1.0)] * 2 + [("normal", "hard", 0.0)] * 4 + [("normal", "hard", 0.5)] * 2
    ratings = rate(results, ["normal", "hard"])
    assert [r.agent for r in ratings] == ["hard", "normal"]
    assert abs(ratings[0].elo + ratings[1].elo - 3000) < 1e-6


def test_schedule_rotates_seats_and_who_starts():
    pairings = schedule("duel", ["greedy", "normal"], 4, seed=1, size=3)
    starters = {(p.agents[p.first]) for p in pairings}
    assert starters == {"greedy", "normal"}
    assert {p.agents for p in pairings} == {("greedy", "normal"), ("normal", "greedy")}


def test_head_to_head_splits_the_record_by_who_started():
    def result(agents, first, scores):
        return Result(Pairing("duel", 3, agents, 0, first, None, None), scores, (0.2, 0.1), (10, 10))

    results = [result(("a", "b"), 0, (5, 3)), result(("b", "a"), 0, (6, 2)), result(("a", "b"), 1, (4, 4))]
    rows = table(results, ["a", "b"])
    a = next(r for r in rows if r.agent == "a")
    assert a.head_to_head["b"] == [1, 1, 1]
    assert a.going_first["b"] == [1, 0, 0]  # a started only the game it won
    assert a.ms_per_move == 1000 * (0.2 + 0.1 + 0.2) / 30
    text = format_table(rows, "games", "coins")
    assert "first    1-0-0" in text and "second    0-1-1" in text


def test_self_play_alternates_the_starter_and_reports_its_share():
    pairings = self_play_schedule("duel", ["greedy"], 4, seed=2, size=3)
    assert [p.first for p in pairings] == [0, 1, 0, 1] and all(p.agents == ("greedy", "greedy") for p in pairings)
    results = [play(p) for p in pairings]
    assert all(sum(r.decisions) > 0 for r in results)
    line = format_self_play(results, ["greedy"]).splitlines()[1]
    wins = sum(r.winner == r.pairing.first for r in results)
    assert line.split()[1].startswith(f"{wins}-")


def _args(**overrides):
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    args = parser.parse_args([])
    for key, value in overrides.items():
        setattr(args, key, value)
    return args


def test_the_command_accepts_greedy_and_self_play(capsys):
    assert "greedy" in cli.COINLAND_STRENGTHS
    assert cli.coinland_problem(_args(agents="greedy"), ["greedy"]) is not None  # one agent needs self-play
    assert cli.coinland_problem(_args(agents="greedy", self_play=True), ["greedy"]) is None
    assert cli.run(_args(mode="duel", agents="random,greedy", games=2, size=3, workers=1, quiet=True)) == 0
    out = capsys.readouterr().out
    assert "greedy vs random" in out or "random vs greedy" in out
    assert cli.run(_args(mode="classic", agents="greedy", games=2, size=3, workers=1, quiet=True,
                         self_play=True)) == 0
    assert "self-play" in capsys.readouterr().out


def test_deterministic_players_meet_a_new_opening_every_four_games():
    """normal and hard choose the same way every time: only the seeded openings make their games differ.
    The four games of a group (seats and first player rotated) share one opening."""
    pairings = schedule("duel", ["normal", "hard"], 12, seed=2, size=4)
    seeds = [p.opening_seed for p in pairings]
    assert seeds[0:4] == [seeds[0]] * 4 and seeds[4:8] == [seeds[4]] * 4 and len(set(seeds)) == 3
    openings = [tuple(a.text for a in open_game(new_duel(4), p)) for p in pairings[::4]]
    assert all(len(opening) == 2 for opening in openings) and len(set(openings)) == 3
    assert openings[0] == tuple(a.text for a in open_game(new_duel(4), pairings[1]))  # the same, replayed
    state = new_duel(4)
    for action in open_game(state, pairings[0]):
        assert action in legal_actions(state)
        state = apply(state, action)[0]


def test_a_pairing_of_deterministic_players_plays_distinct_games_and_each_replays():
    """Eight Duel games of hard against normal, both deterministic: each a different game (the
    openings, seats or starter differ), told apart by the digest of every action played; a game
    replays exactly."""
    pairings = schedule("duel", ["normal", "hard"], 8, seed=3, size=3, node_limit=300)
    results = [play(p) for p in pairings]
    assert len({r.digest for r in results}) == 8
    assert play(pairings[5]).digest == results[5].digest
    relabelled = [Result(Pairing("duel", 3, ("a", "b"), 0, r.pairing.first, None, None), r.scores, digest=r.digest)
                  for r in results]
    assert "distinct 8" in format_table(table(relabelled, ["a", "b"]), "games", "coins")


def test_every_classic_match_has_an_opening_of_its_own():
    """A Classic match plays its opening in both roles, and replays exactly from its seed (normal and
    hard vary their choices with the match's seeded generator, issue #34 item 4)."""
    pairings = schedule("classic", ["normal", "hard"], 6, seed=2, size=4)
    assert len({p.opening_seed for p in pairings}) == 6
    one = Pairing("classic", 3, ("normal", "hard"), 9, 0, None, 300, opening_seed=4)
    assert play(one).digest == play(one).digest


def test_hard_at_its_own_node_budget_meets_another_budget():
    """`hard@N` is hard with N nodes a move whatever --nodes says, so two budgets can play each other."""
    from game.coinland.ai.tournament import agent_spec, tournament_agent

    assert agent_spec("hard@41000") == ("hard", 41000) and agent_spec("normal") == ("normal", None)
    for bad in ("hard@", "hard@0", "hard@-5", "hard@1.5", "normal@300", "hard@many", "hard@١٢"):
        assert cli.coinland_problem(_args(agents=f"normal,{bad}"), ["normal", bad]).startswith("--agents:")
    pairing = Pairing("classic", 3, ("hard@200", "hard"), 1, 0, None, 5000)
    assert tournament_agent("hard@200", pairing).node_limit == 200
    assert tournament_agent("hard", pairing).node_limit == 5000
    assert cli.coinland_problem(_args(agents="hard@200,hard@900"), ["hard@200", "hard@900"]) is None
    result = play(pairing)
    assert all(result.decisions) and result.pairing.agents == ("hard@200", "hard")
