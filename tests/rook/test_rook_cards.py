"""The Rook pack (ROOK-DECK, ROOK-COUNT, ROOK-RANK, the trick winner table) and the
notation of its cards and moves."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardlib import NotationError, RuleViolation
from cardlib.rook import (
    RookMove,
    trick_winner,
)
from cardlib.rook.cards import (
    ROOK,
    TOTAL_COUNTERS,
    Colour,
    RookCard,
    counters,
    parse_rook_cards,
    rook_deck,
    shuffled_rook_deck,
)
from tests.rook.hands import (
    LAID_ASIDE,
    after_tricks,
    article_hand,
    auctioned,
    cards,
)

# -- ROOK-DECK, ROOK-COUNT, ROOK-RANK: the pack ------------------------------------------


def test_deck_is_41_cards_four_colours_5_to_14_and_the_rook():
    deck = rook_deck()
    assert len(deck) == len(set(deck)) == 41  # ROOK-DECK
    assert {c.colour for c in deck} == {*Colour, None}
    assert sorted(c.number for c in deck if c.colour is Colour.GREEN) == list(range(5, 15))
    assert [c for c in deck if c.colour is None] == [ROOK]


@pytest.mark.parametrize(
    ("card", "points"),
    [("R5", 5), ("G10", 10), ("Y14", 10), ("Rook", 20), ("B13", 0), ("R6", 0), ("G11", 0)],
)
def test_counters_table(card, points):  # ROOK-COUNT
    assert RookCard.parse(card).points == points


def test_the_counters_make_120():  # ROOK-COUNT
    assert counters(rook_deck()) == TOTAL_COUNTERS == 120
    assert counters(cards(LAID_ASIDE)) == 5  # the article's new nest


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("Y10 Y5 Y12 Y6", "green", 2),  # ROOK-RANK: 12 over 10, 6, 5
        ("R13 R14 R9 R5", "green", 1),  # ROOK-RANK: 14 high
        ("R13 B14 R5 Y14", "green", 0),  # another colour never wins, however high
        ("Y13 Y8 G6 Y7", "green", 2),  # ROOK-TRICK-WIN: any trump beats the colour led
        ("R13 G6 G14 R14", "green", 2),  # highest trump
        ("G14 Rook G13 G12", "green", 1),  # ROOK-BIRD-TOP: above the trump 14
        ("R13 Rook R14 G14", "green", 1),  # ROOK-BIRD-ANYTIME: always wins
        ("Rook B8 G14 Y11", "green", 0),  # ROOK-BIRD-LEAD
        ("B5 B6 B7 B8", "black", 3),  # trump led, highest trump
    ],
    ids=[
        "rank-12-high",
        "rank-14-high",
        "off-colour-never-wins",
        "trump-beats-led",
        "highest-trump",
        "bird-over-trump-14",
        "bird-wins-off-trump-trick",
        "bird-led",
        "trump-led",
    ],
)
def test_trick_winner_table(trick, trump, winner):  # ROOK-TRICK-WIN, ROOK-RANK, ROOK-BIRD-TOP
    assert trick_winner(cards(trick), Colour.parse(trump)) == winner


# -- notation: cards and moves round-trip ------------------------------------------------


@pytest.mark.parametrize("card", rook_deck(), ids=str)
def test_every_card_round_trips(card):
    assert RookCard.parse(str(card)) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("R14", "R14"),
        ("g6", "G6"),
        ("red 14", "R14"),
        ("Green 6", "G6"),
        ("YELLOW10", "Y10"),
        ("  black   5 ", "B5"),
        ("Rook", "Rook"),
        ("bird", "Rook"),
        ("the Rook", "Rook"),
    ],
)
def test_card_spellings(text, canonical):
    assert str(RookCard.parse(text)) == canonical


@pytest.mark.parametrize("text", ["R15", "Z5", "14R", "", "rook 5", "red"])
def test_bad_card_text_is_a_notation_error(text):
    with pytest.raises(NotationError) as err:
        RookCard.parse(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("text", ["R4", "G1", "yellow 3", "play R3"])
def test_a_card_taken_out_of_the_pack_is_refused_by_the_deck_rule(text):
    """R4 is written as any card is, but the pack has no 1-4 (ROOK-DECK): a rule refuses
    it, so a worked example can claim it, as it claims a card named twice (issue 33,
    item 13); a move naming one is simply not among the legal moves."""
    with pytest.raises(RuleViolation) as err:
        (RookMove if text.startswith("play") else RookCard).parse(text)
    assert err.value.rule == "ROOK-DECK" and "taken out" in err.value.message
    assert f"play {text}" not in article_hand().legal_moves()


@pytest.mark.parametrize("text", ["R15", "Z5", "", "red", "14R", None])
def test_reading_text_that_names_no_card_gives_none(text):
    """``read`` decides what a word is without an error (a bare ``Y7`` is a play; ``R15`` is
    no move at all), and ``parse`` is ``read`` with the notation's error."""
    assert RookCard.read("y 7") is RookCard.parse("Y7")
    assert RookCard.read(text) is None
    with pytest.raises(NotationError, match="is not a Rook move"):
        RookMove.parse(text)


