"""Six Card Golf: the rule set ``bicycle-pagat`` (Bicycle's six-card game with Pagat's limits).

Every rule is enforced here and every refusal is a :class:`RuleViolation` carrying its ID::

    >>> game = GolfGame(["Ann", "Ben", "Cy"], seed=1)
    >>> game.stock_size          # GOLF-DEAL: 52 - 3*6 - 1
    33
    >>> event = game.play("flip TL")     # Ann turns her top-left card (GOLF-FLIP-TWO)
    >>> print(event)
    Ann turns up top-left: JH [GOLF-FLIP-TWO]
    >>> event.of("flip")[0].cards
    (Card.parse('JH'),)
    >>> game.play("draw")
    Traceback (most recent call last):
    ...
    cardlib.errors.RuleViolation: GOLF-FLIP-TWO: first every player turns two cards face up: Ann still has 1 to turn
    >>> game.legal_moves()
    <LegalMoves: flip TM, flip TR, flip BL, flip BM, flip BR>

Moves are written as text and read by :meth:`GolfMove.parse`: ``flip TL``, ``draw``
(top of the stock), ``take`` (top of the discard pile), ``replace BL``, ``discard``.  Some
moves are never legal and exist so that an example can show they are refused: ``peek BL``,
``take back``, ``move TL BR`` and ``pass`` (not even in the extra-flip variant, where the
flip after a discard is compulsory).

Every move returns one :class:`cardlib.game.Event`; its facts, in order, are of these kinds:

``flip``
    an opening flip (GOLF-FLIP-TWO): ``player``, ``cards=(card,)``, ``value`` = the position.
``first``
    everyone has turned two; ``player`` plays first (GOLF-ORDER).
``draw``
    ``cards=(card,)`` from the stock (GOLF-DRAW); when the house rule refilled an empty
    stock first, also GOLF-STOCK-OUT and ``value`` = how many discards were reshuffled.
``take``
    ``cards=(card,)`` from the discard pile (GOLF-DRAW, GOLF-TAKE-MUST-REPLACE).
``replace``
    ``cards=(new, old)``, ``value`` = the position (GOLF-REPLACE; also GOLF-NO-PEEK when the
    old card was face down and is seen only now).
``discard``
    ``cards=(card,)``: the stock card thrown away (GOLF-DISCARD-STOCK).
``extra-flip``
    ``cards=(card,)``, ``value`` = the position: the compulsory flip of the extra-flip
    variant (GOLF-NO-PEEK).
``went-out``
    ``player`` has six cards face up and the others get one more turn (variant, no rule).
``end``
    the hand is over (GOLF-END, or GOLF-STOCK-OUT under the house rule that ends it);
    ``value`` = every player's score.
``next``
    ``player`` is to move next (no rule: the turn simply passes on).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from cardlib.cards import Card, Rank, find_duplicate, shuffle, standard_deck
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event, Fact, Game, LegalMoves, Result

RULE_SET = "bicycle-pagat"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HOLES_IN_MATCH = 9

# GOLF-VALUES, as the article's table gives them.
VALUES: Mapping[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: -2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 0,
}


class Position(enum.IntEnum):
    """The six places of a layout (GOLF-DEAL): top row 0-2, bottom row 3-5."""

    TL = 0
    TM = 1
    TR = 2
    BL = 3
    BM = 4
    BR = 5

    @property
    def words(self) -> str:
        row = "top" if self < 3 else "bottom"
        return f"{row}-{COLUMNS[self.column]}"

    @property
    def column(self) -> int:
        return int(self) % 3

    @classmethod
    def parse(cls, text: str) -> Position:
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        try:
            return _POSITIONS_BY_TEXT[key]
        except KeyError:
            raise NotationError(
                f"{_short(text)} is not a position: write TL, TM, TR, BL, BM or BR "
                "(top/bottom, left/middle/right)"
            ) from None

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Position.{self.name}"


COLUMNS = ("left", "middle", "right")
_POSITIONS_BY_TEXT = {p.name.lower(): p for p in Position} | {
    f"{row}-{col}": Position(r * 3 + c)
    for r, row in enumerate(("top", "bottom"))
    for c, col in enumerate(COLUMNS)
}

MoveKind = Literal[
    "flip", "draw", "take", "replace", "discard", "pass", "peek", "take back", "move"
]
_ARITY: dict[str, int] = {
    "flip": 1,
    "draw": 0,
    "take": 0,
    "replace": 1,
    "discard": 0,
    "pass": 0,
    "peek": 1,
    "take back": 0,
    "move": 2,
}
_ALIASES = {
    "draw stock": "draw",
    "draw from stock": "draw",
    "take discard": "take",
    "take from discard": "take",
    "takeback": "take back",
    "undo": "take back",
}


@dataclass(frozen=True, slots=True)
class GolfMove:
    """A move in notation: ``GolfMove.parse("replace BL")``."""

    kind: MoveKind
    position: Position | None = None
    to: Position | None = None

    def __post_init__(self) -> None:
        arity = _ARITY.get(self.kind) if isinstance(self.kind, str) else None
        if arity is None:
            raise NotationError(f"{_short(self.kind)} is not a Golf move")
        for p in (self.position, self.to):
            if p is not None and not isinstance(p, Position):
                raise NotationError(f"{_short(p)} is not a position: use Position.TL, ...")
        given = (self.position is not None) + (self.to is not None)
        if given != arity:
            raise NotationError(f"{self.kind!r} takes {arity} position(s), got {given}")

    @classmethod
    def parse(cls, text: str | GolfMove) -> GolfMove:
        if isinstance(text, GolfMove):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{_short(text)} is not a Golf move")
        original = text.split()
        words = " ".join(original).lower()
        if words in _ALIASES:
            words = _ALIASES[words]
            original = words.split()
        for kind, arity in sorted(_ARITY.items(), key=lambda kv: -len(kv[0])):
            if words == kind or words.startswith(kind + " "):
                args = original[len(kind.split()) :]
                if len(args) != arity:
                    break
                positions = [Position.parse(a) for a in args]
                return cls(kind, *positions)  # type: ignore[arg-type]
        raise NotationError(
            f"{_short(text)} is not a Golf move: write flip TL, draw, take, replace BL or discard"
        )

    def __str__(self) -> str:
        return " ".join([self.kind] + [p.name for p in (self.position, self.to) if p is not None])

    def __repr__(self) -> str:
        return f"GolfMove.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class GolfOptions:
    """The rule set and the switches a table agrees before play.

    ``stock_out`` is the house rule for an empty stock (GOLF-STOCK-OUT): ``None`` (nothing
    agreed: drawing from an empty stock is refused), ``"reshuffle"`` (the discard pile
    but its top card is shuffled into a new stock) or ``"end"`` (the hand ends and is
    scored when a turn leaves the stock empty).  ``extra_flip`` and ``last_turns`` are the
    variants the article names and does not use; they are off by default.  With
    ``extra_flip`` a player who discards a stock card must then turn one face-down card up
    (the article words it as compulsory: there is no passing).
    """

    stock_out: Literal["reshuffle", "end"] | None = None
    extra_flip: bool = False
    last_turns: bool = False

    def __post_init__(self) -> None:
        if self.stock_out not in (None, "reshuffle", "end"):
            raise NotationError(
                f"stock_out {self.stock_out!r} is not a house rule: use 'reshuffle', 'end' or None"
            )

    def describe(self) -> str:
        stock = {
            None: "no stock-out rule agreed (an empty stock cannot be drawn from)",
            "reshuffle": "house rule: an empty stock is refilled from the shuffled discards",
            "end": "house rule: the hand ends when the stock runs out",
        }[self.stock_out]
        variants = [
            name
            for name, on in (
                ("extra flip after a discard", self.extra_flip),
                ("one more turn for the others", self.last_turns),
            )
            if on
        ]
        return f"{stock}; variants: {', '.join(variants) if variants else 'none'}"


@dataclass(frozen=True, slots=True)
class ColumnScore:
    """One column's points and the rule that decided them, in words."""

    top: Card
    bottom: Card
    points: int
    rule: str
    reason: str


