"""Every GOLF- rule as a table of cases with readable ids: legal ones play, illegal ones are
refused with exactly their rule ID."""

from __future__ import annotations

import random

import pytest

from cardlib import Card, NotationError, RuleViolation
from cardlib.errors import CardlibError as _CardlibError
from cardlib.golf import (
    VALUES,
    GolfGame,
    GolfMatch,
    GolfMove,
    GolfOptions,
    Position,
    column_score,
    score_layout,
)
from cardlib.golf import GolfMatch as _GolfMatch
from cardlib.golf.engine import GolfOptions as _GolfOptions
from cardlib.golf.holes import PlayedMatch as _PlayedMatch
from cardlib.golf.layout import Layout
from cardlib.golf.scoring import column_score as _column_score
from cardlib.golf.scoring import columns, seen_worth
from tests.support.rules import check_refusal

P = Position


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def position(
    mine: str,
    up: str = "111111",
    *,
    discard: str = "",
    stock: str = "",
    options: GolfOptions | None = None,
    stock_size: int | None = None,
) -> GolfGame:
    """Ann to move; her six cards given top row first, ``up`` a mask of face-up positions."""
    layout = {p: (c, up[p] == "1") for p, c in zip(P, cards(mine), strict=True)}
    return GolfGame.from_position(
        ["Ann", "Ben"],
        {"Ann": layout},
        discard=cards(discard),
        stock=cards(stock),
        to_move="Ann",
        options=options,
        stock_size=stock_size,
    )


def opening(players: int = 2, seed: int = 3) -> GolfGame:
    return GolfGame(["Ann", "Ben", "Cy", "Di"][:players], seed=seed)


def after_flips(game: GolfGame) -> GolfGame:
    for _ in game.players:
        game.play("flip TL")
        game.play("flip BL")
    return game


# -- refused moves: (id, build the game, moves before, the refused move, player, rule) ---------

REFUSALS = [
    ("deck-five-players", lambda: GolfGame(list("ABCDE")), [], None, None, "GOLF-DECK"),
    ("deck-one-player", lambda: GolfGame(["A"]), [], None, None, "GOLF-DECK"),
    (
        "deck-duplicate-card",
        lambda: GolfGame(["A", "B"], deck=["2C"] * 52),
        [],
        None,
        None,
        "GOLF-DECK",
    ),
    (
        "deck-short-pack",
        lambda: GolfGame(["A", "B"], deck=[str(c) for c in cards("AC 2C 3C")]),
        [],
        None,
        None,
        "GOLF-DECK",
    ),
    ("flip-before-draw", opening, [], "draw", None, "GOLF-FLIP-TWO"),
    ("flip-same-card-twice", opening, ["flip TL"], "flip TL", None, "GOLF-FLIP-TWO"),
    ("flip-third-card", lambda: after_flips(opening()), [], "flip TM", None, "GOLF-NO-PEEK"),
    ("order-wrong-player-flip", opening, [], "flip TL", "Ben", "GOLF-ORDER"),
    ("order-wrong-player-draw", lambda: after_flips(opening()), [], "draw", "Ben", "GOLF-ORDER"),
    ("draw-twice", lambda: after_flips(opening()), ["draw"], "take", None, "GOLF-DRAW"),
    ("replace-before-draw", lambda: after_flips(opening()), [], "replace TM", None, "GOLF-DRAW"),
    ("discard-before-draw", lambda: after_flips(opening()), [], "discard", None, "GOLF-DRAW"),
    (
        "take-empty-discard",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000"),
        [],
        "take",
        None,
        "GOLF-DRAW",
    ),
    (
        "taken-card-discarded",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000", discard="9S"),
        ["take"],
        "discard",
        None,
        "GOLF-TAKE-MUST-REPLACE",
    ),
    ("peek", lambda: position("AC 2C 3C 4C 5C 6C", "110000"), [], "peek BR", None, "GOLF-NO-PEEK"),
    (
        "take-back",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000", discard="9S"),
        ["take", "replace BR"],
        "take back",
        "Ben",
        "GOLF-NO-PEEK",
    ),
    (
        "take-back-own-replacement-on-the-next-turn",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000", discard="9S"),
        ["take", "replace BR"],
        "take back",
        "Ann",
        "GOLF-NO-PEEK",
    ),
    (
        "extra-flip-pass",
        lambda: position(
            "AC 2C 3C 4C 5C 6C", "110000", stock="9S", options=GolfOptions(extra_flip=True)
        ),
        ["draw", "discard"],
        "pass",
        None,
        "GOLF-NO-PEEK",
    ),
    (
        "flip-after-stock-discard",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000", stock="9S"),
        ["draw", "discard"],
        "flip TL",
        "Ben",
        "GOLF-NO-PEEK",
    ),
    (
        "rearrange",
        lambda: position("2S 2H 3C KC KD 6C", "111110"),
        [],
        "move TM BL",
        None,
        "GOLF-NO-REARRANGE",
    ),
    (
        "move-after-end",
        lambda: position("AC 2C 3C 4C 5C 6C", "111110", stock="9S"),
        ["draw", "replace BR"],
        "draw",
        "Ben",
        "GOLF-END",
    ),
    (
        "result-before-end",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000"),
        [],
        "result",
        None,
        "GOLF-END",
    ),
    (
        "empty-stock-no-house-rule",
        lambda: position("AC 2C 3C 4C 5C 6C", "110000", discard="9S", stock_size=0),
        [],
        "draw",
        None,
        "GOLF-STOCK-OUT",
    ),
]


