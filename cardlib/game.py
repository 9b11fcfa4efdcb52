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
Its text is composed only when someone reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import (
    Any,
    ClassVar,
    NamedTuple,
    NoReturn,
    Protocol,
    TypeVar,
    cast,
    overload,
    runtime_checkable,
)

from cardlib.errors import NotationError

M = TypeVar("M")


class Fact(NamedTuple):
    """One thing a move did, decided by ``rules``.

    ``kind`` says what happened (``"draw"``, ``"hand-over"``, ``"book"``, ``"trick"``, ...;
    each engine documents its kinds), ``player`` to whom, ``cards`` with which cards,
    ``other`` the other party (who handed the cards over), ``value`` a number (points,
    counters).  ``text`` is a :meth:`str.format` template filled with ``words``: the
    narration, composed only when read.
    """

    kind: str
    rules: tuple[str, ...]
    text: str
    words: tuple[Any, ...] = ()
    player: str | None = None
    cards: tuple[Any, ...] = ()
    other: str | None = None
    value: Any = None

    def __str__(self) -> str:
        return self.text.format(*self.words) if self.words else self.text


class Event(NamedTuple):
    """What one move did: who moved, the move, and its facts in order.

    ``rules`` are the rule IDs of the facts, in order and without repeats; ``text`` joins the
    facts' narration with ``"; "``.  Both are composed when read, never while playing.  An
    Event is an immutable named tuple ``(player, move, facts)`` and compares as one::

        >>> e = Event("Ann", "flip TL", (Fact("flip", ("GOLF-FLIP-TWO",), "{} flips {}", ("Ann", "TL")),))
        >>> e.text, e.rules
        ('Ann flips TL', ('GOLF-FLIP-TWO',))

    Engines on a hot path make one with ``new_event((player, move, facts))``, which skips
    the generated ``__new__`` (``facts`` must then already be a tuple).
    """

    player: str
    move: Any
    facts: tuple[Fact, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for f in self.facts for r in f.rules))

    @property
    def text(self) -> str:
        return "; ".join(map(str, self.facts))

    def of(self, kind: str) -> list[Fact]:
        """The facts of one kind, in order: ``event.of("book")``."""
        return [f for f in self.facts if f.kind == kind]

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.rules)}]"

    def __repr__(self) -> str:
        return f"<Event {self.player}: {self.move} -- {self}>"


#: ``new_event((player, move, facts))``: an :class:`Event` made at C speed (``facts`` a tuple)
new_event: Callable[[tuple[str, Any, tuple[Fact, ...]]], Event] = cast(
    Callable[[tuple[str, Any, tuple[Fact, ...]]], Event], partial(tuple.__new__, Event)
)


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


_refill = list.__init__  # empties a list and fills it again, in C


def _read_only(*_: object, **__: object) -> NoReturn:
    raise TypeError(
        "the legal moves are the game's to change: play a move, or copy them with list(...)"
    )