def column_points(top: Card, bottom: Card) -> int:
    """One column's points (GOLF-COLUMN): a pair of the same rank scores 0 (two 2s as well:
    GOLF-PAIR-TWOS); otherwise the two values add (GOLF-VALUES).  Only the top and bottom
    card of one column pair: cards side by side or on a diagonal are never compared.

    This is the rule the engine plays by; :func:`column_score` explains it in words.
    """
    if top.rank == bottom.rank:
        return 0
    return VALUES[top.rank] + VALUES[bottom.rank]


def column_score(top: Card, bottom: Card) -> ColumnScore:
    """Score one column and say why (GOLF-COLUMN, GOLF-PAIR-TWOS, GOLF-VALUES)."""
    points = column_points(top, bottom)
    t, b = VALUES[top.rank], VALUES[bottom.rank]
    if top.rank == bottom.rank == Rank.TWO:
        return ColumnScore(top, bottom, points, "GOLF-PAIR-TWOS", "two 2s pair: 0, not -4")
    if top.rank == bottom.rank:
        return ColumnScore(top, bottom, points, "GOLF-COLUMN", f"pair of {top.rank}s: 0")
    if t == b:
        return ColumnScore(
            top,
            bottom,
            points,
            "GOLF-COLUMN",
            f"{top.rank} and {bottom.rank} are worth the same but are not the same rank: "
            f"{t} + {b} = {points}",
        )
    named = f"{top.rank} + {bottom.rank}"
    valued = f"{t} + {_signed(b)}"
    sums = f"{named} = {valued}" if named != valued else named
    return ColumnScore(top, bottom, points, "GOLF-VALUES", f"{sums} = {points}")


