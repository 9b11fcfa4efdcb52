"""Every GF- rule as a table of cases with readable ids: legal requests play and are narrated
with their rule IDs, illegal ones are refused with exactly their rule ID.  Then the deal
table for every rule set and player count, and the article's worked scenarios as golden
games."""

from __future__ import annotations

import inspect
import random
import re
from collections import Counter

import pytest

from cardlib import Card, NotationError, Rank, RuleViolation, Suit, rules, standard_deck
from cardlib.gofish import (
    DEAL_SIZES,
    GoFishGame,
    GoFishMove,
    GoFishOptions,
    deal_size,
    simple_bot,
)
from tests.support.rules import check_refusal

ABC = ("Ann", "Ben", "Cy")


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def pos(
    hands: dict[str, str],
    *,
    stock: str = "",
    books: dict[str, str] | None = None,
    to_move: str | None = "Ann",
    players: tuple[str, ...] = ABC,
    **options,
) -> GoFishGame:
    """A position: hands as text, the named top of the stock, books as ranks ("8 K")."""
    return GoFishGame.from_position(
        players,
        {p: cards(h) for p, h in hands.items()},
        books={p: b.split() for p, b in (books or {}).items()},
        stock=cards(stock),
        to_move=to_move,
        options=GoFishOptions(**options),
    )


def endgame(
    hands: dict[str, str], *, stock: str = "", players: tuple[str, ...] = ABC, **options
) -> GoFishGame:
    """A position late in the game: every rank named nowhere is already a book, shared out
    in turn between the players, so the stock holds exactly the cards named for it."""
    named = {c.rank for h in hands.values() for c in cards(h)} | {c.rank for c in cards(stock)}
    books: dict[str, list[str]] = {p: [] for p in players}
    for i, rank in enumerate(r for r in Rank if r not in named):
        books[players[i % len(players)]].append(str(rank))
    game = pos(
        hands,
        stock=stock,
        books={p: " ".join(b) for p, b in books.items()},
        players=players,
        **options,
    )
    assert game.stock == cards(stock), "every card of the named ranks must be placed"
    return game


def hand(game: GoFishGame, player: str) -> str:
    return " ".join(str(c) for c in game.hand(player))


# -- refused: (id, build the game, requests before, the refused request, as player, rule) --

REFUSALS = [
    ("deck-duplicate-card", lambda: GoFishGame(ABC, deck=["2C"] * 52), [], None, None, "GF-DECK"),
    (
        "deck-short-pack",
        lambda: GoFishGame(ABC, deck=standard_deck()[:51]),
        [],
        None,
        None,
        "GF-DECK",
    ),
    (
        "deck-card-in-hand-and-stock",
        lambda: pos({"Ann": "8S 3C", "Ben": "4D"}, stock="8S"),
        [],
        None,
        None,
        "GF-DECK",
    ),
    (
        "deck-rank-booked-twice",
        lambda: pos({"Ann": "3C", "Ben": "4D"}, books={"Ann": "8", "Ben": "8"}),
        [],
        None,
        None,
        "GF-DECK",
    ),
    ("players-one", lambda: GoFishGame(["Ann"]), [], None, None, "GF-PLAYERS"),
    (
        "players-seven",
        lambda: GoFishGame([f"P{i}" for i in range(7)]),
        [],
        None,
        None,
        "GF-PLAYERS",
    ),
    (
        "deal-bicycle-six-players-undefined",
        lambda: GoFishGame([f"P{i}" for i in range(6)], options=GoFishOptions(rule_set="bicycle")),
        [],
        None,
        None,
        "GF-DEAL",
    ),
    (
        "deal-bicycle-six-players-mid-game-too",
        lambda: pos(
            {"P0": "3C", "P1": "4D"},
            players=tuple(f"P{i}" for i in range(6)),
            to_move="P0",
            rule_set="bicycle",
        ),
        [],
        None,
        None,
        "GF-DEAL",
    ),
    ("first-wrong-player", lambda: GoFishGame(ABC, seed=1), [], "ask Ann 2", "Ben", "GF-FIRST"),
    (
        "first-wrong-player-gamerules",
        lambda: GoFishGame(ABC, seed=1, options=GoFishOptions(rule_set="gamerules")),
        [],
        "ask Ann 2",
        "Cy",  # seed 1 draws Ben to start (see test_first_player_gamerules_is_random_and_seeded)
        "GF-FIRST",
    ),
    (
        "ask-hold-rank-not-held",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}),
        [],
        "ask Ben K",
        None,
        "GF-ASK-HOLD",
    ),
    (
        "ask-target-self",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}),
        [],
        "ask Ann 9",
        None,
        "GF-ASK-TARGET",
    ),
    (
        "ask-target-nobody-of-that-name",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}),
        [],
        "ask Zed 9",
        None,
        "GF-ASK-TARGET",
    ),
    (
        "ask-target-out-of-the-game",
        lambda: endgame({"Ann": "QS QH KS", "Ben": "", "Cy": "QD QC KH KD KC"}, rule_set="bicycle"),
        [],
        "ask Ben Q",
        None,
        "GF-ASK-TARGET",
    ),
    (
        "lucky-draw-other-rank-turn-passes",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}, stock="5H"),
        ["ask Cy 9"],
        "ask Ben 9",
        "Ann",
        "GF-NEXT",
    ),
    (
        "next-wrong-player-after-miss",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}, stock="5H"),
        ["ask Cy 9"],
        "ask Ben 2",
        "Cy",
        "GF-NEXT",
    ),
    (
        "book-rank-laid-aside-cannot-be-asked",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}, books={"Cy": "8"}),
        [],
        "ask Cy 8",
        None,
        "GF-BOOK",
    ),
    (
        "book-four-in-hand-is-not-a-position",
        lambda: pos({"Ann": "8S 8H 8D 8C 2C", "Ben": "9H"}),
        [],
        None,
        None,
        "GF-BOOK",
    ),
    (
        "end-empty-move-after-the-end",
        lambda: pos({"Ann": "8S", "Ben": "8H 8D 5C", "Cy": "8C 6H"}),
        ["ask Ben 8", "ask Cy 8"],
        "ask Ben 5",
        None,
        "GF-END-EMPTY",
    ),
    (
        "end-empty-result-before-the-end",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}),
        [],
        "result",
        None,
        "GF-END-EMPTY",
    ),
    (
        "end-all-books-move-after-the-end",
        lambda: endgame({"Ann": "QS QH QD", "Ben": "QC"}, rule_set="bicycle"),
        ["ask Ben Q"],
        "ask Cy Q",
        None,
        "GF-END-ALL-BOOKS",
    ),
    (
        "end-all-books-result-before-the-end",
        lambda: endgame({"Ann": "QS QH", "Ben": "QC QD"}, rule_set="bicycle"),
        [],
        "result",
        None,
        "GF-END-ALL-BOOKS",
    ),
    (
        "var-card-rank-asked-at-a-card-table",
        lambda: pos({"Ann": "KS 9S", "Ben": "KC", "Cy": "2C"}, specific_card=True),
        [],
        "ask Ben K",
        None,
        "GF-VAR-CARD",
    ),
    (
        "var-card-card-asked-at-a-rank-table",
        lambda: pos({"Ann": "KS 9S", "Ben": "KC", "Cy": "2C"}),
        [],
        "ask Ben KC",
        None,
        "GF-VAR-CARD",
    ),
    (
        "var-card-own-card-not-agreed",
        lambda: pos({"Ann": "KS 9S", "Ben": "KC", "Cy": "2C"}, specific_card=True),
        [],
        "ask Ben KS",
        None,
        "GF-VAR-CARD",
    ),
    (
        "var-card-still-needs-the-rank",
        lambda: pos({"Ann": "KS 9S", "Ben": "QC", "Cy": "2C"}, specific_card=True),
        [],
        "ask Ben QC",
        None,
        "GF-ASK-HOLD",
    ),
]


