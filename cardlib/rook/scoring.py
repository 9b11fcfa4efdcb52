"""Rook's scores: a hand's points from its contract and the counters taken, and the game to 300::

>>> print(score_hand("NS", 95, {"NS": 90, "EW": 30}))
North-South bid 95 and took only 90: set, -95 (the 90 they took is not added); East-West took 30: +30
>>> game_winner({"NS": 310, "EW": 305})
Team.NS
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardlib.arguments import shown, whole
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.game import Result
from cardlib.refusal import Refusal, first_refusal
from cardlib.rook.auction import bid_min
from cardlib.rook.cards import COUNTER_STEP, TOTAL_COUNTERS, Counted, counters_made
from cardlib.rook.moves import WHOLE, bid
from cardlib.rook.seats import Team, team_of_seat
from cardlib.rook.state import Attempt

GAME_TARGET = 300  # ROOK-GAME


# The rules that score the bidders, each ``rule(bid, took) -> points | None``: the points
# when the rule applies, None when the other one does (scored asks them in turn).


@enforces("ROOK-SCORE-MADE")
def made_score(bid: int, took: int) -> int | None:
    """A bidding team that takes at least its bid scores everything it took (not the bid, not the bid plus the take)."""
    return took if took >= bid else None


@enforces("ROOK-SCORE-SET")
def set_score(bid: int, took: int) -> int | None:
    """A bidding team that falls short scores minus the bid, and what it took is not added; the opponents always score what they took. After a set the two entries need not add to 120."""
    return -bid if took < bid else None


#: the rules that score the bidders, asked in order: one of them applies to every hand
BIDDERS_SCORE = (made_score, set_score)


@dataclass(frozen=True)
class HandScore:
    """A hand's score (ROOK-SCORE-MADE, ROOK-SCORE-SET) and the reason, in words."""

    bidders: Team
    bid: int
    taken: Mapping[Team, int]
    points: Mapping[Team, int]

    @property
    def made(self) -> bool:
        """ROOK-BID-WIN: the bidders' team must take at least the bid in counters (scored
        by ROOK-SCORE-MADE, :func:`made_score`)."""
        return made_score(self.bid, self.taken[self.bidders]) is not None

    @property
    def rule(self) -> str:
        return "ROOK-SCORE-MADE" if self.made else "ROOK-SCORE-SET"

    def explain(self) -> str:
        b, o = self.bidders, self.bidders.other
        took = self.taken[b]
        if self.made:
            head = f"{b.label} bid {self.bid} and took {took}: made, {took:+d}"
        else:
            head = (
                f"{b.label} bid {self.bid} and took only {took}: set, {-self.bid:+d} "
                f"(the {took} they took is not added)"
            )
        return f"{head}; {o.label} took {self.taken[o]}: {self.points[o]:+d}"

    def __str__(self) -> str:
        return self.explain()


def scored(bidders: Team, bid: int, taken: Mapping[Team, int]) -> HandScore:
    """The hand's points: the bidders' by ROOK-SCORE-MADE or ROOK-SCORE-SET, the other
    team's what it took."""
    took = taken[bidders]
    points = dict(taken)
    points[bidders] = next(
        score for rule in BIDDERS_SCORE if (score := rule(bid, took)) is not None
    )
    return HandScore(bidders, bid, {Team.NS: taken[Team.NS], Team.EW: taken[Team.EW]}, points)


def score_hand(bidders: Team | str, bid: int, taken: Mapping[Team | str, int]) -> HandScore:
    """Score a hand from the contract and the counters each team took (nest included).

    Made (ROOK-SCORE-MADE): the bidders score everything they took.  Set (ROOK-SCORE-SET):
    they score minus the bid.  The other team always scores what it took.
    """
    bidders = Team.parse(bidders)
    bid = contract(bid)
    took = team_points(taken, "a hand's counters")
    refused = counters_made(Counted(took, hand=True))  # ROOK-COUNT: what counters can make
    if refused is not None:
        raise refused.error()
    return scored(bidders, int(bid), {Team.NS: took[Team.NS], Team.EW: took[Team.EW]})


def contract(amount: object) -> int:
    """A contract's amount, checked by ROOK-BID-MIN (:func:`cardlib.rook.auction.bid_min`,
    asked with no hand: no auction made it): a multiple of 5 from 70 to 120, given as a
    whole number or written as one (``"95"``); not a float, as a hand's counters are not."""
    if isinstance(amount, str):
        if not WHOLE.fullmatch(amount.strip()):
            raise NotationError(f"{shown(amount)} is not an amount: write a number, like 95")
        n = int(amount.strip())
    else:
        n = whole(amount, "a contract")
    refused = first_refusal((bid_min,), None, Attempt("", bid(n)))
    if refused is not None:
        raise refused.error()
    return n


def team_points(
    given: Mapping[Team | str, int], what: str, *, both: bool = True
) -> dict[Team, int]:
    """Points by team (``{"NS": 120, "EW": 0}``), each a whole number; ``both``: one figure
    for each team."""
    if not isinstance(given, Mapping):
        raise NotationError(f"{what} map each team (NS, EW) to a whole number, not {shown(given)}")
    points = {Team.parse(t): whole(v, f"{what} of {t}") for t, v in given.items()}
    if len(points) != len(given) or (both and len(points) != 2):
        raise NotationError(f"{what} need one figure for NS and one for EW")
    return points


