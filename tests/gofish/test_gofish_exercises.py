"""The Go Fish exercises asked in go-fish.ipynb's rule sections (gf-6 to gf-11): the answer a
misconception gives is marked wrong, for every student; answers are read leniently; and
every student's variant is drawn as the question says it is (the tests' own reading of the
variant, not the engine's).  The pinned cases, with answers worked out by hand, are in
tests/course/exercise_cases.py."""

from __future__ import annotations

import pytest

from cardlib.cards import Card, Rank
from cardlib.exercises import check, grade, model, reset_hints, score
from cardlib.exercises.key import students
from cardlib.gofish.rule_exercises import NOBODY, Proposal, Tables, Variations
from tests.course.exercise_cases import CASES, pinned

STUDENTS = students(150)


@pytest.fixture(autouse=True)
def _fresh_hints():
    reset_hints()
    yield
    reset_hints()


def _variants(exercise_id: str) -> list:
    return [model.variant_of(exercise_id, who) for who in STUDENTS]


def _ranks(cards) -> list[Rank]:
    return [Card.parse(c).rank for c in cards]


# --------------------------------------------------------------------------- misconceptions


def test_gf7_drawing_on_until_the_rank_turns_up_is_wrong(monkeypatch):
    """GF-GO-FISH: one card, the top one.  Keeping on drawing until a card of the rank asked
    turns up, or taking that card from further down, is marked wrong for every student."""
    for v in _variants("gf-7"):
        pinned(monkeypatch, "gf-7", v)
        hand = [c for _p, cs in v.hands if _p == v.asker for c in cs]
        until = [*hand, *v.stock]  # the rank asked for is the last of the cards shown
        picked = [*hand, v.stock[-1]]
        assert Card.parse(v.stock[-1]).rank == Rank.parse(v.rank) != Card.parse(v.stock[0]).rank
        assert not grade("gf-7", until) and not grade("gf-7", picked)
        assert grade("gf-7", [*hand, v.stock[0]])  # the hand and the top card, as the rule says


def test_gf8_a_card_matching_another_rank_held_does_not_go_on(monkeypatch):
    """GF-LUCKY-DRAW: only the rank just asked for.  Every student has a card among those
    asked about that matches another rank in the asker's hand (a pair, three, or the fourth
    of a book); saying it lets the asker go on is wrong."""
    for v in _variants("gf-8"):
        pinned(monkeypatch, "gf-8", v)
        held = set(_ranks(v.hands[0][1]))
        asked = Rank.parse(v.rank)
        matching = [c for c in v.cards if Card.parse(c).rank in held - {asked}]
        assert matching and any(Card.parse(c).rank == asked for c in v.cards)
        misconception = {c: Card.parse(c).rank in held for c in v.cards}
        assert not grade("gf-8", misconception)
        assert score("gf-8", misconception) == round(1 - len(matching) / len(v.cards), 4)


def test_gf9_the_game_goes_on_and_an_empty_hand_draws_while_there_is_a_stock(monkeypatch):
    """Bicycle's game does not end when the stock or a hand runs out (GF-END-ALL-BOOKS):
    'nobody' is never right.  The neighbour with no cards asks next when a card is left for
    them to draw (GF-EMPTY-DRAW), and is passed over when none is (GF-NO-STOCK: nobody fishes
    from an empty stock)."""
    seen = set()
    for v in _variants("gf-9"):
        pinned(monkeypatch, "gf-9", v)
        _asker, left, across, target = v.players
        assert dict(v.hands)[left] == () and v.target == target
        assert all(Card.parse(c).rank != Rank.parse(v.rank) for c in dict(v.hands)[target])
        k = len(v.stock)
        stock_after = max(k - 2, 0)
        assert not any(score("gf-9", (NOBODY, n)) == 1.0 for n in range(5))
        if k >= 2:  # the asker fishes one, the neighbour draws one and asks
            assert grade("gf-9", (left, stock_after)) and not grade("gf-9", (across, k - 1))
        else:  # nothing to fish, or the last card fished: the neighbour is out
            assert grade("gf-9", (across, 0)) and not grade("gf-9", (left, 0))
        seen.add(k)
    assert seen == {0, 1, 2, 3, 4}