def _signed(n: int) -> str:
    return f"({n})" if n < 0 else str(n)


@dataclass(frozen=True, slots=True)
class LayoutScore:
    columns: tuple[ColumnScore, ColumnScore, ColumnScore]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.columns)

    def explain(self) -> str:
        parts = [f"{COLUMNS[i]} {c.top}/{c.bottom}: {c.reason}" for i, c in enumerate(self.columns)]
        sums = " + ".join(_signed(c.points) for c in self.columns)
        return "; ".join(parts) + f". Total {sums} = {self.total}"


def score_layout(cards: Sequence[Card | str]) -> LayoutScore:
    """Score six cards given top row then bottom row (TL, TM, TR, BL, BM, BR)."""
    six = [Card.parse(c) if isinstance(c, str) else c for c in cards]
    if len(six) != 6:
        raise NotationError(f"a layout has six cards, got {len(six)}")
    return LayoutScore(tuple(column_score(six[c], six[c + 3]) for c in range(3)))  # type: ignore[arg-type]


@dataclass(slots=True)
class Layout:
    """A player's six cards and which of them are face up."""

    cards: list[Card]
    up: list[bool] = field(default_factory=lambda: [False] * 6)

    def visible(self, pos: Position) -> Card | None:
        return self.cards[pos] if self.up[pos] else None

    @property
    def all_up(self) -> bool:
        return all(self.up)

    @property
    def face_down(self) -> list[Position]:
        return [p for p in Position if not self.up[p]]

    def score(self) -> LayoutScore:
        return score_layout(self.cards)

    def _repr_html_(self) -> str:
        from cardlib.golf import render

        return render.golf_layout_html(self)


Phase = Literal["flip", "draw", "place", "extra-flip", "over"]

#: The rule that decides which moves are legal in each phase of a turn (the hand over:
#: the rule that ended it, :attr:`GolfGame.ended_by`).
PHASE_RULES: Mapping[str, str] = {
    "flip": "GOLF-FLIP-TWO",
    "draw": "GOLF-DRAW",
    "place": "GOLF-REPLACE",
    "extra-flip": "GOLF-NO-PEEK",
}

# The moves are frozen values, so the legal-move listings hand out these same objects.
DRAW, TAKE, DISCARD = GolfMove("draw"), GolfMove("take"), GolfMove("discard")
_FLIP = {p: GolfMove("flip", p) for p in Position}
_REPLACE = tuple(GolfMove("replace", p) for p in Position)
_REPLACE_OR_DISCARD = (*_REPLACE, DISCARD)
_FLIPS_FACE_DOWN: dict[tuple[bool, ...], tuple[GolfMove, ...]] = {
    up: tuple(_FLIP[p] for p in Position if not up[p])
    for up in (tuple(bool(mask >> i & 1) for i in range(6)) for mask in range(64))
}
_R_FLIP = ("GOLF-FLIP-TWO",)
_R_ORDER = ("GOLF-ORDER",)
_R_DRAW = ("GOLF-DRAW",)
_R_RESHUFFLE = ("GOLF-STOCK-OUT", "GOLF-DRAW")
_R_TAKE = ("GOLF-DRAW", "GOLF-TAKE-MUST-REPLACE")
_R_REPLACE_UP = ("GOLF-REPLACE",)
_R_REPLACE_DOWN = ("GOLF-REPLACE", "GOLF-NO-PEEK")
_R_DISCARD = ("GOLF-DISCARD-STOCK",)
_R_NO_PEEK = ("GOLF-NO-PEEK",)
_R_END = ("GOLF-END",)
_R_STOCK_OUT = ("GOLF-STOCK-OUT",)


