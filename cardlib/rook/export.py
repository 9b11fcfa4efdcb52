"""Which claims an exported Rook hand makes (see :mod:`cardlib.export`): the contract when
the auction ends, trump when it is named, each trick's winner and counters when it is
won; at the end the counters each team took, the hand's score and whether the contract
was made."""

from __future__ import annotations

from typing import Any

from cardlib.games import PROBE, changed_options
from cardlib.rook.hand import RookHand
from cardlib.rook.seats import RookOptions

_DEFAULTS = RookOptions()
_TEAMS = ("NS", "EW")


def header(hand: RookHand) -> dict[str, Any]:
    options = changed_options(hand.options, _DEFAULTS)
    return {"options": options} if options else {}


def position(hand: RookHand) -> dict[str, Any]:
    """The cards as dealt (before any bid), or the hand after the exchange with trump named."""
    hands = {p: [str(c) for c in hand.hand_of(p)] for p in hand.players}
    nest = [str(c) for c in hand.nest]
    if hand.phase == "bid" and not hand.history:
        return {"hand": {"hands": hands, "nest": nest}}
    if hand.trump is not None and not hand.tricks and not hand.current_trick:
        assert hand.bidder is not None and hand.bid is not None
        return {
            "position": {
                "hands": hands,
                "nest": nest,
                "bid": {hand.bidder: hand.bid},
                "trump": hand.trump.word,
            }
        }
    raise ValueError("a Rook position is exported from the deal or from the first trick")


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
