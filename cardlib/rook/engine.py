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

Moves are written as text and read by :meth:`RookMove.parse`: ``bid 95``, ``pass``,
``lay aside R6 R7 R11 B11 R5`` (the bidder's five cards for the new nest), ``trump green``
and ``play Y7``.  The bidder picks up the nest by itself when the auction is won.  Every
refusal is a :class:`RuleViolation` carrying its rule ID and saying where the hand stood.

:meth:`RookHand.play` is the checked path (every move validated); there is no unchecked
one.  It is also quick (see ``benchmarks/rook_vs_openspiel.py``): each player's cards are
kept by colour, next to the moves that play them, so following is a look at one short list
and the legal plays are lists joined in C; the 41 cards are unique objects compared by
identity; moves and events are small immutable values; no state is ever copied.
"""

from __future__ import annotations

import copy
import enum
import functools
import itertools
import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal, NamedTuple, overload

from cardlib.errors import NotationError, RuleViolation
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
            try:
                return cls("bid", amount=int(low[4:]))
            except ValueError:
                raise NotationError(
                    f"{text!r} is not a bid: write bid and a number, like bid 95"
                ) from None
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
_BIDDING: dict[int, list[RookMove]] = {
    low: [PASS, *(_BIDS[n] for n in range(low, MAX_BID + 1, BID_STEP))] for low in _BIDS
} | {MAX_BID + BID_STEP: [PASS]}
_TRUMP_MOVES = list(_TRUMPS.values())
_MOVES_BY_TEXT: dict[str, RookMove] = {"pass": PASS} | {
    str(m).lower(): m for m in (*_PLAYS.values(), *_BIDS.values(), *_TRUMPS.values())
}


@dataclass(frozen=True, slots=True)
class RookOptions:
    """What a table agrees before play besides the rule set.

    ``all_pass`` is the house rule for an auction in which all four pass (ROOK-ALL-PASS),
    which the sources leave open: ``None`` (nothing agreed: the engine refuses the fourth
    pass, so the dealer must bid), ``"redeal"`` (the cards are thrown in, nobody scores,
    and the same dealer deals again) or ``"dealer-takes-70"`` (the dealer's team is given
    the contract at 70 and the dealer takes the nest).
    """

    all_pass: Literal["redeal", "dealer-takes-70"] | None = None

    def __post_init__(self) -> None:
        if self.all_pass not in (None, "redeal", "dealer-takes-70"):
            raise NotationError(
                f"all_pass {self.all_pass!r} is not a house rule: use 'redeal', "
                "'dealer-takes-70' or None"
            )

    def describe(self) -> str:
        return {
            None: "no all-pass rule agreed (the dealer may not be the fourth to pass)",
            "redeal": "house rule: if all four pass, the same dealer deals again",
            "dealer-takes-70": "house rule: if all four pass, the dealer's team takes 70",
        }[self.all_pass]


# -- what happened: events, tricks, scores ---------------------------------------------


class Event(NamedTuple):
    """What a move did, in words, and the rules that decided it (the checker's narration).

    A named tuple rather than a frozen dataclass: one is made for every move, and this is
    five times cheaper to build.
    """

    player: str
    move: RookMove
    text: str
    rules: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.rules)}]"


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


def score_hand(bidders: Team | str, bid: int, taken: Mapping[Team | str, int]) -> HandScore:
    """Score a hand from the contract and the counters each team took (nest included).

    Made (ROOK-SCORE-MADE): the bidders score everything they took.  Set (ROOK-SCORE-SET):
    they score minus the bid.  The other team always scores what it took.
    """
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


class LegalMoves(list[RookMove]):
    """The legal moves now, listed when :meth:`RookHand.legal_moves` is asked.

    A list (at most twelve moves: listing them costs less than deferring it), so ``len``,
    indexing and iteration are a list's.  ``in`` asks the rules instead of the list and
    also takes text: ``"play Y7" in hand.legal_moves()``.  The repr reads like the moves.
    """

    __slots__ = ("_hand",)

    def __contains__(self, move: object) -> bool:
        return _allowed(self._hand, move)

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(str(m) for m in self)}>"


class LayAsideMoves(Sequence[RookMove]):
    """The bidder's legal moves at the nest: every way to lay five of fourteen cards aside.

    Never listed: ``len`` is a binomial coefficient; indexing builds just the move at that
    place, in the order :func:`itertools.combinations` gives (from a table of the 2002
    choices of five places out of fourteen, made once), so ``random.choice`` picks
    uniformly among all of them; iteration builds them one by one; ``in`` asks the rules.
    """

    __slots__ = ("_cards", "_hand", "_len")

    def __init__(self, hand: RookHand, cards: Sequence[RookCard]) -> None:
        self._hand = hand
        self._cards = tuple(sorted(cards, key=_ORDER))
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
        return _allowed(self._hand, move)

    def __repr__(self) -> str:
        return (
            f"<LegalMoves: {self._len} ways to lay aside 5 of "
            f"{' '.join(c.text for c in self._cards)}>"
        )


def _allowed(hand: RookHand, move: object) -> bool:
    if not isinstance(move, RookMove):
        if not isinstance(move, str):
            return False
        try:
            move = RookMove.parse(move)
        except NotationError:
            return False
    return hand._refusal(move) is None


# -- one hand --------------------------------------------------------------------------

Phase = Literal["bid", "nest", "trump", "play", "over"]

# The rules an event cites, kept as constants: a play is narrated on every move.
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


class RookHand:
    """One hand of Rook: deal, auction, nest, trump, nine tricks and the hand's score.

    ``players`` are named in seat order North, East, South, West.  ``dealer`` defaults to
    West (the last seat), so North bids and leads first.  The deal comes from ``deck``
    (41 cards, top first) when given, otherwise from the pack shuffled with ``seed``.
    """

    game = "rook"
    # Slots: the engine reads these on every move, and slot access is the fastest there is.
    __slots__ = (
        "_dealer",
        "_held",
        "_high",
        "_leader",
        "_led",
        "_passed",
        "_plays",
        "_rotations",
        "_taken",
        "_trick",
        "_trump",
        "_turn",
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
    ) -> None:
        self._setup(players, dealer, options, seed)
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
        self.nest = order[4:with_nest:5]

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
    ) -> None:
        self.players: tuple[str, ...] = (
            players if players is DEFAULT_PLAYERS else _check_players(players)
        )
        self.dealer: str = self.players[-1] if dealer is None else self._player(dealer)
        self._dealer = self.players.index(self.dealer)
        self.options = options or _NO_HOUSE_RULES
        # the players in playing order from each seat, for the record of a trick
        self._rotations = _rotations(self.players)  # cached: the same players, the same tuple
        self.seed = seed
        self.log: list[Event] = []
        self.nest: list[RookCard] = []
        self.phase: Phase = "bid"
        #: True once the hand is over (a plain attribute, kept with ``phase``: it is read often)
        self.is_over = False
        self._turn = (self._dealer + 1) % 4  # ROOK-BID-ORDER
        self.high_bid: int | None = None
        self._high = -1
        self._passed = [False, False, False, False]
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
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        *,
        players: Sequence[str] = DEFAULT_PLAYERS,
        dealer: str | None = None,
        bid: tuple[str, int] | None = None,
        trump: Colour | str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
    ) -> RookHand:
        """A hand as an article sets it out: named hands and nest.

        Without ``bid`` the hand starts at the auction: ``hands`` are the nine cards each
        player was dealt and ``nest`` the five in the centre.  With ``bid=(player, amount)``
        the auction is over: without ``trump`` the bidder picks up ``nest`` next and must
        lay five aside; with ``trump`` the exchange is done too, ``nest`` is what was laid
        aside and the dealer's left leads the first trick.  Cards not named are filled in
        from the rest of the pack shuffled with ``seed``, so all 41 are present once.
        """
        self = cls.__new__(cls)
        self._setup(players, dealer, options, seed)
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
        who, amount = self._player(bid[0]), int(bid[1])
        if not (MIN_BID <= amount <= MAX_BID and amount % BID_STEP == 0):
            raise RuleViolation(
                "ROOK-BID-MIN",
                f"a contract of {amount} is impossible: bids are multiples of {BID_STEP} "
                f"from {MIN_BID} to {MAX_BID}",
            )
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
        return copy.deepcopy(self)

    # -- the protocol shared by the engines -------------------------------------------

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the hand is over."""
        return None if self.is_over else self.players[self._turn]

    def legal_moves(self) -> LegalMoves | LayAsideMoves:
        """The legal moves now (none once the hand is over); see :class:`LegalMoves`."""
        phase = self.phase
        if phase == "play":
            plays = self._plays[self._turn]
            if self._trick:
                follow = plays[self._led]
                if follow:  # follow the colour led, or play the Rook (ROOK-BIRD-ANYTIME)
                    view = LegalMoves(follow)
                    view += plays[_ROOK_GROUP]
                    view._hand = self
                    return view
                if self._led == self._trump and plays[_ROOK_GROUP]:  # ROOK-BIRD-FORCED
                    view = LegalMoves(plays[_ROOK_GROUP])
                    view._hand = self
                    return view
            # lead anything (ROOK-LEAD), or play anything when void (ROOK-VOID)
            p0, p1, p2, p3, rook = plays
            view = LegalMoves(p0)
            view += p1
            view += p2
            view += p3
            view += rook
        elif phase == "bid":
            low = MIN_BID if self.high_bid is None else self.high_bid + BID_STEP
            view = LegalMoves(_BIDDING[low])
            if sum(self._passed) == 3 and self._high < 0 and self.options.all_pass is None:
                del view[0]  # ROOK-ALL-PASS: nothing agreed, so no fourth pass
        elif phase == "nest":
            return LayAsideMoves(self, _ungrouped(self._held[self._turn]))
        elif phase == "trump":
            view = LegalMoves(_TRUMP_MOVES)
        else:
            view = LegalMoves()
        view._hand = self
        return view

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal."""
        mv = move if type(move) is RookMove else RookMove.parse(move)
        if player is not None:
            self._check_player(player)
        seat = self._turn
        if mv.kind != "play" or self.phase != "play":
            if self.phase == "over":
                self._refuse_over()
            self._check(seat, mv)
            event = self._apply(seat, mv)
            self.log.append(event)
            return event
        # Playing a card, four moves in five: checked, then made here, with few calls.  The
        # two commonest cases, a lead and following the colour led, are the first two of
        # _play_rules, written out; everything else asks _play_rules.
        card = mv.cards[0]
        group = _GROUP[card]
        cards = self._held[seat][group]
        trick = self._trick
        if card not in cards:
            rules = self._play_rules(seat, card)  # raises ROOK-DEAL
        elif not trick:
            rules = _R_BIRD_LEAD if card is ROOK else _R_LEAD
        elif group == self._led:
            rules = _R_FOLLOW_BIRD_LEAD if trick[0] is ROOK else _R_FOLLOW
        else:
            rules = self._play_rules(seat, card)
        i = cards.index(card)  # take the card out of the hand, and its move
        del cards[i], self._plays[seat][group][i]
        trick.append(card)
        who = self.players[seat]
        n = len(trick)
        if n == 4:
            event = self._finish_trick(who, mv, rules)
        else:
            if n == 1:
                self._led = self._trump if card is ROOK else group
                text = f"{who} leads {card.text}"
            else:
                text = f"{who} plays {card.text}"
            self._turn = (seat + 1) % 4
            event = _new_tuple(Event, (who, mv, text, rules))
        self.log.append(event)
        return event

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move so far with who made it, in order (read from :attr:`log`)."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> dict[str, int]:
        """Each team's score for the hand, ``{"NS": ..., "EW": ...}``, once it is over."""
        if self.phase != "over":
            raise RuleViolation(
                "ROOK-LEAD",
                f"the hand is not over yet: {len(self.tricks)} of the {TRICKS} tricks are "
                "played, and it is scored after the last",
            )
        if self.score is None:  # thrown in (ROOK-ALL-PASS, redeal): nobody scores
            return {"NS": 0, "EW": 0}
        return {t.value: v for t, v in self.score.points.items()}

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
        return name  # type: ignore[return-value]

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
                if sum(self._passed) == 3 and self._high < 0 and self.options.all_pass is None:
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
        if amount < MIN_BID or amount > MAX_BID or amount % BID_STEP:
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
                "ROOK-NEST-TAKE", f"{_dup(cards)} is named twice: lay aside five different cards"
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

    # -- legal moves ------------------------------------------------------------------

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
        rules: tuple[str, ...] = ("ROOK-BID-MIN",) if self.high_bid is None else ("ROOK-BID-RAISE",)
        self.high_bid, self._high = amount, seat
        self._turn = self._next_bidder(seat)
        if self._turn == seat:  # everyone else has passed already
            return self._win_auction(who, mv, f"{who} bids {amount}", rules)
        nxt = self.players[self._turn]
        return _new_tuple(Event, (who, mv, f"{who} bids {amount}; {nxt} is next", rules))

    def _pass(self, seat: int) -> Event:
        who = self.players[seat]
        self._passed[seat] = True
        text = f"{who} passes and is out of the auction"
        npassed = sum(self._passed)
        if npassed == 3 and self._high >= 0:
            return self._win_auction(who, PASS, text, ("ROOK-BID-PASS",))
        if npassed == 4:
            if self.options.all_pass == "redeal":
                self.phase, self.is_over = "over", True
                self.thrown_in = True
                return Event(
                    who,
                    PASS,
                    f"{text}; all four have passed: the cards are thrown in and "
                    f"{self.dealer} deals again (house rule)",
                    ("ROOK-BID-PASS", "ROOK-ALL-PASS"),
                )
            self.high_bid, self._high = MIN_BID, self._dealer
            return self._win_auction(
                who,
                PASS,
                f"{text}; all four have passed, so {self.dealer} (the dealer) takes the "
                f"contract at {MIN_BID} (house rule)",
                ("ROOK-BID-PASS", "ROOK-ALL-PASS"),
            )
        self._turn = self._next_bidder(seat)
        nxt = self.players[self._turn]
        return _new_tuple(Event, (who, PASS, f"{text}; {nxt} is next", _R_PASS))

    def _win_auction(self, who: str, mv: RookMove, text: str, rules: tuple[str, ...]) -> Event:
        seat = self._high
        bidder = self.players[seat]
        self.bidder, self.bid = bidder, self.high_bid
        team = _TEAMS[seat % 2]
        nest = self._pick_up_nest(seat)
        self.phase, self._turn = "nest", seat
        return Event(
            who,
            mv,
            f"{text}; {bidder} wins the auction at {self.bid}: {team.label} must take at "
            f"least {self.bid} in counters; {bidder} picks up the nest ({_listing(nest)}) "
            "and lays five cards aside",
            (*rules, "ROOK-BID-WIN", "ROOK-NEST-TAKE"),
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
        return Event(
            who,
            mv,
            f"{who} lays aside {_listing(mv.cards)} as the new nest ({counters(mv.cards)} in "
            f"counters, for whoever wins the last trick) and keeps {_listing(hand)}",
            ("ROOK-NEST-TAKE",),
        )

    def _name_trump(self, seat: int, mv: RookMove) -> Event:
        who = self.players[seat]
        self.trump = mv.colour
        self._trump = _GROUP_OF_COLOUR[mv.colour]  # type: ignore[index]
        self.phase = "play"
        self._turn = self._leader = (self._dealer + 1) % 4
        return Event(
            who,
            mv,
            f"{who} names {self.trump} as trump; {self.to_move}, on the dealer's left, "
            "leads the first trick",
            ("ROOK-TRUMP", "ROOK-LEAD"),
        )

    def _finish_trick(self, who: str, mv: RookMove, rules: tuple[str, ...]) -> Event:
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
        trick = _new_tuple(Trick, (number, self._rotations[leader], (a, b, c, d), winner, points))
        self.tricks.append(trick)
        self._trick = []
        self._turn = self._leader = win_seat
        top = cards[i]
        # say so when a plain trump beat the colour led
        how = " (trump)" if _TRUMP_BASE < top_key < _ROOK_KEY and keys[0] < _TRUMP_BASE else ""
        text = (
            f"{who} plays {mv.cards[0].text}; trick {number} to {winner} with "
            f"{top.text}{how}, counters {points}"
        )
        rules = rules + (_R_WON_BY_ROOK if top is ROOK else _R_WON)
        if number < TRICKS:
            return _new_tuple(Event, (who, mv, text, rules))
        return self._finish_hand(who, mv, text, rules)

    def _finish_hand(self, who: str, mv: RookMove, text: str, rules: tuple[str, ...]) -> Event:
        win_seat = self._leader
        winner = self.players[win_seat]
        nest_points = counters(self.nest)
        self._taken[win_seat % 2] += nest_points
        self.nest_to = winner
        assert self.bid is not None
        score = self.score = _score(_TEAMS[self._high % 2], self.bid, *self._taken)
        self.phase, self.is_over = "over", True
        text += (
            f"; {winner} takes the nest with the last trick ({_listing(self.nest)}, "
            f"counters {nest_points}); the hand is over: {score.explain()}"
        )
        return _new_tuple(Event, (who, mv, text, (*rules, "ROOK-NEST-LAST", score.rule)))


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
def _rotations(players: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    return tuple(
        (players[i], players[(i + 1) % 4], players[(i + 2) % 4], players[(i + 3) % 4])
        for i in range(4)
    )


_NO_HOUSE_RULES = RookOptions()
_new_tuple = tuple.__new__  # builds an Event or a Trick without NamedTuple's Python __new__

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
    dup = _dup(cards)
    if dup is not None:
        raise RuleViolation("ROOK-DECK", f"{dup} appears twice, but the pack has each card once")
    if complete and len(cards) != len(rook_deck()):
        raise RuleViolation(
            "ROOK-DECK",
            f"a Rook deal uses all {len(rook_deck())} cards (colours 5 to 14 and the Rook), "
            f"got {len(cards)}",
        )


def _dup(cards: Iterable[RookCard]) -> RookCard | None:
    seen: set[RookCard] = set()
    for c in cards:
        if c in seen:
            return c
        seen.add(c)
    return None


def _listing(cards: Iterable[RookCard]) -> str:
    return " ".join(map(_TEXT, cards))


def _and(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else f"{', '.join(w[:-1])} and {w[-1]}"


# -- a game of several hands ---------------------------------------------------------------


class RookGame:
    """A game of Rook: hands until a team reaches 300 (ROOK-GAME).

    Speaks the same protocol as :class:`RookHand` (``to_move``, ``legal_moves()``,
    ``play()``, ...) and deals the next hand itself when one ends.  ``players`` are seated
    North, East, South, West.  Without ``dealer`` the first dealer is cut for
    (ROOK-DEALER): each player draws from the pack shuffled with ``seed`` and the highest
    deals (the Rook above a 14, colours do not count, ties draw again).  The deal then
    passes to the left, by seat.  After every fourth hand the two East-West players change
    seats (ROOK-SEAT-SWAP; the sources do not say which pair, this engine always moves
    East-West); partners stay partners.  A thrown-in hand (``all_pass="redeal"``) is dealt
    again by the same dealer and counts for nothing.  ``totals`` and ``hands_played``
    resume a game in progress.
    """

    game = "rook"

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
    ) -> None:
        self._setup(players, dealer, options, seed, totals, hands_played)
        self.hand = RookHand(
            self.seating,
            dealer=self.dealer,
            options=self.options,
            seed=self._rng.random(),
            deck=deck,
        )

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
        totals: Mapping[Team | str, int] | None,
        hands_played: int,
    ) -> None:
        self.seating: tuple[str, ...] = _check_players(players)
        self.options = options or RookOptions()
        self.seed = seed
        self._rng = random.Random(seed)
        self.cut: list[dict[str, RookCard]] = []
        if dealer is None:
            dealer = self._cut_for_deal()
        elif dealer not in self.seating:
            raise NotationError(
                f"{dealer!r} is not a player here: the players are {', '.join(self.seating)}"
            )
        self._dealer = self.seating.index(dealer)
        given = {Team.parse(t): int(v) for t, v in (totals or {}).items()}
        self.totals: dict[str, int] = {t.value: given.get(t, 0) for t in Team}
        self.hands_played = hands_played
        self.scores: list[HandScore] = []
        self.log: list[Event] = []
        self.winner: Team | None = None

    @classmethod
    def from_position(
        cls,
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        *,
        players: Sequence[str] = DEFAULT_PLAYERS,
        dealer: str | None = None,
        bid: tuple[str, int] | None = None,
        trump: Colour | str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
        totals: Mapping[Team | str, int] | None = None,
        hands_played: int = 0,
    ) -> RookGame:
        """A game whose current hand is :meth:`RookHand.from_position` (same arguments)."""
        self = cls.__new__(cls)
        self._setup(players, dealer or players[-1], options, seed, totals, hands_played)
        self.hand = RookHand.from_position(
            hands,
            nest,
            players=self.seating,
            dealer=self.dealer,
            bid=bid,
            trump=trump,
            options=self.options,
            seed=self._rng.random(),
        )
        return self

    def _cut_for_deal(self) -> str:
        """ROOK-DEALER: the highest card cut deals; the Rook beats a 14; ties cut again."""
        contenders = list(self.seating)
        while True:
            pack = shuffled_rook_deck(self._rng.random())
            drawn = dict(zip(contenders, pack, strict=False))
            self.cut.append(drawn)
            high = max(_cut_rank(c) for c in drawn.values())
            contenders = [p for p, c in drawn.items() if _cut_rank(c) == high]
            if len(contenders) == 1:
                return contenders[0]

    def copy(self) -> RookGame:
        return copy.deepcopy(self)

    # -- the protocol -----------------------------------------------------------------

    @property
    def dealer(self) -> str:
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

    def legal_moves(self) -> LegalMoves:
        return self.hand.legal_moves()

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        if self.winner is not None:
            raise RuleViolation(
                "ROOK-GAME",
                f"the game is over: {self.winner.label} won with {self.totals[self.winner]} "
                f"to {self.totals[self.winner.other]}",
            )
        event = self.hand.play(move, player=player)
        if self.hand.is_over:
            event = self._end_hand(event)
        self.log.append(event)
        return event

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move of the game so far with who made it, hand after hand."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> dict[str, int]:
        """The two teams' totals, once a team has won."""
        if self.winner is None:
            raise RuleViolation(
                "ROOK-GAME",
                f"the game is not over: {self._totals_text()}; it ends when a team reaches "
                f"{GAME_TARGET} with more than the other",
            )
        return dict(self.totals)

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

    def _totals_text(self) -> str:
        return f"NS {self.totals[Team.NS]}, EW {self.totals[Team.EW]}"

    # -- between hands ----------------------------------------------------------------

    def _end_hand(self, event: Event) -> Event:
        hand = self.hand
        rules = list(event.rules)
        if hand.thrown_in:
            notes = [f"{self.dealer} deals the cards again"]
        else:
            assert hand.score is not None
            self.scores.append(hand.score)
            for t in Team:
                self.totals[t] += hand.score.points[t]
            self.hands_played += 1
            notes = [f"totals {self._totals_text()}"]
            self.winner = game_winner(self.totals)
            if self.winner is not None:
                notes.append(f"{self.winner.label} reach {GAME_TARGET} ahead and win the game")
                rules.append("ROOK-GAME")
            else:
                if max(self.totals.values()) >= GAME_TARGET:
                    notes.append(f"the totals are tied over {GAME_TARGET}: another hand is played")
                    rules.append("ROOK-GAME")
                self._dealer = (self._dealer + 1) % 4
                notes.append(f"{self.dealer} deals next")
                rules.append("ROOK-DEALER")
                if self.hands_played % HANDS_PER_SEAT_SWAP == 0:
                    s = list(self.seating)
                    s[Seat.EAST], s[Seat.WEST] = s[Seat.WEST], s[Seat.EAST]
                    self.seating = tuple(s)
                    notes.append(
                        f"after {self.hands_played} hands {s[Seat.EAST]} and {s[Seat.WEST]} "
                        f"exchange seats ({s[Seat.EAST]} now sits East); partners stay partners"
                    )
                    rules.append("ROOK-SEAT-SWAP")
        if self.winner is None:
            self.hand = RookHand(
                self.seating, dealer=self.dealer, options=self.options, seed=self._rng.random()
            )
        return Event(event.player, event.move, f"{event.text}; {'; '.join(notes)}", tuple(rules))


def _cut_rank(card: RookCard) -> int:
    return 15 if card.number is None else card.number


# -- a simple computer player --------------------------------------------------------------


def simple_bot(game: RookHand | RookGame, rng: random.Random) -> RookMove:
    """A legal, sensible move: bids from hand strength, buries low cards, plays to win
    counters or gives them to a partner who is winning.  ``rng`` breaks ties."""
    if isinstance(game, RookGame) and game.is_over:
        raise RuleViolation("ROOK-GAME", "the game is over: there is no move to make")
    hand = game.hand if isinstance(game, RookGame) else game
    who = hand.to_move
    if who is None:
        raise RuleViolation("ROOK-LEAD", "the hand is over: there is no move to make")
    legal = hand.legal_moves()
    cards = hand.hand_of(who)
    if hand.phase == "bid":
        low = MIN_BID if hand.high_bid is None else hand.high_bid + BID_STEP
        partner_high = hand._high >= 0 and hand.players[hand._high] == hand.partner_of(who)
        limit = _bid_limit(cards) - (10 if partner_high else 0)
        if low <= min(limit, MAX_BID) or PASS not in legal:
            return _BIDS[min(low, MAX_BID)]
        return PASS
    if hand.phase == "nest":
        trump = _best_colour(cards)
        keep = sorted(cards, key=lambda c: (_keep_value(c, trump), rng.random()))
        return RookMove("lay aside", cards=tuple(keep[:NEST_SIZE]))
    if hand.phase == "trump":
        return _TRUMPS[_best_colour(cards)]
    moves = list(legal)
    return _play_choice(hand, who, [m.card for m in moves], rng)


def _bid_limit(cards: Sequence[RookCard]) -> int:
    strength = sum({14: 8, 13: 4, 12: 2}.get(c.number or 0, 0) for c in cards)
    strength += 12 if ROOK in cards else 0
    longest = max(sum(1 for c in cards if c.colour is col) for col in Colour)
    strength += 3 * max(0, longest - 2)
    return min(MAX_BID, MIN_BID - 10 + strength // BID_STEP * BID_STEP)


def _best_colour(cards: Sequence[RookCard]) -> Colour:
    def weight(col: Colour) -> tuple[int, int]:
        mine = [c.number or 0 for c in cards if c.colour is col]
        return (2 * len(mine) + sum(n >= 12 for n in mine), sum(mine))

    return max(Colour, key=weight)


def _keep_value(card: RookCard, trump: Colour) -> int:
    if card is ROOK:
        return 1000
    assert card.number is not None
    return (500 if card.colour is trump else 0) + (200 if card.number == 14 else 0) + card.number


def _play_choice(hand: RookHand, who: str, options: list[RookCard], rng: random.Random) -> RookMove:
    trump = hand.trump
    assert trump is not None
    trick = [c for _, c in hand.current_trick]
    rng.shuffle(options)
    if not trick:
        winners = [c for c in options if c.number == 14 and c.colour is not trump]
        pick = winners[0] if winners else min(options, key=lambda c: (c.points, c.number or 99))
        return _PLAYS[pick]
    best = trick_winner(trick, trump)
    partner_winning = (len(trick) - best) % 4 == 2
    if partner_winning and len(trick) == 3:
        return _PLAYS[max(options, key=lambda c: (c.points, -(c.number or 0)))]
    winning = [c for c in options if trick_winner([*trick, c], trump) == len(trick)]
    at_stake = sum(c.points for c in trick)
    if winning and not partner_winning and (at_stake or len(trick) == 3):
        return _PLAYS[min(winning, key=lambda c: _keep_value(c, trump))]
    return _PLAYS[min(options, key=lambda c: (c.points, _keep_value(c, trump)))]