class GolfGame:
    """One hand (hole) of Six Card Golf.

    ``players`` are named in clockwise seat order; ``dealer`` defaults to the last, so the
    first named player plays first (GOLF-ORDER).  The deal comes from ``deck`` (52 cards,
    top first) when given, otherwise from the standard pack shuffled with ``seed``.  With
    ``record=False`` the game keeps no history and no log of events (bulk simulation).
    """

    game: ClassVar[str] = "golf"

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: GolfOptions | None = None,
        seed: int | str | None = 0,
        deck: Sequence[Card | str] | None = None,
        record: bool = True,
    ) -> None:
        self._setup_players(players, dealer, options, seed, record)
        if deck is None:
            order = _shuffled(standard_deck(), self._rng)
        else:
            order = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
            _check_pack(order, complete=True)
        # GOLF-DEAL: one at a time clockwise from the dealer's left, six rounds.
        it = iter(order)
        hands: dict[str, list[Card]] = {p: [] for p in self.players}
        seats = self._seats_from_dealers_left()
        for _ in range(6):
            for p in seats:
                hands[p].append(next(it))
        self.layouts = {p: Layout(hands[p]) for p in self.players}
        self.discard: list[Card] = [next(it)]
        self.stock: list[Card] = list(it)[::-1]  # top of the stock is the end of the list
        self.phase: Phase = "flip"
        self._turn = self._first_index()
        self._flipped = {p: 0 for p in self.players}
        self._after_setup()

    # -- construction ---------------------------------------------------------------

    def _setup_players(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: GolfOptions | None,
        seed: int | str | None,
        record: bool,
    ) -> None:
        try:
            names = [str(p) for p in players]
        except TypeError:
            raise NotationError(f"{_short(players)} is not a list of player names") from None
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise RuleViolation(
                "GOLF-DECK", f"Six Card Golf is for 2 to 4 players, not {len(names)}"
            )
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise NotationError(f"players need distinct, non-empty names: {names!r}")
        self.players: tuple[str, ...] = tuple(names)
        self.dealer = self.players[-1] if dealer is None else self._player(dealer)
        self.options = options or GolfOptions()
        self.seed = seed
        self._rng = random.Random(seed)
        self._record = record
        self._stamp = 0
        self.history: list[tuple[str, GolfMove]] = []
        self.log: list[Event] = []
        self.holding: Card | None = None
        self.held_from: Literal["stock", "discard"] | None = None
        self.revealed: Card | None = None
        self.went_out: str | None = None
        self._final_turns: int | None = None
        self.ended_by: str | None = None

    def _after_setup(self) -> None:
        self._points = {
            p: [column_points(lay.cards[c], lay.cards[c + 3]) for c in range(3)]
            for p, lay in self.layouts.items()
        }

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        layouts: Mapping[str, Mapping[Position, tuple[Card | None, bool]]],
        *,
        discard: Sequence[Card] = (),
        stock: Sequence[Card] = (),
        stock_size: int | None = None,
        to_move: str | None = None,
        dealer: str | None = None,
        options: GolfOptions | None = None,
        seed: int | str | None = 0,
        record: bool = True,
    ) -> GolfGame:
        """A hand in mid-play, as an article describes it.

        ``layouts[player][position] = (card or None, face_up)``; positions left out are
        face down.  ``discard`` is listed bottom to top, ``stock`` top first.  Every card
        not named is filled in from the rest of the pack, shuffled with ``seed``, so the
        52 cards are still all present exactly once.  Play resumes at the draw of
        ``to_move`` (default: the dealer's left).
        """
        self = cls.__new__(cls)
        self._setup_players(players, dealer, options, seed, record)
        for name in layouts:
            self._player(name)
        named: list[Card] = [
            c for lay in layouts.values() for c, _ in lay.values() if c is not None
        ]
        named += list(discard) + list(stock)
        _check_pack(named, complete=False)
        taken = set(named)
        rest = [c for c in _shuffled(standard_deck(), self._rng) if c not in taken]
        self.layouts = {}
        for p in self.players:
            given = layouts.get(p, {})
            cards, up = [], []
            for pos in Position:
                card, face_up = given.get(pos, (None, False))
                if card is None:
                    if not rest:
                        raise RuleViolation("GOLF-DECK", "there are not enough cards in the pack")
                    card = rest.pop()
                cards.append(card)
                up.append(face_up)
            self.layouts[p] = Layout(cards, up)
        if stock_size is not None:
            if stock_size < len(stock):
                raise NotationError(
                    f"stock_size {stock_size} is smaller than the {len(stock)} cards named"
                )
            extra = stock_size - len(stock)
            if extra > len(rest):
                raise RuleViolation(
                    "GOLF-DECK",
                    f"a stock of {stock_size} cards does not fit: only {len(rest) + len(stock)} "
                    "cards are left once the layouts and the discard pile are counted",
                )
            under = [rest.pop() for _ in range(extra)]
            self.stock = (list(stock) + under)[::-1]
            self.discard = rest + list(discard)
        else:
            self.stock = (list(stock) + rest)[::-1]
            self.discard = list(discard)
        self._flipped = {p: 2 for p in self.players}
        self._turn = self.players.index(self._player(to_move)) if to_move else self._first_index()
        self.phase = "draw"
        self._after_setup()
        done = [p for p in self.players if self.layouts[p].all_up]
        if done:
            self.went_out = done[0]
            self._finish("GOLF-END")
        return self

    def copy(self) -> GolfGame:
        """An independent game in the same state (its random generator too)."""
        twin = object.__new__(GolfGame)
        twin.__dict__.update(self.__dict__)
        twin.layouts = {p: Layout(lay.cards[:], lay.up[:]) for p, lay in self.layouts.items()}
        twin.discard = self.discard[:]
        twin.stock = self.stock[:]
        twin.history = self.history[:]
        twin.log = self.log[:]
        twin._flipped = dict(self._flipped)
        twin._points = {p: pts[:] for p, pts in self._points.items()}
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def __copy__(self) -> GolfGame:
        return self.copy()

    def __deepcopy__(self, memo: object) -> GolfGame:
        return self.copy()

    # -- the protocol shared by the engines (cardlib.game.Game) -----------------------

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the hand is over."""
        return None if self.phase == "over" else self.players[self._turn]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal moves now (:data:`PHASE_RULES`; once the hand is
        over, the rule that ended it)."""
        if self.phase == "over":
            return self.ended_by or "GOLF-END"
        return PHASE_RULES[self.phase]

    def legal_moves(self) -> LegalMoves[GolfMove]:
        """The legal moves now, a live view (the same object every time; see LegalMoves)."""
        return LegalMoves(self)

    @staticmethod
    def parse_move(text: str | GolfMove) -> GolfMove:
        return GolfMove.parse(text)

    def play(self, move: str | GolfMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal."""
        mv = GolfMove.parse(move)
        who = self.to_move
        if player is not None:
            self._player(player)
            if who is None:
                self._refuse_over()
            if player != who:
                if mv.kind == "take back":  # one's own last move, whoever's turn it is
                    self._refuse_take_back(player)
                raise RuleViolation(
                    "GOLF-ORDER",
                    f"it is {who}'s turn, not {player}'s: play goes clockwise from the dealer's left",
                )
        if who is None:
            self._refuse_over()
        assert who is not None
        event = self._apply(who, mv)
        self._stamp += 1
        if self._record:
            self.history.append((who, mv))
            self.log.append(event)
        return event

    def result(self) -> Result:
        """Each player's score for the hand (GOLF-COLUMN), lowest first among the winners;
        only once the hand is over."""
        if not self.is_over:
            raise RuleViolation(
                "GOLF-END", "the hand is not over yet: nobody has six cards face up"
            )
        scores = self.scores()
        low = min(scores.values())
        return Result(scores, [p for p in self.players if scores[p] == low])

    def describe(self) -> str:
        state = "the hand is over" if self.is_over else f"{self.to_move} to {self.phase}"
        return (
            f"Six Card Golf ({RULE_SET}), {len(self.players)} players "
            f"({', '.join(self.players)}; {self.dealer} deals); {self.options.describe()}; {state}"
        )

    # -- views -----------------------------------------------------------------------

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def scores(self) -> dict[str, int]:
        """Every player's score counting all six cards, face up or not (the running score)."""
        return {p: sum(self._points[p]) for p in self.players}

    def visible_score(self, player: str) -> int:
        """What the face-up cards of a layout are worth so far: what a player at the table sees."""
        lay = self.layouts[self._player(player)]
        total = 0
        for c in range(3):
            top, bottom = lay.visible(Position(c)), lay.visible(Position(c + 3))
            if top and bottom:
                total += column_points(top, bottom)
            else:
                total += sum(VALUES[x.rank] for x in (top, bottom) if x)
        return total

    def _repr_html_(self) -> str:
        from cardlib.golf import render

        return render.golf_game_html(self)

    def __repr__(self) -> str:
        return f"<GolfGame {self.describe()}>"

    # -- rules -----------------------------------------------------------------------

    def _player(self, name: object) -> str:
        if not isinstance(name, str) or name not in self.players:
            raise NotationError(
                f"{_short(name)} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def _seats_from_dealers_left(self) -> list[str]:
        d = self.players.index(self.dealer)
        return [self.players[(d + 1 + i) % len(self.players)] for i in range(len(self.players))]

    def _first_index(self) -> int:
        return (self.players.index(self.dealer) + 1) % len(self.players)

    def _refuse_over(self) -> None:
        why = (
            f"{self.went_out}'s six cards are all face up"
            if self.ended_by == "GOLF-END"
            else "the stock ran out and the house rule ends the hand"
        )
        raise RuleViolation(self.ended_by or "GOLF-END", f"the hand is over: {why}; no more moves")

    def _refuse_take_back(self, who: str) -> None:
        last = next((m for p, m in reversed(self.history) if p == who), None)
        what = f"{who}'s last move ({last})" if last else "a move"
        raise RuleViolation(
            "GOLF-NO-PEEK", f"{what} cannot be taken back: a choice stands once it is made"
        )

    def _can_draw_stock(self) -> bool:
        """GOLF-DRAW from the stock, or GOLF-STOCK-OUT's reshuffle when it is empty."""
        return bool(self.stock) or (self.options.stock_out == "reshuffle" and len(self.discard) > 1)

    def _legal(self) -> tuple[GolfMove, ...]:
        """The moves :meth:`play` accepts now, listed from the phase of the turn."""
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "draw":  # GOLF-DRAW
            stock, discard = self._can_draw_stock(), bool(self.discard)
            return (DRAW,) * stock + (TAKE,) * discard
        if phase == "place":  # GOLF-REPLACE; GOLF-DISCARD-STOCK; GOLF-TAKE-MUST-REPLACE
            return _REPLACE_OR_DISCARD if self.held_from == "stock" else _REPLACE
        # "flip" (GOLF-FLIP-TWO) or "extra-flip" (GOLF-NO-PEEK): a face-down card
        return _FLIPS_FACE_DOWN[tuple(self.layouts[self.players[self._turn]].up)]

    def _apply(self, who: str, mv: GolfMove) -> Event:
        lay = self.layouts[who]
        kind = mv.kind
        if kind == "peek":
            raise RuleViolation(
                "GOLF-NO-PEEK",
                f"{who} may not look at a face-down card: it stays unseen until it is replaced "
                "or the hand ends",
            )
        if kind == "take back":
            self._refuse_take_back(who)
        if kind == "move":
            raise RuleViolation(
                "GOLF-NO-REARRANGE",
                f"{who} may not move the card at {mv.position} to {mv.to}: cards only change "
                "place by being replaced",
            )
        if self.phase == "flip":
            return self._flip_opening(who, lay, mv)
        if self.phase == "extra-flip":
            return self._extra_flip(who, lay, mv)
        if kind == "flip" or kind == "pass":
            raise RuleViolation(
                "GOLF-NO-PEEK",
                f"{who} may not turn a card over now: after the opening two, a face-down card is "
                "only turned up by replacing it",
            )
        if self.phase == "draw":
            if kind == "draw":
                return self._draw(who, mv)
            if kind == "take":
                return self._take(who, mv)
            raise RuleViolation(
                "GOLF-DRAW",
                f"{who} must draw first: take the top card of the stock or of the discard pile, "
                f"then {kind}",
            )
        # phase == "place"
        held = self.holding
        assert held is not None
        if kind == "draw" or kind == "take":
            raise RuleViolation(
                "GOLF-DRAW",
                f"{who} already holds {held} from the {self.held_from}: one card a turn; "
                "replace one of your cards with it"
                + (" or discard it" if self.held_from == "stock" else ""),
            )
        if kind == "discard":
            if self.held_from == "discard":
                raise RuleViolation(
                    "GOLF-TAKE-MUST-REPLACE",
                    f"{who} took {held} from the discard pile, so it must replace one of "
                    f"{who}'s cards; it cannot go straight back",
                )
            return self._discard(who, lay, mv)
        assert kind == "replace" and mv.position is not None
        return self._replace(who, lay, mv)

    def _flip_opening(self, who: str, lay: Layout, mv: GolfMove) -> Event:
        left = 2 - self._flipped[who]
        if mv.kind != "flip":
            raise RuleViolation(
                "GOLF-FLIP-TWO",
                f"first every player turns two cards face up: {who} still has {left} to turn",
            )
        pos = mv.position
        assert pos is not None
        if lay.up[pos]:
            raise RuleViolation(
                "GOLF-FLIP-TWO",
                f"{who}'s {pos.words} card ({lay.cards[pos]}) is already face up: turn a face-down one",
            )
        lay.up[pos] = True
        self._flipped[who] += 1
        card = lay.cards[pos]
        facts = [
            Fact(
                "flip",
                _R_FLIP,
                "{} turns up {.words}: {}",
                (who, pos, card),
                who,
                (card,),
                None,
                pos,
            )
        ]
        if self._flipped[who] == 2:
            self._turn = (self._turn + 1) % len(self.players)
            if self._turn == self._first_index():
                self.phase = "draw"
                first = self.players[self._turn]
                facts.append(
                    Fact(
                        "first",
                        _R_ORDER,
                        "everyone has turned two, {} plays first",
                        (first,),
                        first,
                    )
                )
        return Event(who, mv, tuple(facts))

    def _draw(self, who: str, mv: GolfMove) -> Event:
        if not self.stock:
            if self.options.stock_out is None:
                raise RuleViolation(
                    "GOLF-STOCK-OUT",
                    "the stock is empty and no house rule for that was agreed: take the top "
                    "of the discard pile instead, or agree stock_out='reshuffle' or 'end'",
                )
            if self.options.stock_out == "end":
                raise RuleViolation(
                    "GOLF-STOCK-OUT",
                    "the stock is empty, and the house rule agreed ends the hand rather than "
                    "refilling it: take the top of the discard pile",
                )
            if len(self.discard) < 2:
                raise RuleViolation(
                    "GOLF-STOCK-OUT",
                    "the stock is empty and there are no discards to reshuffle",
                )
            top = self.discard.pop()
            self.stock = _shuffled(self.discard, self._rng)
            self.discard = [top]
            card = self.stock.pop()
            self.holding, self.held_from, self.phase = card, "stock", "place"
            fact = Fact(
                "draw",
                _R_RESHUFFLE,
                "{} draws {} from the stock (the stock was empty: {} discards reshuffled into "
                "a new stock)",
                (who, card, len(self.stock) + 1),
                who,
                (card,),
                "stock",
                len(self.stock) + 1,
            )
            return Event(who, mv, (fact,))
        card = self.stock.pop()
        self.holding, self.held_from, self.phase = card, "stock", "place"
        fact = Fact(
            "draw", _R_DRAW, "{} draws {} from the stock", (who, card), who, (card,), "stock", 0
        )
        return Event(who, mv, (fact,))

    def _take(self, who: str, mv: GolfMove) -> Event:
        if not self.discard:
            raise RuleViolation("GOLF-DRAW", "the discard pile is empty: draw from the stock")
        card = self.discard.pop()
        self.holding, self.held_from, self.phase = card, "discard", "place"
        text = "{} takes {} from the discard pile and must use it"
        return Event(who, mv, (Fact("take", _R_TAKE, text, (who, card), who, (card,), "discard"),))

    def _replace(self, who: str, lay: Layout, mv: GolfMove) -> Event:
        pos = mv.position
        assert pos is not None
        new = self.holding
        assert new is not None
        old, was_up = lay.cards[pos], lay.up[pos]
        lay.cards[pos], lay.up[pos] = new, True
        self.discard.append(old)
        self.revealed = None if was_up else old
        col = pos % 3
        self._points[who][col] = column_points(lay.cards[col], lay.cards[col + 3])
        self.holding = self.held_from = None
        if was_up:
            fact = Fact(
                "replace",
                _R_REPLACE_UP,
                "{} puts {} at {.words} in place of the face-up {}; {} goes onto the discard pile",
                (who, new, pos, old, old),
                who,
                (new, old),
                None,
                pos,
            )
        else:
            fact = Fact(
                "replace",
                _R_REPLACE_DOWN,
                "{} puts {} at {.words} in place of a face-down card, revealed as {}; "
                "{} goes onto the discard pile",
                (who, new, pos, old, old),
                who,
                (new, old),
                None,
                pos,
            )
        return self._end_turn(who, lay, mv, [fact])

    def _discard(self, who: str, lay: Layout, mv: GolfMove) -> Event:
        card = self.holding
        assert card is not None
        self.discard.append(card)
        self.holding = self.held_from = None
        self.revealed = None
        if self.options.extra_flip and not lay.all_up:
            self.phase = "extra-flip"
            text = "{} discards {}; the layout is unchanged, and {} must now turn one face-down card up (variant)"
            fact = Fact("discard", _R_DISCARD, text, (who, card, who), who, (card,))
            return Event(who, mv, (fact,))
        text = "{} discards {}; the layout is unchanged"
        return self._end_turn(
            who, lay, mv, [Fact("discard", _R_DISCARD, text, (who, card), who, (card,))]
        )

    def _extra_flip(self, who: str, lay: Layout, mv: GolfMove) -> Event:
        if mv.kind != "flip":
            raise RuleViolation(
                "GOLF-NO-PEEK",
                f"{who} must now turn one face-down card up: in the extra-flip variant the flip "
                "after a discard is compulsory",
            )
        pos = mv.position
        assert pos is not None
        if lay.up[pos]:
            raise RuleViolation("GOLF-NO-PEEK", f"{who}'s {pos.words} card is already face up")
        lay.up[pos] = True
        card = lay.cards[pos]
        text = "{} turns up {.words}: {} (extra-flip variant)"
        fact = Fact("extra-flip", _R_NO_PEEK, text, (who, pos, card), who, (card,), None, pos)
        return self._end_turn(who, lay, mv, [fact])

    def _end_turn(self, who: str, lay: Layout, mv: GolfMove, facts: list[Fact]) -> Event:
        if self._final_turns is not None:
            self._final_turns -= 1
        elif all(lay.up):
            self.went_out = who
            if not self.options.last_turns:
                text = "all six of {}'s cards are face up, so the hand ends"
                return self._end(who, mv, facts, "GOLF-END", _R_END, text, (who,))
            self._final_turns = len(self.players) - 1
            text = "all six of {}'s cards are face up: everyone else has one more turn (variant)"
            facts.append(Fact("went-out", (), text, (who,), who))
        if self._final_turns == 0:
            text = "the last turns are played and the hand ends"
            return self._end(who, mv, facts, "GOLF-END", _R_END, text, ())
        if not self.stock and self.options.stock_out == "end":
            text = "the stock is empty, so the hand ends (house rule)"
            return self._end(who, mv, facts, "GOLF-STOCK-OUT", _R_STOCK_OUT, text, ())
        self.phase = "draw"
        self._turn = (self._turn + 1) % len(self.players)
        nxt = self.players[self._turn]
        facts.append(Fact("next", (), "{} is next", (nxt,), nxt))
        return Event(who, mv, tuple(facts))

    def _end(
        self,
        who: str,
        mv: GolfMove,
        facts: list[Fact],
        rule: str,
        rules: tuple[str, ...],
        text: str,
        words: tuple[str, ...],
    ) -> Event:
        self._finish(rule)
        facts.append(Fact("end", rules, text, words, None, (), None, self.scores()))
        return Event(who, mv, tuple(facts))

    def _finish(self, rule: str) -> None:
        self.phase = "over"
        self.ended_by = rule
        for lay in self.layouts.values():
            lay.up = [True] * 6


def _shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """``cards`` in a new order drawn from the game's generator (a seeded shuffle: the same
    seed gives the same deal and the same reshuffles)."""
    order = list(cards)
    shuffle(order, random.Random(rng.random()))
    return order


def _short(value: object) -> str:
    """``repr(value)``, cut short: error messages quote odd input without repeating all of it."""
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "...(" + str(len(text)) + " characters)"


def _conforms(game: GolfGame) -> Game:
    """mypy checks here that :class:`GolfGame` satisfies :class:`cardlib.game.Game`."""
    return game


def _check_pack(cards: Sequence[Card], *, complete: bool) -> None:
    dup = find_duplicate(cards)
    if dup is not None:
        raise RuleViolation(
            "GOLF-DECK", f"{dup} appears twice, but the one pack has each card once"
        )
    if complete and len(cards) != 52:
        raise RuleViolation(
            "GOLF-DECK",
            f"a Golf deal uses the whole 52-card pack, got {len(cards)} cards",
        )


@dataclass
class GolfMatch:
    """A nine-hole match (GOLF-MATCH): hole scores kept with their signs, lowest total wins."""

    players: tuple[str, ...]
    holes: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.players = tuple(self.players)
        for p in self.players:
            self.holes.setdefault(p, [])

    def record(self, scores: Mapping[str, int]) -> None:
        """Add one hole's scores, one for every player."""
        if set(scores) != set(self.players):
            raise NotationError(f"a hole needs a score for each of {', '.join(self.players)}")
        if self.holes_played >= HOLES_IN_MATCH:
            raise RuleViolation(
                "GOLF-MATCH",
                f"a match is {HOLES_IN_MATCH} holes and they have all been played",
            )
        for p in self.players:
            self.holes[p].append(int(scores[p]))

    @property
    def holes_played(self) -> int:
        return min((len(v) for v in self.holes.values()), default=0)

    @property
    def is_over(self) -> bool:
        return self.holes_played == HOLES_IN_MATCH

    def totals(self) -> dict[str, int]:
        return {p: sum(self.holes[p]) for p in self.players}

    def winners(self) -> list[str]:
        """The players with the lowest total once all nine holes are played (more than one is a tie)."""
        if not self.is_over:
            raise RuleViolation(
                "GOLF-MATCH",
                f"the match is {HOLES_IN_MATCH} holes and only {self.holes_played} are played",
            )
        totals = self.totals()
        low = min(totals.values())
        return [p for p in self.players if totals[p] == low]

    def hole_wins(self) -> dict[str, int]:
        """How many holes each player had the (shared) lowest score on: not what decides the match."""
        wins = {p: 0 for p in self.players}
        for i in range(self.holes_played):
            low = min(self.holes[p][i] for p in self.players)
            for p in self.players:
                wins[p] += self.holes[p][i] == low
        return wins
