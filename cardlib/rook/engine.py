"""Rook: the rule set ``tournament-1988`` (Kentucky Discard with the bird, partnerships).

Four players sit North, East, South and West, clockwise; North-South play against
East-West (ROOK-TEAMS).  One hand is a :class:`RookHand`: the deal with the nest, the
auction, the exchange with the nest, naming trump, nine tricks and the hand's score.  A
:class:`RookGame` plays hands until a team reaches 300 (ROOK-GAME), rotating the deal
(ROOK-DEALER) and exchanging the East-West seats every four hands (ROOK-SEAT-SWAP)::

    >>> hand = RookHand(seed=1)        # West deals, so North bids first (ROOK-BID-ORDER)
    >>> print(hand.play("bid 70"))
    North bids 70; East is next [ROOK-BID-MIN]
    >>> "bid 70" in hand.legal_moves(), len(hand.legal_moves())
    (False, 11)
    >>> [fact.kind for fact in hand.play("pass").facts]
    ['pass', 'turn']

Moves are written as text and read by :meth:`RookMove.parse`: ``bid 95``, ``pass``,
``lay aside R6 R7 R11 B11 R5`` (the bidder's five cards for the new nest), ``trump green``
and ``play Y7``.  The bidder picks up the nest by itself when the auction is won.  Every
refusal is a :class:`RuleViolation` carrying its rule ID and saying where the hand stood.

:meth:`RookHand.play` is the one source of legality: it refuses a move (a
:class:`RuleViolation` with its rule ID, the hand unchanged) or makes it and returns a
:class:`cardlib.game.Event`.  ``legal_moves()`` is the shared live view; the engine's
``_legal()`` lists the same moves quickly (a random-play test compares the two).  The rules
that decide what the hand is doing now are attributes: ``turn_rule``, ``legal_rule``,
``over_rule``, ``high_bid_rule``.

An event's facts (:class:`cardlib.game.Fact`), by ``kind``:

* ``bid`` (player, value = the amount), ``pass`` (player), ``turn`` (player = who is next,
  or who leads the first trick);
* ``all-pass`` (the dealer takes 70 by house rule), ``auction-won`` (player = the bidder,
  value = the contract), ``nest`` (the bidder picks up these cards);
* ``lay-aside`` (cards = the new nest, value = its counters), ``trump`` (the colour named);
* ``play`` (player, cards = the card), ``trick`` (player = the winner, cards = the four in
  play order, value = the counters);
* ``nest-last`` (player = who took the nest with the last trick, cards, value = counters),
  ``score`` (value = the hand's points by team), ``hand-end`` (thrown in: nobody scores);
* in a :class:`RookGame`: ``totals`` (value = the totals), ``game-end`` (value = the
  winning team), ``game-tied``, ``deal`` (player = the next dealer), ``seat-swap`` (player
  and other = the two who exchange seats, value = the new seating).

The engine is quick (see ``benchmarks/rook_vs_openspiel.py``): each player's cards are
kept by colour, next to the moves that play them, so following is a look at one short list
and the legal plays are lists joined in C; the 41 cards are unique objects compared by
identity; moves, facts and events are small immutable values, and an event's text is only
composed when read.  ``record=False`` keeps no log, for simulations.
"""

from __future__ import annotations

import copy
import enum
import functools
import itertools
import math
import random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Literal, NamedTuple, TypedDict, Unpack, overload

from cardlib.cards import find_duplicate
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event, Fact, Game, LegalMoves, Result
from cardlib.rook.cards import (
    HIGHEST,
    LOWEST,
    ROOK,
    TOTAL_COUNTERS,
    Colour,
    RookCard,
    counters,
    parse_rook_cards,
    rook_deck,
    shuffled_rook_deck,
)

RULE_SET = "tournament-1988"
HAND_SIZE, NEST_SIZE, TRICKS = 9, 5, 9
MIN_BID, MAX_BID, BID_STEP = 70, 120, 5  # ROOK-BID-MIN, ROOK-BID-RAISE
GAME_TARGET = 300  # ROOK-GAME
HANDS_PER_SEAT_SWAP = 4  # ROOK-SEAT-SWAP
DEFAULT_PLAYERS = ("North", "East", "South", "West")


class Seat(enum.IntEnum):
    """The four seats, clockwise (ROOK-TEAMS).  ``seat + 1`` (mod 4) is the left-hand neighbour."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @property
    def team(self) -> Team:
        return _TEAMS[self % 2]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Team(enum.StrEnum):
    """The two partnerships.  A team compares equal to its key, so ``scores["NS"]`` works."""

    NS = "NS"
    EW = "EW"

    def __init__(self, key: str) -> None:
        #: ``North-South`` or ``East-West``
        self.label = "North-South" if key == "NS" else "East-West"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is _NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Team:
        return _EW if self is _NS else _NS

    @classmethod
    def parse(cls, text: str | Team) -> Team:
        """Read ``NS``, ``EW``, ``North-South`` or ``East-West``."""
        if isinstance(text, Team):
            return text
        key = str(text).strip().upper().replace("-", "").replace(" ", "")
        team = _TEAMS_BY_TEXT.get(key)
        if team is None:
            raise NotationError(f"{text!r} is not a team: write NS (North-South) or EW (East-West)")
        return team

    def __repr__(self) -> str:
        return f"Team.{self.name}"


_NS, _EW = Team.NS, Team.EW
_TEAMS = (_NS, _EW)  # indexed by seat % 2
_TEAMS_BY_TEXT = {"NS": Team.NS, "NORTHSOUTH": Team.NS, "EW": Team.EW, "EASTWEST": Team.EW}
_ORDER = attrgetter("order")
_TEXT = attrgetter("text")


# -- moves ---------------------------------------------------------------------------

MoveKind = Literal["bid", "pass", "lay aside", "trump", "play"]
_SHAPES: dict[str, tuple[bool, int, bool]] = {
    "bid": (True, 0, False),
    "pass": (False, 0, False),
    "lay aside": (False, NEST_SIZE, False),  # the notation takes one or more; the rule wants 5
    "trump": (False, 0, True),
    "play": (False, 1, False),
}


@dataclass(frozen=True, slots=True)
class RookMove:
    """A move in notation: ``RookMove.parse("bid 95")``, ``RookMove.parse("play Y7")``.

    A ``lay aside`` keeps its cards in pack order, so two spellings of the same five cards
    are the same move.  The notation only checks the shape; the rules (a bid of at least
    70, exactly five cards laid aside, ...) are the engine's to enforce.
    """

    kind: MoveKind
    amount: int | None = None
    cards: tuple[RookCard, ...] = ()
    colour: Colour | None = None

    def __post_init__(self) -> None:
        # (has an amount, number of cards, has a colour) for each kind of move
        kind, cards = self.kind, self.cards
        shape = (self.amount is not None, len(cards), self.colour is not None)
        expected = _SHAPES.get(kind)
        if expected is None:
            raise NotationError(f"{kind!r} is not a Rook move")
        if shape != expected and not (kind == "lay aside" and shape[1] and not shape[0]):
            raise NotationError(f"a {kind!r} move cannot be made of {shape!r}")
        for c in cards:
            if type(c) is not RookCard:
                raise NotationError(f"{cards!r}: a move's cards must be RookCards")
        if kind == "lay aside":
            object.__setattr__(self, "cards", tuple(sorted(cards, key=_ORDER)))

    @classmethod
    def parse(cls, text: str | RookMove) -> RookMove:
        """Read ``bid 95``, ``pass``, ``lay aside R6 R7 R11 B11 R5``, ``trump green``, ``play Y7``.

        A card on its own (``Y7``) is read as playing it.
        """
        if isinstance(text, RookMove):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Rook move")
        words = " ".join(text.split())
        low = words.lower()
        cached = _MOVES_BY_TEXT.get(low)
        if cached is not None:
            return cached
        if low.startswith("bid "):
            if not _WHOLE.fullmatch(low[4:]):  # int() would also read "٧٠" and "7_5"
                raise NotationError(f"{text!r} is not a bid: write bid and a number, like bid 95")
            return cls("bid", amount=int(low[4:]))
        if low.startswith("lay aside "):
            return cls("lay aside", cards=tuple(parse_rook_cards(words[10:])))
        if low.startswith("trump "):
            return cls("trump", colour=Colour.parse(words[6:]))
        if low.startswith("play "):
            return cls("play", cards=(RookCard.parse(words[5:]),))
        if low in ("take nest", "take the nest", "pick up nest"):
            raise NotationError(
                f"{text!r} is not a move here: the bidder picks up the nest as soon as the "
                "auction is won; the next move is 'lay aside' and five cards"
            )
        try:
            return _PLAYS[RookCard.parse(words)]
        except NotationError:
            pass
        raise NotationError(
            f"{text!r} is not a Rook move: write bid 95, pass, lay aside R6 R7 R11 B11 R5, "
            "trump green or play Y7"
        )

    @property
    def card(self) -> RookCard:
        """The card of a ``play`` move."""
        return self.cards[0]

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.kind == "trump":
            assert self.colour is not None
            return f"trump {self.colour.word}"
        if self.cards:
            return f"{self.kind} {' '.join(c.text for c in self.cards)}"
        return self.kind

    def __repr__(self) -> str:
        return f"RookMove.parse({str(self)!r})"

    def __copy__(self) -> RookMove:
        return self

    def __deepcopy__(self, memo: object) -> RookMove:
        return self


PASS = RookMove("pass")
_PLAYS: dict[RookCard, RookMove] = {c: RookMove("play", cards=(c,)) for c in rook_deck()}
_BIDS: dict[int, RookMove] = {
    n: RookMove("bid", amount=n) for n in range(MIN_BID, MAX_BID + 1, BID_STEP)
}
_TRUMPS: dict[Colour, RookMove] = {c: RookMove("trump", colour=c) for c in Colour}
# the moves of an auction when the next bid is at least ``low``: pass, then every bid
_BIDDING: dict[int, tuple[RookMove, ...]] = {
    low: (PASS, *(_BIDS[n] for n in range(low, MAX_BID + 1, BID_STEP))) for low in _BIDS
} | {MAX_BID + BID_STEP: (PASS,)}
_TRUMP_MOVES = tuple(_TRUMPS.values())
#: a whole number as a bid is written: ASCII digits (a dozen at most), perhaps a minus sign
_WHOLE = re.compile(r"-?[0-9]{1,12}")
_MOVES_BY_TEXT: dict[str, RookMove] = {"pass": PASS} | {
    str(m).lower(): m for m in (*_PLAYS.values(), *_BIDS.values(), *_TRUMPS.values())
}


SeatSwap = Literal["east-west", "north-south"]


@dataclass(frozen=True, slots=True)
class RookOptions:
    """What a table agrees before play besides the rule set.

    ``all_pass`` is the house rule for an auction in which all four pass (ROOK-ALL-PASS),
    which the sources leave open: ``None`` (nothing agreed: the engine refuses the fourth
    pass, so the dealer must bid), ``"redeal"`` (the cards are thrown in, nobody scores,
    and the same dealer deals again) or ``"dealer-takes-70"`` (the dealer's team is given
    the contract at 70 and the dealer takes the nest).

    ``seat_swap`` is the partnership whose two players exchange seats after every fourth
    hand (ROOK-SEAT-SWAP): the 1988 text says only that one of the partnerships moves.
    ``"east-west"`` (the default, an interpretation) or ``"north-south"``.
    """

    all_pass: Literal["redeal", "dealer-takes-70"] | None = None
    seat_swap: SeatSwap = "east-west"

    def __post_init__(self) -> None:
        if self.all_pass not in (None, "redeal", "dealer-takes-70"):
            raise NotationError(
                f"all_pass {self.all_pass!r} is not a house rule: use 'redeal', "
                "'dealer-takes-70' or None"
            )
        if self.seat_swap not in ("east-west", "north-south"):
            raise NotationError(
                f"seat_swap {self.seat_swap!r} is not a partnership: use 'east-west' or "
                "'north-south'"
            )

    @property
    def moving_seats(self) -> tuple[Seat, Seat]:
        """The two seats whose players exchange places at the seat exchange."""
        return (Seat.EAST, Seat.WEST) if self.seat_swap == "east-west" else (Seat.NORTH, Seat.SOUTH)

    def describe(self) -> str:
        words = {
            None: "no all-pass rule agreed (the dealer may not be the fourth to pass)",
            "redeal": "house rule: if all four pass, the same dealer deals again",
            "dealer-takes-70": "house rule: if all four pass, the dealer's team takes 70",
        }[self.all_pass]
        if self.seat_swap != "east-west":
            words += "; North and South exchange seats every four hands"
        return words


# -- what happened: events, tricks, scores ---------------------------------------------


class Trick(NamedTuple):
    """A finished trick: who led, the four cards in play order, who won it and its counters."""

    number: int
    players: tuple[str, str, str, str]
    cards: tuple[RookCard, RookCard, RookCard, RookCard]
    winner: str
    counters: int

    @property
    def leader(self) -> str:
        return self.players[0]

    @property
    def winning_card(self) -> RookCard:
        return self.cards[self.players.index(self.winner)]

    def __str__(self) -> str:
        plays = ", ".join(f"{p} {c}" for p, c in zip(self.players, self.cards, strict=True))
        return f"trick {self.number}: {plays}; {self.winner} wins, counters {self.counters}"


def led_colour(lead: RookCard, trump: Colour) -> Colour:
    """The colour a trick is in: the led card's, or trump when the Rook leads (ROOK-BIRD-LEAD)."""
    return trump if lead.colour is None else lead.colour