def test_reading_a_card_taken_out_of_the_pack_is_refused():
    with pytest.raises(RuleViolation, match="ROOK-DECK"):
        RookCard.read("R3")
    with pytest.raises(RuleViolation, match="ROOK-DECK"):
        RookMove.parse("R3")


def test_one_object_per_card_and_lists_of_cards():
    assert RookCard(Colour.RED, 14) is RookCard.parse("R14")
    assert parse_rook_cards("red 14, Rook G6") == cards("R14 Rook G6")
    assert shuffled_rook_deck(7) == shuffled_rook_deck(7) != shuffled_rook_deck(8)
    assert sorted(shuffled_rook_deck(7), key=lambda c: c.order) == rook_deck()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("bid 95", "bid 95"),
        ("BID  70", "bid 70"),
        ("pass", "pass"),
        ("lay aside R6 R7 R11 B11 R5", "lay aside R5 R6 R7 R11 B11"),
        ("lay aside red 6, Rook, g9", "lay aside R6 G9 Rook"),
        ("trump green", "trump green"),
        ("trump G", "trump green"),
        ("play Y7", "play Y7"),
        ("play yellow 7", "play Y7"),
        ("Y7", "play Y7"),
        ("play Rook", "play Rook"),
    ],
)
def test_move_notation_round_trips(text, canonical):
    move = RookMove.parse(text)
    assert str(move) == canonical
    assert RookMove.parse(str(move)) == move
    assert repr(move) == f"RookMove.parse({canonical!r})" and eval(repr(move)) == move


@pytest.mark.parametrize(
    "text",
    ["bid", "bid ninety", "play", "play R15", "trump rook", "lay aside", "take nest", "fold", ""],
)
def test_bad_move_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        RookMove.parse(text)


def test_legal_moves_view_in_len_iteration_repr():
    hand = article_hand()
    moves = hand.legal_moves()
    assert (
        "bid 95" in moves and "bid 97" not in moves and "nonsense" not in moves and 3 not in moves
    )
    assert len(moves) == 12 and moves[0] == RookMove.parse("pass")
    assert repr(moves).startswith("<LegalMoves: pass, bid 70, bid 75")
    nest = auctioned().legal_moves()
    assert len(nest) == 2002 and f"lay aside {LAID_ASIDE}" in nest
    assert "lay aside R6 R7" not in nest
    assert len(set(nest)) == 2002 and nest[0] == next(iter(nest)) and nest[-1] == list(nest)[-1]
    assert repr(nest).startswith("<LegalMoves: lay aside R5 R6 R7 R11 R14, ")
    assert repr(nest).endswith(", ... (2002 in all)>")
    assert list(after_tricks(1, 3).legal_moves()) == [RookMove.parse("play Y7")]