def golf_state(game: GolfGame) -> tuple:
    return (
        game.stock[:],
        game.discard[:],
        {p: (lay.cards[:], lay.up[:]) for p, lay in game.layouts.items()},
        game.phase,
        game.to_move,
    )


@pytest.mark.parametrize(
    ("build", "before", "move", "player", "rule"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_with_its_rule(build, before, move, player, rule):
    check_refusal(build, before, move, player, rule, golf_state)


# -- GOLF-DEAL, GOLF-FLIP-TWO, GOLF-ORDER ------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n}-players")
def test_deal_six_each_one_discard_rest_stock(players):
    game = opening(players)
    assert game.stock_size == 52 - 6 * players - 1
    assert len(game.discard) == 1
    assert all(len(lay.cards) == 6 and not any(lay.up) for lay in game.layouts.values())


def test_deal_from_an_explicit_deck_goes_one_at_a_time_from_the_dealers_left():
    from cardlib import standard_deck

    deck = standard_deck()
    game = GolfGame(["Ann", "Ben"], dealer="Ann", deck=deck)
    # Ben sits on the dealer's left: he gets the 1st, 3rd, 5th ... card
    assert game.layouts["Ben"].cards == deck[0:12:2]
    assert game.layouts["Ann"].cards == deck[1:12:2]
    assert game.discard == [deck[12]]
    assert game.stock[-1] == deck[13]  # the top of the stock is the next card


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    a, b, c = (
        GolfGame(["A", "B"], seed=5),
        GolfGame(["A", "B"], seed=5),
        GolfGame(["A", "B"], seed=6),
    )
    assert a.layouts["A"].cards == b.layouts["A"].cards
    assert a.layouts["A"].cards != c.layouts["A"].cards


def test_flipping_two_changes_nothing_but_the_sides():
    game = opening(3)
    stock = game.stock[:]
    after_flips(game)
    assert game.stock == stock
    assert all(sum(lay.up) == 2 for lay in game.layouts.values())
    assert game.phase == "draw"


@pytest.mark.parametrize(
    ("dealer", "first"),
    [("Cy", "Ann"), ("Ann", "Ben"), ("Ben", "Cy")],
    ids=["dealer-Cy", "dealer-Ann", "dealer-Ben"],
)
def test_order_starts_at_dealers_left_and_goes_clockwise(dealer, first):
    game = after_flips(GolfGame(["Ann", "Ben", "Cy"], dealer=dealer))
    seats = ["Ann", "Ben", "Cy"]
    order = []
    for _ in range(3):
        order.append(game.to_move)
        game.play("draw")
        game.play("discard")
    i = seats.index(first)
    assert order == [seats[(i + k) % 3] for k in range(3)]


# -- GOLF-DRAW, GOLF-REPLACE, GOLF-DISCARD-STOCK, GOLF-TAKE-MUST-REPLACE, GOLF-NO-PEEK -------


def test_draw_takes_exactly_the_top_of_the_stock():
    game = position("AC 2C 3C 4C 5C 6C", "110000", stock="9S 8S", discard="KH")
    size = game.stock_size
    game.play("draw")
    assert game.holding == Card.parse("9S") and game.stock_size == size - 1


def test_replace_face_down_reveals_the_card_and_discards_it_face_up():
    game = position("7H 2C 3C QD 5C 6C", "100000", discard="7C")
    game.play("take")
    game.play("replace BL")
    lay = game.layouts["Ann"]
    assert (lay.cards[P.BL], lay.up[P.BL]) == (Card.parse("7C"), True)
    assert game.revealed == game.discard_top == Card.parse("QD")
    assert column_score(lay.cards[P.TL], lay.cards[P.BL]).points == 0


def test_replace_face_up_card():
    game = position("7H 2C 3C QD 5C 6C", "100000", discard="AS")
    game.play("take")
    game.play("replace TL")
    assert game.discard_top == Card.parse("7H") and game.revealed is None


def test_discarding_a_stock_card_keeps_the_layout():
    game = position("7H 2C 3C QD 5C 6C", "100000", stock="9S")
    before = (game.layouts["Ann"].cards[:], game.layouts["Ann"].up[:])
    game.play("draw")
    game.play("discard")
    assert (game.layouts["Ann"].cards, game.layouts["Ann"].up) == before
    assert game.discard_top == Card.parse("9S") and game.to_move == "Ben"


def test_a_taken_card_may_replace_but_not_be_discarded():
    game = position("7H 2C 3C QD 5C 6C", "100000", discard="9S")
    game.play("take")
    assert "discard" not in game.legal_moves()
    assert "replace TR" in game.legal_moves()


def test_extra_flip_variant_is_off_by_default_and_compulsory_when_switched_on():
    on = position("7H 2C 3C QD 5C 6C", "100000", stock="9S", options=GolfOptions(extra_flip=True))
    on.play("draw")
    on.play("discard")
    # the article: after discarding you must turn up one of your cards -- no passing
    assert on.phase == "extra-flip" and on.legal_rule == "GOLF-NO-PEEK"
    assert "pass" not in on.legal_moves() and "flip TL" not in on.legal_moves()
    assert [str(m) for m in on.legal_moves()] == [
        "flip TM",
        "flip TR",
        "flip BL",
        "flip BM",
        "flip BR",
    ]
    with pytest.raises(RuleViolation, match="compulsory"):
        on.play("pass")
    event = on.play("flip BR")
    assert event.of("extra-flip")[0].cards == (Card.parse("6C"),)
    assert on.layouts["Ann"].up[P.BR] and on.to_move == "Ben"


# -- GOLF-VALUES, GOLF-COLUMN, GOLF-PAIR-TWOS ----------------------------------------------

VALUE_TABLE = [("A", 1), ("2", -2), ("3", 3), ("7", 7), ("10", 10), ("J", 10), ("Q", 10), ("K", 0)]


@pytest.mark.parametrize(
    ("rank", "points"), VALUE_TABLE, ids=[f"value-{r}" for r, _ in VALUE_TABLE]
)
def test_values_table(rank, points):
    card = Card.parse(rank + "H")
    assert VALUES[card.rank] == points
    # a column of this card over a 3 of another suit adds the two values (when not a pair)
    other = Card.parse("4S") if rank != "4" else Card.parse("5S")
    assert column_score(card, other).points == points + VALUES[other.rank]


COLUMN_CASES = [
    ("pair-of-8s", "8H 8C", 0, "GOLF-COLUMN"),
    ("pair-of-kings", "KH KS", 0, "GOLF-COLUMN"),
    ("j-over-q-is-20", "JH QS", 20, "GOLF-COLUMN"),
    ("two-jacks-is-0", "JC JD", 0, "GOLF-COLUMN"),
    ("two-2s-is-0-not-minus-4", "2S 2H", 0, "GOLF-PAIR-TWOS"),
    ("2-over-king", "2S KD", -2, "GOLF-VALUES"),
    ("ace-over-queen", "AC QH", 11, "GOLF-VALUES"),
    ("suits-never-matter", "8D 8S", 0, "GOLF-COLUMN"),
]


@pytest.mark.parametrize(
    ("pair", "points", "rule"), [c[1:] for c in COLUMN_CASES], ids=[c[0] for c in COLUMN_CASES]
)
def test_column_scores(pair, points, rule):
    top, bottom = cards(pair)
    score = column_score(top, bottom)
    assert (score.points, score.rule) == (points, rule)


LAYOUTS = [
    ("article-9", "8H 2S AC 8C KD QH", 9),
    ("article-27", "8H 2S AC QC KD QH", 27),
    ("twos-in-one-column", "2S KD 5C 2H KC 5H", 0),
    ("twos-in-two-columns", "2S 2H 5C KD KC 5H", -4),
    ("side-by-side-never-pair", "8H 8C KS 3D 4D KH", 23),
    ("diagonal-never-pairs", "8H 3C KS 4D 8C KH", 8 + 3 + 4 + 8 + 0),
]


@pytest.mark.parametrize(("layout", "total"), [c[1:] for c in LAYOUTS], ids=[c[0] for c in LAYOUTS])
def test_layout_totals(layout, total):
    assert score_layout(layout.split()).total == total
    assert Layout(cards(layout)).points() == total


@pytest.mark.parametrize("six", ["8H 8H 8H 8H 8H 8H", "AC 2C 3C 4C 5C AC"])
def test_a_layout_holding_a_card_twice_is_refused_with_golf_deck(six):
    """A layout is six cards of the one pack (GOLF-DECK): no hand holds a card twice."""
    with pytest.raises(RuleViolation) as refused:
        Layout(cards(six))
    assert refused.value.rule == "GOLF-DECK" and "appears twice" in str(refused.value)


def test_a_column_is_the_top_and_bottom_card_of_one_position():
    lay = Layout(cards("AC 2C 3C 4C 5C 6C"))
    assert lay.columns() == [tuple(cards(c)) for c in ("AC 4C", "2C 5C", "3C 6C")]
    assert columns(list(P)) == [(P.TL, P.BL), (P.TM, P.BM), (P.TR, P.BR)]


SEEN = [
    # (id, what a player sees top row first, "--" face down, what it is worth so far)
    ("all-down", "-- -- -- -- -- --", 0),
    ("one-card-a-column", "8H -- KS -- 2D --", 8 + 0 - 2),
    ("a-pair-up-is-0", "8H -- -- 8C -- --", 0),
    ("two-2s-up-are-0", "2S -- -- 2H 5C --", 5),
    ("all-up-is-the-score", "8H 2S AC 8C KD QH", 9),
]


@pytest.mark.parametrize(("seen", "worth"), [c[1:] for c in SEEN], ids=[c[0] for c in SEEN])
def test_what_the_face_up_cards_are_worth(seen, worth):
    sight = [None if c == "--" else Card.parse(c) for c in seen.split()]
    assert seen_worth(sight) == worth
    full = [c or Card.parse(f) for c, f in zip(sight, cards("3D 4D 6D 7D 9D 10D"), strict=True)]
    up = "".join("0" if c is None else "1" for c in sight)
    assert position(" ".join(map(str, full)), up).visible_score("Ann") == worth


# -- GOLF-NO-REARRANGE, GOLF-END, GOLF-STOCK-OUT, GOLF-MATCH -----------------------------------


def test_rearrange_is_never_a_legal_move():
    game = position("2S 2H 3C KC KD 6C", "111110")
    assert not any(m.kind == "move" for m in game.legal_moves())


def test_end_when_one_layout_is_all_up_and_the_rest_is_revealed():
    game = GolfGame.from_position(
        ["Ann", "Ben"],
        {
            "Ann": {p: (c, p != P.BR) for p, c in zip(P, cards("9H 10C 6D 4S 7C QH"), strict=True)},
            "Ben": {
                p: (c, p in (P.TL, P.TM))
                for p, c in zip(P, cards("KS 3D AS KH 3C AD"), strict=True)
            },
        },
        stock=cards("JD"),
        to_move="Ann",
    )
    game.play("draw")
    event = game.play("replace BR")
    assert game.is_over and "GOLF-END" in event.rules and game.to_move is None
    assert all(all(lay.up) for lay in game.layouts.values())
    assert game.result() == {"Ann": 46, "Ben": 0}  # going out first is not winning
    assert len(game.legal_moves()) == 0


def test_last_turns_variant_gives_everyone_else_one_more_turn():
    game = position(
        "AC 2C 3C 4C 5C 6C", "111110", stock="9S 9H 9D", options=GolfOptions(last_turns=True)
    )
    game.play("draw")
    game.play("replace BR")
    assert not game.is_over and game.to_move == "Ben"
    game.play("draw")
    game.play("discard")
    assert game.is_over


def test_stock_out_reshuffles_all_but_the_top_discard():
    game = position(
        "AC 2C 3C 4C 5C 6C",
        "110000",
        discard="9S",
        stock_size=0,
        options=GolfOptions(stock_out="reshuffle"),
    )
    under = len(game.discard) - 1
    game.play("draw")
    assert game.stock_size == under - 1 and game.discard == cards("9S")


def test_stock_out_end_finishes_the_hand_when_the_stock_is_empty():
    game = position(
        "AC 2C 3C 4C 5C 6C",
        "110000",
        stock="9S",
        stock_size=1,
        options=GolfOptions(stock_out="end"),
    )
    game.play("draw")
    game.play("discard")
    assert game.is_over and game.ended_by == "GOLF-STOCK-OUT"


def test_unknown_stock_out_rule_is_refused():
    with pytest.raises(NotationError):
        GolfOptions(stock_out="shuffle-everything")  # type: ignore[arg-type]


def test_match_lowest_total_wins_not_most_holes():
    match = GolfMatch(("Jia", "Yi"))
    # Yi wins six holes by a little, Jia wins three by a lot
    for jia, yi in [(9, 8), (9, 8), (9, 8), (9, 8), (9, 8), (9, 8), (0, 10), (0, 10), (-2, 10)]:
        match.record({"Jia": jia, "Yi": yi})
    assert match.hole_wins() == {"Jia": 3, "Yi": 6}
    assert match.totals() == {"Jia": 52, "Yi": 78} and match.winners() == ["Jia"]


def test_match_keeps_signs_and_reports_ties():
    match = GolfMatch(("A", "B"))
    for a, b in [(-2, 2)] + [(0, -2)] * 2 + [(0, 0)] * 6:
        match.record({"A": a, "B": b})
    assert match.totals() == {"A": -2, "B": -2} and match.winners() == ["A", "B"]


def test_match_needs_nine_holes_and_no_more():
    match = GolfMatch(("A", "B"))
    for _ in range(8):
        match.record({"A": 1, "B": 2})
    with pytest.raises(RuleViolation) as err:
        match.winners()
    assert err.value.rule == "GOLF-MATCH"
    match.record({"A": 1, "B": 2})
    with pytest.raises(RuleViolation) as err:
        match.record({"A": 1, "B": 2})
    assert err.value.rule == "GOLF-MATCH"


# -- moves in notation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "flip TL",
        "draw",
        "take",
        "replace BR",
        "discard",
        "pass",
        "peek BM",
        "take back",
        "move TL BR",
    ],
)
def test_moves_round_trip(text):
    move = GolfMove.parse(text)
    assert str(move) == text and eval(repr(move)) == move


