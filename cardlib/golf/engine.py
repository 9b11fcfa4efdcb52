"""Six Card Golf: the rule set ``bicycle-pagat`` (Bicycle's six-card game with Pagat's limits).

Every rule is enforced here and every refusal is a :class:`RuleViolation` carrying its ID::

    >>> game = GolfGame(["Ann", "Ben", "Cy"], seed=1)
    >>> game.stock_size          # GOLF-DEAL: 52 - 3*6 - 1
    33
    >>> game.play("flip TL")     # Ann turns her top-left card (GOLF-FLIP-TWO)
    ...

Moves are written as text and read by :meth:`GolfMove.parse`: ``flip TL``, ``draw``
(top of the stock), ``take`` (top of the discard pile), ``replace BL``, ``discard``,
``pass`` (only in the extra-flip variant).  Some moves are never legal and exist so that
an example can show they are refused: ``peek BL``, ``take back``, ``move TL BR``.
"""

from __future__ import annotations

import copy
import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardlib.cards import Card, Rank, find_duplicate, shuffled, standard_deck
from cardlib.errors import NotationError, RuleViolation
from cardlib.legal import LegalMovesView

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
                f"{text!r} is not a position: write TL, TM, TR, BL, BM or BR "
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
        arity = _ARITY.get(self.kind)
        if arity is None:
            raise NotationError(f"{self.kind!r} is not a Golf move")
        given = (self.position is not None) + (self.to is not None)
        if given != arity:
            raise NotationError(f"{self.kind!r} takes {arity} position(s), got {given}")

    @classmethod
    def parse(cls, text: str | GolfMove) -> GolfMove:
        if isinstance(text, GolfMove):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Golf move")
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
            f"{text!r} is not a Golf move: write flip TL, draw, take, replace BL, discard or pass"
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
    variants the article names and does not use; they are off by default.
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


def column_score(top: Card, bottom: Card) -> ColumnScore:
    """Score one column (GOLF-COLUMN, GOLF-PAIR-TWOS, GOLF-VALUES)."""
    t, b = VALUES[top.rank], VALUES[bottom.rank]
    if top.rank == bottom.rank == Rank.TWO:
        return ColumnScore(top, bottom, 0, "GOLF-PAIR-TWOS", "two 2s pair: 0, not -4")
    if top.rank == bottom.rank:
        return ColumnScore(top, bottom, 0, "GOLF-COLUMN", f"pair of {top.rank}s: 0")
    if t == b:
        return ColumnScore(
            top,
            bottom,
            t + b,
            "GOLF-COLUMN",
            f"{top.rank} and {bottom.rank} are worth the same but are not the same rank: "
            f"{t} + {b} = {t + b}",
        )
    named = f"{top.rank} + {bottom.rank}"
    valued = f"{t} + {_signed(b)}"
    sums = f"{named} = {valued}" if named != valued else named
    return ColumnScore(top, bottom, t + b, "GOLF-VALUES", f"{sums} = {t + b}")


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


@dataclass(frozen=True, slots=True)
class Event:
    """What a move did, in words, and the rules that decided it (the checker's narration)."""

    player: str
    move: GolfMove
    text: str
    rules: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.rules)}]"


Phase = Literal["flip", "draw", "place", "extra-flip", "over"]


class LegalMoves(LegalMovesView[GolfMove]):
    """The legal moves now: supports ``in``, ``len``, indexing, iteration and a readable repr."""

    __slots__ = ()
    _parse = staticmethod(GolfMove.parse)