def state(game: GoFishGame) -> tuple:
    return (game.hands, game.books, game.stock, game.to_move, len(game.log))


@pytest.mark.parametrize(
    ("build", "before", "move", "player", "rule"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_with_its_rule(build, before, move, player, rule):
    check_refusal(
        build, before, move, player, rule, state, min_message=30, legal_check_any_player=True
    )


def test_refusal_messages_quote_the_state():
    game = pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"})
    with pytest.raises(
        RuleViolation,
        match=r"Ann holds no Ks: you may only ask for a rank you hold \(Ann holds 5, 9\)",
    ):
        game.play("ask Ben K")
    with pytest.raises(RuleViolation, match="it is Ann's turn, not Ben's"):
        game.play("ask Ann 9", player="Ben")
    with pytest.raises(NotationError, match="'Zed' is not a player here"):
        game.play("ask Ben 9", player="Zed")


# -- played: (id, build, requests before, the request, rules it must name, check) ----------


def _then(**expect):
    """A check on the game after the request: to_move, hands, books, stock size, over."""

    def check(game: GoFishGame, event) -> None:
        for key, want in expect.items():
            if key == "to_move":
                assert game.to_move == want
            elif key == "turn_rule":
                assert game.turn_rule == want
            elif key == "stock_size":
                assert game.stock_size == want
            elif key == "ended_by":
                assert game.ended_by == want and game.is_over
            elif key == "result":
                assert game.result() == want
            elif key == "books":
                assert {p: " ".join(map(str, b)) for p, b in game.books.items() if b} == want
            elif key == "text":
                assert re.search(want, event.text), event.text
            elif key.startswith("hand_"):
                assert hand(game, key[5:]) == want
            else:  # pragma: no cover - a typo in the table
                raise KeyError(key)

    return check


PLAYS = [
    (
        "ask-hold-held-rank-is-asked",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}),
        [],
        "ask Ben 9",
        ["GF-GIVE-ALL"],
        _then(hand_Ann="5S 9H 9S", hand_Ben=""),
    ),
    (
        "ask-target-any-other-player",
        lambda: pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "9C 2C"}),
        [],
        "ask Cy 9",
        ["GF-GIVE-ALL"],
        _then(hand_Cy="2C", hand_Ann="5S 9C 9S"),
    ),
    (
        "give-all-both-8s",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H 8D 5C", "Cy": "2C"}),
        [],
        "ask Ben 8",
        ["GF-GIVE-ALL", "GF-CATCH-AGAIN"],
        _then(
            hand_Ann="3C 8D 8H 8S",
            hand_Ben="5C",
            text=r"^Ann asks Ben for 8s; Ben hands over 8D, 8H \(GF-GIVE-ALL\); "
            r"Ann asks again \(GF-CATCH-AGAIN\)$",
        ),
    ),
    (
        "catch-again-same-player-same-rank",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H 5C", "Cy": "8D 2C"}),
        ["ask Ben 8"],
        "ask Ben 8",
        ["GF-GO-FISH"],
        _then(stock_size=52 - 6 - 1),
    ),
    (
        "catch-again-without-a-book",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H 5C", "Cy": "3D 2C"}),
        [],
        "ask Ben 8",
        ["GF-CATCH-AGAIN"],
        _then(to_move="Ann", turn_rule="GF-CATCH-AGAIN", books={}),
    ),
    (
        "go-fish-exactly-one-card-from-the-top",
        lambda: pos({"Ann": "8S 3C", "Ben": "5C", "Cy": "2C"}, stock="KD 8H 8D"),
        [],
        "ask Ben 8",
        ["GF-GO-FISH", "GF-LUCKY-DRAW", "GF-NEXT"],
        _then(hand_Ann="3C 8S KD", stock_size=52 - 4 - 1, to_move="Ben"),
    ),
    (
        "lucky-draw-rank-asked-goes-again",
        lambda: pos({"Ann": "QS 4C", "Ben": "3D 7H", "Cy": "2C"}, stock="QH 9C"),
        [],
        "ask Ben Q",
        ["GF-GO-FISH", "GF-LUCKY-DRAW"],
        _then(to_move="Ann", turn_rule="GF-LUCKY-DRAW", hand_Ann="4C QH QS"),
    ),
    (
        "lucky-draw-other-held-rank-turn-passes",
        lambda: pos({"Ann": "5S 9S", "Ben": "3D 7H", "Cy": "2C"}, stock="5H"),
        [],
        "ask Ben 9",
        ["GF-LUCKY-DRAW", "GF-NEXT"],
        _then(to_move="Ben", hand_Ann="5H 5S 9S"),
    ),
    (
        "lucky-draw-completing-another-book-turn-still-passes",
        lambda: pos({"Ann": "5S 5C 5D 9S", "Ben": "3D", "Cy": "2C"}, stock="5H"),
        [],
        "ask Ben 9",
        ["GF-BOOK", "GF-LUCKY-DRAW", "GF-NEXT"],
        _then(to_move="Ben", books={"Ann": "5"}, hand_Ann="9S"),
    ),
    (
        "next-pagat-asker-left",
        lambda: pos({"Ann": "5S 9S", "Ben": "3D", "Cy": "2C"}, stock="KH"),
        [],
        "ask Cy 9",
        ["GF-NEXT"],
        _then(to_move="Ben", turn_rule="GF-NEXT"),
    ),
    (
        "next-bicycle-asker-left",
        lambda: pos({"Ann": "5S 9S", "Ben": "3D", "Cy": "2C"}, stock="KH", rule_set="bicycle"),
        [],
        "ask Cy 9",
        ["GF-NEXT"],
        _then(to_move="Ben"),
    ),
    (
        "next-gamerules-who-said-go-fish",
        lambda: pos({"Ann": "5S 9S", "Ben": "3D", "Cy": "2C"}, stock="KH", rule_set="gamerules"),
        [],
        "ask Cy 9",
        ["GF-NEXT"],
        _then(to_move="Cy"),
    ),
    (
        "next-pagat-variation-to-the-asked",
        lambda: pos({"Ann": "5S 9S", "Ben": "3D", "Cy": "2C"}, stock="KH", next_player="asked"),
        [],
        "ask Cy 9",
        ["GF-NEXT"],
        _then(to_move="Cy"),
    ),
    (
        "book-by-catch-laid-aside-at-once",
        lambda: pos({"Ann": "8S 8C 3C", "Ben": "8H 8D 5C", "Cy": "2C"}),
        [],
        "ask Ben 8",
        ["GF-GIVE-ALL", "GF-BOOK", "GF-CATCH-AGAIN"],
        _then(books={"Ann": "8"}, hand_Ann="3C", to_move="Ann"),
    ),
    (
        "end-empty-asked-player-gives-last-card",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}),
        [],
        "ask Ben 8",
        ["GF-GIVE-ALL", "GF-END-EMPTY", "GF-WIN"],
        _then(ended_by="GF-END-EMPTY", to_move=None, text="Ben's hand is empty"),
    ),
    (
        "end-empty-gamerules-asked-player-gives-last-card",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, rule_set="gamerules"),
        [],
        "ask Ben 8",
        ["GF-END-EMPTY", "GF-WIN"],
        _then(ended_by="GF-END-EMPTY", result={"Ann": 0, "Ben": 0, "Cy": 0}),
    ),
    (
        "end-empty-stock-exhausted-even-after-a-lucky-draw",
        lambda: endgame({"Ann": "QS 3C", "Ben": "3D 3H", "Cy": "QH QD 3S"}, stock="QC"),
        [],
        "ask Ben Q",
        ["GF-LUCKY-DRAW", "GF-END-EMPTY", "GF-WIN"],
        _then(ended_by="GF-END-EMPTY", text="the stock is exhausted, so the game is over"),
    ),
    (
        "empty-draw-bicycle-empty-hand-does-not-end",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, stock="KH", rule_set="bicycle"),
        [],
        "ask Ben 8",
        ["GF-CATCH-AGAIN"],
        _then(to_move="Ann", hand_Ben=""),
    ),
    (
        "empty-draw-bicycle-draws-one-at-its-turn",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, stock="KH 4D", rule_set="bicycle"),
        ["ask Ben 8"],
        "ask Cy 3",
        ["GF-GO-FISH", "GF-NEXT", "GF-EMPTY-DRAW"],
        _then(to_move="Ben", turn_rule="GF-EMPTY-DRAW", hand_Ben="4D", stock_size=52 - 4 - 2),
    ),
    (
        "empty-draw-bicycle-own-empty-hand-draws-and-asks-again",
        lambda: pos(
            {"Ann": "8S 8C 8D", "Ben": "8H 4C", "Cy": "2C"}, stock="KH", rule_set="bicycle"
        ),
        [],
        "ask Ben 8",
        ["GF-BOOK", "GF-EMPTY-DRAW"],
        _then(to_move="Ann", turn_rule="GF-EMPTY-DRAW", hand_Ann="KH", books={"Ann": "8"}),
    ),
    (
        "empty-draw-bicycle-no-stock-out-and-passed-over",
        lambda: endgame(
            {"Ann": "QS QH JS", "Ben": "", "Cy": "KS KH KD", "Di": "QD QC JH JD JC KC"},
            players=("Ann", "Ben", "Cy", "Di"),
            rule_set="bicycle",
        ),
        [],
        "ask Cy Q",
        ["GF-NO-STOCK", "GF-EMPTY-DRAW", "GF-NEXT"],
        _then(to_move="Cy", text=r"Ben has no cards and there is no stock: Ben is out \(GF-EMPTY"),
    ),
    (
        "no-stock-keep-playing-out-player-passed-over",
        lambda: endgame(
            {"Ann": "QS QH JS", "Ben": "", "Cy": "KS KH KD", "Di": "QD QC JH JD JC KC"},
            players=("Ann", "Ben", "Cy", "Di"),
            keep_playing=True,
        ),
        [],
        "ask Cy Q",
        ["GF-NO-STOCK", "GF-NEXT"],
        _then(to_move="Cy", text=r"Ben is out \(GF-NO-STOCK\)"),
    ),
    (
        "end-all-books-bicycle-plays-on-after-the-stock",
        lambda: endgame(
            {"Ann": "QS 3C", "Ben": "3D 3H", "Cy": "QH QD 3S"}, stock="QC", rule_set="bicycle"
        ),
        [],
        "ask Ben Q",
        ["GF-LUCKY-DRAW", "GF-NO-STOCK"],
        _then(to_move="Ann", text="play goes on without fishing"),
    ),
    (
        "end-all-books-keep-playing-pagat",
        lambda: endgame(
            {"Ann": "QS 3C", "Ben": "3D 3H", "Cy": "QH QD 3S"}, stock="QC", keep_playing=True
        ),
        [],
        "ask Ben Q",
        ["GF-NO-STOCK"],
        _then(to_move="Ann"),
    ),
    (
        "end-all-books-thirteenth-book-ends",
        lambda: endgame({"Ann": "QS QH QD", "Ben": "QC"}, keep_playing=True),
        [],
        "ask Ben Q",
        ["GF-BOOK", "GF-END-ALL-BOOKS", "GF-WIN"],
        _then(ended_by="GF-END-ALL-BOOKS", result={"Ann": 5, "Ben": 4, "Cy": 4}),
    ),
    (
        "no-stock-miss-no-fishing-pagat-left",
        lambda: endgame({"Ann": "QS 3C", "Ben": "QD QC QH", "Cy": "3D 3H 3S"}, keep_playing=True),
        [],
        "ask Cy Q",
        ["GF-NO-STOCK", "GF-NEXT"],
        _then(to_move="Ben", hand_Ann="3C QS", text="nobody fishes"),
    ),
    (
        "no-stock-miss-gamerules-to-the-asked",
        lambda: endgame(
            {"Ann": "QS 3C", "Ben": "QD QC QH", "Cy": "3D 3H 3S"},
            keep_playing=True,
            rule_set="gamerules",
        ),
        [],
        "ask Cy Q",
        ["GF-NO-STOCK", "GF-NEXT"],
        _then(to_move="Cy"),
    ),
    (
        "no-stock-keep-playing-empty-hand-is-out",
        lambda: endgame({"Ann": "QS 3C", "Ben": "3D 3H", "Cy": "QD QC QH 3S"}, keep_playing=True),
        [],
        "ask Ben 3",
        ["GF-GIVE-ALL", "GF-CATCH-AGAIN"],
        _then(to_move="Ann", hand_Ben=""),
    ),
    (
        "win-most-books",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, books={"Ann": "K", "Cy": "Q J"}),
        [],
        "ask Ben 8",
        ["GF-WIN"],
        _then(result={"Ann": 1, "Ben": 0, "Cy": 2}, text=r"Cy wins with 2 books"),
    ),
    (
        "win-equal-books-tie",
        lambda: pos({"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, books={"Ann": "K Q", "Cy": "J 10"}),
        [],
        "ask Ben 8",
        ["GF-WIN"],
        _then(text=r"Ann and Cy tie with 2 books each"),
    ),
    (
        "var-card-only-that-card-is-given",
        lambda: pos({"Ann": "KS 9S", "Ben": "KC KD", "Cy": "2C"}, specific_card=True),
        [],
        "ask Ben KC",
        ["GF-VAR-CARD", "GF-CATCH-AGAIN"],
        _then(hand_Ann="9S KC KS", hand_Ben="KD", to_move="Ann"),
    ),
    (
        "var-card-same-rank-other-card-is-not-lucky",
        lambda: pos({"Ann": "KS 9S", "Ben": "3D", "Cy": "2C"}, stock="KH", specific_card=True),
        [],
        "ask Ben KC",
        ["GF-VAR-CARD", "GF-GO-FISH", "GF-LUCKY-DRAW", "GF-NEXT"],
        _then(to_move="Ben", hand_Ann="9S KH KS"),
    ),
    (
        "var-card-exact-card-drawn-is-lucky",
        lambda: pos({"Ann": "KS 9S", "Ben": "3D", "Cy": "2C"}, stock="KC", specific_card=True),
        [],
        "ask Ben KC",
        ["GF-LUCKY-DRAW"],
        _then(to_move="Ann", turn_rule="GF-LUCKY-DRAW"),
    ),
    (
        "var-card-own-card-agreed-sends-you-fishing",
        lambda: pos(
            {"Ann": "KS 9S", "Ben": "KC", "Cy": "2C"},
            stock="3H",
            specific_card=True,
            ask_own_card=True,
        ),
        [],
        "ask Ben KS",
        ["GF-VAR-CARD", "GF-GO-FISH", "GF-NEXT"],
        _then(to_move="Ben", hand_Ben="KC"),
    ),
    (
        "var-refill-asked-player-refills-five",
        lambda: pos(
            {"Ann": "8S 3C", "Ben": "8H", "Cy": "2C"}, stock="KH KD 4C 5C 6C 7C", refill=True
        ),
        [],
        "ask Ben 8",
        ["GF-VAR-REFILL", "GF-CATCH-AGAIN"],
        _then(hand_Ben="4C 5C 6C KD KH", stock_size=52 - 4 - 5, to_move="Ann"),
    ),
    (
        "var-refill-asker-refills-and-goes-on",
        lambda: pos(
            {"Ann": "8S 8C 8D", "Ben": "8H 4D", "Cy": "2C"}, stock="KH KD 4C 5C 6C", refill=True
        ),
        [],
        "ask Ben 8",
        ["GF-BOOK", "GF-VAR-REFILL", "GF-CATCH-AGAIN"],
        _then(hand_Ann="4C 5C 6C KD KH", to_move="Ann"),
    ),
]


@pytest.mark.parametrize(
    ("build", "before", "move", "named", "check"),
    [r[1:] for r in PLAYS],
    ids=[r[0] for r in PLAYS],
)
def test_played_and_narrated_with_its_rules(build, before, move, named, check):
    game = build()
    for m in before:
        game.play(m)
    assert move in game.legal_moves()
    event = game.play(move)
    assert event.move == GoFishMove.parse(move)
    for rule in named:
        assert rule in event.rules, f"{rule} missing from {event}"
    assert event.rules == tuple(dict.fromkeys(re.findall(r"\((GF-[A-Z-]+)\)", event.text)))
    check(game, event)


def test_every_gofish_rule_id_has_cases_and_is_enforced():
    ids = {r.id for r in rules.for_game("go-fish")}
    assert len(ids) == 19
    covered = {r[-1] for r in REFUSALS} | {rule for r in PLAYS for rule in r[-2]}
    assert ids - covered == set()


def test_every_gofish_rule_is_one_function_of_the_rules_module_named_for_it():
    """Each rule of the catalogue is enforced by one function of cardlib.gofish.rules, named
    for its rule, whose docstring is the rule in one line."""
    import cardlib.gofish.rules

    for rule in rules.for_game("go-fish"):
        fn = rule.enforced_by
        assert fn is not None, f"{rule.id} is enforced by no function"
        assert fn.__module__ == cardlib.gofish.rules.__name__, (rule.id, fn.__module__)
        assert fn.__name__ == rule.id.lower().replace("-", "_"), (rule.id, fn.__name__)
        assert fn.__doc__ and "\n" not in fn.__doc__.strip(), f"{fn.__name__}: a one-line rule"
        assert len(inspect.getsource(fn).splitlines()) <= 40, f"{fn.__name__} is long"


# -- GF-DEAL: every rule set x player count ----------------------------------------------

DEAL_TABLE = [
    (rule_set, players, DEAL_SIZES[rule_set].get(players))
    for rule_set in ("pagat", "bicycle", "gamerules")
    for players in range(2, 7)
]


@pytest.mark.parametrize(
    ("rule_set", "players", "size"),
    DEAL_TABLE,
    ids=[f"{s}-{n}-players" for s, n, _ in DEAL_TABLE],
)
def test_deal_size(rule_set, players, size):
    names = [f"P{i}" for i in range(players)]
    opts = GoFishOptions(rule_set=rule_set)
    if size is None:
        with pytest.raises(RuleViolation, match="give no deal size for 6 players") as err:
            GoFishGame(names, options=opts)
        assert err.value.rule == "GF-DEAL"
        return
    game = GoFishGame(names, options=opts, seed=players)
    in_books = 4 * sum(game.book_counts().values())
    assert sum(len(h) for h in game.hands.values()) + in_books == players * size
    assert game.stock_size == 52 - players * size
    assert deal_size(rule_set, players) == size


def test_deal_sizes_as_the_sources_give_them():
    assert DEAL_SIZES == {
        "pagat": {2: 7, 3: 5, 4: 5, 5: 5, 6: 5},
        "bicycle": {2: 7, 3: 7, 4: 5, 5: 5},
        "gamerules": {2: 7, 3: 5, 4: 5, 5: 5, 6: 5},
    }
    game = GoFishGame(["Lin", "An", "Kai"])
    assert [len(h) for h in game.hands.values()] == [5, 5, 5] and game.stock_size == 37


def test_deal_one_at_a_time_from_the_dealers_left_rest_is_the_stock():
    deck = standard_deck()
    game = GoFishGame(["Ann", "Ben"], dealer="Ann", deck=deck)
    assert set(game.hand("Ben")) == set(deck[0:14:2])
    assert set(game.hand("Ann")) == set(deck[1:14:2])
    assert game.stock == deck[14:]


def test_deal_a_dealt_book_is_laid_aside_before_play():
    # two players, 7 each: Ann (dealer's left) gets cards 0, 2, 4, ... = all four 7s
    sevens = cards("7C 7D 7H 7S")
    rest = [c for c in standard_deck() if c not in sevens]
    deck = []
    for i in range(7):
        deck += [sevens[i] if i < 4 else rest.pop(), rest.pop()]
    deck += rest
    game = GoFishGame(["Ann", "Ben"], dealer="Ben", deck=deck)
    assert game.books == {"Ann": [Rank.SEVEN], "Ben": []}
    assert len(game.hand("Ann")) == 3 and "GF-BOOK" in game.setup_log[0]


# -- GF-FIRST --------------------------------------------------------------------------


@pytest.mark.parametrize("rule_set", ["pagat", "bicycle"])
def test_first_player_is_the_dealers_left(rule_set):
    game = GoFishGame(ABC, dealer="Ann", options=GoFishOptions(rule_set=rule_set))
    assert game.to_move == "Ben" and game.turn_rule == "GF-FIRST"
    assert GoFishGame(ABC).to_move == "Ann"  # default dealer: the last named


def test_first_player_gamerules_is_random_and_seeded():
    opts = GoFishOptions(rule_set="gamerules")
    firsts = [GoFishGame(ABC, seed=s, options=opts).to_move for s in range(30)]
    assert set(firsts) == set(ABC)
    assert firsts == [GoFishGame(ABC, seed=s, options=opts).to_move for s in range(30)]
    assert GoFishGame(ABC, seed=1, options=opts).to_move == "Ben"
    assert "chosen at random (GF-FIRST)" in GoFishGame(ABC, seed=1, options=opts).turn_reason


# -- options, notation, views ------------------------------------------------------------


def test_options_are_named_and_shown_in_describe():
    opts = GoFishOptions(rule_set="bicycle", specific_card=True, refill=False, keep_playing=False)
    game = GoFishGame(["Ann", "Ben", "Cy", "Di"], options=opts)
    text = game.describe()
    assert "rule set bicycle" in text and "ask for a specific card" in text
    assert "Ann to ask" in text and "GF-FIRST" in text
    assert "variants: none" in GoFishGame(ABC).describe()
    with pytest.raises(NotationError):
        GoFishOptions(rule_set="hoyle")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        GoFishOptions(ask_own_card=True)
    with pytest.raises(NotationError):
        GoFishOptions(next_player="right")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ask Ben 8", "ask Ben 8"),
        ("  ASK   Ben   t", "ask Ben 10"),
        ("ask Ben 8h", "ask Ben 8H"),
        ("ask Ben ♥Q", "ask Ben QH"),
        ("ask Mary Ann K", "ask Mary Ann K"),
    ],
    ids=["rank", "spacing-and-T", "card", "card-symbol", "name-with-space"],
)
def test_move_notation_round_trips(text, canonical):
    move = GoFishMove.parse(text)
    assert str(move) == canonical
    assert GoFishMove.parse(str(move)) == move
    assert repr(move) == f"GoFishMove.parse({canonical!r})"
    assert eval(repr(move)) == move


