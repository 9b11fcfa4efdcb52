"""The protocol every game engine speaks, the one Event type they return, and the legal-moves view.

Everything above the engines -- the checker, the widgets, the bots, the simulations, the
random-play tests -- is written once against :class:`Game`, so adding a game means adding
an engine that satisfies it (see ``docs/architecture.md``)::

    >>> from cardlib.golf import GolfGame
    >>> game: Game = GolfGame(["Ann", "Ben"], seed=1)
    >>> game.to_move, game.is_over
    ('Ann', False)
    >>> "flip TL" in game.legal_moves(), "draw" in game.legal_moves()
    (True, False)
    >>> event = game.play("flip TL")
    >>> event.player, event.rules
    ('Ann', ('GOLF-FLIP-TWO',))

An :class:`Event` carries facts (:class:`Fact`): what moved and which rule decided it, so
that nobody has to compare states before and after a move to find out what happened.
Its text is composed only when someone reads it.  A fact has an audience: public, or
private to some seats (the card a player draws from the stock), and :meth:`Event.told_to`
tells an event to a seat, as a table widget tells it to the learner::

    >>> for move in ("flip TM", "flip TL", "flip TM"):
    ...     _ = game.play(move)
    >>> event = game.play("draw")
    >>> print(event.text, "|", event.told_to("Ben").text)
    Ann draws 7H from the stock | Ann draws a card from the stock
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import (
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    TypeVar,
    overload,
    runtime_checkable,
)

from cardlib.refusal import Refusal

M = TypeVar("M")


class Fact(NamedTuple):
    """One thing a move did, decided by ``rules``.

    ``kind`` says what happened (``"draw"``, ``"hand-over"``, ``"book"``, ``"trick"``, ...;
    each engine documents its kinds), ``player`` to whom, ``cards`` with which cards,
    ``other`` the other party (who handed the cards over), ``value`` a number (points,
    counters).  ``text`` is a :meth:`str.format` template filled with ``words``: the
    narration, composed only when read.

    **Its audience.**  ``seen_by`` names the seats that may know the fact as written (the
    player who drew a card from the stock); ``None``, the default, makes it public (said
    aloud or done face up).  ``public`` is what everyone else is told: a template over the
    *same* ``words``, which names them by position (``"{0} draws a card from the stock"``).
    :meth:`told_to` gives the fact as some seats know it; ``str(fact)`` is always the whole
    fact, as the game's record (a worked example, the golden corpus) keeps it::

        >>> f = Fact("draw", ("GOLF-DRAW",), "{} draws {}", ("Ann", "9H"), "Ann", ("9H",),
        ...          seen_by=("Ann",), public="{0} draws a card from the stock")
        >>> str(f.told_to("Ann")), str(f.told_to("Ben"))
        ('Ann draws 9H', 'Ann draws a card from the stock')
        >>> f.told_to("Ben").cards, f.told_to("Ben").words
        ((), ('Ann', None))

    ``shows_all`` marks the fact where the sources show every card (a hand's end: Golf's
    layouts turned up, Rook's nest with the last trick): from there on nothing that went
    before is private, and a table tells the whole story of the hand.
    """

    kind: str
    rules: tuple[str, ...]
    text: str
    words: tuple[Any, ...] = ()
    player: str | None = None
    cards: tuple[Any, ...] = ()
    other: str | None = None
    value: Any = None
    seen_by: tuple[str, ...] | None = None
    public: str = ""
    shows_all: bool = False

    def __str__(self) -> str:
        return self.text.format(*self.words) if self.words else self.text

    def known_to(self, *seats: str) -> bool:
        """May one of ``seats`` know this fact as written?  (A public fact: anyone.)"""
        return self.seen_by is None or any(seat in self.seen_by for seat in seats)

    def told_to(self, *seats: str) -> Fact:
        """The fact as ``seats`` are told it: itself if one of them may know it; otherwise
        a public fact of the same kind, rules and parties, told by the ``public`` template,
        holding only the words that template names, no cards and no value.  Nothing is
        composed until the text is read."""
        if self.known_to(*seats):
            return self
        named = _named(self.public)
        words = tuple(w if i in named else None for i, w in enumerate(self.words))
        return Fact(self.kind, self.rules, self.public, words, self.player, (), self.other)


def _named(template: str) -> frozenset[int]:
    """The positions of the words a template names (``"{0} and {2.words}"``: 0 and 2)."""
    named, auto = set(), 0
    for _literal, field, _spec, _conversion in string.Formatter().parse(template):
        if field is None:
            continue
        head = field.split(".", 1)[0].split("[", 1)[0]
        if head == "":
            named.add(auto)
            auto += 1
        elif head.isdigit():
            named.add(int(head))
    return frozenset(named)


class Event(NamedTuple):
    """What one move did: who moved, the move, and its facts in order.

    ``rules`` are the rule IDs of the facts, in order and without repeats; ``text`` joins the
    facts' narration with ``"; "``.  Both are composed when read, never while playing.  An
    Event is an immutable named tuple ``(player, move, facts, seen_by)`` and compares as one::

        >>> e = Event("Ann", "flip TL", (Fact("flip", ("GOLF-FLIP-TWO",), "{} flips {}", ("Ann", "TL")),))
        >>> e.text, e.rules
        ('Ann flips TL', ('GOLF-FLIP-TWO',))

    ``seen_by`` is the audience of the move itself, as a fact's is: ``None`` (the default)
    when it is made in sight of everyone, the mover alone when it is not (Rook's lay-aside,
    whose cards only the bidder knows).  :meth:`told_to` tells the event to some seats:
    each fact as they know it, and the move ``None`` when they may not know it.
    """

    player: str
    move: Any
    facts: tuple[Fact, ...]
    seen_by: tuple[str, ...] | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for f in self.facts for r in f.rules))

    @property
    def text(self) -> str:
        return "; ".join(map(str, self.facts))

    @property
    def shows_all(self) -> bool:
        """Does a fact of this event show every card (see :attr:`Fact.shows_all`)?"""
        return any(f.shows_all for f in self.facts)

    def of(self, kind: str) -> list[Fact]:
        """The facts of one kind, in order: ``event.of("book")``."""
        return [f for f in self.facts if f.kind == kind]

    def told_to(self, *seats: str) -> Event:
        """The event as ``seats`` are told it: every fact :meth:`Fact.told_to` them, the move
        kept only if one of them may know it (the event itself when they may know it all).
        Composed, like the facts, when read."""
        known = self.seen_by is None or any(seat in self.seen_by for seat in seats)
        facts = tuple(f.told_to(*seats) for f in self.facts)
        if known and all(told is f for told, f in zip(facts, self.facts, strict=True)):
            return self
        if known:
            return Event(self.player, self.move, facts, self.seen_by)
        return Event(self.player, None, facts)

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.rules)}]"

    def __repr__(self) -> str:
        return f"<Event {self.player}: {self.move} -- {self}>"


class Result(dict[str, int]):
    """The outcome of a finished game, in one shape for every game.

    A mapping from each player to their number (Golf: points, lower is better; Go Fish:
    books; Rook: their team's points), plus ``winners`` (several on a tie) and, in
    partnership games, ``teams`` (team -> points).
    """

    winners: tuple[str, ...]
    teams: Mapping[str, int]

    def __init__(
        self,
        scores: Mapping[str, int],
        winners: Sequence[str],
        teams: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(scores)
        self.winners = tuple(winners)
        self.teams = dict(teams or {})


#: ``count()`` asked without a move: how many moves there are
_EVERY: Any = object()


class LegalMoves(Sequence[M]):
    """The legal moves now, as a live read-only view (python-chess's ``legal_moves`` is the
    model): a view kept across a move never goes stale.  ``in`` answers exactly as the
    listing does (a move written as text is parsed first; text that is not a move is simply
    not in it); ``count()`` is how many moves there are, and ``len``, indexing and iteration
    work too, so ``random.choice(game.legal_moves())`` does; ``list(view)`` keeps a copy.

    **One listing a position.**  The view asks the game for its moves once and answers every
    question about that position from the one listing: it holds the listing against the
    game's ``moves_made`` (a counter every move made adds one to) and drops it when the game
    has moved, so ``list(view)`` or ``random.choice(view)`` lists once, not two or three
    times.  A game without ``moves_made`` (a seat's view, a copy that never moves; a game
    registered from outside) is asked again on every question, as before.

    The game's side: ``legal_moves()`` returns ``LegalMoves(self)``; the game has
    ``parse_move``, ``read_move`` (its move, or None for text that is no move: ``in`` asks
    it, so a question raises nothing) and ``_legal()``, its moves now as a sequence (a list,
    or a lazy sequence when they are too many to list, like Rook's 2002 ways to lay five
    cards aside), and, to be listed once a position, ``moves_made``.
    """

    __slots__ = ("_game", "_listed_at", "_listing")

    def __init__(self, game: Any) -> None:
        self._game = game
        self._listing: Sequence[M] | None = None
        self._listed_at: int | None = None

    def now(self) -> Sequence[M]:
        """The moves of this position, the game's own listing (lazy where that is): for a
        caller that reads it several times before the next move.  Read it before the next
        move is made.  The game is asked only when it has moved since the view last asked
        (or when it does not count its moves)."""
        at = getattr(self._game, "moves_made", None)
        if self._listing is None or at is None or at != self._listed_at:
            self._listing = self._game._legal()
            self._listed_at = at
        return self._listing

    #: the listing every question below reads: :meth:`now`
    _moves = now

    def count(self, move: object = _EVERY) -> int:
        """How many legal moves there are now (python-chess's ``count()``); with a move,
        how many times it is listed (0 or 1), as any sequence's ``count``."""
        moves = self._moves()
        if move is _EVERY:
            return len(moves)
        return sum(1 for listed in moves if listed is move or listed == move)

    def __len__(self) -> int:
        return len(self._moves())

    @overload
    def __getitem__(self, index: int) -> M: ...
    @overload
    def __getitem__(self, index: slice) -> list[M]: ...
    def __getitem__(self, index: int | slice) -> M | list[M]:
        moves = self._moves()
        return list(moves[index]) if isinstance(index, slice) else moves[index]

    def __iter__(self) -> Iterator[M]:
        return iter(self._moves())

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            move = self._game.read_move(move)  # None: not a move, or of a card not in the pack
            if move is None:
                return False
        return move in self._moves()

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, LegalMoves) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        moves = self._moves()
        n = len(moves)
        shown = ", ".join(str(moves[i]) for i in range(min(n, 20)))
        return f"<LegalMoves: {shown}, ... ({n} in all)>" if n > 20 else f"<LegalMoves: {shown}>"


@runtime_checkable
class Game(Protocol):
    """What every engine is: Golf's ``GolfGame``, Go Fish's ``GoFishGame``, Rook's ``RookHand``
    and ``RookGame``.

    ``game`` is the game's ID (``"golf"``, ``"go-fish"``, ``"rook"``: the vocabulary of the
    catalogue, the example format and the command line).  ``players`` are named in seat
    order.  ``play`` checks a move (text or a move object) and either raises
    :class:`~cardlib.errors.RuleViolation` naming the rule, leaving the game unchanged, or
    makes it and returns its :class:`Event`; ``make`` is the trusted path for a move just
    taken from the listing (see :meth:`make`).  Every engine also has a class method
    ``from_position(players, <the position>, *, ...)`` that starts from a position an
    article describes.
    """

    game: ClassVar[str]

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal moves now (once over, the rule that ended it)."""
        ...

    @property
    def turn_rule(self) -> str:
        """The rule that says whose turn it is now (once over, the rule that ended it)."""
        ...

    @property
    def end_rule(self) -> str:
        """The rule that ended the game, or the one that will end it."""
        ...

    @property
    def history(self) -> Sequence[tuple[str, Any]]: ...

    def legal_moves(self) -> LegalMoves[Any]: ...

    def parse_move(self, text: str) -> Any: ...

    def read_move(self, text: str) -> Any:
        """The move ``text`` names, or None when it names none: :meth:`parse_move` without
        the error, for ``"text" in game.legal_moves()``."""
        ...

    def play(self, move: Any, *, player: str | None = None) -> Event: ...

    def make(self, move: Any) -> Event:
        """Make a move just taken from :meth:`legal_moves` of this position, for the player
        to move: the trusted path beside the checked :meth:`play`.  Golf's, Go Fish's and
        Rook's make a listed move without judging it again (they look it up in the listing of
        the position).  A move that is not listed goes through :meth:`play` and is refused by
        its rule, the game unchanged."""
        ...

    def copy(self) -> Game: ...

    def result(self) -> Result: ...

    def describe(self) -> str: ...

    def view(self, player: str) -> SeatView: ...

    def _repr_html_(self) -> str: ...


@runtime_checkable
class SeatView(Protocol):
    """What one player at the table may know: ``game.view(player)``.

    Their own cards, what the others show (how many cards they hold, their face-up cards,
    books, tricks), the public history, and their legal moves now (none when it is not
    their turn) with ``legal_rule``, the rule that decides them, and when they have none
    ``refusal``, what the rule that decides it (the turn's, or once the game is over the
    end's) answers any move of theirs: the refusal ``play`` would raise, which a computer
    player with no move to make raises.  A view is a copy taken when it is asked for: it
    holds nothing the player could not see and never follows the game.  Computer players
    are given a view, never the game, so they cannot peek.
    """

    game: ClassVar[str]

    @property
    def player(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def legal_rule(self) -> str: ...

    @property
    def refusal(self) -> Refusal | None:
        """The refusal of any move of the player's now, from the marked function of the
        rule that decides it, its words written (:meth:`Refusal.written
        <cardlib.refusal.Refusal.written>`); None when it is their turn."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> Sequence[tuple[str, Any]]: ...

    def legal_moves(self) -> LegalMoves[Any]: ...


class ViewMoves(Generic[M]):
    """What every game's seat view does alike, written once: its legal moves are the
    :class:`LegalMoves` of the moves it holds (``legal``, none when it is not the player's
    turn), and it parses or reads a move as its game's move type does (``move_type.parse``,
    ``move_type.read``).  A view (a frozen dataclass) derives from it and says its
    ``move_type``."""

    __slots__ = ()

    move_type: ClassVar[Any]
    legal: Sequence[M]

    def legal_moves(self) -> LegalMoves[M]:
        """The player's legal moves now (none when it is not their turn)."""
        return LegalMoves(self)

    def _legal(self) -> Sequence[M]:
        return self.legal

    @classmethod
    def parse_move(cls, text: Any) -> M:
        move: M = cls.move_type.parse(text)
        return move

    @classmethod
    def read_move(cls, text: Any) -> M | None:
        move: M | None = cls.move_type.read(text)
        return move


#: a computer player: (the view of the player to move, a random generator) -> a legal move
Bot = Callable[[Any, Any], Any]

__all__ = ["Bot", "Event", "Fact", "Game", "LegalMoves", "Result", "SeatView", "ViewMoves"]