def trick_winner(cards: Sequence[RookCard], trump: Colour) -> int:
    """Which of the cards played so far wins (an index): ROOK-TRICK-WIN, ROOK-RANK, ROOK-BIRD-TOP.

    The Rook wins whenever it is in the trick; otherwise the highest trump; with no trump,
    the highest card of the colour led.  Cards of any other colour never win.
    """
    t = _GROUP_OF_COLOUR[trump]
    return _winner(cards, _STRENGTH[t][t if cards[0] is ROOK else _GROUP[cards[0]]])


_TRUMP_BASE, _ROOK_KEY = 50, 100  # a plain trump is stronger than 50, the Rook is 100


def _winner(cards: Sequence[RookCard], strength: Mapping[RookCard, int]) -> int:
    keys = list(map(strength.__getitem__, cards))
    return keys.index(max(keys))


def _strength(card: RookCard, trump: int, led: int) -> int:
    """How strongly a card bids for a trick, by the groups of trump and of the colour led."""
    if card is ROOK:
        return _ROOK_KEY  # the Rook always wins (ROOK-BIRD-TOP, ROOK-BIRD-ANYTIME)
    assert card.number is not None
    group = _GROUP[card]
    if group == trump:
        return _TRUMP_BASE + card.number  # any trump beats the colour led; high trump wins
    if group == led:
        return card.number  # ROOK-RANK: 14 high, 5 low
    return 0  # a card of another colour never wins


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's score (ROOK-SCORE-MADE, ROOK-SCORE-SET) and the reason, in words."""

    bidders: Team
    bid: int
    taken: Mapping[Team, int]
    points: Mapping[Team, int]

    @property
    def made(self) -> bool:
        return self.taken[self.bidders] >= self.bid

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


def score_hand(bidders: Team | str, bid: int, taken: Mapping[Team | str, int]) -> HandScore:
    """Score a hand from the contract and the counters each team took (nest included).

    Made (ROOK-SCORE-MADE): the bidders score everything they took.  Set (ROOK-SCORE-SET):
    they score minus the bid.  The other team always scores what it took.
    """
    bid = _contract(bid)  # ROOK-BID-MIN
    took = {Team.parse(t): int(v) for t, v in taken.items()}
    if len(took) != 2 or len(taken) != 2:
        raise NotationError("a hand's counters need one figure for NS and one for EW")
    ns, ew = took[_NS], took[_EW]
    if ns + ew != TOTAL_COUNTERS:
        raise RuleViolation(
            "ROOK-COUNT",
            f"the counters of a hand add up to {TOTAL_COUNTERS}: {ns} + {ew} = {ns + ew}",
        )
    return _score(Team.parse(bidders), int(bid), ns, ew)


def _score(bidders: Team, bid: int, ns: int, ew: int) -> HandScore:
    """score_hand without the checks, for the engine (which knows its figures are right)."""
    if bidders is _NS:
        points = {_NS: ns if ns >= bid else -bid, _EW: ew}
    else:
        points = {_NS: ns, _EW: ew if ew >= bid else -bid}
    return HandScore(bidders, bid, {_NS: ns, _EW: ew}, points)


def game_winner(totals: Mapping[Team | str, int]) -> Team | None:
    """The team that has won the game (ROOK-GAME), or None while it goes on.

    A team reaching 300 wins; if both have 300 or more the higher total wins, and a tie
    means another hand is played.
    """
    ns, ew = totals[Team.NS], totals[Team.EW]
    if max(ns, ew) < GAME_TARGET or ns == ew:
        return None
    return Team.NS if ns > ew else Team.EW


# -- legal moves ---------------------------------------------------------------------