def game_winner(totals: Mapping[Team | str, int]) -> Team | None:
    """The team that has won the game at ``totals`` by ROOK-GAME (:func:`game_end`), or
    None while the game goes on."""
    points = team_points(totals, "the totals")
    return _winner(points[Team.NS], points[Team.EW])


def _winner(ns: int, ew: int) -> Team | None:
    if max(ns, ew) < GAME_TARGET or ns == ew:
        return None
    return Team.NS if ns > ew else Team.EW


#: what is asked of a game at its totals (ROOK-GAME, :func:`game_end`): a move of its hand,
#: a further hand (recorded or dealt), its result, or the totals it is made at
Asked = Literal["move", "hand", "result", "start"]


@enforces("ROOK-GAME")
def game_end(totals: Mapping[Team, int] | Mapping[str, int], asked: Asked) -> Refusal | None:
    """A team reaching 300 ends the game; if both pass 300 in the same hand the higher total wins; a tie plays another hand."""
    # a team missing from the totals has none (a game resumed from one team's total)
    ns, ew = totals.get(Team.NS, 0), totals.get(Team.EW, 0)
    if asked == "start":
        # the game ends in the hand a team first reaches 300, so totals of 300 or more are
        # one hand's score from a game still in progress (both below 300, or tied over it)
        if max(ns, ew) < GAME_TARGET or _one_hand_from_play(ns, ew, hand_scores()):
            return None
        return Refusal(
            "ROOK-GAME",
            lambda: (
                f"no game stands at NS {ns}, EW {ew}: the game ends in the hand a team first "
                f"reaches {GAME_TARGET}, and no hand's score takes a game in progress there"
            ),
        )
    won = _winner(ns, ew)
    if asked == "result":
        if won is not None:
            return None
        return Refusal(
            "ROOK-GAME",
            lambda: (
                f"the game is not over: NS {ns}, EW {ew}; it ends when a team reaches "
                f"{GAME_TARGET} with more than the other"
            ),
        )
    if won is None:
        return None
    winner, other = (ns, ew) if won is Team.NS else (ew, ns)
    if asked == "move":
        return Refusal(
            "ROOK-GAME", lambda: f"the game is over: {won.label} won with {winner} to {other}"
        )
    return Refusal(
        "ROOK-GAME",
        lambda: (
            f"the game is already over ({won.label} won with {winner} to {other}): "
            "no further hand is played"
        ),
    )


@functools.cache  # the rules' constant: worked out the first time it is asked, then kept
def hand_scores() -> frozenset[tuple[int, int]]:
    """Every score one hand can give, as (NS, EW) points: nothing for a hand thrown in, and
    for each team bidding each contract (ROOK-BID-MIN: 70 to 120) and taking each share of
    the counters (ROOK-COUNT), the points :func:`scored` gives (ROOK-SCORE-MADE, -SET)."""
    scores = {(0, 0)}
    amounts = range(70, TOTAL_COUNTERS + 1, COUNTER_STEP)
    for bidders, amount in itertools.product(Team, amounts):
        for took in range(0, TOTAL_COUNTERS + 1, COUNTER_STEP):
            taken = {bidders: took, bidders.other: TOTAL_COUNTERS - took}
            points = scored(bidders, amount, taken).points
            scores.add((points[Team.NS], points[Team.EW]))
    return frozenset(scores)


def check_totals(totals: Mapping[Team, int]) -> None:
    """Refuse totals no game can stand at (a game resumed from them): every hand scores
    counters taken or minus a bid, multiples of 5 (ROOK-COUNT), and the game ends in the hand
    a team first reaches 300 (ROOK-GAME), so totals of 300 or more are one hand's score from
    a game still in progress (both teams below 300, or tied over it)::

        >>> check_totals({Team.NS: 410, Team.EW: 290})
        >>> check_totals({Team.NS: 500, Team.EW: 0})
        Traceback (most recent call last):
        ...
        cardlib.errors.RuleViolation: ROOK-GAME: no game stands at NS 500, EW 0: the game ends in the hand a team first reaches 300, and no hand's score takes a game in progress there
    """
    refused = counters_made(Counted(totals, hand=False)) or game_end(totals, "start")
    if refused is not None:
        raise refused.error()


def _one_hand_from_play(
    ns: int, ew: int, scores: frozenset[tuple[int, int]], ties: bool = True
) -> bool:
    """Whether one of ``scores`` takes a game in progress to NS ``ns``, EW ``ew``: from totals
    both below 300, or (``ties``) from a tie over 300 that is itself one hand from them."""
    for dns, dew in scores:
        before = (ns - dns, ew - dew)
        if max(before) < GAME_TARGET:
            return True
        if ties and before[0] == before[1] and _one_hand_from_play(*before, scores, ties=False):
            return True
    return False


def result(players: Sequence[str], teams: Mapping[str, int]) -> Result:
    """Each player's team's points, the teams' points and the players of the team ahead."""
    scores = {p: teams[team_of_seat(seat)] for seat, p in enumerate(players)}
    top = max(teams.values())
    return Result(scores, [p for p in players if scores[p] == top], teams)
