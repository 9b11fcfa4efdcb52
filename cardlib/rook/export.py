"""Which claims an exported Rook hand makes (see :mod:`cardlib.export`): the contract when
the auction ends, trump when it is named, each trick's winner and counters when it is
won; at the end the counters each team took, the hand's score and whether the contract
was made."""

from __future__ import annotations

from typing import Any

from cardlib.errors import ExportError
from cardlib.games import PROBE, changed_options
from cardlib.rook.cards import RookCard
from cardlib.rook.hand import RookHand
from cardlib.rook.seats import RookOptions

_DEFAULTS = RookOptions()
_TEAMS = ("NS", "EW")


def header(hand: RookHand) -> dict[str, Any]:
    options = changed_options(hand.options, _DEFAULTS)
    return {"options": options} if options else {}


def position(hand: RookHand) -> dict[str, Any]:
    """The setup a hand replays from, with :func:`earlier`'s moves: the cards as dealt
    when the hand was played from the deal (before any bid, or with its auction, and perhaps
    more, played since), else the hand after the exchange with trump named."""
    dealt = _from_the_deal(hand)
    if dealt is not None:
        hands, nest = dealt
        return {"hand": {"hands": _texts(hands), "nest": [str(c) for c in nest]}}
    if hand.trump is None or hand.bidder is None or hand.bid is None:
        raise ExportError(
            "this hand was set up with the nest already picked up, so the cards the bidder "
            "was dealt are not known: it can be saved from the deal or once trump is named"
        )
    held = {p: [*hand.hand_of(p), *_played(hand, p)] for p in hand.players}
    return {
        "position": {
            "hands": _texts(held),
            "nest": [str(c) for c in hand.nest],  # the five laid aside
            "bid": {hand.bidder: hand.bid},
            "trump": hand.trump.word,
        }
    }


def earlier(hand: RookHand) -> list[tuple[str, str]]:
    """The moves made since :func:`position`'s setup: all the hand's moves from the deal,
    else those since trump was named."""
    moves = list(hand.history)
    if _from_the_deal(hand) is None:
        named = [i for i, (_, m) in enumerate(moves) if m.kind == "trump"]
        moves = moves[named[-1] + 1 :] if named else moves
    return [(p, str(m)) for p, m in moves]


def _texts(hands: dict[str, list[RookCard]]) -> dict[str, list[str]]:
    return {p: [str(c) for c in sorted(cs, key=lambda c: c.order)] for p, cs in hands.items()}


def _played(hand: RookHand, player: str) -> list[RookCard]:
    """The cards ``player`` has played to tricks in this hand's moves."""
    return [m.cards[0] for p, m in hand.history if p == player and m.kind == "play"]


def _laid_here(hand: RookHand) -> bool:
    return any(m.kind == "lay aside" for _, m in hand.history)


def _from_the_deal(hand: RookHand) -> tuple[dict[str, list[RookCard]], list[RookCard]] | None:
    """The hands and nest as dealt, where the hand's moves start at the auction (ROOK-DEAL:
    the cards dealt are what each player holds now, with what they played; the bidder's
    also without the nest picked up (ROOK-NEST-TAKE) and with the five laid aside)."""
    if hand.history and hand.history[0][1].kind not in ("bid", "pass"):
        return None
    if not hand.history and hand.phase != "bid":
        return None
    held = {p: [*hand.hand_of(p), *_played(hand, p)] for p in hand.players}
    # the nest the auction's winner picked up, as the last bid or pass says (ROOK-NEST-TAKE)
    won = [e for e in hand.log if e.move.kind in ("bid", "pass") and e.of("nest")]
    picked = list(won[0].of("nest")[0].cards) if won else []
    if not picked:
        return held, list(hand.nest)
    assert hand.bidder is not None
    kept = held[hand.bidder]
    if _laid_here(hand):
        kept += hand.nest
    held[hand.bidder] = [c for c in kept if c not in picked]
    return held, picked


def after(event: Any, hand: RookHand) -> dict[str, Any]:
    kind = event.move.kind
    if kind in ("bid", "pass") and hand.phase != "bid" and hand.bidder is not None:
        return {"bidder": None, "bid": PROBE}
    if kind == "trump":
        return {"trump": PROBE}
    if kind == "play" and not hand.current_trick and hand.tricks:
        n = str(len(hand.tricks))
        return {"tricks": {n: {"winner": hand.players[0], "counters": PROBE}}}
    return {}


def final(hand: RookHand) -> dict[str, Any]:
    if not hand.is_over:
        return {"phase": PROBE}
    claims: dict[str, Any] = {"over": PROBE}
    if hand.score is not None:
        claims.update(
            {
                "counters": dict.fromkeys(_TEAMS, PROBE),
                "score": dict.fromkeys(_TEAMS, PROBE),
                "made": PROBE,
            }
        )
    return claims
