"""Counts and seat names read as English: the words players complained about."""

from game.wording import noun, plural, possessive, says, verb


def test_plural_counts():
    assert plural(1, "coin") == "1 coin"
    assert plural(0, "coin") == "0 coins"
    assert plural(2, "gate") == "2 gates"
    assert plural(3, "BTC") == "3 BTC"
    assert plural(2, "pass") == "2 passes"
    assert plural(2, "penny", "pence") == "2 pence"
    assert noun(5, "story") == "stories"
    assert noun(5, "day") == "days"


def test_you_and_names():
    assert possessive("You") == "Your"
    assert possessive("Alice") == "Alice's"
    assert possessive("James") == "James'"
    assert says("You", "keeps", "the gates") == "You keep the gates"
    assert says("Bo", "keeps", "the gates") == "Bo keeps the gates"
    assert verb("You", "has", "have") == "have"
    assert verb("You", "passes") == "pass"
    assert verb("You", "carries") == "carry"