@pytest.mark.parametrize(
    "text", ["ask Ben", "tell Ben 8", "ask Ben 1Z", "ask 8", "", "draw"], ids=repr
)
def test_bad_move_notation(text):
    with pytest.raises(NotationError):
        GoFishMove.parse(text)


def test_move_constructors_and_validation():
    assert GoFishMove.ask("Ben", "8") == GoFishMove.parse("ask Ben 8")
    assert GoFishMove.ask("Ben", Card.parse("8H")) == GoFishMove.parse("ask Ben 8H")
    assert GoFishMove.ask("Ben", Rank.EIGHT) == GoFishMove.parse("ask Ben 8")
    with pytest.raises(NotationError):
        GoFishMove("ask", "Ben", Rank.EIGHT, Card.parse("9H"))
    with pytest.raises(NotationError):
        GoFishMove("beg", "Ben", Rank.EIGHT)  # type: ignore[arg-type]


def test_legal_moves_view():
    game = pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"})
    moves = game.legal_moves()
    assert len(moves) == 4
    assert [str(m) for m in moves] == ["ask Ben 5", "ask Ben 9", "ask Cy 5", "ask Cy 9"]
    assert [moves[i] for i in range(4)] == list(moves) and moves[-1] == moves[3]
    assert "ask Cy 9" in moves and GoFishMove.parse("ask Ben 5") in moves
    assert "ask Cy 2" not in moves and "nonsense" not in moves
    assert repr(moves) == "<LegalMoves: ask Ben 5, ask Ben 9, ask Cy 5, ask Cy 9>"
    with pytest.raises(IndexError):
        moves[4]
    card_game = pos({"Ann": "5S 9S 9D", "Ben": "9H", "Cy": "2C"}, specific_card=True)
    assert [str(m) for m in card_game.legal_moves()][:4] == [
        "ask Ben 5C",
        "ask Ben 5D",
        "ask Ben 5H",
        "ask Ben 9C",
    ]
    assert len(card_game.legal_moves()) == 2 * (3 + 2)


