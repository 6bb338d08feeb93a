"""The new idea kinds of issue 37's seventh pass hold on every optimal walk: a leap over a run of
cells empty from the start, and a choice between two rooms behind tolls.

The attack counted eleven levels around a dead end; the boards that replace some of them carry an
idea no other level has. Each test enumerates every optimal walk and checks the cells, fees and
order the idea and hint name, with the board's cells as literals.
"""

from test_campaign_claims import after, board, optimal_walks, says

CAUSEWAY = "2-easy/06-causeway.toml"
MIDDLE_ROW = [(-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0)]


def test_causeways_first_flight_crosses_the_whole_empty_middle_row():
    """Every walk's first move flies from the west corner [-2,0] to the east corner [2,0], over the
    three middle cells that hold no coin from the start, for a toll of one."""
    says(CAUSEWAY, "first flight crosses the whole empty middle row")
    level = board(CAUSEWAY)[0]
    assert level.start == MIDDLE_ROW[0]
    assert set(MIDDLE_ROW[1:4]) <= level.empty and MIDDLE_ROW[4] not in level.empty
    walks = optimal_walks(CAUSEWAY)
    assert len(walks) == 2
    assert {walk[0] for walk in walks} == {((2, 0), 1)}


def test_causeways_one_free_move_leads_nowhere():
    """The old tip, 'Your one free move leads nowhere: from there every way on costs two or more', was true: the start's
    only free move is [-1,-1]; from it every move costs 2 or 3 and par is out of reach."""
    # the tip said so ("Your one free move leads nowhere"), the level's one decision; it now counts the
    # start's moves (one free, three paid) and asks where each leads
    says(CAUSEWAY, "You have one free move and three you pay for", "Ask of each where the walk goes after it",
         never=("leads nowhere", "costs two or more"))
    purse, moves, reaches = after(CAUSEWAY, [])
    assert purse == 5 and [cell for cell, fee in moves.items() if fee == 0] == [(-1, -1)]
    assert moves == {(-1, -1): 0, (2, 0): 1, (-2, 1): 1, (-2, 2): 2} and reaches  # one free, three paid
    assert after(CAUSEWAY, [(-1, -1)]) == (6, {(1, -1): 2, (-1, 2): 2, (2, -1): 3}, False)


def test_at_most_two_ideas_say_dead_end_and_they_differ():
    """The attack found 'dead end' in five ideas; two stay, each naming a different move: a corner
    coin left or bought early (Blind Alley), a room swept from its dead end (Turnpike)."""
    from test_campaign_claims import LEVELS

    from game.coinland.levels import load_levels

    saying = {level.name: level.idea for level in load_levels(LEVELS)[0] if "dead end" in level.idea.lower()
              or "dead-end" in level.idea.lower()}
    assert len(saying) <= 2, saying
    assert saying == {"Blind Alley": "A walled corner coin is a dead end: leave it, or buy it early",
                      "Turnpike": "Sweep the west room from its dead end; leave by the south"}
