"""Cards: notation that round-trips, decks, seeded shuffles, the rule catalogue."""

from __future__ import annotations

import pytest

from cardlib import Card, NotationError, Rank, Suit, parse_cards, rules, shuffled, standard_deck


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("8S", "8S"),
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("QC", "QC"),
        ("♠8", "8S"),
        ("8♠", "8S"),
        ("♥7", "7H"),
        ("♢A", "AD"),
        (" kd ", "KD"),
    ],
)
def test_notation_reads_every_spelling(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["1S", "11H", "ZZ", "", "8", "S8", "10", "QX", "♠", "8S8"])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)


def test_every_card_round_trips_through_str_repr_and_unicode():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    for card in deck:
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card
        assert Card.parse(card.unicode) == card


def test_colours_and_ranks():
    assert Card.parse("QH").colour == Card.parse("2D").colour == "red"
    assert Card.parse("AS").colour == Card.parse("9C").colour == "black"
    assert [r.symbol for r in Rank] == [
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
    ]
    assert {s.letter for s in Suit} == set("CDHS")


def test_seeded_shuffle_is_reproducible_and_a_permutation():
    deck = standard_deck()
    a, b = shuffled(deck, 42), shuffled(deck, 42)
    assert a == b and a != deck and sorted(a) == sorted(deck)
    assert shuffled(deck, 43) != a
    assert deck == standard_deck(), "shuffling does not touch its input"


def test_parse_cards():
    assert parse_cards("8S, 10H QC") == [Card.parse("8S"), Card.parse("10H"), Card.parse("QC")]


def test_card_html_is_deterministic_and_coloured():
    html = Card.parse("QH")._repr_html_()
    assert html == Card.parse("QH")._repr_html_()
    assert "♥" in html and "#c0392b" in html


def test_rule_catalogue_explains_every_golf_rule():
    golf = rules.for_game("golf")
    assert [r.id for r in golf][:3] == ["GOLF-DECK", "GOLF-DEAL", "GOLF-FLIP-TWO"]
    assert len(golf) == 16
    column = rules["GOLF-COLUMN"]
    assert "J" in column.text or "jack" in column.text
    assert column.sources and "bicycle-pagat" in column.rule_sets
    with pytest.raises(KeyError):
        rules["GOLF-NOPE"]


def test_a_seed_gives_the_same_deal_as_it_always_has():
    """Every seeded example, notebook and the golden corpus depend on this order: a seed
    shuffles the pack as random.Random(seed).shuffle does."""
    assert [str(c) for c in shuffled(standard_deck(), 1)[:8]] == [
        "JS",
        "10C",
        "QH",
        "10D",
        "3C",
        "KH",
        "7D",
        "QC",
    ]
    assert [str(c) for c in shuffled(standard_deck(), "x")[:4]] == ["2H", "6H", "AH", "5D"]


@pytest.mark.parametrize(
    ("rank", "suit"), [(None, Suit.HEARTS), (Rank.ACE, None), (1, Suit.HEARTS), ("A", "S")]
)
def test_a_card_is_made_only_of_a_rank_and_a_suit(rank, suit):
    """``Card(None, Suit.HEARTS)`` was accepted, then broke whatever read it (issue 33, item 14)."""
    with pytest.raises(NotationError):
        Card(rank, suit)
    assert Card(Rank.ACE, Suit.SPADES) is not None


def test_hand_order_sorts_as_the_cards_do_and_of_rank_is_the_packs_four():
    """``hand_order`` (a sort key of numbers) puts cards in their own order, rank then suit,
    and ``of_rank`` gives a rank's four cards of the pack in suit order (issue 29)."""
    from cardlib.cards import hand_order, of_rank

    for seed in range(50):
        cards = shuffled(standard_deck(), seed)[: 1 + seed]
        assert sorted(cards, key=hand_order) == sorted(cards)
    for rank in Rank:
        assert of_rank(rank) == tuple(Card(rank, suit) for suit in sorted(Suit))


@pytest.mark.parametrize("text", ["8", "8X", "", "ask", None, 8])
def test_reading_text_that_names_no_card_gives_none(text):
    """``read`` decides what a word is without an error (``ask Ben 8`` or ``ask Ben 8H``),
    and ``parse`` is ``read`` with the notation's error."""
    assert Card.read(" 8h ") == Card.parse("8H")
    assert Card.read(text) is None
    with pytest.raises(NotationError):
        Card.parse(text)


@pytest.mark.parametrize(("text", "rank"), [("q", Rank.QUEEN), ("T", Rank.TEN), ("8H", None)])
def test_reading_a_rank(text, rank):
    assert Rank.read(text) is rank
    assert Rank.read(None) is None