@functools.cache
def _fives(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way to pick five of ``n`` places, in the order itertools.combinations gives."""
    return tuple(itertools.combinations(range(n), NEST_SIZE))


class _LayAsideMoves(Sequence[RookMove]):
    """The bidder's legal moves at the nest: every way to lay five of fourteen cards aside.

    Never listed: ``len`` is a binomial coefficient; indexing builds just the move at that
    place, in the order :func:`itertools.combinations` gives (from a table of the 2002
    choices of five places out of fourteen, made once), so ``random.choice`` picks
    uniformly among all of them; iteration builds them one by one.  ``in`` answers as
    the listing does: five different cards, all held.
    """

    __slots__ = ("_cards", "_held", "_len")

    def __init__(self, cards: Sequence[RookCard]) -> None:
        self._cards = tuple(sorted(cards, key=_ORDER))
        self._held = frozenset(self._cards)
        self._len = math.comb(len(self._cards), NEST_SIZE)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> RookMove: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RookMove]: ...
    def __getitem__(self, index: int | slice) -> RookMove | Sequence[RookMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        cards = self._cards
        return RookMove("lay aside", cards=tuple(map(cards.__getitem__, _fives(len(cards))[index])))

    def __iter__(self) -> Iterator[RookMove]:
        for five in itertools.combinations(self._cards, NEST_SIZE):
            yield RookMove("lay aside", cards=five)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, RookMove) or move.kind != "lay aside":
            return False
        cards = set(move.cards)
        return len(move.cards) == NEST_SIZE == len(cards) and cards <= self._held


# -- one hand --------------------------------------------------------------------------

Phase = Literal["bid", "nest", "trump", "play", "over"]

# The rules an event cites, kept as constants: a play is narrated on every move.
_R_BID_MIN = ("ROOK-BID-MIN",)
_R_BID_RAISE = ("ROOK-BID-RAISE",)
_R_PASS = ("ROOK-BID-PASS",)
_R_LEAD = ("ROOK-LEAD",)
_R_BIRD_LEAD = ("ROOK-LEAD", "ROOK-BIRD-LEAD")
_R_FOLLOW = ("ROOK-FOLLOW",)
_R_FOLLOW_BIRD_LEAD = ("ROOK-BIRD-LEAD", "ROOK-FOLLOW")
_R_VOID = ("ROOK-VOID",)
_R_BIRD_ANYTIME = ("ROOK-BIRD-ANYTIME",)
_R_BIRD_FORCED = ("ROOK-BIRD-FORCED",)
_R_WON = ("ROOK-TRICK-WIN", "ROOK-RANK", "ROOK-COUNT")
_R_WON_BY_ROOK = ("ROOK-TRICK-WIN", "ROOK-BIRD-TOP", "ROOK-COUNT")


class Position(TypedDict, total=False):
    """The keywords of :meth:`RookHand.from_position` (and :meth:`RookGame.from_position`).

    ``dealer`` (default: the last player, West); ``bid=(player, amount)``: the auction is
    over; ``trump``: and the exchange with the nest is done; ``options``; ``seed`` for the
    cards not named; ``record`` (default True): keep the log of events.
    """

    dealer: str | None
    bid: tuple[str, int] | None
    trump: Colour | str | None
    options: RookOptions | None
    seed: int | str | float | None
    record: bool


_PHASE_RULE = {
    "bid": "ROOK-BID-ORDER",
    "nest": "ROOK-NEST-TAKE",
    "trump": "ROOK-TRUMP",
    "play": "ROOK-LEAD",
    "over": "ROOK-LEAD",
}


def _contract(amount: object) -> int:
    """A contract's amount, checked by ROOK-BID-MIN: a multiple of 5 from 70 to 120."""
    try:
        if isinstance(amount, str) and not _WHOLE.fullmatch(amount.strip()):
            raise ValueError(amount)  # int() would also read "٧٠" and "7_5"
        n = int(amount)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise NotationError(f"{amount!r} is not an amount: write a number, like 95") from None
    if n != amount and not isinstance(amount, str):
        raise NotationError(f"{amount!r} is not a whole number")
    if not _bid_amount_ok(n):
        raise RuleViolation(
            "ROOK-BID-MIN",
            f"a contract of {n} is impossible: bids are multiples of {BID_STEP} "
            f"from {MIN_BID} to {MAX_BID}",
        )
    return n


def _bid_amount_ok(n: int) -> bool:
    """ROOK-BID-MIN: bids are multiples of 5 from 70 to 120."""
    return MIN_BID <= n <= MAX_BID and n % BID_STEP == 0


def _result(players: Sequence[str], teams: Mapping[str, int]) -> Result:
    """Each player's team's points, the teams' points and the players of the team ahead."""
    by_team = ("NS", "EW")
    scores = {p: teams[by_team[i % 2]] for i, p in enumerate(players)}
    top = max(teams.values())
    winners = [p for p in players if scores[p] == top]
    return Result(scores, winners, teams)


class RookHand:
    """One hand of Rook: deal, auction, nest, trump, nine tricks and the hand's score.

    ``players`` are named in seat order North, East, South, West.  ``dealer`` defaults to
    West (the last seat), so North bids and leads first.  The deal comes from ``deck``
    (41 cards, top first) when given, otherwise from the pack shuffled with ``seed``.
    """

    game: ClassVar[str] = "rook"
    # Slots: the engine reads these on every move, and slot access is the fastest there is.
    __slots__ = (
        "_bids",
        "_dealer",
        "_held",
        "_high",
        "_leader",
        "_led",
        "_memo",
        "_passed",
        "_plays",
        "_record",
        "_rotations",
        "_stamp",
        "_taken",
        "_trick",
        "_trump",
        "_turn",
        "all_passed",
        "bid",
        "bidder",
        "dealer",
        "high_bid",
        "is_over",
        "log",
        "nest",
        "nest_to",
        "options",
        "phase",
        "players",
        "score",
        "seed",
        "thrown_in",
        "tricks",
        "trump",
    )

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        *,
        dealer: str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[RookCard | str] | None = None,
        record: bool = True,
    ) -> None:
        self._setup(players, dealer, options, seed, record)
        if deck is None:
            order = shuffled_rook_deck(seed)
        else:
            order = [RookCard.parse(c) for c in deck]
            _check_pack(order, complete=True)
        # ROOK-DEAL: one at a time clockwise from the dealer's left; after each of the
        # first five rounds one card goes to the nest; then four more rounds to the players.
        # So the k-th player from the dealer's left gets cards k, k+5, ... of the first 25
        # and k, k+4, ... of the last 16; the nest gets every fifth card of the first 25.
        with_nest = (4 + 1) * NEST_SIZE
        first = self._dealer + 1
        for k in range(4):
            self._hold((first + k) % 4, order[k:with_nest:5] + order[with_nest + k :: 4])
        self.nest: list[RookCard] = order[4:with_nest:5]

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
        record: bool = True,
    ) -> None:
        self.players: tuple[str, ...] = (
            players if players is DEFAULT_PLAYERS else _check_players(players)
        )
        self.dealer: str = self.players[-1] if dealer is None else self._player(dealer)
        self._dealer = self.players.index(self.dealer)
        self.options = options or _NO_HOUSE_RULES
        # the players in playing order from each seat, for the record of a trick
        self._rotations = _rotations(self.players)  # cached: the same players, the same tuple
        self._memo = _memo_for(self.players)
        self.seed = seed
        self._record = record
        #: every move's event, in order (kept empty with ``record=False``)
        self.log: list[Event] = []
        self._stamp = 0  # changes with every move made
        self.nest = []
        self.phase: Phase = "bid"
        #: True once the hand is over (a plain attribute, kept with ``phase``: it is read often)
        self.is_over = False
        self._turn = (self._dealer + 1) % 4  # ROOK-BID-ORDER
        self.high_bid: int | None = None
        self._high = -1
        self._passed = [False, False, False, False]
        self._bids = 0  # bids made in the auction
        #: True once all four passed and a house rule settled it (ROOK-ALL-PASS)
        self.all_passed = False
        self.bidder: str | None = None
        self.bid: int | None = None
        # Each player's cards by colour: red, yellow, black, green, then the Rook (group 4),
        # so following is a look at one short list (see _GROUP).  Cards compare by identity,
        # in C; moves would call a Python __eq__, so the lists to search hold cards ...
        self._held: list[list[list[RookCard]]] = [[], [], [], []]
        # ... and beside them, group for group, the moves that play those cards, so the
        # legal plays are these lists joined (kept in step by _hold and the removals)
        self._plays: list[list[list[RookMove]]] = [[], [], [], []]
        self.trump: Colour | None = None
        self._trump = -1  # trump's group
        self.tricks: list[Trick] = []
        self._trick: list[RookCard] = []
        self._leader = 0
        self._led = -1  # the group of the colour led (trump's when the Rook leads)
        self._taken = [0, 0]  # counters by team, NS then EW
        self.nest_to: str | None = None
        self.thrown_in = False
        self.score: HandScore | None = None

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        **position: Unpack[Position],
    ) -> RookHand:
        """A hand as an article sets it out: the players (North, East, South, West), their
        named hands and the nest; the keywords are those of :class:`Position`.

        Without ``bid`` the hand starts at the auction: ``hands`` are the nine cards each
        player was dealt and ``nest`` the five in the centre.  With ``bid=(player, amount)``
        the auction is over: without ``trump`` the bidder picks up ``nest`` next and must
        lay five aside; with ``trump`` the exchange is done too, ``nest`` is what was laid
        aside and the dealer's left leads the first trick.  Cards not named are filled in
        from the rest of the pack shuffled with ``seed``, so all 41 are present once.
        """
        self = cls.__new__(cls)
        seed = position.get("seed", 0)
        bid, trump = position.get("bid"), position.get("trump")
        self._setup(
            players,
            position.get("dealer"),
            position.get("options"),
            seed,
            position.get("record", True),
        )
        if not isinstance(hands, Mapping):
            raise NotationError(f"hands must map players to their cards, not {hands!r}")
        given = {self._player(p): _cards(cs) for p, cs in hands.items()}
        laid = _cards(nest)
        named = [c for cs in given.values() for c in cs] + laid
        _check_pack(named, complete=False)
        for p, cs in given.items():
            if len(cs) > HAND_SIZE:
                raise RuleViolation(
                    "ROOK-DEAL", f"{p} is given {len(cs)} cards, but a hand is {HAND_SIZE}"
                )
        if len(laid) > NEST_SIZE:
            raise RuleViolation(
                "ROOK-DEAL", f"the nest is given {len(laid)} cards, but it holds {NEST_SIZE}"
            )
        seen = set(named)
        rest = [c for c in shuffled_rook_deck(seed) if c not in seen]
        for seat, p in enumerate(self.players):
            cs = list(given.get(p, []))
            while len(cs) < HAND_SIZE:
                cs.append(rest.pop())
            self._hold(seat, cs)
        self.nest = laid + [rest.pop() for _ in range(NEST_SIZE - len(laid))]
        if bid is None:
            if trump is not None:
                raise RuleViolation(
                    "ROOK-TRUMP",
                    "trump is named by the bidder after the auction: give bid=(player, amount)",
                )
            return self
        who, amount = self._player(bid[0]), _contract(bid[1])
        seat = self.players.index(who)
        self.high_bid, self._high = amount, seat
        self.bidder, self.bid = who, amount
        self._passed = [s != seat for s in range(4)]
        if trump is None:
            self._pick_up_nest(seat)
            self.phase, self._turn = "nest", seat
        else:
            self.trump = Colour.parse(trump)
            self._trump = _GROUP_OF_COLOUR[self.trump]
            self.phase = "play"
            self._turn = self._leader = (self._dealer + 1) % 4
        return self

    def copy(self) -> RookHand:
        """An independent copy (the cards, moves and events are immutable and shared)."""
        other = object.__new__(RookHand)
        for name in _PLAIN_SLOTS:
            object.__setattr__(other, name, getattr(self, name))
        other._held = [[list(g) for g in groups] for groups in self._held]
        other._plays = [[list(g) for g in groups] for groups in self._plays]
        other._passed = list(self._passed)
        other._taken = list(self._taken)
        other._trick = list(self._trick)
        other.tricks = list(self.tricks)
        other.nest = list(self.nest)
        other.log = list(self.log)
        return other

    def __copy__(self) -> RookHand:
        return self.copy()

    def __deepcopy__(self, memo: object) -> RookHand:
        return self.copy()

    # -- the protocol every engine speaks (cardlib.game.Game) -------------------------

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the hand is over."""
        return None if self.is_over else self.players[self._turn]

    def legal_moves(self) -> LegalMoves[RookMove]:
        """The legal moves now, a live view (none once the hand is over).

        At the nest it is every way to lay five of the fourteen cards aside, built only
        when read (``len`` is 2002).  ``"bid 70" in hand.legal_moves()`` takes text.
        """
        return LegalMoves(self)

    def _legal(self) -> Sequence[RookMove]:
        """The legal moves, fast: the same answers as :meth:`play` gives (a test compares)."""
        phase = self.phase
        if phase == "play":
            plays = self._plays[self._turn]
            if self._trick:
                follow = plays[self._led]
                if follow:  # follow the colour led, or play the Rook (ROOK-BIRD-ANYTIME)
                    return follow + plays[_ROOK_GROUP]
                if self._led == self._trump and plays[_ROOK_GROUP]:  # ROOK-BIRD-FORCED
                    return tuple(plays[_ROOK_GROUP])
            # lead anything (ROOK-LEAD), or play anything when void (ROOK-VOID)
            p0, p1, p2, p3, rook = plays
            return [*p0, *p1, *p2, *p3, *rook]
        if phase == "bid":
            low = MIN_BID if self.high_bid is None else self.high_bid + BID_STEP
            moves = _BIDDING[low]
            return moves[1:] if self._fourth_pass_barred() else moves  # ROOK-ALL-PASS
        if phase == "nest":
            return _LayAsideMoves(_ungrouped(self._held[self._turn]))
        if phase == "trump":
            return _TRUMP_MOVES
        return ()

    @staticmethod
    def parse_move(text: str | RookMove) -> RookMove:
        """Read a move in Rook notation (:meth:`RookMove.parse`); NotationError if it is none."""
        return RookMove.parse(text)

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal.

        A refused move leaves the hand as it was.  ``player``, when given, must be the
        player to move.
        """
        mv = move if type(move) is RookMove else RookMove.parse(move)
        if player is not None:
            self._check_player(player)
        seat = self._turn
        phase = self.phase
        if phase == "play" and mv.kind == "play":
            # A card: the rules that allow it (or the one it breaks), then it goes from the
            # hand to the trick, and the fourth card finishes the trick.
            card = mv.cards[0]
            rules = self._play_rules(seat, card)
            group = _GROUP[card]
            cards = self._held[seat][group]
            i = cards.index(card)  # take the card out of the hand, and its move
            del cards[i], self._plays[seat][group][i]
            trick = self._trick
            trick.append(card)
            if len(trick) == 1:
                self._led = self._trump if card is ROOK else group
            # the play is told the same way every time this player plays this card under
            # these rules, so its facts are made once per table (see _memo_for)
            facts = self._memo.get(key := (seat, card, rules))
            if facts is None:
                facts = self._memo[key] = (self._played_fact(seat, card, rules),)
            if len(trick) == 4:
                facts = self._finish_trick(facts[0])
            else:
                self._turn = (seat + 1) % 4
            event = Event(self.players[seat], mv, facts)
        else:
            if phase == "over":
                self._refuse_over()
            self._check(seat, mv)
            event = self._apply(seat, mv)
        self._stamp += 1
        if self._record:
            self.log.append(event)
        return event

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move so far with who made it, in order (read from :attr:`log`)."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> Result:
        """The hand's score, once it is over: each player's team's points (``.teams`` by
        team, ``{"NS": ..., "EW": ...}``; ``.winners`` the players of the team that scored
        more, all four on a tie).  A thrown-in hand (ROOK-ALL-PASS, redeal) scores 0."""
        if self.phase != "over":
            raise RuleViolation(
                "ROOK-LEAD",
                f"the hand is not over yet: {len(self.tricks)} of the {TRICKS} tricks are "
                "played, and it is scored after the last",
            )
        if self.score is None:
            return _result(self.players, {"NS": 0, "EW": 0})
        return _result(self.players, {t.value: v for t, v in self.score.points.items()})

    # -- the rules that decide what the hand is doing now (for claims and widgets) ----

    @property
    def turn_rule(self) -> str:
        """The rule that says whose turn it is now, or that the hand is over."""
        if self.thrown_in:
            return "ROOK-ALL-PASS"
        return _PHASE_RULE[self.phase]

    @property
    def over_rule(self) -> str:
        """The rule that decides when the hand ends: ROOK-ALL-PASS once a house rule has
        settled an auction all four passed, otherwise ROOK-LEAD (nine tricks)."""
        return "ROOK-ALL-PASS" if self.all_passed else "ROOK-LEAD"

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal moves now."""
        phase = self.phase
        if phase == "bid":
            if self._fourth_pass_barred():
                return "ROOK-ALL-PASS"
            return "ROOK-BID-MIN" if self.high_bid is None else "ROOK-BID-RAISE"
        if phase == "play":
            return self._play_rule_now()
        return self.turn_rule

    @property
    def high_bid_rule(self) -> str:
        """ROOK-BID-MIN for the first bid, ROOK-BID-RAISE once it has been raised."""
        return "ROOK-BID-RAISE" if self._bids > 1 else "ROOK-BID-MIN"

    @property
    def high_bidder(self) -> str | None:
        """Who holds the highest bid (the bidder once the auction is won), or None."""
        if self.bidder is not None:
            return self.bidder
        return self.players[self._high] if self._high >= 0 else None

    def _play_rule_now(self) -> str:
        """The rule that decides which cards the player to move may play."""
        if not self._trick:
            return "ROOK-LEAD"
        held = self._held[self._turn]
        if held[self._led]:
            return "ROOK-BIRD-LEAD" if self._trick[0] is ROOK else "ROOK-FOLLOW"
        if self._led == self._trump and held[_ROOK_GROUP]:
            return "ROOK-BIRD-FORCED"
        return "ROOK-VOID"

    def _fourth_pass_barred(self) -> bool:
        """ROOK-ALL-PASS with no house rule agreed: three have passed, nobody has bid."""
        return sum(self._passed) == 3 and self._high < 0 and self.options.all_pass is None

    def describe(self) -> str:
        seats = ", ".join(
            p if p == s.word else f"{p} ({s.word})" for s, p in zip(Seat, self.players, strict=True)
        )
        if self.phase == "over":
            state = "the hand was thrown in" if self.thrown_in else "the hand is over"
            if self.score is not None:
                state += f": {self.score.explain()}"
        else:
            state = f"{self.to_move} to {_DOING[self.phase]}"
            if self.bid is not None:
                state += f"; contract {self.bidder} {self.bid}"
            elif self.high_bid is not None:
                state += f"; high bid {self.players[self._high]} {self.high_bid}"
            if self.trump is not None:
                state += f"; {self.trump.word} is trump; trick {len(self.tricks) + 1}"
        return (
            f"Rook ({RULE_SET}), {seats}; {self.dealer} deals; {self.options.describe()}; {state}"
        )

    def __repr__(self) -> str:
        return f"<RookHand {self.describe()}>"

    def _repr_html_(self) -> str:
        from cardlib.rook import render as render_rook

        return render_rook.rook_hand_html(self)

    # -- views ------------------------------------------------------------------------

    def hand_of(self, player: str) -> list[RookCard]:
        """The cards a player holds now (a copy, in pack order)."""
        return _ungrouped(self._held[self.players.index(self._player(player))])

    @property
    def hands(self) -> dict[str, list[RookCard]]:
        """Every player's cards now, in pack order (by colour, low to high, the Rook last)."""
        return {p: _ungrouped(g) for p, g in zip(self.players, self._held, strict=True)}

    def team_of(self, player: str) -> Team:
        return _TEAMS[self.players.index(self._player(player)) % 2]

    def partner_of(self, player: str) -> str:
        return self.players[(self.players.index(self._player(player)) + 2) % 4]

    @property
    def current_trick(self) -> list[tuple[str, RookCard]]:
        """The cards played to the trick in progress, with who played them."""
        return [(self.players[(self._leader + i) % 4], c) for i, c in enumerate(self._trick)]

    @property
    def bidders(self) -> Team | None:
        return None if self._high < 0 or self.bid is None else _TEAMS[self._high % 2]

    def counters_taken(self) -> dict[str, int]:
        """Counters each team has taken so far (the nest once the last trick is won)."""
        return {"NS": self._taken[0], "EW": self._taken[1]}

    def passed(self, player: str) -> bool:
        return self._passed[self.players.index(self._player(player))]

    # -- checking ---------------------------------------------------------------------

    def _player(self, name: str | None) -> str:
        if name not in self.players:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def _check_player(self, player: str) -> None:
        self._player(player)
        if self.phase == "over":
            self._refuse_over()
        who = self.players[self._turn]
        if player == who:
            return
        if self.phase == "bid":
            if self._passed[self.players.index(player)]:
                raise RuleViolation(
                    "ROOK-BID-PASS",
                    f"{player} has passed and may not bid again this hand; it is {who}'s turn",
                )
            raise RuleViolation(
                "ROOK-BID-ORDER",
                f"it is {who}'s turn to bid, not {player}'s: the auction goes clockwise "
                f"from the dealer's left ({self.dealer} deals)",
            )
        if self.phase == "nest":
            raise RuleViolation(
                "ROOK-NEST-TAKE",
                f"only {who}, who won the auction, takes the nest and lays five cards aside",
            )
        if self.phase == "trump":
            raise RuleViolation("ROOK-TRUMP", f"only {who}, who won the auction, names trump")
        leading = "lead" if not self._trick else "play"
        raise RuleViolation(
            "ROOK-LEAD",
            f"it is {who}'s turn to {leading}, not {player}'s: "
            + (
                "the winner of the last trick leads the next"
                if not self._trick
                else "play goes clockwise from the leader"
            ),
        )

    def _refuse_over(self) -> None:
        if self.thrown_in:
            raise RuleViolation(
                "ROOK-ALL-PASS",
                "all four passed and the cards were thrown in (house rule): this hand is over; "
                "the same dealer deals again",
            )
        raise RuleViolation(
            "ROOK-LEAD", f"the hand is over: all {TRICKS} tricks are played; no more moves"
        )

    def _refusal(self, mv: RookMove) -> RuleViolation | None:
        """Why ``mv`` would be refused now, or None if it is legal."""
        if self.phase == "over":
            try:
                self._refuse_over()
            except RuleViolation as e:
                return e
        try:
            self._check(self._turn, mv)
        except RuleViolation as e:
            return e
        return None

    def _check(self, seat: int, mv: RookMove) -> None:
        """Raise the rule a move breaks; return quietly if it is legal."""
        kind, phase = mv.kind, self.phase
        who = self.players[seat]
        if phase == "play":
            if kind == "play":
                self._play_rules(seat, mv.cards[0])
                return
            self._wrong_phase(who, kind)
        if phase == "bid":
            if kind == "bid":
                self._check_bid(who, mv.amount)  # type: ignore[arg-type]
                return
            if kind == "pass":
                if self._fourth_pass_barred():
                    raise RuleViolation(
                        "ROOK-ALL-PASS",
                        f"{_and(self.players[(seat + i) % 4] for i in (1, 2, 3))} have passed "
                        f"and nobody has bid; what happens if {who} passes too is a house "
                        f"rule nobody agreed: {who} must bid at least {MIN_BID}, or the table "
                        "agrees RookOptions(all_pass='redeal' or 'dealer-takes-70')",
                    )
                return
            raise RuleViolation(
                "ROOK-BID-ORDER",
                f"the auction comes first: {who} must bid or pass before anyone can "
                f"{'lay cards aside' if kind == 'lay aside' else kind}",
            )
        if phase == "nest":
            if kind == "lay aside":
                self._check_lay_aside(seat, mv.cards)
                return
            if kind == "trump":
                raise RuleViolation(
                    "ROOK-TRUMP",
                    f"{who} names trump only after laying five cards aside as the new nest",
                )
            self._wrong_phase(who, kind)
        if phase == "trump":
            if kind == "trump":
                return
            self._wrong_phase(who, kind)

    def _wrong_phase(self, who: str, kind: str) -> None:
        if kind in ("bid", "pass"):
            raise RuleViolation(
                "ROOK-BID-WIN",
                f"the auction is over: {self.bidder} won it at {self.bid}; no more bids or passes",
            )
        if kind == "lay aside":
            raise RuleViolation(
                "ROOK-NEST-TAKE",
                f"{self.bidder} has already laid the nest aside; it stays face down until "
                "the last trick",
            )
        if kind == "trump":
            raise RuleViolation(
                "ROOK-TRUMP", f"trump is {self.trump}, named once by {self.bidder}; it stays"
            )
        # a play before the tricks start
        if self.phase == "nest":
            raise RuleViolation(
                "ROOK-NEST-TAKE",
                f"{who} must first lay five cards aside as the new nest, then name trump",
            )
        raise RuleViolation("ROOK-TRUMP", f"{who} must name trump before the first card is led")

    def _check_bid(self, who: str, amount: int) -> None:
        if not _bid_amount_ok(amount):
            raise RuleViolation(
                "ROOK-BID-MIN",
                f"{who} cannot bid {amount}: bids are multiples of {BID_STEP} from "
                f"{MIN_BID} to {MAX_BID} (all the counters in the pack)",
            )
        if self.high_bid is not None and amount < self.high_bid + BID_STEP:
            raise RuleViolation(
                "ROOK-BID-RAISE",
                f"{who} cannot bid {amount}: the bid stands at {self.high_bid} "
                f"({self.players[self._high]}), so the next bid is at least "
                f"{self.high_bid + BID_STEP}",
            )

    def _check_lay_aside(self, seat: int, cards: tuple[RookCard, ...]) -> None:
        who, held = self.players[seat], self._held[seat]
        if len(set(cards)) != len(cards):
            raise RuleViolation(
                "ROOK-NEST-TAKE",
                f"{find_duplicate(cards)} is named twice: lay aside five different cards",
            )
        for c in cards:
            if c not in held[_GROUP[c]]:
                raise RuleViolation(
                    "ROOK-NEST-TAKE",
                    f"{who} does not hold {c}: the new nest is five of the fourteen cards "
                    f"{who} holds ({_listing(_ungrouped(held))})",
                )
        if len(cards) != NEST_SIZE:
            raise RuleViolation(
                "ROOK-NEST-TAKE",
                f"{who} must lay exactly {NEST_SIZE} cards aside and keep {HAND_SIZE}, "
                f"not {len(cards)} ({_listing(cards)})",
            )

    def _play_rules(self, seat: int, card: RookCard) -> tuple[str, ...]:
        """The rules that let ``seat`` play ``card`` now; raise the one it would break."""
        group = _GROUP[card]
        held = self._held[seat]
        if card not in held[group]:
            who = self.players[seat]
            raise RuleViolation(
                "ROOK-DEAL",
                f"{who} does not hold {card}: {who} holds {_listing(_ungrouped(held))}",
            )
        trick = self._trick
        if not trick:
            return _R_BIRD_LEAD if card is ROOK else _R_LEAD
        led = self._led
        if group == led:
            return _R_FOLLOW_BIRD_LEAD if trick[0] is ROOK else _R_FOLLOW
        # Not following the colour led: only the Rook may, or a player who cannot follow.
        if held[led]:
            if card is ROOK:
                return _R_FOLLOW if led == self._trump else _R_BIRD_ANYTIME
            raise self._follow_violation(seat, card)
        if led == self._trump and held[_ROOK_GROUP]:
            if card is ROOK:
                return _R_BIRD_FORCED
            raise self._follow_violation(seat, card)
        return _R_VOID

    def _follow_violation(self, seat: int, card: RookCard) -> RuleViolation:
        who, trump = self.players[seat], self.trump
        assert trump is not None
        follow = self._held[seat][self._led]
        led = _COLOUR_OF_GROUP[self._led]
        if led is not trump:
            note = (
                f"; a plain trump ({card}) does not excuse following, only the Rook does"
                if card.colour is trump
                else ""
            )
            return RuleViolation(
                "ROOK-FOLLOW", f"{who} holds {_listing(follow)} and must follow {led}{note}"
            )
        if not follow:
            return RuleViolation(
                "ROOK-BIRD-FORCED",
                f"{trump} (trump) was led and {who}'s only trump is the Rook: {who} must "
                f"play it and may not hide it by playing {card}",
            )
        if self._trick[0] is ROOK:
            return RuleViolation(
                "ROOK-BIRD-LEAD",
                f"the Rook was led, which counts as a trump lead: {who} holds "
                f"{_listing(follow)} and must play trump ({trump})",
            )
        return RuleViolation(
            "ROOK-FOLLOW", f"{who} holds {_listing(follow)} and must follow {trump} (trump)"
        )

    # -- making moves -----------------------------------------------------------------

    def _apply(self, seat: int, mv: RookMove) -> Event:
        kind = mv.kind  # a card played is made in play(); nothing else gets past _check
        if kind == "bid":
            return self._bid(seat, mv)
        if kind == "pass":
            return self._pass(seat)
        if kind == "lay aside":
            return self._lay_aside(seat, mv)
        return self._name_trump(seat, mv)

    def _next_bidder(self, seat: int) -> int:
        nxt = (seat + 1) % 4
        while self._passed[nxt]:
            nxt = (nxt + 1) % 4
        return nxt

    def _bid(self, seat: int, mv: RookMove) -> Event:
        who = self.players[seat]
        amount = mv.amount
        assert amount is not None
        rules = _R_BID_MIN if self.high_bid is None else _R_BID_RAISE
        self.high_bid, self._high = amount, seat
        self._bids += 1
        self._turn = nxt = self._next_bidder(seat)
        facts = self._memo.get(key := ("bid", seat, amount, rules, nxt))
        if facts is None:
            bid = Fact("bid", rules, "{} bids {}", (who, amount), who, (), None, amount)
            facts = self._memo[key] = (bid, self._next_fact())
        if nxt == seat:  # everyone else has passed already
            return Event(who, mv, (facts[0], *self._win_auction()))
        return Event(who, mv, facts)

    def _next_fact(self, rules: tuple[str, ...] = ()) -> Fact:
        nxt = self.players[self._turn]
        return Fact._make(("turn", rules, "{} is next", (nxt,), nxt, (), None, None))

    def _pass(self, seat: int) -> Event:
        who = self.players[seat]
        self._passed[seat] = True
        passed = self._memo.get(("pass", seat))
        if passed is None:
            text = "{} passes and is out of the auction"
            passed = self._memo["pass", seat] = (Fact("pass", _R_PASS, text, (who,), who),)
        npassed = sum(self._passed)
        if npassed == 3 and self._high >= 0:
            return Event(who, PASS, (*passed, *self._win_auction()))
        if npassed == 4:
            self.all_passed = True
            if self.options.all_pass == "redeal":
                self.phase, self.is_over = "over", True
                self.thrown_in = True
                thrown = Fact(
                    "hand-end",
                    ("ROOK-ALL-PASS",),
                    "all four have passed: the cards are thrown in and {} deals again (house rule)",
                    (self.dealer,),
                    player=self.dealer,
                )
                return Event(who, PASS, (*passed, thrown))
            self.high_bid, self._high = MIN_BID, self._dealer
            takes = Fact(
                "all-pass",
                ("ROOK-ALL-PASS",),
                "all four have passed, so {} (the dealer) takes the contract at {} (house rule)",
                (self.dealer, MIN_BID),
                player=self.dealer,
                value=MIN_BID,
            )
            return Event(who, PASS, (*passed, takes, *self._win_auction()))
        self._turn = nxt = self._next_bidder(seat)
        facts = self._memo.get(("pass", seat, nxt))
        if facts is None:
            facts = self._memo["pass", seat, nxt] = (*passed, self._next_fact())
        return Event(who, PASS, facts)

    def _win_auction(self) -> tuple[Fact, Fact]:
        seat = self._high
        bidder = self.players[seat]
        self.bidder, self.bid = bidder, self.high_bid
        team = _TEAMS[seat % 2]
        nest = self._pick_up_nest(seat)
        self.phase, self._turn = "nest", seat
        return (
            Fact(
                "auction-won",
                ("ROOK-BID-WIN",),
                "{} wins the auction at {}: {} must take at least {} in counters",
                (bidder, self.bid, team.label, self.bid),
                player=bidder,
                value=self.bid,
            ),
            Fact(
                "nest",
                ("ROOK-NEST-TAKE",),
                "{} picks up the nest ({}) and lays five cards aside",
                (bidder, _Listing(nest)),
                player=bidder,
                cards=tuple(nest),
            ),
        )

    def _hold(self, seat: int, cards: Iterable[RookCard]) -> None:
        """Give ``seat`` these cards (and no others), sorted into groups."""
        held: list[list[RookCard]] = [[], [], [], [], []]
        plays: list[list[RookMove]] = [[], [], [], [], []]
        for c in sorted(cards, key=_ORDER):
            group, move = _GROUP_AND_PLAY[c]
            held[group].append(c)
            plays[group].append(move)
        self._held[seat], self._plays[seat] = held, plays

    def _pick_up_nest(self, seat: int) -> list[RookCard]:
        nest = self.nest
        self._hold(seat, [*_ungrouped(self._held[seat]), *nest])
        self.nest = []
        return nest

    def _lay_aside(self, seat: int, mv: RookMove) -> Event:
        who, held, plays = self.players[seat], self._held[seat], self._plays[seat]
        for c in mv.cards:
            group = _GROUP[c]
            i = held[group].index(c)
            del held[group][i], plays[group][i]
        hand = _ungrouped(held)
        self.nest = list(mv.cards)
        self.phase = "trump"
        laid = Fact(
            "lay-aside",
            ("ROOK-NEST-TAKE",),
            "{} lays aside {} as the new nest ({} in counters, for whoever wins the last "
            "trick) and keeps {}",
            (who, _Listing(mv.cards), counters(mv.cards), _Listing(hand)),
            player=who,
            cards=mv.cards,
            value=counters(mv.cards),
        )
        return Event(who, mv, (laid,))

    def _name_trump(self, seat: int, mv: RookMove) -> Event:
        who = self.players[seat]
        self.trump = mv.colour
        self._trump = _GROUP_OF_COLOUR[mv.colour]  # type: ignore[index]
        self.phase = "play"
        self._turn = self._leader = (self._dealer + 1) % 4
        leader = self.players[self._turn]
        named = Fact("trump", ("ROOK-TRUMP",), "{} names {} as trump", (who, self.trump), who)
        lead = Fact(
            "turn",
            ("ROOK-LEAD",),
            "{}, on the dealer's left, leads the first trick",
            (leader,),
            player=leader,
        )
        return Event(who, mv, (named, lead))

    def _played_fact(self, seat: int, card: RookCard, rules: tuple[str, ...]) -> Fact:
        who = self.players[seat]
        verb = "{} leads {}" if rules is _R_LEAD or rules is _R_BIRD_LEAD else "{} plays {}"
        return Fact("play", rules, verb, (who, card.text), who, (card,))

    def _finish_trick(self, played: Fact) -> tuple[Fact, ...]:
        a, b, c, d = cards = self._trick
        strength = _STRENGTH[self._trump][self._led]  # ROOK-TRICK-WIN, as _winner reads it
        keys = (strength[a], strength[b], strength[c], strength[d])
        top_key = max(keys)
        i = keys.index(top_key)
        leader = self._leader
        win_seat = (leader + i) % 4
        winner = self.players[win_seat]
        points = a.points + b.points + c.points + d.points
        self._taken[win_seat % 2] += points
        number = len(self.tricks) + 1
        four = (a, b, c, d)
        trick = Trick._make((number, self._rotations[leader], four, winner, points))
        self.tricks.append(trick)
        self._trick = []
        self._turn = self._leader = win_seat
        top = cards[i]
        # say so when a plain trump beat the colour led
        how = " (trump)" if _TRUMP_BASE < top_key < _ROOK_KEY and keys[0] < _TRUMP_BASE else ""
        won = Fact._make(
            (
                "trick",
                _R_WON_BY_ROOK if top is ROOK else _R_WON,
                "trick {} to {} with {}{}, counters {}",
                (number, winner, top.text, how, points),
                winner,
                four,
                None,
                points,
            ),
        )
        if number < TRICKS:
            return (played, won)
        return (played, won, *self._finish_hand())

    def _finish_hand(self) -> tuple[Fact, Fact]:
        win_seat = self._leader
        winner = self.players[win_seat]
        nest_points = counters(self.nest)
        self._taken[win_seat % 2] += nest_points
        self.nest_to = winner
        assert self.bid is not None
        score = self.score = _score(_TEAMS[self._high % 2], self.bid, *self._taken)
        self.phase, self.is_over = "over", True
        return (
            Fact(
                "nest-last",
                ("ROOK-NEST-LAST",),
                "{} takes the nest with the last trick ({}, counters {})",
                (winner, _Listing(self.nest), nest_points),
                player=winner,
                cards=tuple(self.nest),
                value=nest_points,
            ),
            Fact(
                "score",
                (score.rule,),
                "the hand is over: {}",
                (score,),  # told in words (HandScore.explain) when read
                value={t.value: v for t, v in score.points.items()},
            ),
        )


