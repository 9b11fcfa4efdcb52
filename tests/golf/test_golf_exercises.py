"""The Golf exercises asked in golf.ipynb's rule sections (golf-6 to golf-9): every student's
variant is what the question says, read here on the tests' own terms (not the engine's); the
answer a misconception gives is marked wrong, for every student; answers are read leniently.
The pinned cases, with answers worked out by hand, are in tests/course/exercise_cases.py."""

from __future__ import annotations

import pytest

from cardlib.cards import Card
from cardlib.exercises import check, grade, model, reset_hints, score
from cardlib.exercises.key import students
from cardlib.golf import score_layout
from tests.course.exercise_cases import pinned

STUDENTS = students(60)


@pytest.fixture(autouse=True)
def _fresh_hints():
    reset_hints()
    yield
    reset_hints()


def _variants(exercise_id: str) -> list:
    return [model.variant_of(exercise_id, who) for who in STUDENTS]


def _right(exercise_id: str, v) -> dict:
    return model.keys()[exercise_id].solve(v)


# --------------------------------------------------------------------------- golf-6


def test_golf6_one_table_refused_by_each_rule_and_two_whose_move_is_legal():
    for v in _variants("golf-6"):
        verdicts = sorted(_right("golf-6", v).values())
        assert verdicts == sorted(["GOLF-DECK", "GOLF-FLIP-TWO", "GOLF-ORDER", "legal", "legal"])
        assert [t.label for t in v.tables] == list("ABCDE")


def test_golf6_the_dealers_left_plays_first_not_the_dealer(monkeypatch):
    """GOLF-ORDER: once everyone has turned two, the player after the dealer in the seating
    order plays first; a draw by anyone else (the dealer, often) is refused, and calling it
    legal loses that entry, for every student."""
    for v in _variants("golf-6"):
        pinned(monkeypatch, "golf-6", v)
        right = _right("golf-6", v)
        for t in v.tables:
            everyone = len(t.flips) == 2 * len(t.players) and t.move in ("draw", "take")
            if not everyone:
                continue
            left = t.players[(t.players.index(t.dealer) + 1) % len(t.players)]
            assert right[t.label] == ("legal" if t.who == left else "GOLF-ORDER"), t
            if t.who != left:
                assert score("golf-6", {**right, t.label: "legal"}) == 0.8


# --------------------------------------------------------------------------- golf-7


def _peeking_verdict(move: str) -> str:
    """The tests' own reading of GOLF-NO-PEEK: the card held may replace any card, face up or
    down; looking, turning a card over and taking a move back are never allowed."""
    return "legal" if move.startswith("replace ") else "GOLF-NO-PEEK"


def test_golf7_looking_turning_over_and_taking_back_are_refused(monkeypatch):
    for v in _variants("golf-7"):
        pinned(monkeypatch, "golf-7", v)
        own = {m: _peeking_verdict(m) for m in v.moves}
        assert _right("golf-7", v) == own and grade("golf-7", own)
        assert "legal" in own.values() and list(own.values()).count("GOLF-NO-PEEK") >= 2
        peeker = dict.fromkeys(v.moves, "legal")  # the misconception: a look is harmless
        assert not grade("golf-7", peeker)


# --------------------------------------------------------------------------- golf-8


def _kept(v, move: str) -> int:
    """The tests' own reading: a discard leaves the six cards as they were; a replacement puts
    the drawn card in that place."""
    cards = list(v.cards)
    if move.startswith("replace "):
        places = ["TL", "TM", "TR", "BL", "BM", "BR"]
        cards[places.index(move.split()[1])] = v.drawn
    return score_layout(cards).total


def test_golf8_a_discarded_stock_card_leaves_the_layout_as_it_was(monkeypatch):
    for v in _variants("golf-8"):
        pinned(monkeypatch, "golf-8", v)
        own = {m: _kept(v, m) for m in v.moves}
        assert _right("golf-8", v) == own and grade("golf-8", own)
        kept = next(m for m in v.moves if m != "discard")  # "a stock card must be kept"
        assert score("golf-8", {**own, "discard": own[kept]}) == round(2 / 3, 4)
        assert Card.parse(v.drawn) not in {Card.parse(c) for c in v.cards}


# --------------------------------------------------------------------------- golf-9


def _stock_verdict(t) -> str:
    """The tests' own reading of GOLF-STOCK-OUT and GOLF-NO-REARRANGE."""
    if t.house == "end" and t.stock == 0:
        return "GOLF-STOCK-OUT"  # the hand ended when the stock ran out
    if t.move.startswith("move "):
        return "GOLF-NO-REARRANGE"
    if t.move == "draw" and t.stock == 0 and t.house is None:
        return "GOLF-STOCK-OUT"
    return "legal"


def test_golf9_each_house_rule_as_the_table_agreed_it(monkeypatch):
    for v in _variants("golf-9"):
        pinned(monkeypatch, "golf-9", v)
        own = {t.label: _stock_verdict(t) for t in v.tables}
        assert _right("golf-9", v) == own and grade("golf-9", own)
        assert sorted(own.values()) == sorted(
            ["GOLF-STOCK-OUT", "GOLF-STOCK-OUT", "GOLF-NO-REARRANGE", "legal", "legal"]
        )


# --------------------------------------------------------------------------- lenient reading


@pytest.mark.parametrize(
    ("exercise_id", "written"),
    [
        (
            "golf-6",
            {"a": "golf-deck", "b": "Golf-Flip-Two", "c": "GOLF-order", "d": "LEGAL", "e": "legal"},
        ),
        (
            "golf-7",
            {
                "PEEK br": "golf-no-peek",
                "flip tr": "GOLF-NO-PEEK",
                "Take Back": "golf-no-peek",
                "replace bottom-left": "legal",
            },
        ),
        ("golf-8", {"REPLACE br": 38, "Discard": 37, "replace tl": 21}),
        (
            "golf-9",
            {
                "a": "golf-stock-out",
                "b": "Legal",
                "c": "golf-stock-out",
                "d": "legal",
                "e": "golf-no-rearrange",
            },
        ),
    ],
)
def test_right_answers_in_another_case_or_notation_are_right(exercise_id, written, monkeypatch):
    pinned(monkeypatch, exercise_id)
    said = check(exercise_id, written)
    assert said.kind == "right", said
    assert score(exercise_id, written) == 1.0