@pytest.mark.parametrize("text", ["replace", "flip XY", "jump", "draw TL", ""])
def test_bad_move_notation(text):
    with pytest.raises(NotationError):
        GolfMove.parse(text)


def test_legal_moves_view():
    game = after_flips(opening())
    legal = game.legal_moves()
    assert (
        len(legal) == 2
        and "draw" in legal
        and "replace TL" not in legal
        and "nonsense" not in legal
    )
    assert repr(legal) == "<LegalMoves: draw, take>"


def test_every_golf_rule_is_enforced_by_one_function_whose_docstring_is_the_rule():
    import inspect

    import cardlib.golf  # noqa: F401  (importing the engine marks its rule functions)
    from cardlib import rules
    from cardlib.catalogue import ENFORCED_BY

    for rule in rules.for_game("golf"):
        fn = ENFORCED_BY.get(rule.id)
        assert fn is not None, f"{rule.id} is enforced by no marked function"
        assert fn.__module__.startswith("cardlib.golf."), (rule.id, fn.__module__)
        doc = inspect.getdoc(fn) or ""
        assert doc and "\n" not in doc, f"{rule.id}: {fn.__qualname__} needs a one-line docstring"
        assert len(inspect.getsource(fn).splitlines()) <= 40, f"{rule.id} is not short"