def test_from_position_fills_the_rest_of_the_pack_and_pads_hands():
    game = GoFishGame.from_position(
        ABC,
        {"Ann": cards("8S")},
        books={"Cy": ["K"]},
        stock=cards("QH"),
        hand_sizes={"Ann": 5, "Ben": 5, "Cy": 5},
        seed=7,
    )
    everything = [c for h in game.hands.values() for c in h] + game.stock
    everything += [Card(r, s) for b in game.books.values() for r in b for s in Suit]
    assert Counter(everything) == Counter(standard_deck())
    assert [len(h) for h in game.hands.values()] == [5, 5, 5]
    assert Card.parse("8S") in game.hand("Ann") and game.stock[0] == Card.parse("QH")
    assert game.to_move == "Ann" and game.turn_rule == "GF-FIRST"
    again = GoFishGame.from_position(
        ABC,
        {"Ann": cards("8S")},
        books={"Cy": ["K"]},
        stock=cards("QH"),
        hand_sizes={"Ann": 5, "Ben": 5, "Cy": 5},
        seed=7,
    )
    assert again.hands == game.hands and again.stock == game.stock


def test_from_position_already_over_under_pagat():
    game = pos({"Ann": "5S 9S", "Ben": "", "Cy": "2C"})
    assert game.is_over and game.ended_by == "GF-END-EMPTY" and game.to_move is None
    assert len(game.legal_moves()) == 0


