"""Random complete Rook hands and games (seeded, every all-pass option, random and simple_bot
players) with invariants checked at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlib import RuleViolation
from cardlib.rook import (
    GAME_TARGET,
    HANDS_PER_SEAT_SWAP,
    RookGame,
    RookHand,
    RookOptions,
    Team,
    game_winner,
    simple_bot,
)
from cardlib.rook.cards import TOTAL_COUNTERS, RookCard, rook_deck
from tests.rook.invariants import hand_state

OPTIONS = {
    "no-house-rule": RookOptions(),
    "redeal": RookOptions(all_pass="redeal"),
    "dealer-takes-70": RookOptions(all_pass="dealer-takes-70"),
}


def all_cards(hand: RookHand) -> Counter[RookCard]:
    held = [c for cards in hand.hands.values() for c in cards]
    played = [c for t in hand.tricks for c in t.cards] + [c for _, c in hand.current_trick]
    return Counter(held + list(hand.nest) + played)


def state(hand: RookHand) -> tuple:
    return (*hand_state(hand), [str(e) for e in hand.log])


def random_move(seen, rng: random.Random):
    return rng.choice(seen.legal_moves())


def check_step(hand: RookHand, rng: random.Random) -> None:
    """Invariants that hold before every move."""
    assert all_cards(hand) == Counter(rook_deck()), "41 cards, each exactly once"
    sizes = sorted(len(c) for c in hand.hands.values())
    played = len(hand.tricks)
    if hand.phase == "nest":
        assert sizes == [9 - played] * 3 + [14] and hand.nest == []
    else:
        assert len(hand.nest) == 5
        in_trick = len(hand.current_trick)
        assert sum(sizes) == 36 - 4 * played - in_trick
    assert len(hand.tricks) <= 9
    assert sum(hand.counters_taken().values()) == sum(t.counters for t in hand.tricks)
    moves = hand.legal_moves()
    assert len(moves) > 0 and hand.to_move is not None
    # only the player to move may act: the others are refused and nothing changes
    before = state(hand)
    move = moves[rng.randrange(len(moves))]
    for other in hand.players:
        if other != hand.to_move:
            with pytest.raises(RuleViolation):
                hand.play(move, player=other)
    assert state(hand) == before
    # `in` agrees with the list, for the moves listed and for cards that are not
    if hand.phase != "nest":
        listed = set(moves)
        assert all(m in moves for m in listed) and all(str(m) in moves for m in listed)
        held = hand.hand_of(hand.to_move)
        for card in held:
            text = f"play {card}"
            assert (text in moves) is (hand.phase == "play" and any(str(m) == text for m in listed))
            if hand.phase == "play" and text not in moves:
                with pytest.raises(RuleViolation) as err:
                    hand.play(text)
                assert err.value.rule in {
                    "ROOK-FOLLOW",
                    "ROOK-BIRD-LEAD",
                    "ROOK-BIRD-FORCED",
                }
                assert state(hand) == before


def check_end(hand: RookHand) -> None:
    assert hand.is_over and hand.to_move is None and len(hand.legal_moves()) == 0
    with pytest.raises(RuleViolation):
        hand.play("pass")
    result = hand.result().teams
    if hand.thrown_in:
        assert result == {"NS": 0, "EW": 0} and hand.tricks == []
        return
    assert len(hand.tricks) == 9 and all(len(c) == 0 for c in hand.hands.values())
    assert all_cards(hand) == Counter(rook_deck())
    taken = hand.counters_taken()
    assert sum(taken.values()) == TOTAL_COUNTERS, "tricks and the nest make 120"
    # the nest went to whoever won the last trick (ROOK-NEST-LAST)
    assert hand.nest_to == hand.tricks[-1].winner
    nest_team = hand.team_of(hand.nest_to)
    won = {t: sum(x.counters for x in hand.tricks if hand.team_of(x.winner) == t) for t in Team}
    won[nest_team] += sum(c.points for c in hand.nest)
    assert taken == won
    # made or set (ROOK-SCORE-MADE, ROOK-SCORE-SET); the others score what they took
    bidders = hand.team_of(hand.bidder)
    others = bidders.other
    assert hand.bid is not None
    expected = taken[bidders] if taken[bidders] >= hand.bid else -hand.bid
    assert result[bidders] == expected and result[others] == taken[others]
    # each trick's leader is the previous trick's winner (ROOK-LEAD)
    for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert after.leader == before.winner


def play_hand(hand: RookHand, rng: random.Random, chooser=random_move, copy_every: int = 7) -> int:
    steps = 0
    while not hand.is_over:
        check_step(hand, rng)
        move = chooser(hand.view(hand.to_move), rng)
        mover = hand.to_move
        if steps % copy_every == 0:  # a copy behaves like the original
            twin = hand.copy()
            assert state(twin) == state(hand)
            event = hand.play(move)
            twin_event = twin.play(move)
            assert event == twin_event and state(twin) == state(hand)
        else:
            event = hand.play(move, player=mover)
        assert event.player == mover and event.move == move and event.rules
        assert all(r.startswith("ROOK-") for r in event.rules)
        steps += 1
        assert steps < 100
    check_end(hand)
    return steps


@pytest.mark.parametrize("option", OPTIONS, ids=str)
@pytest.mark.parametrize("seed", range(12))
def test_random_hands_keep_every_invariant(option, seed):
    rng = random.Random(seed)
    dealer = ["North", "East", "South", "West"][seed % 4]
    hand = RookHand(dealer=dealer, options=OPTIONS[option], seed=seed)
    play_hand(hand, rng)
    # the history replays to the same hand
    replay = RookHand(dealer=dealer, options=OPTIONS[option], seed=seed)
    for player, move in hand.history:
        replay.play(move, player=player)
    assert state(replay) == state(hand)


@pytest.mark.parametrize("seed", range(12))
def test_simple_bot_plays_legal_moves_to_the_end(seed):
    rng = random.Random(seed)
    hand = RookHand(seed=seed + 100, options=RookOptions(all_pass="redeal"))
    play_hand(hand, rng, chooser=simple_bot, copy_every=11)


def test_all_pass_happens_and_is_handled():
    # random play passes four times now and then; find a few such deals and check them
    thrown = taken = 0
    for seed in range(400):
        for option in ("redeal", "dealer-takes-70"):
            rng = random.Random(seed)
            hand = RookHand(seed=seed, options=RookOptions(all_pass=option))
            while hand.phase == "bid" and not hand.is_over:
                moves = hand.legal_moves()
                hand.play(moves[0] if rng.random() < 0.7 else rng.choice(moves))  # pass often
            if hand.thrown_in:
                thrown += 1
                check_end(hand)
            elif (
                hand.bid == 70
                and hand.bidder == hand.dealer
                and all(hand.passed(p) for p in hand.players if p != hand.dealer)
            ):
                taken += 1
                assert "ROOK-ALL-PASS" in hand.log[-1].rules or "ROOK-BID-MIN" in hand.log[-1].rules
        if thrown >= 3 and taken >= 3:
            break
    assert thrown >= 3 and taken >= 3


@pytest.mark.parametrize("seed", range(4))
def test_games_with_simple_bot_end_at_300(seed):
    rng = random.Random(seed)
    game = RookGame(["Ann", "Ben", "Cy", "Di"], seed=seed, options=RookOptions(all_pass="redeal"))
    teams = {p: game.hand.team_of(p) for p in game.players}
    totals = {"NS": 0, "EW": 0}
    dealers = [game.dealer]
    hands = 0
    moves = []
    while not game.is_over:
        hand = game.hand
        assert game.to_move == hand.to_move
        moves.append((hand.to_move, simple_bot(game.view(hand.to_move), rng)))
        event = game.play(moves[-1][1])
        assert game.history == moves and game.log[-1] == event
        if hand.is_over:
            if hand.thrown_in:
                assert game.dealer == dealers[-1] and "ROOK-ALL-PASS" in event.rules
                continue
            hands += 1
            for t, v in hand.result().teams.items():
                totals[t] += v
            assert game.totals == totals and game.hands_played == hands
            assert game.winner == game_winner(totals)
            if not game.is_over:
                # every 4 hands East and West change places; the person on the dealer's
                # left (where everyone sits now) deals next
                assert game.hand is not hand and game.hand.phase == "bid"
                seats = game.seating
                assert game.dealer == seats[(seats.index(hand.dealer) + 1) % 4]
                swapped = hands % HANDS_PER_SEAT_SWAP == 0
                assert ("ROOK-SEAT-SWAP" in event.rules) is swapped
                if swapped:
                    assert (seats[1], seats[3]) == (hand.players[3], hand.players[1])
                dealers.append(game.dealer)
            # partners never change
            assert {p: game.hand.team_of(p) for p in game.players} == teams
        assert hands < 60
    winner = game.winner
    assert winner is not None and game.result().teams == totals
    assert totals[winner] >= GAME_TARGET and totals[winner] > totals[winner.other]
    with pytest.raises(RuleViolation) as err:
        game.play("pass")
    assert err.value.rule == "ROOK-GAME"
    with pytest.raises(RuleViolation) as err:
        simple_bot(game.view(game.players[0]), rng)
    assert err.value.rule == "ROOK-GAME"


def test_game_copy_behaves_like_the_original():
    rng = random.Random(9)
    game = RookGame(seed=9, options=RookOptions(all_pass="redeal"))
    for _ in range(60):
        game.play(simple_bot(game.view(game.to_move), rng))
    twin = game.copy()
    for _ in range(120):
        if game.is_over:
            break
        move = simple_bot(game.view(game.to_move), random.Random(1))
        assert game.play(move) == twin.play(move)
    assert game.totals == twin.totals and game.describe() == twin.describe()
    assert [str(e) for e in game.log] == [str(e) for e in twin.log]