# -- issue 19: a refused call raises cardlib's own error and changes nothing --------------


@pytest.mark.parametrize(
    "options",
    [{"extra_flip": "no"}, {"extra_flip": "false"}, {"last_turns": 1}, {"stock_out": "off"}],
)
def test_an_option_is_what_it_says_or_refused(options):
    """``extra_flip="no"`` once switched the variant on; a switch is true or false."""
    with pytest.raises(NotationError):
        _GolfOptions(**options)
    with pytest.raises(NotationError):
        GolfGame(["Ann", "Ben"], options=options)


def test_options_may_be_given_as_the_example_format_writes_them():
    game = GolfGame(["Ann", "Ben"], options={"stock_out": "end", "extra_flip": True})
    assert game.options == _GolfOptions(stock_out="end", extra_flip=True)
    assert "extra flip" in repr(game)
    with pytest.raises(NotationError, match="not a Golf option"):
        GolfGame(["Ann", "Ben"], options={"stockout": "end"})


@pytest.mark.parametrize(
    "call",
    [
        lambda: GolfGame(["Ann", "Ben"], seed=[1]),
        lambda: GolfGame("Ann", seed=1),
        lambda: GolfGame(["Ann", "Ben"], deck="2H 3H"),
        lambda: GolfGame.from_position(["Ann", "Ben"], {}, stock_size="5"),
        lambda: GolfGame.from_position(["Ann", "Ben"], {}, stock_size=5.5),
        lambda: GolfGame.from_position(["Ann", "Ben"], {}, stock_size=-1),
        lambda: GolfGame.from_position(["Ann", "Ben"], {}, stock=[0, 1]),
        lambda: GolfGame.from_position(["Ann", "Ben"], {"Ann": {"TL": "KH"}}),
        lambda: GolfGame.from_position(["Ann", "Ben"], {"Ann": {"XX": ("KH", True)}}),
        lambda: GolfGame.from_position(["Ann", "Ben"], {"Cy": {}}),
        lambda: _column_score("8H", 8),
        lambda: _GolfMatch("Ann"),
    ],
)
def test_wrong_arguments_are_refused_in_cardlibs_words(call):
    with pytest.raises(_CardlibError):
        call()