def test_copy_is_independent():
    game = pos({"Ann": "5S 9S", "Ben": "9H", "Cy": "2C"}, stock="5H")
    twin = game.copy()
    game.play("ask Ben 9")
    assert twin.to_move == "Ann" and hand(twin, "Ben") == "9H" and twin.log == []
    twin.play("ask Cy 9")
    assert hand(game, "Ann") == "5S 9H 9S" and twin.to_move == "Ben"


def test_simple_bot_asks_for_its_longest_rank():
    game = pos({"Ann": "5S 9S 9D KC", "Ben": "9H", "Cy": "2C"})
    move = simple_bot(game.view("Ann"), random.Random(0))
    assert move.rank == Rank.NINE and move.target in ("Ben", "Cy") and move in game.legal_moves()
    card_game = pos({"Ann": "5S 9S 9D KC", "Ben": "9H", "Cy": "2C"}, specific_card=True)
    move = simple_bot(card_game.view("Ann"), random.Random(0))
    assert move.card in cards("9C 9H") and move in card_game.legal_moves()


# -- golden games: the article's scenarios (section 3) and settlement (section 4) --------

LIN = ("Lin", "An", "Kai")  # seats clockwise; Kai deals, so Lin asks first


def test_scenario_1_two_8s_handed_over_then_the_fourth_makes_a_book():
    game = GoFishGame.from_position(
        LIN, {"Lin": cards("8S 3C 4D"), "An": cards("8H 8D 5C"), "Kai": cards("8C 6H")}
    )
    first = game.play("ask An 8")
    assert first.text == (
        "Lin asks An for 8s; An hands over 8D, 8H (GF-GIVE-ALL); Lin asks again (GF-CATCH-AGAIN)"
    )
    assert first.rules == ("GF-GIVE-ALL", "GF-CATCH-AGAIN")
    assert hand(game, "Lin") == "3C 4D 8D 8H 8S" and hand(game, "An") == "5C"
    assert game.to_move == "Lin" and game.books["Lin"] == []  # three 8s: no book, asks again
    second = game.play("ask Kai 8")
    assert second.text == (
        "Lin asks Kai for 8s; Kai hands over 8C (GF-GIVE-ALL); "
        "Lin shows all four 8s and lays the book aside (GF-BOOK); Lin asks again (GF-CATCH-AGAIN)"
    )
    assert game.books["Lin"] == [Rank.EIGHT] and hand(game, "Lin") == "3C 4D"
    assert game.to_move == "Lin"  # still holds cards: keeps asking


