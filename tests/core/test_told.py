"""Every fact has an audience, and a fact is told to a seat (issue 28).

A fact private to some seats (:attr:`cardlib.game.Fact.seen_by`) is told whole to them and,
to everyone else, by its public template: no card of it, in its words, its cards or its
value.  One test a kind of private fact, in positions the sources describe; then, in random
games of every variant of every registered game (the golden corpus's list), every private
fact and every private move keeps its cards from the others.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.game import Event, Fact
from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.golf import GolfGame, GolfOptions, Position
from cardlib.rook import RookHand
from tests.golden import canon
from tests.support.seats import named


def told_apart(fact: Fact, insider: str, outsider: str) -> Fact:
    """The fact told to ``insider`` is the fact; told to ``outsider`` it is public and holds
    none of its cards: not in its text, its words, its cards or its value."""
    assert fact.told_to(insider) is fact
    told = fact.told_to(outsider)
    assert told.seen_by is None and told.known_to(outsider)
    assert told.kind == fact.kind and told.rules == fact.rules and told.player == fact.player
    assert told.cards == () and told.value is None
    said = " ".join([str(told), *map(str, told.words)])
    assert named(said, fact.cards) == [], f"{fact.kind} told to {outsider}: {said}"
    return told


def only(event: Event, kind: str) -> Fact:
    (fact,) = event.of(kind)
    return fact


# -- Golf: the card drawn from the stock ----------------------------------------------


def flipped(seed: int = 1, **options: Any) -> GolfGame:
    game = GolfGame(["Ann", "Ben"], seed=seed, options=GolfOptions(**options))
    for move in ("flip TL", "flip TM", "flip TL", "flip TM"):
        game.play(move)
    return game


def test_golf_a_card_drawn_from_the_stock_is_the_drawers_until_placed():
    game = flipped()
    draw = only(game.play("draw"), "draw")
    assert str(draw) == f"Ann draws {game.holding} from the stock"
    told = told_apart(draw, "Ann", "Ben")
    assert str(told) == "Ann draws a card from the stock"
    # placed face up, it is everyone's: the replacement is public, with both cards
    placed = only(game.play("replace BR"), "replace")
    assert placed.seen_by is None and placed.told_to("Ben") is placed


def test_golf_a_draw_from_a_reshuffled_stock_says_how_many_were_reshuffled():
    up = {Position.TL: (Card.parse("KH"), True), Position.TM: (Card.parse("KS"), True)}
    game = GolfGame.from_position(
        ["Ann", "Ben"],
        {"Ann": up, "Ben": {}},
        discard=[Card.parse(c) for c in ("2C", "3C", "4C", "5C")],
        stock_size=0,
        to_move="Ann",
        options=GolfOptions(stock_out="reshuffle"),
    )
    draw = only(game.play("draw"), "draw")
    assert draw.value > 0 and draw.rules == ("GOLF-STOCK-OUT", "GOLF-DRAW")
    told = told_apart(draw, "Ann", "Ben")
    assert str(told) == (
        f"Ann draws a card from the stock (the stock was empty: {draw.value} discards "
        "reshuffled into a new stock)"
    )


def test_golf_the_end_shows_every_card():
    game = flipped()
    rng = random.Random(3)
    while not game.is_over:
        event = game.play(rng.choice(game.legal_moves()))
    assert event.shows_all and only(event, "end").shows_all


# -- Go Fish: cards fished, handed over, refilled, drawn by an empty hand ---------------


def gofish(stock: list[str], **options: Any) -> GoFishGame:
    hands = {"Ann": ["8S", "9S", "KC"], "Ben": ["8H", "8D", "3C"], "Cy": ["4C", "5C"]}
    return GoFishGame.from_position(
        ["Ann", "Ben", "Cy"], hands, stock=stock, to_move="Ann", options=options or None
    )


def test_gofish_cards_handed_over_are_the_two_players_and_the_table_hears_rank_and_count():
    event = gofish(["5H"]).play("ask Ben 8")
    given = only(event, "hand-over")
    assert str(given) == "Ben hands over 8D, 8H (GF-GIVE-ALL)"
    assert given.told_to("Ben") is given
    told = told_apart(given, "Ann", "Cy")
    assert str(told) == "Ben hands over two 8s (GF-GIVE-ALL)"


def test_gofish_a_card_asked_for_by_name_is_handed_over_in_sight_of_all():
    game = gofish(["5H"], specific_card=True)
    given = only(game.play("ask Ben 8H"), "hand-over")
    assert given.seen_by is None and given.told_to("Cy") is given


def test_gofish_a_fished_card_not_asked_for_is_the_askers():
    event = gofish(["5H", "2C"]).play("ask Cy 9")
    fished, lucky = only(event, "fish"), only(event, "lucky-draw")
    assert str(fished) == 'Cy says "Go fish" and Ann draws 5H (GF-GO-FISH)'
    assert (
        str(told_apart(fished, "Ann", "Ben"))
        == 'Cy says "Go fish" and Ann draws a card (GF-GO-FISH)'
    )
    assert str(told_apart(lucky, "Ann", "Ben")) == (
        "it is not the 9 asked for, so Ann keeps it and the turn ends (GF-LUCKY-DRAW)"
    )
    assert "5H" not in event.told_to("Cy").text and "5H" in event.told_to("Ann").text


def test_gofish_a_fished_card_of_the_rank_asked_for_is_shown_to_all():
    """GF-LUCKY-DRAW: a drawn card of the rank just asked is shown."""
    event = gofish(["9H", "2C"]).play("ask Cy 9")
    assert all(f.seen_by is None for f in event.facts)
    assert event.told_to("Ben") == event
    assert "Ann draws 9H" in event.told_to("Ben").text


def test_gofish_a_refill_is_the_refilled_players():
    hands = {"Ann": ["8S", "8H", "8D"], "Ben": ["8C", "3C"], "Cy": ["4C"]}
    game = GoFishGame.from_position(
        ["Ann", "Ben", "Cy"],
        hands,
        stock=["2C", "3D", "4D", "5D", "6D", "7D"],
        to_move="Ann",
        options=GoFishOptions(refill=True),
    )
    event = game.play("ask Ben 8")
    refill = only(event, "refill")
    told = told_apart(refill, "Ann", "Ben")
    assert str(told) == "Ann's hand is empty, so Ann takes 5 cards from the stock (GF-VAR-REFILL)"


def test_gofish_an_empty_hands_draw_is_the_drawers():
    hands = {"Ann": ["8S", "8H", "8D"], "Ben": ["8C", "3C"], "Cy": ["4C"]}
    game = GoFishGame.from_position(
        ["Ann", "Ben", "Cy"],
        hands,
        stock=["2C", "3D"],
        to_move="Ann",
        options=GoFishOptions(rule_set="bicycle"),
    )
    event = game.play("ask Ben 8")
    drawn = only(event, "empty-draw")
    assert (
        str(drawn) == "Ann has no cards, so takes 2C from the stock and asks for 2s (GF-EMPTY-DRAW)"
    )
    told = told_apart(drawn, "Ann", "Cy")
    assert str(told) == "Ann has no cards, so takes a card from the stock and asks (GF-EMPTY-DRAW)"


# -- Rook: the nest taken, the cards laid aside -----------------------------------------


def won_by_north(seed: int = 1) -> tuple[RookHand, Event]:
    hand = RookHand(seed=seed)
    while hand.phase == "bid":
        event = hand.play("bid 70" if hand.to_move == "North" else "pass")
    return hand, event


def test_rook_the_nest_picked_up_is_the_bidders():
    _hand, event = won_by_north()
    nest = only(event, "nest")
    assert len(nest.cards) == 5 and named(str(nest), nest.cards) == sorted(map(str, nest.cards))
    told = told_apart(nest, "North", "South")  # a partner sees no more than the others
    assert str(told) == "North picks up the nest and lays five cards aside"


def test_rook_the_cards_laid_aside_and_the_move_itself_are_the_bidders():
    hand, _ = won_by_north()
    move = hand.legal_moves()[0]
    event = hand.play(move)
    laid = only(event, "lay-aside")
    told = told_apart(laid, "North", "East")
    assert (
        str(told) == "North lays five cards aside as the new nest (for whoever wins the last trick)"
    )
    assert event.told_to("North") == event  # the bidder is told everything, the move too
    others = event.told_to("East")
    assert others.move is None and others.player == "North" and others.rules == event.rules
    assert named(repr(others), move.cards) == []


def test_rook_the_score_shows_every_card_and_the_nest_is_turned_up_with_the_last_trick():
    hand, _ = won_by_north()
    rng = random.Random(1)
    while not hand.is_over:
        event = hand.play(rng.choice(hand.legal_moves()))
    last = only(event, "nest-last")
    assert last.seen_by is None and len(last.cards) == 5
    assert event.shows_all and only(event, "score").shows_all


# -- every private fact of every variant --------------------------------------------------

#: plies of each random game looked at (a Rook game to 300 goes on for many hands)
PLIES = 400


@pytest.mark.parametrize("variant_id", list(canon.variants()))
def test_no_private_fact_tells_its_cards_to_the_others(variant_id):
    variant = canon.variants()[variant_id]
    private = 0
    for seed in range(3):
        game, _made = canon.setup(variant, seed)
        rng = random.Random(seed)
        for _ in range(PLIES):
            if game.is_over:
                break
            event = game.play(rng.choice(game.legal_moves().now()))
            for fact in event.facts:
                if fact.seen_by is None:
                    assert fact.told_to(*game.players) is fact
                    continue
                private += 1
                assert fact.public, f"{fact.kind}: a private fact needs a public telling"
                insider = fact.seen_by[0]
                for outsider in (p for p in game.players if p not in fact.seen_by):
                    told_apart(fact, insider, outsider)
            if event.seen_by is not None:
                outsider = next(p for p in game.players if p not in event.seen_by)
                assert event.told_to(outsider).move is None
                assert event.told_to(*event.seen_by).move is event.move
    assert private > 0, f"{variant_id}: no private fact in three games"