def test_a_column_may_be_written_in_notation():
    assert _column_score("8H", "8C").points == 0
    assert _column_score("2H", "KS").points == -2


@pytest.mark.parametrize("scores", [{"A": 3, "B": "x"}, {"A": 1, "B": 2.9}, {"A": 1}, [1, 2]])
def test_a_refused_hole_records_nothing(scores):
    """``record({"A": 3, "B": "x"})`` used to keep A's 3; ``2.9`` was kept as 2."""
    match = _GolfMatch(["A", "B"])
    match.record({"A": -2, "B": 4})
    with pytest.raises(_CardlibError):
        match.record(scores)
    assert match.holes == {"A": [-2], "B": [4]}


def _state(game: GolfGame) -> tuple:
    return (
        {p: (lay.cards[:], lay.up[:]) for p, lay in game.layouts.items()},
        game.stock[:],
        game.discard[:],
        game.phase,
        game.seat,
        game.holding,
        list(game.history),
    )


def test_a_refused_move_changes_nothing():
    rng = random.Random(5)
    game = GolfGame(["Ann", "Ben", "Cy"], seed=5)
    while not game.is_over:
        before = _state(game)
        for wrong in ("peek TL", "take back", "move TL BR", "pass", "draw", "discard", 7, None):
            try:
                game.play(wrong)  # type: ignore[arg-type]
            except _CardlibError:
                assert _state(game) == before, wrong
            else:
                break
        else:
            game.play(rng.choice(list(game.legal_moves())))