class GolfGame:
    """One hand (hole) of Six Card Golf.

    ``players`` are named in clockwise seat order; ``dealer`` defaults to the last, so the
    first named player plays first (GOLF-ORDER).  The deal comes from ``deck`` (52 cards,
    top first) when given, otherwise from the standard pack shuffled with ``seed``.
    """

    game = "golf"

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: GolfOptions | None = None,
        seed: int | str | None = 0,
        deck: Sequence[Card | str] | None = None,
    ) -> None:
        self._setup_players(players, dealer, options, seed)
        if deck is None:
            order = shuffled(standard_deck(), self._rng.random())
        else:
            order = [Card.parse(c) if isinstance(c, str) else c for c in deck]
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
    ) -> None:
        names = [str(p) for p in players]
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
            p: [c.points for c in self.layouts[p].score().columns] for p in self.players
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
    ) -> GolfGame:
        """A hand in mid-play, as an article describes it.

        ``layouts[player][position] = (card or None, face_up)``; positions left out are
        face down.  ``discard`` is listed bottom to top, ``stock`` top first.  Every card
        not named is filled in from the rest of the pack, shuffled with ``seed``, so the
        52 cards are still all present exactly once.  Play resumes at the draw of
        ``to_move`` (default: the dealer's left).
        """
        self = cls.__new__(cls)
        self._setup_players(players, dealer, options, seed)
        for name in layouts:
            self._player(name)
        named: list[Card] = [
            c for lay in layouts.values() for c, _ in lay.values() if c is not None
        ]
        named += list(discard) + list(stock)
        _check_pack(named, complete=False)
        rest = [c for c in shuffled(standard_deck(), self._rng.random()) if c not in set(named)]
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
        return copy.deepcopy(self)

    # -- the protocol shared by the engines ------------------------------------------

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the hand is over."""
        return None if self.phase == "over" else self.players[self._turn]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def play(self, move: str | GolfMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal."""
        mv = GolfMove.parse(move)
        who = self.to_move
        if player is not None:
            self._player(player)
            if self.phase == "over":
                self._refuse_over()
            if player != who:
                raise RuleViolation(
                    "GOLF-ORDER",
                    f"it is {who}'s turn, not {player}'s: play goes clockwise from the dealer's left",
                )
        if self.phase == "over":
            self._refuse_over()
        assert who is not None
        event = self._apply(who, mv)
        self.history.append((who, mv))
        self.log.append(event)
        return event

    def result(self) -> dict[str, int]:
        """Each player's score for the hand (GOLF-COLUMN); only once the hand is over."""
        if not self.is_over:
            raise RuleViolation(
                "GOLF-END", "the hand is not over yet: nobody has six cards face up"
            )
        return self.scores()

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
                total += column_score(top, bottom).points
            else:
                total += sum(VALUES[x.rank] for x in (top, bottom) if x)
        return total

    def _repr_html_(self) -> str:
        from cardlib.golf import render

        return render.golf_game_html(self)

    def __repr__(self) -> str:
        return f"<GolfGame {self.describe()}>"

    # -- rules -----------------------------------------------------------------------

    def _player(self, name: str | None) -> str:
        if name not in self.players:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.players)}"
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

    def _can_draw_stock(self) -> bool:
        return bool(self.stock) or (self.options.stock_out == "reshuffle" and len(self.discard) > 1)

    def _legal(self) -> list[GolfMove]:
        who = self.to_move
        if who is None:
            return []
        lay = self.layouts[who]
        if self.phase == "flip" or self.phase == "extra-flip":
            moves = [GolfMove("flip", p) for p in lay.face_down]
            return moves + [GolfMove("pass")] if self.phase == "extra-flip" else moves
        if self.phase == "draw":
            moves = []
            if self._can_draw_stock():
                moves.append(GolfMove("draw"))
            if self.discard:
                moves.append(GolfMove("take"))
            return moves
        moves = [GolfMove("replace", p) for p in Position]
        if self.held_from == "stock":
            moves.append(GolfMove("discard"))
        return moves

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
            last = next((m for p, m in reversed(self.history) if p == who), None)
            what = f"{who}'s last move ({last})" if last else "a move"
            raise RuleViolation(
                "GOLF-NO-PEEK",
                f"{what} cannot be taken back: a choice stands once it is made",
            )
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
        if kind in ("flip", "pass"):
            raise RuleViolation(
                "GOLF-NO-PEEK",
                f"{who} may not turn a card over now: after the opening two, a face-down card is "
                "only turned up by replacing it",
            )
        if self.phase == "draw":
            if kind == "draw":
                return self._draw(who)
            if kind == "take":
                return self._take(who)
            raise RuleViolation(
                "GOLF-DRAW",
                f"{who} must draw first: take the top card of the stock or of the discard pile, "
                f"then {kind}",
            )
        # phase == "place"
        held = self.holding
        assert held is not None
        if kind in ("draw", "take"):
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
            return self._discard(who, lay)
        assert kind == "replace" and mv.position is not None
        return self._replace(who, lay, mv.position)

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
        text = f"{who} turns up {pos.words}: {lay.cards[pos]}"
        if self._flipped[who] == 2:
            self._turn = (self._turn + 1) % len(self.players)
            if self._turn == self._first_index():
                self.phase = "draw"
                text += f"; everyone has turned two, {self.to_move} plays first"
        return Event(
            who,
            mv,
            text,
            ("GOLF-FLIP-TWO",) + (("GOLF-ORDER",) if self.phase == "draw" else ()),
        )

    def _draw(self, who: str) -> Event:
        rules: tuple[str, ...] = ("GOLF-DRAW",)
        note = ""
        if not self.stock:
            if self.options.stock_out is None:
                raise RuleViolation(
                    "GOLF-STOCK-OUT",
                    "the stock is empty and no house rule for that was agreed: take the top "
                    "of the discard pile instead, or agree stock_out='reshuffle' or 'end'",
                )
            if len(self.discard) < 2:
                raise RuleViolation(
                    "GOLF-STOCK-OUT",
                    "the stock is empty and there are no discards to reshuffle",
                )
            top = self.discard.pop()
            self.stock = shuffled(self.discard, self._rng.random())
            self.discard = [top]
            note = f" (the stock was empty: {len(self.stock)} discards reshuffled into a new stock)"
            rules = ("GOLF-STOCK-OUT", "GOLF-DRAW")
        card = self.stock.pop()
        self.holding, self.held_from, self.phase = card, "stock", "place"
        return Event(who, GolfMove("draw"), f"{who} draws {card} from the stock{note}", rules)

    def _take(self, who: str) -> Event:
        if not self.discard:
            raise RuleViolation("GOLF-DRAW", "the discard pile is empty: draw from the stock")
        card = self.discard.pop()
        self.holding, self.held_from, self.phase = card, "discard", "place"
        return Event(
            who,
            GolfMove("take"),
            f"{who} takes {card} from the discard pile and must use it",
            ("GOLF-DRAW", "GOLF-TAKE-MUST-REPLACE"),
        )

    def _replace(self, who: str, lay: Layout, pos: Position) -> Event:
        new = self.holding
        assert new is not None
        old, was_up = lay.cards[pos], lay.up[pos]
        lay.cards[pos], lay.up[pos] = new, True
        self.discard.append(old)
        self.revealed = None if was_up else old
        col = pos.column
        self._points[who][col] = column_score(lay.cards[col], lay.cards[col + 3]).points
        self.holding = self.held_from = None
        how = f"the face-up {old}" if was_up else f"a face-down card, revealed as {old}"
        text = (
            f"{who} puts {new} at {pos.words} in place of {how}; {old} goes onto the discard pile"
        )
        return self._end_turn(
            who,
            GolfMove("replace", pos),
            text,
            ("GOLF-REPLACE",) + (() if was_up else ("GOLF-NO-PEEK",)),
        )

    def _discard(self, who: str, lay: Layout) -> Event:
        card = self.holding
        assert card is not None
        self.discard.append(card)
        self.holding = self.held_from = None
        self.revealed = None
        text = f"{who} discards {card}; the layout is unchanged"
        if self.options.extra_flip and lay.face_down:
            self.phase = "extra-flip"
            return Event(
                who,
                GolfMove("discard"),
                text + " and may turn one face-down card up (variant)",
                ("GOLF-DISCARD-STOCK",),
            )
        return self._end_turn(who, GolfMove("discard"), text, ("GOLF-DISCARD-STOCK",))

    def _extra_flip(self, who: str, lay: Layout, mv: GolfMove) -> Event:
        if mv.kind == "pass":
            return self._end_turn(
                who,
                mv,
                f"{who} leaves the face-down cards as they are",
                ("GOLF-NO-PEEK",),
            )
        if mv.kind != "flip" or mv.position is None:
            raise RuleViolation(
                "GOLF-NO-PEEK", f"{who} may now turn one face-down card up, or pass"
            )
        if lay.up[mv.position]:
            raise RuleViolation(
                "GOLF-NO-PEEK", f"{who}'s {mv.position.words} card is already face up"
            )
        lay.up[mv.position] = True
        return self._end_turn(
            who,
            mv,
            f"{who} turns up {mv.position.words}: {lay.cards[mv.position]} (extra-flip variant)",
            ("GOLF-NO-PEEK",),
        )

    def _end_turn(self, who: str, mv: GolfMove, text: str, rules: tuple[str, ...]) -> Event:
        lay = self.layouts[who]
        if self._final_turns is not None:
            self._final_turns -= 1
        elif lay.all_up:
            self.went_out = who
            if not self.options.last_turns:
                self._finish("GOLF-END")
                return Event(
                    who,
                    mv,
                    text + f"; all six of {who}'s cards are face up, so the hand ends",
                    rules + ("GOLF-END",),
                )
            self._final_turns = len(self.players) - 1
            text += (
                f"; all six of {who}'s cards are face up: everyone else has one more turn (variant)"
            )
        if self._final_turns == 0:
            self._finish("GOLF-END")
            return Event(
                who,
                mv,
                text + "; the last turns are played and the hand ends",
                rules + ("GOLF-END",),
            )
        if self.options.stock_out == "end" and not self.stock:
            self._finish("GOLF-STOCK-OUT")
            return Event(
                who,
                mv,
                text + "; the stock is empty, so the hand ends (house rule)",
                rules + ("GOLF-STOCK-OUT",),
            )
        self.phase = "draw"
        self._turn = (self._turn + 1) % len(self.players)
        return Event(who, mv, text + f"; {self.to_move} is next", rules)

    def _finish(self, rule: str) -> None:
        self.phase = "over"
        self.ended_by = rule
        for lay in self.layouts.values():
            lay.up = [True] * 6


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