_PLAIN_SLOTS = tuple(
    n
    for n in RookHand.__slots__
    if n not in ("_held", "_plays", "_passed", "_taken", "_trick", "tricks", "nest", "log")
)


def _conforms(hand: RookHand, game: RookGame) -> tuple[Game, Game]:
    """Both engines satisfy :class:`cardlib.game.Game` (checked by mypy)."""
    return hand, game


# A card's group in a player's holding: its colour's place (red 0 ... green 3), the Rook 4.
_GROUP: dict[RookCard, int] = {c: c.order // (HIGHEST - LOWEST + 1) for c in rook_deck()}
_ROOK_GROUP = _GROUP[ROOK]
_GROUP_OF_COLOUR = {c: i for i, c in enumerate(Colour)}
_COLOUR_OF_GROUP = tuple(Colour)
_GROUP_AND_PLAY = {c: (_GROUP[c], _PLAYS[c]) for c in rook_deck()}
# ROOK-TRICK-WIN as a table: _STRENGTH[trump's group][led group][card]; the highest wins
_STRENGTH = [
    [{c: _strength(c, trump, led) for c in rook_deck()} for led in range(len(Colour))]
    for trump in range(len(Colour))
]


def _ungrouped(groups: list[list[RookCard]]) -> list[RookCard]:
    return list(itertools.chain.from_iterable(groups))


@functools.lru_cache(maxsize=64)
def _memo_for(players: tuple[str, ...]) -> dict[Any, Any]:
    """The facts a table's hands repeat (a player playing a card under the same rules),
    built once per table of players and shared by its hands: they are immutable."""
    return {}


@functools.lru_cache(maxsize=64)
def _rotations(players: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    return tuple(
        (players[i], players[(i + 1) % 4], players[(i + 2) % 4], players[(i + 3) % 4])
        for i in range(4)
    )


_NO_HOUSE_RULES = RookOptions()

_DOING = {
    "bid": "bid or pass",
    "nest": "lay five cards aside",
    "trump": "name trump",
    "play": "play",
}


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(str(p) for p in players)
    if len(names) != 4:
        raise RuleViolation(
            "ROOK-TEAMS",
            f"Rook is for four players in two partnerships (North-South against East-West), "
            f"not {len(names)}",
        )
    if len(set(names)) != 4 or not all(n.strip() for n in names):
        raise NotationError(f"players need distinct, non-empty names: {names!r}")
    return names


def _cards(cards: Iterable[RookCard | str] | str) -> list[RookCard]:
    return parse_rook_cards(cards)


def _check_pack(cards: Sequence[RookCard], *, complete: bool) -> None:
    dup = find_duplicate(cards)
    if dup is not None:
        raise RuleViolation("ROOK-DECK", f"{dup} appears twice, but the pack has each card once")
    if complete and len(cards) != len(rook_deck()):
        raise RuleViolation(
            "ROOK-DECK",
            f"a Rook deal uses all {len(rook_deck())} cards (colours 5 to 14 and the Rook), "
            f"got {len(cards)}",
        )


def _listing(cards: Iterable[RookCard]) -> str:
    return " ".join(map(_TEXT, cards))


class _Listing(tuple[RookCard, ...]):
    """Cards in a fact's words, written out (``R5 G14 Rook``) only when the narration is read."""

    __slots__ = ()

    def __str__(self) -> str:
        return _listing(self)


def _and(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else f"{', '.join(w[:-1])} and {w[-1]}"


# -- a game of several hands ---------------------------------------------------------------


class RookGame:
    """A game of Rook: hands until a team reaches 300 (ROOK-GAME).

    Speaks the same protocol as :class:`RookHand` (``to_move``, ``legal_moves()``,
    ``play()``, ...) and deals the next hand itself when one ends.  ``players`` are seated
    North, East, South, West.  Without ``dealer`` the first dealer is cut for
    (ROOK-DEALER): each player draws a card and the highest deals (the Rook above a 14,
    colours do not count, ties draw again); the cards are drawn from the pack shuffled
    with ``seed``, or given as ``cut`` (one mapping player -> card per round, as an
    article tells it).  The deal then passes to the left, by seat.  After every fourth
    hand one partnership's two players change seats (ROOK-SEAT-SWAP; the sources do not
    say which: ``RookOptions.seat_swap``, East-West by default); partners stay partners.
    A thrown-in hand (``all_pass="redeal"``) is dealt again by the same dealer and counts
    for nothing.  ``totals`` and ``hands_played`` resume a game in progress.
    """

    game: ClassVar[str] = "rook"

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        *,
        dealer: str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[RookCard | str] | None = None,
        totals: Mapping[Team | str, int] | None = None,
        hands_played: int = 0,
        cut: Sequence[Mapping[str, RookCard | str]] | None = None,
        record: bool = True,
    ) -> None:
        self._setup(players, dealer, options, seed, totals, hands_played, cut, record)
        self.hand = RookHand(
            self.seating,
            dealer=self.dealer,
            options=self.options,
            seed=self._rng.random(),
            deck=deck,
            record=record,
        )

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
        totals: Mapping[Team | str, int] | None,
        hands_played: int,
        cut: Sequence[Mapping[str, RookCard | str]] | None = None,
        record: bool = True,
    ) -> None:
        self.seating: tuple[str, ...] = _check_players(players)
        self.options = options or RookOptions()
        self.seed = seed
        self._rng = random.Random(seed)
        self._record = record
        self._stamp = 0
        #: the rounds of the cut for the first dealer (ROOK-DEALER), player -> card
        self.cut: list[dict[str, RookCard]] = []
        if dealer is None:
            dealer = self._cut_for_deal(cut)
        elif dealer not in self.seating:
            raise NotationError(
                f"{dealer!r} is not a player here: the players are {', '.join(self.seating)}"
            )
        elif cut is not None:
            raise NotationError("give the dealer or the cut for the dealer, not both")
        self._dealer = self.seating.index(dealer)
        given = {Team.parse(t): int(v) for t, v in (totals or {}).items()}
        self.totals: dict[str, int] = {t.value: given.get(t, 0) for t in Team}
        #: the totals and the seating the game (or its record) started from
        self.start_totals = dict(self.totals)
        self.start_seating = self.seating
        self.hands_played = hands_played
        self.scores: list[HandScore] = []
        self.log: list[Event] = []
        self.winner: Team | None = None  # decided at the end of a hand (ROOK-GAME)
        #: who dealt each hand so far, the current hand's dealer last (ROOK-DEALER)
        self.dealers: list[str] = [dealer]

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        *,
        totals: Mapping[Team | str, int] | None = None,
        hands_played: int = 0,
        **position: Unpack[Position],
    ) -> RookGame:
        """A game whose current hand is :meth:`RookHand.from_position` (the same arguments
        and keywords), with ``totals`` and ``hands_played`` so far."""
        self = cls.__new__(cls)
        dealer = position.get("dealer") or _check_players(players)[-1]
        self._setup(
            players,
            dealer,
            position.get("options"),
            position.get("seed", 0),
            totals,
            hands_played,
            record=position.get("record", True),
        )
        hand: Position = {
            **position,
            "dealer": self.dealer,
            "options": self.options,
            "seed": self._rng.random(),
        }
        self.hand = RookHand.from_position(self.seating, hands, nest, **hand)
        return self

    def _cut_for_deal(self, rounds: Sequence[Mapping[str, RookCard | str]] | None) -> str:
        """ROOK-DEALER: the highest card cut deals; the Rook beats a 14; ties cut again."""
        contenders = list(self.seating)
        for i in itertools.count():
            if rounds is None:
                pack = shuffled_rook_deck(self._rng.random())
                drawn = dict(zip(contenders, pack, strict=False))
            elif i < len(rounds):
                drawn = self._cut_round(rounds[i], contenders, i)
            else:
                raise RuleViolation(
                    "ROOK-DEALER",
                    f"{_and(contenders)} tie for the highest card: they cut again, and the "
                    "cut given stops here",
                )
            self.cut.append(drawn)
            high = max(_cut_rank(c) for c in drawn.values())
            contenders = [p for p, c in drawn.items() if _cut_rank(c) == high]
            if len(contenders) == 1:
                if rounds is not None and i + 1 < len(rounds):
                    raise RuleViolation(
                        "ROOK-DEALER",
                        f"{contenders[0]} cut the highest card in round {i + 1}: nobody cuts "
                        "again after that",
                    )
                return contenders[0]
        raise AssertionError("unreachable")

    def _cut_round(
        self, given: Mapping[str, RookCard | str], contenders: list[str], i: int
    ) -> dict[str, RookCard]:
        if not isinstance(given, Mapping):
            raise NotationError(f"a round of the cut maps players to cards, not {given!r}")
        drawn = {self._seated(p): RookCard.parse(c) for p, c in given.items()}
        if sorted(drawn, key=self.seating.index) != contenders:
            who = "everyone" if i == 0 else f"only {_and(contenders)}, who tied,"
            raise RuleViolation(
                "ROOK-DEALER",
                f"in round {i + 1} of the cut {who} cuts a card, not {_and(list(drawn))}",
            )
        _check_pack(list(drawn.values()), complete=False)
        return drawn

    _hand: RookHand | None = None
    #: the next hand as it was dealt (seating, dealer, seed), until it is first looked at
    _next: tuple[tuple[str, ...], str, float] | None = None

    @property
    def hand(self) -> RookHand:
        """The hand being played.  The hand after one that ends is dealt when it ends (its
        seed drawn then), and its cards laid out when first looked at: a game replayed from
        a record of hands (:meth:`record_hand`) does not lay out the hands it never plays."""
        hand = self._hand
        if hand is None:
            assert self._next is not None
            seating, dealer, seed = self._next
            hand = self._hand = RookHand(
                seating, dealer=dealer, options=self.options, seed=seed, record=self._record
            )
            self._next = None
        return hand

    @hand.setter
    def hand(self, hand: RookHand) -> None:
        self._hand, self._next = hand, None

    def _seated(self, name: object) -> str:
        if name not in self.seating:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.seating)}"
            )
        return str(name)

    def copy(self) -> RookGame:
        """An independent copy (the current hand copied, the random generator too)."""
        other = copy.copy(self)
        if self._hand is not None:
            other.hand = self._hand.copy()
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.cut = list(self.cut)
        other.totals = dict(self.totals)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.dealers = list(self.dealers)
        return other

    def __deepcopy__(self, memo: object) -> RookGame:
        return self.copy()

    # -- the protocol -----------------------------------------------------------------

    @property
    def dealer(self) -> str:
        """Who deals the current hand (or the next, once a hand is recorded)."""
        return self.seating[self._dealer]

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating

    @property
    def to_move(self) -> str | None:
        return None if self.winner is not None else self.hand.to_move

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def legal_moves(self) -> LegalMoves[RookMove]:
        """The legal moves of the current hand, a live view (none once the game is over)."""
        return LegalMoves(self)

    def _legal(self) -> Sequence[RookMove]:
        return () if self.winner is not None else self.hand._legal()

    @staticmethod
    def parse_move(text: str | RookMove) -> RookMove:
        return RookMove.parse(text)

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        if self.winner is not None:
            raise RuleViolation(
                "ROOK-GAME",
                f"the game is over: {self.winner.label} won with {self.totals[self.winner]} "
                f"to {self.totals[self.winner.other]}",
            )
        hand = self.hand
        event = hand.play(move, player=player)
        self._stamp += 1
        if hand.is_over:
            event = Event(event.player, event.move, (*event.facts, *self._end_hand()))
        if self._record:
            self.log.append(event)
        return event

    def record_hand(
        self, bidders: Team | str, bid: int, taken: Mapping[Team | str, int]
    ) -> tuple[Fact, ...]:
        """Score a hand played elsewhere (an article's record of a game): the contract and
        the counters each team took, scored by :func:`score_hand`; then the game goes on
        as after a hand played here (totals, the end, the deal, the seat exchange).
        Returns the facts of what followed the hand."""
        if self.winner is not None:
            raise RuleViolation(
                "ROOK-GAME",
                f"the game is already over ({self.winner.label} won with "
                f"{self.totals[self.winner]} to {self.totals[self.winner.other]}): "
                "no further hand is played",
            )
        score = score_hand(bidders, bid, taken)
        self._stamp += 1
        facts = self._after_hand(score)
        return facts

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move of the game so far with who made it, hand after hand."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> Result:
        """Once a team has won: each player's team total, ``.teams`` the two totals and
        ``.winners`` the winning partners."""
        if self.winner is None:
            raise RuleViolation(
                "ROOK-GAME",
                f"the game is not over: {self._totals_text()}; it ends when a team reaches "
                f"{GAME_TARGET} with more than the other",
            )
        return _result(self.seating, self.totals)

    def describe(self) -> str:
        state = (
            f"{self.winner.label} won"
            if self.winner is not None
            else f"hand {self.hands_played + 1}"
        )
        return (
            f"Rook game to {GAME_TARGET} ({RULE_SET}), {self._totals_text()}, "
            f"{self.hands_played} hands played; {state}; {self.hand.describe()}"
        )

    def __repr__(self) -> str:
        return f"<RookGame {self.describe()}>"

    def _repr_html_(self) -> str:
        return self.hand._repr_html_()

    def _totals_text(self) -> str:
        return f"NS {self.totals[Team.NS]}, EW {self.totals[Team.EW]}"

    # -- between hands ----------------------------------------------------------------

    def _end_hand(self) -> tuple[Fact, ...]:
        hand = self.hand
        if hand.thrown_in:
            facts: tuple[Fact, ...] = (
                Fact("deal", (), "{} deals the cards again", (self.dealer,), self.dealer),
            )
            self._deal()
            return facts
        assert hand.score is not None
        return self._after_hand(hand.score)

    def _after_hand(self, score: HandScore) -> tuple[Fact, ...]:
        """The totals, the end of the game, or the next dealer and the seat exchange."""
        self.scores.append(score)
        for t in Team:
            self.totals[t] += score.points[t]
        self.hands_played += 1
        facts = [
            Fact(
                "totals",
                (),
                "totals NS {}, EW {}",
                (self.totals["NS"], self.totals["EW"]),
                value=dict(self.totals),
            )
        ]
        self.winner = game_winner(self.totals)
        if self.winner is not None:
            facts.append(
                Fact(
                    "game-end",
                    ("ROOK-GAME",),
                    "{} reach {} ahead and win the game",
                    (self.winner.label, GAME_TARGET),
                    value=self.winner.value,
                )
            )
            return tuple(facts)
        if max(self.totals.values()) >= GAME_TARGET:
            facts.append(
                Fact(
                    "game-tied",
                    ("ROOK-GAME",),
                    "the totals are tied over {}: another hand is played",
                    (GAME_TARGET,),
                )
            )
        self._dealer = (self._dealer + 1) % 4
        facts.append(Fact("deal", ("ROOK-DEALER",), "{} deals next", (self.dealer,), self.dealer))
        if self.hands_played % HANDS_PER_SEAT_SWAP == 0:
            a, b = self.options.moving_seats
            s = list(self.seating)
            s[a], s[b] = s[b], s[a]
            self.seating = tuple(s)
            facts.append(
                Fact(
                    "seat-swap",
                    ("ROOK-SEAT-SWAP",),
                    "after {} hands {} and {} exchange seats ({} now sits {}); partners stay "
                    "partners",
                    (self.hands_played, s[a], s[b], s[a], a.word),
                    player=s[a],
                    other=s[b],
                    value=self.seating,
                )
            )
        self.dealers.append(self.dealer)
        self._deal()
        return tuple(facts)

    def _deal(self) -> None:
        # ROOK-DEAL: the hand's cards follow from its seed, drawn now (see the hand property)
        self._hand, self._next = None, (self.seating, self.dealer, self._rng.random())


def _cut_rank(card: RookCard) -> int:
    return 15 if card.number is None else card.number