def test_a_position_with_no_stock_under_the_end_rule_is_over():
    """GOLF-STOCK-OUT's 'end': the turn that emptied the stock ended the hand."""
    game = GolfGame.from_position(
        ["Ann", "Ben"], {}, stock_size=0, options=_GolfOptions(stock_out="end")
    )
    assert game.is_over and game.legal_rule == "GOLF-STOCK-OUT"
    assert game.legal_moves() == []
    assert set(game.result()) == {"Ann", "Ben"}


# -- issue 20: a match played hole by hole, and a reshuffle an example can name ----------


def _quick_hole(seed: int) -> GolfGame:
    return GolfGame(["Ann", "Ben"], seed=seed)


def _finish(match: _PlayedMatch) -> None:
    """Play random moves until the hole in play (or, once one has ended, the next) ends."""
    rng = random.Random(1)
    match.play(rng.choice(list(match.legal_moves())))
    while not match.hole.is_over:
        match.play(rng.choice(list(match.legal_moves())))


def test_a_played_match_records_each_hole_as_it_ends():
    match = _PlayedMatch([_quick_hole(s) for s in (1, 2, 3)])
    totals = {"Ann": 0, "Ben": 0}
    for n in (1, 2, 3):
        _finish(match)
        assert match.hole.is_over and match.number == n and match.holes_played == n
        for p, score in match.hole.scores().items():
            totals[p] += score
        assert match.match.totals() == totals
    assert match.is_over and match.to_move is None and dict(match.result()) == totals


def test_a_refused_move_between_holes_starts_nothing():
    match = _PlayedMatch([_quick_hole(1), _quick_hole(2)])
    _finish(match)
    assert match.to_move == "Ann" and match.number == 1
    with pytest.raises(RuleViolation, match="GOLF-FLIP-TWO"):
        match.play("draw")
    assert match.number == 1 and match.holes_played == 1
    match.play("flip TL")
    assert match.number == 2 and match.holes_played == 1


def test_a_match_is_at_most_nine_holes_of_the_same_players():
    with pytest.raises(RuleViolation, match="GOLF-MATCH"):
        _PlayedMatch([_quick_hole(s) for s in range(10)])
    with pytest.raises(NotationError):
        _PlayedMatch([_quick_hole(1), GolfGame(["Ann", "Cy"], seed=1)])
    with pytest.raises(NotationError):
        _PlayedMatch([])


def _empty_stock(**kwargs) -> GolfGame:
    return GolfGame.from_position(
        ["Mei", "Ben"],
        {"Mei": {"TL": (Card.parse("4H"), True)}},
        discard=[Card.parse("KH"), Card.parse("2D"), Card.parse("9S")],
        stock_size=0,
        options=_GolfOptions(stock_out="reshuffle"),
        **kwargs,
    )


def test_the_top_of_a_reshuffle_can_be_named():
    game = _empty_stock(reshuffle=["2D", "KH"])
    assert game.play("draw").of("draw")[0].cards == (Card.parse("2D"),)
    assert game.stock[-1] == Card.parse("KH") and game.discard == [Card.parse("9S")]
    same_seed = _empty_stock()
    same_seed.play("draw")
    assert sorted(same_seed.stock + [same_seed.holding]) == sorted(game.stock + [game.holding])


def test_a_reshuffle_naming_a_card_not_among_the_discards_is_refused():
    game = _empty_stock(reshuffle=["4H"])  # in Mei's layout
    before = (game.stock[:], game.discard[:])
    with pytest.raises(RuleViolation, match="GOLF-STOCK-OUT"):
        game.play("draw")
    assert (game.stock, game.discard) == before
    with pytest.raises(RuleViolation, match="GOLF-STOCK-OUT"):
        _empty_stock(reshuffle=["9S"]).play("draw")  # the top card stays on the pile
    with pytest.raises(NotationError):
        GolfGame(["Mei", "Ben"], reshuffle=["2D"])  # no reshuffle rule agreed
    with pytest.raises(NotationError):
        _empty_stock(reshuffle=["2D", "2D"])


# -- issue 19: the last-turns variant from a position -------------------------------------


def _gone_out(**kwargs):
    layouts = {"Ann": {p: (None, True) for p in Position}}
    return GolfGame.from_position(["Ann", "Ben", "Cy"], layouts, **kwargs)


def test_a_position_can_owe_the_last_turns_and_the_engine_gives_them():
    game = _gone_out(options=GolfOptions(last_turns=True), to_move="Ben", went_out="Ann")
    assert not game.is_over and game.to_move == "Ben" and game.went_out == "Ann"
    for player in ("Ben", "Cy"):
        assert game.to_move == player
        game.play("draw")
        game.play("discard")
    assert game.is_over and game.ended_by == "GOLF-END"


def test_only_the_turns_still_owed_are_played():
    game = _gone_out(options=GolfOptions(last_turns=True), to_move="Cy", went_out="Ann")
    game.play("draw")
    game.play("discard")
    assert game.is_over  # Ben had his last turn before the position


