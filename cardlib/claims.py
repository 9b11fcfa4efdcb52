"""What every game's worked-example claims share: the outcome of a claim, reading names and
cards at a place in the example, and comparing a claim with the engine's value.

Each game's ``claims`` module (``cardlib.golf.claims``, ...) has a ``start(doc)`` that builds
the game an example describes and a table ``CLAIMS`` from claim name to a function that
compares the claim with the engine; :mod:`cardlib.check` replays the moves itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, NoReturn, Protocol, TypeVar

from cardlib.errors import InputError, NotationError, RuleViolation

Path = tuple[Any, ...]
C = TypeVar("C")


class Seated(Protocol):
    """What a per-player claim is about: anything with players (a game, a hand, a match)."""

    @property
    def players(self) -> Sequence[str]: ...


G = TypeVar("G")
S = TypeVar("S", bound=Seated)


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A claim that the engine does not confirm."""

    path: tuple[Any, ...]
    rule: str
    what: str
    claimed: Any
    actual: Any


class Confirmed(NamedTuple):
    """A claim the engine confirmed, for the narration: what was claimed, its value and the
    rule that decided it."""

    what: str
    value: Any
    rule: str


ClaimResult = Mismatch | Confirmed


@dataclass(frozen=True, slots=True)
class Record:
    """What an example describes when it is not a game in play (a match's hole scores, a
    game's hand scores, a setup the rules refuse): claims can be made about it, but it has
    no moves; ``no_moves`` is the code and the reason given for a move."""

    value: Any
    no_moves: tuple[str, str]


def refused(violation: Any) -> Record:
    """The record of a setup that the rules refuse (``expect: {refused: RULE-ID}``)."""
    return Record(
        violation,
        (violation.rule, f"there is no game to play: the setup was refused ({violation.message})"),
    )


#: a claim: (the game or record, the claimed value, where it stands) -> its outcomes
ClaimFn = Callable[[Any, Any, Path], Iterable[ClaimResult]]


def player(players: Sequence[str], name: Any, path: Path) -> str:
    """``name`` if it is one of the players; otherwise an input problem at ``path``."""
    if name not in players:
        raise InputError.at(
            path, "INPUT-PLAYER", f"{name!r} is not one of the players ({', '.join(players)})"
        )
    return str(name)


def claim_about(state: Any, kind: type[C], path: Path, this: str, other: str) -> C:
    """``state`` if it is a ``kind`` (``this``, e.g. "a hand"); otherwise the claim at ``path``
    does not fit the example, which is ``other`` (e.g. "a match")."""
    if not isinstance(state, kind):
        raise InputError.at(
            path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about {this}; this example is {other}"
        )
    return state


def compare(path: Path, rule: str, what: str, claimed: Any, actual: Any) -> ClaimResult:
    """A claim confirmed, or a mismatch reported with the rule that computes the value."""
    if claimed == actual:
        return Confirmed(what, actual, rule)
    return Mismatch(path, rule, what, claimed, actual)


def about(
    find: Callable[[Any, Path], G],
    rule: str | Callable[[G], str],
    what: str,
    compute: Callable[[G], Any],
    parse: Callable[[Any, Path], Any] | None = None,
) -> ClaimFn:
    """A claim of one value about what ``find`` finds in the example being replayed (the
    game, the hand in play, the match), read with ``parse`` if given.  ``rule`` is the ID
    of the rule that decides the value, or a function that asks the engine for it (the rule
    that decided the turn, say): a claim never works out a rule for itself."""

    def claim(state: Any, value: Any, path: Path) -> Iterator[ClaimResult]:
        found = find(state, path)
        claimed = parse(value, path) if parse else value
        decided_by = rule(found) if callable(rule) else rule
        yield compare(path, decided_by, what, claimed, compute(found))

    return claim


def about_each_player(
    find: Callable[[Any, Path], S],
    rule: str | Callable[[S, str], str],
    what: str,
    compute: Callable[[S, str], Any],
) -> ClaimFn:
    """A claim ``{player: value}`` about what ``find`` finds: each name must be one of its
    players, and ``rule`` is a rule ID or a function of it and the player that asks the
    engine."""

    def claim(state: Any, value: Any, path: Path) -> Iterator[ClaimResult]:
        found = find(state, path)
        for name, claimed in value.items():
            here = (*path, name)
            player(found.players, name, here)
            decided_by = rule(found, name) if callable(rule) else rule
            yield compare(here, decided_by, f"{what} of {name}", claimed, compute(found, name))

    return claim


def parsed(parse: Callable[[Any], C], rule: str, text: Any, path: Path) -> C:
    """``parse(text)``, with bad notation reported at ``path`` under the game's deck rule."""
    try:
        return parse(text)
    except NotationError as e:
        raise InputError.at(path, e.rule or rule, e.message) from None
    except RuleViolation as v:  # a card the pack has not got (ROOK-DECK): said where written
        v.path = list(path)
        raise


def claimed_moves(game: Any, texts: list[Any], path: Path) -> list[str]:
    """The moves a ``legal:`` claim lists, each read by the game's own notation (a move that
    is not one is an input problem at its place), in the game's canonical spelling."""
    moves = []
    for i, text in enumerate(texts):
        try:
            moves.append(str(game.parse_move(text)))
        except NotationError as e:
            raise InputError.at((*path, i), "INPUT-MOVE", e.message) from None
        except RuleViolation:  # a move a rule refuses whenever it is made: never legal
            moves.append(" ".join(str(text).split()))
    return moves


class NamedCards(Generic[C]):
    """The cards an example names, so that the second copy of a card is reported where it
    stands, with the first place in the message (the deck rule: each card exists once)."""

    def __init__(self, rule: str, parse: Callable[[Any], C]) -> None:
        self.rule = rule
        self.parse = parse
        self.first: dict[C, Path] = {}

    def add(self, card: Any, path: Path, why: str = "") -> C | None:
        """Register one card (or its notation) named at ``path``; None (an unknown card) passes."""
        if card is None:
            return card
        if isinstance(card, str):
            card = parsed(self.parse, self.rule, card, path)
        first = self.first.setdefault(card, path)
        if first is not path:  # named before: the place it was first named at comes back
            self._twice(card, path, first, why)
        return card

    def many(self, cards: list[Any], path: Path) -> list[C]:
        """Register a list of cards named at ``path`` (none of them unknown)."""
        found = (self.add(card, (*path, i)) for i, card in enumerate(cards))
        return [card for card in found if card is not None]

    def _twice(self, card: Any, path: Path, first: Path, why: str) -> NoReturn:
        """Refuse ``card`` named again at ``path``, first named at ``first``."""
        # the deck rule refuses the setup (an example may claim it as refused); the
        # refusal is said at the second place the card is named
        where = "/".join(map(str, first))
        refusal = RuleViolation(
            self.rule, f"{card} is named twice (first at {where}){why}; the pack has each card once"
        )
        refusal.path = list(path)
        raise refusal