def test_gf6_the_first_player_and_two_players(monkeypatch):
    """A named first player is refused only where the dealer's left must start (GF-FIRST:
    Pagat and Bicycle, not the Game Rules site), and two players may play (GF-PLAYERS):
    calling those tables refused is wrong."""
    v = Tables(
        (
            Proposal("A", ("Ana", "Raj", "Eli"), "Raj", "gamerules", first="Ana"),
            Proposal("B", ("Ana", "Raj", "Eli"), "Raj", "pagat", first="Ana"),
            Proposal("C", ("Ana", "Raj", "Eli"), "Raj", "bicycle", first="Eli"),
            Proposal("D", ("Ana", "Raj"), "Ana", "bicycle"),
            Proposal("E", ("Ana", "Raj", "Eli", "Oli", "Kai", "Fay"), "Fay", "gamerules"),
        )
    )
    pinned(monkeypatch, "gf-6", v)
    # Raj deals, so Eli sits on his left: only he may start under Pagat and Bicycle
    right = {"A": "legal", "B": "GF-FIRST", "C": "legal", "D": "legal", "E": "legal"}
    assert grade("gf-6", right)
    assert score("gf-6", {**right, "A": "GF-FIRST", "D": "GF-PLAYERS"}) == 0.6


def test_gf6_each_student_has_one_table_refused_by_each_rule_and_two_that_may_start():
    for v in _variants("gf-6"):
        key = model.keys()["gf-6"]
        verdicts = sorted(key.solve(v).values())
        assert verdicts == sorted(["GF-DECK", "GF-PLAYERS", "GF-FIRST", "legal", "legal"]), v
        assert [t.label for t in v.tables] == list("ABCDE")


def test_gf10_cards_in_hand_count_for_nothing(monkeypatch):
    """The third player holds three of a kind, which never wins anything (GF-WIN); the book
    the request lays down counts (GF-BOOK): in the pinned case Ana and Raj tie."""
    pinned(monkeypatch, "gf-10")
    assert not grade("gf-10", ["Eli"]) and not grade("gf-10", ["Raj"])
    assert grade("gf-10", ["Raj", "Ana"])
    for v in _variants("gf-10"):
        third = dict(v.hands)[v.players[2]]
        assert max(_ranks(third).count(r) for r in _ranks(third)) == 3, v
        assert v.played().is_over  # the question says the request ends the game


@pytest.mark.parametrize(
    ("hands", "card", "right", "misconception"),
    [
        # Raj holds the QC and the QS: only the QC asked for is handed over (GF-VAR-CARD);
        # Ana's three queens are not a book, and she asks again
        (
            (("Ana", ("QD", "QH", "4C")), ("Raj", ("QC", "QS", "7H")), ("Eli", ("2S", "9D"))),
            "QC",
            (4, "Ana"),
            (1, "Ana"),  # both queens handed over: a book of four, laid aside
        ),
        # Raj holds the QS, not the QC asked for: "Go fish"; the 5C on top is kept and the
        # turn passes to Ana's left, Raj
        (
            (("Ana", ("QD", "4C")), ("Raj", ("QS", "7H")), ("Eli", ("2S", "9D"))),
            "QC",
            (3, "Raj"),
            (3, "Ana"),  # the QS handed over instead
        ),
    ],
)
def test_gf11_only_the_card_asked_for(hands, card, right, misconception, monkeypatch):
    pinned(monkeypatch, "gf-11", Variations(hands, ("5C", "6D", "8H", "JS", "KC"), "Raj", card))
    assert grade("gf-11", right)
    assert score("gf-11", misconception) == 0.5


# --------------------------------------------------------------------------- lenient reading


@pytest.mark.parametrize(
    ("exercise_id", "written"),
    [
        ("gf-6", {"a": "gf-players", "b": "Gf-First", "c": "gf-deck", "d": "LEGAL", "e": "legal"}),
        ("gf-7", ["5s", "♥5", "9♠", "kd"]),
        ("gf-8", {"♥9": True, "5h": False, "K♠": False, "2c": False}),
        ("gf-9", ("raj", 1)),
        ("gf-10", ["raj", "ANA"]),
        ("gf-11", (5, "an")),
    ],
)
def test_right_answers_in_another_case_or_notation_are_right(exercise_id, written, monkeypatch):
    pinned(monkeypatch, exercise_id)
    said = check(exercise_id, written)
    assert said.kind == "right", said
    assert score(exercise_id, written) == 1.0


def test_gf10_reads_one_name_as_a_list_and_refuses_a_name_not_at_the_table(monkeypatch):
    pinned(monkeypatch, "gf-10", CASES["gf-10"].variant)
    v = CASES["gf-10"].variant
    assert score("gf-10", "Raj") == 0.5  # one of the two winners
    said = check("gf-10", ["Raj", "Zed"])
    assert said.kind == "form" and "not one of Ana, Raj, Eli" in str(said), said
    assert check("gf-10", 3).kind == "form" and check("gf-10", []).kind == "unanswered"
    assert v.players == ("Ana", "Raj", "Eli")


def test_gf9_nobody_is_a_name_the_form_reads(monkeypatch):
    pinned(monkeypatch, "gf-9")
    said = check("gf-9", ("NOBODY", 1))
    assert said.kind == "wrong" and "1 of the 2 values is right" in str(said), said