def test_without_went_out_a_layout_all_up_is_a_hand_that_has_ended():
    assert _gone_out(options=GolfOptions(last_turns=True)).is_over


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"to_move": "Ben", "went_out": "Ann"}, RuleViolation),  # no variant: GOLF-END
        ({"options": GolfOptions(last_turns=True), "went_out": "Ann"}, NotationError),
        (  # the one who went out has no last turn: GOLF-END, claimable (issue 33, item 11)
            {"options": GolfOptions(last_turns=True), "to_move": "Ann", "went_out": "Ann"},
            RuleViolation,
        ),
        (
            {"options": GolfOptions(last_turns=True), "to_move": "Ann", "went_out": "Ben"},
            RuleViolation,
        ),
        (
            {"options": GolfOptions(last_turns=True), "to_move": "Ben", "went_out": "Zed"},
            NotationError,
        ),
    ],
)
def test_a_position_that_owes_turns_nobody_can_owe_is_refused(kwargs, error):
    with pytest.raises(error) as refused:
        _gone_out(**kwargs)
    assert error is NotationError or refused.value.rule == "GOLF-END"


@pytest.mark.parametrize(("to_move", "owed"), [("Ben", ["Ben", "Cy"]), ("Cy", ["Cy"])])
def test_a_player_still_owed_a_last_turn_cannot_have_six_cards_up(to_move, owed):
    """The hand ended when the sixth card was turned (GOLF-END): a player still owed a last
    turn with six cards up would have gone out first.  One who had their last turn may have
    six up (issue 33, item 11)."""
    for everyone_up in owed:
        layouts = {name: {p: (None, True) for p in Position} for name in ("Ann", everyone_up)}
        with pytest.raises(RuleViolation) as refused:
            GolfGame.from_position(
                ["Ann", "Ben", "Cy"],
                layouts,
                options=GolfOptions(last_turns=True),
                to_move=to_move,
                went_out="Ann",
            )
        assert refused.value.rule == "GOLF-END" and everyone_up in refused.value.message
    if to_move == "Cy":  # Ben had his last turn before the position: six up is fine
        layouts = {name: {p: (None, True) for p in Position} for name in ("Ann", "Ben")}
        game = GolfGame.from_position(
            ["Ann", "Ben", "Cy"],
            layouts,
            options=GolfOptions(last_turns=True),
            to_move="Cy",
            went_out="Ann",
        )
        assert not game.is_over and game.to_move == "Cy"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Layout("x"),
        lambda: Layout(["8H"] * 6),
        lambda: Layout([Card.parse("8H")] * 5),
        lambda: Layout([Card.parse("8H")] * 6, [True] * 5),
        lambda: Layout([Card.parse("8H")] * 6, [1] * 6),
        lambda: GolfMatch(("Ann", "Ben"), {"Ann": [1] * 12, "Ben": [1] * 12}),
        lambda: GolfMatch(("Ann", "Ben"), {"Ann": [1, 2], "Ben": [1]}),
    ],
    ids=[
        "text",
        "card-names",
        "five-cards",
        "five-faces",
        "faces-not-bool",
        "12-holes",
        "unequal-holes",
    ],
)
def test_what_no_game_can_hold_is_refused_when_made(make):
    """Accepted, then broken later (issue 33, item 14): refused when made."""
    with pytest.raises(_CardlibError):
        make()


# -- issue 33: a match of names and hole scores no game can give -------------------------


def _refusal(make) -> _CardlibError:
    with pytest.raises(_CardlibError) as refused:
        make()
    return refused.value


@pytest.mark.parametrize(
    "players",
    [
        ("note", "Ben"),
        ("Ann", "a\nb"),
        ("x" * 41, "Ben"),
        ("Ann", "   "),
        ("Ann", "Ann"),
        ("Ann", 7),
        "Ann",
        tuple("ABCDEFG"),
        tuple("ABCDE"),
        ("Ann",),
        (),
    ],
    ids=["note", "newline", "41", "spaces", "twice", "not-text", "text", "7", "5", "1", "0"],
)
def test_a_match_refuses_the_players_a_game_refuses(players):
    """Names every game refuses (arguments.player_names) and a table of other than 2 to 4
    (GOLF-DECK's one_pack): the same error, rule and words as GolfGame gives."""
    game, match = _refusal(lambda: GolfGame(players)), _refusal(lambda: GolfMatch(players))
    assert type(match) is type(game) and match.rule == game.rule and str(match) == str(game)
    if len(players) in (0, 1, 5, 7):
        assert isinstance(match, RuleViolation) and match.rule == "GOLF-DECK"
    else:
        assert isinstance(match, NotationError)
    for fine in (("Ann", "Ben"), ("Ann", "Ben", "Cy", "Di"), ("Mei Lin", "B")):
        assert GolfMatch(fine).players == fine


