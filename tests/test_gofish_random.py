"""Random complete games (seeded) for every rule set and variant, 2 to 6 players where the
rule set defines a deal, with invariants checked at every step."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cardlib import Card, RuleViolation, Suit, standard_deck
from cardlib.gofish import DEAL_SIZES, GoFishGame, GoFishOptions, simple_bot

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]

VARIANTS = {
    "base": {},
    "specific-card": {"specific_card": True},
    "specific-card-own": {"specific_card": True, "ask_own_card": True},
    "refill": {"refill": True},
    "keep-playing": {"keep_playing": True},
    "refill-keep-playing": {"refill": True, "keep_playing": True},
    "to-the-asked": {"next_player": "asked"},
}
CASES = [
    (rule_set, variant, players)
    for rule_set in ("pagat", "bicycle", "gamerules")
    for variant in VARIANTS
    for players in range(2, 7)
    if players in DEAL_SIZES[rule_set]
]


def random_move(game: GoFishGame, rng: random.Random):
    return rng.choice(game.legal_moves())


def snapshot(game: GoFishGame) -> tuple:
    return (game.hands, game.books, game.stock, game.to_move, game.turn_rule, len(game.log))


def should_be_over(game: GoFishGame) -> bool:
    """The end, worked out from the position alone, as each rule set words it."""
    books = sum(game.book_counts().values())
    empty_hand = any(not h for h in game.hands.values())
    if books == 13:
        return True
    if game.options.plays_on:
        return False  # GF-END-ALL-BOOKS only (Bicycle, or the keep-playing variation)
    if game.stock_size == 0:
        return not game.options.keep_playing  # GF-END-EMPTY, unless GF-END-ALL-BOOKS
    return empty_hand  # GF-END-EMPTY (with a stock, the refill leaves no empty hand)


def key(card: Card) -> tuple[int, str]:
    """A cheap, exact stand-in for a card when counting thousands of them."""
    return int(card.rank), card.suit.letter


PACK = sorted(map(key, standard_deck()))


def check_invariants(game: GoFishGame) -> None:
    books = [r for b in game.books.values() for r in b]
    assert len(books) == len(set(books)) <= 13, "at most 13 books, each rank once"
    in_books = [(int(r), s.letter) for r in books for s in Suit]  # all four cards of a rank
    hands = game.hands
    held = [key(c) for h in hands.values() for c in h]
    assert sorted(held + [key(c) for c in game.stock] + in_books) == PACK, "52 cards, once"
    for cards in hands.values():
        assert max(Counter(c.rank for c in cards).values(), default=0) <= 3, "no book in hand"
    assert game.is_over == should_be_over(game)
    moves = game.legal_moves()
    if game.is_over:
        assert game.to_move is None and len(moves) == 0 and list(moves) == []
        return
    who = game.to_move
    assert game.hand(who), "the player to ask holds a card"
    assert len(moves) > 0
    assert [moves[i] for i in range(len(moves))] == list(moves), "indexing == listing"
    ranks = {c.rank for c in game.hand(who)}
    for move in moves:
        assert move.target != who and move.rank in ranks
        assert not game.is_out(move.target)


def play_out(game: GoFishGame, rng: random.Random, chooser=random_move) -> int:
    steps = 0
    while not game.is_over:
        check_invariants(game)
        move = chooser(game, rng)
        mover = game.to_move
        other = rng.choice([p for p in game.players if p != mover])
        before = snapshot(game)
        with pytest.raises(RuleViolation) as err:  # only the player to move may ask
            game.play(move, player=other)
        assert err.value.rule in ("GF-FIRST", "GF-NEXT")
        assert snapshot(game) == before
        twin = game.copy()
        event = game.play(move, player=mover)
        assert event.player == mover and event.move == move
        assert event.rules == tuple(dict.fromkeys(re.findall(r"\((GF-[A-Z-]+)\)", event.text)))
        assert twin.play(move) == event, "a copy behaves like the original"
        assert snapshot(twin) == snapshot(game)
        steps += 1
        assert steps < 2000, "a game that does not end"
    check_invariants(game)
    with pytest.raises(RuleViolation) as err:
        game.play(game.history[-1][1])
    assert err.value.rule == game.ended_by
    return steps


@pytest.mark.parametrize(
    ("rule_set", "variant", "players"),
    CASES,
    ids=[f"{s}-{v}-{n}p" for s, v, n in CASES],
)
def test_random_game_keeps_every_invariant(rule_set, variant, players):
    options = GoFishOptions(rule_set=rule_set, **VARIANTS[variant])
    seed = f"{rule_set}/{variant}/{players}"
    game = GoFishGame(NAMES[:players], options=options, seed=seed)
    play_out(game, random.Random(seed))
    counts = game.result()
    assert sum(counts.values()) == len([r for b in game.books.values() for r in b])
    best = max(counts.values())
    assert game.winners() == [p for p in game.players if counts[p] == best]
    if game.ended_by == "GF-END-ALL-BOOKS":
        assert sum(counts.values()) == 13
    # replaying the history from the same seed gives the same game
    again = GoFishGame(NAMES[:players], options=options, seed=seed)
    for player, move in game.history:
        again.play(move, player=player)
    assert snapshot(again) == snapshot(game)
    assert [str(e) for e in again.log] == [str(e) for e in game.log]


@pytest.mark.parametrize("rule_set", ["pagat", "bicycle", "gamerules"])
def test_simple_bot_games_end_and_keep_every_invariant(rule_set):
    options = GoFishOptions(rule_set=rule_set)
    for seed in range(3):
        game = GoFishGame(NAMES[:4], options=options, seed=seed)
        play_out(game, random.Random(seed), simple_bot)


def test_every_ending_is_reached():
    """Over many seeds each end of each rule set actually happens (the tests above see them)."""
    endings: Counter = Counter()
    for seed in range(40):
        for options in (
            GoFishOptions(),
            GoFishOptions(rule_set="bicycle"),
            GoFishOptions(keep_playing=True),
        ):
            game = GoFishGame(NAMES[:3], options=options, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            last = game.log[-1].text
            reason = (
                "stock"
                if "stock is exhausted, so" in last
                else "hand"
                if "hand is empty" in last
                else "books"
            )
            endings[options.rule_set, options.keep_playing, reason] += 1
    assert endings[("pagat", False, "stock")] and endings[("pagat", False, "hand")]
    assert endings[("pagat", True, "books")]
    assert set(endings) >= {("bicycle", False, "books")}
    # Bicycle's game and the keep-playing variation end only with all 13 books (issue 10)
    assert not any((k[0] == "bicycle" or k[1]) and k[2] != "books" for k in endings)
