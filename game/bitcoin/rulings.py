"""Where the rules text and RULES.md are silent, what this engine does, in players' words.

The rules screen and docs/finding-satoshi-data.md print this list (`{name}` fields are filled
from assets/bitcoin/rules.toml, see `rulings(data)`); the docstrings of the rules
modules say where each one is implemented. Options that players could reasonably set another
way are in `Options` (the round limit and offers per turn) or in assets/bitcoin/rules.toml.
"""

RULINGS: tuple[tuple[str, str], ...] = (
    ("Tiles face up",
     "Track tiles are shuffled face down by section, then laid face up: everybody sees the track."),
    ("Moves use every space bought",
     "A move uses every space its Bitcoins bought. End stops a pawn, so a path to End is bought at the "
     "smallest size that reaches it (never more expensive)."),
    ("Living expenses",
     "Food and Internet are paid automatically when the player's $ covers them. When it does not, the player "
     "may first sell Bitcoins or ask other players, then pays. If she can pay for either but not both, she "
     "chooses which one she buys (the cheaper is offered first, Food on a tie) and misses her move."),
    ("Software rolls",
     "One die roll per landing, needed when the tile's own version needs one (0.4 and up). On a success the "
     "marker jumps to the tile's version and the price rises for every level passed."),
    ("Doubled effects",
     "A doubled Bitcoin Mining space doubles both the price rise and the Bitcoins gained. Doublings never "
     "stack (the job limits make that impossible anyway)."),
    ("Secondary job effects",
     "A secondary job keeps its special effects (no fee for an Exchange Operator, doubled Mining for a Miner or "
     "Mining Pool Operator); only the Bitcoin Foundation's doubling needs the main job. Under a Night Security "
     "Guard a secondary Bitcoin job is treated as a main job: no income limit, and a secondary Bitcoin "
     "Foundation doubles too."),
    ("Job incomes",
     "The Online Merchant counts every player with a Bitcoin job and no Fiat job, herself included. A Miner's "
     "income never goes below 0 BTC. The Web Service Provider counts every Bitcoin job in play, its own too."),
    ("Never below zero",
     "Prices never go below $0, Food and Internet included; the Bitcoin price has no upper limit. A player who "
     "must pay more than she has pays what she has."),
    ("Job Opportunity",
     "The new job joins as many of the player's old jobs as the limits allow; she gives up only what she must, "
     "chooses which, and chooses main and secondary. A paid Job Opportunity asks for its fee only when some "
     "job card could be taken."),
    ("Unemployed",
     "A player who is unemployed when her move comes (step 3) may miss it for a Job Opportunity, once per turn, "
     "also when she could not buy Food and Internet. A job quit at step 4 does not open one that turn."),
    ("Trading",
     "Gifts and trades are proposed by the player whose turn it is to one other player, who accepts or "
     "declines (house rule: at most {offers_per_turn} proposals per turn, an option). None may be proposed "
     "once the mover can end the game: End is within this turn's move, or within moves chained through Jump "
     "tiles, and she holds the Bitcoins for all of them or could buy them at the bank after the fee (and after "
     "her Food and Internet, when still to be paid)."),
    ("Guessing",
     "A guess is made on one's own turn, once per game, at a player whose card is still face down. Savings are "
     "locked and are neither doubled nor lost by a guess. Satoshi may guess too (and is always wrong)."),
    ("Ties",
     "Players still tied after the tie-break share the win."),
    ("Savings",
     "The price rises once for each full 10 BTC in a player's savings, counted over the whole game."),
    ("Steady inflation",
     "The die is rolled at the start of the starting player's turn, before income. The pawn closest to End is "
     "the one with the fewest spaces left to go; a pawn on Start counts as section 0 (no rise)."),
    ("Round limit",
     "A game still running after {max_rounds} rounds (an option) ends as if End had been reached, so no game can stall "
     "forever when nobody can pay for Food and Internet."),
    ("Banker",
     "The Banker's price rise happens when the player who was dealt the Banker loses it in any way (quitting, "
     "making room for another job, or being laid off), once per game."),
    ("Open money",
     "Money lies open on the table, so the engine shows every player's exact $ and BTC."),
    ("Decks",
     "A news deck is reshuffled from all six cards when a draw finds it empty."),
)


def rulings(max_rounds: int, offers_per_turn: int) -> list[tuple[str, str]]:
    """The rulings with the house-rule numbers filled in."""
    return [(title, text.format(max_rounds=max_rounds, offers_per_turn=offers_per_turn)) for title, text in RULINGS]