def test_scenario_1_when_the_book_was_all_lin_held_the_game_ends_at_once():
    game = GoFishGame.from_position(
        LIN, {"Lin": cards("8S"), "An": cards("8H 8D 5C"), "Kai": cards("8C 6H")}
    )
    game.play("ask An 8")
    last = game.play("ask Kai 8")
    assert game.is_over and game.ended_by == "GF-END-EMPTY"
    assert "Lin's hand is empty, so the game is over (GF-END-EMPTY)" in last.text
    assert game.result() == {"Lin": 1, "An": 0, "Kai": 0} and game.winners() == ["Lin"]


def test_scenario_2_lucky_draw_of_the_queen_asked_for():
    game = GoFishGame.from_position(
        LIN, {"Lin": cards("QS 4C"), "An": cards("3D 7H"), "Kai": cards("2C")}, stock=cards("QH 9C")
    )
    before = game.stock_size
    event = game.play("ask An Q")
    assert event.text == (
        'Lin asks An for Qs; An says "Go fish" and Lin draws QH (GF-GO-FISH); '
        "it is the Q asked for: Lin shows it and asks again (GF-LUCKY-DRAW)"
    )
    assert game.stock_size == before - 1  # no bonus card
    assert hand(game, "Lin") == "4C QH QS" and game.books["Lin"] == []  # two Qs: no book
    assert game.to_move == "Lin" and game.turn_rule == "GF-LUCKY-DRAW"