def _hole_bounds() -> tuple[int, int]:
    """The least and the most a hand scores, found by brute force: every two cards of the
    pack as a real layout's left column (its other columns a pair of kings and a pair of
    queens, worth 0, from the cards left), times the three columns."""
    from cardlib.cards import standard_deck

    pack = standard_deck()

    def pair(rank: str, used: tuple[Card, ...]) -> list[Card]:
        return [c for c in pack if c.rank == Card.parse(f"{rank}S").rank and c not in used][:2]

    def left_column(top: Card, bottom: Card) -> int:
        kings, queens = pair("K", (top, bottom)), pair("Q", (top, bottom))
        layout = Layout([top, kings[0], queens[0], bottom, kings[1], queens[1]])
        return layout.score().columns[0].points

    points = {left_column(top, bottom) for top in pack for bottom in pack if top != bottom}
    return 3 * min(points), 3 * max(points)


LEAST, MOST = _hole_bounds()


@pytest.mark.parametrize(("bound", "past"), [(LEAST, LEAST - 1), (MOST, MOST + 1)])
def test_a_hole_score_at_a_bound_is_recorded_and_one_past_it_refused(bound, past):
    match = GolfMatch(("Ann", "Ben"), {"Ann": [bound], "Ben": [0]})
    match.record({"Ann": 0, "Ben": bound})
    assert match.holes == {"Ann": [bound, 0], "Ben": [0, bound]}
    with pytest.raises(RuleViolation, match="GOLF-MATCH"):
        match.record({"Ann": past, "Ben": 0})
    with pytest.raises(RuleViolation, match="GOLF-MATCH"):
        GolfMatch(("Ann", "Ben"), {"Ann": [bound, 0], "Ben": [0, past]})
    assert match.holes == {"Ann": [bound, 0], "Ben": [0, bound]}


@pytest.mark.parametrize("score", [LEAST - 1, MOST + 1, 10**100, -50, 1000, -1000])
def test_a_hole_score_no_hand_can_give_is_refused_by_golf_match(score):
    """Issue 33, item 8: GolfMatch accepted 10**100 and -50."""
    made = _refusal(lambda: GolfMatch(("Ann", "Ben"), {"Ann": [1, 2], "Ben": [3, score]}))
    assert isinstance(made, RuleViolation) and made.rule == "GOLF-MATCH"
    assert "Ben cannot have scored" in str(made)
    match = GolfMatch(("Ann", "Ben"), {"Ann": [1], "Ben": [3]})
    recorded = _refusal(lambda: match.record({"Ann": 2, "Ben": score}))
    assert isinstance(recorded, RuleViolation) and recorded.rule == "GOLF-MATCH"
    assert str(recorded) == str(made)
    assert match.holes == {"Ann": [1], "Ben": [3]} and match.holes_played == 1


def test_the_hole_score_refusal_is_golf_matchs_function():
    """Raised by the function ``cardlib rules GOLF-MATCH --code`` prints, with its words; the
    bounds are GOLF-COLUMN's points over the pack, which stays a rule of two cards."""
    from cardlib.catalogue import rules as catalogue
    from cardlib.golf import scoring
    from cardlib.golf.match import Scored, nine_holes

    assert catalogue["GOLF-MATCH"].enforced_by is nine_holes
    # the engine's bounds, from its own rule, are the brute force's: a 2 over a king in
    # each column (-2 each), three columns of 20 (J over Q)
    assert (scoring.HOLE_LEAST, scoring.HOLE_MOST) == (LEAST, MOST) == (-6, 60)
    refusal = nine_holes(None, Scored("Ann", MOST + 1))
    assert refusal is not None and refusal.rule == "GOLF-MATCH"
    assert nine_holes(None, Scored("Ann", MOST)) is None
    assert nine_holes(None, Scored("Ann", LEAST)) is None


@pytest.mark.parametrize(
    ("scores", "claimed", "line", "column", "bad"),
    [
        ("Jia: [9, 4]\n    Yi: [60, 61]", False, 8, 14, "61"),
        ("Jia: [-6, -7]\n    Yi: [5, 3]", False, 7, 15, "-7"),
        ("{Jia: [1000], Yi: [-1000]}", False, 6, 17, "1000"),
        ("Jia: [9, 4]\n    Yi: [60, 61]", True, None, None, None),
    ],
    ids=["61", "-7", "1000", "claimed"],
)
def test_an_example_of_a_score_no_hand_gives(tmp_path, scores, claimed, line, column, bad):
    """Refused with GOLF-MATCH at the score (exit 2), or claimed as refused (exit 0)."""
    from cardlib.check import check_file, exit_status

    sep = " " if scores.startswith("{") else "\n    "
    step = "  - expect: {refused: GOLF-MATCH}" if claimed else "  - expect: {holes_played: 2}"
    text = (
        "example: t\nsource: s\ngame: golf\nplayers: [Jia, Yi]\nsetup:\n"
        f"  match:{sep}{scores}\nsteps:\n{step}\n"
    )
    path = tmp_path / "scores.yaml"
    path.write_text(text)
    reports = check_file(path)
    problems = [p for r in reports for p in r.problems]
    if claimed:
        assert exit_status(reports) == 0 and not problems, [str(p) for p in problems]
        return
    assert exit_status(reports) == 2
    (problem,) = problems
    assert (problem.rule, problem.line, problem.column) == ("GOLF-MATCH", line, column)
    assert text.splitlines()[line - 1][column - 1 :].startswith(bad)
