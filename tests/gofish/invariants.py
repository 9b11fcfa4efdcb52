"""Go Fish's state invariants and every configuration worth playing at random, for the one
random-play test over all games (``check(game, legal)`` after every move; ``CONFIGS`` id ->
factory)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence

from cardlib.cards import Card, Rank, Suit, standard_deck
from cardlib.game import Event
from cardlib.gofish import DEAL_SIZES, RULE_SETS, GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish import rules as gofish
from cardlib.gofish.rules import Request
from cardlib.refusal import Refusal, Rule
from tests.support.listing import listing

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo")

VARIANTS: dict[str, dict[str, object]] = {
    "base": {},
    "specific-card": {"specific_card": True},
    "specific-card-own": {"specific_card": True, "ask_own_card": True},
    "refill": {"refill": True},
    "keep-playing": {"keep_playing": True},
    "refill-keep-playing": {"refill": True, "keep_playing": True},
    "to-the-asked": {"next_player": "asked"},
}


def _factory(rule_set: str, variant: str, players: int) -> Callable[[int], GoFishGame]:
    options = GoFishOptions(rule_set=rule_set, **VARIANTS[variant])  # type: ignore[arg-type]

    def make(seed: int) -> GoFishGame:
        return GoFishGame(NAMES[:players], options=options, seed=seed)

    return make


CONFIGS: dict[str, Callable[[int], GoFishGame]] = {
    f"{rule_set}-{variant}-{players}p": _factory(rule_set, variant, players)
    for rule_set in RULE_SETS
    for variant in VARIANTS
    for players in range(2, 7)
    if players in DEAL_SIZES[rule_set]
}

_PACK = Counter(standard_deck())


def should_be_over(game: GoFishGame) -> bool:
    """The end, worked out from the position alone, as each rule set words it."""
    if sum(game.book_counts().values()) == 13:
        return True
    if game.options.plays_on:
        return False  # GF-END-ALL-BOOKS only: Bicycle, or the keep-playing variation
    if game.stock_size == 0:
        return True  # GF-END-EMPTY: the stock is exhausted
    return any(not h for h in game.hands.values())  # GF-END-EMPTY: an empty hand


def check(game: GoFishGame, legal: Sequence[GoFishMove] | None = None) -> None:
    """Cards conserved, books well formed, the end where the rules put it, legal moves sane
    (``legal``: the position's listing, if the caller has it; asked for once otherwise)."""
    books = [r for b in game.books.values() for r in b]
    assert len(books) == len(set(books)) <= 13, "at most 13 books, each rank once"
    in_books = [Card(r, s) for r in books for s in Suit]
    held = [c for h in game.hands.values() for c in h]
    assert Counter(held + game.stock + in_books) == _PACK, "the 52 cards, each once"
    for cards in game.hands.values():
        assert max(Counter(c.rank for c in cards).values(), default=0) <= 3, "no book in hand"
    assert game.is_over == should_be_over(game)
    moves = listing(game) if legal is None else legal
    if game.is_over:
        assert game.to_move is None and len(moves) == 0
        assert sum(game.result().values()) == len(books)
        return
    who = game.to_move
    assert who is not None and game.hand(who), "the player to ask holds a card"
    assert len(moves) > 0
    ranks = {c.rank for c in game.hand(who)}
    for move in moves:
        assert move.target != who and move.rank in ranks and not game.is_out(move.target)


def snapshot(game: GoFishGame) -> tuple:
    """Everything a move can change, to compare two games."""
    return (game.hands, game.books, game.stock, game.to_move, game.turn_rule, len(game.log))


def check_event(game: GoFishGame, event: Event) -> None:
    """An event cites exactly the rules its narration names, in order."""
    assert event.rules == tuple(dict.fromkeys(re.findall(r"\((GF-[A-Z-]+)\)", event.text)))


def check_end(game: GoFishGame) -> None:
    """The books decide: the winners hold the most, and all 13 are down when that ended it."""
    counts = game.result()
    assert sum(counts.values()) == len([r for b in game.books.values() for r in b])
    best = max(counts.values())
    assert list(counts.winners) == [p for p in game.players if counts[p] == best]
    if game.ended_by == "GF-END-ALL-BOOKS":
        assert sum(counts.values()) == 13


def candidates(game: GoFishGame, rng: random.Random) -> list[str]:
    """Sixty of the requests anybody could write now (each player and a stranger, each rank
    and each card), and every listed one."""
    ranks = [str(r) for r in Rank]
    cards = [str(c) for c in standard_deck()]
    every = [f"ask {q} {x}" for q in [*game.players, "Zed"] for x in ranks + cards]
    return [*rng.sample(every, 60), *(str(m) for m in listing(game))]


# -- every refusal is its rule's function (tests/core/test_refusals_are_the_rules.py) --------

#: the candidates tried a position (the first of :func:`candidates`)
REFUSAL_CANDIDATES = 20


def refusing_rule(game: GoFishGame, player: str | None, move: GoFishMove) -> tuple[Rule, Refusal]:
    """The first request rule (:data:`cardlib.gofish.rules.REQUEST_RULES`, asked in play's
    order) that refuses ``move`` by ``player`` (the player to ask when None, nobody once the
    game is over), and its refusal."""
    asker = (game.to_move or gofish.NOBODY) if player is None else player
    request = Request(asker, move)
    for rule in gofish.REQUEST_RULES:
        refused = rule(game._table, request)  # the rules' state: the cards, the turn, the end
        if refused is not None:
            return rule, refused
    raise AssertionError(f"no request rule refuses {move} by {asker}")


def refusals_seen(game: GoFishGame, seen: set[str]) -> None:
    """The end refuses every request; every game meets the target and holding rules, and
    the turn's."""
    assert game.end_rule in seen
    assert {"GF-ASK-TARGET", "GF-ASK-HOLD"} <= seen
    assert {"GF-FIRST", "GF-NEXT"} & seen