def test_scenario_3_asking_for_9_and_drawing_the_5_of_hearts():
    game = GoFishGame.from_position(
        LIN, {"Lin": cards("5S 9S"), "An": cards("3D 7H"), "Kai": cards("2C")}, stock=cards("5H")
    )
    event = game.play("ask An 9")
    assert event.text == (
        'Lin asks An for 9s; An says "Go fish" and Lin draws 5H (GF-GO-FISH); '
        "5H is not the 9 asked for, so Lin keeps it and the turn ends (GF-LUCKY-DRAW); "
        "the turn passes to An (GF-NEXT)"
    )
    assert hand(game, "Lin") == "5H 5S 9S" and game.to_move == "An"
    with pytest.raises(RuleViolation) as err:
        game.play("ask An 5", player="Lin")
    assert err.value.rule == "GF-NEXT"


def test_section_4_settlement_3_2_1_books():
    game = GoFishGame.from_position(
        ("Jia", "Yi", "Bing"),
        {
            "Jia": cards("AC AD 2C 2D 3C 3D 4C 4D 5C"),
            "Yi": cards("AH 2H 3H 4H 5D 5H 6C 6D 6H"),
            "Bing": cards("AS 2S 3S 4S 5S 6S 7C 7D 7H"),
        },
        books={"Jia": ["K", "Q", "J"], "Yi": ["10", "9"], "Bing": ["8"]},
        stock=cards("7S"),
        to_move="Yi",
    )
    assert game.stock_size == 1
    event = game.play("ask Jia 6")
    assert game.is_over and game.ended_by == "GF-END-EMPTY"
    assert game.result() == {"Jia": 3, "Yi": 2, "Bing": 1}
    assert game.winners() == ["Jia"]  # Bing holds the most cards and an ace: neither counts
    assert event.text.endswith(
        "the stock is exhausted, so the game is over (GF-END-EMPTY); "
        "Jia wins with 3 books (books: Jia 3, Yi 2, Bing 1) (GF-WIN)"
    )


