"""Six Card Golf's state invariants and its configurations, for the random-play tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from cardlib import standard_deck
from cardlib.golf import GolfGame, GolfMove, GolfOptions, Position, score_layout, turn
from cardlib.refusal import Refusal, Rule
from tests.support.listing import listing

NAMES = ["Ann", "Ben", "Cy", "Di"]
OPTIONS = {
    "base-no-house-rule": GolfOptions(),
    "reshuffle": GolfOptions(stock_out="reshuffle"),
    "stock-out-ends": GolfOptions(stock_out="end"),
    "extra-flip": GolfOptions(stock_out="reshuffle", extra_flip=True),
    "last-turns": GolfOptions(stock_out="reshuffle", last_turns=True),
}


def _factory(players: int, options: GolfOptions) -> Callable[[int], GolfGame]:
    return lambda seed: GolfGame(NAMES[:players], options=options, seed=seed)


#: a readable id -> a new hand from a seed, for every option set and player count
CONFIGS: dict[str, Callable[[int], GolfGame]] = {
    f"golf-{name}-{n}p": _factory(n, options)
    for name, options in OPTIONS.items()
    for n in (2, 3, 4)
}


def all_cards(game: GolfGame) -> Counter:
    held = [game.holding] if game.holding else []
    return Counter(
        game.stock + game.discard + held + [c for lay in game.layouts.values() for c in lay.cards]
    )


def check(game: GolfGame, legal: Sequence[GolfMove] | None = None) -> None:
    """Every card once; running scores equal the recomputed ones and stay in bounds; the
    phase fits the cards held; the end turns every card up and leaves no legal move
    (``legal``: the position's listing, if the caller has it; asked for once otherwise)."""
    assert all_cards(game) == Counter(standard_deck()), "every card exactly once"
    scores = game.scores()
    for p, lay in game.layouts.items():
        assert scores[p] == score_layout(lay.cards).total, "running score == recomputed"
        assert -6 <= scores[p] <= 60
    assert (game.holding is not None) == (game.phase == "place")
    moves = listing(game) if legal is None else legal
    if game.is_over:
        assert len(moves) == 0 and game.to_move is None
        assert all(all(lay.up) for lay in game.layouts.values())
        assert game.result().winners
    else:
        assert len(moves) > 0
        assert game.legal_rule.startswith("GOLF-")


def snapshot(game: GolfGame) -> tuple:
    """Everything a move can change, to compare two games."""
    return (
        game.stock,
        game.discard,
        {p: (lay.cards, lay.up) for p, lay in game.layouts.items()},
        game.phase,
        game.to_move,
        game.holding,
        game.scores(),
    )


def candidates(game: GolfGame, rng: object) -> list[GolfMove]:
    """Every move the notation can write, legal or not: flips, draws, replacements, peeks,
    and moving a card from one place to another."""
    plain = [GolfMove.parse(t) for t in ("draw", "take", "discard", "pass", "take back")]
    placed = [GolfMove(kind, p) for kind in ("flip", "replace", "peek") for p in Position]
    return plain + placed + [GolfMove("move", p, q) for p in Position for q in Position]


# -- every refusal is its rule's function (tests/core/test_refusals_are_the_rules.py) --------


def refusing_rule(game: GolfGame, player: str | None, move: GolfMove) -> tuple[Rule, Refusal]:
    """The first rule of a turn (:data:`cardlib.golf.turn.RULES`, asked in play's order;
    once the hand is over :data:`~cardlib.golf.turn.ENDED`, the rule that ended it) that
    refuses ``move`` by ``player`` (the player to move when None), and its refusal."""
    who = game.players[game.seat] if player is None else player
    attempt = turn.Attempt(who, move)
    for rule in turn.rules_now(game):
        refused = rule(game, attempt)
        if refused is not None:
            return rule, refused
    raise AssertionError(f"no rule of a turn refuses {move} by {who}")


def refusals_seen(game: GolfGame, seen: set[str]) -> None:
    """The rules every hand meets: the turn, the moves never allowed, the opening, the draw."""
    assert {"GOLF-ORDER", "GOLF-NO-REARRANGE", "GOLF-NO-PEEK", "GOLF-FLIP-TWO", "GOLF-DRAW"} <= seen