class LegalMoves(list[M]):
    """The legal moves now, as a live view (python-chess's ``legal_moves`` is the model).

    A game makes its view the first time it is asked (``game.legal_moves()`` always returns
    the same object) and brings it up to date after every move it makes, so a view kept
    across a move never goes stale.  ``in`` answers exactly as the listing does (a move
    written as text is parsed first; text that is not a move is simply not in it).  It is
    a read-only list, so ``len``, indexing and iteration run at a list's speed and
    ``random.choice(game.legal_moves())`` works; ``list(view)`` keeps a copy.

    When the moves are too many to list (Rook's 2002 ways to lay five cards aside), the
    game gives a lazy sequence instead of a list and the view reads from it, with the same
    answers.  The game's side: ``legal_moves()`` returns ``LegalMoves.of(self)``; it has
    ``parse_move`` (a static method), ``_legal()`` (its moves as a list or tuple, or any
    lazy sequence), ``_view`` (None until asked) and, after each move it makes,
    ``if self._view is not None: self._view._update(self._legal())``.
    """

    __slots__ = ("_lazy", "_parse", "_shown")

    def __init__(self, parse: Callable[[str], M], moves: Sequence[M]) -> None:
        super().__init__()
        self._parse = parse
        self._lazy: Sequence[M] | None = None
        self._shown: tuple[M, ...] | None = None
        self._update(moves)

    def _update(self, moves: Sequence[M]) -> None:
        """Show ``moves`` now: a list or tuple is copied in (nothing to do when it is the
        very tuple shown already: tuples never change); anything else is read lazily."""
        if type(moves) is tuple:
            if moves is self._shown:
                return
            self._shown = moves
        else:
            self._shown = None
        if type(moves) is list or type(moves) is tuple:
            if self._lazy is not None:
                self._lazy = None
                self.__class__ = LegalMoves
            _refill(self, moves)
        else:
            list.clear(self)
            self._lazy = moves
            self.__class__ = _LazyLegalMoves

    @classmethod
    def of(cls, game: Any) -> LegalMoves[Any]:
        """The game's view, made the first time it is asked for (``game.legal_moves()``)."""
        view: LegalMoves[Any] | None = game._view
        if view is None:
            view = game._view = cls(game.parse_move, game._legal())
        return view

    def _read(self, move: object) -> object:
        """A move written as text, parsed; text that is not a move comes back as None."""
        if isinstance(move, str):
            try:
                return self._parse(move)
            except NotationError:
                return None
        return move

    def __contains__(self, move: object) -> bool:
        move = self._read(move)
        return move is not None and list.__contains__(self, move)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled or copied (with its game, say), a view is rebuilt from the moves it shows
        shown = self._lazy if self._lazy is not None else list(self)
        return (LegalMoves, (self._parse, shown))

    def __repr__(self) -> str:
        n = len(self)
        shown = ", ".join(str(self[i]) for i in range(min(n, 20)))
        return f"<LegalMoves: {shown}, ... ({n} in all)>" if n > 20 else f"<LegalMoves: {shown}>"

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = remove = pop = clear = sort = reverse = _read_only


class _LazyLegalMoves(LegalMoves[M]):
    """A :class:`LegalMoves` while its game's moves are a lazy sequence (see ``_update``)."""

    __slots__ = ()

    def __len__(self) -> int:
        return len(self._lazy)  # type: ignore[arg-type]

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload  # type: ignore[override]
    def __getitem__(self, index: int) -> M: ...
    @overload
    def __getitem__(self, index: slice) -> list[M]: ...
    def __getitem__(self, index: int | slice) -> M | list[M]:
        lazy = self._lazy
        assert lazy is not None
        return list(lazy[index]) if isinstance(index, slice) else lazy[index]

    def __iter__(self) -> Iterator[M]:
        return iter(self._lazy)  # type: ignore[arg-type]

    def __reversed__(self) -> Iterator[M]:
        return reversed(self._lazy)  # type: ignore[arg-type]

    def __contains__(self, move: object) -> bool:
        move = self._read(move)
        return move is not None and move in self._lazy  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        return list(self) == other

    __hash__ = None  # type: ignore[assignment]

    def index(self, move: M, *args: Any) -> int:
        return list(self).index(move, *args)

    def count(self, move: M) -> int:
        return list(self).count(move)


@runtime_checkable
class Game(Protocol):
    """What every engine is: Golf's ``GolfGame``, Go Fish's ``GoFishGame``, Rook's ``RookHand``
    and ``RookGame``.

    ``game`` is the game's ID (``"golf"``, ``"go-fish"``, ``"rook"``: the vocabulary of the
    catalogue, the example format and the command line).  ``players`` are named in seat
    order.  ``play`` checks a move (text or a move object) and either raises
    :class:`~cardlib.errors.RuleViolation` naming the rule, leaving the game unchanged, or
    makes it and returns its :class:`Event`.  Every engine also has a class method
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
    def history(self) -> Sequence[tuple[str, Any]]: ...

    def legal_moves(self) -> LegalMoves[Any]: ...

    def parse_move(self, text: str) -> Any: ...

    def play(self, move: Any, *, player: str | None = None) -> Event: ...

    def copy(self) -> Game: ...

    def result(self) -> Result: ...

    def describe(self) -> str: ...

    def _repr_html_(self) -> str: ...


#: a computer player: (the game, a random generator) -> a legal move
Bot = Callable[[Any, Any], Any]

__all__ = ["Bot", "Event", "Fact", "Game", "LegalMoves", "Result", "new_event"]