def test_module_docstring_example_runs():
    import doctest

    import cardlib.gofish

    assert doctest.testmod(cardlib.gofish).failed == 0


# -- issue 19: wrong arguments are refused in cardlib's words, before anything changes -----


@pytest.mark.parametrize(
    "options", [{"specific_card": "off"}, {"refill": 1}, {"rule_set": "pagatt"}, {"nope": True}]
)
def test_an_option_is_what_it_says_or_refused(options):
    with pytest.raises(NotationError):
        GoFishGame(["Ann", "Ben"], options=options)


def test_options_may_be_given_as_the_example_format_writes_them():
    game = GoFishGame(["Ann", "Ben"], options={"rule_set": "bicycle", "refill": True})
    assert game.options == GoFishOptions(rule_set="bicycle", refill=True)


@pytest.mark.parametrize(
    "call",
    [
        lambda: GoFishGame.from_position(["Ann", "Ben"], {"Ann": ["8H"]}, stock=[0, 1]),
        lambda: GoFishGame.from_position(["Ann", "Ben"], {"Ann": "8H"}),
        lambda: GoFishGame.from_position(["Ann", "Ben"], {}, books={"Ann": [99]}),
        lambda: GoFishGame.from_position(["Ann", "Ben"], {}, hand_sizes={"Ann": "3"}),
        lambda: GoFishGame(["Ann", "Ben"], seed=[1]),
        lambda: GoFishGame(7),
        lambda: deal_size("pagat", "3"),
        lambda: deal_size(["pagat"], 3),
    ],
)
def test_wrong_arguments_are_refused_in_cardlibs_words(call):
    with pytest.raises(NotationError):
        call()


def test_an_example_can_name_who_was_chosen_to_start_under_gamerules():
    """GF-FIRST under gamerules is a random choice: ``first`` says who it was, and the deal is
    the seed's either way; elsewhere only the dealer's left may start."""
    chosen = GoFishGame(
        ["Lin", "An", "Mei"], options=GoFishOptions(rule_set="gamerules"), seed=4, first="Mei"
    )
    drawn = GoFishGame(["Lin", "An", "Mei"], options=GoFishOptions(rule_set="gamerules"), seed=4)
    assert chosen.to_move == "Mei" and chosen.turn_rule == "GF-FIRST"
    assert chosen.hands == drawn.hands
    assert GoFishGame(["Lin", "An", "Mei"], seed=4, first="Lin").to_move == "Lin"
    with pytest.raises(RuleViolation, match="GF-FIRST"):
        GoFishGame(["Lin", "An", "Mei"], seed=4, first="An")
    with pytest.raises(NotationError):
        GoFishGame(["Lin", "An", "Mei"], seed=4, first="Zed")


@pytest.mark.parametrize("size", [40, 45])
def test_a_hand_too_big_to_hold_without_a_book_is_refused_by_gf_book(size):
    """Three of each of the 13 ranks is the most a hand holds: a 40th card would be a fourth
    of a rank, which is laid aside at once (GF-BOOK), though cards are left in the pack
    (not GF-DECK: the rule the sources break first decides; issue 33, item 12)."""
    with pytest.raises(RuleViolation) as refused:
        GoFishGame.from_position(["Ann", "Ben"], {}, hand_sizes={"Ann": size})
    assert refused.value.rule == "GF-BOOK" and "39 is the most" in refused.value.message
    assert (
        len(GoFishGame.from_position(["Ann", "Ben"], {}, hand_sizes={"Ann": 39}).hands["Ann"]) == 39
    )
    with pytest.raises(RuleViolation) as short:  # the pack itself runs out: GF-DECK
        GoFishGame.from_position(["Ann", "Ben"], {}, hand_sizes={"Ann": 30, "Ben": 30})
    assert short.value.rule == "GF-DECK"


def test_legal_rule_for_names_the_refusing_rule_or_the_one_that_let_a_request_through():
    """``legal_rule_for(move)`` is the rule of ``refusal(move)``, or GF-ASK-HOLD for a
    legal request; ``deciding_rule``, its old name, still answers and says it is deprecated."""
    game = GoFishGame(["Ann", "Ben", "Cy"], seed=3)
    legal = game.legal_moves().now()[0]
    assert game.legal_rule_for(legal) == "GF-ASK-HOLD"
    refused = game.refusal("ask Ann for 7s")
    assert refused is not None
    assert game.legal_rule_for("ask Ann for 7s") == refused.rule == "GF-ASK-TARGET"
    with pytest.warns(DeprecationWarning, match="legal_rule_for"):
        assert game.deciding_rule("ask Ann for 7s") == "GF-ASK-TARGET"
