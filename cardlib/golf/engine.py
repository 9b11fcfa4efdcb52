"""Six Card Golf: the rule set ``bicycle-pagat`` (Bicycle's six-card game with Pagat's limits).

:class:`GolfGame` is one hand over plain state (layouts, stock and discard pile as lists of
cards).  Each rule of the catalogue is one function marked with its ID
(:func:`~cardlib.catalogue.enforces`): the values and columns in :mod:`cardlib.golf.scoring`,
the pack and the deal in :mod:`cardlib.golf.layout`, the rules of a turn in
:mod:`cardlib.golf.turn`, the match in :mod:`cardlib.golf.match`; the notation is
:mod:`cardlib.golf.moves`.  Every refusal is a :class:`RuleViolation` carrying its ID::

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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardlib import arguments
from cardlib.arguments import card, flag, options_of, shown, whole
from cardlib.cards import Card, seeded, standard_deck
from cardlib.errors import NotationError
from cardlib.game import Event, Game, LegalMoves, Result
from cardlib.golf import turn
from cardlib.golf.layout import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Layout,
    Unnamed,
    deal,
    one_pack,
    shuffled,
)
from cardlib.golf.match import HOLES_IN_MATCH, GolfMatch
from cardlib.golf.moves import COLUMNS, DISCARD, DRAW, TAKE, GolfMove, MoveKind, Position, short
from cardlib.golf.scoring import (
    VALUES,
    ColumnScore,
    LayoutScore,
    column_points,
    column_score,
    score_layout,
    seen_worth,
)
from cardlib.golf.view import GolfView
from cardlib.refusal import refuse

# The engine's names, wherever they are defined: ``from cardlib.golf.engine import ...``
# keeps working for the widgets, the pictures and the claims.
__all__ = [
    "COLUMNS",
    "DISCARD",
    "DRAW",
    "HOLES_IN_MATCH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PHASE_RULES",
    "RULE_SET",
    "TAKE",
    "VALUES",
    "ColumnScore",
    "GolfGame",
    "GolfMatch",
    "GolfMove",
    "GolfOptions",
    "Layout",
    "LayoutScore",
    "MoveKind",
    "Phase",
    "Position",
    "column_points",
    "column_score",
    "score_layout",
]

RULE_SET = "bicycle-pagat"


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
        # The example format's values, and only those: a switch is true or false, so that
        # extra_flip="no" is refused rather than read as on.
        if not isinstance(self.stock_out, str | None) or self.stock_out not in (
            None,
            "reshuffle",
            "end",
        ):
            raise NotationError(
                f"stock_out {shown(self.stock_out)} is not a house rule: use 'reshuffle', 'end' or None"
            )
        flag(self.extra_flip, "extra_flip")
        flag(self.last_turns, "last_turns")

    @classmethod
    def of(cls, options: GolfOptions | Mapping[str, object] | None) -> GolfOptions:
        """The options a table agreed: a :class:`GolfOptions`, the same as a mapping (as the
        example format writes them), or None for the defaults."""
        return options_of(cls, options, "Golf")

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


Phase = Literal["flip", "draw", "place", "extra-flip", "over"]

#: The rule that decides which moves are legal in each phase of a turn (the hand over:
#: the rule that ended it, :attr:`GolfGame.ended_by`).
PHASE_RULES: Mapping[str, str] = {
    "flip": "GOLF-FLIP-TWO",
    "draw": "GOLF-DRAW",
    "place": "GOLF-REPLACE",
    "extra-flip": "GOLF-NO-PEEK",
}


class GolfGame:
    """One hand (hole) of Six Card Golf.

    ``players`` are named in clockwise seat order; ``dealer`` defaults to the last, so the
    first named player plays first (GOLF-ORDER).  The deal comes from ``deck`` (52 cards,
    top first) when given, otherwise from the standard pack shuffled with ``seed``.  With
    ``record=False`` the game keeps no history and no log of events (bulk simulation).

    The state is plain: ``layouts`` (player -> :class:`Layout`), ``stock`` (top card last)
    and ``discard`` (top card last) are lists of cards; ``phase`` is the step of the turn;
    ``holding`` and ``held_from`` the card drawn and where from.
    """

    game: ClassVar[str] = "golf"
    #: how many moves have been made (the legal-moves view lists once a position)
    moves_made: int = 0
    layouts: dict[str, Layout]
    stock: list[Card]
    discard: list[Card]

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: GolfOptions | Mapping[str, object] | None = None,
        seed: int | str | None = 0,
        deck: Sequence[Card | str] | None = None,
        reshuffle: Sequence[Card | str] | None = None,
        record: bool = True,
    ) -> None:
        self._setup_players(players, dealer, options, seed, record)
        self._stated_reshuffle(reshuffle)
        if deck is None:
            pack = shuffled(standard_deck(), self._rng)
        else:
            if isinstance(deck, str) or not isinstance(deck, Sequence):
                raise NotationError(f"a deck is a list of 52 cards, not {shown(deck)}")
            pack = [card(c) for c in deck]
            refuse(one_pack(self.players, pack, complete=True))
        layouts, discard, stock = deal(self._seats_from_dealers_left(), pack)
        self.layouts = {p: layouts[p] for p in self.players}
        self.discard, self.stock = discard, stock
        self.phase: Phase = "flip"
        self.seat = self.first_seat()

    # -- construction ---------------------------------------------------------------

    def _setup_players(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: GolfOptions | Mapping[str, object] | None,
        seed: int | str | None,
        record: bool,
    ) -> None:
        names = arguments.player_names(players)
        refuse(one_pack(names))
        self.players: tuple[str, ...] = names
        self.dealer = self.players[-1] if dealer is None else self._player(dealer)
        self.options = GolfOptions.of(options)
        self.seed = arguments.seed(seed)
        self._rng = seeded(seed)
        self._record = flag(record, "record")
        self.history: list[tuple[str, GolfMove]] = []
        self.log: list[Event] = []
        self.holding: Card | None = None
        self.held_from: Literal["stock", "discard"] | None = None
        self.revealed: Card | None = None
        self.went_out: str | None = None
        self.last_turns_left: int | None = None
        self.ended_by: str | None = None

    def _stated_reshuffle(self, order: Sequence[Card | str] | None) -> None:
        # GOLF-STOCK-OUT's 'reshuffle' shuffles the discards into a new stock; an example can
        # name the cards that came out on top (top first), as it can name a stock's.
        self.reshuffle: tuple[Card, ...] | None = None
        if order is not None:
            if order and self.options.stock_out != "reshuffle":
                raise NotationError(
                    "a reshuffle order is named, but the house rule agreed is not stock_out='reshuffle'"
                )
            named = _cards(order, "reshuffle")
            if len(set(named)) != len(named):
                raise NotationError("a card is named twice in the reshuffle")
            self.reshuffle = tuple(named)

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
        options: GolfOptions | Mapping[str, object] | None = None,
        seed: int | str | None = 0,
        reshuffle: Sequence[Card | str] | None = None,
        went_out: str | None = None,
        record: bool = True,
    ) -> GolfGame:
        """A hand in mid-play, as an article describes it.

        ``layouts[player][position] = (card or None, face_up)``; positions left out are
        face down.  ``discard`` is listed bottom to top, ``stock`` top first.  Every card
        not named is filled in from the rest of the pack, shuffled with ``seed``, so the
        52 cards are still all present exactly once.  Play resumes at the draw of
        ``to_move`` (default: the dealer's left).

        A position where a player has all six cards face up is a hand that has ended
        (GOLF-END), unless the last-turns variant is played and the position says who
        ``went_out``: the others' last turns are then still owed, from ``to_move`` round
        to the player before ``went_out``.
        """
        self = cls.__new__(cls)
        self._setup_players(players, dealer, options, seed, record)
        self._stated_reshuffle(reshuffle)
        if not isinstance(layouts, Mapping):
            raise NotationError(f"layouts map each player to their cards, not {shown(layouts)}")
        layouts = {self._player(name): _position_cards(lay) for name, lay in layouts.items()}
        discard, stock = _cards(discard, "discard"), _cards(stock, "stock")
        if stock_size is not None:
            whole(stock_size, "stock_size", minimum=0)
        if to_move is not None:
            self._player(to_move)
        named: list[Card] = [
            c for lay in layouts.values() for c, _ in lay.values() if c is not None
        ]
        named += discard + stock
        # The position has to fit in the one pack (GOLF-DECK): the unnamed cards of the
        # layouts, then the unnamed part of the stock, come from what the pack has left.
        blanks = sum(
            layouts.get(p, {}).get(pos, (None, False))[0] is None
            for p in self.players
            for pos in Position
        )
        refuse(one_pack(self.players, named, unnamed=Unnamed(blanks, stock_size, len(stock))))
        taken = set(named)
        rest = [c for c in shuffled(standard_deck(), self._rng) if c not in taken]
        self.layouts = {}
        for p in self.players:
            given = layouts.get(p, {})
            cards, up = [], []
            for pos in Position:
                card, face_up = given.get(pos, (None, False))
                if card is None:
                    card = rest.pop()
                cards.append(card)
                up.append(face_up)
            self.layouts[p] = Layout(cards, up)
        if stock_size is not None:
            if stock_size < len(stock):
                raise NotationError(
                    f"stock_size {stock_size} is smaller than the {len(stock)} cards named"
                )
            under = [rest.pop() for _ in range(stock_size - len(stock))]
            self.stock = (list(stock) + under)[::-1]
            self.discard = rest + list(discard)
        else:
            self.stock = (list(stock) + rest)[::-1]
            self.discard = list(discard)
        self.seat = self.players.index(self._player(to_move)) if to_move else self.first_seat()
        self.phase = "draw"
        done = [p for p in self.players if self.layouts[p].all_up]
        if went_out is not None:
            turn.last_turns_owed(self, self._player(went_out), to_move is not None)
        elif done:
            self.went_out = done[0]
            turn.finish(self, "GOLF-END")
        elif not self.stock and self.options.stock_out == "end":
            # GOLF-STOCK-OUT's 'end': the turn that left the stock empty ended the hand, so
            # a position with no stock under that house rule is a hand already over.
            turn.finish(self, "GOLF-STOCK-OUT")
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
        return None if self.phase == "over" else self.players[self.seat]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal moves now (:data:`PHASE_RULES`; once the hand is
        over, the rule that ended it)."""
        return self.end_rule if self.phase == "over" else PHASE_RULES[self.phase]

    @property
    def turn_rule(self) -> str:
        """The rule that says whose turn it is: GOLF-FLIP-TWO while the players turn up
        their two cards, then GOLF-ORDER (clockwise from the dealer's left); once the hand is
        over, the rule that ended it."""
        if self.phase == "over":
            return self.end_rule
        return "GOLF-FLIP-TWO" if self.phase == "flip" else "GOLF-ORDER"

    @property
    def end_rule(self) -> str:
        """The rule that ended the hand (GOLF-END, or GOLF-STOCK-OUT when the stock ran
        out under ``stock_out='end'``), or GOLF-END, the rule that will end it."""
        return self.ended_by or "GOLF-END"

    def legal_moves(self) -> LegalMoves[GolfMove]:
        """The legal moves now, a live view (see :class:`~cardlib.game.LegalMoves`)."""
        return LegalMoves(self)

    def _legal(self) -> tuple[GolfMove, ...]:
        """What the view lists: the moves of this step of the turn, built legal
        (:func:`turn.legal`)."""
        return turn.legal(self)

    @staticmethod
    def parse_move(text: str | GolfMove) -> GolfMove:
        return GolfMove.parse(text)

    @staticmethod
    def read_move(text: str | GolfMove) -> GolfMove | None:
        """The move ``text`` names, or None (:meth:`parse_move` without the error)."""
        return GolfMove.read(text)

    def play(self, move: str | GolfMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal
        (the game unchanged).  The checked door: text or a move, by anyone."""
        mv = GolfMove.parse(move)
        who = self.players[self.seat] if player is None else self._player(player)
        refused = turn.refusal(self, who, mv)
        if refused is not None:
            raise refused.error()
        return self._made(who, mv)

    def make(self, move: str | GolfMove) -> Event:
        """Make a move just taken from :meth:`legal_moves` of this position, for the player
        to move, without judging it again: the trusted path (python-chess's ``push`` beside
        ``push_san``) of the bots, ``simulate`` and the benchmarks.  It is looked up in the
        listing, which is legal by construction; a move that is not listed goes through
        :meth:`play`, whose rules refuse it (the game unchanged)."""
        mv = GolfMove.parse(move)
        if mv not in turn.legal(self):
            return self.play(mv)
        return self._made(self.players[self.seat], mv)

    def _made(self, who: str, mv: GolfMove) -> Event:
        event = turn.make(self, who, mv)
        self.moves_made += 1
        if self._record:
            self.history.append((who, mv))
            self.log.append(event)
        return event

    def result(self) -> Result:
        """Each player's score for the hand (GOLF-COLUMN), lowest first among the winners;
        only once the hand is over."""
        refused = turn.end_of_hand(self)
        if refused is not None:
            raise refused.error()
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

    def view(self, player: str) -> GolfView:
        """What ``player`` may know now (:class:`~cardlib.golf.view.GolfView`): the face-up
        cards, the discard pile, the stock's size, the card they hold, the moves made, and
        their legal moves; a copy, so it never shows what they could not see."""
        who = self._player(player)
        sees_held = self.held_from == "discard" or who == self.to_move
        refused = turn.turn_refusal(self, who)  # any move of theirs, when it is not their turn
        return GolfView(
            player=who,
            players=self.players,
            to_move=self.to_move,
            phase=self.phase,
            layouts={
                p: tuple(self.layouts[p].visible(pos) for pos in Position) for p in self.players
            },
            discard=tuple(self.discard),
            stock_size=len(self.stock),
            holding=self.holding if sees_held else None,
            held_from=self.held_from,
            history=tuple(self.history),
            legal=self._legal() if who == self.to_move else (),
            legal_rule=self.legal_rule if who == self.to_move or self.is_over else "GOLF-ORDER",
            refusal=None if refused is None else refused.written(),
        )

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def scores(self) -> dict[str, int]:
        """Every player's score counting all six cards, face up or not (the running score)."""
        return {p: self.layouts[p].points() for p in self.players}

    def visible_score(self, player: str) -> int:
        """What the face-up cards of a layout are worth so far: what a player at the table
        sees (:func:`~cardlib.golf.scoring.seen_worth`)."""
        lay = self.layouts[self._player(player)]
        return seen_worth([lay.visible(pos) for pos in Position])

    def _repr_html_(self) -> str:
        from cardlib.golf import render

        return render.golf_game_html(self)

    def __repr__(self) -> str:
        return f"<GolfGame {self.describe()}>"

    # -- the seats ---------------------------------------------------------------------

    def _player(self, name: object) -> str:
        if not isinstance(name, str) or name not in self.players:
            raise NotationError(
                f"{short(name)} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def _seats_from_dealers_left(self) -> list[str]:
        d = self.players.index(self.dealer)
        return [self.players[(d + 1 + i) % len(self.players)] for i in range(len(self.players))]

    def first_seat(self) -> int:
        return (self.players.index(self.dealer) + 1) % len(self.players)

    def pass_turn(self) -> str:
        """The turn passes clockwise: to the next player named (GOLF-ORDER)."""
        self.seat = (self.seat + 1) % len(self.players)
        return self.players[self.seat]


def _cards(cards: object, what: str) -> list[Card]:
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise NotationError(f"{what} is a list of cards, not {shown(cards)}")
    return [card(c) for c in cards]


def _position_cards(layout: object) -> dict[Position, tuple[Card | None, bool]]:
    """One player's cards of a position: position -> (card or None, face up)."""
    if not isinstance(layout, Mapping):
        raise NotationError(f"a layout maps positions (TL ... BR) to cards, not {shown(layout)}")
    cards: dict[Position, tuple[Card | None, bool]] = {}
    for pos, entry in layout.items():
        where = pos if isinstance(pos, Position) else Position.parse(pos)
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise NotationError(f"{where.name} needs (card or None, face up), not {shown(entry)}")
        c, face_up = entry
        cards[where] = (None if c is None else card(c), flag(face_up, f"{where.name}'s face up"))
    return cards


def _conforms(game: GolfGame) -> Game:
    """mypy checks here that :class:`GolfGame` satisfies :class:`cardlib.game.Game`."""
    return game
