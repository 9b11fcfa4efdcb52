"""Rook's state invariants, for the one random-play test over every game.

``check(game, legal)`` holds in every reachable position of a :class:`RookHand` or :class:`RookGame`;
``CONFIGS`` builds a game for every rule set and option (one factory a seed).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from cardlib.game import Game
from cardlib.refusal import Refusal, Rule
from cardlib.rook import (
    GAME_TARGET,
    HAND_SIZE,
    NEST_SIZE,
    RookGame,
    RookHand,
    RookMove,
    RookOptions,
    Team,
    game_winner,
    simple_bot,
    tricks,
)
from cardlib.rook import hand as hand_rules
from cardlib.rook.cards import TOTAL_COUNTERS, Colour, counters, rook_deck
from cardlib.rook.state import Attempt
from cardlib.rook.tricks import Play
from tests.support.listing import listing


def check_hand(hand: RookHand, legal: Sequence[RookMove] | None = None) -> None:
    """Cards conserved, hand sizes by phase, counters recomputed from the tricks, the legal
    moves empty exactly when the hand is over (``legal``: the hand's listing, if the caller
    has it; asked for once otherwise)."""
    held = [c for cards in hand.hands.values() for c in cards]
    played = [c for t in hand.tricks for c in t.cards] + [c for _, c in hand.current_trick]
    assert Counter(held + list(hand.nest) + played) == Counter(rook_deck()), "41 cards, once each"
    in_tricks = len(hand.tricks) * 4 + len(hand.current_trick)
    if hand.phase == "bid":
        assert (
            all(len(cs) == HAND_SIZE for cs in hand.hands.values()) and len(hand.nest) == NEST_SIZE
        )
    if hand.phase == "nest":
        assert hand.bidder is not None and len(hand.hand_of(hand.bidder)) == HAND_SIZE + NEST_SIZE
    if hand.phase in ("trump", "play", "over") and not hand.thrown_in:
        assert len(hand.nest) == NEST_SIZE and len(held) + in_tricks == 4 * HAND_SIZE
    taken = {"NS": 0, "EW": 0}
    for t in hand.tricks:
        assert t.counters == counters(t.cards)
        taken[hand.team_of(t.winner).value] += t.counters
    if hand.nest_to is not None:
        taken[hand.team_of(hand.nest_to).value] += counters(hand.nest)
        assert sum(taken.values()) == TOTAL_COUNTERS
    assert hand.counters_taken() == taken
    moves = listing(hand) if legal is None else legal
    assert (len(moves) == 0) == hand.is_over == (hand.to_move is None)
    if hand.is_over and hand.score is not None:
        assert hand.result().teams == {t.value: v for t, v in hand.score.points.items()}


def check(game: Game, legal: Sequence[RookMove] | None = None) -> None:
    """Every invariant of a hand; for a game, also the totals recomputed from the hand scores,
    the partnerships kept through every seat exchange and the end at 300 (``legal``: the
    position's listing, if the caller has it: a game's is its hand's)."""
    if isinstance(game, RookHand):
        check_hand(game, legal)
        return
    assert isinstance(game, RookGame)
    check_hand(game.hand, legal)
    assert game.hand.players == game.seating
    # partners stay partners through every seat exchange (ROOK-SEAT-SWAP)
    assert set(game.seating[0::2]) == set(game.start_seating[0::2])
    if game.winner is None:
        assert game_winner(game.totals) is None
    else:
        assert (
            max(game.totals.values()) >= GAME_TARGET
            and game.totals[game.winner] > game.totals[game.winner.other]
        )
    assert len(game.dealers) == game.hands_played + 1 or game.is_over
    for t in Team:
        assert game.totals[t] == sum(s.points[t] for s in game.scores) + game.start_totals[t]


def _hand(options: RookOptions) -> Callable[[int], Game]:
    return lambda seed: RookHand(seed=seed, options=options)


def _game(options: RookOptions) -> Callable[[int], Game]:
    return lambda seed: RookGame(["Ann", "Ben", "Cy", "Di"], seed=seed, options=options)


#: games to 300 are played by the simple bots: under random bidding a game may never end
BOTS = {
    "rook-game": simple_bot,
    "rook-game-redeal": simple_bot,
    "rook-game-north-south-move": simple_bot,
}

CONFIGS: dict[str, Callable[[int], Game]] = {
    "rook-hand": _hand(RookOptions()),
    "rook-hand-redeal": _hand(RookOptions(all_pass="redeal")),
    "rook-hand-dealer-takes-70": _hand(RookOptions(all_pass="dealer-takes-70")),
    "rook-game": _game(RookOptions()),
    "rook-game-redeal": _game(RookOptions(all_pass="redeal")),
    "rook-game-north-south-move": _game(RookOptions(seat_swap="north-south")),
}


def hand_state(hand: RookHand) -> tuple:
    return (
        hand.hands,
        list(hand.nest),
        hand.phase,
        hand.to_move,
        hand.high_bid,
        hand.bidder,
        hand.bid,
        hand.trump,
        list(hand.tricks),
        hand.current_trick,
        hand.counters_taken(),
    )


def snapshot(game: Game) -> tuple:
    """Everything a move can change, to compare two hands or two games."""
    if isinstance(game, RookHand):
        return hand_state(game)
    assert isinstance(game, RookGame)
    return (
        game.seating,
        game.dealers,
        game.totals,
        game.hands_played,
        game.winner,
        hand_state(game.hand),
    )


def candidates(game: Game, rng: random.Random) -> list[RookMove]:
    """The moves anybody could write now: a pass, every bid from 60 to 125 (and ones off the
    steps of five, or below nothing), each colour as trump, each card of the deck; at the nest,
    sets of four to six of the bidder's cards (one with a card twice) and a listed way."""
    hand = game.hand if isinstance(game, RookGame) else game
    assert isinstance(hand, RookHand)
    if hand.phase == "nest" and hand.to_move is not None:
        held = hand.hand_of(hand.to_move)
        moves = [RookMove("lay aside", cards=tuple(rng.sample(held, k))) for k in (4, 5, 5, 6)]
        moves.append(RookMove("lay aside", cards=(held[0], *held[:4])))
        return [*moves, rng.choice(listing(hand))]
    moves = [RookMove.parse(t) for t in ("pass", "bid 72", "bid 0", "bid -70")]
    moves += [RookMove("bid", amount=n) for n in range(60, 130, 5)]
    moves += [RookMove("trump", colour=c) for c in Colour]
    return moves + [RookMove("play", cards=(c,)) for c in rook_deck()]


# -- every refusal is its rule's function (tests/core/test_refusals_are_the_rules.py) --------

#: the configurations walked: the hands (a game's moves are its hands')
REFUSAL_CONFIGS = tuple(sorted(name for name in CONFIGS if name.startswith("rook-hand")))
REFUSAL_SEEDS = (1, 2)


def refusing_rule(game: RookHand, player: str | None, move: RookMove) -> tuple[Rule, Refusal]:
    """The first rule of the move in its phase (:data:`cardlib.rook.hand.RULES`, asked in
    play's order; once the hand is over, ROOK-ALL-PASS's or ROOK-LEAD's, which ended it)
    that refuses ``move`` by ``player`` (the player to move when None), and its refusal; for
    a card, the rule of the tricks (:data:`cardlib.rook.tricks.PLAY_RULES`) that refuses it."""
    who = (game.to_move or "") if player is None else player
    attempt = Attempt(who, move)
    for rule in hand_rules.RULES[game.phase][move.kind]:
        refused = rule(game, attempt)
        if refused is None:
            continue
        if rule is not hand_rules.card:
            return rule, refused
        assert game.trump is not None and who == game.to_move  # out of turn: ROOK-LEAD
        trick = [c for _, c in game.current_trick]
        offered = Play(who, move.card, game.hand_of(who), trick, game.trump)
        for trick_rule in tricks.PLAY_RULES:
            answer = trick_rule(offered)
            if isinstance(answer, Refusal):
                return trick_rule, answer
    raise AssertionError(f"no rule refuses {move} by {who}")


def refusals_seen(game: RookHand, seen: set[str]) -> None:
    """The rules every hand not thrown in meets: the auction, the exchange, trump and the
    turn in the tricks."""
    every = {"ROOK-BID-ORDER", "ROOK-BID-RAISE", "ROOK-BID-MIN", "ROOK-BID-WIN"}
    assert every | {"ROOK-NEST-TAKE", "ROOK-TRUMP", "ROOK-LEAD"} <= seen or game.thrown_in
